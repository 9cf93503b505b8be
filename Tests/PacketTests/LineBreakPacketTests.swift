import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

@testable import Packet

/// `markdown.line_breaks` in packets: the three lines of a 세 줄 요약 are three lines of the
/// packet, as on the page; without it they are set as one paragraph's running text.
@Suite struct LineBreakPacketTests {
    @Test(arguments: [true, false]) func typedLinesFollowTheSetting(_ lineBreaks: Bool) throws {
        let site = try TemporaryFolder("gazette-packet-breaks")
        try site.write("gazette.yml", "title: T\nmarkdown: { line_breaks: \(lineBreaks) }\n")
        try site.write("content/journals/2026-11-18-a.md", "---\ntitle: 금리 메모\ncreated: 2026-11-18\n---\n## 세 줄 요약\n\n금리 동결\n가계부채 증가\n환율 상승\n")
        let content = try SiteContent.load(siteRoot: site.url)
        let week = try #require(content.weeks.first { $0.hasPacket })
        let packet = try StudyPacket(content: content, selection: PacketSelection(week: week.week), environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        let pdf = site.url.appendingPathComponent("packet.pdf")
        _ = try packet.write(to: pdf)
        let lines = try PDFTools.pageTexts(pdf).joined(separator: "\n").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if lineBreaks {
            #expect(lines.contains("금리 동결") && lines.contains("가계부채 증가") && lines.contains("환율 상승"), "\(lines)")
        } else {
            #expect(lines.contains("금리 동결 가계부채 증가 환율 상승"), "\(lines)")
        }
    }
}

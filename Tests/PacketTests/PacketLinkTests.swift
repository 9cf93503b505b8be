import Foundation
import GazetteModel
import Testing

@testable import Packet

/// Where a link written in a journal leads from paper: an absolute address a PDF viewer opens.
@Suite struct PacketLinkTests {
    let page = URL(string: "journals/금리-메모/", relativeTo: URL(string: "https://example.org/study/"))

    /// As on the site: a link to another journal's page or file leads to that page, its
    /// `#section` kept; a web address as written; nothing refused, and nothing without a base.
    @Test func linksLeadWhereTheSiteLeads() {
        #expect(JournalTypesetter.absolute("../다른-글/#요약", base: page) == "https://example.org/study/journals/%EB%8B%A4%EB%A5%B8-%EA%B8%80/#%EC%9A%94%EC%95%BD")
        #expect(JournalTypesetter.absolute("2026-11-18-다른-글.md#요약", base: page) == "https://example.org/study/journals/%EB%8B%A4%EB%A5%B8-%EA%B8%80/#%EC%9A%94%EC%95%BD")
        #expect(JournalTypesetter.absolute("../2025/old.md", base: page) == "https://example.org/study/journals/old/")
        #expect(JournalTypesetter.absolute("https://news.example.com/a", base: page) == "https://news.example.com/a")
        #expect(JournalTypesetter.absolute("javascript:alert(1)", base: page) == nil)
        #expect(JournalTypesetter.absolute("2026-11-18-다른-글.md", base: nil) == nil)
    }

    /// A link to a journal of the same packet, by its page or its file, opens its first page in
    /// the packet, or the heading its `#…` names when it has it; a `#…` alone, a heading of this
    /// journal; one to a journal the packet lacks leads to the web as before.
    @Test func linksToJournalsOfThePacketStayInThePacket() {
        let inPacket = ["다른-글": "journal-0123456789ab", "금리-메모": "journal-ba9876543210"]
        let sections = ["다른-글": ["요약", "내-생각"], "금리-메모": ["결론"]]
        func target(_ destination: String, base: URL? = nil) -> String? {
            JournalTypesetter.target(destination, from: "금리-메모", inPacket: inPacket, sections: { sections[$0] ?? [] }, base: base)
        }
        let 요약 = "#" + StudyPacket.destination(slug: "다른-글", section: "요약")
        #expect(target("../다른-글/#요약", base: page) == 요약)
        #expect(target("2026-11-18-다른-글.md#%EC%9A%94%EC%95%BD") == 요약)
        #expect(target("../../journals/다른-글/") == "#journal-0123456789ab")
        #expect(target("../다른-글/#없는-절") == "#journal-0123456789ab")
        #expect(target("#결론") == "#" + StudyPacket.destination(slug: "금리-메모", section: "결론"))
        #expect(target("#없음", base: page) == nil)
        #expect(target("../지난-글/", base: page) == "https://example.org/study/journals/%EC%A7%80%EB%82%9C-%EA%B8%80/")
        #expect(target("https://news.example.com/다른-글/", base: page) == "https://news.example.com/다른-글/")
        #expect(StudyPacket.destination(slug: "다른-글", section: "요약") != StudyPacket.destination(slug: "다른-글", section: "내-생각"))
    }
}

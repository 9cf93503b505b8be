@testable import Bodies
import Foundation
import GazetteModel
import Memory
import Pipeline
import TestSupport
import Testing

@testable import Site

/// Parsed bodies kept on disk between runs of `gazette build` (`.gazette/cache/bodies.bin`).
@Suite struct BodyMemoFileTests {
    static func table() -> BodyMemo.Table {
        var table = BodyMemo.Table()
        let bodies: [(String, JournalBodies.Body)] = [
            ("김장-배추", .init(full: ("<p>배추 <em>값</em></p>\n", "배추 값"), lead: "배추 값", headings: "요약\n", excerpt: [.init("배추 ", .plain), .init("값", .em)],
                warnings: [.warning("link address dropped: javascript", at: SourceLocation(path: "", line: 3, column: 2), hint: "only http(s)", sourceLine: "a [b](javascript:x)")],
                siteLinks: [.init(destination: "../지난-주/", line: 4, column: 12, sourceLine: "지난 주에 쓴 [글](../지난-주/)과 이어집니다.")],
                anchors: ["요약", "내-생각", "요약-1"])),
            ("empty", .init(full: ("", ""), lead: "", headings: "", excerpt: [], warnings: [], siteLinks: [], anchors: [])),
            (
                "trimmed",
                .init(
                    full: nil, lead: "lead only\t\n\u{0}", headings: "", excerpt: [.init("x", .code), .init("y", .strong)], warnings: [],
                    siteLinks: [.init(destination: "/a/", line: 1, column: 1, sourceLine: ""), .init(destination: "b", line: 90_000, column: 300, sourceLine: "[x](b)")],
                    anchors: ["section"])
            ),
        ]
        for (index, (slug, body)) in bodies.enumerated() {
            table.bodies[slug] = body
            table.digests[slug] = Fingerprint(high: UInt64(index), low: 0xFFFF_FFFF_FFFF_FFFF)
        }
        return table
    }

    /// `site` built into its `public/` without packets: the summaries of its diagnostics that
    /// `keep` keeps.
    static func built(_ site: TemporaryFolder, keeping keep: (String) -> Bool) throws -> [String] {
        let options = BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public"), packets: .skipped)
        return try SiteBuilder.build(options).diagnostics.map(\.summary).filter(keep)
    }

    @Test func whatIsWrittenIsReadBack() throws {
        let options = Fingerprint(high: 7, low: 9)
        let data = BodyMemoFile.encode(options: options, Self.table(), stamp: "123-456")
        let (readOptions, table) = try #require(BodyMemoFile.decode(data, stamp: "123-456"))
        #expect(readOptions == options)
        #expect(table.digests == Self.table().digests)
        for (slug, body) in Self.table().bodies {
            let read = try #require(table.bodies[slug])
            #expect(read.full?.html == body.full?.html && read.full?.plainText == body.full?.plainText && (read.full == nil) == (body.full == nil))
            #expect(read.lead == body.lead && read.headings == body.headings && read.excerpt == body.excerpt && read.warnings == body.warnings)
            #expect(read.siteLinks == body.siteLinks && read.anchors == body.anchors)
        }
        // The same table makes the same bytes.
        #expect(BodyMemoFile.encode(options: options, Self.table(), stamp: "123-456") == data)
    }

    /// A file another build of gazette wrote, a torn one, or one with bytes after its end is an
    /// empty cache, never a partial one.
    @Test func aForeignOrTornFileIsNotRead() {
        let data = BodyMemoFile.encode(options: Fingerprint(), Self.table(), stamp: "123-456")
        #expect(BodyMemoFile.decode(data, stamp: "123-457") == nil)
        for length in stride(from: 0, to: data.count, by: 7) {
            #expect(BodyMemoFile.decode(data.prefix(length), stamp: "123-456") == nil, "read \(length) of \(data.count) bytes")
        }
        #expect(BodyMemoFile.decode(data + Data([0]), stamp: "123-456") == nil)
    }

    /// The links a body drops are reported by the build's one parse of it, and by a later build
    /// that takes the body from the file without parsing it: at the line where the link is now,
    /// after the front matter above it grew, and only once.
    @Test func aBodyTakenFromTheFileStillWarnsAtItsLine() throws {
        let site = try TemporaryFolder("gazette-body-warnings")
        try Repository.copyExampleSite(to: site.url)
        let path = "content/journals/dropped-link.md"
        let front = "---\ntitle: 위험한 링크\ncreated: 2026-11-18 09:00\n---\n"
        try site.write(path, front + "첫 문단.\n\n[누르세요](javascript:alert(1)) 그리고 끝.\n")
        func warnings() throws -> [String] { try Self.built(site) { $0.hasPrefix(path) && $0.contains("address dropped") } }
        let first = try warnings()
        #expect(first.count == 1 && first.first?.hasPrefix("\(path):7:1: warning: link address dropped") == true, "\(first)")
        // Two lines more of front matter; the body is as before, so it comes from the file.
        try site.write(path, front.replacingOccurrences(of: "---\ntitle", with: "---\ntags: [경제]\nauthor: 박지우\ntitle") + "첫 문단.\n\n[누르세요](javascript:alert(1)) 그리고 끝.\n")
        let again = try warnings()
        #expect(again.count == 1 && again.first?.hasPrefix("\(path):9:1: warning: link address dropped") == true, "\(again)")
    }

    /// A body's links to pages the site does not have are reported by every build, also by one
    /// that takes the body from the file (at the line where the link is now), and no longer once
    /// the page exists, though the body linking to it was not parsed again.
    @Test func aDeadLinkIsReportedByEveryBuildUntilItsPageExists() throws {
        let site = try TemporaryFolder("gazette-dead-links")
        try Repository.copyExampleSite(to: site.url)
        let path = "content/journals/links.md"
        let front = "---\ntitle: 이어지는 글\ncreated: 2026-11-18 09:00\n---\n"
        let body = "지난 [글](../next-one/)과 [주](../../weeks/2026-W47/), [없는 주](../../weeks/2020-W01/), [밖](https://example.org/a/).\n"
        try site.write(path, front + body)
        func dead() throws -> [String] { try Self.built(site) { $0.contains("leads to no page of this site") } }
        #expect(
            try dead() == [
                "\(path):5:4: warning: link to '../next-one/' leads to no page of this site — journal pages are journals/<slug>/: from a journal, write ../<slug>/",
                "\(path):5:51: warning: link to '../../weeks/2020-W01/' leads to no page of this site — journal pages are journals/<slug>/: from a journal, write ../<slug>/",
            ])
        // A line more of front matter; the body comes from the file and warns at its new line.
        try site.write(path, front.replacingOccurrences(of: "---\ntitle", with: "---\nauthor: 박지우\ntitle") + body)
        #expect(try dead().map { $0.components(separatedBy: ": warning")[0] } == ["\(path):6:4", "\(path):6:51"])
        // The journal it links to is written: that link leads somewhere now.
        try site.write("content/journals/next-one.md", "---\ntitle: 다음 글\ncreated: 2026-11-19 09:00\n---\n본문.\n")
        #expect(try dead().map { $0.components(separatedBy: ": warning")[0] } == ["\(path):6:51"])
        // A section of it: no heading has that id until one is written, and the linking
        // journal's body, unchanged, comes from the file.
        try site.write(path, front + body + "\n[결론](../next-one/#결론)과 [이 글의 요약](#요약)\n\n## 요약\n\n끝.\n")
        func sections() throws -> [String] { try Self.built(site) { $0.contains("leads to no heading") } }
        #expect(
            try sections() == [
                "\(path):7:1: warning: link to '../next-one/#결론' leads to no heading '#결론' of that journal — the journal has no headings: link its page without #결론"
            ])
        try site.write("content/journals/next-one.md", "---\ntitle: 다음 글\ncreated: 2026-11-19 09:00\n---\n본문.\n\n## 결론\n\n끝.\n")
        #expect(try sections().isEmpty)
    }

    /// A build after an edit takes the other bodies from the file instead of parsing them, and
    /// writes what a clean build writes; `--clean` does not read the file, and a file written by
    /// another build of gazette (another stamp) is not trusted.
    @Test func aBuildTakesUnchangedBodiesFromTheFile() throws {
        let site = try TemporaryFolder("gazette-body-cache")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent("public"), clean = site.url.appendingPathComponent("clean")
        let file = site.url.appendingPathComponent(".gazette/cache/bodies.bin")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped))
        let written = try Data(contentsOf: file)

        // One journal edited: the incremental build is the clean build, byte for byte.
        let journals = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("content/journals/2026-11").path).sorted()
        let edited = "content/journals/2026-11/" + (try #require(journals.first))
        try site.write(edited, try site.read(edited) + "\n한 문단 더.\n")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped))
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: clean, packets: .skipped, sink: .freshFolder))
        #expect(Repository.snapshot(output) == Repository.snapshot(clean))
        #expect(try Data(contentsOf: file) != written, "the edited body was not written back")

        // The file says another journal's body is something else: a build believes it.
        let stamp = try #require(MemoryFile.header(of: written)?.stamp)
        let (options, table) = try #require(BodyMemoFile.decode(try Data(contentsOf: file), stamp: stamp))
        let other = journals[1]
        let slug = try #require(table.bodies.keys.first { other.contains($0) })
        let body = try #require(table.bodies[slug])
        var tampered = table
        tampered.bodies[slug] = JournalBodies.Body(
            full: ("<p>CACHE-MARKER</p>\n", "CACHE-MARKER"), lead: body.lead, headings: body.headings, excerpt: body.excerpt, warnings: body.warnings,
            siteLinks: body.siteLinks, anchors: body.anchors)
        func page() throws -> String { try String(contentsOf: output.appendingPathComponent("journals/\(slug)/index.html"), encoding: .utf8) }
        try BodyMemoFile.encode(options: options, tampered, stamp: stamp).write(to: file)
        try site.write(edited, try site.read(edited) + "\n또 한 문단.\n")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped))
        #expect(try page().contains("CACHE-MARKER"))

        // `--clean` parses every body.
        let again = BuildOptions(siteRoot: site.url, output: output, packets: .skipped, sink: .freshFolder)
        try BodyMemoFile.encode(options: options, tampered, stamp: stamp).write(to: file)
        _ = try SiteBuilder.build(again)
        #expect(try !page().contains("CACHE-MARKER"))

        // Another build of gazette wrote it: not read.
        try BodyMemoFile.encode(options: options, tampered, stamp: stamp + "-other").write(to: file)
        try site.write(edited, try site.read(edited) + "\n세 번째 문단.\n")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped))
        #expect(try !page().contains("CACHE-MARKER"))
    }
}

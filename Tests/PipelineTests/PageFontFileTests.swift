import Foundation
import GazetteModel
import Memory
import Pipeline
import Testing
import TestSupport

/// Pages' own fonts kept in `.gazette/cache/fonts/page-fonts.bin` between builds, clean ones
/// included: the same bytes as fonts made anew, read back (not made again), and a damaged file
/// costs nothing but time.
@Suite struct PageFontFileTests {
    /// Syllables ranked last of the 2,350 common ones: in page slices, so a page showing them
    /// carries a font of its own.
    static let rare = "퓜퓟퓬퓻퓽픕픗햅헒헙헵헹혓혠혤"

    @Test func aCleanBuildReadsThePageFontsTheLastOneMadeAndMakesTheSameBytes() throws {
        let site = try TemporaryFolder("gazette-page-font-file")
        try Repository.copyExampleSite(to: site.url)
        try site.write(
            "content/journals/2026-11/rare.md",
            "---\ntitle: 드문 글자 \(Self.rare.prefix(3))\ncreated: 2026-11-20 09:00\n---\n\(Self.rare)는 드문 글자다. **\(Self.rare.suffix(4))**도.\n")
        let file = site.url.appendingPathComponent(".gazette/cache/fonts/page-fonts.bin")
        func build(_ name: String) throws -> URL {
            let output = site.url.appendingPathComponent(name)
            _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped, sink: .freshFolder))
            return output
        }
        let first = try build("first")
        let written = try Data(contentsOf: file)
        let page = { (output: URL) in try String(contentsOf: output.appendingPathComponent("journals/rare/index.html"), encoding: .utf8) }
        #expect(try page(first).contains("data:font/woff2;base64,"), "the journal carries no font of its own")

        // Read back: the same site, byte for byte, and the file left as it was (nothing new).
        let second = try build("second")
        #expect(Repository.snapshot(first) == Repository.snapshot(second))
        #expect(try Data(contentsOf: file) == written)

        // The file is believed: a font it names differently shows in the page.
        let header = try #require(MemoryFile.header(of: written))
        let entries = try #require(
            MemoryFile.decode(written, header.kind, stamp: header.stamp) { reader -> [(Fingerprint, UInt64, Data)]? in
                guard let count = reader.count() else { return nil }
                var entries: [(Fingerprint, UInt64, Data)] = []
                for _ in 0..<count {
                    guard let key = reader.fingerprint(), let age = reader.unsigned(), let data = reader.data() else { return nil }
                    entries.append((key, age, data))
                }
                return entries
            })
        #expect(!entries.isEmpty)
        let marker = Data("PAGE-FONT-MARKER".utf8)
        try MemoryFile.encode(header.kind, stamp: header.stamp) { writer in
            writer.unsigned(UInt64(entries.count))
            for (key, age, _) in entries {
                writer.fingerprint(key)
                writer.unsigned(age)
                writer.data(marker)
            }
        }.write(to: file)
        let believed = try build("believed")
        #expect(try page(believed).contains(marker.base64EncodedString()))

        // Damaged (its checksum fails): no font is read, each is made again, the file rewritten.
        var damaged = try Data(contentsOf: file)
        damaged[damaged.count / 2] ^= 0xFF
        try damaged.write(to: file)
        let third = try build("third")
        #expect(Repository.snapshot(first) == Repository.snapshot(third))
        #expect(try Data(contentsOf: file) == written)
    }
}

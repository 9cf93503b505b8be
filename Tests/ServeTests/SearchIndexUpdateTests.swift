import Content
import Foundation
import GazetteModel
import Pipeline
import Site
import Testing
import TestSupport

/// `gazette serve` keeps the search index current: a rebuild in place, with the index's cache as
/// the server keeps it, finds a word just written, rewrites the search page and the edited
/// journal's result file, and leaves every other journal's file as it was.
@Suite("The search index as serve rebuilds it")
struct SearchIndexUpdateTests {
    func json(_ url: URL) throws -> [String: Any] {
        let data = try #require(Deflate.decompress(try Data(contentsOf: url)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The journals the index lists under `key`, by page, read as search.js reads the files.
    func journals(under key: String, output: URL) throws -> [String] {
        let page = try String(contentsOf: output.appendingPathComponent("search/index.html"), encoding: .utf8)
        let manifestPath = try #require(page.firstMatch(of: /data-index="\.\.\/([^"]+)"/)?.1)
        let search = output.appendingPathComponent("search")
        let manifest = try json(output.appendingPathComponent(String(manifestPath)))
        let shards = try #require(manifest["c"] as? [[Any]])
        guard let shard = shards.last(where: { ($0[0] as? String).map { !key.utf16.lexicographicallyPrecedes($0.utf16) } ?? false }),
            let name = shard[1] as? String
        else { return [] }
        let body = try json(search.appendingPathComponent(name))
        let keys = try #require(body["k"] as? [String])
        guard let index = keys.firstIndex(of: key), let postings = (body["p"] as? [[Int]])?[index] else { return [] }
        var doc = 0
        var pages: [String] = []
        for offset in stride(from: 0, to: postings.count, by: 2) {
            doc += postings[offset]
            let fragment = try json(search.appendingPathComponent("doc/\(doc).json.gz"))
            pages.append(fragment["u"] as? String ?? "?")
        }
        return pages
    }

    @Test func anEditReachesTheIndexAndOnlyItsJournalFileChanges() throws {
        let site = try TemporaryFolder("search-serve")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent(".gazette/serve")
        let memory = BuildMemory()
        let options = BuildOptions(siteRoot: site.url, output: output, packets: .skipped, sink: .inPlace(memory))
        _ = try buildAsServe(options, memory: memory)
        #expect(try journals(under: "zebracorn", output: output).isEmpty)
        #expect(try journals(under: "케이팝", output: output).isEmpty)

        let journal = site.url.appendingPathComponent("content/journals/2026-11/2026-11-09-kpop-stadium-tour.md")
        try (String(contentsOf: journal, encoding: .utf8) + "\nZebracorn 케이팝의 새 문단.\n").write(to: journal, atomically: true, encoding: .utf8)
        let edited = try buildAsServe(options, memory: memory)
        #expect(try journals(under: "zebracorn", output: output) == ["journals/kpop-stadium-tour/"])
        #expect(try journals(under: "케이", output: output).contains("journals/kpop-stadium-tour/"))
        #expect(edited.changed.contains("search/index.html"))
        let journalFiles = edited.changed.filter { $0.hasPrefix("search/doc/") }
        #expect(journalFiles.count == 1, "\(journalFiles)")

        // The same bytes as a from-scratch build of the same content.
        let fresh = site.url.appendingPathComponent("fresh")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: fresh, packets: .skipped, fonts: .complete))
        let served = Repository.snapshot(output).filter { $0.key.hasPrefix("search/") }
        #expect(served == Repository.snapshot(fresh).filter { $0.key.hasPrefix("search/") })
    }
}

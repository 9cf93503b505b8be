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
    @Test func anEditReachesTheIndexAndOnlyItsJournalFileChanges() throws {
        let site = try TemporaryFolder("search-serve")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent(".gazette/serve")
        let memory = BuildMemory()
        let options = BuildOptions(siteRoot: site.url, output: output, packets: .skipped, sink: .inPlace(memory))
        _ = try buildAsServe(options, memory: memory)
        #expect(try ServedIndex.journals(under: "zebracorn", output: output).isEmpty)
        #expect(try ServedIndex.journals(under: "케이팝", output: output).isEmpty)

        let journal = site.url.appendingPathComponent("content/journals/2026-11/2026-11-09-kpop-stadium-tour.md")
        try (String(contentsOf: journal, encoding: .utf8) + "\nZebracorn 케이팝의 새 문단.\n").write(to: journal, atomically: true, encoding: .utf8)
        let edited = try buildAsServe(options, memory: memory)
        #expect(try ServedIndex.journals(under: "zebracorn", output: output) == ["journals/kpop-stadium-tour/"])
        #expect(try ServedIndex.journals(under: "케이", output: output).contains("journals/kpop-stadium-tour/"))
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

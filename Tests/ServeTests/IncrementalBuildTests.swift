import Content
import Foundation
import GazetteModel
import Pipeline
import Site
import Testing
import TestSupport

@Suite("Rebuilding in place, as serve does")
struct IncrementalBuildTests {
    func modified(_ url: URL) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }

    /// An edit that moves a card between board pages rewrites the pages involved and no others:
    /// the journal newly updated moves from page 3 of the 전체 board (5 to a page) to page 1, so
    /// pages 1–3 change and page 4 keeps its cards.
    @Test func aCardMovingBetweenBoardPagesRewritesOnlyThePagesInvolved() throws {
        let site = try TemporaryFolder("incremental-pages")
        try Repository.copyExampleSite(to: site.url)
        try site.write("gazette.yml", try site.read("gazette.yml") + "\nboard: { per_page: 5 }\n")
        let output = site.url.appendingPathComponent(".gazette/serve")
        let options = BuildOptions(siteRoot: site.url, output: output, packets: .skipped, sink: .inPlace(BuildMemory()))
        _ = try SiteBuilder.build(options)
        // The 12th journal, newest first, is on page 3 (11–15): make it the newest.
        let page3 = try site.read(".gazette/serve/tags/page/3/index.html")
        let slug = try #require(page3.firstMatch(of: /<a href="\.\.\/\.\.\/\.\.\/journals\/([^\/"]+)\/"/)?.1).description
        let name = (slug.removingPercentEncoding ?? slug) + ".md"
        let file = try #require(try FileManager.default.subpathsOfDirectory(atPath: site.url.appendingPathComponent("content/journals").path)
            .first { $0.hasSuffix("-" + name) || $0.hasSuffix("/" + name) })
        let text = try site.read("content/journals/" + file)
        let moved = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("updated:") ? "updated: 2026-11-30 09:00" : String($0) }.joined(separator: "\n")
        try site.write("content/journals/" + file, moved.contains("updated: 2026-11-30") ? moved : moved.replacingOccurrences(of: "\n---\n", with: "\nupdated: 2026-11-30 09:00\n---\n"))
        let report = try SiteBuilder.build(options)
        let boards = Set(report.changed.filter { $0.hasPrefix("tags/index") || $0.hasPrefix("tags/page/") })
        #expect(boards == ["tags/index.html", "tags/page/2/index.html", "tags/page/3/index.html"], "\(report.changed)")
        #expect(try site.read(".gazette/serve/tags/index.html").contains("journals/\(slug)/"))
        #expect(!report.changed.contains("tags/page/4/index.html"))
    }

    /// With the watcher's paths noted, journals outside them are not even read: a save reads the
    /// saved file only; a folder named reads every journal below it; lost events read all.
    @Test func journalsTheWatcherDidNotNameAreNotRead() throws {
        let site = try TemporaryFolder("incremental-trust")
        try Repository.copyExampleSite(to: site.url)
        let cache = BuildMemory()
        let options = BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent(".gazette/serve"), packets: .skipped, sink: .inPlace(cache))
        // As serve starts: a watcher reports from now on, and anything may have changed.
        cache.noteChanges(nil)
        _ = try SiteBuilder.build(options)
        let total = try FileManager.default.subpathsOfDirectory(atPath: site.url.appendingPathComponent("content/journals").path)
            .filter { $0.hasSuffix(".md") }.count
        #expect(cache.lastBuild.unread == 0 && total > 10)

        let saved = "content/journals/2026-11/2026-11-09-kpop-stadium-tour.md"
        try site.write(saved, try site.read(saved) + "\n저장 trust-marker.\n")
        cache.noteChanges([saved])
        _ = try SiteBuilder.build(options)
        #expect(cache.lastBuild.parsed == 1 && cache.lastBuild.unread == total - 1, "\(cache.lastBuild)")
        #expect(try site.read(".gazette/serve/journals/kpop-stadium-tour/index.html").contains("trust-marker"))

        let inFolder = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("content/journals/2026-11").path)
            .filter { $0.hasSuffix(".md") }.count
        cache.noteChanges(["content/journals/2026-11"])
        _ = try SiteBuilder.build(options)
        #expect(cache.lastBuild.unread == total - inFolder, "\(cache.lastBuild)")

        // Events were lost (or the first build): everything is read, and changes made meanwhile
        // are seen.
        try site.write(saved, try site.read(saved) + "\n다시 lost-marker.\n")
        cache.noteChanges(nil)
        _ = try SiteBuilder.build(options)
        #expect(cache.lastBuild.unread == 0 && cache.lastBuild.parsed == 1)
        #expect(try site.read(".gazette/serve/journals/kpop-stadium-tour/index.html").contains("lost-marker"))
    }

    /// The journal folder is not walked again for a save of a file it held; a journal added,
    /// removed or renamed (the watcher names its path) is found, and so is one in a new folder.
    @Test func journalsAddedRemovedOrRenamedAreFoundWithoutAWalkForEachSave() throws {
        let site = try TemporaryFolder("incremental-listing")
        try Repository.copyExampleSite(to: site.url)
        let cache = BuildMemory()
        let output = site.url.appendingPathComponent(".gazette/serve")
        let options = BuildOptions(siteRoot: site.url, output: output, packets: .skipped, sink: .inPlace(cache))
        cache.noteChanges(nil)
        _ = try SiteBuilder.build(options)
        func journal(_ title: String) -> String { "---\ntitle: \(title)\nauthor: me\ncreated: 2026-11-20 10:00\n---\n본문 \(title).\n" }
        func built(_ changed: [String]) throws -> Set<String> {
            cache.noteChanges(changed)
            _ = try SiteBuilder.build(options)
            return Set(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("journals").path))
        }
        let before = try built([])
        // Added, then saved again (the listing kept), then renamed, then removed.
        try site.write("content/journals/listing-new.md", journal("새 저널"))
        #expect(try built(["content/journals/listing-new.md"]) == before.union(["listing-new"]))
        // The sitemap, kept from save to save while it lists the same pages, lists the new one.
        func sitemap() throws -> String { try site.read(".gazette/serve/sitemap.xml") }
        #expect(try sitemap().contains("journals/listing-new/"))
        try site.write("content/journals/listing-new.md", journal("새 저널 고침"))
        #expect(try built(["content/journals/listing-new.md"]) == before.union(["listing-new"]))
        #expect(try site.read(".gazette/serve/journals/listing-new/index.html").contains("새 저널 고침"))
        try FileManager.default.moveItem(
            at: site.url.appendingPathComponent("content/journals/listing-new.md"), to: site.url.appendingPathComponent("content/journals/listing-moved.md"))
        #expect(try built(["content/journals/listing-new.md", "content/journals/listing-moved.md"]) == before.union(["listing-moved"]))
        #expect(try sitemap().contains("journals/listing-moved/") && !sitemap().contains("journals/listing-new/"))
        try FileManager.default.removeItem(at: site.url.appendingPathComponent("content/journals/listing-moved.md"))
        #expect(try built(["content/journals/listing-moved.md"]) == before)
        #expect(try !sitemap().contains("journals/listing-moved/"))
        // A new folder is named as a folder.
        try site.write("content/journals/2026-12/listing-folder.md", journal("폴더 저널"))
        #expect(try built(["content/journals/2026-12"]) == before.union(["listing-folder"]))
        // A journal saved beside the folder instead of in it is named at that save, and no
        // more once it is moved in.
        func stray(_ changed: [String]) throws -> [String] {
            cache.noteChanges(changed)
            return try SiteBuilder.build(options).diagnostics.filter { $0.code == "stray-journal" }.compactMap(\.location?.path)
        }
        try site.write("content/listing-stray.md", journal("길 잃은 저널"))
        #expect(try stray(["content/listing-stray.md"]) == ["content/listing-stray.md"])
        try FileManager.default.moveItem(
            at: site.url.appendingPathComponent("content/listing-stray.md"), to: site.url.appendingPathComponent("content/journals/listing-stray.md"))
        #expect(try stray(["content/listing-stray.md", "content/journals/listing-stray.md"]).isEmpty)
    }

    @Test func onlyChangedFilesAreRewrittenAndOnlyChangedSourcesParsed() throws {
        let site = try TemporaryFolder("incremental")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent(".gazette/serve")
        let cache = BuildMemory()
        let options = BuildOptions(siteRoot: site.url, output: output, sink: .inPlace(cache))
        // Each build as serve's, followed by the search files and packets serve makes later.
        let build = { try buildAsServe(options, memory: cache) }

        let first = try build()
        #expect(first.changed == first.files)
        let parsedFirst = cache.lastBuild
        #expect(parsedFirst.reused == 0 && parsedFirst.parsed > 20)

        // Nothing changed: nothing parsed, nothing written, no file touched.
        let journalPage = output.appendingPathComponent("journals/kpop-stadium-tour/index.html")
        let otherPage = output.appendingPathComponent("journals/기후-적응-예산/index.html")
        let before = try modified(otherPage)
        Thread.sleep(forTimeInterval: 0.02)
        let second = try build()
        #expect(second.changed.isEmpty)
        #expect(second.files == first.files)
        #expect(cache.lastBuild.reused == parsedFirst.parsed && cache.lastBuild.parsed == 0)
        #expect(try modified(otherPage) == before)

        // One journal's body: that file is parsed again, its page and the feed rewritten.
        let journal = site.url.appendingPathComponent("content/journals/2026-11/2026-11-09-kpop-stadium-tour.md")
        try (String(contentsOf: journal, encoding: .utf8) + "\n덧붙인 문단 incremental-marker.\n").write(to: journal, atomically: true, encoding: .utf8)
        let third = try build()
        #expect(cache.lastBuild.parsed == 1)
        #expect(third.changed.contains("journals/kpop-stadium-tour/index.html"))
        #expect(!third.changed.contains("journals/기후-적응-예산/index.html"))
        #expect(try String(contentsOf: journalPage, encoding: .utf8).contains("incremental-marker"))
        #expect(try modified(otherPage) == before)

        // A deleted journal's page is deleted and reported.
        try FileManager.default.removeItem(at: journal)
        let fourth = try build()
        #expect(fourth.changed.contains("journals/kpop-stadium-tour/index.html"))
        #expect(!FileManager.default.fileExists(atPath: journalPage.path))
        #expect(!FileManager.default.fileExists(atPath: journalPage.deletingLastPathComponent().path))

        // Same bytes as a from-scratch build of the same content.
        let fresh = site.url.appendingPathComponent("fresh")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: fresh, fonts: .complete))
        #expect(Repository.snapshot(output) == Repository.snapshot(fresh))
    }

    @Test func aChangedConfigReparsesEveryJournal() throws {
        let site = try TemporaryFolder("incremental-config")
        try Repository.copyExampleSite(to: site.url)
        let cache = ContentMemo()
        _ = try SiteContent.load(siteRoot: site.url, cache: cache)
        let config = site.url.appendingPathComponent("gazette.yml")
        try (String(contentsOf: config, encoding: .utf8) + "\n# touched\n").write(to: config, atomically: true, encoding: .utf8)
        _ = try SiteContent.load(siteRoot: site.url, cache: cache)
        let journals = JournalLoader.journalPaths(siteRoot: site.url).count
        // Journals are parsed again; week files are not (they do not depend on the config).
        #expect(cache.lastBuild.parsed == journals)
        #expect(cache.lastBuild.reused > 0)
    }

    @Test func aFailedBuildLeavesTheServedFolderAsItWas() throws {
        let site = try TemporaryFolder("incremental-failure")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent(".gazette/serve")
        let options = BuildOptions(siteRoot: site.url, output: output, sink: .inPlace(BuildMemory()))
        _ = try SiteBuilder.build(options)
        let before = Repository.snapshot(output)
        try site.write("content/journals/broken.md", "---\ntitle: Broken\ncreated: not a date\n---\nBody\n")
        #expect(throws: DiagnosticsError.self) { try SiteBuilder.build(options) }
        #expect(Repository.snapshot(output) == before)
    }
}

/// Serve's order: pages first, packets after. A build in place links every week's
/// packet, keeps the packet files already served, and hands back the typesetting, which gives
/// the same bytes as a full build.
@Suite("Deferred packets, as serve builds")
struct DeferredPacketTests {
    @Test func packetsAreTypesetAfterThePagesWithTheSameBytes() throws {
        let site = try TemporaryFolder("deferred")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent(".gazette/serve")
        let options = BuildOptions(siteRoot: site.url, output: output, sink: .inPlace(BuildMemory()))

        let first = try SiteBuilder.build(options)
        #expect(first.steps.allSatisfy { $0.name != "typeset packets" })
        let packet = try #require(first.deferredFiles.first { $0.path == "packets/2026-W47.pdf" })
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(packet.path).path))
        let week = try String(contentsOf: output.appendingPathComponent("weeks/2026-W47/index.html"), encoding: .utf8)
        #expect(week.contains("packets/2026-W47.pdf"))

        // Written after the build: the next deferred build keeps it instead of deleting it.
        let data = try packet.make()
        try FileManager.default.createDirectory(at: output.appendingPathComponent("packets"), withIntermediateDirectories: true)
        try data.write(to: output.appendingPathComponent(packet.path))
        let second = try SiteBuilder.build(options)
        #expect(second.changed.isEmpty)
        #expect(FileManager.default.contents(atPath: output.appendingPathComponent(packet.path).path) == data)

        // The same bytes as the packet a full build writes.
        let full = site.url.appendingPathComponent("full")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: full))
        #expect(FileManager.default.contents(atPath: full.appendingPathComponent(packet.path).path) == data)

        // Each week's mail is previewed on request in place, and never published.
        let mail = try #require(second.deferredFiles.first { $0.path == "weeks/2026-W47/mail/index.html" })
        #expect(String(decoding: try mail.make(), as: UTF8.self).contains("gazette mail --week 2026-W47 --send"))
        #expect(second.deferredFiles.filter { $0.path.hasSuffix("/mail/index.html") }.count == second.weekCount)
        #expect(!FileManager.default.fileExists(atPath: full.appendingPathComponent("weeks/2026-W47/mail").path))
    }
}

/// Serve's order for search: the pages first, then the index and the search page. A build with
/// in place leaves the search files as they are, and its deferred write brings them to the
/// bytes a full build writes, deleting the shards no longer made.
@Suite("Deferred search, as serve builds")
struct DeferredSearchTests {
    /// The example site, built into `.gazette/serve` in place with `memory`, fonts cut as a full
    /// build cuts them (so that the search page names the same files), packets left out.
    static func servedExample(_ name: String) throws -> (site: TemporaryFolder, output: URL, memory: BuildMemory, options: BuildOptions) {
        let site = try TemporaryFolder(name)
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent(".gazette/serve")
        let memory = BuildMemory()
        let options = BuildOptions(siteRoot: site.url, output: output, packets: .skipped, sink: .inPlace(memory), fonts: .siteCharacters)
        return (site, output, memory, options)
    }

    @Test func theSearchFilesFollowThePagesWithAFullBuildsBytes() throws {
        let (site, output, _, options) = try Self.servedExample("deferred-search")
        func searchFiles() -> [String: Data] { Repository.snapshot(output).filter { $0.key.hasPrefix("search/") } }
        func fullBuild() throws -> [String: Data] {
            let full = site.url.appendingPathComponent("full")
            defer { try? FileManager.default.removeItem(at: full) }
            _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: full, packets: .skipped, sink: .freshFolder))
            return Repository.snapshot(full).filter { $0.key.hasPrefix("search/") }
        }

        let first = try SiteBuilder.build(options)
        #expect(searchFiles().isEmpty, "the first pass wrote search files")
        let sitemap = try site.read(".gazette/serve/sitemap.xml")
        #expect(sitemap.contains("/search/</loc>"), "the deferred search page is missing from the sitemap")
        let created = try #require(first.deferredSearch).write()
        #expect(created.contains("search/index.html") && created.count > 2)
        #expect(searchFiles() == (try fullBuild()))

        // A new word in a body: the pages pass leaves the index alone, the deferred write
        // replaces the manifest (and the search page that names it) and removes the old one.
        let before = searchFiles()
        let journal = "content/journals/2026-11-08-kimjang-cabbage-prices.md"
        try site.write(journal, try site.read(journal) + "\n\n크산테우스트라 라는 낱말을 더한다.\n")
        let second = try SiteBuilder.build(options)
        #expect(!second.changed.contains { $0.hasPrefix("search/") }, "\(second.changed)")
        #expect(searchFiles() == before)
        let changed = try #require(second.deferredSearch).write()
        #expect(changed.contains("search/index.html"))
        let after = searchFiles()
        #expect(after == (try fullBuild()))
        let oldManifests = before.keys.filter { $0.hasPrefix("search/index.") && $0.hasSuffix(".json.gz") }
        #expect(!oldManifests.isEmpty && oldManifests.allSatisfy { after[$0] == nil && changed.contains($0) })
    }

    /// A newer save supersedes the last build's index (`write(unless:)`): stopped at any of its
    /// steps, it writes and records nothing, and what the build memory keeps still makes the
    /// next complete index the bytes a full build writes.
    @Test func aSupersededSearchWriteLeavesNothingHalfDone() throws {
        let (site, output, memory, options) = try Self.servedExample("superseded-search")
        func searchFiles() -> [String: Data] { Repository.snapshot(output).filter { $0.key.hasPrefix("search/") } }
        _ = try #require(try SiteBuilder.build(options).deferredSearch).write()

        let journal = "content/journals/2026-11-08-kimjang-cabbage-prices.md"
        var stops = 0
        // Stopped at the first step, then the second, …, until a write runs to the end.
        for stopAt in 1... {
            try site.write(journal, try site.read(journal) + "\n\n크산테우스트라\(stopAt) 라는 낱말을 더한다.\n")
            memory.noteChanges([journal])
            let deferred = try #require(try SiteBuilder.build(options).deferredSearch)
            let before = searchFiles()
            let checks = Locked(0)
            do {
                _ = try deferred.write(unless: { checks.withLock { $0 += 1; return $0 >= stopAt } })
                break
            } catch is CancellationError {
                stops += 1
                #expect(searchFiles() == before, "a write stopped at step \(stopAt) changed the search files")
            }
        }
        // Every step of the index was a place to stop (the example site's postings take several).
        #expect(stops >= 4, "stopped at \(stops) steps")
        let full = site.url.appendingPathComponent("full")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: full, packets: .skipped, sink: .freshFolder))
        #expect(searchFiles() == Repository.snapshot(full).filter { $0.key.hasPrefix("search/") })
    }

    /// `fetch --enrich` makes thumbnails for a record that does not change: the pages that show
    /// the article (its journal's page, the week's article list) show them on the next save, as
    /// a clean build does.
    @Test func aThumbnailMadeForAnUnchangedRecordReachesItsPages() throws {
        let (site, output, memory, options) = try Self.servedExample("incremental-thumbnails")
        _ = try buildAsServe(options, memory: memory)
        let content = try SiteContent.load(siteRoot: site.url)
        let journal = try #require(content.journals.first { content.article(for: $0)?.image != nil && content.article(for: $0).flatMap(content.thumbnails(of:)) == nil })
        let article = try #require(content.article(for: journal))
        let names = ArticleThumbnails.names(for: article)
        #expect(!names.isEmpty)
        for name in names { try site.write("\(ArticleThumbnails.folder)/\(name)", "webp \(name)") }
        memory.noteChanges(names.map { "\(ArticleThumbnails.folder)/\($0)" })
        _ = try buildAsServe(options, memory: memory)
        let page = try site.read(".gazette/serve/journals/\(journal.slug)/index.html")
        #expect(page.contains(names[0]), "the journal's page does not show its new thumbnail")
        let clean = site.url.appendingPathComponent("clean")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: clean, packets: .skipped))
        let served = Repository.snapshot(output).filter { $0.key.hasSuffix(".html") }
        let built = Repository.snapshot(clean).filter { $0.key.hasSuffix(".html") }
        for (path, data) in built where served[path] != data { Issue.record("\(path) differs from a clean build") }
    }
}

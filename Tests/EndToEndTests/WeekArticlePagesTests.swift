import Content
import Foundation
import GazetteModel
import Pipeline
import Site
import Testing
import TestSupport

/// A week with more article rows than `board.articles_per_page` lists them on pages of their own
/// (`weeks/<week>/articles/`, `…/page/N/`), and its board pages show only each group's count:
/// no page grows with the week beyond its share (the busy week's 590 KB board pages).
@Suite struct WeekArticlePagesTests {
    static func text(_ files: [String: Data], _ path: String) -> String { String(decoding: files[path] ?? Data(), as: UTF8.self) }

    /// The example site with ten rows to a page.
    static func site() throws -> TemporaryFolder {
        let site = try TemporaryFolder("gazette-week-articles")
        try Repository.copyExampleSite(to: site.url)
        try site.write("gazette.yml", try site.read("gazette.yml") + "\nboard: { articles_per_page: 10 }\n")
        return site
    }

    @Test func longArticleListsMoveToPagesOfTheirOwn() throws {
        let site = try Self.site()
        let output = site.url.appendingPathComponent("public")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped))
        let files = Repository.snapshot(output)
        let content = try SiteContent.load(siteRoot: site.url)
        let week = try #require(content.weeks.first { $0.week.description == "2026-W47" })
        let rows = week.articles.reduce(0) { $0 + max(1, $1.queries.count) }
        #expect(rows > 20, "the example week has \(rows) rows")
        let pages = (rows + 9) / 10

        // The board pages: counts per group, links to where each starts, no article rows.
        let board = Self.text(files, "weeks/2026-W47/index.html")
        #expect(board.contains("class=\"article-summary\""))
        #expect(!board.contains("class=\"article-item"))
        #expect(board.contains("href=\"../../weeks/2026-W47/articles/\""))
        let digest = Self.text(files, "index.html")
        #expect(digest.contains("href=\"weeks/2026-W47/articles/\"") && !digest.contains("class=\"article-item"))

        // The article pages: ten rows at most each, every article of the week on them.
        var listed: Set<String> = []
        var anchors: Set<String> = []
        for page in 1...pages {
            let path = "weeks/2026-W47/articles/" + (page > 1 ? "page/\(page)/" : "") + "index.html"
            let html = Self.text(files, path)
            let items = html.components(separatedBy: "<li class=\"article-item").count - 1
            #expect(items > 0 && items <= 10, "\(path): \(items) rows")
            for article in week.articles where html.contains("href=\"\(article.url.replacingOccurrences(of: "&", with: "&amp;"))\"") {
                listed.insert(article.id)
            }
            for match in html.matches(of: /<h2 id="(q-[0-9a-f]{8})"/) { anchors.insert("\(path)#\(match.1)") }
        }
        #expect(files["weeks/2026-W47/articles/page/\(pages + 1)/index.html"] == nil)
        #expect(listed.count == week.articles.count, "\(week.articles.count - listed.count) articles on no page")
        // Each group's link on the board leads to a page that has its heading.
        let links = board.matches(of: /<li><a href="\.\.\/\.\.\/weeks\/2026-W47\/(articles\/(?:page\/[0-9]+\/)?)#(q-[0-9a-f]{8})">/)
        #expect(links.count >= 3)
        for match in links {
            #expect(anchors.contains("weeks/2026-W47/\(match.1)index.html#\(match.2)"), "\(match.1)#\(match.2)")
        }
        #expect(Self.text(files, "sitemap.xml").contains("weeks/2026-W47/articles/page/2/"))
        // A week whose rows fit one page lists them under its board as before.
        let small = content.weeks.filter { $0.articles.reduce(0) { $0 + max(1, $1.queries.count) } <= 10 }
        for week in small { #expect(files["weeks/\(week.week)/articles/index.html"] == nil) }
    }

    /// Rebuilt in place after the store changes (as `serve` does, with its memo), the pages are
    /// the bytes a clean build writes.
    @Test func inPlaceRebuildsMatchACleanBuild() throws {
        let site = try Self.site()
        let output = site.url.appendingPathComponent(".gazette/serve")
        let memory = BuildMemory()
        let options = BuildOptions(siteRoot: site.url, output: output, packets: .skipped, sink: .inPlace(memory), fonts: .siteCharacters)
        _ = try buildAsServe(options, memory: memory)
        // A query more for one article, and one article fewer: groups, counts and pages move.
        let file = site.url.appendingPathComponent("content/articles/2026-W47.jsonl")
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[3] = lines[3].replacingOccurrences(of: "\"queries\":[", with: "\"queries\":[\"새 질의\",")
        lines.removeLast()
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        memory.noteChanges(["content/articles/2026-W47.jsonl"])
        _ = try buildAsServe(options, memory: memory)
        let clean = site.url.appendingPathComponent("clean")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: clean, packets: .skipped))
        let served = Repository.snapshot(output).filter { $0.key.hasSuffix(".html") }
        let built = Repository.snapshot(clean).filter { $0.key.hasSuffix(".html") }
        #expect(Set(served.keys) == Set(built.keys))
        for (path, data) in built where served[path] != data { Issue.record("\(path) differs from a clean build") }
        #expect(built.contains { $0.key.hasPrefix("weeks/2026-W47/articles/") && String(decoding: $0.value, as: UTF8.self).contains("새 질의") })
    }
}

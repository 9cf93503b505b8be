import Content
import Foundation
import GazetteModel
import Markup
@testable import Site
import Pipeline
import Testing
import TestSupport

/// Builds the repository's example site into a temporary folder and checks what a reader and a
/// feed reader would meet.
@Suite(.serialized) struct ExampleSiteTests {
    let output: TemporaryFolder
    let report: BuildReport
    let content: SiteContent

    init() throws {
        output = try TemporaryFolder("gazette-e2e")
        report = try SiteBuilder.build(
            BuildOptions(siteRoot: Repository.root, output: output.url.appendingPathComponent("public")))
        content = try SiteContent.load(siteRoot: Repository.root)
    }

    func page(_ path: String) throws -> String { try output.read("public/" + path) }

    @Test func everyPageOfTheSpecIsThere() throws {
        #expect(content.journals.count >= 15)
        var expected = ["index.html", "tags/index.html", "archive/index.html", "feed.xml", "sitemap.xml", "404.html"]
        expected += ["2026-W45", "2026-W46", "2026-W47"].map { "weeks/\($0)/index.html" }
        expected += content.journals.map { "journals/\($0.slug)/index.html" }
        expected += content.config.tags.map { "tags/\($0.key)/index.html" }
        for path in expected {
            #expect(report.files.contains(path), "missing \(path)")
        }
        #expect(report.files.contains { $0.hasPrefix("assets/style.") && $0.hasSuffix(".css") })
        // Drafts stay out unless asked for.
        #expect(!report.files.contains("journals/chip-contract-departments/index.html"))
    }

    @Test func homeIsTheLatestWeeksDigest() throws {
        let home = try page("index.html")
        #expect(home.contains("<html lang=\"ko\">"))
        #expect(home.contains("<h1>2026년 47주차</h1>"))
        #expect(home.contains("11월 16일 – 11월 22일"))
        #expect(home.contains("<p class=\"eyebrow\">이번 주 다이제스트</p>"))
        #expect(!(try page("weeks/2026-W47/index.html")).contains("이번 주 다이제스트</p>"))
        let board = try #require(MarkupDocument.html(home)).elements(named: "li").filter { ($0["class"] ?? "").hasPrefix("card") }
        let week = content.weeks.first { $0.week.description == "2026-W47" }
        #expect(board.count == week?.journals.count)
    }

    @Test func weekPageGroupsArticlesByQueryAndMarksJournals() throws {
        let html = try page("weeks/2026-W46/index.html")
        let document = try #require(MarkupDocument.html(html))
        let groups = document.elements(named: "h3").filter { $0["id"]?.hasPrefix("q-") == true }.map(\.text)
        // Configured queries come first in config order, feeds after.
        let queryGroups = groups.compactMap { $0.split(separator: " ").first.map(String.init) }
        let configured = content.config.sources.allQueries.filter { queryGroups.contains($0) }
        #expect(Array(queryGroups.filter { configured.contains($0) }) == configured)
        #expect(groups.contains { $0.hasPrefix("hankyung") })
        #expect(html.contains("저널 작성됨"))
    }

    @Test func weekPageChartsSourcesAndTagsWithoutScript() throws {
        let week = try #require(content.weeks.first { $0.week.description == "2026-W46" })
        let html = try page("weeks/2026-W46/index.html")
        // The chart is plain SVG; the page's one script is the board's optional heal script.
        let scripts = try #require(MarkupDocument.html(html)).elements(named: "script")
        #expect(scripts.count == 1 && scripts.first?["src"]?.contains("assets/board.") == true)
        let document = try #require(MarkupDocument.html(html))
        let svg = try #require(document.elements(named: "svg").first)
        #expect(svg["role"] == "img")
        let naver = week.articles.filter { $0.source == "naver" }.count
        let economy = week.journals.filter { $0.tags.contains("economy") }.count
        let description = try #require(document.elements(named: "desc").first?.text)
        #expect(description.contains("출처별 기사: Naver \(naver)"))
        #expect(description.contains("경제 \(economy)"))
        // One bar per source and per tag used that week.
        let sources = Set(week.articles.map(\.source)).count
        let tags = Set(week.journals.flatMap(\.tags)).count
        #expect(document.elements(named: "rect").count == sources + tags)
    }

    @Test func journalPageShowsItsArticleCard() throws {
        let journal = try #require(content.journals.first { !$0.isBookmark && content.article(for: $0) != nil })
        let article = try #require(content.article(for: journal))
        let html = try page("journals/\(journal.slug)/index.html")
        #expect(html.contains("<h1>\(escapeHTML(journal.title))</h1>"))
        #expect(html.contains("href=\"\(escapeHTML(article.url))\""))
        #expect(html.contains(escapeHTML(article.publisher ?? "")))
        #expect(html.contains("class=\"journal-body\""))
    }

    /// The example's store holds every article its journals name (`make demo` warns of
    /// nothing); with one taken out of the store, the journal still links its URL.
    @Test func journalNotInTheStoreStillLinksItsURL() throws {
        #expect(content.journals.allSatisfy { $0.articleReference == nil || content.article(for: $0) != nil })
        let site = try TemporaryFolder("gazette-e2e-unstored")
        try Repository.copyExampleSite(to: site.url)
        let store = site.url.appendingPathComponent("content/articles/2026-W45.jsonl")
        let lines = try String(contentsOf: store, encoding: .utf8).split(separator: "\n").filter { !$0.contains("brunch.co.kr/@moneynotes/87") }
        try (lines.joined(separator: "\n") + "\n").write(to: store, atomically: true, encoding: .utf8)
        let output = site.url.appendingPathComponent("public")
        let built = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped))
        #expect(built.diagnostics.map(\.message).contains("article 'https://brunch.co.kr/@moneynotes/87' is not in the article store"))
        let html = try String(contentsOf: output.appendingPathComponent("journals/fixed-vs-variable-rates/index.html"), encoding: .utf8)
        #expect(html.contains("href=\"https://brunch.co.kr/@moneynotes/87\""))
        #expect(html.contains("저장소에 없는 기사"))
    }

    @Test func bookmarksShowTheArticleTitleOnBoards() throws {
        let bookmark = try #require(content.journals.first { $0.isBookmark && content.article(for: $0) != nil })
        let title = try #require(content.article(for: bookmark)?.title)
        let board = try page("tags/index.html")
        #expect(board.contains(escapeHTML(title)))
        #expect(board.contains("card card-bookmark"))
    }

    @Test func hangulSlugsArePercentEncodedInLinks() throws {
        let slug = "기후-적응-예산"
        #expect(report.files.contains("journals/\(slug)/index.html"))
        let encoded = "%EA%B8%B0%ED%9B%84-%EC%A0%81%EC%9D%91-%EC%98%88%EC%82%B0"
        #expect(try page("tags/index.html").contains("journals/\(encoded)/"))
    }

    @Test func everyInternalLinkResolves() throws {
        var checked = 0
        for path in report.files where path.hasSuffix(".html") && path != "404.html" {
            let document = try #require(MarkupDocument.html(try page(path)))
            let references = document.elements(named: "a").compactMap { $0["href"] } + document.elements(named: "link").compactMap { $0["href"] }
            for reference in references where !reference.contains(":") && !reference.hasPrefix("#") {
                #expect(!reference.hasPrefix("/"), "\(path) links root-relative \(reference): breaks under a sub-path")
                let base = URL(fileURLWithPath: "/" + path).deletingLastPathComponent()
                let target = URL(fileURLWithPath: reference.removingPercentEncoding ?? reference, relativeTo: base).standardizedFileURL.path
                let file = String(target.dropFirst()) + (reference.hasSuffix("/") || reference.isEmpty || reference == "./" ? (target.hasSuffix("/") ? "index.html" : "/index.html") : "")
                let normalized = file.hasPrefix("/") ? String(file.dropFirst()) : file
                #expect(report.files.contains(normalized), "\(path) links to \(reference) → \(normalized), which was not written")
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test func pagesHaveLandmarksOneH1AndHeadingsInOrder() throws {
        for path in report.files where path.hasSuffix(".html") {
            let html = try page(path)
            let document = try #require(MarkupDocument.html(html))
            #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"ko\">"), "\(path)")
            let landmarks = document.elements(named: ["header", "main", "footer", "nav"])
            #expect(landmarks.filter { $0.name == "main" }.count == 1, "\(path): one <main>")
            #expect(landmarks.contains { $0.name == "nav" && $0["aria-label"] != nil }, "\(path): a labelled <nav>")
            #expect(landmarks.contains { $0.name == "footer" }, "\(path): a <footer>")
            let levels = document.elements(named: ["h1", "h2", "h3", "h4", "h5", "h6"]).compactMap { Int($0.name.dropFirst()) }
            #expect(levels.first == 1 && levels.filter { $0 == 1 }.count == 1, "\(path): exactly one h1, first")
            for (previous, next) in zip(levels, levels.dropFirst()) {
                #expect(next <= previous + 1, "\(path): heading h\(previous) is followed by h\(next)")
            }
            for image in document.elements(named: "img") {
                #expect(image["alt"] != nil, "\(path): <img> without alt")
            }
            #expect(document.elements(named: "a").first?["class"] == "skip-link", "\(path): skip link first")
        }
    }

    @Test func stylesheetHasDarkModePrintAndVisibleFocus() throws {
        let css = try #require(report.files.first { $0.hasPrefix("assets/style.") })
        let text = try page(css)
        #expect(text.contains("@media (prefers-color-scheme: dark)"))
        #expect(text.contains("@media print"))
        #expect(text.contains(":focus-visible"))
        #expect(text.contains("word-break: keep-all"))
    }

    /// The app's reading aids: on a week's article list, "journal written" on every article
    /// someone wrote about, "bookmark" on every bookmarked one, and on nothing else.
    @Test func weekArticleListsMarkJournaledAndBookmarkedArticles() throws {
        var journaled = 0, bookmarked = 0
        for week in content.weeks {
            let html = try page("weeks/\(week.week.description)/index.html")
            let items = html.components(separatedBy: "<li class=\"article-item\">").dropFirst()
            // Every stored article of the week is listed (journals about unstored articles add items too).
            #expect(items.count >= week.articles.count)
            for article in week.articles {
                let href = "href=\"\(escapeHTML(article.url))\""
                let item = try #require(items.first { $0.contains(href) }, "\(article.url) is not listed on \(week.week)")
                let journals = content.journals(about: article)
                let wrote = journals.contains { !$0.isBookmark }, saved = journals.contains { $0.isBookmark }
                #expect(item.contains("marker-journal") == wrote, "\(article.id) in \(week.week)")
                #expect(item.contains("marker-bookmark") == saved, "\(article.id) in \(week.week)")
                for journal in journals where !journal.isBookmark {
                    #expect(item.contains("journals/\(SitePaths.encode(journal.slug))/"), "\(journal.slug)")
                }
                journaled += wrote ? 1 : 0
                bookmarked += saved ? 1 : 0
            }
        }
        // The example has both kinds, so the test cannot pass vacuously.
        #expect(journaled >= 5 && bookmarked >= 2)
    }

    /// Tag filter pages: "전체" first, then every tag of the vocabulary, the current one marked.
    @Test func tagPagesOfferAllFirst() throws {
        for path in ["tags/index.html"] + content.config.tags.map({ "tags/\($0.key)/index.html" }) {
            let html = try page(path)
            let nav = try #require(html.components(separatedBy: "<ul class=\"tag-nav\">").dropFirst().first?
                .components(separatedBy: "</ul>").first)
            let names = nav.components(separatedBy: "<li").dropFirst().map { item in
                item.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
                    .trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ">")))
            }
            #expect(names.first?.hasPrefix("전체") == true, "\(path): \(names)")
            #expect(names.count == content.config.tags.count + 1)
            #expect(nav.contains("aria-current=\"page\""), "\(path)")
        }
    }

    @Test func feedIsValidAtomWithAbsoluteLinks() throws {
        let feed = try page("feed.xml")
        let document = try MarkupDocument.xml(feed)
        let written = content.journals.filter { !$0.isBookmark }
        #expect(document.texts(of: "entry").count == min(50, written.count))
        #expect(document.texts(of: "title").dropFirst().first == written.first?.title)
        let links = document.elements(named: "link").compactMap { $0["href"] }
        #expect(links.contains("https://example.org/study/feed.xml"))
        #expect(links.contains("https://example.org/study/journals/\(written.first?.slug ?? "")/"))
        #expect(document.texts(of: "updated").first == Feeds_utc(written.map(\.updated).max()))
    }

    @Test func sitemapListsEveryPage() throws {
        let document = try MarkupDocument.xml(try page("sitemap.xml"))
        let locations = document.texts(of: "loc")
        let pages = report.files.filter { $0.hasSuffix("index.html") }
        #expect(locations.count == pages.count)
        #expect(locations.contains("https://example.org/study/"))
        #expect(locations.allSatisfy { $0.hasPrefix("https://example.org/study/") })
    }

    @Test func notFoundPageUsesTheBasePath() throws {
        let html = try page("404.html")
        #expect(html.contains("href=\"/study/assets/style."))
        #expect(html.contains("href=\"/study/\""))
    }

    func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    func Feeds_utc(_ date: Date?) -> String? {
        date.map { ISO8601.format($0, in: TimeZone(identifier: "UTC")!) }
    }
}


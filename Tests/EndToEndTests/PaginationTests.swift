import Foundation
import Pipeline
import Testing
import TestSupport

/// The 전체, tag and week boards are cut into pages (`board.per_page`, 30 by default): page 1 at
/// the board's folder, later ones at `page/N/`, each with its own packed board, `rel` prev and
/// next links, and every page in the sitemap; every journal stays reachable from page 1.
@Suite(.serialized) struct PaginationTests {
    /// 1,000 generated journals (and the example's 19) over three weeks, built once; the tests
    /// read the snapshot, so the folder goes as soon as it is taken (a static is never released).
    static let site: Result<[String: Data], any Error> = Result {
        let folder = try TemporaryFolder("gazette-pages")
        try StressSite.write(into: folder.url, journals: 1000)
        let output = folder.url.appendingPathComponent("public")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: folder.url, output: output, packets: .skipped))
        return Repository.snapshot(output)
    }

    static func text(_ files: [String: Data], _ path: String) -> String { String(decoding: files[path] ?? Data(), as: UTF8.self) }

    @Test func noPageIsHeavyAndBoardsArePagedByThirty() throws {
        let files = try Self.site.get()
        let pages = files.filter { $0.key.hasSuffix(".html") }
        let largest = try #require(pages.max { $0.value.count < $1.value.count })
        print("pagination: largest of \(pages.count) pages is \(largest.key), \(largest.value.count / 1024) KB")
        #expect(largest.value.count < 300 * 1024, "\(largest.key) is \(largest.value.count) bytes")
        // 1,019 journals: 34 pages of 30 on the 전체 board.
        #expect(files["tags/page/34/index.html"] != nil && files["tags/page/35/index.html"] == nil)
        for path in ["tags/index.html", "tags/page/2/index.html", "tags/page/34/index.html"] {
            let cards = Self.text(files, path).components(separatedBy: "<li class=\"card").count - 1
            #expect(cards == (path.contains("/34/") ? 1019 - 33 * 30 : 30), "\(path): \(cards) cards")
        }
        // Each page's board is its own: its own id and packed height.
        #expect(Self.text(files, "tags/page/2/index.html").contains("id=\"tag-all-p2\""))
        #expect(Self.text(files, "tags/index.html").contains("id=\"tag-all\""))
    }

    @Test func prevNextLinksAndAShortPageList() throws {
        let files = try Self.site.get()
        let second = Self.text(files, "tags/page/2/index.html")
        #expect(second.contains("rel=\"prev\" href=\"../../../tags/\""))
        #expect(second.contains("rel=\"next\" href=\"../../../tags/page/3/\""))
        let first = Self.text(files, "tags/index.html")
        #expect(!first.contains("rel=\"prev\"") && first.contains("rel=\"next\" href=\"../tags/page/2/\""))
        let last = Self.text(files, "tags/page/34/index.html")
        #expect(last.contains("rel=\"prev\"") && !last.contains("rel=\"next\""))
        // First, last, and two either side of the current page: never all 34.
        let nav = second.components(separatedBy: "<nav class=\"pagination\"").last?.components(separatedBy: "</nav>").first ?? ""
        let listed = nav.components(separatedBy: "<li").count - 1
        #expect(listed < 10, "the page list of page 2 has \(listed) items")
        #expect(second.contains("aria-current=\"page\">2<"))
    }

    @Test func everyPageIsInTheSitemapAndEveryJournalIsReachable() throws {
        let files = try Self.site.get()
        // Without a base URL the sitemap lists site paths; decoded, they are the pages' folders.
        let listed = Set(
            Self.text(files, "sitemap.xml").components(separatedBy: "<loc>").dropFirst()
                .compactMap { $0.components(separatedBy: "</loc>").first?.removingPercentEncoding })
        let pages = Set(files.keys.filter { $0.hasSuffix("index.html") }.map { String($0.dropLast("index.html".count)) })
        let missing = pages.filter { page in !listed.contains { $0.hasSuffix(page) && ($0.count == page.count || $0.dropLast(page.count).hasSuffix("/")) } }
        #expect(missing.isEmpty, "not in the sitemap: \(missing.sorted().prefix(5))")
        #expect(pages.contains("tags/page/34/") && pages.contains("weeks/2026-W46/page/2/"))
        // Follow links from page 1 of the 전체 board, staying on board pages, to every journal.
        let journals = Self.journalsReachable(from: "tags/index.html", within: "tags/", files)
        let all = Set(files.keys.filter { $0.hasPrefix("journals/") && $0.hasSuffix("index.html") })
        #expect(all.count == 1019)
        #expect(journals == all, "\(all.subtracting(journals).count) journals not reachable from the first 전체 page")
    }

    /// The list view: `list/` (and `list/<tag>/`) pages of 100 rows with title, date, author, tags
    /// and a line of excerpt, no board and no script, linked both ways with the board page
    /// showing the same journals; every journal reachable through the list pages alone.
    @Test func listViewBesideEveryBoard() throws {
        let files = try Self.site.get()
        // 1,019 journals: 11 list pages of 100.
        #expect(files["list/page/11/index.html"] != nil && files["list/page/12/index.html"] == nil)
        let first = Self.text(files, "list/index.html")
        let rows = first.components(separatedBy: "<li class=\"journal-row").count - 1
        #expect(rows == 100, "list/ has \(rows) rows")
        #expect(!first.contains("data-h=") && !first.contains("<script"), "a list page needs no board and no script")
        for part in ["class=\"journal-row-title\"><a href=\"../journals/", "<time datetime=\"", "class=\"journal-row-tags\"", "class=\"journal-row-excerpt\""] {
            #expect(first.contains(part), "list/ lacks \(part)")
        }
        // The board links to its list and back, at the same place: board page 5 (journals
        // 121–150) is on list page 2, and list page 2 (journals 101–200) starts on board page 4.
        #expect(Self.text(files, "tags/index.html").contains("class=\"view-switch\" href=\"../list/\""))
        #expect(Self.text(files, "tags/page/5/index.html").contains("class=\"view-switch\" href=\"../../../list/page/2/\""))
        #expect(Self.text(files, "list/page/2/index.html").contains("class=\"view-switch\" href=\"../../../tags/page/4/\""))
        #expect(first.contains("rel=\"next\" href=\"../list/page/2/\""))
        // Tag boards have lists too, and the tag navigation of a list stays in the list view.
        let tagLists = files.keys.filter { $0.hasPrefix("list/") && $0.hasSuffix("/index.html") && !$0.contains("page/") && $0 != "list/index.html" }
        #expect(!tagLists.isEmpty)
        for list in tagLists {
            let folder = String(list.dropLast("index.html".count))
            #expect(first.contains("<li><a href=\"../\(SitePathsForTests.encode(folder))\""), "list/ does not link to \(folder)")
        }
        // Every journal is reachable from list/ through list pages alone.
        let journals = Self.journalsReachable(from: "list/index.html", within: "list/", files)
        let all = Set(files.keys.filter { $0.hasPrefix("journals/") && $0.hasSuffix("index.html") })
        #expect(journals == all, "\(all.subtracting(journals).count) journals not reachable from list/")
        let largest = files.filter { $0.key.hasPrefix("list/") }.map(\.value.count).max() ?? 0
        print("pagination: largest list page is \(largest / 1024) KB")
    }

    enum SitePathsForTests {
        static func encode(_ path: String) -> String { path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path }
    }

    /// The journal pages reached by following links from `start`, visiting only pages under
    /// `folder`.
    static func journalsReachable(from start: String, within folder: String, _ files: [String: Data]) -> Set<String> {
        var seen: Set<String> = [start]
        var queue = [start]
        var journals: Set<String> = []
        while let page = queue.popLast() {
            for href in links(in: text(files, page)) {
                guard let target = resolve(href, from: page) else { continue }
                if target.hasPrefix("journals/") { journals.insert(target) }
                if target.hasPrefix(folder) && !seen.contains(target) && files[target] != nil {
                    seen.insert(target)
                    queue.append(target)
                }
            }
        }
        return journals
    }

    static func links(in html: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    /// A relative link from `page` as a file path of the site (`…/` → `…/index.html`), percent
    /// escapes decoded; nil for links leaving the site.
    static func resolve(_ href: String, from page: String) -> String? {
        guard !href.contains(":"), !href.hasPrefix("#") else { return nil }
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in (href.removingPercentEncoding ?? href).split(separator: "#")[0].split(separator: "/", omittingEmptySubsequences: false) {
            if part == ".." { _ = parts.popLast() } else if part != "." && !part.isEmpty { parts.append(String(part)) }
        }
        let path = parts.joined(separator: "/")
        return href.hasSuffix("/") || href.isEmpty ? (path.isEmpty ? "index.html" : path + "/index.html") : path
    }
}

@testable import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

@Suite struct ArticleStoreTests {
    static let exampleStore = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("content/articles")

    @Test func exampleStoreRoundTripsByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.exampleStore.path).filter { $0.hasSuffix(".jsonl") }
        #expect(names.count >= 3)
        for name in names {
            let data = try Data(contentsOf: Self.exampleStore.appendingPathComponent(name))
            let file = ArticleStore.decode(data, path: name)
            #expect(file.diagnostics.isEmpty)
            #expect(ArticleStore.encode(file.records) == data, "re-encoding \(name) changed its bytes")
        }
        // The store merges by union in every clone: the attribute travels with the repository.
        let attributes = try String(contentsOf: Self.exampleStore.appendingPathComponent(".gitattributes"), encoding: .utf8)
        #expect(attributes.split(separator: "\n").contains("*.jsonl merge=union"))
    }

    @Test func exampleStoreIDsFollowTheCanonicalURLRule() throws {
        let (articles, diagnostics) = ArticleStore.load(siteRoot: Self.exampleStore.deletingLastPathComponent().deletingLastPathComponent())
        #expect(diagnostics.isEmpty)
        #expect(articles.count >= 60)
        for article in articles {
            #expect(CanonicalURL.articleID(for: article.url) == article.id, "\(article.url)")
        }
        #expect(Set(articles.map(\.source)).isSuperset(of: ["naver", "newsapi", "mediastack"]))
        #expect(articles.contains { $0.source.hasPrefix("feed:") })
    }

    static func article(_ id: String, published: String = "2026-11-18T09:00:00+09:00", queries: [String] = []) -> Article {
        Article(
            id: id, url: "https://example.org/\(id)", title: "t", description: "d", source: "manual", publisher: nil, author: nil,
            published: published, image: nil, queries: queries, language: "ko")
    }

    @Test func encodingIsOneSortedRecordPerLine() {
        var older = Self.article("bbbbbbbbbbbb")
        older.title = "Quote \" and \\ and\ttab"
        older.description = "줄\n바꿈"
        var newer = older
        newer.id = "aaaaaaaaaaaa"
        newer.published = "2026-11-18T01:00:00Z"  // 10:00 in Seoul: newer than 09:00+09:00
        newer.queries = ["금리", "반도체"]
        let lines = String(decoding: ArticleStore.encode([older, newer]), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        #expect(
            lines[0]
                == #"{"author":null,"description":"줄\n바꿈","id":"aaaaaaaaaaaa","image":null,"language":"ko","published":"2026-11-18T01:00:00Z","publisher":null,"queries":["금리","반도체"],"source":"manual","title":"Quote \" and \\ and\ttab","url":"https://example.org/bbbbbbbbbbbb"}"#
        )
        #expect(lines[1].contains(#""id":"bbbbbbbbbbbb""#) && lines[1].contains(#""queries":[]"#))
        #expect(ArticleStore.encode([]).isEmpty)
    }

    /// A line that is not a record is an error at its line and column; the other lines load.
    @Test func brokenLineIsLocatedAndTheOthersLoad() {
        let path = "content/articles/2026-W47.jsonl"
        let good = ArticleStore.line(Self.article("aaaaaaaaaaaa"))
        let text = good + "\n" + #"{"id": "x", "url": "https://e.org/"}"# + "\n" + ArticleStore.line(Self.article("cccccccccccc")) + "\n"
            + #"{"id": "y", "url": "https://e.org/y", "title": null}"# + "\n"
        let file = ArticleStore.decode(Data(text.utf8), path: path)
        #expect(file.records.map(\.id) == ["aaaaaaaaaaaa", "cccccccccccc"])
        #expect(file.damage.count == 2)
        #expect(file.diagnostics.first?.summary.hasPrefix("\(path):2:1: error: the record has no ") == true)
        #expect(file.diagnostics.last?.summary.hasPrefix("\(path):4:48: error: 'title' must not be null (.title)") == true, "\(file.diagnostics.last?.summary ?? "")")
    }

    /// `serve` keeps the united store between saves: handed back while the week files hold the
    /// same records, made again when a week file gains a second record of an article.
    @Test func theUnitedStoreFollowsTheWeekFilesUnderServe() throws {
        let site = try TemporaryFolder("gazette-store-memo")
        let memo = ContentMemo()
        try site.write("content/articles/2026-W47.jsonl", ArticleStore.line(Self.article("aaaaaaaaaaaa", queries: ["금리"])) + "\n")
        func load() -> [Article] {
            let articles = ArticleStore.load(siteRoot: site.url, cache: memo).articles
            memo.end()
            return articles
        }
        #expect(load().map(\.queries) == [["금리"]])
        #expect(load().map(\.queries) == [["금리"]])
        try site.write("content/articles/2026-W48.jsonl", ArticleStore.line(Self.article("aaaaaaaaaaaa", queries: ["반도체"])) + "\n")
        #expect(load().map(\.queries) == [["금리", "반도체"]])
    }

    /// What a merge leaves when git could not use the union driver (a tool that ignores
    /// attributes): an error at each marker line; the records of both sides are kept, so a writer
    /// of the store can repair it.
    @Test func mergeLeftoversAreErrorsAndBothSidesAreKept() {
        let path = "content/articles/2026-W47.jsonl"
        let ours = ArticleStore.line(Self.article("aaaaaaaaaaaa", queries: ["금리"]))
        let theirs = ArticleStore.line(Self.article("aaaaaaaaaaaa", queries: ["반도체"]))
        let other = ArticleStore.line(Self.article("bbbbbbbbbbbb"))
        let text = "<<<<<<< HEAD\n\(ours)\n=======\n\(theirs)\n\(other)\n>>>>>>> 1a2b3c4 (Articles fetched)\n"
        let file = ArticleStore.decode(Data(text.utf8), path: path)
        #expect(file.leftoverLines == [1, 3, 6])
        #expect(file.damage.isEmpty)
        #expect(file.diagnostics.map(\.summary).first?.hasPrefix("\(path):1:1: error: unresolved merge conflict: git left the line '<<<<<<< HEAD'") == true)
        #expect(file.diagnostics.count == 3)
        let united = ArticleStore.united(file.records)
        #expect(united.map(\.id) == ["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
        #expect(united.first?.queries == ["금리", "반도체"])
    }

    /// An article stored on both sides of a merge is one: the richer record, its empty fields
    /// filled from the other, every query; the same whichever side came first.
    @Test func unitingKeepsTheRicherRecordWhateverTheOrder() {
        var plain = Self.article("aaaaaaaaaaaa", queries: ["금리"])
        plain.title = "plain"
        var rich = Self.article("aaaaaaaaaaaa", queries: ["반도체"])
        rich.title = "rich"
        rich.image = "https://example.org/a.jpg"
        rich.publisher = "연합뉴스"
        plain.author = "기자"
        var tie = plain
        tie.title = "another plain"
        for order in [[plain, rich, tie], [tie, rich, plain], [rich, plain, tie], [tie, plain, rich]] {
            let one = ArticleStore.united(order)
            #expect(one.count == 1)
            #expect(one.first?.title == "rich")
            #expect(one.first?.author == "기자" && one.first?.image == "https://example.org/a.jpg")
            #expect(one.first?.queries == ["금리", "반도체"])
        }
        // Equally rich: the one whose line sorts first, on every side.
        #expect(ArticleStore.united([plain, tie]) == ArticleStore.united([tie, plain]))
        #expect(ArticleStore.united([plain, tie]).first?.title == "another plain")
    }

    /// The earlier layout (one JSON array per week) is still read, beside the current one.
    @Test func earlierLayoutIsReadBesideTheCurrentOne() throws {
        let site = try TemporaryFolder("gazette-store")
        let legacy = "[\n" + Self.record("    \"queries\": [\"금리\"],") + "\n]\n"
        _ = try site.write("content/articles/2026-W47.json", legacy)
        var moved = Self.article("aaaaaaaaaaaa", queries: ["반도체"])
        moved.url = "https://example.org/a"
        _ = try site.write("content/articles/2026-W47.jsonl", ArticleStore.encode([moved, Self.article("bbbbbbbbbbbb")]))
        let (articles, diagnostics) = ArticleStore.load(siteRoot: site.url)
        #expect(diagnostics.isEmpty)
        #expect(articles.map(\.id) == ["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
        #expect(articles.first?.queries == ["금리", "반도체"])
    }

    static func record(_ fields: String) -> String {
        """
          {
            "author": null,
            "description": "d",
            "id": "aaaaaaaaaaaa",
        \(fields)
            "published": "2026-11-18T09:00:00+09:00",
            "source": "manual",
            "title": "t",
            "url": "https://example.org/a"
          }
        """
    }

    /// What fetch can write, and what a hand edit plausibly writes, loads: null description,
    /// publisher, author, image, language and queries; missing optional fields.
    @Test func nullableFieldsLoad() throws {
        let text = "[\n" + Self.record("""
                "image": null,
                "language": null,
                "publisher": null,
                "queries": null,
            """).replacingOccurrences(of: "\"description\": \"d\"", with: "\"description\": null") + "\n]\n"
        let articles = ArticleStore.decode(Data(text.utf8), path: "w.json").records
        #expect(articles.count == 1)
        #expect(articles[0].description == "")
        #expect(articles[0].queries.isEmpty)
        #expect(articles[0].image == nil && articles[0].publisher == nil && articles[0].language == nil)
        let minimal = #"{"id": "aaaaaaaaaaaa", "url": "https://e.org/", "title": "t", "source": "manual", "published": "2026-11-18T09:00:00Z"}"#
        #expect(ArticleStore.decode(Data(minimal.utf8), path: "w.jsonl").records.first?.description == "")
        #expect(ArticleStore.decode(Data("[\(minimal)]".utf8), path: "w.json").records.first?.description == "")
    }

    /// A hand-edit error in a file of the earlier layout points at the line and column of the
    /// value, shows the line and a caret, as journal errors do.
    @Test func storeErrorsPointAtTheLineWithACaret() {
        let path = "content/articles/2026-W47.json"
        func diagnostic(_ text: String) -> Diagnostic? { ArticleStore.decode(Data(text.utf8), path: path).damage.first }
        let nullTitle = "[\n" + Self.record("").replacingOccurrences(of: "\"title\": \"t\"", with: "\"title\": null") + "\n]\n"
        #expect(
            diagnostic(nullTitle)?.rendered == """
                \(path):9:14: error: 'title' must not be null ([0].title) — the store is written by 'gazette fetch'; restore the file from git if it was edited by hand
                        "title": null,
                                 ^
                """)
        let numberURL = "[\n" + Self.record("").replacingOccurrences(of: "\"url\": \"https://example.org/a\"", with: "\"url\": 42") + "\n]\n"
        #expect(diagnostic(numberURL)?.summary.hasPrefix("\(path):10:12: error: 'url' must be text ([0].url)") == true)
        let second = "[\n" + Self.record("") + ",\n  {\"id\": \"b\"}\n]\n"
        #expect(diagnostic(second)?.summary.hasPrefix("\(path):12:3: error: record [1] has no ") == true)
        let syntax = "[\n  {\"id\": \"a\",\n   \"url\" \"x\"}\n]\n"
        let rendered = diagnostic(syntax)?.rendered.split(separator: "\n").map(String.init) ?? []
        #expect(rendered.first?.hasPrefix("\(path):3:10: error: not valid JSON: expected ':' after the key, found '\"'") == true)
        #expect(rendered.dropFirst() == [#"       "url" "x"}"#, "             ^"])
        #expect(diagnostic("[\n  {\"id\": \"a\"")?.summary.hasPrefix("\(path):2:13: error: not valid JSON: the file ends") == true)
    }

    /// Refused `url` and `image` values are reported where they are written; the records load.
    @Test func unsafeAddressesAreReportedAtTheirValue() throws {
        let site = try TemporaryFolder("gazette-store")
        var record = Self.article("aaaaaaaaaaaa")
        record.image = "data:image/svg+xml,<svg onload=alert(1)>"
        record.url = " JaVaScRiPt:alert(2)"
        _ = try site.write("content/articles/2026-W47.jsonl", ArticleStore.line(Self.article("bbbbbbbbbbbb")) + "\n" + ArticleStore.line(record) + "\n")
        let (articles, diagnostics) = ArticleStore.load(siteRoot: site.url)
        #expect(articles.count == 2)
        #expect(
            diagnostics.map(\.summary) == [
                "content/articles/2026-W47.jsonl:2:227: warning: article aaaaaaaaaaaa: 'url' dropped: 'javascript:' addresses are not allowed (only http, https) — only http(s) addresses are linked; the article is shown without a link",
                "content/articles/2026-W47.jsonl:2:62: warning: article aaaaaaaaaaaa: 'image' dropped: 'data:' addresses are not allowed (only http, https) — only http(s) images are shown",
            ])
    }

    /// A hidden file in the store folder (a macOS `._` copy, an editor's lock) is not a week file:
    /// `build` skips it as `fetch` always has, so the two never read different stores.
    @Test func hiddenFilesAreNotWeekFiles() throws {
        let site = try TemporaryFolder("gazette-store")
        _ = try site.write("content/articles/2026-W47.jsonl", ArticleStore.encode([Self.article("aaaaaaaaaaaa")]))
        _ = try site.write("content/articles/._2026-W47.jsonl", "not JSON at all")
        _ = try site.write("content/articles/.gitattributes", String(decoding: ArticleStore.attributes, as: UTF8.self))
        let (articles, diagnostics) = ArticleStore.load(siteRoot: site.url)
        #expect(articles.count == 1)
        #expect(diagnostics.isEmpty)
        #expect(ArticleStore.weekFiles(siteRoot: site.url).names == ["2026-W47.jsonl"])
    }
}

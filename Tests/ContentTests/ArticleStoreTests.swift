import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

@Suite struct ArticleStoreTests {
    static let exampleStore = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("content/articles")

    @Test func exampleStoreRoundTripsByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.exampleStore.path).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 3)
        for name in names {
            let data = try Data(contentsOf: Self.exampleStore.appendingPathComponent(name))
            let articles = try ArticleStore.decode(data, path: name).get()
            #expect(ArticleStore.encode(articles) == data, "re-encoding \(name) changed its bytes")
        }
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

    @Test func encodingEscapesAndSorts() {
        let older = Article(
            id: "bbbbbbbbbbbb", url: "https://example.org/a/b", title: "Quote \" and \\ and\ttab", description: "줄\n바꿈",
            source: "manual", publisher: nil, author: nil, published: "2026-11-18T09:00:00+09:00", image: nil, queries: [],
            language: "ko")
        var newer = older
        newer.id = "aaaaaaaaaaaa"
        newer.published = "2026-11-18T01:00:00Z"  // 10:00 in Seoul: newer than 09:00+09:00
        newer.queries = ["금리", "반도체"]
        let text = String(decoding: ArticleStore.encode([older, newer]), as: UTF8.self)
        #expect(text.hasPrefix("[\n  {\n    \"author\": null,\n    \"description\": \"줄\\n바꿈\",\n    \"id\": \"aaaaaaaaaaaa\""))
        #expect(text.contains("\"queries\": [\n      \"금리\",\n      \"반도체\"\n    ],"))
        #expect(text.contains("\"title\": \"Quote \\\" and \\\\ and\\ttab\""))
        #expect(text.contains("\"url\": \"https://example.org/a/b\""))
        #expect(text.hasSuffix("  }\n]\n"))
        #expect(String(decoding: ArticleStore.encode([]), as: UTF8.self) == "[]\n")
    }

    @Test func brokenRecordNamesTheFieldAndFile() {
        let result = ArticleStore.decode(Data(#"[{"id": "x", "url": "https://e.org/"}]"#.utf8), path: "content/articles/2026-W47.json")
        guard case .failure(let diagnostic) = result else {
            Issue.record("a record without a title decoded")
            return
        }
        #expect(diagnostic.summary.hasPrefix("content/articles/2026-W47.json:1:2: error: record [0] has no "))
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
        let articles = try ArticleStore.decode(Data(text.utf8), path: "w.json").get()
        #expect(articles.count == 1)
        #expect(articles[0].description == "")
        #expect(articles[0].queries.isEmpty)
        #expect(articles[0].image == nil && articles[0].publisher == nil && articles[0].language == nil)
        let minimal = #"[{"id": "aaaaaaaaaaaa", "url": "https://e.org/", "title": "t", "source": "manual", "published": "2026-11-18T09:00:00Z"}]"#
        #expect(try ArticleStore.decode(Data(minimal.utf8), path: "w.json").get().first?.description == "")
    }

    /// A hand-edit error points at the line and column of the value, shows the line and a caret,
    /// as journal errors do.
    @Test func storeErrorsPointAtTheLineWithACaret() {
        let path = "content/articles/2026-W47.json"
        func diagnostic(_ text: String) -> Diagnostic? {
            if case .failure(let diagnostic) = ArticleStore.decode(Data(text.utf8), path: path) { return diagnostic }
            return nil
        }
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
        let text = "[\n" + Self.record(#"    "image": "data:image/svg+xml,<svg onload=alert(1)>","#)
            .replacingOccurrences(of: "\"url\": \"https://example.org/a\"", with: "\"url\": \" JaVaScRiPt:alert(2)\"") + "\n]\n"
        _ = try site.write("content/articles/2026-W47.json", text)
        let (articles, diagnostics) = ArticleStore.load(siteRoot: site.url)
        #expect(articles.count == 1)
        #expect(
            diagnostics.map(\.summary) == [
                "content/articles/2026-W47.json:10:12: warning: article aaaaaaaaaaaa: 'url' dropped: 'javascript:' addresses are not allowed (only http, https) — only http(s) addresses are linked; the article is shown without a link",
                "content/articles/2026-W47.json:6:14: warning: article aaaaaaaaaaaa: 'image' dropped: 'data:' addresses are not allowed (only http, https) — only http(s) images are shown",
            ])
    }

    /// A hidden file in the store folder (a macOS `._` copy, an editor's lock) is not a week file:
    /// `build` skips it as `fetch` always has, so the two never read different stores.
    @Test func hiddenFilesAreNotWeekFiles() throws {
        let site = try TemporaryFolder("gazette-store")
        _ = try site.write("content/articles/2026-W47.json", "[\n" + Self.record("") + "\n]\n")
        _ = try site.write("content/articles/._2026-W47.json", "not JSON at all")
        let (articles, diagnostics) = ArticleStore.load(siteRoot: site.url)
        #expect(articles.count == 1)
        #expect(diagnostics.isEmpty)
        #expect(ArticleStore.weekFileNames(in: site.url.appendingPathComponent(ArticleStore.folder)) == ["2026-W47.json"])
    }
}

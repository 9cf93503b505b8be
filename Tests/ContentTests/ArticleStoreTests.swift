import Content
import Foundation
import GazetteModel
import Testing

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
        #expect(diagnostic.summary.hasPrefix("content/articles/2026-W47.json:1:1: error: record [0] has no "))
    }
}

import Foundation
import GazetteModel
import Testing
import TestSupport

@testable import Ingest

/// RSS 2.0 and Atom 1.0 parsed with libxml2: CDATA and HTML in RSS, Atom's text, html and
/// xhtml text constructs, relative links, images.
@Suite struct FeedParserTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func parse(_ file: String, url: String = "https://feeds.example.org/feed") throws -> [Article] {
        let data = try Data(contentsOf: FixtureServer.fixtures.appendingPathComponent(file))
        return try FeedParser.parse(data, url: url, source: "feed:x", label: "feed x", now: Self.now).articles
    }

    @Test func rssWithCDATAAndHTML() throws {
        let articles = try parse("rss.xml")
        #expect(articles.count == 2)
        let first = articles[0]
        #expect(first.title == "금리 동결 & 환율 “안정”")
        #expect(first.description == "한국은행이 기준금리를 동결했다. 시장은 안도했다.")
        #expect(first.url == "https://www.hankyung.com/article/2023111400001")
        #expect(first.author == "김기자")
        #expect(first.publisher == "한국경제")
        #expect(first.published == "2023-11-14T10:00:00+09:00")
        #expect(first.image == "https://img.hankyung.com/photo/1.jpg")
        #expect(first.language == "ko")
        #expect(first.source == "feed:x")
        #expect(first.queries == [])
        let second = articles[1]
        #expect(second.title == "HTML in escaped form: 수출 증가")
        #expect(second.url == "https://www.hankyung.com/article/2023111400002")
        #expect(second.description == "본문만 있는 기사. 수출이 늘었다.")
        #expect(second.image == "https://feeds.example.org/photo/2.png")
    }

    @Test func atomTextConstructs() throws {
        let articles = try parse("atom.xml", url: "https://tech.example.com/atom.xml")
        #expect(articles.map(\.title) == ["Chips rally & AI", "Fabs expand in Asia", "Plain <text> title"])
        #expect(articles[0].url == "https://tech.example.com/2023/11/14/chips")
        #expect(articles[0].description == "Makers of memory chips rose.")
        #expect(articles[0].author == "Sam Lee")
        #expect(articles[0].published == "2023-11-14T09:30:00-05:00")
        #expect(articles[0].publisher == "Example Tech")
        #expect(articles[0].language == "en")
        #expect(articles[1].description == "New fabs open & hire.")
        #expect(articles[1].published == "2023-11-13T08:00:00+00:00")
        #expect(articles[1].image == "https://tech.example.com/img/fab.jpg")
    }

    /// Found by fuzz-page-metadata: a link or image of `https://` alone (no host) passed the
    /// http(s) prefix check, and a page's metadata offered it as the article's image.
    @Test func addressesWithoutAHostAreNotResolved() {
        for href in ["https://", "http://", "https:///", "https://?x", "javascript:alert(1)"] {
            #expect(FeedParser.resolve(href, against: "https://x.org/feed") == nil, "\(href)")
        }
        #expect(FeedParser.resolve("/a.png", against: "https://x.org/feed") == "https://x.org/a.png")
        let page = Data("<html><head><meta property=\"og:image\" content=\"https://  \"><title>t</title></head></html>".utf8)
        #expect(PageMetadata.read(Array(page), url: "https://x.org/a", charset: nil).image == nil)
    }

    /// A Naver News page (as the Naver app shares an article) names the publisher's own page in
    /// its 기사원문 link: read as the article's address, resolved; a link that is no http(s)
    /// address, or a page without that link, names none.
    @Test func aPortalsCopyNamesThePublishersPage() throws {
        let fixture = try String(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/ingest/naver_news_page.html"), encoding: .utf8)
        let page = fixture.replacingOccurrences(of: "{{base}}", with: "https://www.yna.co.kr")
        let read = PageMetadata.read(Array(page.utf8), url: "https://n.news.naver.com/mnews/article/001/0015012345?sid=101", charset: nil)
        #expect(read.original == "https://www.yna.co.kr/view/AKR20261127000100002?input=1195m")
        #expect(read.title == "한은, 기준금리 연 2.50% 동결")
        func original(_ link: String) -> String? {
            PageMetadata.read(Array("<html><body><a class=\"x media_end_head_origin_link\" href=\"\(link)\">기사원문</a></body></html>".utf8), url: "https://n.news.naver.com/a", charset: nil).original
        }
        #expect(original("/view/1") == "https://n.news.naver.com/view/1")
        #expect(original("javascript:alert(1)") == nil)
        #expect(original("https://") == nil)
        #expect(original("https://n.news.naver.com/a") == nil)
        #expect(PageMetadata.read(Array("<html><body><a class=\"origin\" href=\"https://x.org/\">원문</a></body></html>".utf8), url: "https://x.org/a", charset: nil).original == nil)
    }

    @Test func malformedFeedsFailWithAPosition() {
        do {
            _ = try FeedParser.parse(Data("<rss><channel><item></channel></rss>".utf8), url: "https://x.org/", source: "feed:x", label: "feed x", now: Self.now)
            Issue.record("a mismatched tag is not a well-formed feed")
        } catch {
            // Markup's line and column reach the message.
            #expect(error.kind == .unreadable)
            #expect(error.message.hasPrefix("feed x: not a well-formed feed (line 1, column "), "\(error.message)")
        }
        do {
            _ = try FeedParser.parse(Data("<html><body>hi</body></html>".utf8), url: "https://x.org/", source: "feed:x", label: "feed x", now: Self.now)
            Issue.record("an HTML page is not a feed")
        } catch {
            #expect(error.message == "feed x: <html> is neither RSS nor Atom — check the feed's url")
            #expect(error.kind == .unreadable)
        }
    }
}

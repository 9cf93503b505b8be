import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

@testable import Ingest

/// Point 4 of the issue: text, dates, publishers and addresses as the store keeps them.
@Suite struct NormalizationTests {
    @Test func tagsGoWithoutAddingSpace() {
        #expect(PlainText.from(html: "주식<b>형</b> 펀드") == "주식형 펀드")
        #expect(PlainText.from(html: "<span class=\"x\"><b>반도체</b> 수출 <i>회복</i></span>") == "반도체 수출 회복")
    }

    @Test func entitiesNamedAndNumericAreDecoded() {
        #expect(PlainText.from(html: "&lt;속보&gt; 개인 &amp; 기관 &quot;ETF&quot;") == "<속보> 개인 & 기관 \"ETF\"")
        #expect(PlainText.from(html: "&#54924;&#48373; &#x27;인용&#x27; &nbsp;끝 &hellip;") == "회복 '인용' 끝 …")
    }

    @Test func scriptAndStyleAreDroppedAndWhitespaceCollapsed() {
        #expect(PlainText.from(html: "<style>p{}</style>설명  \n  여러   줄<script>alert(1)</script>") == "설명 여러 줄")
        #expect(PlainText.from(html: nil) == "")
        #expect(PlainText.from(html: "  plain   text ") == "plain text")
    }

    @Test func rfc822DatesKeepTheirOffset() {
        #expect(PublishedDate.normalize("Tue, 14 Nov 2023 09:50:00 +0900") == "2023-11-14T09:50:00+09:00")
        #expect(PublishedDate.normalize("14 Nov 2023 07:00 GMT") == "2023-11-14T07:00:00+00:00")
        #expect(PublishedDate.normalize("Tue, 14 Nov 2023 06:00:00 KST") == "2023-11-14T06:00:00+09:00")
        #expect(PublishedDate.normalize("Mon, 13 Nov 23 19:00:00 EST") == "2023-11-13T19:00:00-05:00")
        #expect(PublishedDate.normalize("Wed, 01 Feb 2023 12:00:00 -0330") == "2023-02-01T12:00:00-03:30")
    }

    @Test func isoDatesAreNormalised() {
        #expect(PublishedDate.normalize("2024-01-15T10:00:00Z") == "2024-01-15T10:00:00+00:00")
        #expect(PublishedDate.normalize("2021-09-07T08:32:52+00:00") == "2021-09-07T08:32:52+00:00")
        #expect(PublishedDate.normalize("2023-11-14T09:30:00-05:00") == "2023-11-14T09:30:00-05:00")
        #expect(PublishedDate.normalize("2023-11-13T08:00:00.123+0900") == "2023-11-13T08:00:00+09:00")
        #expect(PublishedDate.normalize("2024-04-26T04:14:38") == "2024-04-26T04:14:38+00:00")
        #expect(PublishedDate.normalize("2024-04-26") == "2024-04-26T00:00:00+00:00")
    }

    @Test func unreadableDatesAreNil() {
        for text in ["어제 오후", "", "32 Nov 2023 10:00 GMT", "2023-13-01T00:00:00Z", "Tue, 14 Nov 2023"] {
            #expect(PublishedDate.normalize(text) == nil, "\(text)")
        }
    }

    @Test func publisherByLongestDomainSuffix() {
        #expect(Publishers.name(forURL: "https://news.tvchosun.com/site/data/1.html") == "TV조선")
        #expect(Publishers.name(forURL: "https://www.chosun.com/economy/2023/") == "조선일보")
        #expect(Publishers.name(forURL: "https://biz.chosun.com/it/") == "조선비즈")
        #expect(Publishers.name(forURL: "https://www.yna.co.kr/view/AKR1") == "연합뉴스")
        #expect(Publishers.name(forURL: "https://www.bbc.co.uk/news/1") == "BBC News")
        #expect(Publishers.name(forURL: "https://notchosun.com/x") == nil)
        #expect(Publishers.name(forURL: "https://example.org/x") == nil)
    }

    @Test func naverNewsPagesNameTheirPressOffice() {
        #expect(Publishers.name(forURL: "https://n.news.naver.com/mnews/article/015/0004912345?sid=101") == "한국경제")
        #expect(Publishers.name(forURL: "https://news.naver.com/main/read.naver?oid=001&aid=123") == "연합뉴스")
    }

    @Test func endpointReplacesSchemeHostAndPortAndPrefixesThePath() {
        #expect(
            Endpoint.url(NaverSource.url, endpoint: "http://127.0.0.1:9000/x", parameters: [])
                == "http://127.0.0.1:9000/x/v1/search/news.json")
        #expect(
            Endpoint.url(MediaStackSource.url, endpoint: "http://127.0.0.1:9000/", parameters: [("keywords", "a b&c+d")])
                == "http://127.0.0.1:9000/v1/news?keywords=a%20b%26c%2Bd")
        #expect(
            Endpoint.url(NewsAPISource.url, endpoint: nil, parameters: [("q", "반도체")])
                == "https://newsapi.org/v2/everything?q=%EB%B0%98%EB%8F%84%EC%B2%B4")
    }

    @Test func secretsAreRedactedFromTextAndURLs() {
        let secrets = Secrets(environment: ["NEWSAPI_KEY": "news-key-123", "MEDIASTACK_KEY": "ms+key/9"])
        #expect(secrets.redact("bad key news-key-123 here") == "bad key *** here")
        #expect(secrets.redact("http://h/v1/news?access_key=whatever&keywords=x") == "http://h/v1/news?access_key=***&keywords=x")
        #expect(secrets.redact("http://h/?keywords=x&access_key=ms%2Bkey%2F9") == "http://h/?keywords=x&access_key=***")
        #expect(secrets.redact("monkey=1&key_words=2") == "monkey=1&key_words=2")
        #expect(Secrets(environment: ["NEWSAPI_KEY": "  "])["NEWSAPI_KEY"] == nil)
    }

    /// Found by fuzz-newsapi and fuzz-mediastack: an image address the URL policy refuses
    /// (`htqps://…`) was stored, and the store then warned about it on every build.
    @Test func imagesTheURLPolicyRefusesAreLeftOut() throws {
        var normalizer = Normalizer(source: "newsapi", query: "q", now: Date(timeIntervalSince1970: 1_700_000_000))
        let images = ["htqps://cdn.example.com/a.jpg", "javascript:alert(1)", "https://", "//cdn.example.com/a.jpg", "  ", ""]
        for (index, image) in images.enumerated() {
            let made = normalizer.article(Draft(url: "https://example.org/\(index)", title: "t", image: image))
            let article = try #require(made)
            #expect(article.image == nil, "\(image.debugDescription)")
        }
        let kept = normalizer.article(Draft(url: "https://example.org/kept", title: "t", image: " https://cdn.example.com/a.jpg\n"))
        #expect(kept?.image == "https://cdn.example.com/a.jpg")
    }

    @Test func normalizerLeavesOutRecordsItCannotStoreAndSaysSo() throws {
        var normalizer = Normalizer(source: "naver", query: "q", now: Date(timeIntervalSince1970: 1_700_000_000))
        let none = normalizer.article(Draft(url: nil, title: "x"))
        let ftp = normalizer.article(Draft(url: "ftp://example.org/a", title: "x"))
        #expect(none == nil && ftp == nil)
        let made = normalizer.article(Draft(url: "https://Example.org/a?utm_source=x#frag", title: "t", published: "soon"))
        let dated = try #require(made)
        #expect(dated.url == "https://example.org/a")
        #expect(dated.published == "2023-11-14T22:13:20+00:00")
        #expect(dated.id == CanonicalURL.articleID(for: "https://example.org/a"))
        let again = normalizer.article(Draft(url: "https://example.org/a#other", title: "again"))
        #expect(again == nil)
        #expect(
            normalizer.warnings == [
                "2 results without a usable http(s) address left out",
                "1 result without a readable date stored with the time of this fetch",
            ])
    }
}

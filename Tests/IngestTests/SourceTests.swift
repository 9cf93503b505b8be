import Foundation
import GazetteModel
import Testing
import TestSupport

@testable import Ingest

/// Points 1, 3 and 4 against a real HTTP server: the requests each API gets (parameters,
/// paging, headers) and the records made from its documented answers, nulls and oddities included.
@Suite struct SourceTests {
    @Test func naverPagesByStartAndSendsItsHeaders() async throws {
        let server = try FixtureServer(routes: [
            route("/v1/search/news.json", match: ["start": "1"], json(["total": 48213, "items": naverItems(100, prefix: "a")])),
            route("/v1/search/news.json", match: ["start": "101"], json(["total": 48213, "items": naverItems(100, prefix: "b")])),
            route("/v1/search/news.json", match: ["start": "201"], json(["total": 48213, "items": naverItems(100, prefix: "c")])),
        ])
        let found = try await search(naver(server.base, max: 250), "금리 인상")
        #expect(found.articles.count == 250)
        #expect(found.total == 48213)
        let requests = try server.requests()
        #expect(requests.map { $0["start"] } == ["1", "101", "201"])
        for request in requests {
            #expect(request["query"] == "금리 인상")
            #expect(request["display"] == "100")
            #expect(request["sort"] == "date")
            #expect(request.headers["x-naver-client-id"] == "naver-id")
            #expect(request.headers["x-naver-client-secret"] == "naver-secret")
            #expect(request.headers["user-agent"]?.hasPrefix("Gazette/") == true)
            #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
        }
    }

    @Test func naverStopsAtStart1000() async throws {
        let server = try FixtureServer(routes: [
            route("/v1/search/news.json", json(["total": 50000, "items": naverItems(100, prefix: "p")]))
        ])
        let found = try await search(naver(server.base), "q", limit: 5000)
        let starts = try server.requests().compactMap { $0["start"] }
        #expect(starts == (0..<10).map { "\(1 + $0 * 100)" })
        #expect(found.warnings.contains("Naver serves only the first 1000 results of a query (start ≤ 1000)"))
    }

    @Test func naverShortPageEndsPagingAndDisplayFollowsTheLimit() async throws {
        let server = try FixtureServer(routes: [route("/v1/search/news.json", file("naver_news_ok.json"))])
        let found = try await search(naver(server.base, display: 50, max: 30), "주식")
        #expect(found.articles.count == 3)
        let requests = try server.requests()
        #expect(requests.count == 1)
        #expect(requests.first?["display"] == "30")
    }

    @Test func naverDocumentedAnswer() async throws {
        let server = try FixtureServer(routes: [route("/v1/search/news.json", file("naver_news_ok.json"))])
        let articles = try await search(naver(server.base), "주식").articles
        #expect(articles.map(\.title) == ["국내 주식형 펀드 사흘째 자금 순유출", "<속보> 코스피 2,400선 회복…주식시장 반등", "해외주식 투자 늘어난 MZ세대"])
        #expect(articles[0].description == "국내 주식형 펀드에서 사흘 연속 자금이 빠져나갔다. 금융투자협회에 따르면 \"ETF 제외\" 기준 126억원이 순유출됐다...")
        #expect(articles[0].url == "https://www.yna.co.kr/view/AKR20231114000100008")
        #expect(articles[0].publisher == "연합뉴스")
        #expect(articles[0].published == "2023-11-14T09:50:00+09:00")
        #expect(articles[0].queries == ["주식"])
        #expect(articles[0].source == "naver")
        #expect(articles[0].language == "ko")
        #expect(articles[0].image == nil)
        // An empty originallink falls back to link; the publisher comes from the press office.
        #expect(articles[1].url == "https://n.news.naver.com/mnews/article/015/0004912345?sid=101")
        #expect(articles[1].publisher == "한국경제")
        #expect(articles[1].description == "코스피가 외국인 매수세에 힘입어 2,400선을 회복했다. 개인 & 기관은 순매도...")
    }

    @Test func naverNullsEntitiesNestedTagsAndOddDates() async throws {
        let server = try FixtureServer(routes: [route("/v1/search/news.json", file("naver_news_edge.json"))])
        let found = try await search(naver(server.base), "반도체")
        let articles = found.articles
        #expect(articles.count == 3)
        #expect(articles[0].title == "반도체 수출 회복 전망")
        #expect(articles[0].url == "https://news.tvchosun.com/site/data/html_dir/2023/11/14/2023111490001.html?id=7")
        #expect(articles[0].publisher == "TV조선")
        #expect(articles[0].description == "")
        #expect(articles[0].published == "2023-11-14T07:00:00+00:00")
        #expect(articles[1].title == "날짜가 이상한 기사 &'인용'")
        #expect(articles[1].description == "설명 여러 줄")
        #expect(articles[1].publisher == "동아일보")
        #expect(articles[1].published == PublishedDate.format(fixedNow, offset: 0))
        #expect(articles[2].publisher == "조선일보")
        #expect(articles[2].published == "2023-11-14T06:00:00+09:00")
        #expect(
            found.warnings == [
                "1 result without a usable http(s) address left out",
                "1 result without a readable date stored with the time of this fetch",
            ])
    }

    @Test func newsAPIPagesAndStopsAtTheFreePlanLimitWithAWarning() async throws {
        let server = try FixtureServer(routes: [
            route("/v2/everything", match: ["page": "1"], json(["status": "ok", "totalResults": 1342, "articles": newsAPIItems(100, prefix: "1")])),
            route("/v2/everything", match: ["page": "2"], file("newsapi_error_426.json", status: 426)),
        ])
        let found = try await search(newsAPI(server.base, max: 300), "semiconductor OR chips")
        #expect(found.articles.count == 100)
        #expect(found.warnings == ["NewsAPI's plan allows only the first 100 results (maximumResultsReached); paging stopped there"])
        let requests = try server.requests()
        #expect(requests.map { $0["page"] } == ["1", "2"])
        for request in requests {
            #expect(request["q"] == "semiconductor OR chips")
            #expect(request["pageSize"] == "100")
            #expect(request["sortBy"] == "publishedAt")
            #expect(request["language"] == "en")
            #expect(request.headers["x-api-key"] == "newsapi-key")
            #expect(request["apiKey"] == nil)
        }
    }

    @Test func newsAPIDocumentedAnswerWithNulls() async throws {
        let server = try FixtureServer(routes: [route("/v2/everything", file("newsapi_everything_ok.json"))])
        let articles = try await search(newsAPI(server.base, max: 2), "chips").articles
        #expect(articles.count == 2)
        #expect(articles[0].publisher == "The Verge")
        #expect(articles[0].author == "Jane Doe")
        #expect(articles[0].image == "https://cdn.vox-cdn.com/thumbor/example.jpg")
        #expect(articles[0].published == "2023-11-14T13:05:00+00:00")
        #expect(articles[1].publisher == "Yahoo Entertainment")
        #expect(articles[1].author == nil)
        #expect(articles[1].description == "")
        #expect(articles[1].image == nil)
        #expect(articles[1].language == "en")
        #expect(try server.requests().first?["pageSize"] == "2")
    }

    @Test func mediaStackStepsTheOffsetAndStopsPastTheTotal() async throws {
        let server = try FixtureServer(routes: [
            route("/v1/news", match: ["offset": "0"], json(["pagination": ["limit": 100, "offset": 0, "count": 100, "total": 230], "data": mediaStackItems(100, prefix: "a")])),
            route("/v1/news", match: ["offset": "100"], json(["pagination": ["limit": 100, "offset": 100, "count": 100, "total": 230], "data": mediaStackItems(100, prefix: "b")])),
            route("/v1/news", match: ["offset": "200"], json(["pagination": ["limit": 100, "offset": 200, "count": 30, "total": 230], "data": mediaStackItems(30, prefix: "c")])),
        ])
        let found = try await search(mediaStack(server.base), "economy", limit: 1000)
        #expect(found.articles.count == 230)
        let requests = try server.requests()
        #expect(requests.map { $0["offset"] } == ["0", "100", "200"])
        for request in requests {
            #expect(request["access_key"] == "mediastack-key")
            #expect(request["keywords"] == "economy")
            #expect(request["limit"] == "100")
            #expect(request["languages"] == "en,de")
            #expect(request["countries"] == "us,gb")
            #expect(request["sort"] == "published_desc")
        }
    }

    @Test func mediaStackDocumentedAnswer() async throws {
        let server = try FixtureServer(routes: [route("/v1/news", file("mediastack_news_ok.json"))])
        let articles = try await search(mediaStack(server.base, max: 2), "economy").articles
        #expect(articles.map(\.publisher) == ["BBC News", "example-news"])
        #expect(articles[0].image == "https://ichef.bbci.co.uk/news/1024/example.jpg")
        #expect(articles[1].author == nil)
        #expect(articles[1].published == "2023-11-14T09:12:45+00:00")
        #expect(try server.requests().count == 1)
    }

    /// Every API's error bodies, decoded and reported in plain words.
    @Test(arguments: ErrorCase.all)
    func errorBodiesInPlainWords(_ errorCase: ErrorCase) async throws {
        let (source, answer, expected) = (errorCase.source, errorCase.answer, errorCase.expected)
        let path = ["naver": "/v1/search/news.json", "newsapi": "/v2/everything", "mediastack": "/v1/news"][source] ?? ""
        let server = try FixtureServer(routes: [route(path, answer)])
        let api: any SearchSource =
            switch source {
            case "naver": naver(server.base)
            case "newsapi": newsAPI(server.base)
            default: mediaStack(server.base)
            }
        #expect(await failure(api) == expected)
        // 4xx answers (429 without Retry-After included) are not retried.
        #expect(try server.requests().count == 1)
    }

    @Test func serverErrorsAreRetriedWithBackoffThenReported() async throws {
        let server = try FixtureServer(routes: [
            route("/v2/everything", file("error_page.html", status: 502, headers: ["Content-Type": "text/html"]))
        ])
        #expect(
            await failure(newsAPI(server.base))
                == "NewsAPI: HTTP 502 Bad Gateway — an HTML error page instead of NewsAPI's JSON; the service may be down or the endpoint wrong (page title: 502 Bad Gateway: after 3 attempts)")
        #expect(try server.requests().count == 3)
    }

    @Test func aServerErrorThatClearsSucceeds() async throws {
        let server = try FixtureServer(routes: [
            route("/v1/news", ["status": 500, "json": ["error": ["code": "internal_error", "message": "oops"]]], ["status": 503, "body": ""], file("mediastack_news_ok.json"))
        ])
        let found = try await search(mediaStack(server.base, max: 2), "economy")
        #expect(found.articles.count == 2)
        #expect(try server.requests().count == 3)
    }

    @Test func retryAfterIsHonouredOn429() async throws {
        let server = try FixtureServer(routes: [
            route("/v2/everything", file("newsapi_error_429.json", status: 429, headers: ["Retry-After": "1"]), file("newsapi_everything_ok.json"))
        ])
        let started = Date()
        let found = try await search(newsAPI(server.base, max: 2), "chips")
        #expect(found.articles.count == 2)
        #expect(try server.requests().count == 2)
        #expect(Date().timeIntervalSince(started) >= 0.9)
    }

    @Test func aRetryAfterLongerThanTheLimitFailsAtOnce() async throws {
        let server = try FixtureServer(routes: [
            route("/v2/everything", file("newsapi_error_429.json", status: 429, headers: ["Retry-After": "3600"]))
        ])
        #expect(await failure(newsAPI(server.base))?.hasPrefix("NewsAPI: rateLimited — rate limited; try again later") == true)
        #expect(try server.requests().count == 1)
    }

    /// The server's delay is far beyond the limit, so the answer cannot win the race even when a
    /// loaded machine resumes the client late (with a 3 s delay it once arrived first, and the
    /// timeout under test never happened); the limit leaves the connect timeout (half of it) room
    /// on a loaded machine.
    @Test func aSlowServerTimesOutAndIsRetried() async throws {
        let server = try FixtureServer(routes: [route("/v1/search/news.json", ["status": 200, "delay": 120, "body_file": "naver_news_ok.json"])])
        #expect(await failure(naver(server.base), network: testNetwork(timeout: 2, retries: 1)) == "Naver: no complete answer within 2 s (after 2 attempts)")
        #expect(try server.requests().count == 2)
    }

    @Test func aRefusedConnectionIsReportedNotRetried() async throws {
        // A port bound and never listening, held through the request: no other test's server
        // can take it meanwhile.
        let closed = try ClosedPort()
        // async-http-client reports a refusal only when its connect timeout (here 2 s) ends, so
        // the request limit must leave room past it: with 0.5 s, a loaded machine let the
        // request timer fire first and the refusal was reported as a timeout and retried.
        let message = await failure(naver(closed.base), network: testNetwork(timeout: 10))
        withExtendedLifetime(closed) {}
        #expect(message == "Naver: connection refused")
    }

    @Test func aBodyThatTricklesCountsAgainstTheWholeRequestLimit() async throws {
        let server = try FixtureServer(routes: [route("/v1/search/news.json", ["status": 200, "body_delay": 120, "body_file": "naver_news_ok.json"])])
        #expect(await failure(naver(server.base), network: testNetwork(timeout: 2, retries: 0)) == "Naver: no complete answer within 2 s")
    }

    @Test func aTruncatedBodyIsRetried() async throws {
        let server = try FixtureServer(routes: [
            route("/v1/search/news.json", ["status": 200, "truncate": true, "body_file": "naver_news_ok.json"], file("naver_news_ok.json"))
        ])
        let found = try await search(naver(server.base), "주식")
        #expect(found.articles.count == 3)
        #expect(try server.requests().count == 2)
    }

    @Test func anAlwaysTruncatedBodyFails() async throws {
        let server = try FixtureServer(routes: [route("/v1/search/news.json", ["status": 200, "truncate": true, "body_file": "naver_news_ok.json"])])
        let message = await failure(naver(server.base))
        #expect(message == "Naver: the server closed the connection before the whole answer arrived (after 3 attempts)")
        #expect(try server.requests().count == 3)
    }

    @Test func gzipAnswersAreDecompressed() async throws {
        let server = try FixtureServer(routes: [route("/v1/search/news.json", ["status": 200, "gzip": true, "body_file": "naver_news_ok.json"])])
        let found = try await search(naver(server.base), "주식")
        #expect(found.articles.count == 3)
        #expect(try server.requests().first?.headers["accept-encoding"] == "gzip, deflate")
    }
}

/// One scripted error answer and the message it must give.
struct ErrorCase: @unchecked Sendable, CustomTestStringConvertible {
    var source: String
    var answer: [String: Any]
    var expected: String
    var testDescription: String { "\(source) \(answer["status"] ?? 200)" }

    static var all: [ErrorCase] {
        let cases: [(String, [String: Any], String)] = [
            ("naver", file("naver_error_auth.json", status: 401),
             "Naver: 024 — check NAVER_CLIENT_ID and NAVER_CLIENT_SECRET, and that the app has the Search API enabled (HTTP 401 Unauthorized: Authentication failed (인증에 실패했습니다.))"),
            ("naver", file("naver_error_se02.json", status: 400),
             "Naver: SE02 — check the query and display (1–100), start (≤ 1000) and sort (sim or date) (HTTP 400 Bad Request: Invalid display value (부적절한 display 값입니다.))"),
            ("naver", file("error_page.html", status: 403, headers: ["Content-Type": "text/html"]),
             "Naver: HTTP 403 Forbidden — an HTML error page instead of Naver's JSON; the service may be down or the endpoint wrong (page title: 502 Bad Gateway)"),
            ("naver", json(["errorMessage": "Query limit exceeded", "errorCode": "012"], status: 429),
             "Naver: 012 — the daily quota of 25,000 calls is used up; try again tomorrow (HTTP 429 Too Many Requests: Query limit exceeded)"),
            ("newsapi", file("newsapi_error_401.json", status: 401),
             "NewsAPI: apiKeyInvalid — check NEWSAPI_KEY (HTTP 401 Unauthorized: Your API key hasn't been entered correctly. Double check it and try again.)"),
            ("newsapi", file("newsapi_error_429.json", status: 429),
             "NewsAPI: rateLimited — rate limited; try again later (HTTP 429 Too Many Requests: You have been rate limited. Back off for a while before trying the request again.)"),
            ("newsapi", file("newsapi_error_426.json", status: 426),
             "NewsAPI: maximumResultsReached — the plan allows only the first 100 results; lower max_results (HTTP 426 Upgrade Required: You have requested too many results. Developer accounts are limited to a max of 100 results. You are trying to request results 100 to 200. Please upgrade to a paid plan if you need more results.)"),
            ("newsapi", ["status": 200, "body": "{\"status\": \"ok\", \"articles\": [", "headers": ["Content-Type": "application/json"]],
             "NewsAPI: malformed answer — not NewsAPI's JSON; check the endpoint (HTTP 200 OK: {\"status\": \"ok\", \"articles\": [)"),
            ("mediastack", file("mediastack_error_https.json", status: 403),
             "MediaStack: https_access_restricted — the free plan allows only http: use an http:// endpoint (HTTP 403 Forbidden: Access Restricted - Your current Subscription Plan does not support HTTPS Encryption.)"),
            ("mediastack", file("mediastack_error_key.json", status: 200),
             "MediaStack: invalid_access_key — check MEDIASTACK_KEY (HTTP 200 OK: You have not supplied a valid API Access Key.)"),
            ("mediastack", file("mediastack_error_quota.json", status: 429),
             "MediaStack: usage_limit_reached — the monthly quota is used up (HTTP 429 Too Many Requests: Your monthly usage limit has been reached. Please upgrade your Subscription Plan.)"),
            ("mediastack", file("mediastack_error_validation.json", status: 422),
             "MediaStack: validation_error — check sources.mediastack in gazette.yml (HTTP 422 Unprocessable Entity: Validation error)"),
            ("mediastack", ["status": 200, "body": ""],
             "MediaStack: malformed answer — not MediaStack's JSON; check the endpoint (HTTP 200 OK: empty body)"),
        ]
        return cases.map { ErrorCase(source: $0.0, answer: $0.1, expected: $0.2) }
    }
}

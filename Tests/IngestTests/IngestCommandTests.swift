import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

/// `gazette fetch`, `search` and `add` as a person meets them: exit statuses, the summary
/// table, progress on and off a terminal, `--quiet`, and keys that never show (points 7–11).
@Suite struct IngestCommandTests {
    static let keys = [
        "NAVER_CLIENT_ID": "NaverIdSecret42", "NAVER_CLIENT_SECRET": "NaverSecretValue42", "NEWSAPI_KEY": "NewsApiKeyValue42",
        "MEDIASTACK_KEY": "MediaStackKeyValue42",
    ]

    /// A site whose sources all point at `server`.
    func site(_ server: FixtureServer, extra: String = "") throws -> TemporaryFolder {
        let site = try TemporaryFolder("gazette-cli-ingest")
        try site.write(
            "gazette.yml",
            """
            title: 테스트
            sources:
              naver: { queries: [주식, 금리], endpoint: "\(server.base)" }
              newsapi: { queries: [chips], endpoint: "\(server.base)" }
              mediastack: { keywords: [economy], endpoint: "\(server.base)" }
              feeds:
                - { name: hk, url: "\(server.base)/rss" }
            \(extra)
            """)
        return site
    }

    func okRoutes() -> [[String: Any]] {
        [
            route("/v1/search/news.json", file("naver_news_ok.json")), route("/v2/everything", file("newsapi_everything_ok.json")),
            route("/v1/news", file("mediastack_news_ok.json")), route("/rss", file("rss.xml")),
        ]
    }

    /// `--enrich` only reads and fills the store, so a site without sources can use it; plain
    /// `fetch` there still says that no source is configured. The image it fills is downloaded
    /// for thumbnails at once: here a 404, which is a warning naming the article, never a failure.
    @Test func enrichWorksOnASiteWithoutSources() throws {
        let server = try FixtureServer(routes: [route("/page", file("article.html", headers: ["Content-Type": "text/html; charset=utf-8"]))])
        let site = try TemporaryFolder("gazette-enrich-only")
        try site.write("gazette.yml", "title: 테스트\nnetwork: { allow_private: [127.0.0.1] }\n")
        let url = "\(server.base)/page"
        let record = Article(
            id: CanonicalURL.articleID(for: url) ?? "", url: url, title: "t", description: "", source: "manual", publisher: nil,
            author: nil, published: "2023-11-14T10:00:00+09:00", image: nil, queries: [], language: nil)
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode([record]))
        let result = try GazetteCommand.run(["fetch", "--site", site.path, "--enrich"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("no sources configured"))
        #expect(result.stderr.contains("warning: images: article \(record.id): image from 127.0.0.1 not used: HTTP 404 Not Found"), "\(result.stderr)")
        #expect(!site.exists("content/thumbnails"))
        let (articles, _) = ArticleStore.load(siteRoot: site.url)
        #expect(articles.first?.image == "\(server.base)/images/rate.jpg")
        #expect(articles.first?.description == "한국은행이 기준금리를 동결했다.")
        #expect(try server.requests().map(\.path) == ["/page", "/images/rate.jpg"])
        let plain = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path])
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("no sources configured"))
    }

    @Test func fetchPrintsTheSummaryTableAndExitsZero() throws {
        let server = try FixtureServer(routes: okRoutes())
        let site = try site(server)
        let result = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path], environment: Self.keys)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(6)) == [
                "source      query    new  updated  status",
                "naver       주식       3        0  ok",
                "naver       금리       0        0  ok",
                "newsapi     chips      2        0  ok",
                "mediastack  economy    2        0  ok",
                "feed:hk     -          2        0  ok (1 warning)",
            ])
        #expect(lines.last?.hasPrefix("9 new articles, 0 updated, 5 requests in ") == true)
        #expect(lines.last?.hasSuffix("s; wrote content/articles/2023-W46.jsonl.") == true)
        // Off a terminal: one plain line per finished query, no escape codes.
        #expect(result.stderr.contains("naver \"주식\": 3 found\n"))
        #expect(result.stderr.contains("warning: feed:hk: 1 result without a usable http(s) address left out"))
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(ArticleStore.load(siteRoot: site.url).articles.count == 9)
    }

    @Test func aFailedSourceExitsThreeAndTheRestIsStored() throws {
        var routes = okRoutes()
        routes[1] = route("/v2/everything", file("newsapi_error_401.json", status: 401))
        let server = try FixtureServer(routes: routes)
        let site = try site(server)
        let result = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path, "--quiet"], environment: Self.keys)
        #expect(result.status == 3)
        #expect(result.stdout.contains("newsapi     chips      0        0  failed\n"))
        // --quiet: only errors on stderr, no progress, no warnings.
        #expect(
            result.stderr
                == "error: NewsAPI: apiKeyInvalid — check NEWSAPI_KEY (HTTP 401 Unauthorized: Your API key hasn't been entered correctly. Double check it and try again.)\n")
        #expect(ArticleStore.load(siteRoot: site.url).articles.count == 7)
    }

    @Test func configAndStoreErrorsExitOne() throws {
        let server = try FixtureServer(routes: okRoutes())
        let site = try site(server)
        try site.write("content/articles/2023-W46.jsonl", "not json")
        let broken = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path], environment: Self.keys)
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("content/articles/2023-W46.jsonl:1:1: error: not valid JSON"))
        #expect(broken.stderr.contains("fix or restore the file (git checkout) and run again; nothing was fetched or written"))
        try site.write("gazette.yml", "sources: {}\n")
        let config = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path], environment: Self.keys)
        #expect(config.status == 1)
        #expect(config.stderr.contains("'title' is required"))
        #expect(try server.requests().isEmpty)
    }

    @Test func missingKeysSkipWithAClearMessage() throws {
        let server = try FixtureServer(routes: okRoutes())
        let site = try site(server)
        let result = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path], environment: ["NEWSAPI_KEY": "k1234"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: NAVER_CLIENT_ID and NAVER_CLIENT_SECRET are not set; export them to use naver\n"))
        #expect(result.stderr.contains("warning: MEDIASTACK_KEY is not set; export it to use mediastack\n"))
        #expect(result.stdout.contains("naver       -        0        0  skipped (no key)\n"))
        #expect(Set(try server.requests().map(\.path)) == ["/v2/everything", "/rss"])
    }

    @Test func keysNeverAppearInOutputFilesOrErrors() throws {
        let server = try FixtureServer(routes: [
            route("/v1/search/news.json", file("naver_error_auth.json", status: 401)),
            route("/v2/everything", ["status": 500, "body": "key NewsApiKeyValue42 rejected"]),
            route("/v1/news", json(["error": ["code": "invalid_access_key", "message": "bad key MediaStackKeyValue42", "context": ["access_key": "MediaStackKeyValue42"]]], status: 401)),
            route("/rss", file("rss.xml")),
        ])
        let site = try site(server)
        let result = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path, "--verbose", "--enrich", "--retries", "0"], environment: Self.keys)
        let search = try GazetteCommand.run(["search", "economy", "--site", site.path, "--save", "--verbose"], environment: Self.keys)
        #expect(result.status == 3)
        #expect(search.status == 3)
        #expect(result.stderr.contains("access_key=***&keywords=economy"))
        #expect(result.stderr.contains("error: NewsAPI: HTTP 500 Internal Server Error — the service failed; try again later (key *** rejected)"))
        var everything = result.stdout + result.stderr + search.stdout + search.stderr
        for (path, data) in Repository.snapshot(site.url) { everything += path + String(decoding: data, as: UTF8.self) }
        for key in Self.keys.values { #expect(!everything.contains(key), "\(key) leaked") }
        // The server did get them, so they were in play.
        let seen = try server.requests()
        #expect(seen.contains { $0["access_key"] == "MediaStackKeyValue42" })
        #expect(seen.contains { $0.headers["x-naver-client-secret"] == "NaverSecretValue42" })
    }

    @Test func onATerminalProgressIsOneLiveLine() throws {
        let server = try FixtureServer(routes: okRoutes())
        let site = try site(server)
        let command = ([GazetteCommand.executable.path, "fetch", "--no-thumbnails", "--site", site.path]).map { "'\($0)'" }.joined(separator: " ")
        let result = try GazetteCommand.runShell("script -qec \(shellQuote(command)) /dev/null", environment: Self.keys)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\r\u{1B}[Kfetching: "))
        #expect(result.stdout.contains("naver 6✓"))
        #expect(!result.stdout.contains("naver \"주식\": 3 found"))
        #expect(result.stdout.contains("source      query    new  updated  status"))
    }

    @Test func searchPrintsResultsRemembersQueriesAndSavesOnRequest() throws {
        let refused = route("/v1/news", match: ["keywords": "실패한검색"], json(["error": ["code": "invalid_access_key", "message": "no"]], status: 401))
        let server = try FixtureServer(routes: [refused] + okRoutes())
        let site = try site(server)
        let first = try GazetteCommand.run(["search", "주식", "--source", "naver", "--site", site.path, "--limit", "3"], environment: Self.keys)
        #expect(first.status == 0)
        #expect(
            first.stdout == """
                naver — 3 of 48,213
                  국내 주식형 펀드 사흘째 자금 순유출
                    연합뉴스 · 2023-11-14 09:50 · https://www.yna.co.kr/view/AKR20231114000100008
                  <속보> 코스피 2,400선 회복…주식시장 반등
                    한국경제 · 2023-11-14 09:31 · https://n.news.naver.com/mnews/article/015/0004912345?sid=101
                  해외주식 투자 늘어난 MZ세대
                    한국경제 · 2023-11-14 08:05 · https://www.hankyung.com/article/2023111412345

                """)
        #expect(!site.exists("content/articles"))
        #expect(try server.requests().first?["display"] == "3")
        _ = try GazetteCommand.run(["search", "Chips", "--source", "newsapi", "--site", site.path], environment: Self.keys)
        _ = try GazetteCommand.run(["search", "chips", "--source", "newsapi", "--site", site.path], environment: Self.keys)
        _ = try GazetteCommand.run(["search", "economy", "--source", "mediastack", "--site", site.path, "--save"], environment: Self.keys)
        // A search no source answered (no keys here) is not remembered (issue 48).
        let unanswered = try GazetteCommand.run(["search", "실패한검색", "--source", "mediastack", "--site", site.path], environment: Self.keys)
        #expect(unanswered.status == 3, "\(unanswered.stderr)")
        let history = try GazetteCommand.run(["search", "--site", site.path])
        #expect(history.status == 0)
        let rows = history.stdout.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(rows == ["2 chips", "1 economy", "1 주식"])
        #expect(history.stdout.contains("오늘"))
        #expect(ArticleStore.load(siteRoot: site.url).articles.map(\.queries) == [["economy"], ["economy"]])
    }

    /// A host that does not exist is said in words, not as the resolver's error type (issue 48).
    @Test func anUnknownHostIsSaidInWords() throws {
        let site = try TemporaryFolder("gazette-dns")
        try site.write("gazette.yml", "title: 테스트\n")
        let result = try GazetteCommand.run(["add", "http://no-such-host.invalid/x", "--site", site.path, "--no-thumbnails"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: http://no-such-host.invalid/x: the host name could not be found: check the address, and that this machine is online\n")
    }

    /// `gazette new URL` for a page the store lacks stores it as `add` does, and the journal
    /// gets the page's title (issue 48); a page that cannot be fetched leaves a warning, and
    /// with --title the journal links the URL as written.
    @Test func newStoresAnArticleTheStoreLacks() throws {
        let server = try FixtureServer(routes: [
            route("/news/1", file("article.html", headers: ["Content-Type": "text/html; charset=utf-8"])),
            route("/missing", ["status": 404, "body": "<html><title>Not here</title></html>", "headers": ["Content-Type": "text/html"]]),
        ])
        let site = try site(server, extra: "authors:\n  me: { name: 나 }\n")
        let url = "\(server.base)/news/1"
        let made = try GazetteCommand.run(["new", url, "--site", site.path, "--author", "me", "--no-thumbnails"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("Stored \(CanonicalURL.articleID(for: url) ?? "") in content/articles/2023-W46.jsonl"))
        let path = try #require(made.stdout.split(separator: "\n").last.map(String.init))
        #expect(try site.read(path).contains("title: \"한은, 기준금리 3.50% 동결 & 환율 안정\""))
        #expect(ArticleStore.load(siteRoot: site.url).articles.map(\.url) == [url])
        // Asked again, nothing is fetched: the article is stored.
        _ = try GazetteCommand.run(["new", url, "--site", site.path, "--author", "me", "--title", "다시"])
        #expect(try server.requests(to: "/news/1").count == 1)
        let missing = try GazetteCommand.run(["new", "\(server.base)/missing", "--site", site.path, "--author", "me", "--title", "없는 기사"])
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("warning: could not store the article: "))
        #expect(missing.stderr.contains("HTTP 404"))
    }

    /// A Naver News page, as the Naver app shares an article, is the publisher's article: `add`
    /// stores it under the publisher's address (its 기사원문 link), as `fetch` stores what the
    /// Naver API finds, so the week lists the story once; `new` then names that address, and
    /// adding the copy again, or the publisher's page, is the same record.
    @Test func aNaverNewsPageIsStoredUnderThePublishersAddress() throws {
        let server = try FixtureServer(routes: [
            route("/mnews/article/001/0015012345", file("naver_news_page.html", headers: ["Content-Type": "text/html; charset=utf-8"])),
            route("/view/AKR20261127000100002", file("article.html", headers: ["Content-Type": "text/html; charset=utf-8"])),
        ])
        let site = try site(server)
        let copy = "\(server.base)/mnews/article/001/0015012345?sid=101"
        let original = "\(server.base)/view/AKR20261127000100002?input=1195m"
        let added = try GazetteCommand.run(["add", copy, "--site", site.path, "--no-thumbnails"])
        #expect(added.status == 0, "\(added.stderr)")
        let id = CanonicalURL.articleID(for: original) ?? ""
        #expect(
            added.stdout == "The page is a news portal's copy of \(original): the article is stored under the publisher's address, as gazette fetch stores it\n"
                + "Added \(id) in content/articles/2026-W48.jsonl: 한은, 기준금리 연 2.50% 동결\n", "\(added.stdout)")
        let stored = ArticleStore.load(siteRoot: site.url).articles
        #expect(stored.map(\.url) == [original])
        #expect(stored.first?.publisher != "네이버 뉴스")
        #expect(stored.first?.published == "2026-11-27T10:05:00+09:00")
        let again = try GazetteCommand.run(["add", copy, "--site", site.path, "--no-thumbnails"])
        #expect(again.stdout.hasSuffix("Already stored: \(id) in content/articles/2026-W48.jsonl: 한은, 기준금리 연 2.50% 동결\n"), "\(again.stdout)")
        let new = try GazetteCommand.run(["new", copy, "--site", site.path, "--author", "me", "--no-thumbnails"])
        #expect(new.status == 0, "\(new.stderr)")
        let path = try #require(new.stdout.split(separator: "\n").last.map(String.init))
        let journal = try site.read(path)
        #expect(journal.contains("article: \(original)") || journal.contains("article: \"\(original)\""), "\(journal)")
        #expect(ArticleStore.load(siteRoot: site.url).articles.count == 1)
        #expect(try server.requests(to: "/view/AKR20261127000100002").isEmpty)
    }

    /// The mobile page of an article the store holds under its desktop address (shared from a
    /// phone's browser) is that article: `add` says it is stored, fetching nothing, and `new`
    /// writes a journal about it with its headline.
    @Test func theMobilePageOfAStoredArticleIsNotStoredTwice() throws {
        let site = try TemporaryFolder("gazette-cli-mobile")
        let desktop = "https://www.yna.co.kr/view/AKR20261127000100002"
        let article = Article(
            id: try #require(CanonicalURL.articleID(for: desktop)), url: desktop, title: "한은, 기준금리 동결", description: "동결했다.", source: "naver",
            publisher: "연합뉴스", author: nil, published: "2026-11-27T10:05:00+09:00", image: "https://img.yna.co.kr/a.jpg", queries: ["금리"], language: "ko")
        try site.write("gazette.yml", "title: 테스트\nauthors: { me: 나 }\n")
        try site.write("content/articles/2026-W48.jsonl", String(decoding: ArticleStore.encode([article]), as: UTF8.self))
        let before = try site.read("content/articles/2026-W48.jsonl")
        let mobile = "https://m.yna.co.kr/view/AKR20261127000100002"
        let added = try GazetteCommand.run(["add", mobile, "--site", site.path, "--no-thumbnails"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Already stored: \(article.id) in content/articles/2026-W48.jsonl: 한은, 기준금리 동결\n")
        let new = try GazetteCommand.run(["new", mobile, "--site", site.path, "--author", "me"])
        #expect(new.status == 0, "\(new.stderr)")
        let path = try #require(new.stdout.split(separator: "\n").last.map(String.init))
        let journal = try site.read(path)
        #expect(journal.contains("title: \"한은, 기준금리 동결\""), "\(journal)")
        #expect(try site.read("content/articles/2026-W48.jsonl") == before)
    }

    /// Thumbnails of `add` are ArticleImageTests' (`addMakesTheThumbnailsFetchWouldMake`); here
    /// `--no-thumbnails`, because these pages name images on outside hosts.
    @Test func addStoresAPageFromItsMetadata() throws {
        let server = try FixtureServer(routes: [
            route("/news/1", file("article.html", headers: ["Content-Type": "text/html; charset=utf-8"])),
            route("/short", ["status": 302, "headers": ["Location": "{{base}}/plain"]]),
            route("/plain", file("plain_page.html", headers: ["Content-Type": "text/html"])),
            route("/image.png", ["status": 200, "body": "PNG", "headers": ["Content-Type": "image/png"]]),
            route("/missing", ["status": 404, "body": "<html><title>Not here</title></html>", "headers": ["Content-Type": "text/html"]]),
        ])
        let site = try site(server)
        let url = "\(server.base)/news/1"
        let added = try GazetteCommand.run(["add", url, "--site", site.path, "--no-thumbnails"])
        #expect(added.status == 0)
        let id = CanonicalURL.articleID(for: url) ?? ""
        #expect(added.stdout == "Added \(id) in content/articles/2023-W46.jsonl: 한은, 기준금리 3.50% 동결 & 환율 안정\n")
        let article = try #require(ArticleStore.load(siteRoot: site.url).articles.first)
        #expect(article.source == "manual")
        #expect(article.description == "한국은행이 기준금리를 동결했다.")
        #expect(article.image == "\(server.base)/images/rate.jpg")
        #expect(article.publisher == "예시일보")
        #expect(article.author == "박기자")
        #expect(article.published == "2023-11-14T10:15:00+09:00")
        #expect(article.language == "ko")
        #expect(article.queries == [])
        let again = try GazetteCommand.run(["add", url, "--site", site.path, "--no-thumbnails"])
        #expect(again.stdout == "Already stored: \(id) in content/articles/2023-W46.jsonl: 한은, 기준금리 3.50% 동결 & 환율 안정\n")
        #expect(try server.requests(to: "/news/1").count == 1)

        let redirected = try GazetteCommand.run(["add", "\(server.base)/short", "--site", site.path, "--no-thumbnails"])
        #expect(redirected.status == 0)
        let plain = try #require(ArticleStore.load(siteRoot: site.url).articles.first { $0.url.hasSuffix("/short") })
        #expect(plain.title == "A page with only a title")
        #expect(plain.description == "Only a meta description.")
        #expect(plain.image == "https://cdn.example.org/card.png")

        let png = try GazetteCommand.run(["add", "\(server.base)/image.png", "--site", site.path, "--no-thumbnails"])
        #expect(png.status == 1)
        #expect(png.stderr == "error: \(server.base)/image.png: not a web page (image/png)\n")
        let missing = try GazetteCommand.run(["add", "\(server.base)/missing", "--site", site.path, "--no-thumbnails"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: \(server.base)/missing: HTTP 404 Not Found — check the address\n")
        let ftp = try GazetteCommand.run(["add", "ftp://example.org/x", "--site", site.path, "--no-thumbnails"])
        #expect(ftp.status == 1)
        #expect(ftp.stderr.hasPrefix("error: 'ftp://example.org/x' is not an http or https address — give the article's full address"))
        // Copied without its scheme, or with it mistyped: the address meant, nothing fetched.
        for (written, meant) in [("www.yna.co.kr/view/AKR1", "https://www.yna.co.kr/view/AKR1"), ("htps://example.org/x", "https://example.org/x")] {
            let typo = try GazetteCommand.run(["add", written, "--site", site.path, "--no-thumbnails"])
            #expect(typo.status == 1)
            #expect(typo.stderr == "error: '\(written)' is not an http or https address — did you mean '\(meant)'?\n", "\(typo.stderr)")
        }
        #expect(ArticleStore.load(siteRoot: site.url).articles.count == 2)
    }

    @Test func anInterruptedFetchLeavesAValidStore() throws {
        let server = try FixtureServer(routes: [
            route("/v1/search/news.json", match: ["query": "주식"], file("naver_news_ok.json")),
            route("/v1/search/news.json", ["status": 200, "delay": 30, "body_file": "naver_news_ok.json"]),
        ])
        let site = try site(server)
        try site.write("gazette.yml", "title: t\nsources:\n  naver: { queries: [주식], endpoint: \"\(server.base)\" }\n")
        #expect(try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path], environment: Self.keys).status == 0)
        try site.write("gazette.yml", "title: t\nsources:\n  naver: { queries: [주식, 금리], endpoint: \"\(server.base)\" }\n")
        let before = Repository.snapshot(site.url.appendingPathComponent("content"))
        let process = Process()
        process.executableURL = GazetteCommand.executable
        process.arguments = ["fetch", "--no-thumbnails", "--site", site.path, "--quiet"]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.keys) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        for _ in 0..<300 where (try server.requests(to: "/v1/search/news.json").count) < 3 { usleep(10_000) }
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<300 where process.isRunning { usleep(10_000) }
        #expect(Repository.snapshot(site.url.appendingPathComponent("content")) == before)
        #expect(ArticleStore.load(siteRoot: site.url).diagnostics.isEmpty)
    }
}

func shellQuote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

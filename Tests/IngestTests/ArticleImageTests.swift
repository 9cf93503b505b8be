import Content
import Foundation
import GazetteModel
import Imaging
import Testing
import TestSupport

@testable import Ingest

/// Images from the site (issue 16, part 2): `gazette fetch` downloads article images from the
/// loopback fixture server, sniffs them, shrinks them with libvips and stores WebP thumbnails
/// in `content/thumbnails/`; whatever is wrong with an image means no image and a warning.
@Suite struct ArticleImageTests {
    /// A feed of one article whose `media:content` image is the fixture server's `/<image>`.
    static func photoFeed(image: String = "photo.jpg") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>f</title>
        <item><title>사진 기사</title><link>https://news.example.com/photo-story</link>
        <description>설명</description><pubDate>Tue, 14 Nov 2023 10:00:00 +0900</pubDate>
        <media:content url="{{base}}/\(image)" medium="image"/></item>
        </channel></rss>
        """
    }

    /// No retries, so request counts are exact; a generous time limit, because on a loaded
    /// 2-core machine an 800 KB answer from the Python server can take seconds, and no test
    /// here waits for a time limit to run out.
    static func imageNetwork() -> NetworkSettings { testNetwork(timeout: 120, retries: 0) }

    func record(_ n: Int, image: String) -> Article {
        let url = "https://news.example.com/story/\(n)"
        return Article(
            id: CanonicalURL.articleID(for: url) ?? "", url: url, title: "기사 \(n)", description: "설명 \(n)", source: "manual",
            publisher: nil, author: nil, published: "2023-11-14T1\(n % 10):00:00+09:00", image: image, queries: [], language: "ko")
    }

    /// A site whose gazette.yml lets data reach the loopback fixture server
    /// (`network: { allow_private: [127.0.0.1] }`): article images are data, refused on
    /// private addresses otherwise (AddressPolicyTests).
    static func loopbackConfig(sources: SiteConfig.Sources = SiteConfig.Sources()) -> SiteConfig {
        var config = SiteConfig(title: "T", sources: sources)
        config.network.allowPrivate = [IPAddressRange("127.0.0.1")].compactMap { $0 }
        return config
    }

    /// `fetch --enrich` on a site with no sources: only stored records are read and filled.
    func enrich(
        _ site: TemporaryFolder, config: SiteConfig = ArticleImageTests.loopbackConfig(), network: NetworkSettings = ArticleImageTests.imageNetwork()
    ) async throws -> FetchReport {
        var request = FetchRequest()
        request.enrich = true
        request.network = network
        request.now = fixedNow
        return try await Fetch.run(request, config: config, siteRoot: site.url, environment: [:])
    }

    @Test func realJPEGPNGAndWebPBecomeSmallWebPThumbnails() async throws {
        let images = try TestImages()
        let server = try FixtureServer(routes: [
            // The header is not what decides: a JPEG served as octet-stream is still a JPEG.
            route("/photo.jpg", ["status": 200, "body_file": images.path("photo.jpg"), "headers": ["Content-Type": "application/octet-stream"]]),
            route("/photo.png", ["status": 200, "body_file": images.path("photo.png"), "headers": ["Content-Type": "image/png"]]),
            route("/moved.webp", ["status": 302, "headers": ["Location": "{{base}}/photo.webp"]]),
            route("/photo.webp", ["status": 200, "body_file": images.path("photo.webp"), "headers": ["Content-Type": "image/webp"]]),
        ])
        let site = try TemporaryFolder("gazette-thumbs")
        let records = [
            record(1, image: "\(server.base)/photo.jpg"), record(2, image: "\(server.base)/photo.png"),
            record(3, image: "\(server.base)/moved.webp"),
        ]
        let store = try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode(records))
        let storeBefore = try Data(contentsOf: store)

        let report = try await enrich(site)
        #expect(!report.failed)
        let row = try #require(report.rows.first { $0.job.source == "images" })
        #expect(row.found == 3)
        #expect(row.thumbnails == 3)
        #expect(row.warnings.isEmpty, "\(row.warnings)")
        #expect(report.thumbnails.count == 6)
        for article in records {
            let names = ArticleThumbnails.names(for: article)
            #expect(names.count == 2)
            for (name, size) in zip(names, ArticleThumbnails.sizes) {
                let data = try Data(contentsOf: site.url.appendingPathComponent("\(ArticleThumbnails.folder)/\(name)"))
                #expect(ImageFormat.sniff(data) == .webp, "\(name)")
                #expect(data.count <= 40 << 10, "\(name) is \(data.count) bytes")
                let dimensions = try Thumbnailer.dimensions(of: data)
                #expect(dimensions.width == size.width && dimensions.height == size.height, "\(name)")
            }
        }
        // Originals are never kept; the store's bytes are untouched (its format did not change).
        let kept = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent(ArticleThumbnails.folder).path)
        #expect(kept.count == 6 && kept.allSatisfy { $0.hasSuffix(".webp") && !$0.hasPrefix(".") })
        #expect(try Data(contentsOf: store) == storeBefore)

        // A second run has every thumbnail: no image is downloaded again.
        let again = try await enrich(site)
        #expect(!again.rows.contains { $0.job.source == "images" })
        #expect(try server.requests(to: "/photo.jpg").count == 1)
        #expect(try server.requests(to: "/photo.png").count == 1)
        #expect(try server.requests(to: "/photo.webp").count == 1)
    }

    @Test func aMissingBrokenOversizedOrFakeImageIsNoImageWithAWarning() async throws {
        let images = try TestImages(bomb: true)
        let server = try FixtureServer(routes: [
            route("/fake.jpg", ["status": 200, "body": "<!DOCTYPE html><html><head><title>Login</title></head><body>no</body></html>", "headers": ["Content-Type": "image/jpeg"]]),
            route("/loop-a.jpg", ["status": 302, "headers": ["Location": "{{base}}/loop-b.jpg"]]),
            route("/loop-b.jpg", ["status": 302, "headers": ["Location": "{{base}}/loop-a.jpg"]]),
            route("/bomb.png", ["status": 200, "body_file": images.path("bomb.png"), "headers": ["Content-Type": "image/png"]]),
            route("/broken.png", ["status": 200, "body_file": images.path("broken.png"), "headers": ["Content-Type": "image/png"]]),
            route("/huge.jpg", ["status": 200, "body_file": images.path("photo.png"), "headers": ["Content-Type": "image/jpeg"]]),
            route("/busy.jpg", ["status": 503, "body": "busy"]),
        ])
        let site = try TemporaryFolder("gazette-bad-images")
        let cases: [(path: String, reason: String)] = [
            ("/fake.jpg", "not a JPEG, PNG or WebP image but a web page (HTML) served as image/jpeg"),
            ("/missing.jpg", "HTTP 404"),
            ("/loop-a.jpg", "redirects go round in a circle"),
            ("/bomb.png", "the image claims 30000×30000 pixels, over the limit"),
            ("/broken.png", "the PNG file is broken or truncated"),
            ("/huge.jpg", "the answer is larger than 512 KB"),
            ("/busy.jpg", "HTTP 503"),
        ]
        let records = cases.enumerated().map { record($0.offset, image: server.base + $0.element.path) }
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode(records))
        var network = Self.imageNetwork()
        network.maxImageBytes = 512 << 10

        let report = try await enrich(site, network: network)
        #expect(!report.failed, "a bad image never fails the fetch")
        let row = try #require(report.rows.first { $0.job.source == "images" })
        #expect(row.status == .ok)
        #expect(row.found == cases.count)
        #expect(row.thumbnails == 0)
        #expect(report.thumbnails.isEmpty)
        #expect(!site.exists(ArticleThumbnails.folder))
        for (article, expected) in zip(records, cases) {
            let prefix = "article \(article.id): image from 127.0.0.1 not used: "
            let warning = row.warnings.first { $0.hasPrefix(prefix) }
            #expect(warning?.contains(expected.reason) == true, "\(expected.path): \(warning ?? "no warning")")
        }
        // The whole address is never shown (it may carry a token), only its host.
        #expect(!row.warnings.contains { $0.contains("/bomb.png") || $0.contains(server.base) })

        // Lasting failures are remembered and not downloaded again; a 503 is tried again.
        let cache = try site.read(".gazette/\(ImageFailureCache.file)")
        #expect(cache.contains("HTTP 404") && cache.contains("30000×30000") && !cache.contains("503"))
        let again = try await enrich(site, network: network)
        #expect(again.rows.first { $0.job.source == "images" }?.found == 1)
        for path in ["/fake.jpg", "/missing.jpg", "/bomb.png", "/broken.png", "/huge.jpg"] {
            #expect(try server.requests(to: path).count == 1, "\(path)")
        }
        #expect(try server.requests(to: "/busy.jpg").count == 2)
    }

    @Test func aNewArticleFromAFeedGetsItsThumbnailAndADryRunDownloadsNothing() async throws {
        let images = try TestImages()
        let rss = ArticleImageTests.photoFeed()
        let server = try FixtureServer(routes: [
            route("/feed.xml", ["status": 200, "body": rss, "headers": ["Content-Type": "application/rss+xml"]]),
            route("/photo.jpg", ["status": 200, "body_file": images.path("photo.jpg"), "headers": ["Content-Type": "image/jpeg"]]),
        ])
        let site = try TemporaryFolder("gazette-feed-image")
        var sources = SiteConfig.Sources()
        sources.feeds = [.init(name: "photos", url: "\(server.base)/feed.xml")!]
        let config = Self.loopbackConfig(sources: sources)
        var request = FetchRequest()
        request.network = Self.imageNetwork()
        request.now = fixedNow

        request.dryRun = true
        _ = try await Fetch.run(request, config: config, siteRoot: site.url, environment: [:])
        #expect(try server.requests(to: "/photo.jpg").isEmpty)

        request.dryRun = false
        let report = try await Fetch.run(request, config: config, siteRoot: site.url, environment: [:])
        let row = report.rows.first { $0.job.source == "images" }
        #expect(row?.thumbnails == 1, "\(row?.warnings ?? [])")
        let (stored, _) = ArticleStore.load(siteRoot: site.url)
        let article = try #require(stored.first)
        for name in ArticleThumbnails.names(for: article) {
            #expect(site.exists("\(ArticleThumbnails.folder)/\(name)"), "\(name)")
        }
        // Fetching again finds nothing new: the stored article's image is not fetched again.
        _ = try await Fetch.run(request, config: config, siteRoot: site.url, environment: [:])
        #expect(try server.requests(to: "/photo.jpg").count == 1)
    }

    @Test func anImageAFetchFillsIntoAStoredArticleGetsItsThumbnail() async throws {
        let images = try TestImages()
        let rss = Self.photoFeed(image: "photo.png")
        let server = try FixtureServer(routes: [
            route("/feed.xml", ["status": 200, "body": rss, "headers": ["Content-Type": "application/rss+xml"]]),
            route("/photo.png", ["status": 200, "body_file": images.path("photo.png"), "headers": ["Content-Type": "image/png"]]),
        ])
        let site = try TemporaryFolder("gazette-filled-image")
        // Stored before, without an image: the feed's image fills it in (the store never replaces a value).
        var stored = record(0, image: "")
        stored.url = "https://news.example.com/photo-story"
        stored.id = CanonicalURL.articleID(for: stored.url) ?? ""
        stored.image = nil
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode([stored]))
        var sources = SiteConfig.Sources()
        sources.feeds = [.init(name: "photos", url: "\(server.base)/feed.xml")!]
        var request = FetchRequest()
        request.network = Self.imageNetwork()
        request.now = fixedNow
        let report = try await Fetch.run(request, config: Self.loopbackConfig(sources: sources), siteRoot: site.url, environment: [:])
        let row = report.rows.first { $0.job.source == "images" }
        #expect(row?.thumbnails == 1, "\(row?.warnings ?? [])")
        let (articles, _) = ArticleStore.load(siteRoot: site.url)
        let filled = try #require(articles.first)
        #expect(filled.image == "\(server.base)/photo.png")
        for name in ArticleThumbnails.names(for: filled) {
            #expect(site.exists("\(ArticleThumbnails.folder)/\(name)"), "\(name)")
        }
    }

    /// Thumbnails no stored article names any more (a record deleted or its image edited by
    /// hand) are deleted by the next `fetch`, after it wrote the store, and only files of
    /// Gazette's own name pattern: other files, near-misses and subfolders stay. A dry run
    /// lists them and deletes nothing; a broken store stops the fetch before anything goes.
    @Test func fetchDeletesThumbnailsNoStoredArticleNames() async throws {
        let images = try TestImages()
        let server = try FixtureServer(routes: [
            route("/a.jpg", ["status": 200, "body_file": images.path("photo.jpg")]),
            route("/b.png", ["status": 200, "body_file": images.path("photo.png")]),
            route("/c.webp", ["status": 200, "body_file": images.path("photo.webp")]),
        ])
        let site = try TemporaryFolder("gazette-prune")
        let kept = record(1, image: "\(server.base)/a.jpg")
        let dropped = record(2, image: "\(server.base)/b.png")
        var edited = record(3, image: "\(server.base)/b.png")
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode([kept, dropped, edited]))
        _ = try await enrich(site)
        let before = ArticleThumbnails.names(for: dropped) + ArticleThumbnails.names(for: edited)
        for name in ArticleThumbnails.names(for: kept) + before { #expect(site.exists("\(ArticleThumbnails.folder)/\(name)"), "\(name)") }
        // Files that are not Gazette's thumbnails, beside them.
        let strangers = [
            "notes.txt", "keep-me.webp", "\(dropped.id)-1234567-160x90.webp", "\(dropped.id)-DEADBEEF-160x90.webp",
            "\(dropped.id)-deadbeef-100x100.webp", "\(ArticleThumbnails.names(for: dropped)[0]).tmp", "old/\(ArticleThumbnails.names(for: dropped)[0])",
        ]
        for name in strangers { try site.write("\(ArticleThumbnails.folder)/\(name)", "mine") }

        // By hand: one record deleted, one record's image changed.
        edited.image = "\(server.base)/c.webp"
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode([kept, edited]))
        var dry = FetchRequest()
        dry.enrich = true
        dry.dryRun = true
        dry.network = Self.imageNetwork()
        let preview = try await Fetch.run(dry, config: Self.loopbackConfig(), siteRoot: site.url, environment: [:])
        let expected = before.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "\(ArticleThumbnails.folder)/\($0)" }
        #expect(preview.removedThumbnails == expected)
        for name in before { #expect(site.exists("\(ArticleThumbnails.folder)/\(name)"), "a dry run deleted \(name)") }

        // A broken week file stops the fetch: nothing is deleted on the word of half a store.
        try site.write("content/articles/2023-W45.jsonl", "[ broken")
        await #expect(throws: DiagnosticsError.self) { _ = try await enrich(site) }
        for name in before { #expect(site.exists("\(ArticleThumbnails.folder)/\(name)"), "\(name)") }
        try FileManager.default.removeItem(at: site.url.appendingPathComponent("content/articles/2023-W45.jsonl"))

        let report = try await enrich(site)
        #expect(report.removedThumbnails == expected)
        #expect(report.warnings.isEmpty)
        for name in before { #expect(!site.exists("\(ArticleThumbnails.folder)/\(name)"), "\(name) is still there") }
        for name in ArticleThumbnails.names(for: kept) + ArticleThumbnails.names(for: edited) {
            #expect(site.exists("\(ArticleThumbnails.folder)/\(name)"), "\(name)")
        }
        for name in strangers { #expect(try site.read("\(ArticleThumbnails.folder)/\(name)") == "mine", "\(name)") }
        #expect(try server.requests(to: "/c.webp").count == 1)
    }

    /// The command says what it deleted, and a dry run what it would.
    @Test func fetchReportsTheThumbnailsItDeletes() throws {
        let site = try TemporaryFolder("gazette-prune-cli")
        try site.write("gazette.yml", "title: T\n")
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode([]))
        let orphan = "\(ArticleThumbnails.folder)/abcdef123456-deadbeef-160x90.webp"
        try site.write(orphan, "old")
        try site.write("\(ArticleThumbnails.folder)/readme.txt", "mine")
        let dry = try GazetteCommand.run(["fetch", "--enrich", "--dry-run", "--site", site.path])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("; would delete 1 unused thumbnail.\n"), "\(dry.stdout)")
        #expect(site.exists(orphan))
        let run = try GazetteCommand.run(["fetch", "--enrich", "--site", site.path])
        #expect(run.stdout.contains("; deleted 1 unused thumbnail.\n"), "\(run.stdout)")
        #expect(!site.exists(orphan))
        #expect(try site.read("\(ArticleThumbnails.folder)/readme.txt") == "mine")
    }

    @Test func thumbnailNamesAreRecognisedExactly() {
        let article = record(1, image: "https://img.example.com/a.jpg")
        for name in ArticleThumbnails.names(for: article) { #expect(ArticleThumbnails.isThumbnailName(name), "\(name)") }
        for name in ["a-deadbeef-160x90.webp", "my-id_2-0123abcd-320x180.webp"] { #expect(ArticleThumbnails.isThumbnailName(name), "\(name)") }
        for name in [
            "deadbeef-160x90.webp", "-deadbeef-160x90.webp", "a-deadbee-160x90.webp", "a-deadbeef-160x91.webp", "a-deadbeef-160x90.jpg",
            "a-DEADBEEF-160x90.webp", "a/b-deadbeef-160x90.webp", ".a-deadbeef-160x90.webp", "a-deadbeef-160x90.webp.tmp",
        ] {
            #expect(!ArticleThumbnails.isThumbnailName(name), "\(name)")
        }
    }

    /// `gazette add` makes the thumbnails `fetch` makes for a new article (issue 16): the
    /// page's image on the allowed loopback server becomes two WebP files, and `add` says so;
    /// a fake image is a warning and the record is stored all the same.
    @Test func addMakesTheThumbnailsFetchWouldMake() throws {
        let images = try TestImages()
        func page(_ image: String) -> [String: Any] {
            [
                "status": 200, "headers": ["Content-Type": "text/html; charset=utf-8"],
                "body": "<html><head><title>사진 기사</title><meta property=\"og:image\" content=\"\(image)\"></head><body></body></html>",
            ]
        }
        let server = try FixtureServer(routes: [
            route("/story", page("/photo.jpg")),
            route("/photo.jpg", ["status": 200, "body_file": images.path("photo.jpg"), "headers": ["Content-Type": "image/jpeg"]]),
            route("/fake-story", page("{{base}}/fake.jpg")),
            route("/fake.jpg", ["status": 200, "body": "<html>login</html>", "headers": ["Content-Type": "image/jpeg"]]),
        ])
        let site = try TemporaryFolder("gazette-add-thumbs")
        try site.write("gazette.yml", "title: T\nnetwork: { allow_private: [127.0.0.1] }\n")
        let url = "\(server.base)/story"
        let added = try GazetteCommand.run(["add", url, "--site", site.path])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasSuffix(": 사진 기사 (2 thumbnails in content/thumbnails/)\n"), "\(added.stdout)")
        #expect(added.stderr.isEmpty, "\(added.stderr)")
        let article = try #require(ArticleStore.load(siteRoot: site.url).articles.first)
        #expect(article.image == "\(server.base)/photo.jpg")
        let names = ArticleThumbnails.names(for: article)
        #expect(names.count == 2)
        for (name, size) in zip(names, ArticleThumbnails.sizes) {
            let data = try Data(contentsOf: site.url.appendingPathComponent("\(ArticleThumbnails.folder)/\(name)"))
            #expect(ImageFormat.sniff(data) == .webp)
            let dimensions = try Thumbnailer.dimensions(of: data)
            #expect(dimensions.width == size.width && dimensions.height == size.height, "\(name)")
        }
        // Adding it again changes nothing and downloads nothing.
        let again = try GazetteCommand.run(["add", url, "--site", site.path])
        #expect(again.stdout.hasPrefix("Already stored: "))
        #expect(try server.requests(to: "/photo.jpg").count == 1)

        let fake = try GazetteCommand.run(["add", "\(server.base)/fake-story", "--site", site.path])
        #expect(fake.status == 0)
        #expect(fake.stderr.contains("warning: image from 127.0.0.1 not used: not a JPEG, PNG or WebP image but a web page (HTML) served as image/jpeg"), "\(fake.stderr)")
        #expect(ArticleStore.load(siteRoot: site.url).articles.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent(ArticleThumbnails.folder).path).count == 2)
    }
}

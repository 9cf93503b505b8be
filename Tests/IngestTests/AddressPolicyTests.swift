import Content
import Foundation
import GazetteModel
import Imaging
import Testing
import TestSupport

@testable import Ingest

/// Addresses from data are never trusted (issue 16): article images and the pages
/// `fetch --enrich` reads may not reach loopback, private, link-local, CGNAT, multicast or
/// reserved addresses, literally, through IPv4-mapped and other embedded forms, through a name
/// that resolves there, or through a redirect; `network: allow_private` in gazette.yml allows
/// listed blocks; addresses written in gazette.yml stay trusted.
@Suite struct AddressPolicyTests {
    static let loopback = [IPAddressRange("127.0.0.1")].compactMap { $0 }

    func refusal(_ text: String, allowed: [IPAddressRange] = []) throws -> String? {
        AddressPolicy.refusal(try #require(IPAddress(text), "\(text)"), allowed: allowed)
    }

    @Test func privateLoopbackLinkLocalAndReservedAddressesAreRefused() throws {
        let refused: [(String, String)] = [
            ("127.0.0.1", "loopback"), ("127.255.0.9", "loopback"), ("10.1.2.3", "private"), ("172.16.0.1", "private"),
            ("172.31.255.255", "private"), ("192.168.1.1", "private"), ("169.254.169.254", "link-local"),
            ("100.64.0.1", "carrier-grade NAT"), ("100.127.255.254", "carrier-grade NAT"), ("0.0.0.0", "this network"),
            ("0.1.2.3", "this network"), ("224.0.0.1", "multicast"), ("239.255.255.250", "multicast"), ("255.255.255.255", "reserved"),
            ("::1", "loopback"), ("::", "unspecified"), ("fc00::1", "unique local"), ("fd12:3456::1", "unique local"),
            ("fe80::1", "link-local"), ("ff02::1", "multicast"),
            // IPv4 inside IPv6: mapped, compatible, NAT64 and 6to4 forms are judged by the IPv4 address.
            ("::ffff:127.0.0.1", "loopback"), ("::ffff:169.254.169.254", "link-local"), ("::ffff:10.0.0.1", "private"),
            ("::127.0.0.1", "loopback"), ("64:ff9b::a9fe:a9fe", "link-local"), ("2002:c0a8:0101::1", "private"),
        ]
        for (address, kind) in refused {
            let why = try refusal(address)
            #expect(why?.contains(kind) == true, "\(address): \(why ?? "allowed")")
        }
        for address in ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "192.169.0.1", "2606:4700::1111", "::ffff:8.8.8.8"] {
            #expect(try refusal(address) == nil, "\(address)")
        }
        // What is allowed is exactly what is listed: 127.0.0.1, not the rest of loopback or the LAN.
        #expect(try refusal("127.0.0.1", allowed: Self.loopback) == nil)
        #expect(try refusal("::ffff:127.0.0.1", allowed: Self.loopback) == nil)
        #expect(try refusal("127.0.0.2", allowed: Self.loopback) != nil)
        #expect(try refusal("10.0.0.1", allowed: Self.loopback) != nil)
        let intranet = try #require(IPAddressRange("10.20.0.0/16"))
        #expect(try refusal("10.20.3.4", allowed: [intranet]) == nil)
        #expect(try refusal("10.21.0.1", allowed: [intranet]) != nil)
    }

    @Test func addressRangesParseAsCIDR() {
        #expect(IPAddressRange("10.0.0.0/8")?.description == "10.0.0.0/8")
        #expect(IPAddressRange("127.0.0.1")?.description == "127.0.0.1/32")
        #expect(IPAddressRange("fd00::/8")?.description == "fd00::/8")
        #expect(IPAddressRange("::1")?.description == "::1/128")
        for bad in ["10.0.0.0/33", "fd00::/129", "10.0.0.0/", "localhost", "10.0.0", "2130706433", "10.0.0.0/8/8", "10.0.0.0/-1"] {
            #expect(IPAddressRange(bad) == nil, "\(bad)")
        }
    }

    @Test func gazetteYmlListsTheAllowedBlocksAndRejectsOthers() {
        let good = ConfigLoader.parse(Data("title: t\nnetwork:\n  allow_private: [127.0.0.1, 10.20.0.0/16, \"fd00::/8\"]\n".utf8), path: "gazette.yml")
        #expect(good.diagnostics.isEmpty, "\(good.diagnostics)")
        #expect(good.config?.network.allowPrivate.map(\.description) == ["127.0.0.1/32", "10.20.0.0/16", "fd00::/8"])
        let bad = ConfigLoader.parse(Data("title: t\nnetwork:\n  allow_private: [intranet.local]\n".utf8), path: "gazette.yml")
        #expect(bad.config == nil)
        #expect(bad.diagnostics.map(\.message) == ["'intranet.local' in 'allow_private' is not an address or a CIDR block"])
        #expect(ConfigLoader.parse(Data("title: t\n".utf8), path: "gazette.yml").config?.network.allowPrivate.isEmpty == true)
    }

    /// Images on loopback, on a name that resolves to it, in IPv4-mapped form, at the cloud
    /// metadata address and behind a redirect are refused before any request: a warning each,
    /// no thumbnail, the fetch succeeds, and the refusal is not remembered, so allowing the
    /// address in gazette.yml makes the next run fetch it.
    @Test func imagesOnPrivateAddressesAreRefusedUnlessAllowed() async throws {
        let images = try TestImages()
        let server = try FixtureServer(routes: [
            route("/photo.jpg", ["status": 200, "body_file": images.path("photo.jpg"), "headers": ["Content-Type": "image/jpeg"]]),
            // Allowed first hop (127.0.0.1), refused second (127.0.0.2: loopback, not listed).
            route("/hop.jpg", ["status": 302, "headers": ["Location": "http://127.0.0.2:{{port}}/photo.jpg"]]),
        ])
        let port = try #require(server.base.split(separator: ":").last.map(String.init))
        let site = try TemporaryFolder("gazette-refused-images")
        let images_ = [
            "\(server.base)/photo.jpg", "http://localhost:\(port)/photo.jpg?name", "http://[::ffff:127.0.0.1]:\(port)/photo.jpg?mapped",
            "http://169.254.169.254/latest/meta-data/iam", "\(server.base)/hop.jpg",
        ]
        let records = images_.enumerated().map { ArticleImageTests().record($0.offset, image: $0.element) }
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode(records))

        let report = try await ArticleImageTests().enrich(site, config: SiteConfig(title: "T"))
        #expect(!report.failed)
        let row = try #require(report.rows.first { $0.job.source == "images" })
        #expect(row.status == .ok)
        #expect(row.thumbnails == 0)
        #expect(!site.exists(ArticleThumbnails.folder))
        let expected = [
            "not fetched: 127.0.0.1 is a loopback address", "not fetched: localhost (",
            "not fetched: ::ffff:127.0.0.1 (127.0.0.1) is a loopback address",
            "not fetched: 169.254.169.254 is a link-local address (where cloud metadata services answer)",
            "not fetched: 127.0.0.1 is a loopback address",
        ]
        for (article, reason) in zip(records, expected) {
            let warning = row.warnings.first { $0.hasPrefix("article \(article.id): image from ") }
            #expect(warning?.contains(reason) == true, "\(warning ?? "no warning") lacks \(reason)")
            #expect(warning?.contains("list it under network: allow_private in gazette.yml") == true)
        }
        #expect(try server.requests().isEmpty, "nothing was requested")
        #expect(!site.exists(".gazette/\(ImageFailureCache.file)"), "refusals are not remembered")

        #expect(row.warnings.contains { $0.hasPrefix("article \(records[1].id):") && $0.contains(") is a loopback address") })

        // Allowed: 127.0.0.1 and ::1 (what localhost may resolve to), no other loopback
        // address. The literal and the name are fetched (the name pinned to 127.0.0.1, its
        // IPv4 address; the mapped form connects to ::ffff:127.0.0.1, which the IPv4-only
        // server may not answer, so it is left out); the redirect's second hop to 127.0.0.2 is
        // still refused.
        var allowing = SiteConfig(title: "T")
        allowing.network.allowPrivate = Self.loopback + [IPAddressRange("::1")].compactMap { $0 }
        let allowed = try await ArticleImageTests().enrich(site, config: allowing)
        let second = try #require(allowed.rows.first { $0.job.source == "images" })
        #expect(site.exists("\(ArticleThumbnails.folder)/\(ArticleThumbnails.names(for: records[0])[0])"))
        #expect(site.exists("\(ArticleThumbnails.folder)/\(ArticleThumbnails.names(for: records[1])[0])"), "\(second.warnings)")
        #expect(!site.exists("\(ArticleThumbnails.folder)/\(ArticleThumbnails.names(for: records[3])[0])"))
        #expect(second.warnings.contains { $0.hasPrefix("article \(records[3].id):") && $0.contains("169.254.169.254 is a link-local") })
        #expect(second.warnings.contains { $0.hasPrefix("article \(records[4].id):") && $0.contains("127.0.0.2 is a loopback address") })
        #expect(try server.requests(to: "/hop.jpg").count == 1)
    }

    /// `fetch --enrich` reads an article's page only on a public or allowed address: a page on
    /// loopback is a warning on the enrich row, without a request, and the article unchanged.
    @Test func enrichReadsNoPageOnAPrivateAddress() async throws {
        let server = try FixtureServer(routes: [route("/page", file("article.html", headers: ["Content-Type": "text/html; charset=utf-8"]))])
        let site = try TemporaryFolder("gazette-refused-page")
        let url = "\(server.base)/page"
        let record = Article(
            id: CanonicalURL.articleID(for: url) ?? "", url: url, title: "t", description: "", source: "manual", publisher: nil,
            author: nil, published: "2023-11-14T10:00:00+09:00", image: nil, queries: [], language: nil)
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode([record]))
        let report = try await ArticleImageTests().enrich(site, config: SiteConfig(title: "T"))
        #expect(!report.failed)
        let row = try #require(report.rows.first { $0.job.source == "enrich" })
        #expect(row.updated == 0)
        #expect(row.warnings.count == 1)
        #expect(row.warnings.first?.contains("not fetched: 127.0.0.1 is a loopback address") == true, "\(row.warnings)")
        #expect(try server.requests().isEmpty)
        #expect(ArticleStore.load(siteRoot: site.url).articles.first?.description == "")
        #expect(!((try? site.read(".gazette/enrich-cache.json")) ?? "").contains("not fetched"), "a refusal is not cached")

        var allowing = SiteConfig(title: "T")
        allowing.network.allowPrivate = Self.loopback
        let again = try await ArticleImageTests().enrich(site, config: allowing)
        #expect(again.rows.first { $0.job.source == "enrich" }?.updated == 1)
        #expect(ArticleStore.load(siteRoot: site.url).articles.first?.description == "한국은행이 기준금리를 동결했다.")
    }

    /// A feed written in gazette.yml on loopback is fetched as before, without any allowance,
    /// and so is its redirect on the same host; its items' images on loopback are data and are
    /// refused; a redirect of the configured feed to another host is checked like data.
    @Test func configuredAddressesStayTrustedButTheirDataDoesNot() async throws {
        let rss = ArticleImageTests.photoFeed()
        let server = try FixtureServer(routes: [
            route("/old-feed", ["status": 301, "headers": ["Location": "{{base}}/feed.xml"]]),
            route("/feed.xml", ["status": 200, "body": rss, "headers": ["Content-Type": "application/rss+xml"]]),
            route("/elsewhere", ["status": 302, "headers": ["Location": "http://127.0.0.2:{{port}}/feed.xml"]]),
        ])
        let site = try TemporaryFolder("gazette-configured-loopback")
        var sources = SiteConfig.Sources()
        sources.feeds = [.init(name: "local", url: "\(server.base)/old-feed")!, .init(name: "moved", url: "\(server.base)/elsewhere")!]
        var request = FetchRequest()
        request.network = ArticleImageTests.imageNetwork()
        request.now = fixedNow
        let report = try await Fetch.run(request, config: SiteConfig(title: "T", sources: sources), siteRoot: site.url, environment: [:])
        let local = try #require(report.rows.first { $0.job.source == "feed:local" })
        #expect(local.status == .ok && local.new == 1, "\(local.message ?? "")")
        let moved = try #require(report.rows.first { $0.job.source == "feed:moved" })
        #expect(moved.status == .failed)
        #expect(moved.message?.contains("not fetched: 127.0.0.2 is a loopback address") == true, "\(moved.message ?? "")")
        let images = try #require(report.rows.first { $0.job.source == "images" })
        #expect(images.thumbnails == 0)
        #expect(images.warnings.first?.contains("not fetched: 127.0.0.1 is a loopback address") == true, "\(images.warnings)")
        #expect(try server.requests(to: "/photo.jpg").isEmpty)
        #expect(try server.requests(to: "/feed.xml").count == 1)
    }

    /// The request connects to the address that was checked: a name only the check's resolver
    /// knows (the system cannot resolve `.invalid`) is fetched from the address the check
    /// approved. Had the client looked the name up again, as a DNS rebinding attack relies on,
    /// it would have found nothing and failed. Of the two addresses checked, the IPv4 one is
    /// used (the server listens on 127.0.0.1 only, so ::1 would have been refused).
    @Test func theConnectionGoesToTheAddressChecked() async throws {
        let images = try TestImages()
        let server = try FixtureServer(routes: [
            route("/photo.png", ["status": 200, "body_file": images.path("photo.png"), "headers": ["Content-Type": "image/png"]])
        ])
        let port = try #require(server.base.split(separator: ":").last.map(String.init))
        let site = try TemporaryFolder("gazette-pinned")
        let record = ArticleImageTests().record(1, image: "http://images.gazette-test.invalid:\(port)/photo.png")
        try site.write("content/articles/2023-W46.jsonl", ArticleStore.encode([record]))
        var network = ArticleImageTests.imageNetwork()
        network.resolver = { host in host == "images.gazette-test.invalid" ? [IPAddress("::1"), IPAddress("127.0.0.1")].compactMap { $0 } : [] }
        var allowing = SiteConfig(title: "T")
        allowing.network.allowPrivate = Self.loopback + [IPAddressRange("::1")].compactMap { $0 }
        let report = try await ArticleImageTests().enrich(site, config: allowing, network: network)
        let row = try #require(report.rows.first { $0.job.source == "images" })
        #expect(row.thumbnails == 1, "\(row.warnings)")
        let seen = try server.requests(to: "/photo.png")
        #expect(seen.count == 1)
        #expect(seen.first?.headers["host"] == "images.gazette-test.invalid:\(port)", "the request still names its host")

        // The same resolver answering a private address the site does not allow: refused.
        let refusedSite = try TemporaryFolder("gazette-pinned-refused")
        try refusedSite.write("content/articles/2023-W46.jsonl", ArticleStore.encode([record]))
        let refused = try await ArticleImageTests().enrich(refusedSite, config: SiteConfig(title: "T"), network: network)
        let warning = refused.rows.first { $0.job.source == "images" }?.warnings.first ?? ""
        #expect(warning.contains("not fetched: images.gazette-test.invalid (::1) is a loopback address"), "\(warning)")
        #expect(try server.requests(to: "/photo.png").count == 1)
    }
}

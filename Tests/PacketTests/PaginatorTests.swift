import Testing

@testable import Packet

/// Pagination rules on boxes of known heights, without fonts.
@Suite struct PaginatorTests {
    func paragraph(_ lines: Int, height: Double = 10, before: Double = 5) -> FlowBox {
        FlowBox(units: Array(repeating: height, count: lines), spaceBefore: before) { _, _, _, _, _ in }
    }

    func heading() -> FlowBox {
        let box = FlowBox(units: [20], spaceBefore: 10) { _, _, _, _, _ in }
        box.keepWithNext = true
        box.kind = .heading
        return box
    }

    @Test func fillsPagesAndDropsSpaceAtTheTop() {
        let pages = Paginator(pageHeight: 100).paginate([paragraph(5), paragraph(5), paragraph(4)])
        // 50 + 5 + 50 > 100: the second paragraph splits 4/1 → widow rule → 3/2.
        #expect(pages.count == 2)
        #expect(pages[0].map(\.units) == [0..<5, 0..<3])
        #expect(pages[1].map(\.units) == [3..<5, 0..<4])
        #expect(pages[1][0].y == 0 && pages[1][0].gap == 0)
        #expect(pages[1][1].y == 25)
    }

    @Test func neverLeavesASingleLineAtTheBottomOrTop() {
        // 9 lines used; a 3-line paragraph cannot split 1/2 or 2/1, so it moves whole.
        let pages = Paginator(pageHeight: 100).paginate([paragraph(9, before: 0), paragraph(3, before: 0)])
        #expect(pages.map { $0.map(\.units) } == [[0..<9], [0..<3]])
        // A 10-line paragraph after 9 lines: 1 line would be an orphan, so it starts on page 2.
        let orphan = Paginator(pageHeight: 100).paginate([paragraph(9, before: 0), paragraph(10, before: 0)])
        #expect(orphan.map { $0.map(\.units) } == [[0..<9], [0..<10]])
        // 10 lines after 8: 2 fit, 8 follow.
        let split = Paginator(pageHeight: 100).paginate([paragraph(8, before: 0), paragraph(10, before: 0)])
        #expect(split.map { $0.map(\.units) } == [[0..<8, 0..<2], [2..<10]])
    }

    @Test func headingGoesWithWhatFollows() {
        // 85 used; the heading (20) fits but the paragraph's first two lines would not.
        let pages = Paginator(pageHeight: 100).paginate([paragraph(8, before: 0), heading(), paragraph(5)])
        #expect(pages.count == 2)
        #expect(pages[0].count == 1)
        #expect(pages[1].first?.box.kind == .heading)
    }

    @Test func aHeadingEndingAJournalStaysOnItsPage() {
        // 60 used + heading 30 fits; what follows starts a new page anyway.
        let next = paragraph(5)
        next.breakBefore = true
        let pages = Paginator(pageHeight: 100).paginate([paragraph(6, before: 0), heading(), next])
        #expect(pages.map { $0.count } == [2, 1])
    }

    @Test func breakBeforeStartsAPageAndHugeBoxesStillProgress() {
        let first = paragraph(2)
        let second = paragraph(30)
        second.breakBefore = true
        let pages = Paginator(pageHeight: 100).paginate([first, second])
        #expect(pages.count == 4)
        #expect(pages.flatMap { $0 }.filter { $0.box === second }.map(\.units.count).reduce(0, +) == 30)
        // A unit taller than a page is placed alone rather than lost.
        let giant = FlowBox(units: [500]) { _, _, _, _, _ in }
        #expect(Paginator(pageHeight: 100).paginate([paragraph(2), giant]).count == 2)
    }

    @Test func tableHeaderRepeatsOnEveryPageOfTheTable() {
        let header = FlowBox(units: [20]) { _, _, _, _, _ in }
        header.keepWithNext = true
        let rows = (0..<12).map { _ in
            let row = FlowBox(units: [20]) { _, _, _, _, _ in }
            row.runningHeader = header
            return row
        }
        let pages = Paginator(pageHeight: 100).paginate([header] + rows)
        // Header + 4 rows a page.
        #expect(pages.count == 3)
        for page in pages { #expect(page.first?.box === header) }
    }
}

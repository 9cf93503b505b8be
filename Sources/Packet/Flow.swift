import Typesetting

/// One piece of a packet's vertical flow: a paragraph, a heading, a table row, a rule. It is made
/// of units (a paragraph's lines; a single unit when it must not split) that pagination may
/// divide between pages.
final class FlowBox {
    /// What the box holds, so tests can check pagination rules on a real packet.
    enum Kind: Sendable { case text, heading, code, tableRow, rule, space, figure }

    var kind: Kind = .text
    /// Height of each unit, in points.
    let units: [Double]
    var spaceBefore: Double
    var spaceAfter: Double
    /// Keep on the page of the next box's first lines (headings, the journal header).
    var keepWithNext = false
    /// Start a new page (each journal).
    var breakBefore = false
    /// The fewest units left on either side of a split: 2 means no widow and no orphan.
    var minimumSplit = 2
    /// A named destination placed where the box starts, and what a link to it is described as
    /// to a screen reader (nil: the journal's title, or the name).
    var anchor: String?
    var anchorDescription: String?
    /// Drawn again above this box when it starts a page (a table's header row).
    var runningHeader: FlowBox?
    /// Distance from the box's top to its first baseline, for list markers.
    var firstBaseline: Double
    /// The structure elements the box is inside, outermost first (the journal's `Sect`, a
    /// list's `L`, `LI` and `LBody`…), and the element its content is (`P`, `H2`, `Code`,
    /// `Artifact`); nil when `draw` tags its own parts (a table row's cells).
    var containers: [StructureElement] = []
    var role: String? = "P"
    /// Drawn before the first unit, as the `Lbl` of the list item the box starts.
    var marker: ((_ canvas: PDFCanvas, _ x: Double, _ y: Double) -> Void)?
    /// Draws `units` with the fragment's top-left corner at (`x`, `y`); `gap` is the space the
    /// paginator left above this fragment (0 at the top of a page), for decorations that bridge it.
    let draw: (_ canvas: PDFCanvas, _ units: Range<Int>, _ x: Double, _ y: Double, _ gap: Double) -> Void

    init(
        units: [Double], spaceBefore: Double = 0, spaceAfter: Double = 0, firstBaseline: Double = 0,
        draw: @escaping (PDFCanvas, Range<Int>, Double, Double, Double) -> Void
    ) {
        self.units = units
        self.spaceBefore = spaceBefore
        self.spaceAfter = spaceAfter
        self.firstBaseline = firstBaseline
        self.draw = draw
    }

    var height: Double { units.reduce(0, +) }

    /// A box drawn by `draw` with everything else as this one has it.
    func redrawn(by draw: @escaping (PDFCanvas, Range<Int>, Double, Double, Double) -> Void) -> FlowBox {
        let box = FlowBox(units: units, spaceBefore: spaceBefore, spaceAfter: spaceAfter, firstBaseline: firstBaseline, draw: draw)
        box.kind = kind
        box.keepWithNext = keepWithNext
        box.breakBefore = breakBefore
        box.minimumSplit = minimumSplit
        box.anchor = anchor
        box.runningHeader = runningHeader
        box.containers = containers
        box.role = role
        box.marker = marker
        return box
    }

    func height(of range: Range<Int>) -> Double { units[range].reduce(0, +) }

    /// A box of text split between its lines, drawn at `indent` from the flow's left. Several
    /// blocks (a long paragraph laid out in chunks) make one box, so they paginate as one.
    static func text(_ block: TextBlock, indent: Double, spaceBefore: Double, spaceAfter: Double) -> FlowBox {
        text([block], indent: indent, spaceBefore: spaceBefore, spaceAfter: spaceAfter)
    }

    static func text(_ blocks: [TextBlock], indent: Double, spaceBefore: Double, spaceAfter: Double) -> FlowBox {
        var firsts: [Int] = []
        var count = 0
        for block in blocks {
            firsts.append(count)
            count += block.lines.count
        }
        let units = blocks.flatMap { $0.lines.map(\.height) }
        return FlowBox(
            units: units, spaceBefore: spaceBefore, spaceAfter: spaceAfter, firstBaseline: blocks.first?.lines.first?.baseline ?? 0
        ) { canvas, range, x, y, _ in
            var top = y
            for (index, block) in blocks.enumerated() {
                let first = firsts[index]
                let lower = max(range.lowerBound, first), upper = min(range.upperBound, first + block.lines.count)
                guard lower < upper else { continue }
                let local = (lower - first)..<(upper - first)
                canvas.draw(block, lines: local, x: x + indent, y: top)
                top += block.height(of: local)
            }
        }
    }
}

/// A structure element that holds boxes: its tag, an identity (two lists in a row are two
/// `L`s), and its language when it is not the document's.
struct StructureElement: Equatable {
    let tag: String
    let id: String
    var language: String? = nil
}

/// Gives the containers of one journal identities of their own.
final class StructureIDs {
    private var next = 0
    func make(_ tag: String, language: String? = nil) -> StructureElement {
        next += 1
        return StructureElement(tag: tag, id: "\(next)", language: language)
    }
}

/// Where a fragment of a box goes: its units, and its top relative to the body area.
struct Placement {
    let box: FlowBox
    let units: Range<Int>
    let y: Double
    let gap: Double
}

/// Fills pages of a fixed body height with boxes, first fit, line by line: a paragraph splits
/// only where at least `minimumSplit` lines stay on each side, a heading moves to the next page
/// rather than end one, and space before a box is dropped at the top of a page.
struct Paginator {
    let pageHeight: Double
    /// Slack for rounding in sums of line heights.
    private let epsilon = 0.01

    init(pageHeight: Double) { self.pageHeight = pageHeight }

    func paginate(_ boxes: [FlowBox]) -> [[Placement]] {
        var pages: [[Placement]] = [[]]
        var y = 0.0
        var previousAfter = 0.0
        func newPage() {
            pages.append([])
            y = 0
            previousAfter = 0
        }
        var pageIsEmpty: Bool { pages[pages.count - 1].isEmpty }

        for (index, box) in boxes.enumerated() {
            if box.breakBefore, !pageIsEmpty { newPage() }
            if box.keepWithNext, !pageIsEmpty {
                let needed = max(previousAfter, box.spaceBefore) + keptHeight(boxes, from: index)
                if y + needed > pageHeight + epsilon, needed <= pageHeight { newPage() }
            }
            let count = box.units.count
            var next = 0
            while next < count {
                if pageIsEmpty, let header = box.runningHeader, header.height + box.height(of: next..<min(count, next + 1)) <= pageHeight {
                    pages[pages.count - 1].append(Placement(box: header, units: 0..<header.units.count, y: 0, gap: 0))
                    y = header.height
                }
                let gap = pageIsEmpty ? 0 : max(previousAfter, box.spaceBefore)
                let available = pageHeight - y - gap
                var fit = 0
                var used = 0.0
                while next + fit < count, used + box.units[next + fit] <= available + epsilon {
                    used += box.units[next + fit]
                    fit += 1
                }
                if fit == count - next {
                    pages[pages.count - 1].append(Placement(box: box, units: next..<count, y: y + gap, gap: gap))
                    y += gap + used
                    next = count
                    break
                }
                // The box must split here (or move on).
                let least = box.minimumSplit
                var take = fit
                if count - next - take < least { take = count - next - least }
                let enoughHere = take >= (next == 0 ? least : 1) && take > 0
                if !enoughHere {
                    if !pageIsEmpty {
                        newPage()
                        continue
                    }
                    // A box that cannot satisfy the rule even on an empty page takes what fits,
                    // at least one unit, so the flow always moves on and nothing is dropped.
                    take = max(fit, 1)
                }
                let height = box.height(of: next..<next + take)
                pages[pages.count - 1].append(Placement(box: box, units: next..<next + take, y: y + gap, gap: gap))
                y += gap + height
                next += take
                newPage()
            }
            previousAfter = box.spaceAfter
        }
        if pages.count > 1, pages[pages.count - 1].isEmpty { pages.removeLast() }
        return pages
    }

    /// The height a keep-with-next chain starting at `index` needs on one page: every box of the
    /// chain whole, then the first lines of the box after it.
    private func keptHeight(_ boxes: [FlowBox], from index: Int) -> Double {
        var total = 0.0
        var current = index
        while current < boxes.count {
            let box = boxes[current]
            // What starts a new page anyway (the next journal) is not kept with anything.
            if current > index, box.breakBefore { break }
            if current > index { total += box.spaceBefore }
            if box.keepWithNext, current - index < 6 {
                total += box.height
                current += 1
            } else {
                total += box.height(of: 0..<min(box.units.count, box.minimumSplit))
                break
            }
        }
        return total
    }
}

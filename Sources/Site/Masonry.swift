import Foundation
import TextLayout

/// One breakpoint of the board: from a viewport width up, this many columns of cards this wide.
public struct BoardBreakpoint: Sendable, Hashable {
    /// CSS `min-width` of the media query; 0 for the base rule.
    public var minViewport: Int
    public var columns: Int
    public var cardWidth: Int
}

/// The board's geometry: breakpoints and the constant gutter. The CSS that places cards and the
/// packing that computes their places both read it, so they cannot disagree.
public struct BoardGeometry: Sendable {
    public var breakpoints: [BoardBreakpoint]
    public var gutter: Int

    /// 1 column under 720 px (fits a 360 px phone with 16 px margins), 2 from 720, 3 from 1080,
    /// 4 from 1400 (inside the 1160 px content width).
    public static let standard = BoardGeometry(
        breakpoints: [
            BoardBreakpoint(minViewport: 0, columns: 1, cardWidth: 328),
            BoardBreakpoint(minViewport: 720, columns: 2, cardWidth: 328),
            BoardBreakpoint(minViewport: 1080, columns: 3, cardWidth: 328),
            BoardBreakpoint(minViewport: 1400, columns: 4, cardWidth: 272),
        ], gutter: 16)

    /// Every card width the board uses, ascending.
    public var cardWidths: [Int] { Array(Set(breakpoints.map(\.cardWidth))).sorted() }

    /// The rules that size and place the board and its cards; each card and board carries its
    /// numbers as custom properties (`--x2`, `--y2`, `--h328`, `--b2`).
    public var css: String {
        var rules: [String] = []
        for (index, point) in breakpoints.enumerated() {
            let number = index + 1
            let boardWidth = point.columns * point.cardWidth + (point.columns - 1) * gutter
            let body =
                ".board { width: \(boardWidth)px; height: var(--b\(number)); }\n"
                + ".board > .card { width: \(point.cardWidth)px; height: var(--h\(point.cardWidth)); left: var(--x\(number)); top: var(--y\(number)); }"
            rules.append(point.minViewport == 0 ? body : "@media (min-width: \(point.minViewport)px) {\n\(body)\n}")
        }
        return rules.joined(separator: "\n")
    }
}

/// A card's text, measured: the height of the card at each width, block by block.
struct CardBox {
    static let border = 1.0, padding = 16.0
    static let titleGap = 4.0, tagsGap = 6.0, bodyGap = 10.0, articleGap = 4.0

    /// Block heights (px) at a card width, summed with paddings and gaps.
    static func height(of card: Card, prepared: PreparedCard, width: Int, engine: TextLayoutEngine) -> Int {
        let inner = Double(width) - 2 * (border + padding)
        func lines(_ paragraph: PreparedParagraph?, _ type: CardTypography) -> Double {
            guard let paragraph else { return 0 }
            return engine.layout(paragraph, width: inner, maxLines: type.maxLines).height
        }
        var height = 2 * (border + padding)
        height += lines(prepared.title, .title)
        height += titleGap + lines(prepared.meta, .meta)
        if prepared.tags != nil { height += tagsGap + lines(prepared.tags, .tags) }
        if card.isBookmark {
            height += bodyGap + CardTypography.badge.lineHeight + articleGap + lines(prepared.article, .article)
        } else if prepared.excerpt != nil {
            height += bodyGap + lines(prepared.excerpt, .excerpt)
        }
        return Int(height.rounded(.up))
    }
}

/// A card's blocks shaped once, for layout at every width.
struct PreparedCard {
    var title: PreparedParagraph?
    var meta: PreparedParagraph?
    var tags: PreparedParagraph?
    var excerpt: PreparedParagraph?
    var article: PreparedParagraph?

    init(_ card: Card, engine: TextLayoutEngine) throws {
        func prepare(_ text: StyledText, _ type: CardTypography) throws -> PreparedParagraph? {
            text.plainText.allSatisfy(\.isWhitespace) ? nil : try engine.prepare(text, style: type.paragraph)
        }
        title = try prepare(StyledText(card.title, CardTypography.title.runStyle()), .title)
        meta = try prepare(StyledText(card.metaLine, CardTypography.meta.runStyle()), .meta)
        tags = card.tags.isEmpty ? nil : try prepare(StyledText(card.tagLine, CardTypography.tags.runStyle()), .tags)
        if card.isBookmark {
            let base = CardTypography.article.runStyle()
            var runs = [StyledText.Run(card.articleTitle ?? card.title, base)]
            if let publisher = card.publisher, !publisher.isEmpty { runs.append(StyledText.Run(" · \(publisher)", base)) }
            article = try prepare(StyledText(runs), .article)
        } else {
            excerpt = try prepare(
                StyledText(card.excerptRuns.map { StyledText.Run($0.text, CardTypography.runStyle(kind: $0.kind.rawValue)) }), .excerpt)
        }
    }
}

/// Pinterest-style packing computed at build time: card heights from measured text, each card
/// in DOM order to the column whose bottom is highest (leftmost on a tie), a constant gutter,
/// one placement per breakpoint emitted as CSS custom properties. No JavaScript, and nothing
/// moves when web fonts arrive late or never.
public final class MasonryBoardLayout: BoardLayout, @unchecked Sendable {
    public let geometry: BoardGeometry
    let engine: TextLayoutEngine
    /// Heights per card per width: cards recur on week, tag and all-journal boards.
    private var heights: [Card: [Int: Int]] = [:]
    private let lock = NSLock()

    /// The card box and the gaps between its blocks, matching `CardBox`.
    public static let cardCSS = """
        .board { position: relative; list-style: none; margin: 0 auto; padding: 0; }
        .board > .card { position: absolute; box-sizing: border-box; margin: 0; border: \(Int(CardBox.border))px solid var(--line); border-radius: 12px; padding: \(Int(CardBox.padding))px; background: var(--card); }
        .card > article { margin: 0; }
        .card .card-meta { margin-top: \(Int(CardBox.titleGap))px; color: var(--muted); }
        .card .card-tags { margin-top: \(Int(CardBox.tagsGap))px; list-style: none; }
        .card .card-excerpt, .card .card-badge { margin-top: \(Int(CardBox.bodyGap))px; }
        .card .card-article { margin-top: \(Int(CardBox.articleGap))px; }
        """

    public init(engine: TextLayoutEngine, geometry: BoardGeometry = .standard) {
        self.engine = engine
        self.geometry = geometry
    }

    /// Card heights by width, measured once per card.
    func heights(of card: Card) throws -> [Int: Int] {
        lock.lock()
        let known = heights[card]
        lock.unlock()
        if let known { return known }
        let prepared = try PreparedCard(card, engine: engine)
        var result: [Int: Int] = [:]
        for width in geometry.cardWidths {
            result[width] = CardBox.height(of: card, prepared: prepared, width: width, engine: engine)
        }
        lock.lock()
        heights[card] = result
        lock.unlock()
        return result
    }

    /// Heights of every card, measured on all cores (each card is independent; the engine is
    /// read-only and thread-safe).
    func measureAll(_ cards: [Card]) throws -> [[Int: Int]] {
        final class Results: @unchecked Sendable {
            var values: [[Int: Int]]
            var error: Error?
            let lock = NSLock()
            init(_ count: Int) { values = Array(repeating: [:], count: count) }
        }
        let results = Results(cards.count)
        let chunk = max(1, cards.count / (ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunks = (cards.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { part in
            for index in part * chunk..<min(cards.count, (part + 1) * chunk) {
                do {
                    let value = try heights(of: cards[index])
                    results.lock.lock()
                    results.values[index] = value
                    results.lock.unlock()
                } catch {
                    results.lock.lock()
                    results.error = error
                    results.lock.unlock()
                }
            }
        }
        if let error = results.error { throw error }
        return results.values
    }

    /// Places cards of the given heights: per breakpoint, each card's (x, y) and the board height.
    public static func pack(heights: [Int], columns: Int, cardWidth: Int, gutter: Int) -> (positions: [(x: Int, y: Int)], height: Int) {
        var bottoms = [Int](repeating: 0, count: columns)
        var used = [Bool](repeating: false, count: columns)
        var positions: [(x: Int, y: Int)] = []
        positions.reserveCapacity(heights.count)
        for height in heights {
            var column = 0
            for candidate in 1..<max(columns, 1) where bottoms[candidate] < bottoms[column] { column = candidate }
            let y = used[column] ? bottoms[column] + gutter : 0
            positions.append((column * (cardWidth + gutter), y))
            bottoms[column] = y + height
            used[column] = true
        }
        return (positions, bottoms.max() ?? 0)
    }

    public func context(for cards: [Card], boardID: String) throws -> [String: Any] {
        let measured = try measureAll(cards)
        var cardStyles = [[String]](repeating: [], count: cards.count)
        var boardStyle: [String] = []
        for (index, point) in geometry.breakpoints.enumerated() {
            let number = index + 1
            let packed = Self.pack(
                heights: measured.map { $0[point.cardWidth] ?? 0 }, columns: point.columns, cardWidth: point.cardWidth, gutter: geometry.gutter)
            for (card, position) in packed.positions.enumerated() {
                cardStyles[card].append("--x\(number):\(position.x)px;--y\(number):\(position.y)px")
            }
            boardStyle.append("--b\(number):\(packed.height)px")
        }
        let widths = geometry.cardWidths
        return [
            "boardID": boardID,
            "boardStyle": boardStyle.joined(separator: ";"),
            "cards": cards.enumerated().map { index, card -> [String: Any] in
                let heights = measured[index]
                var context = card.templateContext
                context["dataH"] = widths.map { "\($0):\(heights[$0] ?? 0)" }.joined(separator: ",")
                context["style"] = (cardStyles[index] + widths.map { "--h\($0):\(heights[$0] ?? 0)px" }).joined(separator: ";")
                return context
            },
            "isEmpty": cards.isEmpty,
        ]
    }
}

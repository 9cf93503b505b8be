import Templating
import Foundation
import GazetteModel
import TextLayout

/// One breakpoint of the board: from a viewport width up, this many columns of cards this wide.
public struct BoardBreakpoint: Sendable, Hashable {
    /// CSS `min-width` of the media query.
    public var minViewport: Int
    public var columns: Int
    public var cardWidth: Int
}

/// The board's geometry: the breakpoints where cards are placed at measured positions, and the
/// constant gutter. Below the first breakpoint the board is a plain fluid stack — one column as
/// wide as the text, heights automatic — which needs no prediction, so phones of any width and
/// any font metrics are safe. The CSS that places cards and the packing that computes their
/// places both read this, so they cannot disagree.
public struct BoardGeometry: Sendable {
    public var breakpoints: [BoardBreakpoint]
    public var gutter: Int

    /// A fluid stack under 720 px; 2 columns of 328 px from 720, 3 from 1080, 4 of 272 px from
    /// 1400 (inside the 1160 px content width). Each board fits the text column at its
    /// breakpoint (the theme's 20 px side padding), so nothing scrolls sideways.
    public static let standard = BoardGeometry(
        breakpoints: [
            BoardBreakpoint(minViewport: 720, columns: 2, cardWidth: 328),
            BoardBreakpoint(minViewport: 1080, columns: 3, cardWidth: 328),
            BoardBreakpoint(minViewport: 1400, columns: 4, cardWidth: 272),
        ], gutter: 16)

    /// Every card width the board uses, ascending.
    public var cardWidths: [Int] { Array(Set(breakpoints.map(\.cardWidth))).sorted() }

    /// The class of an explicit line break a card needs at one card width only.
    public static func breakClass(_ width: Int) -> String { "w\(width)" }

    /// The rules that size and place the board and its cards. Each card and board carries its
    /// numbers as custom properties named by the column count (`--x2`, `--y2`, `--b2`) and card
    /// width (`--h328`). An explicit break for one card width shows only where that width is in
    /// use. `measuring` and `healed` are the classes the heal script (`assets/board.js`) sets.
    public var css: String {
        var rules = [
            ".board { --gap: \(gutter)px; }",
            ".board > .card + .card { margin-top: \(gutter)px; }",
        ]
        for point in breakpoints {
            let boardWidth = point.columns * point.cardWidth + (point.columns - 1) * gutter
            let number = point.columns
            rules.append(
                "@media (min-width: \(point.minViewport)px) {\n"
                    + ".board { width: \(boardWidth)px; height: var(--b\(number)); }\n"
                    + ".board > .card, .board > .card + .card { position: absolute; margin: 0; width: \(point.cardWidth)px; height: var(--h\(point.cardWidth)); left: var(--x\(number)); top: var(--y\(number)); }\n}")
        }
        for width in cardWidths {
            // Hidden wherever this width is not the one in use: below the first breakpoint, and
            // from each breakpoint of another width to the next of this one.
            var hidden: [String] = []
            var from: Int? = 0
            for point in breakpoints {
                if point.cardWidth == width, let start = from {
                    hidden.append(start == 0 ? "not all and (min-width: \(point.minViewport)px)" : "(min-width: \(start)px) and (max-width: \(point.minViewport - 1).98px)")
                    from = nil
                } else if point.cardWidth != width, from == nil {
                    from = point.minViewport
                }
            }
            if let start = from { hidden.append("(min-width: \(start)px)") }
            rules.append("@media \(hidden.joined(separator: ", ")) { .board br.\(Self.breakClass(width)) { display: none; } }")
        }
        rules.append(".board.measuring > .card, .board.healed > .card { height: auto !important; }")
        rules.append(".board.healed br { display: none; }")
        rules.append("@media print { .board br { display: none; } }")
        return rules.joined(separator: "\n")
    }
}

/// A text block of a card: each is measured, and may need explicit breaks, on its own.
enum CardBlock: String, CaseIterable, Sendable, Codable, Hashable {
    case title, meta, tags, excerpt, article
}

/// A card at every board width: its height, and the explicit line breaks its blocks need.
public struct CardMeasure: Sendable, Codable, Hashable {
    var heights: [Int: Int] = [:]
    /// Per block, each forced break and the card widths it is for.
    var breaks: [CardBlock: [TextPosition: [Int]]] = [:]

    /// Adds every field to `key`, written out rather than through the encoding
    /// (`add(encoding:)`): a card's values are keyed by card and measure on every board that
    /// shows it, and walking the measure's nested tables through the encoder was two thirds of
    /// that key (1.5 % of a clean build). `CardKeyTests` holds it to every stored property.
    func add(to key: inout FingerprintHasher) {
        key.add(heights.count)
        for (width, height) in heights.sorted(by: { $0.key < $1.key }) {
            key.add(width)
            key.add(height)
        }
        key.add(breaks.count)
        for (block, positions) in breaks.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            key.add(block.rawValue)
            key.add(positions.count)
            for (position, widths) in positions.sorted(by: { $0.key < $1.key }) {
                key.add(position.run)
                key.add(position.offset)
                key.add(widths.count)
                for width in widths { key.add(width) }
            }
        }
    }
}

/// A card's text, measured: the height of the card at each width, block by block.
struct CardBox {
    static let border = 1.0, padding = 16.0
    static let titleGap = 4.0, tagsGap = 6.0, bodyGap = 10.0, articleGap = 4.0
    /// How close to the edge a line may end before the break is made explicit, in px. Chromium
    /// and Firefox differ by a small fraction of a pixel on a line (1/64 px against 1/60 px
    /// rounding of each advance); this is several times that.
    static let nearEdge = 0.75

    /// Block heights (px) at a card width, summed with paddings and gaps, and the breaks each
    /// block forces at that width.
    static func measure(_ card: CardText, prepared: PreparedCard, width: Int, engine: TextLayoutEngine) -> (height: Int, breaks: [CardBlock: [TextPosition]]) {
        let inner = Double(width) - 2 * (border + padding)
        var breaks: [CardBlock: [TextPosition]] = [:]
        func lines(_ block: CardBlock, _ paragraph: PreparedParagraph?, _ type: CardTypography) -> Double {
            guard let paragraph else { return 0 }
            let measured = engine.measure(paragraph, width: inner, maxLines: type.maxLines, margin: nearEdge)
            if !measured.forcedBreaks.isEmpty { breaks[block] = measured.forcedBreaks }
            return measured.height
        }
        var height = 2 * (border + padding)
        height += lines(.title, prepared.title, .title)
        height += titleGap + lines(.meta, prepared.meta, .meta)
        if prepared.tags != nil { height += tagsGap + lines(.tags, prepared.tags, .tags) }
        if card.isBookmark {
            height += bodyGap + CardTypography.badge.lineHeight + articleGap + lines(.article, prepared.article, .article)
        } else if prepared.excerpt != nil {
            height += bodyGap + lines(.excerpt, prepared.excerpt, .excerpt)
        }
        return (Int(height.rounded(.up)), breaks)
    }
}

/// A card's blocks shaped once, for layout at every width.
struct PreparedCard {
    var title: PreparedParagraph?
    var meta: PreparedParagraph?
    var tags: PreparedParagraph?
    var excerpt: PreparedParagraph?
    var article: PreparedParagraph?

    init(_ card: CardText, engine: TextLayoutEngine) throws {
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

/// One board packed: each card's places (one per breakpoint) and the board's height at each, as
/// the CSS custom properties the stylesheet reads.
public struct PackedBoard: Sendable {
    /// Per card, in board order: `--x2:…;--y2:…;…;--h272:…;--h328:…`.
    public var cardStyles: [String]
    /// `--b2:…;--b3:…;--b4:…`.
    public var boardStyle: String
}

/// Pinterest-style packing computed at build time: card heights from measured text, each card
/// in DOM order to the column whose bottom is highest (leftmost on a tie), a constant gutter,
/// one placement per breakpoint emitted as CSS custom properties. No JavaScript needed, and
/// nothing moves when web fonts arrive late or never.
///
/// Two steps of the build: `measure` (text layout, on every core, each card once however many
/// boards show it) and `pack` (arithmetic only).
public struct MasonryBoardLayout: Sendable {
    public let geometry: BoardGeometry
    let engine: TextLayoutEngine

    /// The card box and the gaps between its blocks, matching `CardBox`.
    public static let cardCSS = """
        .board { position: relative; list-style: none; margin: 0; padding: 0; }
        .board > .card { box-sizing: border-box; margin: 0; border: \(Int(CardBox.border))px solid var(--line); border-radius: 12px; padding: \(Int(CardBox.padding))px; background: var(--card); }
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

    /// One card's heights and explicit breaks at every card width.
    func measure(_ card: CardText) throws -> CardMeasure {
        let prepared = try PreparedCard(card, engine: engine)
        var result = CardMeasure()
        for width in geometry.cardWidths {
            let measured = CardBox.measure(card, prepared: prepared, width: width, engine: engine)
            result.heights[width] = measured.height
            for (block, positions) in measured.breaks {
                for position in positions { result.breaks[block, default: [:]][position, default: []].append(width) }
            }
        }
        return result
    }

    /// Each card measured, in order, on all cores.
    func measureEach(_ cards: [CardText]) throws -> [CardMeasure] {
        try cards.concurrentMap { try measure($0) }
    }

    /// Card heights by width.
    func heights(of card: Card) throws -> [Int: Int] { try measure(card.text).heights }

    /// Both steps for one board of cards (the board benchmark).
    @_spi(Bench) public func measureAndPack(_ cards: [Card]) throws -> PackedBoard {
        pack(try measureEach(cards.map(\.text)))
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

    /// A board of cards with these measures, packed at every breakpoint.
    func pack(_ measures: [CardMeasure]) -> PackedBoard {
        var cardStyles = [[String]](repeating: [], count: measures.count)
        var boardStyle: [String] = []
        for point in geometry.breakpoints {
            let number = point.columns
            let packed = Self.pack(
                heights: measures.map { $0.heights[point.cardWidth] ?? 0 }, columns: point.columns, cardWidth: point.cardWidth, gutter: geometry.gutter)
            for (card, position) in packed.positions.enumerated() {
                cardStyles[card].append("--x\(number):\(position.x)px;--y\(number):\(position.y)px")
            }
            boardStyle.append("--b\(number):\(packed.height)px")
        }
        let widths = geometry.cardWidths
        return PackedBoard(
            cardStyles: zip(cardStyles, measures).map { styles, measure in
                (styles + widths.map { "--h\($0):\(measure.heights[$0] ?? 0)px" }).joined(separator: ";")
            },
            boardStyle: boardStyle.joined(separator: ";"))
    }

    /// What `board.mustache` reads for a packed board. Each card's values are made once per
    /// card, measure and page depth (`memo`), and only its position is added per board.
    func context(cards: [Card], measures: [CardMeasure], keys: [Fingerprint], packed: PackedBoard, boardID: String, memo: CardMemo) -> TemplateFields {
        [
            "boardID": boardID,
            "boardStyle": packed.boardStyle,
            "cards": cards.indices.map { index -> PrebuiltContext in
                let shared = memo.context(keys[index]) {
                    var context = cards[index].templateContext(breaks: measures[index].breaks)
                    context["dataH"] = geometry.cardWidths.map { "\($0):\(measures[index].heights[$0] ?? 0)" }.joined(separator: ",")
                    return context
                }
                return shared.adding(["style": packed.cardStyles[index]])
            },
            "isEmpty": cards.isEmpty,
        ]
    }
}

import GazetteModel
import Foundation

/// How one run of a paragraph is set, as the theme's CSS sets it.
public struct RunStyle: Hashable, Sendable {
    /// Font files, first choice first, as the CSS `font-family` list: each grapheme cluster is set
    /// in the first file that has glyphs for all of it. Every file must be loaded into the engine.
    public var fonts: [String]
    /// CSS px.
    public var size: Double
    /// CSS `font-weight`, for the record: the file decides the glyphs.
    public var weight: Int
    /// CSS `letter-spacing` in px, added after every grapheme cluster.
    public var letterSpacing: Double
    /// BCP 47 language, as the `lang` attribute.
    public var language: String

    public init(fonts: [String], size: Double, weight: Int = 400, letterSpacing: Double = 0, language: String = "ko") {
        self.fonts = fonts
        self.size = size
        self.weight = weight
        self.letterSpacing = letterSpacing
        self.language = language
    }
}

/// A paragraph's text with styles: what the browser sees as one block's inline content.
public struct StyledText: Hashable, Sendable {
    /// One run is one inline item to Chromium — a text node, or the text of an element such as
    /// `<em>` — and Chromium rounds each item's part of a line up to 1/64 px on its own. Split
    /// runs exactly where the HTML has element boundaries: two runs for one text node can move a
    /// break.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var style: RunStyle
        public init(_ text: String, _ style: RunStyle) {
            self.text = text
            self.style = style
        }
    }
    public var runs: [Run]
    public init(_ runs: [Run]) { self.runs = runs }
    public init(_ text: String, _ style: RunStyle) { runs = [Run(text, style)] }
    public var plainText: String { runs.map(\.text).joined() }
}

/// Block-level settings: CSS `line-height` (px), `word-break`, and `overflow-wrap: anywhere`.
public struct ParagraphStyle: Hashable, Sendable {
    public var lineHeight: Double
    public var wordBreak: LineBreaker.Mode
    /// With `overflow-wrap: anywhere`, a word wider than the line breaks between grapheme clusters.
    public var breakLongWords: Bool

    public init(lineHeight: Double, wordBreak: LineBreaker.Mode = .keepAll, breakLongWords: Bool = true) {
        self.lineHeight = lineHeight
        self.wordBreak = wordBreak
        self.breakLongWords = breakLongWords
    }
}

/// The lines of a paragraph at a width.
public struct ParagraphLayout: Hashable, Sendable {
    /// The text of each line shown, without the spaces that hang at its end.
    public var lines: [String]
    /// How many lines the whole text takes before any clamp.
    public var naturalLineCount: Int
    /// Height in px: lines shown × line height.
    public var height: Double
    /// Width of each line shown, in px, without hanging spaces: the width Chromium's line breaker
    /// compares with the available width, each inline item's part rounded up to 1/64 px.
    public var lineWidths: [Double]
    /// Where the layout breaks a line on purpose, because the natural decision lay within the
    /// margin of the edge (see `layout(_:width:maxLines:margin:)`): each is where a shown line
    /// after the first starts. A page must put an explicit break there for this width, or another
    /// engine may decide the close call the other way.
    public var forcedBreaks: [TextPosition] = []
    /// True when a clamp hid lines.
    public var isClamped: Bool { naturalLineCount > lines.count }
}

/// A place in a `StyledText`: run `run`, before its unicode scalar `offset` (counted in that
/// run's own text, before white-space collapsing).
public struct TextPosition: Hashable, Sendable, Comparable, Codable {
    public var run: Int
    public var offset: Int
    public init(run: Int, offset: Int) { (self.run, self.offset) = (run, offset) }
    public static func < (a: TextPosition, b: TextPosition) -> Bool { (a.run, a.offset) < (b.run, b.offset) }
}

/// A paragraph shaped once and ready to be broken into lines at any width: the width-independent
/// work (whitespace collapsing, font choice, shaping, break opportunities) is done here, so laying
/// out at several widths costs only arithmetic — the same split Pretext makes in the browser.
public struct PreparedParagraph: Sendable {
    /// Scalars after `white-space: normal` collapsing.
    let scalars: [UInt32]
    /// `offsets[i]` is the advance of `scalars[0..<i]` in 1/65536 px (Chromium's fixed-point
    /// glyph positions); a cluster's advance counts at its first scalar.
    let offsets: [Int64]
    /// Chromium's inline items: one per styled run (text node or element) that kept any text.
    /// Chromium measures each item on a line separately and rounds each up to 1/64 px.
    let items: [Range<Int>]
    /// `itemOf[i]` indexes `items` for `scalars[i]`.
    let itemOf: [Int]
    let isSpace: [Bool]
    /// Break opportunities, as `LineBreaker.opportunities`.
    let breaks: [Bool]
    /// Grapheme cluster starts, for `overflow-wrap`.
    let clusterStarts: [Bool]
    /// Where each scalar came from in the styled text (run, scalar offset in the run).
    let sources: [TextPosition]
    let style: ParagraphStyle
    /// Scalars that no loaded font has a glyph for (they would fall back to a system font).
    public let missingGlyphs: Set<Unicode.Scalar>
}

/// Lays out paragraphs the way Chromium does for the theme's CSS, on pinned font files: shaping
/// with HarfBuzz on the advances Chromium's Skia/FreeType report (`FontFace.chromiumAdvance`),
/// line breaking with `LineBreaker`, widths compared in Chromium's 1/64 px units.
public final class TextLayoutEngine: Sendable {
    /// The error type of the two layout modules (GazetteModel's `LayoutError`).
    public typealias Failure = LayoutError

    private let faces: [String: FontGroup]

    /// Loads each file once; a style names fonts by these paths.
    public convenience init(fontFiles: [String]) throws(Failure) {
        var faces: [String: FontFace] = [:]
        for file in fontFiles {
            do {
                faces[file] = try FontFace(file: file)
            } catch {
                throw Failure(description: error.description)
            }
        }
        self.init(faces: faces)
    }

    /// Fonts already in memory (for example the subset files a build ships), keyed by the name
    /// styles use for them.
    public init(faces: [String: FontFace]) {
        self.faces = faces.mapValues { FontGroup([$0]) }
    }

    /// Fonts cut into slices by character (web fonts with a `unicode-range` each), keyed by the
    /// name styles use for the whole family: a character is set in the slice that maps it, and
    /// text is shaped slice by slice, as browsers shape each run with the face whose range
    /// covers it (nothing kerns or substitutes across a slice boundary).
    public init(slicedFaces: [String: [FontFace]]) {
        self.faces = slicedFaces.mapValues { FontGroup($0) }
    }

    /// The face named `name` (its first slice, for a sliced face).
    public func face(_ name: String) -> FontFace? { faces[name]?.slices.first }

    /// The slice of face `name` that sets `scalar`, if any.
    public func face(_ name: String, for scalar: Unicode.Scalar) -> FontFace? { faces[name]?.slice(for: scalar.value) }

    /// Collapses white space, picks a font for each grapheme cluster, shapes, and finds break
    /// opportunities. Throws when a style names a font the engine has not loaded.
    public func prepare(_ text: StyledText, style: ParagraphStyle) throws(Failure) -> PreparedParagraph {
        var scalars: [UInt32] = []
        var advances: [Int64] = []
        var clusterStarts: [Bool] = []
        var sources: [TextPosition] = []
        var items: [Range<Int>] = []
        var missing = Set<Unicode.Scalar>()
        var lastWasSpace = true  // drops leading white space
        for (runIndex, run) in text.runs.enumerated() {
            var fonts: [FontGroup] = []
            for name in run.style.fonts {
                guard let face = faces[name] else { throw Failure(description: "font \(name) is not loaded into the layout engine") }
                fonts.append(face)
            }
            guard fonts.first?.slices.first != nil else { throw Failure(description: "a run has no font") }
            // A face is named by its place: family << 16 | slice (`face(_:)`); the first
            // family's first slice is the primary.
            let primary = 0
            func face(_ id: Int) -> FontFace { fonts[id >> 16].slices[id & 0xFFFF] }
            func id(of chosen: FontFace) -> Int {
                for (family, group) in fonts.enumerated() {
                    if let slice = group.slices.firstIndex(where: { $0 === chosen }) { return family << 16 | slice }
                }
                return primary
            }
            let runStart = scalars.count
            // At most a scalar per UTF-8 byte.
            let most = scalars.count + run.text.utf8.count
            scalars.reserveCapacity(most)
            clusterStarts.reserveCapacity(most)
            sources.reserveCapacity(most)
            // Collapse: any run of space, tab, newline (across runs too) is one space.
            var choices: [(range: Range<Int>, face: Int)] = []
            /// A white-space character (space, tab, newline) starting at `characterStart`.
            func addWhite(at characterStart: Int) {
                if lastWasSpace { return }
                lastWasSpace = true
                let start = scalars.count
                scalars.append(0x20)
                clusterStarts.append(true)
                sources.append(TextPosition(run: runIndex, offset: characterStart))
                choices.append((start..<start + 1, primary))
            }
            /// A character of one scalar, as nearly every character is: the same choice as for
            /// a longer cluster below, without an array per character (a tenth of measuring a
            /// clean build's cards).
            func addSingle(_ only: Unicode.Scalar, at characterStart: Int) {
                lastWasSpace = false
                let start = scalars.count
                scalars.append(only.value)
                clusterStarts.append(true)
                sources.append(TextPosition(run: runIndex, offset: characterStart))
                let chosen: Int?
                if Self.isDefaultIgnorable(only) {
                    chosen = primary
                } else {
                    chosen = Self.choose(only, in: fonts)
                    if chosen == nil, !fonts.contains(where: { $0.slice(for: only.value) != nil }) { missing.insert(only) }
                }
                choices.append((start..<start + 1, chosen ?? primary))
            }
            if run.text.unicodeScalars.allSatisfy({ Self.standsAlone($0.value) }) {
                // Every scalar a character of its own: no grapheme breaking to walk.
                for (offset, scalar) in run.text.unicodeScalars.enumerated() {
                    if scalar == " " || scalar == "\t" || scalar == "\n" { addWhite(at: offset) } else { addSingle(scalar, at: offset) }
                }
            } else {
                var sourceOffset = 0
                for character in run.text {
                    let characterStart = sourceOffset
                    sourceOffset += character.unicodeScalars.count
                    if character.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
                        addWhite(at: characterStart)
                        continue
                    }
                    if character.unicodeScalars.count == 1, let only = character.unicodeScalars.first {
                        addSingle(only, at: characterStart)
                        continue
                    }
                    lastWasSpace = false
                    let start = scalars.count
                    for (offset, scalar) in character.unicodeScalars.enumerated() {
                        scalars.append(scalar.value)
                        clusterStarts.append(offset == 0)
                        sources.append(TextPosition(run: runIndex, offset: characterStart + offset))
                    }
                    let needed = Array(character.unicodeScalars.filter { !Self.isDefaultIgnorable($0) })
                    let face = Self.choose(needed, in: fonts)
                    if face == nil { missing.formUnion(needed.filter { scalar in !fonts.contains { $0.slice(for: scalar.value) != nil } }) }
                    choices.append((start..<scalars.count, face.map(id(of:)) ?? primary))
                }
            }
            advances.append(contentsOf: repeatElement(0, count: scalars.count - runStart))
            if scalars.count > runStart { items.append(runStart..<scalars.count) }
            // Shape maximal stretches set in one face.
            var index = 0
            while index < choices.count {
                var end = index
                while end + 1 < choices.count && choices[end + 1].face == choices[index].face { end += 1 }
                let face = face(choices[index].face)
                let range = choices[index].range.lowerBound..<choices[end].range.upperBound
                if !face.addContextFreeAdvances(scalars, range: range, size: run.style.size, to: &advances) {
                    for glyph in face.shape(scalars, range: range, language: run.style.language, size: run.style.size) {
                        advances[glyph.cluster] += glyph.advance
                    }
                }
                index = end + 1
            }
            if run.style.letterSpacing != 0 {
                let spacing = Int64((run.style.letterSpacing * 65536).rounded())
                for position in runStart..<scalars.count where clusterStarts[position] {
                    advances[position] += spacing
                }
            }
        }
        // Trailing white space hangs and never makes a line; drop it.
        while scalars.last == 0x20 {
            scalars.removeLast()
            advances.removeLast()
            clusterStarts.removeLast()
            sources.removeLast()
        }
        items = items.compactMap { item in
            let clipped = item.clamped(to: 0..<scalars.count)
            return clipped.isEmpty ? nil : clipped
        }
        var offsets = [Int64](repeating: 0, count: scalars.count + 1)
        for index in advances.indices { offsets[index + 1] = offsets[index] + advances[index] }
        var itemOf = [Int](repeating: 0, count: scalars.count)
        for (number, item) in items.enumerated() {
            for index in item { itemOf[index] = number }
        }
        let breaks = LineBreaker.opportunities(scalars, mode: style.wordBreak)
        return PreparedParagraph(
            scalars: scalars, offsets: offsets, items: items, itemOf: itemOf, isSpace: scalars.map { $0 == 0x20 },
            breaks: breaks, clusterStarts: clusterStarts, sources: sources, style: style, missingGlyphs: missing)
    }

    /// The first font of the stack with glyphs for all of a cluster (for a sliced font: the slice
    /// that maps its first character, if it maps them all); with nothing to draw, the first.
    private static func choose(_ needed: [Unicode.Scalar], in fonts: [FontGroup]) -> FontFace? {
        guard let first = needed.first else { return fonts.first?.slices.first }
        for group in fonts {
            if let slice = group.slice(for: first.value), needed.allSatisfy(slice.hasGlyph) { return slice }
        }
        return nil
    }

    /// Single scalar `choose`: the face as its place in `fonts` (family << 16 | slice).
    private static func choose(_ scalar: Unicode.Scalar, in fonts: [FontGroup]) -> Int? {
        for (family, group) in fonts.enumerated() {
            if let slice = group.drawingSliceIndex(for: scalar) { return family << 16 | slice }
        }
        return nil
    }

    /// Whether a character starting with this scalar is that scalar alone whatever stands
    /// around it, given that every scalar around it is one of these too: no combining marks,
    /// joiners, variation selectors, prepended marks, jamo or regional indicators among them,
    /// and no carriage return (CR LF is one character). Latin-1 and below, general punctuation,
    /// arrows, CJK punctuation before its tone marks (U+302A), Hangul syllables, full-width
    /// ASCII.
    static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x300: value != 0x0D
        case 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0x3000...0x3029, 0xAC00...0xD7A3, 0xFF01...0xFF5E: true
        default: false
        }
    }

    static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        // None below U+00AD nor among Hangul syllables: the property lookup was most of this.
        let value = scalar.value
        if value < 0xAD || (0xAC00...0xD7A3).contains(value) { return false }
        return scalar.properties.isDefaultIgnorableCodePoint || value == 0xFE0F || value == 0xFE0E
    }

    /// 1/65536 px rounded up to Chromium's LayoutUnit (1/64 px).
    private static func layoutUnits(_ value: Int64) -> Int64 {
        value >= 0 ? (value + 1023) / 1024 : -((-value) / 1024)
    }

    /// Where Chromium's line breaker stands, in 1/64 px, after placing `start..<end` on a line
    /// that starts at `start`: each inline item's part of the line rounded up to 1/64 px on its
    /// own (`ShapeResult::SnappedWidth`), summed.
    static func extent(_ paragraph: PreparedParagraph, from start: Int, to end: Int) -> Int64 {
        var total: Int64 = 0
        var from = start
        var item = paragraph.itemOf[start]
        while true {
            let until = min(end, paragraph.items[item].upperBound)
            total += layoutUnits(paragraph.offsets[until] - paragraph.offsets[from])
            if until == end { return total }
            from = until
            item += 1
        }
    }

    /// Breaks `paragraph` into lines `width` px wide, keeping at most `maxLines` (CSS
    /// `line-clamp`).
    ///
    /// With a `margin` (px), no line is left to a close call. Engines measure the same text a
    /// little differently (Chromium and Firefox round advances to 1/64 and 1/60 px, WebKit on some
    /// systems to whole pixels), so a word that ends within `margin` of the edge may fit in one
    /// and wrap in another. Such a word goes to the next line, or — when it overflows by less than
    /// the margin — stays there, and either way the break is listed in `forcedBreaks`, for the
    /// page to make explicit. Every other line then fits by at least the margin, and every other
    /// break overflows by at least it. Breaks past a clamp are not listed: nothing shows there.
    public func layout(_ paragraph: PreparedParagraph, width: Double, maxLines: Int? = nil, margin: Double = 0) -> ParagraphLayout {
        let broken = Self.breakLines(paragraph, width: width, maxLines: maxLines, margin: margin)
        let visible = broken.shown.map { $0.lowerBound..<Self.contentEnd(paragraph, $0.lowerBound, $0.upperBound) }
        let texts = visible.map { range in
            String(String.UnicodeScalarView(paragraph.scalars[range].compactMap(Unicode.Scalar.init)))
        }
        // The width each line's content takes, as Chromium lays it: in 1/64 px steps.
        let widths = visible.map { range in range.isEmpty ? 0 : Double(Self.extent(paragraph, from: range.lowerBound, to: range.upperBound)) / 64 }
        return ParagraphLayout(
            lines: texts, naturalLineCount: broken.natural, height: Double(broken.shown.count) * paragraph.style.lineHeight,
            lineWidths: widths, forcedBreaks: broken.forcedBreaks)
    }

    /// What `layout` finds of the paragraph's height and its forced breaks, without the text
    /// and width of every line (a card's measure needs only these, at every card width).
    public func measure(_ paragraph: PreparedParagraph, width: Double, maxLines: Int? = nil, margin: Double = 0) -> (height: Double, forcedBreaks: [TextPosition]) {
        let broken = Self.breakLines(paragraph, width: width, maxLines: maxLines, margin: margin)
        return (Double(broken.shown.count) * paragraph.style.lineHeight, broken.forcedBreaks)
    }

    private static func contentEnd(_ paragraph: PreparedParagraph, _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start && paragraph.isSpace[end - 1] { end -= 1 }
        return end
    }

    /// The lines shown (hanging spaces included), how many the whole text takes, and the forced
    /// breaks that start a shown line: `layout`'s and `measure`'s decisions.
    private static func breakLines(
        _ paragraph: PreparedParagraph, width: Double, maxLines: Int?, margin: Double
    ) -> (shown: ArraySlice<Range<Int>>, natural: Int, forcedBreaks: [TextPosition]) {
        let count = paragraph.scalars.count
        guard count > 0 else { return ([], 0, []) }
        // Chromium compares in LayoutUnits (1/64 px) and lets content overshoot the line by one
        // (`LineBreaker::AvailableWidthToFit`).
        let limit = Int64((width * 64).rounded(.down)) + 1
        let slack = Int64((margin * 64).rounded(.up))
        func extent(_ start: Int, _ end: Int) -> Int64 { Self.extent(paragraph, from: start, to: end) }
        func contentEnd(_ start: Int, _ end: Int) -> Int { Self.contentEnd(paragraph, start, end) }
        func nextCluster(after index: Int, before end: Int) -> Int {
            var after = index + 1
            while after < end && !paragraph.clusterStarts[after] { after += 1 }
            return after
        }

        var lines: [Range<Int>] = []
        var forced: [Int] = []
        var lineStart = 0
        var position = 0
        var wordEnd = 0
        while position < count {
            // The next word: from `position` to the next break opportunity, without its spaces.
            // After a cut inside a word (overflow-wrap), the word still ends where it did: there
            // is no break opportunity between. Scanning again from each cut made a long word at
            // a narrow width cost the square of its length.
            if wordEnd <= position {
                wordEnd = position + 1
                while wordEnd < count && !paragraph.breaks[wordEnd] { wordEnd += 1 }
            }
            let end = contentEnd(position, wordEnd)
            let reach = end == position ? 0 : extent(lineStart, end)
            let close = slack > 0 && end > position && abs(reach - limit) < slack
            if end == position || (reach <= limit && !close) {
                position = wordEnd
                continue
            }
            if position > lineStart {
                // The word moves to the next line; the spaces before it hang at this one's end.
                if close { forced.append(position) }
                lines.append(lineStart..<position)
                lineStart = position
                continue
            }
            // The word starts the line and does not fit (or only just does).
            guard paragraph.style.breakLongWords else {
                position = wordEnd
                continue
            }
            // overflow-wrap: anywhere — Chromium lays the line out again with a break opportunity
            // at every grapheme cluster boundary and takes the last one that fits (at least one
            // cluster). The rest of the word starts the next line, which breaks normally again.
            // With a margin, the cut must fit by the margin, and is forced unless the cluster after
            // it overflows by the margin too.
            let first = nextCluster(after: position, before: end)
            var cut = first
            while cut < end {
                let after = nextCluster(after: cut, before: end)
                guard extent(lineStart, after) <= limit - slack else { break }
                cut = after
            }
            guard cut < end else {
                position = wordEnd
                continue
            }
            let nextReach = extent(lineStart, nextCluster(after: cut, before: end))
            if slack > 0 && (nextReach <= limit + slack || extent(lineStart, cut) > limit - slack) {
                forced.append(cut)
            }
            lines.append(lineStart..<cut)
            lineStart = cut
            position = cut
        }
        lines.append(lineStart..<count)

        let natural = lines.count
        let shown = lines.prefix(maxLines.map { min($0, natural) } ?? natural)
        // A forced break matters when it starts a shown line. Both lists rise.
        var shownForced: [TextPosition] = []
        var next = shown.startIndex + 1
        for position in forced {
            while next < shown.endIndex && shown[next].lowerBound < position { next += 1 }
            guard next < shown.endIndex else { break }
            if shown[next].lowerBound == position { shownForced.append(paragraph.sources[position]) }
        }
        return (shown, natural, shownForced)
    }

    /// Prepares and lays out in one call.
    public func layout(_ text: StyledText, style: ParagraphStyle, width: Double, maxLines: Int? = nil, margin: Double = 0) throws(Failure) -> ParagraphLayout {
        layout(try prepare(text, style: style), width: width, maxLines: maxLines, margin: margin)
    }
}

/// One family as styles name it: a single font file, or the slices of one cut by character.
struct FontGroup: Sendable {
    let slices: [FontFace]
    /// Which slice maps each character, for families of more than one slice: for the Basic
    /// Multilingual Plane an array by code point (slice + 1; 0: none), for the rest a table. A
    /// dictionary probe per character was a sixth of preparing a clean build's cards.
    private let basic: [UInt16]
    private let astral: [UInt32: Int]
    /// The same, of the slices that also give the character a glyph (`FontFace.hasGlyph`).
    private let drawnBasic: [UInt16]
    private let drawnAstral: [UInt32: Int]

    init(_ slices: [FontFace]) {
        self.slices = slices
        var basic: [UInt16] = [], drawnBasic: [UInt16] = []
        var astral: [UInt32: Int] = [:], drawnAstral: [UInt32: Int] = [:]
        if slices.count > 1 {
            basic = Array(repeating: 0, count: 0x10000)
            drawnBasic = basic
            for (index, slice) in slices.enumerated() {
                for scalar in slice.mappedScalars() {
                    // The first slice that maps a character owns it, glyph or not.
                    if scalar < 0x10000 ? basic[Int(scalar)] != 0 : astral[scalar] != nil { continue }
                    let drawn = Unicode.Scalar(scalar).map(slice.hasGlyph) ?? false
                    if scalar < 0x10000 {
                        basic[Int(scalar)] = UInt16(index + 1)
                        if drawn { drawnBasic[Int(scalar)] = UInt16(index + 1) }
                    } else {
                        astral[scalar] = index
                        if drawn { drawnAstral[scalar] = index }
                    }
                }
            }
        }
        (self.basic, self.astral, self.drawnBasic, self.drawnAstral) = (basic, astral, drawnBasic, drawnAstral)
    }

    /// The place in `slices` of `slice(for:)` if that slice has a glyph for `scalar`, else nil:
    /// one lookup, not a lookup and a call into HarfBuzz; a number, not a class reference that
    /// is retained and released for each character.
    func drawingSliceIndex(for scalar: Unicode.Scalar) -> Int? {
        if slices.count == 1 {
            guard let only = slices.first, only.hasGlyph(scalar) else { return nil }
            return 0
        }
        let value = scalar.value
        if value < 0x10000 {
            let owner = Int(drawnBasic[Int(value)])
            return owner == 0 ? nil : owner - 1
        }
        return drawnAstral[value]
    }

    func slice(for scalar: UInt32) -> FontFace? {
        if slices.count == 1 {
            guard let only = slices.first, let value = Unicode.Scalar(scalar), only.hasGlyph(value) else { return nil }
            return only
        }
        if scalar < 0x10000 {
            let owner = basic[Int(scalar)]
            return owner == 0 ? nil : slices[Int(owner) - 1]
        }
        return astral[scalar].map { slices[$0] }
    }

}

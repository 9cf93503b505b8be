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
    /// Width of each line shown, in px, without hanging spaces.
    public var lineWidths: [Double]
    /// True when a clamp hid lines.
    public var isClamped: Bool { naturalLineCount > lines.count }
}

/// A paragraph shaped once and ready to be broken into lines at any width: the width-independent
/// work (whitespace collapsing, font choice, shaping, break opportunities) is done here, so laying
/// out at several widths costs only arithmetic — the same split Pretext makes in the browser.
public struct PreparedParagraph: Sendable {
    /// Scalars after `white-space: normal` collapsing.
    let scalars: [UInt32]
    /// Advance of each scalar in px (a cluster's advance sits on its first scalar).
    let advances: [Double]
    let isSpace: [Bool]
    /// Break opportunities, as `LineBreaker.opportunities`.
    let breaks: [Bool]
    /// Grapheme cluster starts, for `overflow-wrap`.
    let clusterStarts: [Bool]
    let style: ParagraphStyle
    /// Scalars that no loaded font has a glyph for (they would fall back to a system font).
    public let missingGlyphs: Set<Unicode.Scalar>

    public var text: String { String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init))) }
}

/// Lays out paragraphs the way Chromium does for the theme's CSS, on pinned font files: shaping
/// with HarfBuzz, line breaking with `LineBreaker`, widths compared in Chromium's 1/64 px units.
public final class TextLayoutEngine: Sendable {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    private let faces: [String: FontFace]

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
        self.faces = faces
    }

    public func face(_ name: String) -> FontFace? { faces[name] }

    /// Collapses white space, picks a font for each grapheme cluster, shapes, and finds break
    /// opportunities. Throws when a style names a font the engine has not loaded.
    public func prepare(_ text: StyledText, style: ParagraphStyle) throws(Failure) -> PreparedParagraph {
        var scalars: [UInt32] = []
        var advances: [Double] = []
        var clusterStarts: [Bool] = []
        var missing = Set<Unicode.Scalar>()
        var lastWasSpace = true  // drops leading white space
        for run in text.runs {
            var fonts: [FontFace] = []
            for name in run.style.fonts {
                guard let face = faces[name] else { throw Failure(description: "font \(name) is not loaded into the layout engine") }
                fonts.append(face)
            }
            guard let primary = fonts.first else { throw Failure(description: "a run has no font") }
            let runStart = scalars.count
            // Collapse: any run of space, tab, newline (across runs too) is one space.
            var choices: [(range: Range<Int>, face: FontFace)] = []
            for character in run.text {
                let isWhite = character.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                if isWhite {
                    if lastWasSpace { continue }
                    lastWasSpace = true
                    let start = scalars.count
                    scalars.append(0x20)
                    clusterStarts.append(true)
                    choices.append((start..<start + 1, primary))
                    continue
                }
                lastWasSpace = false
                let start = scalars.count
                for (offset, scalar) in character.unicodeScalars.enumerated() {
                    scalars.append(scalar.value)
                    clusterStarts.append(offset == 0)
                }
                let needed = character.unicodeScalars.filter { !Self.isDefaultIgnorable($0) }
                let face = fonts.first { face in needed.allSatisfy(face.hasGlyph) }
                if face == nil { missing.formUnion(needed.filter { scalar in !fonts.contains { $0.hasGlyph(scalar) } }) }
                choices.append((start..<scalars.count, face ?? primary))
            }
            advances.append(contentsOf: repeatElement(0, count: scalars.count - runStart))
            // Shape maximal stretches set in one face.
            var index = 0
            while index < choices.count {
                var end = index
                while end + 1 < choices.count && choices[end + 1].face === choices[index].face { end += 1 }
                let face = choices[index].face
                let range = choices[index].range.lowerBound..<choices[end].range.upperBound
                let scale = run.style.size / Double(face.unitsPerEm)
                for glyph in face.shape(scalars, range: range, language: run.style.language) {
                    advances[glyph.cluster] += Self.quantize(Double(glyph.advance) * scale)
                }
                index = end + 1
            }
            if run.style.letterSpacing != 0 {
                for position in runStart..<scalars.count where clusterStarts[position] {
                    advances[position] += run.style.letterSpacing
                }
            }
        }
        // Trailing white space hangs and never makes a line; drop it.
        while scalars.last == 0x20 {
            scalars.removeLast()
            advances.removeLast()
            clusterStarts.removeLast()
        }
        let breaks = LineBreaker.opportunities(scalars, mode: style.wordBreak)
        return PreparedParagraph(
            scalars: scalars, advances: advances, isSpace: scalars.map { $0 == 0x20 }, breaks: breaks,
            clusterStarts: clusterStarts, style: style, missingGlyphs: missing)
    }

    /// Chromium keeps HarfBuzz positions in 16.16 fixed point.
    static func quantize(_ value: Double) -> Double { (value * 65536).rounded() / 65536 }

    static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint || scalar.value == 0xFE0F || scalar.value == 0xFE0E
    }

    /// Breaks `paragraph` into lines `width` px wide, keeping at most `maxLines` (CSS
    /// `line-clamp`).
    public func layout(_ paragraph: PreparedParagraph, width: Double, maxLines: Int? = nil) -> ParagraphLayout {
        let count = paragraph.scalars.count
        guard count > 0 else {
            return ParagraphLayout(lines: [], naturalLineCount: 0, height: 0, lineWidths: [])
        }
        let available = width
        // Chromium compares in LayoutUnits (1/64 px), truncating the shaped width: a line 0.01 px
        // too wide still fits.
        func fits(_ lineWidth: Double) -> Bool { (lineWidth * 64).rounded(.down) <= (available * 64).rounded(.down) }

        var lines: [Range<Int>] = []
        var widths: [Double] = []
        var lineStart = 0
        var lineWidth = 0.0  // content so far, including inner spaces, excluding trailing spaces
        var pendingSpaces = 0.0  // spaces after the last word on the line
        var position = 0
        func endLine(at end: Int, width: Double) {
            lines.append(lineStart..<end)
            widths.append(width)
        }
        while position < count {
            // The next word: from `position` to the next break opportunity; its trailing spaces.
            var wordEnd = position + 1
            while wordEnd < count && !paragraph.breaks[wordEnd] { wordEnd += 1 }
            var contentEnd = wordEnd
            while contentEnd > position && paragraph.isSpace[contentEnd - 1] { contentEnd -= 1 }
            var wordWidth = 0.0
            for index in position..<contentEnd { wordWidth += paragraph.advances[index] }
            var spaceWidth = 0.0
            for index in contentEnd..<wordEnd { spaceWidth += paragraph.advances[index] }
            let lineIsEmpty = position == lineStart
            if !lineIsEmpty && !fits(lineWidth + pendingSpaces + wordWidth) {
                endLine(at: position, width: lineWidth)
                lineStart = position
                lineWidth = 0
                pendingSpaces = 0
                continue
            }
            if lineIsEmpty && !fits(wordWidth) && paragraph.style.breakLongWords {
                // overflow-wrap: anywhere — as many grapheme clusters as fit, at least one.
                var cursor = position
                var width = 0.0
                while cursor < contentEnd {
                    var next = cursor + 1
                    while next < contentEnd && !paragraph.clusterStarts[next] { next += 1 }
                    var cluster = 0.0
                    for index in cursor..<next { cluster += paragraph.advances[index] }
                    if cursor > position && !fits(width + cluster) {
                        endLine(at: cursor, width: width)
                        lineStart = cursor
                        width = 0
                    }
                    width += cluster
                    cursor = next
                }
                // The rest of the word stays on the current line.
                lineWidth = width
                pendingSpaces = spaceWidth
                position = wordEnd
                continue
            }
            lineWidth += pendingSpaces + wordWidth
            pendingSpaces = spaceWidth
            position = wordEnd
        }
        endLine(at: count, width: lineWidth)

        let natural = lines.count
        let shown = maxLines.map { min($0, natural) } ?? natural
        let texts = lines.prefix(shown).map { range -> String in
            var end = range.upperBound
            while end > range.lowerBound && paragraph.isSpace[end - 1] { end -= 1 }
            return String(String.UnicodeScalarView(paragraph.scalars[range.lowerBound..<end].compactMap(Unicode.Scalar.init)))
        }
        return ParagraphLayout(
            lines: texts, naturalLineCount: natural, height: Double(shown) * paragraph.style.lineHeight,
            lineWidths: Array(widths.prefix(shown)))
    }

    /// Prepares and lays out in one call.
    public func layout(_ text: StyledText, style: ParagraphStyle, width: Double, maxLines: Int? = nil) throws(Failure) -> ParagraphLayout {
        layout(try prepare(text, style: style), width: width, maxLines: maxLines)
    }
}

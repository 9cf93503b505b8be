import Foundation

/// How a run of text is set: the font file (pinned, never looked up by name), size, line height,
/// letter spacing and whether Korean words may break between syllables.
public struct TextStyle: Hashable, Sendable {
    public enum WordBreak: String, Sendable {
        /// CSS `word-break: normal`: Hangul may break between any two syllables.
        case normal
        /// CSS `word-break: keep-all`: Korean words stay whole where they fit.
        case keepAll
    }

    public var fontFile: String
    /// Font size in CSS px (or points for print; the unit is the caller's).
    public var size: Double
    /// Line height as a multiple of `size`.
    public var lineHeight: Double
    public var letterSpacing: Double
    public var language: String
    public var wordBreak: WordBreak

    public init(
        fontFile: String, size: Double, lineHeight: Double = 1.6, letterSpacing: Double = 0, language: String = "ko",
        wordBreak: WordBreak = .keepAll
    ) {
        self.fontFile = fontFile
        self.size = size
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.language = language
        self.wordBreak = wordBreak
    }
}

/// Lines and height of a text set at a width.
public struct TextMeasurement: Hashable, Sendable {
    /// The text of each line, in order.
    public var lines: [String]
    /// Height in the style's unit: lines × line height.
    public var height: Double
}

/// Measures text. Boards and packets depend on this protocol, so tests can use
/// `FakeTextMeasurer` where real fonts don't matter.
public protocol TextMeasurer: Sendable {
    func measure(_ text: String, style: TextStyle, width: Double) throws -> TextMeasurement
}

/// A deterministic stand-in: every character is `advance` em wide (Hangul and other wide
/// characters twice that), lines break at spaces or, for over-long words, anywhere.
public struct FakeTextMeasurer: TextMeasurer {
    public var advance: Double

    public init(advance: Double = 0.5) { self.advance = advance }

    public func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement {
        func measuredWidth(_ word: Substring) -> Double {
            word.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 2 : 1) * advance * style.size }
        }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if measuredWidth(Substring(candidate)) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return TextMeasurement(lines: lines, height: Double(lines.count) * style.size * style.lineHeight)
    }
}

/// A colour as red, green, blue in 0…1.
public struct RGB: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double
    public init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
    /// `RGB(hex: 0xb30000)`.
    public init(hex: Int) {
        self.init(Double(hex >> 16 & 0xff) / 255, Double(hex >> 8 & 0xff) / 255, Double(hex & 0xff) / 255)
    }
    public static let black = RGB(0, 0, 0)
}

/// How a run of text looks in print.
public struct TextAttributes: Hashable, Sendable {
    /// A family loaded into the `PrintFonts` the text is set with.
    public var family: String
    /// Size in points.
    public var size: Double
    public var bold = false
    public var italic = false
    public var color: RGB = .black
    public var background: RGB?
    public var strikethrough = false
    public var underline = false
    /// A clickable target: a URI, or `#name` for a named destination in the same document.
    public var link: String?

    public init(family: String, size: Double) {
        self.family = family
        self.size = size
    }

    /// True when `other` sets text in the same font: family, size, weight and slant (what a
    /// Pango font description holds; colour and decorations are drawn, not chosen fonts).
    func hasFont(of other: TextAttributes) -> Bool {
        family == other.family && size == other.size && bold == other.bold && italic == other.italic
    }

    /// A copy with changes, for building styles inline: `base.with { $0.bold = true }`.
    public func with(_ change: (inout TextAttributes) -> Void) -> TextAttributes {
        var copy = self
        change(&copy)
        return copy
    }
}

/// Text with attributes over byte ranges, as Pango consumes it. Hashable, so what was set for
/// one text can be reused for the same text (Packet's `TextBlockCache`).
public struct RichText: Hashable, Sendable {
    public struct Run: Hashable, Sendable {
        /// UTF-8 byte offsets into `string`.
        public var start: Int, end: Int
        public var attributes: TextAttributes
    }

    public private(set) var string = ""
    public private(set) var runs: [Run] = []
    private var byteCount = 0

    public init() {}

    public init(_ text: String, _ attributes: TextAttributes) {
        append(text, attributes)
    }

    public mutating func append(_ text: String, _ attributes: TextAttributes) {
        let count = text.utf8.count
        guard count > 0 else { return }
        if let last = runs.last, last.attributes == attributes, last.end == byteCount {
            runs[runs.count - 1].end += count
        } else {
            runs.append(Run(start: byteCount, end: byteCount + count, attributes: attributes))
        }
        string += text
        byteCount += count
    }

    public var isEmpty: Bool { byteCount == 0 }

    /// The attributes at UTF-8 offset `offset` (the last run's past the end; nil when empty).
    public func attributes(at offset: Int) -> TextAttributes? {
        (runs.first { $0.start <= offset && offset < $0.end } ?? runs.last)?.attributes
    }

    /// The text of UTF-8 bytes `start..<end` (which must fall on character boundaries) with its
    /// attributes.
    public func slice(_ start: Int, _ end: Int) -> RichText {
        var result = RichText()
        let utf8 = string.utf8
        for run in runs where run.end > start && run.start < end {
            let from = utf8.index(utf8.startIndex, offsetBy: max(run.start, start))
            let to = utf8.index(utf8.startIndex, offsetBy: min(run.end, end))
            result.append(String(decoding: utf8[from..<to], as: UTF8.self), run.attributes)
        }
        return result
    }
}

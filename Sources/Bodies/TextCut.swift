/// Plain text cut short for a page: a description (160 characters) or a list row's line
/// (140), from a body's lead (`JournalBodies.lead`).
public enum TextCut {
    /// The first `limit` characters of `text`, cut at a word boundary, with an ellipsis.
    public static func excerpt(_ text: String, limit: Int) -> String {
        let (kept, cut) = excerptParts(text, limit: limit)
        return cut ? String(kept) + "…" : text
    }

    /// `excerpt` as the part of `text` it keeps (sharing its storage) and whether an ellipsis
    /// follows: for an excerpt kept long and made into text only when shown.
    public static func excerptParts(_ text: String, limit: Int) -> (kept: Substring, cut: Bool) {
        // Not `text.count`, which walks a whole body by grapheme clusters.
        guard text.utf8.count > limit else { return (text[...], false) }
        if let cut = cutBySingleScalarCharacters(text, limit: limit) { return cut.map { (trimmed($0), true) } ?? (text[...], false) }
        return excerptPartsByCharacters(text, limit: limit)
    }

    /// `excerpt`, walking `text` by grapheme clusters.
    static func excerptByCharacters(_ text: String, limit: Int) -> String {
        let (kept, cut) = excerptPartsByCharacters(text, limit: limit)
        return cut ? String(kept) + "…" : text
    }

    static func excerptPartsByCharacters(_ text: String, limit: Int) -> (kept: Substring, cut: Bool) {
        guard let limitIndex = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), limitIndex < text.endIndex
        else { return (text[...], false) }
        let cut = text[..<limitIndex]
        return (trimmed(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut), true)
    }

    /// `excerpt`'s cut (the first `limit` characters, up to the last space among them) when the
    /// text's first `limit` + 1 scalars are each a character of its own: printable ASCII,
    /// Hangul syllables, CJK ideographs and common punctuation, none of which joins a grapheme
    /// cluster with its neighbour (UAX #29), so characters are scalars. `.some(nil)` when the
    /// text has at most `limit` characters (no cut); nil when another scalar comes first, and
    /// the text must be walked by grapheme clusters. Walking them was about half of rendering a
    /// list page's rows (perf, `serve` saves at 2,000 journals).
    static func cutBySingleScalarCharacters(_ text: String, limit: Int) -> Substring?? {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var lastSpace: String.Index?
        for position in 0...limit {
            guard index < scalars.endIndex else { return .some(nil) }
            let value = scalars[index].value
            guard isOwnCharacter(value) else { return nil }
            if value == 0x20 && position < limit { lastSpace = index }
            if position < limit { index = scalars.index(after: index) }
        }
        return .some(text[..<(lastSpace ?? index)])
    }

    /// `text.count`, without breaking graphemes where every scalar is a character of its own
    /// (most of a Korean journal): counting a body's characters for its card's excerpt
    /// (`ExcerptRun.runs`) was 1 % of a clean build of short journals.
    static func characterCount(_ text: String) -> Int {
        var count = 0
        for scalar in text.unicodeScalars {
            guard isOwnCharacter(scalar.value) else { return text.count }
            count += 1
        }
        return count
    }

    @inline(__always) static func isOwnCharacter(_ value: UInt32) -> Bool {
        (0x20...0x7E).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0x2010...0x2027).contains(value) || value == 0xB7
    }

    static func trimmed(_ end: Substring) -> Substring {
        // Foundation's `trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))`,
        // scalar by scalar without bridging to NSString: the categories P* and Zs, tab, and
        // U+200B (a space separator in the Unicode that Foundation's set follows).
        var scalars = end.unicodeScalars[...]
        while let first = scalars.first, isTrimmed(first) { scalars.removeFirst() }
        while let last = scalars.last, isTrimmed(last) { scalars.removeLast() }
        // The trimmed scalars' bytes kept whole: a `String.UnicodeScalarView` made of them
        // encodes them again one by one (1 % of a real-Korean build, for every card's excerpt).
        return Substring(scalars)
    }

    static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\u{200B}" { return true }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}

internal import CCMarkGFM
import GazetteModel

#if canImport(Glibc)
    import Glibc
#endif

/// Emphasis as Korean, Chinese and Japanese writers type it.
///
/// CommonMark lets a run of `*`, `_` or `~~` close emphasis after punctuation only when a space
/// or more punctuation follows it, and open before punctuation only when a space or punctuation
/// comes before it. Korean particles attach to the word they follow, and Chinese and Japanese
/// put no spaces between words, so `**'금리 동결'**을`, `**인상(0.25%p)**은` and
/// `これは**「重要」**です` stayed as typed, asterisks and all, with no word from the parser.
/// Gazette takes the amendment proposed for CommonMark (commonmark-spec #650, #839) and done by
/// markdown-cjk-friendly, comrak and Markdig: a Korean, Chinese or Japanese letter beside a run
/// counts as punctuation does there. Nothing else changes: a run between Latin letters and
/// punctuation (`**"quote"**s`) follows CommonMark.
///
/// cmark-gfm decides flanking on its own. Where the amendment differs, a mark — a punctuation
/// character the body does not use — is put between the run and the letter before the text is
/// parsed, so the parser sees punctuation there; the document takes the mark out of every node
/// afterwards (`MarkdownDocument.removeMarks`) and maps the columns it reports back to the text
/// as written (`sourceColumn`).
struct CJKEmphasis {
    /// The mark's UTF-8 bytes; nil when none was needed.
    let mark: [UInt8]?
    /// Where each mark starts in the marked text: 1-based line and byte column, in text order.
    private let marks: [(line: Int, column: Int)]

    /// Punctuation the parser counts as such and that writers practically never use; the first
    /// one a body does not contain is its mark. ⸮ (U+2E2E), ⸙ (U+2E19), ⸎ (U+2E0E).
    static let candidates: [[UInt8]] = [[0xE2, 0xB8, 0xAE], [0xE2, 0xB8, 0x99], [0xE2, 0xB8, 0x8E]]

    /// `parse` given the bytes to parse — `text`'s own, not copied, when no mark is needed (most
    /// bodies) — and the marks put in.
    static func marking<T>(_ text: String, _ parse: (UnsafeBufferPointer<UInt8>) -> T) -> (T, CJKEmphasis) {
        var text = text
        return text.withUTF8 { bytes in
            let places = places(in: bytes)
            guard !places.isEmpty, let mark = candidates.first(where: { UTF8Search.firstOffset(of: $0, in: bytes) == nil }) else {
                return (parse(bytes), CJKEmphasis(mark: nil, marks: []))
            }
            var marked: [UInt8] = []
            marked.reserveCapacity(bytes.count + places.count * mark.count)
            var marks: [(line: Int, column: Int)] = []
            var copied = 0
            for place in places {
                marked += bytes[copied..<place.offset]
                // The column in the marked text: earlier marks on the line moved it on.
                let before = marks.reduce(0) { $0 + ($1.line == place.line ? mark.count : 0) }
                marks.append((place.line, place.column + before))
                marked += mark
                copied = place.offset
            }
            marked += bytes[copied...]
            return (marked.withUnsafeBufferPointer(parse), CJKEmphasis(mark: mark, marks: marks))
        }
    }

    /// The column in the text as written of byte column `column` of line `line` of the marked
    /// text (both 1-based): the marks before it on its line taken away.
    func sourceColumn(line: Int, column: Int) -> Int {
        guard let mark else { return column }
        var result = column
        for place in marks where place.line == line && place.column < column {
            result -= min(mark.count, column - place.column)
        }
        return result
    }

    // MARK: - Where marks go

    /// Where a mark goes: the byte offset in the text it goes before, and that byte's 1-based
    /// line and column.
    private struct Place {
        var offset: Int
        var line: Int
        var column: Int
    }

    /// Every run of `*`, `_` or `~` that CommonMark reads differently from the amendment: with
    /// punctuation inside and a CJK letter outside. A closing side (punctuation before the run,
    /// a letter after) gets a mark after the run; an opening side (a letter before, punctuation
    /// after) one before it. Lines are counted only up to the runs that need a mark.
    private static func places(in text: UnsafeBufferPointer<UInt8>) -> [Place] {
        var places: [Place] = []
        var line = 1, counted = 0, lineStart = 0, index = 0
        let count = text.count
        func place(_ offset: Int) -> Place {
            while counted < offset {
                if text[counted] == 0x0A {
                    line += 1
                    lineStart = counted + 1
                }
                counted += 1
            }
            return Place(offset: offset, line: line, column: offset - lineStart + 1)
        }
        // The next `*`, `_` and `~` at or after `index`, each found by memchr (vectorised: most
        // of a body holds none of them).
        var star = find(0x2A, from: 0, in: text), underscore = find(0x5F, from: 0, in: text), tilde = find(0x7E, from: 0, in: text)
        while true {
            index = max(index, min(star, underscore, tilde))
            guard index < count else { break }
            let byte = text[index]
            let start = index
            while index < count && text[index] == byte { index += 1 }
            if star < index { star = find(0x2A, from: index, in: text) }
            if underscore < index { underscore = find(0x5F, from: index, in: text) }
            if tilde < index { tilde = find(0x7E, from: index, in: text) }
            // A run at a line's start has a line break before it: space, not a letter.
            guard start > 0, text[start - 1] != 0x0A, index < count else { continue }
            var previous = start - 1
            while previous > 0 && start - previous < 4 && text[previous] & 0xC0 == 0x80 { previous -= 1 }
            guard let before = UTF8Search.scalar(in: text, at: previous, end: start)?.value,
                let after = UTF8Search.scalar(in: text, at: index, end: count)?.value
            else { continue }
            if isPunctuation(before) && isCJKLetter(after) {
                places.append(place(index))
            } else if isCJKLetter(before) && isPunctuation(after) {
                places.append(place(start))
            }
        }
        return places
    }

    /// The offset of the first `byte` of `text` at or after `from`, or the count.
    private static func find(_ byte: UInt8, from: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        guard from < text.count, let base = text.baseAddress, let found = memchr(base + from, Int32(byte), text.count - from) else { return text.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    private static func isPunctuation(_ value: UInt32) -> Bool {
        cmark_utf8proc_is_punctuation(Int32(bitPattern: value)) != 0
    }

    /// A letter of Korean (any of Hangul's blocks), Chinese or Japanese (ideographs, kana), or a
    /// full-width or half-width form — what the amendment calls CJK (East Asian Width wide,
    /// full-width or half-width, or the Hangul script) less punctuation and space, which
    /// CommonMark's rules already read as such.
    static func isCJKLetter(_ value: UInt32) -> Bool {
        let wide: Bool
        switch value {
        case 0xAC00...0xD7A3, 0x4E00...0x9FFF: wide = true  // the common case first
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x2FF0...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xD7B0...0xD7FF, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFFEF,
            0x1B000...0x1B16F, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            wide = true
        default: wide = false
        }
        return wide && !isPunctuation(value) && cmark_utf8proc_is_space(Int32(bitPattern: value)) == 0
    }
}

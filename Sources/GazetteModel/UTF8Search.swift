import Foundation

/// Substring search on UTF-8 bytes. Foundation's `components(separatedBy:)`, `contains` and
/// `range(of:)` on Swift strings go through NSString; on every journal's text and every page's
/// tags they were 40 % of a 2,000-journal build. Separators here are ASCII, so every match
/// starts and ends on a character boundary.
public enum UTF8Search {
    /// The byte offset of each occurrence of `needle` in `haystack`, left to right, not
    /// overlapping.
    public static func occurrences<Bytes: RandomAccessCollection<UInt8>>(of needle: [UInt8], in haystack: Bytes) -> [Int] where Bytes.Index == Int {
        guard let first = needle.first, needle.count <= haystack.count else { return [] }
        // Contiguous bytes are scanned for the needle's first byte by `memchr`: a body's HTML
        // looked at a byte at a time for task boxes it rarely has was a fifth of parsing it.
        if let found = haystack.withContiguousStorageIfAvailable({ occurrences(of: needle, first: first, in: $0) }) { return found }
        var found: [Int] = []
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    private static func occurrences(of needle: [UInt8], first: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let base = bytes.baseAddress else { return [] }
        var found: [Int] = []
        var from = 0
        while from + needle.count <= bytes.count,
            let hit = memchr(base + from, Int32(first), bytes.count - needle.count + 1 - from)
        {
            let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if UnsafeBufferPointer(start: base + offset, count: needle.count).elementsEqual(needle) {
                found.append(offset)
                from = offset + needle.count
            } else {
                from = offset + 1
            }
        }
        return found
    }

    /// The scalar value that starts at `index` of well-formed UTF-8 (a Swift string's bytes) and
    /// its length in bytes, or nil when its bytes run past `end`.
    public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (value: UInt32, length: Int)? {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= end else { return nil }
        var value = length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (value, length)
    }

    /// The scalar value of well-formed UTF-8 that ends just before `index` (its continuation
    /// bytes, 10xxxxxx, stepped back over), or nil at the start.
    public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> UInt32? {
        guard index > 0 else { return nil }
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(in: bytes, at: start, end: index)?.value
    }

    /// The text between occurrences of `separator`, as Foundation's
    /// `components(separatedBy:)` gives it (n occurrences, n + 1 parts).
    public static func parts(of text: String, separatedBy separator: String) -> [String] {
        let bytes = Array(text.utf8)
        let separatorBytes = Array(separator.utf8)
        var parts: [String] = []
        var start = 0
        for offset in occurrences(of: separatorBytes, in: bytes) {
            parts.append(String(decoding: bytes[start..<offset], as: UTF8.self))
            start = offset + separatorBytes.count
        }
        parts.append(String(decoding: bytes[start...], as: UTF8.self))
        return parts
    }

    /// The byte offset of the first occurrence of `needle` in `bytes`.
    ///
    /// Contiguous bytes (arrays, buffers, a native string's UTF-8) go through `memchr` and
    /// `memcmp`. The generic walk that remains for other collections is not specialized across
    /// modules: reading every tag of a page with it for bold classes was 40 % of a clean build's
    /// samples on a site with real Korean text (issue 32).
    public static func firstOffset(of needle: some Collection<UInt8>, in bytes: some RandomAccessCollection<UInt8>) -> Int? {
        let pattern = Array(needle)
        if let found = bytes.withContiguousStorageIfAvailable({ firstOffset(of: pattern, in: $0) }) { return found }
        return firstOffset(of: pattern, in: Array(bytes))
    }

    /// `firstOffset(of:in:)` on contiguous bytes.
    public static func firstOffset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first else { return 0 }
        guard needle.count <= bytes.count, let base = bytes.baseAddress else { return nil }
        return needle.withUnsafeBufferPointer { pattern -> Int? in
            guard let patternBase = pattern.baseAddress else { return nil }
            var from = 0
            let last = bytes.count - needle.count
            while from <= last, let hit = memchr(base + from, Int32(first), last + 1 - from) {
                let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                if memcmp(base + offset, patternBase, needle.count) == 0 { return offset }
                from = offset + 1
            }
            return nil
        }
    }

    /// Whether `needle` occurs in `bytes`.
    public static func contains(bytes: [UInt8], _ needle: [UInt8]) -> Bool { firstOffset(of: needle, in: bytes) != nil }

    /// Whether `needle` occurs in `text`.
    public static func contains(_ text: some StringProtocol, _ needle: String) -> Bool { firstOffset(of: needle.utf8, in: Array(text.utf8)) != nil }

    /// Where `needle` first occurs in `text`.
    public static func firstIndex(of needle: String, in text: String) -> String.Index? {
        let found = text.utf8.withContiguousStorageIfAvailable { firstOffset(of: needle.utf8, in: $0) } ?? firstOffset(of: needle.utf8, in: Array(text.utf8))
        return found.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }

    /// Where `needle` (non-empty) first occurs in `text`, as a range of its indices.
    public static func range(of needle: String, in text: String) -> Range<String.Index>? {
        guard !needle.isEmpty, let start = firstIndex(of: needle, in: text) else { return nil }
        return start..<text.utf8.index(start, offsetBy: needle.utf8.count)
    }

    /// Where `needle` (non-empty) last occurs in `text`, as a range of its indices.
    public static func lastRange(of needle: String, in text: String) -> Range<String.Index>? {
        let pattern = Array(needle.utf8)
        let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Int? in
            guard !pattern.isEmpty, pattern.count <= bytes.count else { return nil }
            var start = bytes.count - pattern.count
            while start >= 0 {
                if bytes[start] == pattern[0], (1..<pattern.count).allSatisfy({ bytes[start + $0] == pattern[$0] }) { return start }
                start -= 1
            }
            return nil
        }
        let found = text.utf8.withContiguousStorageIfAvailable(search) ?? Array(text.utf8).withUnsafeBufferPointer(search)
        return found.map { offset in
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            return start..<text.utf8.index(start, offsetBy: pattern.count)
        }
    }

    /// `text` without the white space at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (or, with `newlines`, `.whitespacesAndNewlines`)
    /// gives, scalar by scalar from each end, without `NSString` (which copies the whole text):
    /// ASCII by its bytes, any other scalar at an end (U+3000, U+00A0) asked of the set.
    public static func trimmingWhiteSpace(_ text: Substring, newlines: Bool = false) -> Substring {
        let set = newlines ? whiteSpaceAndNewlines : whiteSpace
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar.isASCII else { return set.contains(scalar) }
            return scalar == " " || scalar == "\t" || (newlines && (0x0A...0x0D).contains(scalar.value))
        }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start = scalars.index(after: start) }
        while end > start, isSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return text[start..<end]
    }

    private static let whiteSpace = CharacterSet.whitespaces
    private static let whiteSpaceAndNewlines = CharacterSet.whitespacesAndNewlines

    /// `trimmingWhiteSpace(_:newlines:)` of a whole string.
    public static func trimmingWhiteSpace(_ text: String, newlines: Bool = false) -> String {
        String(trimmingWhiteSpace(Substring(text), newlines: newlines))
    }
}

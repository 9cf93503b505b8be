/// Substring search on UTF-8 bytes. Foundation's `components(separatedBy:)`, `contains` and
/// `range(of:)` on Swift strings go through NSString; on every journal's text and every page's
/// tags they were 40 % of a 2,000-journal build. Separators here are ASCII, so every match
/// starts and ends on a character boundary.
enum UTF8Search {
    /// The byte offset of each occurrence of `needle` in `haystack`, left to right, not
    /// overlapping.
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard let first = needle.first, needle.count <= haystack.count else { return [] }
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

    /// The text between occurrences of `separator`, as Foundation's
    /// `components(separatedBy:)` gives it (n occurrences, n + 1 parts).
    static func parts(of text: String, separatedBy separator: String) -> [String] {
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

    /// Whether `needle` occurs in `bytes`.
    static func contains(bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= bytes.count else { return false }
        for index in 0...(bytes.count - needle.count) where bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// Whether `needle` occurs in `text`.
    static func contains(_ text: some StringProtocol, _ needle: String) -> Bool {
        let needleBytes = Array(needle.utf8)
        guard let first = needleBytes.first else { return true }
        let bytes = Array(text.utf8)
        guard needleBytes.count <= bytes.count else { return false }
        for index in 0...(bytes.count - needleBytes.count)
        where bytes[index] == first && bytes[index..<index + needleBytes.count].elementsEqual(needleBytes) {
            return true
        }
        return false
    }

    /// Where `needle` first occurs in `text`.
    static func firstIndex(of needle: String, in text: String) -> String.Index? {
        let needleBytes = Array(needle.utf8)
        guard let first = needleBytes.first else { return text.startIndex }
        let found: Int? = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard needleBytes.count <= bytes.count else { return nil }
            for index in 0...(bytes.count - needleBytes.count)
            where bytes[index] == first && bytes[index..<index + needleBytes.count].elementsEqual(needleBytes) {
                return index
            }
            return nil
        } ?? occurrences(of: needleBytes, in: Array(text.utf8)).first
        return found.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }
}

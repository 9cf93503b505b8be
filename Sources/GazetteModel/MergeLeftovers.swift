import Foundation

/// The marker lines git leaves in a file it could not merge (`<<<<<<< HEAD`, `=======`,
/// `>>>>>>> theirs`, and `||||||| base` in diff3 style). Such a file is never built: a page
/// would show both sides and the markers. Every reader of a file people merge (journals,
/// `gazette.yml`, the article store) asks here first.
public enum MergeLeftovers {
    /// One marker line: 1-based line number and the line's text.
    public struct Marker: Sendable, Equatable {
        public let line: Int
        public let text: String
    }

    /// The marker lines of `data`. `<<<<<<<` and `>>>>>>>` (followed by a space or the line's
    /// end) always count; `=======` and `|||||||` only in a file that has one of those, since a
    /// line of seven `=` alone is also a Markdown heading underline.
    public static func markers(in data: Data) -> [Marker] {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Marker] in
            var found: [(line: Int, start: Int, end: Int, opens: Bool)] = []
            var lineNumber = 1
            var start = 0
            let count = bytes.count
            while start < count {
                var end = start
                while end < count && bytes[end] != 0x0A { end += 1 }
                if end - start >= 7, let kind = kind(bytes, start, end) {
                    found.append((lineNumber, start, end, kind))
                }
                lineNumber += 1
                start = end + 1
            }
            guard found.contains(where: \.opens) else { return [] }
            return found.map { marker in
                var end = marker.end
                if end > marker.start && bytes[end - 1] == 0x0D { end -= 1 }
                return Marker(line: marker.line, text: String(decoding: bytes[marker.start..<end], as: UTF8.self))
            }
        }
    }

    /// nil when the line `bytes[start..<end]` is no marker; else whether it is one that always
    /// counts (`<<<<<<<`, `>>>>>>>`) or one that counts beside those (`=======`, `|||||||`).
    private static func kind(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool? {
        let first = bytes[start]
        guard first == UInt8(ascii: "<") || first == UInt8(ascii: ">") || first == UInt8(ascii: "=") || first == UInt8(ascii: "|") else {
            return nil
        }
        for offset in 1..<7 where bytes[start + offset] != first { return nil }
        if end > start + 7 {
            let next = bytes[start + 7]
            guard next == UInt8(ascii: " ") || next == 0x0D else { return nil }
        }
        return first == UInt8(ascii: "<") || first == UInt8(ascii: ">")
    }

    /// An error for each marker line of `data`, at `path:line:1` with the line, saying what to
    /// do; `hint` replaces the general advice (the article store says how it repairs itself).
    public static func diagnostics(in data: Data, path: String, hint: String? = nil) -> [Diagnostic] {
        markers(in: data).map { marker in
            .error(
                "unresolved merge conflict: git left the line '\(marker.text)'",
                at: SourceLocation(path: path, line: marker.line, column: 1),
                hint: hint ?? "resolve the merge: keep one side, delete the marker lines (<<<<<<<, =======, >>>>>>>), then commit",
                sourceLine: marker.text)
        }
    }
}

import Foundation
import GazetteModel

/// Turns file bytes into text the loaders can trust: UTF-8 checked (an invalid byte is reported
/// at its line and column), a byte-order mark dropped, CRLF and CR line endings made LF.
enum SourceText {
    static func decode(_ data: Data, path: String) -> Result<String, Diagnostic> {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(bytes)
            let before = bytes[..<offset]
            let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
            let line = before.filter { $0 == 0x0A }.count + 1
            let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
            let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
            var shown = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
            if shown.hasSuffix("\r") { shown.removeLast() }
            return .failure(
                .error(
                    String(format: "file is not valid UTF-8 (byte 0x%02X)", bytes[offset]),
                    at: SourceLocation(path: path, line: line, column: prefix.unicodeScalars.count + 1),
                    hint: "save the file with UTF-8 encoding", sourceLine: shown))
        }
        // Looked for on the bytes: Foundation's `contains("\r")` on the String was 6 % of a build.
        guard bytes.contains(0x0D) else { return .success(text) }
        var lf: [UInt8] = []
        lf.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0D {
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { continue }
                lf.append(0x0A)
            } else {
                lf.append(byte)
            }
        }
        return .success(String(decoding: lf, as: UTF8.self))
    }

    /// Offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count,
                String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            else { return index }
            index += length
        }
        return index
    }
}

extension StringProtocol {
    /// The 1-based column, in characters (Unicode scalars), of the 1-based byte column
    /// `byteColumn` of this line: cmark-gfm counts bytes, diagnostics and editors characters.
    public func scalarColumn(ofByteColumn byteColumn: Int) -> Int {
        String(decoding: utf8.prefix(Swift.max(0, byteColumn - 1)), as: UTF8.self).unicodeScalars.count + 1
    }

    /// The lines of LF-only text (what `SourceText.decode` gives), empty ones kept: the same as
    /// `split(separator: "\n", omittingEmptySubsequences: false)`, found on the UTF-8 bytes
    /// rather than by grapheme clusters, which cost more than the rest of loading a journal.
    public func lfLines() -> [SubSequence] {
        var lines: [SubSequence] = []
        var start = startIndex
        while let newline = nextLF(from: start) {
            lines.append(self[start..<newline])
            start = utf8.index(after: newline)
        }
        lines.append(self[start...])
        return lines
    }

    /// The first LF at or after `start`, found with `memchr` on the UTF-8 bytes where the text
    /// has them in one piece (a native string does): `firstIndex(of:)` on the UTF-8 view went
    /// byte by byte through the view's index type and was a tenth of loading a journal.
    func nextLF(from start: Index) -> Index? {
        let found: Int?? = self[start...].utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress, let hit = memchr(base, 0x0A, bytes.count) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
        guard let found else { return self[start...].utf8.firstIndex(of: UInt8(ascii: "\n")) }
        return found.map { utf8.index(start, offsetBy: $0) }
    }
}

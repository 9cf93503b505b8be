import Foundation
import GazetteModel

#if canImport(Glibc)
    import Glibc
#endif

/// Turns file bytes into text the loaders can trust: UTF-8 checked (an invalid byte is reported
/// at its line and column), a byte-order mark dropped, CRLF and CR line endings made LF.
enum SourceText {
    static func decode(_ data: Data, path: String) -> Result<String, Diagnostic> {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let utf16 = utf16Error(bytes, path: path) { return .failure(utf16) }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(invalidUTF8(bytes, path: path)) }
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

    /// How to save a file as UTF-8 in the editors members use; `reopen`: the encoding VS Code
    /// must first be told the file is in (it guesses UTF-16 from the byte-order mark itself).
    static func saveAsUTF8(reopen: String? = nil) -> String {
        "save it as UTF-8: in Notepad, File → Save As → Encoding: UTF-8; in VS Code, click the encoding in the status bar → "
            + (reopen.map { "Reopen with Encoding → \($0), then click it again → " } ?? "") + "Save with Encoding → UTF-8"
    }

    /// A file saved as UTF-16 (Windows Notepad's "Unicode"), which its byte-order mark says:
    /// said so at its first line, shown as it reads.
    static func utf16Error(_ bytes: [UInt8], path: String) -> Diagnostic? {
        let little: Bool
        if bytes.starts(with: [0xFF, 0xFE]) { little = true } else if bytes.starts(with: [0xFE, 0xFF]) { little = false } else { return nil }
        var units: [UInt16] = []
        var index = 2
        while index + 1 < bytes.count, units.count < 400 {
            let unit = little ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            if unit == 0x0A || unit == 0x0D { break }
            units.append(unit)
            index += 2
        }
        return .error(
            "file is UTF-16 (\(little ? "little" : "big")-endian; \"Unicode\" in Windows Notepad), not UTF-8",
            at: SourceLocation(path: path, line: 1, column: 1), hint: saveAsUTF8(), sourceLine: String(decoding: units, as: UTF16.self))
    }

    /// Bytes that are not UTF-8, said at the first such byte with its line as the member sees it:
    /// a file in the Korean Windows encoding (CP949, a superset of EUC-KR: Notepad's "ANSI" on a
    /// Korean Windows, and what older editors and exports write) is named as such when all of it
    /// reads as CP949 and it holds Hangul, its line shown as written; any other, with the byte.
    static func invalidUTF8(_ bytes: [UInt8], path: String) -> Diagnostic {
        let offset = firstInvalidUTF8Offset(bytes)
        let lineStart = (bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        let line = bytes[..<offset].filter { $0 == 0x0A }.count + 1
        let korean = cp949(bytes[...]).map { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } } ?? false
        let read = { (part: ArraySlice<UInt8>) in korean ? cp949(part) ?? "" : String(decoding: part, as: UTF8.self) }
        var shown = read(bytes[lineStart..<lineEnd])
        if shown.hasSuffix("\r") { shown.removeLast() }
        let at = SourceLocation(path: path, line: line, column: read(bytes[lineStart..<offset]).unicodeScalars.count + 1)
        guard korean else {
            return .error(String(format: "file is not valid UTF-8 (byte 0x%02X)", bytes[offset]), at: at, hint: "save the file with UTF-8 encoding", sourceLine: shown)
        }
        return .error(
            "file is in the Korean Windows encoding (CP949/EUC-KR; \"ANSI\" in Notepad), not UTF-8", at: at,
            hint: saveAsUTF8(reopen: "Korean (EUC-KR)"), sourceLine: shown)
    }

    /// `bytes` read as CP949 with glibc's iconv; nil if any of them is not CP949.
    static func cp949(_ bytes: ArraySlice<UInt8>) -> String? {
        let converter = iconv_open("UTF-8", "CP949")
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 3 / 2 + 4)
        var inputLeft = input.count, outputLeft = output.count
        let converted = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var from = inputBuffer.baseAddress, to = outputBuffer.baseAddress
                return iconv(converter, &from, &inputLeft, &to, &outputLeft)
            }
        }
        guard converted != -1, inputLeft == 0 else { return nil }
        return String(validating: output.prefix(output.count - outputLeft).map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

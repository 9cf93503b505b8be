/// Escaping with backslashes, for the text formats Gazette writes that escape a few ASCII
/// characters and leave everything else as it is: JSON string literals (`JSONString`) and the
/// build ledger's tab-separated fields. A table of the ASCII characters to replace, so a text
/// with none of them is returned untouched without being rebuilt.
public struct BackslashEscaping: Sendable {
    /// The replacement of each ASCII byte, or nil for a byte written as it is.
    private let replacements: [String?]

    /// `replacements` for the characters named; with `controlsAsUnicode`, every other control
    /// character below U+0020 as `\u00XX`, as JSON requires.
    public init(_ replacements: [Unicode.Scalar: String], controlsAsUnicode: Bool = false) {
        var table = [String?](repeating: nil, count: 128)
        if controlsAsUnicode {
            let hex = Array("0123456789abcdef")
            for byte in 0..<0x20 { table[byte] = "\\u00" + String(hex[byte >> 4]) + String(hex[byte & 15]) }
        }
        for (scalar, replacement) in replacements where scalar.isASCII { table[Int(scalar.value)] = replacement }
        self.replacements = table
    }

    public func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 128 && replacements[Int($0)] != nil }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if scalar.isASCII, let replacement = replacements[Int(scalar.value)] {
                escaped += replacement
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

import Foundation

/// A string as a JSON string literal: `"`, `\` and control characters escaped, everything else
/// (Hangul, `/`) written as is. The same text is a valid YAML double-quoted scalar, since YAML's
/// double-quoted escapes include JSON's, so front matter written by Gazette uses it too.
public enum JSONString {
    public static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// A string as a JSON string literal: `"`, `\` and control characters escaped, everything else
/// (Hangul, `/`) written as is. The same text is a valid YAML double-quoted scalar, since YAML's
/// double-quoted escapes include JSON's, so front matter written by Gazette uses it too.
public enum JSONString {
    public static func quoted(_ value: String) -> String { "\"" + escaping.escape(value) + "\"" }

    private static let escaping = BackslashEscaping(
        ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{08}": "\\b", "\u{0C}": "\\f"],
        controlsAsUnicode: true)
}

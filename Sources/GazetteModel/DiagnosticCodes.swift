import Foundation

/// Stable codes for diagnostics, by what their message says: what `gazette lsp` sends as each
/// diagnostic's `code` and `check --format json` prints. Editors and users filter on them; a
/// new kind of message gets a new code, an old code never changes.
extension Diagnostic {
    public var code: String { namedCode ?? DiagnosticCodes.code(of: message) }
}

enum DiagnosticCodes {
    /// Message beginnings → codes.
    static let codes: [(prefix: String, code: String)] = [
        ("unknown tag", "unknown-tag"), ("unknown author", "unknown-author"), ("article '", "article-not-stored"),
        ("slug '", "duplicate-slug"), ("unresolved merge conflict", "merge-conflict"), ("picture '", "picture-missing"),
        ("'", "bad-value"), ("the quote", "yaml-unclosed-quote"), ("the [", "yaml-unclosed-bracket"), ("the {", "yaml-unclosed-bracket"),
        ("a tab indents", "yaml-tab"), ("duplicate key", "yaml-duplicate-key"), ("invalid YAML", "yaml-syntax"),
        ("unknown key", "unknown-key"), ("dated ", "dated-ahead"), ("link to '", "broken-link"),
        ("image without alt text", "image-without-alt"), ("image described as '", "image-placeholder-alt"), ("this journal names no article", "article-in-body"), ("this journal is empty", "empty-journal"), ("file is not valid UTF-8", "not-utf8"),
        ("the front matter", "front-matter"), ("a journal must start", "front-matter"), ("tag '", "bad-tag"),
        ("raw HTML not kept", "raw-html"), ("link address dropped", "refused-link"), ("image address dropped", "refused-link"),
        ("no date for this journal", "no-date"), ("base_url is not set", "no-base-url"), ("unknown time zone", "unknown-time-zone"),
    ]

    static func code(of message: String) -> String {
        // The picture messages share a beginning with "'…' must be…": the longest match wins.
        let matches = codes.filter { message.hasPrefix($0.prefix) }
        return matches.max { $0.prefix.count < $1.prefix.count }?.code ?? "gazette"
    }

}

import Foundation
import Markup

/// Text from APIs and feeds as the store keeps it: plain text. Tags are removed without adding
/// space (`주식<b>형</b>` → `주식형`), entities decoded, `script`/`style` dropped and whitespace
/// collapsed — by libxml2's HTML parser, which knows every named entity and tolerates tag soup.
enum PlainText {
    static func from(html text: String?) -> String {
        guard let text, !text.isEmpty else { return "" }
        if !text.contains("<") && !text.contains("&") { return collapse(text) }
        return MarkupDocument.html(text)?.plainText ?? collapse(text)
    }

    /// Whitespace runs become one space; the ends are trimmed.
    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// At most `limit` characters, cut at a word boundary with `…`.
    static func truncate(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let cut = text.prefix(limit)
        let boundary = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return String(boundary.isEmpty ? cut : boundary) + "…"
    }
}

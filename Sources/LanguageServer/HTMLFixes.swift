import Content
import Foundation
import GazetteModel
import Markdown

/// The quick fix for raw HTML a journal shows as typed (`html-shown`, while `markdown.unsafe_html`
/// is off): every tag of the kind the warning names, in the journal as it stands, written as the
/// Markdown that does what it was typed for — `<br>` as a backslash hard break (a new line where
/// `markdown.line_breaks` is on), `<b>굵게</b>` as
/// `**굵게**`, `<i>`, `<s>`, `<code>` likewise, `<img src="chart.png" alt="차트" …>` as
/// `![차트](chart.png)`. A tag the Markdown cannot stand in for where it is
/// (`<br>` in a table row or a heading, a tag with attributes, a pair split over lines) is left
/// for the member, and the warning stays for it.
extension Features {
    /// Markdown's marker for each inline tag that has one.
    static let markdownForTag: [String: String] = ["b": "**", "strong": "**", "i": "*", "em": "*", "s": "~~", "del": "~~", "strike": "~~", "code": "`"]

    /// The edits writing every `<tag>` of the journal open in `document` as Markdown; empty
    /// when none can be.
    func htmlFixes(_ document: TextDocument, tag: String) -> [TextEdit] {
        guard tag == "br" || tag == "img" || Self.markdownForTag[tag] != nil, let path = document.path, let journal = workspace.journals[path],
            let body = journal.body
        else { return [] }
        let lines = body.lfLines()
        let lineBreaks = workspace.config?.markdown.lineBreaks ?? false
        var edits: [TextEdit] = []
        for found in MarkdownDocument(body).htmlShownAsText where found.tag == tag && found.line >= 1 && found.line <= lines.count {
            let bytes = Array(lines[found.line - 1].utf8)
            let start = found.column - 1
            let fileLine = journal.bodyStartLine - 1 + found.line - 1
            func range(_ from: Int, _ to: Int) -> LSPRange {
                LSPRange(
                    start: Position(line: fileLine, character: encoding.length(String(decoding: bytes[..<from], as: UTF8.self))),
                    end: Position(line: fileLine, character: encoding.length(String(decoding: bytes[..<to], as: UTF8.self))))
            }
            if tag == "img" {
                // A picture with its `src` (Typora's, resized in place): the Markdown picture.
                if start >= 0, let image = ImageTag.read(bytes, at: start) { edits.append(TextEdit(range: range(start, image.end), newText: image.markdown)) }
                continue
            }
            guard start >= 0, start < bytes.count, let end = Self.plainTag(tag, closing: false, in: bytes, at: start) else { continue }
            if tag == "br" {
                // A break in a table row or a heading would end it: Markdown has none there.
                let lead = bytes.drop { $0 == 0x20 || $0 == 0x09 }
                guard lead.first != 0x7C, lead.first != 0x23, !bytes.contains(0x7C) else { continue }
                var after = end
                while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
                let alone = lead.count == bytes.count - start && after == bytes.count
                let nextHasText = found.line < lines.count && lines[found.line].contains { !$0.isWhitespace }
                // Mid-line: a hard break and the rest on a line of its own. At the line's end:
                // the backslash, when a line follows in the paragraph. Alone, or ending the
                // paragraph: nothing (a break there shows nothing). Where the site breaks every
                // line where it ends (`markdown.line_breaks`), a new line is the break.
                let hard = lineBreaks ? "" : "\\"
                let replacement = after < bytes.count ? hard + "\n" : (nextHasText && !alone ? hard : "")
                edits.append(TextEdit(range: range(start, after), newText: replacement))
                continue
            }
            guard let marker = Self.markdownForTag[tag], let close = Self.closingTag(tag, in: bytes, after: end) else { continue }
            let inner = bytes[end..<close]
            guard let first = inner.first, let last = inner.last, first != 0x20, last != 0x20, !inner.contains(0x3C),
                marker != "`" || !inner.contains(0x60)
            else { continue }
            guard let closeEnd = Self.plainTag(tag, closing: true, in: bytes, at: close) else { continue }
            edits.append(TextEdit(range: range(start, end), newText: marker))
            edits.append(TextEdit(range: range(close, closeEnd), newText: marker))
        }
        return edits
    }

    /// The end of `<tag>` (or `<tag/>`, `<tag />`; `</tag>` when `closing`), any case and no
    /// attributes, starting at `start` of `bytes`.
    static func plainTag(_ tag: String, closing: Bool, in bytes: [UInt8], at start: Int) -> Int? {
        var index = start
        func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] | (byte >= 0x61 && byte <= 0x7A ? 0x20 : 0) == byte else { return false }
            index += 1
            return true
        }
        guard take(0x3C), !closing || take(0x2F), tag.utf8.allSatisfy(take) else { return nil }
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        if !closing, index < bytes.count, bytes[index] == 0x2F { index += 1 }
        return take(0x3E) ? index : nil
    }

    /// Where the first `</tag>` after `from` starts on the line.
    static func closingTag(_ tag: String, in bytes: [UInt8], after from: Int) -> Int? {
        var index = from
        while index < bytes.count {
            if bytes[index] == 0x3C, plainTag(tag, closing: true, in: bytes, at: index) != nil { return index }
            index += 1
        }
        return nil
    }
}

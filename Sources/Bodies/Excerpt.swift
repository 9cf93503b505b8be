import GazetteModel
import Markdown

/// A run of excerpt text with the one inline style a card keeps.
public struct ExcerptRun: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable { case plain, em, strong, code }
    public var text: String
    public var kind: Kind

    public init(_ text: String, _ kind: Kind) {
        self.text = text
        self.kind = kind
    }

    /// The start of a body for a card: paragraphs, list items, quotes, table cells and code,
    /// flattened into one paragraph (blocks joined by a space), emphasis, strong and inline code
    /// kept, links and the rest as plain text. Headings are left out, as from every other
    /// excerpt of a body (`plainText(skippingHeadings:)`): a card starts with what was written,
    /// not with the group's prompt `요약` that starts every journal. Pictures are left out too,
    /// alt text and all: "기준금리 추이" run into the sentence around it reads as a slip in the
    /// prose (the digest skips it the same way). Stops after about `limit`
    /// characters, at a word boundary: the card clamps to a few lines anyway, and measuring
    /// stays bounded.
    public static func runs(from blocks: [MarkdownBlock], limit: Int = 400) -> [ExcerptRun] {
        var runs: [ExcerptRun] = []
        var length = 0
        func add(_ text: String, _ kind: Kind) {
            guard length < limit, !text.isEmpty else { return }
            var piece = text
            var count = TextCut.characterCount(piece)
            if length + count > limit {
                let cut = piece.prefix(limit - length)
                piece = String(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut) + "…"
                count = piece.count
            }
            length += count
            if let last = runs.last, last.kind == kind {
                runs[runs.count - 1].text += piece
            } else {
                runs.append(ExcerptRun(piece, kind))
            }
        }
        func separate() {
            if let last = runs.last?.text.last, !last.isWhitespace { add(" ", .plain) }
        }
        func inlines(_ items: [MarkdownInline], _ kind: Kind) {
            for item in items {
                switch item {
                case .text(let text): add(text, kind)
                case .code(let code): add(code, .code)
                case .softBreak, .lineBreak: add(" ", kind)
                case .emphasis(let children): inlines(children, kind == .plain ? .em : kind)
                case .strong(let children): inlines(children, kind == .code ? kind : .strong)
                case .strikethrough(let children), .link(_, _, let children): inlines(children, kind)
                case .image, .html, .footnoteReference: break
                }
            }
        }
        func walk(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block {
                case .paragraph(let items):
                    separate()
                    inlines(items, .plain)
                case .blockQuote(let children): walk(children)
                case .list(let list): for item in list.items { walk(item.blocks) }
                case .codeBlock(_, let code):
                    separate()
                    add(code.split(whereSeparator: \.isNewline).joined(separator: " "), .code)
                case .table(let table):
                    for row in [table.header] + table.rows {
                        for cell in row {
                            separate()
                            inlines(cell, .plain)
                        }
                    }
                case .heading, .html, .thematicBreak, .footnote: break
                }
            }
        }
        walk(blocks)
        // A space owed before a picture or a cut-off stretch that never came: none at the end.
        while let last = runs.last, last.text.allSatisfy(\.isWhitespace) { runs.removeLast() }
        while let last = runs.last?.text.last, last.isWhitespace { runs[runs.count - 1].text.removeLast() }
        return runs
    }

    /// The runs as HTML inside the excerpt paragraph.
    public static func html(_ runs: [ExcerptRun]) -> String {
        runs.map { wrap(MarkupText.escape($0.text), $0.kind) }.joined()
    }

    /// A run's HTML (already escaped) inside the element of its kind.
    public static func wrap(_ html: String, _ kind: Kind) -> String {
        switch kind {
        case .plain: html
        case .em: "<em>\(html)</em>"
        case .strong: "<strong>\(html)</strong>"
        case .code: "<code>\(html)</code>"
        }
    }
}

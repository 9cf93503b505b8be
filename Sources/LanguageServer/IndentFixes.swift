import Bodies
import Content
import GazetteModel

/// The quick fixes for lines whose kind Markdown reads otherwise than the member meant: a
/// paragraph shown as code because it is indented (`indented-code`), and lines marked as a
/// document marks list items (`bullet-glyph`).
extension Features {
    /// The edits writing each line of the paragraph at `line` that a document's mark starts
    /// (`•`, `○`, `①`) as a Markdown list item.
    func bulletFixes(_ document: TextDocument, line: Int) -> [TextEdit] {
        guard let path = document.path, let journal = workspace.journals[path], let body = journal.body else { return [] }
        let offset = journal.bodyStartLine - 1
        return BodyWriting.bulletFixes(body, line: line - offset).map { fix in
            let bodyLine = body.lfLines()[fix.line]
            let end = encoding.length(String(bodyLine.prefix(fix.replaced)))
            return TextEdit(range: LSPRange(start: Position(line: fix.line + offset, character: 0), end: Position(line: fix.line + offset, character: end)), newText: fix.marker)
        }
    }

    /// The edits taking the indent off every line of the indented code block starting at
    /// `blockLine` of the journal open in `document` (`indented-code`): its paragraphs, as the
    /// member meant them. Empty when no block starts there.
    func indentFixes(_ document: TextDocument, blockLine: Int) -> [TextEdit] {
        guard let path = document.path, let journal = workspace.journals[path], let body = journal.body else { return [] }
        let offset = journal.bodyStartLine - 1
        guard let block = BodyWriting.indentedCodeBlocks(body).first(where: { $0.lowerBound + offset == blockLine }) else { return [] }
        let lines = body.lfLines()
        return block.compactMap { index in
            let indent = lines[index].prefix { $0 == " " || $0 == "\t" }.count
            guard indent > 0, indent < lines[index].count else { return nil }
            return TextEdit(range: LSPRange(start: Position(line: index + offset, character: 0), end: Position(line: index + offset, character: indent)), newText: "")
        }
    }
}

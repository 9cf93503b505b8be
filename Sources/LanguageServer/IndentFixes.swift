import Bodies
import Content
import GazetteModel

/// The quick fixes for lines whose kind Markdown reads otherwise than the member meant: a
/// paragraph shown as code because it is indented (`indented-code`), and lines marked as a
/// document marks list items (`bullet-glyph`). Each replaces the start of some lines of the body.
extension Features {
    /// The edits writing each line of the paragraph at `line` that a document's mark starts
    /// (`•`, `○`, `①`) as a Markdown list item.
    func bulletFixes(_ document: TextDocument, line: Int) -> [TextEdit] {
        lineStartEdits(document) { body, lines, offset in
            BodyWriting.bulletFixes(body, line: line - offset).map { fix in
                (fix.line, encoding.length(String(lines[fix.line].prefix(fix.replaced))), fix.marker)
            }
        }
    }

    /// The edits taking the indent off every line of the indented code block starting at
    /// `blockLine` of the journal open in `document` (`indented-code`): its paragraphs, as the
    /// member meant them. Empty when no block starts there.
    func indentFixes(_ document: TextDocument, blockLine: Int) -> [TextEdit] {
        lineStartEdits(document) { body, lines, offset in
            guard let block = BodyWriting.indentedCodeBlocks(body).first(where: { $0.lowerBound + offset == blockLine }) else { return [] }
            return block.compactMap { index in
                let indent = lines[index].prefix { $0 == " " || $0 == "\t" }.count
                return indent > 0 && indent < lines[index].count ? (index, indent, "") : nil
            }
        }
    }

    /// Edits of the body of the journal open in `document`, each replacing the start of one of
    /// its lines: `starts` gets the body, its lines and the file line before the body's first,
    /// and gives each body line (0 the first), how many characters of it to replace, and the text.
    private func lineStartEdits(
        _ document: TextDocument, _ starts: (_ body: String, _ lines: [Substring], _ offset: Int) -> [(line: Int, characters: Int, text: String)]
    ) -> [TextEdit] {
        guard let path = document.path, let journal = workspace.journals[path], let body = journal.body else { return [] }
        let offset = journal.bodyStartLine - 1
        return starts(body, body.lfLines(), offset).map { start in
            let line = start.line + offset
            return TextEdit(range: LSPRange(start: Position(line: line, character: 0), end: Position(line: line, character: start.characters)), newText: start.text)
        }
    }
}

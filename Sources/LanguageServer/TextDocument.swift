import Foundation

/// An open document: its text as the editor holds it, saved or not, and its version.
struct TextDocument {
    let uri: String
    /// Site-relative path, or nil for a file outside the site.
    let path: String?
    var version: Int
    var text: String
    var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The index in `text` of an LSP position (clamped to the text).
    func index(of position: Position, encoding: PositionEncoding) -> String.Index {
        var index = text.startIndex
        var line = 0
        while line < position.line {
            guard let newline = text[index...].firstIndex(of: "\n") else { return text.endIndex }
            index = text.index(after: newline)
            line += 1
        }
        let end = text[index...].firstIndex(of: "\n") ?? text.endIndex
        let scalars = encoding.scalars(in: text[index..<end], upTo: max(0, position.character))
        return text.unicodeScalars.index(index, offsetBy: scalars, limitedBy: end) ?? end
    }

    /// Applies one change of `didChange`: a range replaced, or (no range) the whole text.
    mutating func apply(_ change: JSONValue, encoding: PositionEncoding) {
        guard let newText = change["text"]?.string else { return }
        guard let range = change["range"]?.decoded(as: LSPRange.self) else {
            text = newText
            return
        }
        let start = index(of: range.start, encoding: encoding)
        let end = max(start, index(of: range.end, encoding: encoding))
        text.replaceSubrange(start..<end, with: newText)
    }
}

extension PositionEncoding {
    /// The LSP position of 1-based `line` and 1-based scalar `column` of `lines`.
    func position(line: Int, column: Int, in lines: [Substring]) -> Position {
        let index = max(0, line - 1)
        guard index < lines.count else { return Position(line: index, character: 0) }
        let text = lines[index]
        let prefix = text.unicodeScalars.prefix(max(0, column - 1))
        return Position(line: index, character: prefix.reduce(0) { $0 + units($1) })
    }
}

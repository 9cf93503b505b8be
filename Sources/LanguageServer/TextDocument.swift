import Foundation

/// An open document: its text as the editor holds it, saved or not, and its version.
struct TextDocument {
    let uri: String
    /// Site-relative path, or nil for a file outside the site.
    let path: String?
    var version: Int
    var text: String
    var lines: [Substring] { text.editorLines() }

    /// The index in `text` of an LSP position (clamped to the text).
    func index(of position: Position, encoding: PositionEncoding) -> String.Index {
        let scalars = text.unicodeScalars
        var index = text.startIndex
        var line = 0
        while line < position.line {
            guard let newline = scalars[index...].firstIndex(of: "\n") else { return text.endIndex }
            index = scalars.index(after: newline)
            line += 1
        }
        var end = scalars[index...].firstIndex(of: "\n") ?? text.endIndex
        if end > index, scalars[scalars.index(before: end)] == "\r" { end = scalars.index(before: end) }
        let counted = encoding.scalars(in: text[index..<end], upTo: max(0, position.character))
        return scalars.index(index, offsetBy: counted, limitedBy: end) ?? end
    }

    /// The line ending the document is written with: `\r\n` where its first line ends so.
    var lineEnding: String {
        guard let newline = text.unicodeScalars.firstIndex(of: "\n"), newline > text.startIndex else { return "\n" }
        return text.unicodeScalars[text.unicodeScalars.index(before: newline)] == "\r" ? "\r\n" : "\n"
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

extension StringProtocol {
    /// The lines as editors count them: split at every line feed, a carriage return before it
    /// left out (a file written on Windows), empty lines kept. Split by Unicode scalars: a
    /// `\r\n` is one `Character`, so splitting by characters at `"\n"` never split such a file.
    func editorLines() -> [SubSequence] {
        let scalars = unicodeScalars
        var lines: [SubSequence] = []
        var start = startIndex
        var index = scalars.startIndex
        while let newline = scalars[index...].firstIndex(of: "\n") {
            var end = newline
            if end > start, scalars[scalars.index(before: end)] == "\r" { end = scalars.index(before: end) }
            lines.append(self[start..<end])
            start = scalars.index(after: newline)
            index = start
        }
        lines.append(self[start...])
        return lines
    }
}

extension TextDocument {
    /// The edit that writes `new` over the first `old` on `line` (0-based), nil where the line
    /// no longer holds it (the member typed over it meanwhile).
    func replacing(_ old: String, with new: String, onLine line: Int, encoding: PositionEncoding) -> TextEdit? {
        let lines = self.lines
        guard lines.indices.contains(line), let found = lines[line].range(of: old) else { return nil }
        return TextEdit(range: Self.range(found, onLine: line, of: lines, encoding: encoding), newText: new)
    }

    /// The protocol's range of `bounds`, indices of `lines[line]` (0-based).
    static func range(_ bounds: Range<Substring.Index>, onLine line: Int, of lines: [Substring], encoding: PositionEncoding) -> LSPRange {
        let text = lines[line]
        let column = { (index: Substring.Index) in text.unicodeScalars.distance(from: text.startIndex, to: index) + 1 }
        return LSPRange(
            start: encoding.position(line: line + 1, column: column(bounds.lowerBound), in: lines),
            end: encoding.position(line: line + 1, column: column(bounds.upperBound), in: lines))
    }
}

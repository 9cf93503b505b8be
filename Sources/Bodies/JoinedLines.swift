import GazetteModel

extension BodyWriting {
    /// What a line of a body leaves open that a line of plain text right under it goes on in
    /// (Markdown's "lazy continuation"): a quote's paragraph, a list item's, a table.
    enum Open: Equatable {
        /// Nothing a plain line would go on in: the start, a blank line, a heading, code…
        case none
        /// A paragraph of the body's own: a line under it goes on in it, as meant.
        case paragraph
        case quote
        /// A list item's paragraph (its own lines are indented to the column `joinedLines` keeps).
        case item
        /// A list item's block that is not a paragraph (a heading, code, nothing yet).
        case itemBlock
        /// HTML, which goes on to the next blank line.
        case html
        case table
        /// A quote, an item or a table after a line of the member's own was named in it: the
        /// lines after it in the same run go on in it too, without another warning.
        case named
    }

    /// A member's own line written right under a quoted line, a list item or a table's last row,
    /// with no blank line between (`> 기사 문장` then `내 생각에는 …`): Markdown takes a line
    /// of text there into the quote, the item or the table, so the page shows the member's
    /// words as the article's, as part of the item, or as a row of one cell. Named at the first
    /// such line of each run (a line indented as the item's own text is meant to be in it),
    /// with its text underlined; the language server's fix puts a blank line above it. Lines
    /// `textAt` (a date `datesAsLists` names, a face `quotedFaces` does, which their fixes keep
    /// as text) are read as text. Without `lineBreaks` (`markdown.line_breaks` off), a member
    /// may wrap a long quote or item by hand, going on without its mark: a line under a quote
    /// or an item is named there only where the line above ends a sentence.
    static func joinedLines(_ lines: [Substring], code: [Bool], lineBreaks: Bool = true, textAt: Set<Int> = []) -> [Diagnostic] {
        // A line must open a quote, an item or a table first: most bodies have none.
        guard lines.indices.contains(where: { index in
            guard !code[index], let first = lines[index].utf8.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
            return first == UInt8(ascii: ">") || first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: "|") || (0x30...0x39).contains(first)
        }) else { return [] }
        var warnings: [Diagnostic] = []
        var open = Open.none
        // The column a list item's own lines start at, while lines may still be the item's
        // (after a blank line too, where a line indented so goes on in it).
        var item: Int?
        // An item with nothing after its marker yet, which a blank line ends.
        var emptyItem = false
        for index in lines.indices {
            let line = lines[index]
            let text = trimmed(line)
            if text.isEmpty {
                if emptyItem { item = nil }
                open = .none
                continue
            }
            emptyItem = false
            // HTML goes on to a blank line, over what would be a code fence elsewhere.
            if open == .html { continue }
            if code[index] {
                (open, item) = (.none, nil)
                continue
            }
            let columns = indent(line).columns
            if let content = item, columns >= content {
                // The item's own line: a quote in the item starts, its paragraph goes on (the
                // item's, or a quote's in it), or another block of the item starts.
                if columns - content < 4, text.utf8.first == UInt8(ascii: ">") {
                    open = opensParagraph(quoted(text)) ? .quote : .itemBlock
                } else if open != .item && open != .named && open != .quote {
                    open = columns - content < 4 && opensParagraph(text) ? .item : .itemBlock
                }
                continue
            }
            let isText = textAt.contains(index)
            if columns >= 4, open == .none || open == .itemBlock {
                // Code: no paragraph is open for it to go on in.
                (open, item) = (.none, nil)
                continue
            }
            if columns <= 3, !isText, let block = htmlBlock(text), block == .interrupting || open == .none || open == .itemBlock {
                (open, item) = (.html, nil)
                continue
            }
            if columns <= 3, !isText, text.utf8.first == UInt8(ascii: ">") {
                (open, item) = (opensParagraph(quoted(text)) ? .quote : .none, nil)
                continue
            }
            if open == .paragraph, columns <= 3, let mark = text.utf8.first, mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-"), text.utf8.allSatisfy({ $0 == mark }) {
                // The underline of a heading: the paragraph above is one.
                open = .none
                continue
            }
            // Under a paragraph of the body's own, only an item with text, and a numbered one
            // only from 1, starts a list; any other is text of the paragraph.
            if columns <= 3, !isText, let marker = listItem(text), open != .paragraph || (!marker.content.isEmpty && startsFromOne(text)) {
                (open, item) = (opensParagraph(marker.content) ? .item : .itemBlock, columns + marker.width)
                emptyItem = marker.content.isEmpty
                continue
            }
            if startsBlock(text) {
                (open, item) = (.none, nil)
                continue
            }
            if open == .paragraph, index > 0, isDelimiterRow(text), cells(trimmed(lines[index - 1])) == cells(text) {
                open = .table
                continue
            }
            switch open {
            case .none, .itemBlock: (open, item) = (.paragraph, nil)
            case .paragraph, .named, .html: break
            case .table where holds(text, { $0 == UInt8(ascii: "|") }): break
            // An indented line ends the table, as code.
            case .table where columns > 3: (open, item) = (.none, nil)
            case .item where columns > 0: break
            case .quote where !lineBreaks && !endsSentence(trimmed(lines[index - 1])), .item where !lineBreaks && !endsSentence(trimmed(lines[index - 1])):
                // Wrapped by hand, most likely: the run goes on in the quote or the item, as meant.
                open = .named
            case .quote, .item, .table:
                let (what, keep) =
                    switch open {
                    case .quote: ("inside the quote above it: a line right under a quoted line goes on in the quote", "; to quote it too, start it with '> '")
                    case .item:
                        ("inside the list item above it: a line right under an item goes on in the item", "; to keep it in the item, indent it by \(item ?? 2) spaces")
                    default: ("as a row of the table above it, in its first cell: a table goes on to the first blank line", "")
                    }
                warnings.append(
                    .warning(
                        "'\(opening(text))' is shown \(what)", at: at(index, column: indent(line).scalars + 1),
                        hint: "put a blank line above it for a paragraph of its own\(keep)", sourceLine: String(line), code: "joined-line"
                    ).spanning(text.unicodeScalars.count))
                open = .named
            }
        }
        return warnings
    }

    /// What a quoted line (`> …`, `> > …`) holds after its marks.
    static func quoted(_ text: Substring) -> Substring {
        var content = text
        while content.utf8.first == UInt8(ascii: ">") { content = trimmed(content.dropFirst()) }
        return content
    }

    /// Whether `line` ends as a sentence does (`.`, `?`, `!`, `다`, `요`, a closing quote or
    /// bracket after one), so that the line under it starts something new.
    static func endsSentence(_ line: Substring) -> Bool {
        let end = line.reversed().drop { "\"'”’)]」』".contains($0) }
        return end.first.map { ".?!。…다요죠음함됨".contains($0) } ?? false
    }

    /// Whether `content`, what follows a quote's `>` or a list item's marker, starts a paragraph
    /// a plain line can go on in (not a heading, a dividing line, code or HTML, nor nothing).
    static func opensParagraph(_ content: Substring) -> Bool {
        guard !content.isEmpty, !startsBlock(content) else { return false }
        if let item = listItem(content) { return opensParagraph(item.content) }
        return true
    }

    /// A list item's marker at the start of `text` (`- `, `* `, `+ `, `1. `, `1) `): the columns
    /// it and the spaces after it take (where the item's own lines start), and the item's text.
    static func listItem(_ text: Substring) -> (width: Int, content: Substring)? {
        let utf8 = text.utf8
        guard let first = utf8.first else { return nil }
        var marker = 1
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            guard !isDividingLine(text) else { return nil }
        } else {
            let digits = utf8.prefix { (0x30...0x39).contains($0) }.count
            guard (1...9).contains(digits), let after = utf8.dropFirst(digits).first, after == UInt8(ascii: ".") || after == UInt8(ascii: ")") else { return nil }
            marker = digits + 1
        }
        let rest = text.dropFirst(marker)
        guard let space = rest.utf8.first else { return (marker + 1, rest) }
        guard space == 0x20 || space == 0x09 else { return nil }
        let content = trimmed(rest)
        // One to four spaces after the marker are its own; more, and the item starts with code
        // one column after the marker.
        let spaces = indent(rest).columns
        return (marker + (content.isEmpty || spaces > 4 ? 1 : spaces), content)
    }

    /// Whether a list item's marker at the start of `text` is a bullet or the number 1.
    static func startsFromOne(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, (0x30...0x39).contains(first) else { return true }
        return Int(String(text.prefix { $0.isASCII && $0.isNumber })) == 1
    }

    /// Whether `text` (trimmed) starts a block a plain line under it does not go on in: a
    /// heading, a dividing line, a code fence, HTML.
    static func startsBlock(_ text: Substring) -> Bool {
        guard let first = text.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "#"):
            let marks = text.utf8.prefix { $0 == UInt8(ascii: "#") }.count
            guard marks <= 6 else { return false }
            let after = text.utf8.dropFirst(marks).first
            return after == nil || after == 0x20 || after == 0x09
        case UInt8(ascii: "`"), UInt8(ascii: "~"): return text.utf8.prefix { $0 == first }.count >= 3
        case UInt8(ascii: "<"): return htmlBlock(text) != nil
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_"): return isDividingLine(text)
        default: return false
        }
    }

    enum HTMLBlock { case interrupting, alone }

    /// The HTML block `text` (trimmed) starts, if any: one of the block elements (`<div>`,
    /// `<table>`, `</p>`…) or `<script>`, `<pre>`, `<style>`, which may follow a paragraph's
    /// line, or another tag alone on its line, which may not (and is text there).
    static func htmlBlock(_ text: Substring) -> HTMLBlock? {
        guard text.utf8.first == UInt8(ascii: "<") else { return nil }
        let tag = text.dropFirst().drop { $0 == "/" }
        let name = tag.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
        guard let initial = name.first, initial.isLetter else { return nil }
        let end = tag.dropFirst(name.count).first
        guard end == nil || end == ">" || end == " " || end == "/" || end == "\t" else { return nil }
        if Self.blockElements.contains(name) { return .interrupting }
        // Any other tag starts HTML only alone on its line (`<font color=red>중요</font> …` is text).
        return text.utf8.last == UInt8(ascii: ">") && !text.dropFirst().contains("<") ? .alone : nil
    }

    /// The elements whose tag starts an HTML block wherever it starts a line (CommonMark's kinds
    /// 1 and 6).
    static let blockElements: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup", "dd", "details", "dialog",
        "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6",
        "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option",
        "p", "param", "pre", "script", "search", "section", "style", "summary", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "title",
        "tr", "track", "ul",
    ]

    /// `---`, `* * *`, `___`: three or more of one of the marks, spaces between them allowed.
    static func isDividingLine(_ text: Substring) -> Bool {
        guard let mark = text.utf8.first else { return false }
        var count = 0
        for byte in text.utf8 {
            if byte == mark {
                count += 1
            } else if byte != 0x20 && byte != 0x09 {
                return false
            }
        }
        return count >= 3
    }

    /// A table's line under its first row: cells of `-` with `:` at their ends, between pipes.
    static func isDelimiterRow(_ text: Substring) -> Bool {
        // Without a pipe, a line of `-` under a paragraph is a heading's underline.
        guard text.utf8.contains(UInt8(ascii: "-")), text.utf8.contains(UInt8(ascii: "|")) else { return false }
        return text.split(separator: "|", omittingEmptySubsequences: true).allSatisfy { cell in
            let inner = trimmed(cell)
            guard !inner.isEmpty else { return true }
            let dashes = inner.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            return !dashes.isEmpty && dashes.allSatisfy { $0 == "-" }
        }
    }

    /// The cells of a table row `text` (trimmed): its pipes not escaped, the outer ones left out.
    static func cells(_ text: Substring) -> Int {
        var pipes = 0
        var escaped = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "|") && !escaped { pipes += 1 }
            escaped = byte == UInt8(ascii: "\\") && !escaped
        }
        let outer = (text.utf8.first == UInt8(ascii: "|") ? 1 : 0) + (text.utf8.last == UInt8(ascii: "|") && text.count > 1 ? 1 : 0)
        return pipes - outer + 1
    }
}

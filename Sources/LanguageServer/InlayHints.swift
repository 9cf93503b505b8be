import Content
import Foundation
import GazetteModel

/// An LSP document link: a range the editor opens `target` from (Ctrl+click).
public struct DocumentLink: Codable, Equatable, Sendable {
    public var range: LSPRange
    public var target: String
    public var tooltip: String?
}

/// An LSP 3.17 inlay hint: a label the editor shows inside the text, after `position`.
public struct InlayHint: Codable, Equatable, Sendable {
    public var position: Position
    public var label: String
    public var tooltip: String?
    public var paddingLeft = true
}

extension Features {
    /// The stored article a journal's `article:` names (its id or its address), as a link to the
    /// article on the web (`textDocument/documentLink`): an id opens the news page it stands for.
    func documentLinks(_ document: TextDocument) -> [DocumentLink] {
        guard let path = document.path, Workspace.isJournal(path) else { return [] }
        let lines = document.lines
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---" else { return [] }
        for index in lines.indices.dropFirst() {
            let line = lines[index]
            if line.trimmingCharacters(in: .whitespaces) == "---" { break }
            guard line.hasPrefix("article:") else { continue }
            let scalars = Array(line.unicodeScalars)
            let from = 8 + scalars.dropFirst(8).prefix { $0 == " " || $0 == "\t" }.count
            let end = DiagnosticRanges.valueEnd(scalars, from: from)
            let value = String(String.UnicodeScalarView(scalars[min(from, end)..<end]))
            guard let article = workspace.article(value), SafeURL.allowed(article.url, in: .body) != nil else { return [] }
            let range = LSPRange(
                start: encoding.position(line: index + 1, column: from + 1, in: lines), end: encoding.position(line: index + 1, column: end + 1, in: lines))
            return [DocumentLink(range: range, target: article.url, tooltip: article.title)]
        }
        return []
    }

    /// What a journal's front matter stands for, shown after what the member typed
    /// (`textDocument/inlayHint`): after `article:`, the stored article's headline, outlet and
    /// day; after each tag key, its name; after `author:`, the member's name; after `created:`,
    /// the week builds publish the journal in — where a date typed a week or a year off shows
    /// before any build. Hints for the lines of `range` (every line without one).
    func inlayHints(_ document: TextDocument, range: LSPRange?) -> [InlayHint] {
        guard let path = document.path, Workspace.isJournal(path), let config = workspace.config else { return [] }
        let lines = document.lines
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
            let close = lines.indices.dropFirst().first(where: { lines[$0].trimmingCharacters(in: .whitespaces) == "---" })
        else { return [] }
        let shown = range.map { $0.start.line...max($0.start.line, $0.end.line) } ?? 0...Int.max
        let style = DateStyle(language: config.language, timeZone: config.timeZone)
        var hints: [InlayHint] = []
        /// A hint after the scalar at 0-based `end` of 0-based line `index`.
        func hint(_ index: Int, after end: Int, _ label: String, tooltip: String? = nil) {
            hints.append(InlayHint(position: encoding.position(line: index + 1, column: end + 1, in: lines), label: label, tooltip: tooltip))
        }
        var key: String?
        for index in 1..<close {
            let scalars = Array(lines[index].unicodeScalars)
            let text = String(lines[index])
            if let colon = text.firstIndex(of: ":"), !text.hasPrefix(" "), !text.hasPrefix("-"), !text.hasPrefix("\t") {
                key = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
            }
            guard shown.contains(index) else { continue }
            let valueStart = text.hasPrefix((key ?? "") + ":") ? (key ?? "").unicodeScalars.count + 1 : 0
            let from = valueStart + scalars.dropFirst(valueStart).prefix { $0 == " " || $0 == "\t" }.count
            let end = DiagnosticRanges.valueEnd(scalars, from: from)
            let value = String(String.UnicodeScalarView(scalars[min(from, end)..<end]))
            switch key {
            case "article" where valueStart > 0:
                guard let article = workspace.article(value) else { break }
                let day = article.publishedDate.map { style.day($0) }
                hint(index, after: end, [article.title, article.publisher, day].compactMap { $0 }.joined(separator: " · "), tooltip: article.url)
            case "author" where valueStart > 0:
                let written = DiagnosticRanges.unquoted(Substring(value)) ?? value
                if let author = config.author(written), author.name != author.key { hint(index, after: end, author.name) }
            case "tags":
                // Each key, in `[a, b]` or as a `- a` item: its name after it.
                var start = valueStart
                while start < end {
                    while start < end, " \t[],-\"'".unicodeScalars.contains(scalars[start]) { start += 1 }
                    var stop = start
                    while stop < end, !" \t[],\"'".unicodeScalars.contains(scalars[stop]) { stop += 1 }
                    let word = String(String.UnicodeScalarView(scalars[start..<stop]))
                    if let tag = config.tag(word), tag.name != tag.key { hint(index, after: stop, tag.name) }
                    start = stop
                }
            case "created" where valueStart > 0:
                guard let journal = workspace.journals[path] else { break }
                let week = ISOWeek(containing: journal.created, in: config.timeZone)
                hint(index, after: end, style.week(week), tooltip: "builds publish this journal in the week of \(style.range(week))")
            default:
                break
            }
        }
        return hints
    }
}

import Foundation
import GazetteModel
import Markdown

/// What `gazette check` and `gazette lsp` say of how a body is written: the slips a new member
/// makes that Markdown renders without a word — prompts left empty, a heading without its space,
/// bold that Korean particles keep from closing, an address with a space, a web address without
/// `https://`. Each at its line and column, with the fix.
extension SiteChecks {
    /// Every writing warning of one journal's body (bookmarks are not checked).
    public static func writing(of journal: Journal, body: String) -> [Diagnostic] {
        journal.isBookmark ? [] : emptyPrompts(of: journal, body: body) + markupSlips(of: journal, body: body)
    }

    /// Which of `lines` are inside fenced code (the fences included): not read as Markdown.
    static func codeLines(_ lines: [String]) -> [Bool] {
        var fence: Substring?
        return lines.map { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            let marker = text.prefix { $0 == "`" || $0 == "~" }
            if let open = fence {
                if marker.count >= open.count, marker.first == open.first, text.dropFirst(marker.count).allSatisfy(\.isWhitespace) { fence = nil }
                return true
            }
            if marker.count >= 3, Set(marker).count == 1 {
                fence = marker
                return true
            }
            return false
        }
    }

    /// A journal's headings with nothing written under them and its empty list items: the prompts
    /// `gazette new` starts a journal with (`## 요약`, `- `), left as they were while the member
    /// wrote elsewhere — the page would show a bare heading or a bare bullet. A section ends at
    /// the next heading of its level or above; one holding only blank lines and empty items is
    /// empty (its items are not named again). Fenced code is not read. Bookmarks (prompts only)
    /// are not checked.
    public static func emptyPrompts(of journal: Journal, body: String) -> [Diagnostic] {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        let code = codeLines(lines)
        let kinds = zip(lines, code).map { line, inCode in inCode ? BodyLine.text : BodyLine(line.trimmingCharacters(in: .whitespaces)) }
        func at(_ index: Int) -> SourceLocation { SourceLocation(path: journal.path, line: journal.bodyStartLine + index, column: 1) }
        var warnings: [Diagnostic] = []
        var inEmptySection = Set<Int>()
        for (index, kind) in kinds.enumerated() {
            guard case .heading(let level, let title) = kind else { continue }
            var end = index + 1
            while end < kinds.count {
                if case .heading(let next, _) = kinds[end], next <= level { break }
                end += 1
            }
            let section = kinds[(index + 1)..<end]
            guard section.allSatisfy({ $0 == .blank || $0 == .emptyItem }) else { continue }
            inEmptySection.formUnion((index + 1)..<end)
            warnings.append(
                .warning(
                    "nothing is written under '\(title)'", at: at(index),
                    hint: "write under the heading, or delete it: the page would show it bare", sourceLine: lines[index], code: "empty-prompt"))
        }
        for (index, kind) in kinds.enumerated() where kind == .emptyItem && !inEmptySection.contains(index) {
            warnings.append(
                .warning(
                    "an empty list item", at: at(index), hint: "write after the marker, or delete the line: the page would show a bare bullet",
                    sourceLine: lines[index], code: "empty-prompt"))
        }
        return warnings
    }

    /// A line of a body as `emptyPrompts` reads it.
    enum BodyLine: Equatable {
        case blank, emptyItem, text
        case heading(level: Int, title: String)

        init(_ text: String) {
            if text.isEmpty {
                self = .blank
            } else if ["-", "*", "+", "- [ ]", "* [ ]", "+ [ ]"].contains(text) || text.range(of: #"^[0-9]{1,9}[.)]$"#, options: .regularExpression) != nil {
                self = .emptyItem
            } else {
                let hashes = text.prefix { $0 == "#" }.count
                let rest = text.dropFirst(hashes)
                if (1...6).contains(hashes), rest.isEmpty || rest.first == " " {
                    self = .heading(level: hashes, title: text)
                } else {
                    self = .text
                }
            }
        }
    }

    /// Markup a member wrote that Markdown shows as typed: `##요약` (no space after the #s),
    /// `**"금리"**가` (bold that ends after punctuation and before a letter cannot close), and
    /// `![차트](my chart.png)` (an address with a space). Each is found where the line rendered
    /// alone still shows the marks. Fenced and inline code are not read.
    public static func markupSlips(of journal: Journal, body: String) -> [Diagnostic] {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        var warnings: [Diagnostic] = []
        for (index, (line, inCode)) in zip(lines, codeLines(lines)).enumerated() where !inCode {
            func at(_ column: Int) -> SourceLocation {
                SourceLocation(path: journal.path, line: journal.bodyStartLine + index, column: column)
            }
            let prose = withoutCodeSpans(line)
            if let match = prose.wholeMatch(of: #/( {0,3})(#{2,6})([^#\s].*)/#) {
                let fixed = match.output.1 + match.output.2 + " " + match.output.3
                warnings.append(
                    .warning(
                        "'\(match.output.2)\(match.output.3.prefix(12))' is not read as a heading", at: at(match.output.1.count + 1),
                        hint: "put a space after the #s: \(fixed.trimmingCharacters(in: .whitespaces))", sourceLine: line, code: "markup-shown"))
            }
            let hasBold = prose.contains("**") || prose.contains("__")
            let hasLink = prose.contains("](")
            guard hasBold || hasLink else { continue }
            let shown = MarkdownDocument(prose).plainText()
            if hasBold, let mark = ["**", "__"].first(where: { shown.contains($0) }), let range = prose.range(of: mark) {
                warnings.append(
                    .warning(
                        "'\(mark)' is not read as bold here", at: at(prose[..<range.lowerBound].unicodeScalars.count + 1),
                        hint: "Markdown does not end bold after punctuation that a letter follows: move the punctuation outside the marks, as \"\(mark)금리\(mark)\"가",
                        sourceLine: line, code: "markup-shown"))
            }
            if hasLink, shown.contains("]("), let link = prose.firstMatch(of: #/(!?)\[[^\]]*\]\(([^)<>]*\s[^)<>]*)\)/#) {
                let address = link.output.2.trimmingCharacters(in: .whitespaces)
                let column = prose[..<link.range.lowerBound].unicodeScalars.count + 1
                warnings.append(
                    .warning(
                        "'\(address)' has a space, so the \(link.output.1.isEmpty ? "link" : "picture") is shown as typed", at: at(column),
                        hint: "write the address in <>: (<\(address)>), or rename the file without spaces", sourceLine: line, code: "markup-shown"))
            }
        }
        return warnings
    }

    /// `line` with its inline code spans blanked (same length), so marks inside them are not read.
    static func withoutCodeSpans(_ line: String) -> String {
        guard line.contains("`") else { return line }
        var result = "", inSpan = false
        for character in line {
            if character == "`" { inSpan.toggle() }
            result.append(inSpan || character == "`" ? " " : character)
        }
        return result
    }
}

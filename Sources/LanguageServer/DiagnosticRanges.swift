import Content
import Foundation
import GazetteModel

/// Gazette's diagnostics as the protocol wants them: a range (the whole unknown tag, the whole
/// address, the quote that was never closed, the whole line of a merge leftover), a severity and
/// a stable code.
enum DiagnosticRanges {
    /// A YAML value in quotes as the text it stands for (`"a \"b\""` → `a "b"`, `'it''s'` → `it's`).
    static func unquoted(_ value: Substring) -> String? {
        if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") { return value.dropFirst().dropLast().replacingOccurrences(of: "''", with: "'") }
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return nil }
        var text = "", escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped || character != "\\" {
                text.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return text
    }

    static func convert(_ diagnostic: Diagnostic, lines: [Substring], encoding: PositionEncoding) -> LSPDiagnostic {
        let line = diagnostic.location?.line ?? 1
        let column = diagnostic.location?.column ?? 1
        let code = diagnostic.code
        let start = encoding.position(line: line, column: column, in: lines)
        let text = line >= 1 && line <= lines.count ? lines[line - 1] : ""
        let scalars = Array(text.unicodeScalars)
        var endColumn = column
        /// The diagnostic over `range`, with the text its quick fix writes, if any.
        func converted(_ range: LSPRange, data: JSONValue? = nil) -> LSPDiagnostic {
            var made = LSPDiagnostic(range: range, severity: diagnostic.severity == .error ? 1 : 2, code: code, message: message(diagnostic))
            made.data = data
            return made
        }
        /// From 0-based `from` (the line's start unless given) to the line's end.
        func toLineEnd(from: Int? = nil) -> LSPRange {
            LSPRange(
                start: from.map { encoding.position(line: line, column: $0 + 1, in: lines) } ?? Position(line: start.line, character: 0),
                end: encoding.position(line: line, column: scalars.count + 1, in: lines))
        }
        if code == "merge-conflict" || code == "duplicate-slug" || code == "front-matter" || code == "title-repeated" {
            // The whole line.
            return converted(toLineEnd())
        }
        if let span = diagnostic.span, span > 0 {
            // A rule that knows what it covers: that, to be replaced by the text it means.
            return converted(
                LSPRange(start: start, end: encoding.position(line: line, column: min(column + span, scalars.count + 1), in: lines)),
                data: diagnostic.hint?.firstMatch(of: /^did you mean '(.+?)'\?(?: |$)/).map { .string(String($0.1)) })
        }
        if code == "yaml-syntax" || code == "title-comment",
            let fix = diagnostic.hint?.firstMatch(of: /(?:must be quoted|to keep it whole): (([A-Za-z_][A-Za-z0-9_-]*): (.+))$/),
            text.hasPrefix(fix.2 + ":"), unquoted(fix.3) == text.dropFirst(fix.2.count + 1).trimmingCharacters(in: .whitespaces)
        {
            // A value to quote: the whole line, to be replaced by the line quoted.
            return converted(toLineEnd(), data: .string(String(fix.1)))
        }
        if code == "yaml-syntax", let fix = diagnostic.hint?.firstMatch(of: /under it \("  - economy"\): ((tags): \[[^\]]*\])$/), text.hasPrefix(fix.2 + ":") {
            // Tags with their first item on the key's line (`tags: - economy`): the whole line,
            // to be replaced by the list in brackets.
            return converted(toLineEnd(), data: .string(String(fix.1)))
        }
        if code == "bad-tag", text.hasPrefix("tags:"), let fix = diagnostic.hint?.firstMatch(of: /write (tags: \[[^\]]*\])(?: in English mode)?$/)?.1 {
            // Tags typed as one value (`[경제 금리]`, `［economy］` in full-width marks): the whole
            // line, to be replaced by the list meant.
            return converted(toLineEnd(), data: .string(String(fix)))
        }
        if code == "yaml-syntax", let fix = diagnostic.hint?.firstMatch(of: /must be quoted: (([A-Za-z_][A-Za-z0-9_-]*): (.+))$/),
            text.hasPrefix(fix.2 + ":"), case let colon = fix.2.unicodeScalars.count + 1,
            case let end = valueEnd(scalars, from: colon + scalars.dropFirst(colon).prefix { $0 == " " }.count),
            unquoted(fix.3) == String(String.UnicodeScalarView(scalars[colon..<end])).trimmingCharacters(in: .whitespaces)
        {
            // A value to quote before a comment (`title: 금리: 오를까   # 메모`): the key and the
            // value, to be replaced by them quoted; the comment stays.
            return converted(
                LSPRange(start: Position(line: start.line, character: 0), end: encoding.position(line: line, column: end + 1, in: lines)),
                data: .string(String(fix.1)))
        }
        if code == "yaml-syntax", let fix = diagnostic.hint?.firstMatch(of: /in the other quotes: (([A-Za-z_][A-Za-z0-9_-]*): (.+))$/),
            text.hasPrefix(fix.2 + ":"), let last = text.trimmingCharacters(in: .whitespaces).last, last == "'" || last == "\""
        {
            // A quoted value holding its own quote (`title: 'It's a test'`): the whole line, to
            // be replaced by the line in the other quotes.
            return converted(toLineEnd(), data: .string(String(fix.1)))
        }
        if code == "yaml-unclosed-quote", let end = YAMLQuote.closingEnd(text, quoteColumn: column) {
            // A quote never closed: the value from it to the line's end (or a comment), to be
            // replaced by the value closed there.
            let value = String(String.UnicodeScalarView(scalars[(column - 1)..<end]))
            return converted(
                LSPRange(start: start, end: encoding.position(line: line, column: end + 1, in: lines)), data: .string(value + String(scalars[column - 1])))
        }
        if code == "yaml-odd-space", let fix = diagnostic.hint?.firstMatch(of: /after the colon: ([A-Za-z_][A-Za-z0-9_-]*: .*)$/)?.1 {
            // A key and its value, from the key to the line's end, to be replaced with an
            // ordinary space after the colon.
            return converted(toLineEnd(from: scalars.prefix { $0 == " " }.count), data: .string(String(fix)))
        }
        if code == "markup-shown", let fix = diagnostic.hint?.firstMatch(of: /end the address with '\)': (.+\))$/)?.1 {
            // A link or picture never closed: it all, to be replaced with itself closed.
            let end = encoding.position(line: line, column: min(column + fix.unicodeScalars.count - 1, scalars.count + 1), in: lines)
            return converted(LSPRange(start: start, end: end), data: .string(String(fix)))
        }
        /// The front-matter value that starts at the diagnostic's column, quotes and all.
        func valueRange() -> LSPRange {
            LSPRange(start: start, end: encoding.position(line: line, column: valueEnd(scalars, from: max(0, column - 1)) + 1, in: lines))
        }
        if ["date-off-file-name", "date-off-new-file", "date-off-commit", "date-copied"].contains(code),
            let fix = diagnostic.hint?.firstMatch(of: /^did you mean '((?:created|updated): [^']+)'\?/)?.1
        {
            // A year typed wrong: the key and its value, to be replaced by the line with the
            // year the file's day, its writing or its first commit says.
            let indent = scalars.prefix { $0 == " " }.count
            return converted(
                LSPRange(
                    start: encoding.position(line: line, column: indent + 1, in: lines),
                    end: encoding.position(line: line, column: valueEnd(scalars, from: indent + fix.prefix { $0 != ":" }.count + 2) + 1, in: lines)),
                data: .string(String(fix)))
        }
        if code == "bad-value", diagnostic.message.hasPrefix("'article' "), let fix = diagnostic.hint?.firstMatch(of: /^did you mean '([^']+)'\?/)?.1 {
            // An article's address mistyped (`www.…`, `htps://`, a space): the value, quotes and
            // all, to be replaced by the address meant.
            return converted(valueRange(), data: .string(String(fix)))
        }
        if code == "bad-value", diagnostic.message.contains("' is not a date: '"), let hint = diagnostic.hint {
            // A date in another form (`12/06/2026 오후 3:00`, `어제`): the value, quotes and all, to
            // be replaced by the date as it must be written — or by either of two readings. Not the
            // example the generic hint shows (`2026-11-18 21:40 (time and offset optional)`).
            let date = #/\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?/#
            let fixes: [String]
            if let one = hint.wholeMatch(of: #/write [a-z_]+: (\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?)(?: \(\S+ as of the file's [^)]*\))?/#) {
                fixes = [String(one.1)]
            } else if hint.hasPrefix("write "), hint.contains(" if it is ") {
                fixes = hint.matches(of: date).map { String($0.output) }
            } else {
                fixes = []
            }
            if !fixes.isEmpty {
                return converted(valueRange(), data: fixes.count == 1 ? .string(fixes[0]) : .array(fixes.map { .string($0) }))
            }
        }
        // A value named in the message ('econmy', 'https://…') where it starts; else the run of
        // characters up to a space, a comma or a closing bracket.
        let named = diagnostic.message.split(separator: "'").dropFirst().first.map(String.init)
        let from = max(0, column - 1)
        if code == "broken-link", let named, !named.isEmpty, from < scalars.count,
            case let rest = String(String.UnicodeScalarView(scalars[from...])),
            let opening = ["(<", "("].lazy.compactMap({ rest.range(of: $0 + named) }).first
        {
            // A link that leads nowhere: its address alone, what a quick fix replaces.
            let at = column + rest[..<opening.lowerBound].unicodeScalars.count + rest[opening].unicodeScalars.count - named.unicodeScalars.count
            // The journal it meant, or the web address with its scheme.
            let fix = diagnostic.hint?.firstMatch(of: /did you mean '([^']+)'/)?.1 ?? diagnostic.hint?.firstMatch(of: /write (https?:\/\/\S+)$/)?.1
            return converted(
                LSPRange(
                    start: encoding.position(line: line, column: at, in: lines),
                    end: encoding.position(line: line, column: at + named.unicodeScalars.count, in: lines)),
                data: fix.map { .string(String($0)) })
        }
        if let named, !named.isEmpty, from < scalars.count,
            String(String.UnicodeScalarView(scalars[from...])).hasPrefix(named)
        {
            endColumn = column + named.unicodeScalars.count
        } else if let named, !named.isEmpty, from < scalars.count,
            let found = String(String.UnicodeScalarView(scalars[from...])).range(of: "(" + named + ")")
        {
            // A link or picture: from its `[` or `!` to the `)` after its address.
            let text = String(String.UnicodeScalarView(scalars[from...]))
            endColumn = column + text[..<found.upperBound].unicodeScalars.count
        } else {
            var index = from
            let stops: Set<Unicode.Scalar> = [" ", ",", "]", "}", "\t"]
            while index < scalars.count, !stops.contains(scalars[index]) { index += 1 }
            endColumn = max(column + 1, index + 1)
        }
        let end = encoding.position(line: line, column: min(endColumn, scalars.count + 1), in: lines)
        let suggestion = code == "broken-link" ? nil : diagnostic.hint?.firstMatch(of: /did you mean '([^']+)'/)?.1
        return converted(
            LSPRange(start: start, end: end.character > start.character || end.line > start.line ? end : Position(line: start.line, character: start.character + 1)),
            data: suggestion.map { .string(String($0)) })
    }

    /// Where a front-matter value that starts at `from` (0-based) ends: after its closing quote,
    /// else before a comment (` #`) or the line's end, trailing spaces left out.
    static func valueEnd(_ scalars: [Unicode.Scalar], from: Int) -> Int {
        guard from < scalars.count else { return scalars.count }
        if scalars[from] == "\"" || scalars[from] == "'" {
            var index = from + 1
            while index < scalars.count {
                if scalars[index] == "\\", scalars[from] == "\"" {
                    index += 2
                    continue
                }
                if scalars[index] == scalars[from] { return index + 1 }
                index += 1
            }
            return scalars.count
        }
        var end = scalars.count
        for index in from..<scalars.count where scalars[index] == "#" && index > from && (scalars[index - 1] == " " || scalars[index - 1] == "\t") {
            end = index
            break
        }
        while end > from, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        return end
    }

    /// The message with its hint, as `check` prints them.
    static func message(_ diagnostic: Diagnostic) -> String {
        diagnostic.hint.map { "\(diagnostic.message) — \($0)" } ?? diagnostic.message
    }
}

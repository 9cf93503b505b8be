import Foundation
import GazetteModel
import Yams

/// A YAML text inside a file (all of `gazette.yml`, or a journal's front matter), with what is
/// needed to turn Yams marks into file positions and typed reads into diagnostics.
struct YAMLSource {
    /// Site-relative path of the file, as diagnostics print it.
    let path: String
    /// Every line of the whole file, for the caret display.
    let fileLines: [Substring]
    /// File line of the YAML text's first line minus one (1 for front matter after `---`).
    let lineOffset: Int

    func location(_ mark: Mark?) -> SourceLocation {
        SourceLocation(path: path, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
    }

    func line(_ number: Int) -> String? {
        number >= 1 && number <= fileLines.count ? String(fileLines[number - 1]) : nil
    }

    func error(_ message: String, at node: Node?, hint: String? = nil) -> Diagnostic {
        let location = location(node?.mark)
        return .error(message, at: location, hint: hint, sourceLine: line(location.line))
    }

    func warning(_ message: String, at node: Node?, hint: String? = nil) -> Diagnostic {
        let location = location(node?.mark)
        return .warning(message, at: location, hint: hint, sourceLine: line(location.line))
    }

    /// Parses `text` into a node tree, or a diagnostic at the place of the slip (`YAMLSlip`).
    func compose(_ text: String) -> Result<Node?, Diagnostic> {
        if case .some(let simple) = SimpleYAML.compose(text) { return .success(simple) }
        do {
            // The encoding named: Yams's default reads the whole process environment for an
            // override on every call (1.4 % of a clean 2,000-journal build). Swift strings are UTF-8.
            // No implicit tags (`Resolver.basic`): Gazette reads every value from its text (`bool`,
            // `number` and `isNull` below), never from the tag Yams's default resolver gives a plain
            // scalar by matching it against seven regular expressions — about 1 % of a clean
            // real-Korean 2,000-journal build's `perf` samples, for tags nothing read.
            return .success(try Yams.compose(yaml: text, .basic, .default, .utf8))
        } catch let error as YamlError {
            let slip = YAMLSlip(error, in: text, lineOffset: lineOffset)
            let location = SourceLocation(path: path, line: slip.line, column: slip.column)
            return .failure(.error(slip.message, at: location, hint: slip.hint, sourceLine: line(location.line), code: slip.code))
        } catch {
            return .failure(.error("invalid YAML: \(error)", at: location(nil), sourceLine: line(1 + lineOffset)))
        }
    }
}

/// What a YAML error means in a member's words, and where the slip is. libyaml notices most
/// slips later than they happen — an unclosed quote at the end of the text, a tab as "a
/// character that cannot start any token" — but says what it was reading and where that began
/// (its context mark): that is where a quote or bracket was opened. Lines are the file's (the
/// YAML text's plus `lineOffset`), columns count Unicode scalars from 1.
struct YAMLSlip: Equatable {
    var message: String
    var hint: String
    var line: Int
    var column: Int
    /// The diagnostic's code, where the message's beginning does not give it (`DiagnosticCodes`).
    var code: String?

    init(_ error: YamlError, in text: String, lineOffset: Int) {
        self.init(error, in: text, firstLine: lineOffset + 1)
        line += lineOffset
    }

    /// `firstLine`: the file line of the text's first line, for messages that name another line.
    private init(_ error: YamlError, in text: String, firstLine: Int) {
        let lines = text.lfLines()
        // A tab in a line's indentation at or before the place libyaml gave up is the slip,
        // whatever it then said.
        func tab(upTo lastLine: Int) -> (line: Int, column: Int)? {
            for (index, line) in lines.prefix(lastLine).enumerated() {
                var column = 1
                for scalar in line.unicodeScalars {
                    if scalar == "\t" { return (index + 1, column) }
                    if scalar != " " { break }
                    column += 1
                }
            }
            return nil
        }
        let (context, problem, mark): (YamlError.Context?, String, Mark?) =
            switch error {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                (context, problem, mark)
            case .duplicatedKeysInMapping(let duplicates, let context):
                (context, "duplicate keys \(duplicates)", context.mark)
            default:
                (nil, "\(error)", nil)
            }
        if case .duplicatedKeysInMapping(let duplicates, let context) = error {
            let key = duplicates.first ?? ""
            let places = YAMLSlip.keyLines(key, in: lines, from: context.mark.line)
            let first = places.first ?? context.mark.line
            let second = places.dropFirst().first ?? first
            // Two `key: { … }` lines (one uncommented after the other, as gazette.yml's commented
            // lines invite): what they hold, merged into one.
            let merged = [first, second].compactMap { line -> Substring? in
                guard line >= 1, line <= lines.count else { return nil }
                return lines[line - 1].firstMatch(of: /^\s*[^\s:]+:\s*\{(.*)\}\s*(?:#.*)?$/)?.1
            }.map { $0.trimmingCharacters(in: .whitespaces) }
            let merge = merged.count == 2 && first != second && !merged.contains(where: \.isEmpty) ? ", or merge them into one: \(key): { \(merged.joined(separator: ", ")) }" : ""
            self.init(
                message: "duplicate key '\(key)': it is on line \(first + firstLine - 1) and again here",
                hint: "keep one of the two '\(key):' lines (a key may appear once in a mapping)\(merge)",
                line: second, column: YAMLSlip.keyColumn(key, on: lines, line: second))
            return
        }
        let problemLine = mark?.line ?? 1
        if let tab = tab(upTo: max(problemLine, context?.mark.line ?? 0)) {
            self.init(
                message: "a tab indents this line: YAML allows only spaces for indentation",
                hint: "indent with spaces (most editors: turn on \"insert spaces\" for YAML and Markdown)",
                line: tab.line, column: tab.column)
            return
        }
        for kind in KeySlip.allCases {
            for (index, line) in lines.prefix(max(problemLine + 1, context?.mark.line ?? 0)).enumerated() {
                guard let slip = YAMLSlip.keySlip(kind, in: line) else { continue }
                self.init(message: slip.message, hint: slip.hint, line: index + 1, column: slip.column, code: kind.code)
                return
            }
        }
        // A quote left open on its line: YAML reads on to the next quote of its kind, lines
        // later, and fails after it (`did not find expected key` where a later value is quoted),
        // or at the text's end.
        if let open = Self.unclosedQuote(in: lines, failingAt: (problemLine, mark?.column ?? 1)) {
            self.init(unclosed: open, in: lines)
            return
        }
        if let context {
            let opened = YAMLSlip.character(at: context.mark, in: lines)
            switch context.text {
            case "while scanning a quoted scalar":
                self.init(unclosed: (context.mark.line, context.mark.column, opened == "'" ? "'" : "\""), in: lines)
                return
            case let text where text.contains("flow sequence") || text.contains("flow mapping"):
                let (open, close) = text.contains("sequence") ? ("[", "]") : ("{", "}")
                self.init(
                    message: "the \(open) opened here is never closed",
                    hint: "close it with \(close), separating items with commas: tags: [economy, politics]",
                    line: context.mark.line, column: context.mark.column)
                return
            default:
                break
            }
        }
        var hint = "check the indentation, and quote values that contain ': ' or start with '[', '{', '*' or '&'"
        if problem.contains("mapping values are not allowed") {
            hint = "a value with ': ' in it must be quoted: " + (Self.quoted(line: problemLine, in: lines) ?? "title: \"금리: 오를까\"")
        } else if problemLine >= 1, problemLine <= lines.count,
            let list = lines[problemLine - 1].wholeMatch(of: /(tags):\s+-\s+(.+?)\s*/)
        {
            // `tags: - economy`: a list's first item on the key's own line.
            let items = list.2.split(separator: " - ").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
            hint = "a list's items go in brackets on the key's line, or each on a line of its own under it (\"  - economy\"): \(list.1): [\(items)]"
        } else if let fix = Self.requoted(line: problemLine, in: lines) {
            // `title: 'It's a test'`: the apostrophe ends the quoted value.
            self.init(
                message: "the quoted value ends at this \(fix.quote)", hint: "write it in the other quotes: \(fix.line)", line: problemLine,
                column: fix.column, code: "yaml-syntax")
            return
        } else if let (first, fix) = Self.startsWithIndicator(line: problemLine, in: lines) {
            // `title: [속보] 금리 동결`, `title: "금리" 동결`, `title: @금리`: YAML reads the
            // first character as the start of a list, a quoted value or a reserved sign.
            hint = "a value that starts with '\(first)' and goes on after it must be quoted: \(fix)"
        }
        self.init(message: "invalid YAML: \(problem)", hint: hint, line: problemLine, column: mark?.column ?? 1)
    }

    /// The quote opened at `open` (1-based line and scalar column) is not closed on its line.
    private init(unclosed open: (line: Int, column: Int, quote: Character), in lines: [Substring]) {
        let escape = open.quote == "'" ? "a ' inside single quotes is written ''" : "a \" inside double quotes is written \\\""
        let closed = Self.closedQuote(line: open.line, column: open.column, in: lines).map { ", as in \($0)" } ?? ""
        self.init(
            message: "the quote \(open.quote) opened here is never closed",
            hint: "end the value with \(open.quote) on the same line\(closed) (\(escape)), or write it without quotes",
            line: open.line, column: open.column)
    }

    /// The value that starts with a quote at `column` of `line` (from 1), closed at the line's
    /// end, with the key before it (`title: "금리 인상`). Nil when the line is no `key: "value`, or
    /// a closing quote would be escaped (a value ending in `\`).
    static func closedQuote(line: Int, column: Int, in lines: [Substring]) -> String? {
        guard line >= 1, line <= lines.count, let end = YAMLQuote.closingEnd(lines[line - 1], quoteColumn: column) else { return nil }
        let scalars = Array(lines[line - 1].unicodeScalars)
        let written = String(String.UnicodeScalarView(scalars[..<end]))
        guard written.wholeMatch(of: /\s*(?:-\s+)?[A-Za-z_][A-Za-z0-9_-]*:\s+["'].*/) != nil else { return nil }
        return written.trimmingCharacters(in: .whitespaces) + String(scalars[column - 1])
    }

    /// The first line at or before `failure` (line, column) whose value opens a quote it does
    /// not close, such that the text closed there parses past `failure`: the quote YAML read on
    /// from. Tried only when YAML has failed; each try parses the (short) text again.
    static func unclosedQuote(in lines: [Substring], failingAt failure: (line: Int, column: Int)) -> (line: Int, column: Int, quote: Character)? {
        for index in 0..<min(failure.line, lines.count) {
            guard let open = openQuote(lines[index]) else { continue }
            var repaired = lines.map(String.init)
            repaired[index].append(open.quote)
            do {
                _ = try Yams.compose(yaml: repaired.joined(separator: "\n"), .basic, .default, .utf8)
            } catch let error as YamlError {
                let mark: Mark? =
                    switch error {
                    case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark
                    case .duplicatedKeysInMapping(_, let context): context.mark
                    default: nil
                    }
                // Failing at the same place or before it, the quote was not what YAML met.
                guard let mark, (mark.line, mark.column) > (failure.line, failure.column) else { continue }
            } catch {
                continue
            }
            return (index + 1, open.column, open.quote)
        }
        return nil
    }

    /// The quote that begins `line`'s value (`key: "…`, `- '…`, `"…`) and its column (from 1,
    /// in scalars), when the line does not close it; nil otherwise.
    static func openQuote(_ line: Substring) -> (column: Int, quote: Character)? {
        guard let match = line.prefixMatch(of: /\s*(?:-\s+)?(?:[A-Za-z_][A-Za-z0-9_-]*:\s+)?(["'])/) else { return nil }
        let scalars = Array(line.unicodeScalars)
        let column = match.output.0.unicodeScalars.count
        let quote = scalars[column - 1]
        var index = column
        while index < scalars.count {
            if quote == "\"", scalars[index] == "\\" {
                index += 2
            } else if scalars[index] != quote {
                index += 1
            } else if quote == "'", index + 1 < scalars.count, scalars[index + 1] == "'" {
                index += 2  // `''` inside single quotes is one quote
            } else {
                return nil
            }
        }
        return (column, Character(quote))
    }

    /// How a key can be typed so that YAML reads its line as text and fails a line or two later.
    /// In the order they are looked for: a zero-width space after the colon is an odd space,
    /// not a missing one.
    enum KeySlip: CaseIterable {
        /// `title：…`, the full-width colon (U+FF1A) a Korean or Japanese input method gives.
        case fullWidthColon
        /// A space YAML does not take for one, after a key's colon or indenting a line: the
        /// full-width space (U+3000) an input method in Korean mode types, the no-break space
        /// (U+00A0) text copied from a web page or a word processor carries, and their kin.
        case oddSpace
        /// `title:금리 메모`, no space after the colon (not a URL continuing a value).
        case noSpace

        /// Its diagnostics' code: the first two are `bad-value` by their message, as they
        /// always were.
        var code: String? { self == .oddSpace ? "yaml-odd-space" : nil }
    }

    /// The spaces `oddSpace` names, by what a member would call them.
    static let oddSpaces: [UInt32: String] = {
        var names: [UInt32: String] = [0xA0: "no-break space", 0x3000: "full-width space", 0x202F: "narrow no-break space",
            0x205F: "mathematical space", 0x200B: "zero-width space", 0xFEFF: "zero-width no-break space"]
        for value in UInt32(0x2000)...0x200A { names[value] = "typographic space" }
        return names
    }()

    /// The first slip of `kinds` (in their order) on `line`, and its kind.
    static func keySlip(in line: Substring, among kinds: [KeySlip] = KeySlip.allCases) -> (kind: KeySlip, slip: (message: String, hint: String, column: Int))? {
        for kind in kinds {
            if let slip = keySlip(kind, in: line) { return (kind, slip) }
        }
        return nil
    }

    /// The slip of `kind` on `line`, if it has one: what to say, and the column (from 1, in
    /// scalars) of the colon, or of the place after it where the space goes.
    static func keySlip(_ kind: KeySlip, in line: Substring) -> (message: String, hint: String, column: Int)? {
        switch kind {
        case .fullWidthColon:
            guard let match = line.firstMatch(of: /^(\s*)([A-Za-z_][A-Za-z0-9_-]*)\s*：\s*(.*)$/) else { return nil }
            let (indent, key, value) = (match.output.1, match.output.2, match.output.3)
            return (
                "'\(key)' is followed by a full-width colon '：', so YAML does not read it as a key",
                "type the colon with the input method in English mode: \(key): \(value)", indent.unicodeScalars.count + key.unicodeScalars.count + 1
            )
        case .oddSpace:
            let scalars = Array(line.unicodeScalars)
            func named(_ scalar: Unicode.Scalar) -> String { "a \(oddSpaces[scalar.value] ?? "space") (U+\(String(format: "%04X", scalar.value)))" }
            var index = 0
            while index < scalars.count, scalars[index] == " " { index += 1 }
            if index < scalars.count, oddSpaces[scalars[index].value] != nil {
                return (
                    "this line is indented with \(named(scalars[index])), which YAML does not take for a space",
                    "indent with ordinary spaces: delete it and type spaces in its place", index + 1
                )
            }
            // A key as `keySlip` reads them: a letter or '_', then letters, digits, '_' and '-'.
            func inKey(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
                switch scalar {
                case "A"..."Z", "a"..."z", "_": true
                case "0"..."9", "-": !first
                default: false
                }
            }
            let keyStart = index
            while index < scalars.count, inKey(scalars[index], first: index == keyStart) { index += 1 }
            guard index > keyStart, index + 1 < scalars.count, scalars[index] == ":", oddSpaces[scalars[index + 1].value] != nil else { return nil }
            let key = String(String.UnicodeScalarView(scalars[keyStart..<index]))
            let value = String(String.UnicodeScalarView(scalars[(index + 1)...].drop { oddSpaces[$0.value] != nil || $0 == " " }))
            return (
                "'\(key)' is followed by \(named(scalars[index + 1])) after its colon, so YAML does not read it as a key",
                "type an ordinary space after the colon: \(key): \(value)", index + 2
            )
        case .noSpace:
            guard let match = line.firstMatch(of: /^(\s*)([A-Za-z_][A-Za-z0-9_-]*):([^\s\/:].*)$/) else { return nil }
            let (indent, key, value) = (match.output.1, match.output.2, match.output.3)
            return (
                "'\(key)' has no space after its colon, so YAML does not read it as a key", "put a space after the colon: \(key): \(value)",
                indent.unicodeScalars.count + key.unicodeScalars.count + 2
            )
        }
    }

    init(message: String, hint: String, line: Int, column: Int, code: String? = nil) {
        self.message = message
        self.hint = hint
        self.line = line
        self.column = column
        self.code = code
    }

    /// Line `line` (from 1) as `key: "value"`, when it is a plain `key: value` line whose value
    /// holds ': ' (and no quote or backslash to escape): the fix of the member's own line.
    static func quoted(line: Int, in lines: [Substring]) -> String? {
        guard let (_, key, value, _) = entry(line: line, in: lines), value.contains(": "), !value.contains("\""), !value.contains("\\"),
            !value.hasPrefix("'")
        else { return nil }
        return "\(key): \"\(value)\""
    }

    /// Line `line` (from 1) as `key: "value"` (single quotes when the value holds a double
    /// one), when it is a plain `key: value` line whose value starts with a character YAML reads
    /// as the start of something else (`[`, `{`, a quote, `@`, `` ` ``, `*`, `&`, `!`, `%`, `|`,
    /// `>`) and goes on after it: that character and the fix.
    static func startsWithIndicator(line: Int, in lines: [Substring]) -> (Character, String)? {
        // `- ` and `? ` begin a list's item and a complex key (`title: - 목록처럼`); a list of tags
        // so written is not a title to quote.
        guard let (_, key, value, _) = entry(line: line, in: lines), !key.hasPrefix("-"), let first = value.first,
            "[{\"'@`*&!%|>".contains(first) || (key != "tags" && (value.hasPrefix("- ") || value.hasPrefix("? ")))
        else { return nil }
        if value.contains("\"") && !value.contains("'") { return (first, "\(key): '\(value)'") }
        return (first, "\(key): \(doubleQuoted(value))")
    }

    /// Line `line` (from 1) as `key: "value"` (or `'value'`), when it is a `key: 'value'` line
    /// whose value holds its own quote (`title: 'It's a test'`, `title: "그가 "곧" 말했다"`):
    /// the quote, and the line in the other quotes, escaped as they need.
    static func requoted(line: Int, in lines: [Substring]) -> (quote: Character, column: Int, line: String)? {
        guard let (text, key, value, colon) = entry(line: line, in: lines), !key.hasPrefix("-"), value.count >= 3, let quote = value.first,
            quote == "'" || quote == "\"", value.last == quote
        else { return nil }
        let inner = value.dropFirst().dropLast()
        guard let ending = inner.firstIndex(of: quote) else { return nil }
        // The column of the quote that ends the value, in the line's scalars.
        let column = text[..<colon.upperBound].unicodeScalars.count + text[colon.upperBound...].prefix { $0 == " " }.unicodeScalars.count
            + inner[..<ending].unicodeScalars.count + 2
        if quote == "'" { return (quote, column, "\(key): \(doubleQuoted(inner))") }
        return (quote, column, "\(key): '\(inner.replacingOccurrences(of: "'", with: "''"))'")
    }

    /// Line `line` (from 1) as a `key: value` entry: the line, its key, its value without a
    /// comment after it (`withoutComment`), and where its first `: ` is. Nil for another line,
    /// or one whose key is indented or holds a space.
    private static func entry(line: Int, in lines: [Substring]) -> (text: Substring, key: Substring, value: String, colon: Range<Substring.Index>)? {
        guard line >= 1, line <= lines.count, let colon = lines[line - 1].firstRange(of: ": ") else { return nil }
        let text = lines[line - 1]
        let key = text[..<colon.lowerBound]
        guard !key.isEmpty, !key.hasPrefix(" "), !key.contains(" ") else { return nil }
        return (text, key, withoutComment(text[colon.upperBound...]), colon)
    }

    /// `text` in double quotes, its backslashes and double quotes escaped.
    private static func doubleQuoted(_ text: some StringProtocol) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A plain value without the comment after it (` # …`, as `gazette init`'s gazette.yml has on
    /// its lines), its spaces trimmed: what is quoted, the comment left where it is.
    static func withoutComment(_ value: Substring) -> String {
        var end = value.endIndex
        var previous: Character = " "
        for index in value.indices {
            if value[index] == "#", previous == " " || previous == "\t" {
                end = index
                break
            }
            previous = value[index]
        }
        return value[..<end].trimmingCharacters(in: .whitespaces)
    }

    /// The character at `mark` (1-based line and scalar column), if the text has one there.
    static func character(at mark: Mark, in lines: [Substring]) -> Character? {
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        let scalars = lines[mark.line - 1].unicodeScalars
        guard mark.column >= 1, mark.column <= scalars.count else { return nil }
        return Character(scalars[scalars.index(scalars.startIndex, offsetBy: mark.column - 1)])
    }

    /// The lines (from 1) at or after `from` where `key:` starts a mapping entry.
    static func keyLines(_ key: String, in lines: [Substring], from: Int) -> [Int] {
        let forms = ["\(key):", "\"\(key)\":", "'\(key)':"]
        return lines.enumerated().compactMap { index, line in
            guard index + 1 >= from else { return nil }
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            return forms.contains { trimmed.hasPrefix($0) } ? index + 1 : nil
        }
    }

    static func keyColumn(_ key: String, on lines: [Substring], line: Int) -> Int {
        guard line >= 1, line <= lines.count else { return 1 }
        return lines[line - 1].unicodeScalars.prefix { $0 == " " || $0 == "-" }.count + 1
    }
}

extension Node {
    /// True for an explicit or implicit YAML null (`key:`, `~`, `null`).
    var isNull: Bool {
        guard let scalar else { return false }
        return (scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string))
    }

    /// A short name of the node's kind for messages: "a list", "a mapping", "text".
    var kindDescription: String {
        switch self {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: "a single value"
        case .alias: "an alias"
        }
    }
}

/// Typed reads from a YAML mapping that report, rather than throw, what is wrong: into the
/// collector the mapping was made with, which its sub-mappings share.
struct YAMLMapping {
    let source: YAMLSource
    let diagnostics: DiagnosticCollector
    let node: Node
    let pairs: [(key: String, keyNode: Node, value: Node)]
    /// What this mapping is, for messages ("gazette.yml", "front matter", "sources.naver").
    let name: String

    init?(_ node: Node, source: YAMLSource, name: String, diagnostics: DiagnosticCollector) {
        guard let mapping = node.mapping else {
            // `title:금리 메모` alone: one value, its colon without the space a key needs.
            if let text = node.scalar?.string, let (kind, slip) = YAMLSlip.keySlip(in: Substring(text), among: [.oddSpace, .noSpace]) {
                let at = source.location(node.mark)
                let place = SourceLocation(path: at.path, line: at.line, column: at.column - 1 + slip.column)
                diagnostics.report(.error(slip.message, at: place, hint: slip.hint, sourceLine: source.line(at.line), code: kind.code))
                return nil
            }
            // The vocabulary or the members typed as a list (`tags: [politics, economy]`): each
            // needs its name.
            let first = node.sequence?.first?.scalar?.string
            let hint: String? =
                switch (name, first) {
                case ("'tags'", let key?): "write each tag on a line of its own under tags:, with the name pages show: \(key): 정치"
                case ("'authors'", let key?): "write each member on a line of its own under authors:, with their name: \(key): { name: 김민지 }"
                default: nil
                }
            diagnostics.report(source.error("\(name) must be a mapping of keys to values, not \(node.kindDescription)", at: node, hint: hint))
            return nil
        }
        self.source = source
        self.diagnostics = diagnostics
        self.node = node
        self.name = name
        self.pairs = mapping.map { (key: $0.key.scalar?.string ?? "", keyNode: $0.key, value: $0.value) }
        // A slip YAML reads without failing: `me:　{ name: 나 }` is the key `me:　{ name` and the
        // value `나 }`, `title:　금리: 인상` the key `title:　금리`. Named on the key's line as
        // when YAML fails.
        // (Scalars, not `String.contains`: Foundation's substring search was 1 % of a clean build.)
        for pair in pairs where pair.key.unicodeScalars.contains(where: { $0 == ":" || $0 == "：" }) {
            let at = source.location(pair.keyNode.mark)
            guard let text = source.line(at.line), let (kind, slip) = YAMLSlip.keySlip(in: Substring(text)) else { continue }
            let place = SourceLocation(path: at.path, line: at.line, column: slip.column)
            diagnostics.report(.error(slip.message, at: place, hint: slip.hint, sourceLine: text, code: kind.code))
        }
    }

    func value(_ key: String) -> Node? {
        pairs.first { $0.key == key }.flatMap { $0.value.isNull ? nil : $0.value }
    }

    func keyNode(_ key: String) -> Node? { pairs.first { $0.key == key }?.keyNode }

    /// The key written as `key` with a character that shows as nothing in it (`title​`), and
    /// its node: what a missing key was typed as.
    func invisiblyWritten(_ key: String) -> (written: String, node: Node)? {
        pairs.first { $0.key != key && $0.key.withoutInvisibles == key }.map { ($0.key, $0.keyNode) }
    }

    /// Warns about every key not in `known`, suggesting the closest known key; a key another tool
    /// names what a known key is (`aliases`: their key → the key here and whose name theirs is)
    /// gets the key here, with the value as written (`date: 2026-12-02` → `created: 2026-12-02`).
    /// `skipping`: a key an error names already.
    func warnUnknownKeys(_ known: [String], aliases: [String: (key: String, whose: String)] = [:], skipping: String? = nil) {
        for pair in pairs where !known.contains(pair.key) && pair.key != skipping {
            let hint: String
            if let alias = aliases[pair.key] {
                let value = pair.value.scalar.map { " \($0.string)" } ?? " …"
                hint = "\(alias.whose) '\(pair.key)' is '\(alias.key)' here: write \(alias.key):\(value)"
            } else if let note = pair.key.invisiblesNote, known.contains(pair.key.withoutInvisibles) {
                // `title​:` (a zero width space copied along) reads as a key of its own.
                hint = "did you mean '\(pair.key.withoutInvisibles)'? \(note)"
            } else if let suggestion = Suggest.closest(to: pair.key, in: known) {
                hint = "did you mean '\(suggestion)'?"
            } else {
                hint = "known keys: \(known.joined(separator: ", "))"
            }
            // Over the key, which a suggestion replaces (`gazette lsp`'s quick fix).
            diagnostics.report(source.warning("unknown key '\(pair.key.revealingInvisibles)' in \(name)", at: pair.keyNode, hint: hint).spanning(pair.key.unicodeScalars.count))
        }
    }

    func string(_ key: String) -> String? {
        guard let node = value(key) else { return nil }
        guard let scalar = node.scalar else {
            diagnostics.report(source.error("'\(key)' must be text, not \(node.kindDescription)", at: node, hint: "write \(key): some text"))
            return nil
        }
        return scalar.string
    }

    func bool(_ key: String) -> Bool? {
        guard let node = value(key) else { return nil }
        switch node.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            diagnostics.report(source.error("'\(key)' must be true or false", at: node, hint: "write \(key): true"))
            return nil
        }
    }

    func number(_ key: String) -> Double? {
        guard let node = value(key) else { return nil }
        guard let text = node.scalar?.string, let value = Double(text), value.isFinite else {
            diagnostics.report(source.error("'\(key)' must be a number", at: node, hint: "write \(key): 10"))
            return nil
        }
        return value
    }

    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let node = value(key) else { return nil }
        guard let text = node.scalar?.string, let value = Int(text), range.contains(value) else {
            diagnostics.report(
                source.error("'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)", at: node))
            return nil
        }
        return value
    }

    /// A list of strings; a single value is accepted as a list of one (`tags: economy`).
    func stringList(_ key: String) -> [String]? {
        guard let node = value(key) else { return nil }
        switch node {
        case .scalar(let scalar):
            return [scalar.string]
        case .sequence(let sequence):
            var items: [String] = []
            for item in sequence {
                if let scalar = item.scalar, !item.isNull {
                    items.append(scalar.string)
                } else {
                    diagnostics.report(
                        source.error("'\(key)' must be a list of strings, but an item is \(item.kindDescription)", at: item,
                            hint: "write \(key): [first, second]"))
                }
            }
            return items
        default:
            diagnostics.report(
                source.error("'\(key)' must be a list of strings, not \(node.kindDescription)", at: node,
                    hint: "write \(key): [first, second]"))
            return nil
        }
    }

    func mapping(_ key: String) -> YAMLMapping? {
        guard let node = value(key) else { return nil }
        return YAMLMapping(node, source: source, name: "'\(key)'", diagnostics: diagnostics)
    }
}

/// Close-match suggestions for misspelt keys, tags and ids (Levenshtein distance).
public enum Suggest {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Where a value a quote opens and its line never closes is closed by the fix of it.
public enum YAMLQuote {
    /// The place (0-based, in `line`'s scalars) where the closing quote goes, for the quote at
    /// `quoteColumn` (from 1): before a comment the line ends with (` # …`, as `gazette init`'s
    /// gazette.yml has after its values — the member meant it as one, not as part of the value)
    /// and the spaces before it, else at the line's end. Nil when there is no quote there, or a
    /// closing `"` would be escaped (a value ending in `\`).
    public static func closingEnd(_ line: Substring, quoteColumn column: Int) -> Int? {
        let scalars = Array(line.unicodeScalars)
        guard column >= 1, column <= scalars.count, scalars[column - 1] == "\"" || scalars[column - 1] == "'" else { return nil }
        var end = scalars.count
        if let hash = (column..<scalars.count).first(where: { scalars[$0] == "#" && (scalars[$0 - 1] == " " || scalars[$0 - 1] == "\t") }) {
            end = hash
        }
        while end > column, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        let backslashes = scalars[column..<end].reversed().prefix { $0 == "\\" }.count
        guard scalars[column - 1] == "'" || backslashes % 2 == 0 else { return nil }
        return end
    }
}

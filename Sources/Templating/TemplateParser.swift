/// A parsed template: the tree of text and tags it renders from.
public struct Template: Sendable {
    let nodes: [Node]
    /// `{{% CONTENT_TYPE: TEXT }}`: values are inserted as they are, not HTML-escaped.
    let escapes: Bool

    /// Parses Mustache source: variables (`{{name}}`, `{{{name}}}`, `{{&name}}`, dotted names and
    /// `{{.}}`), sections and inverted sections, comments, partials, template inheritance
    /// (`{{<parent}}`, `{{$block}}`), changed delimiters (`{{=<% %>=}}`) and the
    /// `CONTENT_TYPE` pragma, with the spec's rules for standalone lines and partial indentation.
    public init(_ source: String) throws(TemplateError) {
        var parser = TemplateParser(Array(source.utf8))
        let tokens = try parser.tokens()
        (nodes, escapes) = try parser.tree(TemplateParser.standalone(tokens))
    }
}

/// A name a tag reads: `.` (the current value), `a.b.c`, or `.a` (only in the current value).
struct Name: Sendable {
    let parts: [String]
    /// Looked up in the current value only, not down the stack of enclosing values.
    let anchored: Bool
}

indirect enum Node: Sendable {
    case text([UInt8])
    case variable(Name, escaped: Bool)
    case section(Name, [Node], inverted: Bool)
    case partial(String, indent: [UInt8])
    case parent(String, overrides: [String: [Node]], indent: [UInt8])
    case block(String, [Node])
}

struct TemplateParser {
    enum Kind {
        case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters, pragma

        /// Tags that take their whole line when they stand alone on it.
        var canStandAlone: Bool {
            switch self {
            case .variable, .unescaped: false
            default: true
            }
        }
    }

    struct Tag {
        let kind: Kind
        let content: String
        let line: Int
        let column: Int
        /// The whitespace before a standalone tag (a partial's indentation).
        var indent: [UInt8] = []
    }

    enum Token {
        case text([UInt8], startsLine: Bool)
        case tag(Tag)
    }

    let source: [UInt8]
    var position = 0
    var open: [UInt8] = Array("{{".utf8)
    var close: [UInt8] = Array("}}".utf8)

    init(_ source: [UInt8]) { self.source = source }

    // MARK: Tokens

    mutating func tokens() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var textStart = 0
        while let start = find(open, from: position) {
            if start > textStart { tokens.append(.text(Array(source[textStart..<start]), startsLine: false)) }
            let (line, column) = place(of: start)
            var cursor = start + open.count
            guard cursor < source.count else { throw error("the tag is not closed", at: start, hint: "end it with \(text(close))") }
            let sigil = source[cursor]
            let kind: Kind
            switch sigil {
            case UInt8(ascii: "{"): kind = .unescaped
            case UInt8(ascii: "&"): kind = .unescaped
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "="): kind = .delimiters
            case UInt8(ascii: "%"): kind = .pragma
            default: kind = .variable
            }
            if kind != .variable { cursor += 1 }
            // `{{{name}}}` ends with `}` and the closing delimiter; `{{=a b=}}` with `=` and it.
            let ending = (sigil == UInt8(ascii: "{") ? [UInt8(ascii: "}")] : sigil == UInt8(ascii: "=") ? [UInt8(ascii: "=")] : []) + close
            guard let end = find(ending, from: cursor) else {
                throw error("the tag is not closed", at: start, hint: "end it with \(text(ending))")
            }
            let content = text(source[cursor..<end]).trimmingWhitespace
            position = end + ending.count
            textStart = position
            if kind == .delimiters {
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw error("delimiters are changed with two markers, as in {{=<% %>=}}", at: start, hint: "write the new opening and closing markers, separated by a space")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            }
            if kind != .comment, kind != .delimiters, kind != .pragma, content.isEmpty {
                throw error("the tag has no name", at: start, hint: "write a name between the braces, or {{.}} for the current value")
            }
            tokens.append(.tag(Tag(kind: kind, content: content, line: line, column: column)))
        }
        if textStart < source.count { tokens.append(.text(Array(source[textStart...]), startsLine: false)) }
        if case .text(let bytes, _) = tokens.first { tokens[0] = .text(bytes, startsLine: true) }
        return tokens
    }

    /// Removes the lines that hold only a section, comment, partial, inheritance or delimiter tag
    /// and whitespace (the tag's line is not output), keeping a partial's indentation.
    static func standalone(_ tokens: [Token]) -> [Token] {
        var tokens = tokens
        for index in tokens.indices {
            guard case .tag(var tag) = tokens[index], tag.kind.canStandAlone else { continue }
            var indent: ArraySlice<UInt8> = []
            if index > 0 {
                guard case .text(let before, let startsLine) = tokens[index - 1] else { continue }
                let lineStart = before.lastIndex(of: 10).map { $0 + 1 }
                guard lineStart != nil || startsLine else { continue }
                indent = before[(lineStart ?? 0)...]
                guard indent.allSatisfy(isBlank) else { continue }
            }
            var rest: [UInt8]?
            if index + 1 < tokens.count {
                guard case .text(let after, _) = tokens[index + 1] else { continue }
                if let newline = after.firstIndex(of: 10) {
                    var head = after[..<newline]
                    if head.last == 13 { head = head.dropLast() }
                    guard head.allSatisfy(isBlank) else { continue }
                    rest = Array(after[(newline + 1)...])
                } else {
                    // The tag's line is the template's last, without a newline.
                    guard index + 2 == tokens.count, after.allSatisfy(isBlank) else { continue }
                    rest = []
                }
            }
            if index > 0, case .text(let before, let startsLine) = tokens[index - 1] {
                tokens[index - 1] = .text(Array(before.dropLast(indent.count)), startsLine: startsLine)
            }
            if let rest { tokens[index + 1] = .text(rest, startsLine: true) }
            tag.indent = Array(indent)
            tokens[index] = .tag(tag)
        }
        return tokens
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    // MARK: Tree

    func tree(_ tokens: [Token]) throws(TemplateError) -> ([Node], escapes: Bool) {
        var escapes = true
        var open: [(tag: Tag, nodes: [Node])] = []
        var nodes: [Node] = []
        for token in tokens {
            switch token {
            case .text(let bytes, _):
                if !bytes.isEmpty { nodes.append(.text(bytes)) }
            case .tag(let tag):
                switch tag.kind {
                case .variable, .unescaped:
                    nodes.append(.variable(try name(tag), escaped: tag.kind == .variable))
                case .section, .inverted, .parent, .block:
                    _ = try name(tag)
                    open.append((tag, nodes))
                    nodes = []
                case .close:
                    guard let (opening, outer) = open.popLast() else {
                        throw error("{{/\(tag.content)}} closes no section", tag, hint: "remove it, or open the section with {{#\(tag.content)}}")
                    }
                    guard opening.content == tag.content else {
                        throw error(
                            "{{/\(tag.content)}} closes {{\(Self.sigil(opening.kind))\(opening.content)}}, opened at \(opening.line):\(opening.column)",
                            tag, hint: "close it with {{/\(opening.content)}}")
                    }
                    let inner = nodes
                    nodes = outer
                    switch opening.kind {
                    case .section, .inverted:
                        nodes.append(.section(try name(opening), inner, inverted: opening.kind == .inverted))
                    case .block:
                        nodes.append(.block(opening.content, inner))
                    default:
                        // Inside `{{<parent}}` only block definitions count.
                        var overrides: [String: [Node]] = [:]
                        for case .block(let name, let content) in inner where overrides[name] == nil { overrides[name] = content }
                        nodes.append(.parent(opening.content, overrides: overrides, indent: opening.indent))
                    }
                case .partial:
                    guard !tag.content.hasPrefix("*") else {
                        throw error("dynamic partials ({{>*name}}) are not supported", tag, hint: "name the partial itself, as in {{>card}}")
                    }
                    nodes.append(.partial(tag.content, indent: tag.indent))
                case .pragma:
                    let setting = tag.content.split(separator: ":", maxSplits: 1).map { String($0).trimmingWhitespace }
                    guard setting.count == 2, setting[0] == "CONTENT_TYPE", ["HTML", "TEXT"].contains(setting[1]) else {
                        throw error("unknown pragma {{%\(tag.content)}}", tag, hint: "the one pragma is {{% CONTENT_TYPE: TEXT }} (or HTML, the default)")
                    }
                    escapes = setting[1] == "HTML"
                case .comment, .delimiters:
                    break
                }
            }
        }
        if let (opening, _) = open.last {
            throw error("{{\(Self.sigil(opening.kind))\(opening.content)}} is never closed", opening, hint: "add {{/\(opening.content)}} where it ends")
        }
        return (nodes, escapes)
    }

    static func sigil(_ kind: Kind) -> String {
        switch kind {
        case .section: "#"
        case .inverted: "^"
        case .parent: "<"
        case .block: "$"
        default: ""
        }
    }

    func name(_ tag: Tag) throws(TemplateError) -> Name {
        let content = tag.content
        if content.contains(where: { $0 == "(" || $0 == ")" }) {
            throw error("transforms such as \(content) are not supported", tag, hint: "compute the value before the template; see the values each template receives in docs/reference/themes.md")
        }
        if content.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            throw error("a name cannot hold spaces: '\(content)'", tag, hint: "names are letters, digits, - and _, joined by dots")
        }
        if content == "." { return Name(parts: [], anchored: true) }
        let anchored = content.hasPrefix(".")
        let parts = content.split(separator: ".", omittingEmptySubsequences: false).dropFirst(anchored ? 1 : 0).map(String.init)
        guard !parts.contains(where: \.isEmpty) else {
            throw error("'\(content)' is not a name", tag, hint: "join names with single dots, as in page.title")
        }
        return Name(parts: parts, anchored: anchored)
    }

    // MARK: Places

    func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= source.count else { return nil }
        var index = start
        let last = source.count - needle.count
        while index <= last {
            if source[index] == first, source[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`.
    func place(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where source[index] == 10 {
            line += 1
            lineStart = index + 1
        }
        let column = source[lineStart..<offset].reduce(1) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 }
        return (line, column)
    }

    func text<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String { String(decoding: Array(bytes), as: UTF8.self) }

    func error(_ message: String, at offset: Int, hint: String) -> TemplateError {
        let (line, column) = place(of: offset)
        return TemplateError(message, line: line, column: column, sourceLine: sourceLine(line), hint: hint)
    }

    func error(_ message: String, _ tag: Tag, hint: String) -> TemplateError {
        TemplateError(message, line: tag.line, column: tag.column, sourceLine: sourceLine(tag.line), hint: hint)
    }

    func sourceLine(_ number: Int) -> String {
        let lines = source.split(separator: 10, omittingEmptySubsequences: false)
        guard number >= 1, number <= lines.count else { return "" }
        var line = lines[number - 1]
        if line.last == 13 { line = line.dropLast() }
        return text(line)
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

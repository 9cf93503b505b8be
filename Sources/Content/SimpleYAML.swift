import GazetteModel
import Yams

/// The node tree of the YAML most front matter is — one `key: value` a line, values plain,
/// quoted without escapes, or a flow list of plain words — made without libyaml: the same nodes
/// (strings, tags, styles, marks) `Yams.compose` makes of it with `Resolver.basic`, which
/// `SimpleYAMLTests` holds it to on thousands of texts. Anything else — comments, nesting,
/// block lists, escapes, anchors, tabs, a key given twice — is not simple: nil, and the caller
/// asks libyaml (which also words the slips). Composing the 2,000 front matters of a clean
/// build through libyaml was 3 % of its processor time.
enum SimpleYAML {
    static func compose(_ text: String) -> Node?? {
        // One constructor for the document, as libyaml's parser has (Yams makes one anew each time
        // it is asked for `.default`: three dictionaries).
        let tags = Tags(constructor: .default)
        var pairs: [(Node, Node)] = []
        var keys: Set<Substring> = []
        var line = 0
        var firstKey: Mark?
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let raw = Substring(bytes)
            line += 1
            if raw.isEmpty { continue }
            guard let (key, value) = Self.pair(raw, line: line, tags), keys.insert(key.text).inserted else { return nil }
            if firstKey == nil { firstKey = key.mark }
            // libyaml's keys leave with their tag resolved (Yams hashes them to find a key given twice).
            pairs.append((.scalar(.init(String(key.text), tags.str(), .plain, key.mark)), value))
        }
        // Empty (or only empty lines): what libyaml makes of no document.
        guard let firstKey else { return text.isEmpty ? .some(nil) : nil }
        return .some(.mapping(.init(pairs, tags.implicit(), .any, firstKey)))
    }

    /// Yams makes its marks only while parsing: each place is asked of it once, parsing a word
    /// put there, and kept (front matters use a few dozen places between them).
    private static func mark(line: Int, column: Int) -> Mark? {
        let place = line << 32 | column
        if let known = marks.withLock({ $0[place] }) { return known }
        guard line >= 1, column >= 1, line < 10_000, column < 10_000 else { return nil }
        let text = String(repeating: "\n", count: line - 1) + String(repeating: " ", count: column - 1) + "a"
        guard let node = try? Yams.compose(yaml: text, .basic, .default, .utf8), let mark = node.mark, mark.line == line, mark.column == column
        else { return nil }
        marks.withLock { $0[place] = mark }
        return mark
    }
    private static let marks = Locked<[Int: Mark]>([:])

    /// Tags as libyaml's parser makes them: the basic resolver, the document's constructor.
    struct Tags {
        let constructor: Constructor
        func implicit() -> Yams.Tag { Yams.Tag(.implicit, .basic, constructor) }
        func str() -> Yams.Tag { Yams.Tag(.str, .basic, constructor) }
    }

    /// `key: value` on line `line`, or nil when it is not that simple.
    private static func pair(_ raw: Substring, line: Int, _ tags: Tags) -> ((text: Substring, mark: Mark), Node)? {
        let utf8 = raw.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let key = raw[..<colon]
        guard let first = key.utf8.first, isKeyStart(first), key.utf8.allSatisfy(isKeyByte) else { return nil }
        guard let keyMark = Self.mark(line: line, column: 1) else { return nil }
        let afterColon = utf8.index(after: colon)
        // `key:` alone is a null value: not simple (Yams marks it where the next token is).
        guard afterColon < utf8.endIndex, utf8[afterColon] == UInt8(ascii: " ") else { return nil }
        let valueStart = utf8.index(after: afterColon)
        guard valueStart < utf8.endIndex else { return nil }
        let value = raw[valueStart...]
        // Columns count characters (Unicode scalars), from 1; the key is ASCII.
        let column = key.utf8.count + 3
        guard let mark = Self.mark(line: line, column: column), let node = Self.value(value, mark: mark, line: line, tags) else { return nil }
        return ((key, keyMark), node)
    }

    private static func isKeyStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        isKeyStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    private static func value(_ text: Substring, mark: Mark, line: Int, _ tags: Tags) -> Node? {
        guard let first = text.utf8.first, let last = text.utf8.last else { return nil }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            // Quoted, closed at the end, nothing inside that quoting would change.
            let inner = text.dropFirst().dropLast()
            guard text.utf8.count >= 2, last == first, !inner.utf8.contains(first), !inner.utf8.contains(UInt8(ascii: "\\")),
                inner.utf8.allSatisfy(isQuotedByte), inner.unicodeScalars.allSatisfy(isPrintable)
            else { return nil }
            return .scalar(.init(String(inner), tags.str(), first == UInt8(ascii: "\"") ? .doubleQuoted : .singleQuoted, mark))
        case UInt8(ascii: "["):
            guard last == UInt8(ascii: "]") else { return nil }
            let inner = text.dropFirst().dropLast()
            var items: [Node] = []
            if !inner.isEmpty {
                var column = mark.column + 1
                for item in inner.split(separator: ",", omittingEmptySubsequences: false) {
                    // Each item is one space after its comma (none for the first), a plain word.
                    let word = items.isEmpty ? item : item.dropFirst()
                    guard items.isEmpty || item.utf8.first == UInt8(ascii: " "), isPlain(word, inFlow: true) else { return nil }
                    guard let itemMark = Self.mark(line: line, column: column + (items.isEmpty ? 0 : 1)) else { return nil }
                    items.append(.scalar(.init(String(word), tags.implicit(), .plain, itemMark)))
                    column += item.unicodeScalars.count + 1
                }
            }
            return .sequence(.init(items, tags.implicit(), .any, mark))
        default:
            guard isPlain(text, inFlow: false) else { return nil }
            return .scalar(.init(String(text), tags.implicit(), .plain, mark))
        }
    }

    /// A plain scalar YAML reads as these characters exactly: nothing that starts another token,
    /// ends it early or is folded away.
    private static func isPlain(_ text: Substring, inFlow: Bool) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last, last != UInt8(ascii: " ") else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".utf8.contains(first) || first == UInt8(ascii: " ") { return false }
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F { return false }
            if inFlow && "[]{},:".utf8.contains(byte) { return false }
            if byte == UInt8(ascii: "#") && previous == UInt8(ascii: " ") { return false }
            if previous == UInt8(ascii: ":") && byte == UInt8(ascii: " ") { return false }
            if byte == UInt8(ascii: " ") && previous == UInt8(ascii: " ") { return false }
            previous = byte
        }
        // A colon at the end ends a key; some characters are not printable in YAML.
        return last != UInt8(ascii: ":") && text.unicodeScalars.allSatisfy(isPrintable)
    }

    private static func isQuotedByte(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7F }

    /// YAML 1.1's printable characters (libyaml refuses the rest), and no line break of Unicode's
    /// it would fold.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: true
        case 0x85, 0x2028, 0x2029: false
        case 0xA0...0xD7FF, 0xE000...0xFFFD: scalar.value != 0xFEFF
        case 0x10000...0x10FFFF: true
        default: false
        }
    }
}

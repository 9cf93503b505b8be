/// Templates by name, the partials and parents they include found among them, rendered against
/// `TemplateValue`s into UTF-8 bytes.
public struct TemplateLibrary: Sendable {
    private var templates: [String: Template] = [:]

    public init() {}

    /// Adds (or replaces) the template `name`.
    public mutating func add(_ template: Template, named name: String) { templates[name] = template }

    public func contains(_ name: String) -> Bool { templates[name] != nil }

    /// Renders the template `name` with `value` as its outermost context. A partial or parent
    /// the library lacks renders as nothing, as the Mustache spec asks; only partials nested
    /// past 100 levels (a partial that includes itself without end) fail.
    public func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> [UInt8] {
        guard let template = templates[name] else {
            throw TemplateError("there is no template '\(name)'", hint: "add \(name).mustache")
        }
        var renderer = Renderer(templates: templates, stack: [value], escapes: template.escapes)
        try renderer.render(template.nodes)
        return renderer.output
    }
}

/// One rendering: the output so far, the stack of values sections opened, the block overrides
/// of the parents being expanded, and the indentation of the standalone partials being expanded.
private struct Renderer {
    let templates: [String: Template]
    var stack: [TemplateValue]
    var escapes: Bool
    var output: [UInt8] = []
    var blocks: [String: [Node]] = [:]
    var indent: [UInt8] = []
    var atLineStart = true
    var depth = 0

    init(templates: [String: Template], stack: [TemplateValue], escapes: Bool) {
        self.templates = templates
        self.stack = stack
        self.escapes = escapes
        output.reserveCapacity(16_384)
    }

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                emit(templateText: bytes)
            case .variable(let name, let escaped):
                if atLineStart, !indent.isEmpty { output.append(contentsOf: indent) }
                atLineStart = false
                switch lookup(name) {
                case .text(let text)?: append(text, escaped: escaped && escapes)
                case .number(let number)?: output.append(contentsOf: String(number).utf8)
                case .flag(let flag)?: output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .list?, .object?, nil: break
                }
            case .section(let name, let inner, let inverted):
                let value = lookup(name)
                if inverted {
                    switch value {
                    case nil, .flag(false)?: try render(inner)
                    case .list(let items)? where items.isEmpty: try render(inner)
                    default: break
                    }
                    continue
                }
                switch value {
                case nil, .flag(false)?: break
                case .flag(true)?: try render(inner)
                case .list(let items)?:
                    for item in items {
                        stack.append(item)
                        try render(inner)
                        stack.removeLast()
                    }
                case let value?:
                    stack.append(value)
                    try render(inner)
                    stack.removeLast()
                }
            case .partial(let name, let indent):
                guard let template = templates[name] else { continue }
                try expand(template, indent: indent, blocks: nil)
            case .parent(let name, let overrides, let indent):
                guard let template = templates[name] else { continue }
                // The outermost definition of a block wins: a template's own overrides beat
                // those of the parents it extends.
                try expand(template, indent: indent, blocks: blocks.merging(overrides) { outer, _ in outer })
            case .block(let name, let defaults):
                try render(blocks[name] ?? defaults)
            }
        }
    }

    mutating func expand(_ template: Template, indent more: [UInt8], blocks inherited: [String: [Node]]?) throws(TemplateError) {
        guard depth < 100 else {
            throw TemplateError(
                "partials are nested more than 100 deep", hint: "a partial includes itself: put the inclusion inside a section that ends")
        }
        let saved = (indent, blocks, escapes)
        depth += 1
        indent += more
        if let inherited { blocks = inherited }
        escapes = template.escapes
        defer {
            (indent, blocks, escapes) = saved
            depth -= 1
        }
        try render(template.nodes)
    }

    /// The value of `name`: its first part from the innermost value on the stack that has it,
    /// the rest inside that one.
    func lookup(_ name: Name) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var value: TemplateValue?
        if name.anchored {
            value = stack.last?[first]
        } else {
            for candidate in stack.reversed() {
                if case .object(let object) = candidate, let found = object.fields[first] {
                    value = found
                    break
                }
            }
        }
        for part in name.parts.dropFirst() {
            guard let outer = value else { return nil }
            value = outer[part]
        }
        return value
    }

    /// Template text; inside an indented partial, each of its lines starts with the indentation.
    mutating func emit(templateText bytes: [UInt8]) {
        guard !indent.isEmpty else {
            output.append(contentsOf: bytes)
            if let last = bytes.last { atLineStart = last == 10 }
            return
        }
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 10)
            let end = newline.map { $0 + 1 } ?? bytes.count
            if atLineStart { output.append(contentsOf: indent) }
            output.append(contentsOf: bytes[start..<end])
            atLineStart = newline != nil
            start = end
        }
    }

    /// A value's text, with `< > & " '` as HTML entities when `escaped`.
    mutating func append(_ text: String, escaped: Bool) {
        var text = text
        text.withUTF8 { bytes in
            guard escaped else {
                output.append(contentsOf: bytes)
                return
            }
            var run = 0
            for index in 0..<bytes.count {
                let entity: StaticString
                switch bytes[index] {
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                entity.withUTF8Buffer { output.append(contentsOf: $0) }
                run = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
    }
}

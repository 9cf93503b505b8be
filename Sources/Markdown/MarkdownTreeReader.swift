internal import CCMarkGFM

/// Turns cmark-gfm nodes into `MarkdownBlock`/`MarkdownInline` values. Extension nodes (tables,
/// strikethrough, task items) are recognised by their type strings, which cmark-gfm's public
/// headers expose where the node-type globals are not.
enum MarkdownTreeReader {
    static func blocks(under parent: OpaquePointer) -> [MarkdownBlock] {
        var notes = 0
        return children(of: parent).compactMap { node in
            // The notes, at the body's end in the order of their references: numbered so.
            guard cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION else { return block(node) }
            notes += 1
            return .footnote(number: notes, blocks(under: node))
        }
    }

    private static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    private static func typeString(_ node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private static func block(_ node: OpaquePointer) -> MarkdownBlock? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH: return .paragraph(inlines(under: node))
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(under: node))
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote(blocks(under: node))
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            var code = literal(node)
            if code.hasSuffix("\n") { code.removeLast() }
            return .codeBlock(info: info, code: code)
        case CMARK_NODE_HTML_BLOCK: return .html(literal(node))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_LIST:
            let items = children(of: node).map { item -> MarkdownList.Item in
                let task: Bool? = typeString(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
                return MarkdownList.Item(task: task, blocks: blocks(under: item))
            }
            return .list(
                MarkdownList(
                    ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST, start: Int(cmark_node_get_list_start(node)),
                    tight: cmark_node_get_list_tight(node) != 0, items: items))
        default:
            return typeString(node) == "table" ? table(node) : nil
        }
    }

    private static func table(_ node: OpaquePointer) -> MarkdownBlock {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [MarkdownTable.Alignment] = []
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for index in 0..<columns {
                switch raw[index] {
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.none)
                }
            }
        } else {
            alignments = Array(repeating: .none, count: columns)
        }
        var header: [[MarkdownInline]] = []
        var rows: [[[MarkdownInline]]] = []
        for row in children(of: node) {
            var cells = children(of: row).map { inlines(under: $0) }
            // cmark-gfm pads short rows; keep every row exactly `columns` wide all the same.
            while cells.count < columns { cells.append([]) }
            if typeString(row) == "table_header" { header = cells } else { rows.append(cells) }
        }
        return .table(MarkdownTable(alignments: alignments, header: header, rows: rows))
    }

    private static func inlines(under parent: OpaquePointer) -> [MarkdownInline] {
        children(of: parent).compactMap(inline)
    }

    private static func inline(_ node: OpaquePointer) -> MarkdownInline? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: return .text(literal(node))
        case CMARK_NODE_CODE: return .code(literal(node))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_EMPH: return .emphasis(inlines(under: node))
        case CMARK_NODE_STRONG: return .strong(inlines(under: node))
        case CMARK_NODE_HTML_INLINE: return .html(literal(node))
        case CMARK_NODE_FOOTNOTE_REFERENCE: return Int(literal(node)).map(MarkdownInline.footnoteReference)
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(node).map { String(cString: $0) } ?? ""
            return cmark_node_get_type(node) == CMARK_NODE_LINK
                ? .link(destination: url, title: title, inlines(under: node))
                : .image(destination: url, title: title, alt: inlines(under: node))
        default:
            if typeString(node) == "strikethrough" { return .strikethrough(inlines(under: node)) }
            let text = literal(node)
            return text.isEmpty ? nil : .text(text)
        }
    }
}

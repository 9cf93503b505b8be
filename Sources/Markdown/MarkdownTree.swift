/// A Markdown body as Swift values: what cmark-gfm parsed, read once so that typesetters (the
/// PDF packet) walk plain enums instead of C nodes.
public enum MarkdownBlock: Sendable, Hashable {
    case paragraph([MarkdownInline])
    /// Level 1–6, after `MarkdownOptions.topHeadingLevel` was applied.
    case heading(level: Int, [MarkdownInline])
    case blockQuote([MarkdownBlock])
    case list(MarkdownList)
    /// Fenced or indented code; `info` is the fence's info string (often a language).
    case codeBlock(info: String, code: String)
    /// Raw HTML kept as written (only with `unsafeHTML`; otherwise it arrives as a paragraph of text).
    case html(String)
    case thematicBreak
    case table(MarkdownTable)
    /// A footnote (`[^1]: …`), numbered as its references are; cmark-gfm puts the notes after
    /// the rest of the body, in that order.
    case footnote(number: Int, [MarkdownBlock])

    /// Whether a picture is anywhere in `blocks`: in a paragraph, heading, quote, list or cell.
    public static func containImage(_ blocks: [MarkdownBlock]) -> Bool {
        blocks.contains { block in
            switch block {
            case .paragraph(let items), .heading(_, let items): MarkdownInline.containImage(items)
            case .blockQuote(let children), .footnote(_, let children): containImage(children)
            case .list(let list): list.items.contains { containImage($0.blocks) }
            case .table(let table): ([table.header] + table.rows).contains { $0.contains(where: MarkdownInline.containImage) }
            case .codeBlock, .html, .thematicBreak: false
            }
        }
    }

    /// What every emphasis (`*…*`) in `blocks` holds, in a paragraph, heading, quote, list, cell
    /// or note: in reading order, an emphasis before those inside it.
    public static func emphases(_ blocks: [MarkdownBlock]) -> [[MarkdownInline]] {
        blocks.flatMap { block -> [[MarkdownInline]] in
            switch block {
            case .paragraph(let items), .heading(_, let items): MarkdownInline.emphases(items)
            case .blockQuote(let children), .footnote(_, let children): emphases(children)
            case .list(let list): list.items.flatMap { emphases($0.blocks) }
            case .table(let table): ([table.header] + table.rows).flatMap { $0.flatMap(MarkdownInline.emphases) }
            case .codeBlock, .html, .thematicBreak: []
            }
        }
    }
}

/// Inline content of a paragraph, heading or table cell.
public enum MarkdownInline: Sendable, Hashable {
    case text(String)
    case code(String)
    case softBreak
    case lineBreak
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case strikethrough([MarkdownInline])
    case link(destination: String, title: String, [MarkdownInline])
    case image(destination: String, title: String, alt: [MarkdownInline])
    case html(String)
    /// A reference to the footnote of this number (`[^1]`).
    case footnoteReference(Int)

    /// Whether a picture is among `inlines` or inside one of them (a linked picture).
    public static func containImage(_ inlines: [MarkdownInline]) -> Bool {
        inlines.contains { inline in
            switch inline {
            case .image: true
            case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children): containImage(children)
            case .text, .code, .softBreak, .lineBreak, .html, .footnoteReference: false
            }
        }
    }

    /// What every emphasis among `inlines` or inside one of them holds (`MarkdownBlock.emphases`).
    public static func emphases(_ inlines: [MarkdownInline]) -> [[MarkdownInline]] {
        inlines.flatMap { inline -> [[MarkdownInline]] in
            switch inline {
            case .emphasis(let children): [children] + emphases(children)
            case .strong(let children), .strikethrough(let children), .link(_, _, let children): emphases(children)
            case .text, .code, .softBreak, .lineBreak, .html, .image, .footnoteReference: []
            }
        }
    }

    /// The text a reader sees, soft breaks as spaces.
    public static func plainText(_ inlines: [MarkdownInline]) -> String {
        var text = ""
        for inline in inlines {
            switch inline {
            case .text(let value), .code(let value), .html(let value): text += value
            case .softBreak, .lineBreak: text += " "
            case .emphasis(let children), .strong(let children), .strikethrough(let children): text += plainText(children)
            case .link(_, _, let children): text += plainText(children)
            case .image(_, _, let alt): text += plainText(alt)
            case .footnoteReference: break
            }
        }
        return text
    }
}

/// A bullet or ordered list; items hold blocks (a tight list's paragraphs are still paragraphs).
public struct MarkdownList: Sendable, Hashable {
    public var ordered: Bool
    /// The first number of an ordered list.
    public var start: Int
    public var tight: Bool
    public var items: [Item]

    public init(ordered: Bool, start: Int, tight: Bool, items: [Item]) {
        self.ordered = ordered
        self.start = start
        self.tight = tight
        self.items = items
    }

    public struct Item: Sendable, Hashable {
        /// nil for an ordinary item; true/false for a checked/unchecked task list item.
        public var task: Bool?
        public var blocks: [MarkdownBlock]

        public init(task: Bool?, blocks: [MarkdownBlock]) {
            self.task = task
            self.blocks = blocks
        }
    }
}

/// A GFM table: the header row, body rows, and each column's alignment.
public struct MarkdownTable: Sendable, Hashable {
    public enum Alignment: Sendable, Hashable { case none, left, center, right }
    public var alignments: [Alignment]
    public var header: [[MarkdownInline]]
    public var rows: [[[MarkdownInline]]]

    public init(alignments: [Alignment], header: [[MarkdownInline]], rows: [[[MarkdownInline]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}

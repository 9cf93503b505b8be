internal import CCMarkGFM
internal import CCMarkGFMShared
import Foundation
import GazetteModel
import Markup

#if canImport(Glibc)
    import Glibc
#endif

/// How a Markdown body is parsed and rendered.
public struct MarkdownOptions: Sendable, Hashable {
    /// Pass raw HTML through (GFM's tagfilter still disarms `<script>`, `<iframe>` and the like).
    /// When false, raw HTML is shown as text, escaped.
    public var unsafeHTML: Bool

    /// Every soft break is a hard one (`markdown.line_breaks`): a line ending inside a paragraph
    /// or heading breaks the line there, on the page (`<br />`), in the tree packets and excerpts
    /// read (`MarkdownInline.lineBreak`), as it does in most editors' previews.
    public var lineBreaks: Bool

    /// The level the body's highest heading renders at, the others shifted with it (capped at
    /// `<h6>`): with 2, a body whose sections start at `#` or at `##` both nest under the page's
    /// own `<h1>` without skipping a level. Nil leaves headings as written.
    public var topHeadingLevel: Int?

    /// Accessible names for task-list checkboxes: cmark-gfm writes bare disabled `<input>`s,
    /// which screen readers announce as an unlabelled "checkbox".
    public var taskLabels: TaskLabels

    /// An image on another host (`![alt](https://…)`) becomes a link to it, its alt text (or,
    /// without one, its address) the link's text: a web page loads no image from another site,
    /// which would tell that site who reads it. Relative images (the site's own) stay images.
    public var remoteImagesAsLinks: Bool

    /// What a root path (`/images/chart.png`, a file of `static/`) is written relative to the
    /// page as: `../../` on a journal's page, so it works under any `base_url`. A link to a
    /// journal's file (`2026-11-20-rates.md`, as editors complete it) is written as a link to
    /// its page from there (`SitePaths.journalFileLink`). Nil leaves both.
    public var siteRootFromPage: String?

    /// Each heading gets an `id` from its text, as Hugo, Zola and GitHub make them (`## 내 생각`
    /// → `id="내-생각"`, a second `요약` → `요약-1`), so a link can name a section
    /// (`../<slug>/#내-생각`). `reservedIDs` are the page's own, which no heading takes.
    public var headingIDs: Bool
    public var reservedIDs: [String]

    /// What the link from a footnote back to where it is referred to is called, in the page's
    /// language.
    public var footnoteBack: String

    public init(
        unsafeHTML: Bool = false, topHeadingLevel: Int? = nil, taskLabels: TaskLabels = TaskLabels(done: "Done", todo: "To do"),
        remoteImagesAsLinks: Bool = false, siteRootFromPage: String? = nil, headingIDs: Bool = false, reservedIDs: [String] = [],
        lineBreaks: Bool = false, footnoteBack: String = "Back to the text"
    ) {
        self.footnoteBack = footnoteBack
        self.lineBreaks = lineBreaks
        self.headingIDs = headingIDs
        self.reservedIDs = reservedIDs
        self.siteRootFromPage = siteRootFromPage
        self.unsafeHTML = unsafeHTML
        self.topHeadingLevel = topHeadingLevel
        self.taskLabels = taskLabels
        self.remoteImagesAsLinks = remoteImagesAsLinks
    }
}

/// What a task-list checkbox is called, ticked and not, in the page's language.
public struct TaskLabels: Sendable, Hashable {
    public var done: String
    public var todo: String

    public init(done: String, todo: String) {
        self.done = done
        self.todo = todo
    }
}

/// Whether documents may be parsed on several threads at once. cmark-gfm keeps one piece of
/// process-wide state, the inline parser's table of special characters, which each parse fills
/// for its extensions and empties again when done, so one thread's parse made another's miss
/// autolinks. `CCMarkGFMShared` replaces the library's function that does this with one that
/// only ever adds; this checks, with a first parse under the lock, that the library calls it
/// (the executable exports it: Package.swift's linker settings). When it does not, every parse
/// and every parser free holds the lock, as before.
enum CMarkThreads {
    private static let lock = NSLock()

    static let atOnce: Bool = {
        lock.lock()
        defer { lock.unlock() }
        Array("<https://example.org> ~~a~~ www.example.org\n\n| a |\n|---|\n| b |\n".utf8).withUnsafeBufferPointer(MarkdownDocument.parse).map { parser, root in
            cmark_node_free(root)
            cmark_parser_free(parser)
        }
        return gazette_cmark_table_is_constant()
    }()

    /// `body` alone, or under the lock when parses must take turns.
    static func serialized<T>(_ body: () throws -> T) rethrows -> T {
        if atOnce { return try body() }
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A GitHub Flavored Markdown document parsed by cmark-gfm with the table, strikethrough,
/// autolink, tasklist and tagfilter extensions. This type is the only place Gazette calls
/// cmark-gfm; it owns the parser and the tree and frees both.
public final class MarkdownDocument {
    private let parser: OpaquePointer
    private let root: OpaquePointer
    /// What the body was parsed and is rendered with.
    public let options: MarkdownOptions
    /// The marks put in for emphasis beside Korean, Chinese and Japanese letters, taken out of
    /// the tree again; what maps columns back to the text as written.
    private let emphasis: CJKEmphasis
    /// Lines that end in a backslash, whose hard breaks the parser does not count as lines.
    private let breaks: BackslashBreaks

    /// Whether documents parse on several threads at once (`CMarkThreads`): false only when
    /// the executable was linked without exporting `CCMarkGFMShared`'s definition.
    public static var parsesAtOnce: Bool { CMarkThreads.atOnce }

    /// The extensions Gazette enables, in attachment order.
    public static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    public init(_ text: String, options: MarkdownOptions = MarkdownOptions()) {
        // cmark-gfm fails only when out of memory; that is not recoverable anyway.
        let (parsed, emphasis) = CJKEmphasis.marking(text) { bytes in
            (CMarkThreads.serialized { MarkdownDocument.parse(bytes) }, BackslashBreaks(bytes))
        }
        guard let (parser, root) = parsed.0 else {
            fatalError("cmark-gfm: out of memory parsing a document")
        }
        self.parser = parser
        self.root = root
        self.options = options
        self.emphasis = emphasis
        self.breaks = parsed.1
        refusedLinks = []
        siteLinks = []
        if let mark = emphasis.mark { removeMarks(mark) }
        (refusedLinks, siteLinks) = applyURLPolicy()
        if options.remoteImagesAsLinks { linkRemoteImages() }
        // Raw HTML starts with '<': a body without one (most) is not walked for it.
        if UTF8Search.firstIndex(of: "<", in: text) != nil {
            showTitlesInAngleBrackets()
            if !options.unsafeHTML { escapeRawHTML() }
        }
        if options.lineBreaks { hardenSoftBreaks() }
        if let top = options.topHeadingLevel {
            var headings: [OpaquePointer] = []
            walk { node, entering in
                if entering, cmark_node_get_type(node) == CMARK_NODE_HEADING { headings.append(node) }
            }
            let highest = headings.map { Int(cmark_node_get_heading_level($0)) }.min() ?? top
            for heading in headings {
                let level = Int(cmark_node_get_heading_level(heading)) - highest + top
                cmark_node_set_heading_level(heading, Int32(min(6, max(1, level))))
            }
        }
    }

    deinit {
        cmark_node_free(root)
        CMarkThreads.serialized { cmark_parser_free(parser) }
    }

    /// A parser with Gazette's extensions, fed `text` and finished: the parser and the root.
    /// Strikethrough takes two tildes: Korean writes ranges with one (`100~125mg/dL`, `3~5일`),
    /// and two of them in a paragraph must not strike out the text between. Footnotes as GitHub
    /// reads them: `[^1]` in the text, `[^1]: …` on a line of its own; cmark-gfm numbers the
    /// references (each's literal), moves the notes to the end in that order and drops a note
    /// nothing refers to.
    fileprivate static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (OpaquePointer, OpaquePointer)? {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE | CMARK_OPT_FOOTNOTES) else { return nil }
        for name in extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        bytes.baseAddress.map { base in
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                cmark_parser_feed(parser, $0, bytes.count)
            }
        }
        guard let root = cmark_parser_finish(parser) else {
            cmark_parser_free(parser)
            return nil
        }
        return (parser, root)
    }

    /// Raw HTML the body holds while raw HTML is off (`MarkdownOptions.unsafeHTML`), which the
    /// page shows as typed: each tag's name (`br`, `b`, `center`; closing tags left out), in
    /// document order, with its 1-based line and byte column. HTML comments are not shown, and not
    /// listed: a note to oneself is not published.
    public private(set) var htmlShownAsText: [(tag: String, line: Int, column: Int)] = []

    /// Notes in HTML comments the page shows as typed while raw HTML is off: a comment that starts
    /// a line begins a block of raw HTML, which runs to the line with `-->` — so text after the
    /// comment on that line is shown with it, and a comment never closed is shown with all that
    /// follows. Each with its 1-based line and byte column, the note's first line as written and
    /// whether the note is closed.
    public private(set) var commentsShownAsText: [(line: Int, column: Int, text: String, closed: Bool)] = []

    /// Links and images whose destination the URL policy refuses (see `SafeURL`), as written;
    /// the document keeps a refused link's text and an image's alt text, without the address.
    public private(set) var refusedLinks: [Link]

    /// The links (not images) to paths of the site (`SitePaths.linkTarget`) and to sections of the
    /// page itself (`#…`), as allowed by the URL
    /// policy and before a root path is made relative to the page, in document order, without
    /// their text: what a build checks against the pages it writes.
    public private(set) var siteLinks: [Link]

    /// The body as HTML. Every `href` and `src` passes the URL policy; with `unsafeHTML`, raw
    /// HTML is kept only as far as `HTMLSanitizer` allows (no script, no event handler, no
    /// refused address), because GFM's tagfilter alone leaves `<a href="javascript:…">` and
    /// `<img onerror=…>` live.
    public func html() -> String {
        // Code blocks as <pre><code class="language-x">: GitHub's <pre lang="x"> is invalid HTML
        // (`lang` takes a BCP 47 language tag, and "python" is not one).
        var flags = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES
        if options.unsafeHTML { flags |= CMARK_OPT_UNSAFE }
        // Each heading starts with a mark while it is rendered, found after its tag and replaced
        // by its id: cmark-gfm writes no attributes on headings.
        let headings = options.headingIDs ? headingAnchors() : []
        let marks = headings.map { heading -> OpaquePointer? in
            guard let mark = cmark_node_new(CMARK_NODE_TEXT) else { return nil }
            cmark_node_set_literal(mark, Self.headingMark)
            cmark_node_prepend_child(heading.node, mark)
            return mark
        }
        let rendered = cmark_render_html(root, flags, cmark_parser_get_syntax_extensions(parser))
        for mark in marks { mark.map(cmark_node_free) }
        guard let rendered else { return "" }
        defer { free(rendered) }
        // Task boxes get their accessible names. Replaced on the UTF-8 bytes: Foundation's
        // replacingOccurrences went through NSString and cost more than rendering the body.
        // Most bodies have none: one look for `checkbox` (its first byte is rare in the HTML of
        // Korean text, where `<`, the patterns' first, starts every tag) settles it.
        var html = String(cString: rendered)
        if !headings.isEmpty { html = Self.identified(html, headings.map(\.id)) }
        if UTF8Search.firstIndex(of: "data-footnote-backref", in: html) != nil {
            // A note's way back, named in the page's language, its arrow one the site's fonts
            // have (cmark-gfm's ↩ is in neither Nanum font).
            html = Self.replacing(
                in: html,
                [
                    (#"aria-label="Back to content">↩"#, #"aria-label="\#(Self.attribute(options.footnoteBack))">↑"#),
                ])
        }
        if UTF8Search.firstIndex(of: "checkbox", in: html) != nil {
            html = Self.replacing(
                in: html,
                [
                    (#"<input type="checkbox" checked="" disabled="" />"#,
                     #"<input type="checkbox" checked="" disabled="" aria-label="\#(Self.attribute(options.taskLabels.done))" />"#),
                    (#"<input type="checkbox" disabled="" />"#,
                     #"<input type="checkbox" disabled="" aria-label="\#(Self.attribute(options.taskLabels.todo))" />"#),
                ])
        }
        guard options.unsafeHTML else { return html }
        return HTMLSanitizer.sanitize(html) { SafeURL.allowed($0, in: .body) }
    }

    /// The ids `html()` gives the headings with `MarkdownOptions.headingIDs`, in document order:
    /// what a link's `#…` to this body may name.
    public func headingIDs() -> [String] { headingAnchors().map(\.id) }

    /// What marks a heading's start while it is rendered: a character of the Private Use Area.
    private static let headingMark = "\u{E000}"

    /// The headings, each with its id: its text made a slug (`SitePaths.slugify`), `section`
    /// when that is empty, `-1`, `-2`… after an id already taken.
    private func headingAnchors() -> [(node: OpaquePointer, id: String)] {
        var nodes: [OpaquePointer] = []
        walk { node, entering in
            if entering, cmark_node_get_type(node) == CMARK_NODE_HEADING { nodes.append(node) }
        }
        var taken = Set(options.reservedIDs)
        return nodes.map { node in
            let text = Self.text(of: node)
            let base = text.contains(where: { $0.isLetter || $0.isNumber }) ? SitePaths.slugify(text) : "section"
            var id = base
            var count = 0
            while taken.contains(id) {
                count += 1
                id = "\(base)-\(count)"
            }
            taken.insert(id)
            return (node, id)
        }
    }

    /// `html` with the mark after each heading's opening tag (`<h2>` + mark) replaced by the
    /// heading's id, in document order.
    private static func identified(_ html: String, _ ids: [String]) -> String {
        let mark = Array(headingMark.utf8)
        let found = html.utf8.withContiguousStorageIfAvailable { UTF8Search.occurrences(of: mark, in: $0) }
            ?? UTF8Search.occurrences(of: mark, in: Array(html.utf8))
        let utf8 = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + ids.reduce(0) { $0 + $1.utf8.count + 6 })
        var copied = 0, next = 0
        for offset in found where next < ids.count {
            // Only a mark right after `<hN>`: the one this rendering put there.
            guard offset >= 4, utf8[offset - 1] == UInt8(ascii: ">"), utf8[offset - 4] == UInt8(ascii: "<"), utf8[offset - 3] == UInt8(ascii: "h"),
                (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(utf8[offset - 2])
            else { continue }
            output += utf8[copied..<(offset - 1)]
            output += Array(" id=\"\(attribute(ids[next]))\">".utf8)
            copied = offset + mark.count
            next += 1
        }
        output += utf8[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    private static func attribute(_ text: String) -> String {
        replacing(in: text, [("&", "&amp;"), ("\"", "&quot;"), ("<", "&lt;")])
    }

    /// The text a reader sees, blocks separated by single spaces and whitespace collapsed:
    /// for excerpts, descriptions and search. `skippingHeadings` leaves out heading text, so an
    /// excerpt starts with what was written rather than a section title such as "요약".
    /// `skippingImages`: leave out pictures' alt text, which read as prose run into the sentence
    /// around them (`images` lists them).
    public func plainText(skippingHeadings: Bool = false, skippingImages: Bool = false) -> String {
        var pieces: [String] = []
        walk { node, entering in
            let type = cmark_node_get_type(node)
            if skippingHeadings, MarkdownDocument.isInsideHeading(node) { return }
            if skippingImages, MarkdownDocument.isInside(CMARK_NODE_IMAGE, node) { return }
            if entering {
                if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                    if let literal = cmark_node_get_literal(node) { pieces.append(String(cString: literal)) }
                } else if type == CMARK_NODE_HTML_INLINE || type == CMARK_NODE_HTML_BLOCK {
                    // Raw HTML kept (`unsafeHTML`; otherwise it is text by now): what it shows,
                    // not its tags — a `<br>` a space, a comment nothing.
                    if let literal = cmark_node_get_literal(node) { pieces.append(Self.textOfHTML(String(cString: literal))) }
                } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    pieces.append(" ")
                }
            } else if MarkdownDocument.isBlock(type) {
                pieces.append(" ")
            }
        }
        return Self.collapsingWhitespace(pieces.joined())
    }

    /// The text raw HTML shows: comments and tags taken out (a `<br>`, `<p>` or `<div>` a
    /// space), the common entities read. What a search passage, a description and the index
    /// hold of a body whose raw HTML is kept.
    static func textOfHTML(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var text = html.replacing(/<!--[\s\S]*?-->/, with: "")
        text = text.replacing(/<\/?(?i:br|p|div|li|tr|td|th|h[1-6]|blockquote|center)\b[^>]*>/, with: " ")
        text = text.replacing(/<\/?[A-Za-z][^>]*>/, with: "")
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// `text` with every run of white space made one space and none at either end, the same as
    /// splitting on `Character.isWhitespace` and joining with spaces, but by scalars: a grapheme
    /// that starts with a white-space scalar (a space and a combining mark) is white space in both.
    public static func collapsingWhitespace(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Over the UTF-8 bytes: kept stretches are copied whole, and a scalar is decoded only
            // where one starts past ASCII. Iterating scalars and encoding each again was most of
            // this on long bodies.
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var pendingSpace = false
            var previousWasSpace = false
            var kept = 0  // where the stretch being kept starts; it ends where `index` is
            var index = 0
            let count = bytes.count
            func keepUntil(_ end: Int) {
                if kept < end { result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[kept..<end])) }
            }
            // A character to keep starts at `index`: a space owed before it goes in first.
            func keeping() {
                guard pendingSpace else { return }
                keepUntil(index)
                result.append(0x20)
                kept = index
                pendingSpace = false
            }
            // Drops `index..<end` (white space, or a mark joined to it).
            func dropping(_ end: Int) {
                keepUntil(index)
                kept = end
                index = end
            }
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    if lead == 0x20 || (0x09...0x0D).contains(lead) {
                        // A control (tab, newline) ends its grapheme at once (UAX #29, GB4); only
                        // a space separator takes the marks after it.
                        previousWasSpace = lead == 0x20
                        dropping(index + 1)
                        pendingSpace = !result.isEmpty
                        continue
                    }
                    previousWasSpace = false
                    keeping()
                    index += 1
                    continue
                }
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                let end = min(index + length, count)
                // White space past ASCII starts with C2, E1, E2 or E3 (U+0085 … U+3000); a mark
                // matters only after a space. Anything else (Hangul: EA–ED) is kept undecoded.
                if !previousWasSpace && lead != 0xC2 && !(0xE1...0xE3).contains(lead) {
                    keeping()
                    index = end
                    continue
                }
                var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
                for position in index + 1..<end { value = value << 6 | UInt32(bytes[position] & 0x3F) }
                if Self.isNonASCIIWhitespace(value) {
                    previousWasSpace = Unicode.Scalar(value)?.properties.generalCategory == .spaceSeparator
                    dropping(end)
                    pendingSpace = !result.isEmpty
                    continue
                }
                if previousWasSpace && Self.mayBeMark(value), let scalar = Unicode.Scalar(value) {
                    let category = scalar.properties.generalCategory
                    if category == .nonspacingMark || category == .enclosingMark || category == .spacingMark || value == 0x200D {
                        dropping(end)  // part of the white-space grapheme before it
                        continue
                    }
                }
                previousWasSpace = false
                keeping()
                index = end
            }
            keepUntil(count)
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Unicode's White_Space property above ASCII (the whole list: U+0085, U+00A0, U+1680,
    /// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), without a property lookup per
    /// Hangul syllable.
    public static func isNonASCIIWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// False for code points that are surely not combining marks (ASCII and Latin-1, Hangul
    /// syllables, CJK ideographs), so the general-category lookup runs only for the rest: it
    /// was a third of collapsing white space in Korean text, once per word.
    static func mayBeMark(_ value: UInt32) -> Bool {
        value >= 0x300 && !(0xAC00...0xD7A3).contains(value) && !(0x4E00...0x9FFF).contains(value)
    }

    /// `text` with each (pattern, replacement) applied in turn, matching on UTF-8 bytes
    /// (`UTF8Search`). A pattern found nowhere (most bodies have no task boxes) costs a scan
    /// and no copy.
    static func replacing(in text: String, _ replacements: [(String, String)]) -> String {
        var text = text
        for (pattern, replacement) in replacements where !pattern.isEmpty {
            let needle = Array(pattern.utf8)
            let found = text.utf8.withContiguousStorageIfAvailable { UTF8Search.occurrences(of: needle, in: $0) }
                ?? UTF8Search.occurrences(of: needle, in: Array(text.utf8))
            guard !found.isEmpty else { continue }
            // Pieces of a valid string appended as they are: bytes made into a `String` again
            // were validated again, more than the rest of making a body's HTML.
            let utf8 = text.utf8
            var output = ""
            output.reserveCapacity(utf8.count + found.count * max(0, replacement.utf8.count - needle.count))
            var copied = utf8.startIndex, copiedOffset = 0
            for offset in found {
                let start = utf8.index(copied, offsetBy: offset - copiedOffset)
                output += text[copied..<start]
                output += replacement
                copied = utf8.index(start, offsetBy: needle.count)
                copiedOffset = offset + needle.count
            }
            output += text[copied...]
            text = output
        }
        return text
    }

    /// A link or image of the body.
    public struct Link: Sendable, Hashable {
        public var destination: String
        /// 1-based line and column within the Markdown text.
        public var line: Int
        public var column: Int
        public var isImage: Bool
        /// The link text, or an image's alt text.
        public var text: String
    }

    /// Every link and image, in document order, with its position.
    public func links() -> [Link] {
        var found: [Link] = []
        walk { node, entering in
            let type = cmark_node_get_type(node)
            guard entering, type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { return }
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let at = position(of: node)
            found.append(
                Link(
                    destination: url, line: at.line, column: at.column,
                    isImage: type == CMARK_NODE_IMAGE, text: Self.text(of: node)))
        }
        return found
    }

    /// Blocks `topLevelStartLines(_:)` finds.
    public enum TopLevelBlock: Sendable {
        /// Code written by indenting, not fenced.
        case indentedCode
        /// A heading, `#`s or underlined.
        case heading
        /// A numbered list.
        case orderedList
    }

    /// The first lines (1-based) of the blocks of `kind` at the top level of the body (not in a
    /// list item or a quote).
    public func topLevelStartLines(_ kind: TopLevelBlock) -> [Int] {
        var found: [Int] = []
        // cmark-gfm writes the fence's length, offset and character through all three pointers.
        var length: Int32 = 0, offset: Int32 = 0, character: CChar = 0
        var child = cmark_node_first_child(root)
        while let node = child {
            let type = cmark_node_get_type(node)
            let matches =
                switch kind {
                case .indentedCode: type == CMARK_NODE_CODE_BLOCK && cmark_node_get_fenced(node, &length, &offset, &character) == 0
                case .heading: type == CMARK_NODE_HEADING
                case .orderedList: type == CMARK_NODE_LIST && cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                }
            if matches { found.append(Int(cmark_node_get_start_line(node))) }
            child = cmark_node_next(node)
        }
        return found
    }

    /// The body as Swift values (headings already shifted by `topHeadingLevel`), read from
    /// cmark-gfm's tree in one walk (under the parse lock when parses take turns).
    public func blocks() -> [MarkdownBlock] {
        CMarkThreads.serialized { MarkdownTreeReader.blocks(under: root) }
    }

    // MARK: - Tree access

    /// A node's 1-based start line and column in the text as written.
    private func position(of node: OpaquePointer) -> (line: Int, column: Int) {
        var line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
        // The block around the node, asked for only when a line ends in a backslash.
        var block = breaks.isEmpty ? nil : cmark_node_parent(node)
        while let parent = block, cmark_node_get_type(parent) != CMARK_NODE_PARAGRAPH, cmark_node_get_type(parent) != CMARK_NODE_HEADING {
            block = cmark_node_parent(parent)
        }
        if let block {
            (line, column) = breaks.position(
                line: line, column: column, blockLine: Int(cmark_node_get_start_line(block)), blockColumn: Int(cmark_node_get_start_column(block)))
        }
        return (line, emphasis.sourceColumn(line: line, column: column))
    }

    /// Takes `mark` (`CJKEmphasis`) out of every text, code, HTML, address, title and fence
    /// info of the tree, where the parse left it.
    private func removeMarks(_ mark: [UInt8]) {
        func removed(_ value: UnsafePointer<CChar>?) -> String? {
            guard let value else { return nil }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
            let found = UTF8Search.occurrences(of: mark, in: bytes)
            guard !found.isEmpty else { return nil }
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var copied = 0
            for offset in found where offset >= copied {
                kept += bytes[copied..<offset]
                copied = offset + mark.count
            }
            kept += bytes[copied...]
            return String(decoding: kept, as: UTF8.self)
        }
        walk { node, entering in
            guard entering else { return }
            if let literal = removed(cmark_node_get_literal(node)) { cmark_node_set_literal(node, literal) }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                if let url = removed(cmark_node_get_url(node)) { cmark_node_set_url(node, url) }
                if let title = removed(cmark_node_get_title(node)) { cmark_node_set_title(node, title) }
            } else if type == CMARK_NODE_CODE_BLOCK, let info = removed(cmark_node_get_fence_info(node)) {
                cmark_node_set_fence_info(node, info)
            }
        }
    }

    private func walk(_ visit: (OpaquePointer, Bool) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, event == CMARK_EVENT_ENTER)
        }
    }

    private static func text(of node: OpaquePointer) -> String {
        var text = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            // A footnote's reference is its number: not part of a heading's words.
            if cmark_node_get_type(current) != CMARK_NODE_FOOTNOTE_REFERENCE, let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
            text += Self.text(of: current)
            child = cmark_node_next(current)
        }
        return text
    }

    private static func isInside(_ kind: cmark_node_type, _ node: OpaquePointer) -> Bool {
        var current: OpaquePointer? = node
        while let candidate = current {
            if cmark_node_get_type(candidate) == kind { return true }
            current = cmark_node_parent(candidate)
        }
        return false
    }

    private static func isInsideHeading(_ node: OpaquePointer) -> Bool {
        var current: OpaquePointer? = node
        while let candidate = current {
            if cmark_node_get_type(candidate) == CMARK_NODE_HEADING { return true }
            current = cmark_node_parent(candidate)
        }
        return false
    }

    private static func isBlock(_ type: cmark_node_type) -> Bool {
        // cmark-gfm tags node types: 0x8000 is "present", 0x4000 marks inlines (cmark-gfm.h).
        (type.rawValue & 0xc000) == 0x8000
    }

    /// Raw HTML the sanitizer will not keep whole (with `unsafeHTML`; otherwise raw HTML is
    /// shown as text and nothing is dropped): what is removed, and where it is written.
    public func rawHTMLRemovals() -> [(removed: [String], line: Int, column: Int)] {
        guard options.unsafeHTML else { return [] }
        var found: [(removed: [String], line: Int, column: Int)] = []
        walk { node, entering in
            let type = cmark_node_get_type(node)
            guard entering, type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
                let literal = cmark_node_get_literal(node).map({ String(cString: $0) })
            else { return }
            let removed = HTMLSanitizer.removals(literal) { SafeURL.allowed($0, in: .body) }
            if !removed.isEmpty {
                let (line, column) = position(of: node)
                found.append((removed, line, column))
            }
        }
        return found
    }

    /// `address` with each `%` that starts no escape written `%25` (`100%.png` → `100%25.png`):
    /// browsers send such a `%` as it is, and servers refuse the address (nginx answers 400) or
    /// read the next two characters as an escape.
    static func escapingStrayPercents(_ address: String) -> String {
        guard address.utf8.contains(0x25) else { return address }
        let bytes = Array(address.utf8)
        func isHex(_ index: Int) -> Bool { index < bytes.count && Character(Unicode.Scalar(bytes[index])).isHexDigit }
        var escaped: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            escaped.append(byte)
            if byte == 0x25, !(isHex(index + 1) && isHex(index + 2)) { escaped += [0x32, 0x35] }
        }
        return escaped.count == bytes.count ? address : String(decoding: escaped, as: UTF8.self)
    }

    /// Applies the URL policy to every link and image node: an allowed destination is written
    /// cleaned, a refused link is replaced by its contents and a refused image by its alt text.
    /// Returns the refused ones as they were written.
    private func applyURLPolicy() -> (refused: [Link], site: [Link]) {
        var nodes: [OpaquePointer] = []
        walk { node, entering in
            let type = cmark_node_get_type(node)
            if entering, type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { nodes.append(node) }
        }
        var refused: [Link] = [], site: [Link] = []
        // Innermost first (reverse document order): freeing a refused image frees what its alt
        // text holds, which may be links still to be checked.
        for node in nodes.reversed() {
            let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let at = position(of: node)
            // An empty destination (`[text]()`, `[text](<>)`) links to the page itself; cmark
            // writes href="". Kept among the site's links, for the check that names it.
            if destination.isEmpty {
                if cmark_node_get_type(node) == CMARK_NODE_LINK { site.append(Link(destination: "", line: at.line, column: at.column, isImage: false, text: "")) }
                continue
            }
            if var allowed = SafeURL.allowed(destination, in: .body).map(Self.escapingStrayPercents) {
                if cmark_node_get_type(node) == CMARK_NODE_LINK, allowed.hasPrefix("#") || SitePaths.linkTarget(allowed, from: "") != nil {
                    site.append(
                        Link(
                            destination: allowed, line: at.line, column: at.column,
                            isImage: false, text: ""))
                }
                if let root = options.siteRootFromPage {
                    if cmark_node_get_type(node) == CMARK_NODE_LINK, let page = SitePaths.journalFileLink(allowed) {
                        allowed = root + page
                    } else if allowed.hasPrefix("/"), !allowed.hasPrefix("//") {
                        allowed = root + allowed.dropFirst()
                    }
                }
                if allowed != destination { cmark_node_set_url(node, allowed) }
                continue
            }
            let isImage = cmark_node_get_type(node) == CMARK_NODE_IMAGE
            refused.append(
                Link(
                    destination: destination, line: at.line,
                    column: at.column, isImage: isImage, text: Self.text(of: node)))
            if isImage {
                guard let text = cmark_node_new(CMARK_NODE_TEXT) else { continue }
                cmark_node_set_literal(text, Self.text(of: node))
                cmark_node_replace(node, text)
            } else {
                while let child = cmark_node_first_child(node) {
                    cmark_node_insert_before(node, child)
                }
                cmark_node_unlink(node)
            }
            cmark_node_free(node)
        }
        return (refused.reversed(), site.reversed())
    }

    /// Replaces every image whose address is absolute (http or https, as the URL policy left
    /// it) by a link to that address holding the image's alt text, or the address.
    private func linkRemoteImages() {
        var images: [OpaquePointer] = []
        walk { node, entering in
            if entering, cmark_node_get_type(node) == CMARK_NODE_IMAGE { images.append(node) }
        }
        // Innermost first, as in applyURLPolicy: an image's alt text can hold another image.
        for image in images.reversed() {
            let destination = cmark_node_get_url(image).map { String(cString: $0) } ?? ""
            guard let scheme = SafeURL.scheme(destination), scheme == "http" || scheme == "https" else { continue }
            // Inside a link (`[![logo](https://…)](https://…)`) a link cannot nest: the alt text stays.
            var ancestor = cmark_node_parent(image)
            var inLink = false
            while let node = ancestor {
                if cmark_node_get_type(node) == CMARK_NODE_LINK { inLink = true }
                ancestor = cmark_node_parent(node)
            }
            guard let link = cmark_node_new(inLink ? CMARK_NODE_TEXT : CMARK_NODE_LINK) else { continue }
            if inLink {
                let alt = Self.text(of: image)
                cmark_node_set_literal(link, alt.isEmpty ? destination : alt)
                cmark_node_replace(image, link)
                cmark_node_free(image)
                continue
            }
            cmark_node_set_url(link, destination)
            if let title = cmark_node_get_title(image) { cmark_node_set_title(link, title) }
            while let child = cmark_node_first_child(image) { cmark_node_append_child(link, child) }
            if cmark_node_first_child(link) == nil, let text = cmark_node_new(CMARK_NODE_TEXT) {
                cmark_node_set_literal(text, destination)
                cmark_node_append_child(link, text)
            }
            cmark_node_replace(image, link)
            cmark_node_free(image)
        }
    }

    /// Replaces every soft break with a hard one (`MarkdownOptions.lineBreaks`).
    private func hardenSoftBreaks() {
        var soft: [OpaquePointer] = []
        walk { node, entering in
            if entering, cmark_node_get_type(node) == CMARK_NODE_SOFTBREAK { soft.append(node) }
        }
        for node in soft {
            guard let hard = cmark_node_new(CMARK_NODE_LINEBREAK) else { continue }
            cmark_node_replace(node, hard)
            cmark_node_free(node)
        }
    }

    /// Raw HTML that starts with an HTML comment: what is left of it without its comments (empty
    /// for notes alone, however many), and whether they are all closed. Nil for other HTML.
    static func comments(_ literal: String) -> (rest: String, closed: Bool)? {
        let bytes = Array(literal.utf8)
        var index = bytes.prefix { $0 == 0x20 || $0 == 0x0A }.count
        guard bytes[index...].starts(with: "<!--".utf8) else { return nil }
        var rest: [UInt8] = []
        while index < bytes.count {
            if bytes[index...].starts(with: "<!--".utf8) {
                guard let end = UTF8Search.occurrences(of: Array("-->".utf8), in: Array(bytes[(index + 4)...])).first else {
                    return (String(decoding: rest + bytes[index...], as: UTF8.self), false)
                }
                index += 4 + end + 3
            } else {
                if !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09) || !rest.isEmpty { rest.append(bytes[index]) }
                index += 1
            }
        }
        while let last = rest.last, last == 0x20 || last == 0x0A || last == 0x09 { rest.removeLast() }
        return (String(decoding: rest, as: UTF8.self), true)
    }

    /// Turns "tags" whose name is no HTML element's (`<Parasite>`, `</Factfulness>`: a title in
    /// angle brackets, as Korean writing marks a book's or a film's) into the text typed, with
    /// raw HTML on or off: a browser would hide the title (and the sanitizer drops it), and
    /// without raw HTML it is not HTML shown as typed but text meant so.
    private func showTitlesInAngleBrackets() {
        var raw: [OpaquePointer] = []
        walk { node, entering in
            let type = cmark_node_get_type(node)
            guard entering, type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
                let literal = cmark_node_get_literal(node).map({ String(cString: $0) }),
                let name = literal.firstMatch(of: /^\s*<\/?([A-Za-z][A-Za-z0-9-]*)/)?.1, !HTMLSanitizer.isElement(String(name))
            else { return }
            raw.append(node)
        }
        for node in raw { replaceWithText(node) }
    }

    /// Replaces raw HTML `node` with its literal as text: a paragraph of it for a block.
    private func replaceWithText(_ node: OpaquePointer) {
        let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        guard let text = cmark_node_new(CMARK_NODE_TEXT) else { return }
        if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
            guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else {
                cmark_node_free(text)
                return
            }
            var trimmed = literal
            while trimmed.last?.isNewline == true { trimmed.removeLast() }
            cmark_node_set_literal(text, trimmed)
            cmark_node_append_child(paragraph, text)
            cmark_node_replace(node, paragraph)
        } else {
            cmark_node_set_literal(text, literal)
            cmark_node_replace(node, text)
        }
        cmark_node_free(node)
    }

    /// Turns raw HTML into literal text so it renders escaped: block HTML becomes a paragraph of
    /// text, inline HTML a text node.
    private func escapeRawHTML() {
        var raw: [OpaquePointer] = []
        walk { node, entering in
            let type = cmark_node_get_type(node)
            if entering, type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE { raw.append(node) }
        }
        for node in raw {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            if let comments = Self.comments(literal) {
                if comments.rest.isEmpty {
                    // Comments alone: notes the member left for themselves, shown nowhere.
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                    continue
                }
                if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                    let (line, column) = position(of: node)
                    let first = literal.drop { $0 == " " }.prefix { !$0.isNewline }
                    commentsShownAsText.append((line, column, String(first), comments.closed))
                }
            }
            if let tag = literal.firstMatch(of: /^\s*<([A-Za-z][A-Za-z0-9-]*)/)?.1 {
                let (line, column) = position(of: node)
                htmlShownAsText.append((tag.lowercased(), line, column))
            }
            replaceWithText(node)
        }
    }
}

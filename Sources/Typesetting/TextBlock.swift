internal import CPangoCairo

/// A piece of rich text set by Pango at a width: its lines, each with its own height and
/// baseline, so a paginator can split it between any two lines and a canvas can draw any range
/// of them. This module is the only place Gazette drives Pango for print.
///
/// Line geometry follows CSS: each line is at least `size × lineHeight` tall (of the block's
/// base size), with the extra leading split above and below the glyphs.
public final class TextBlock {
    public enum Alignment: Sendable { case left, center, right }

    public enum Wrap: Sendable {
        /// Break at word boundaries only; a word wider than the line overflows it (for measuring).
        case word
        /// Break at word boundaries, inside a word only when it cannot fit a line by itself.
        case wordChar
    }

    /// One line, in points, relative to the block's top-left corner.
    public struct Line: Sendable {
        public let top: Double
        public let height: Double
        /// Distance from the line's top to its baseline.
        public let baseline: Double
        /// Left edge and width of the line's ink-independent (logical) extent.
        public let x: Double
        public let width: Double
        /// UTF-8 byte range of the line in the text.
        let start: Int, end: Int
    }

    public let lines: [Line]
    /// Sum of the line heights.
    public let height: Double
    /// The widest line's logical width.
    public let widestLine: Double
    /// The layouts the lines belong to (one reference each, released on deinit).
    let layouts: [OpaquePointer]
    /// The fonts of glyph lines cut from text shaped without a layout (nil: none was).
    let heldFonts: HeldFonts?
    /// How each line is drawn.
    let drawings: [Drawing]
    enum Drawing {
        /// A line of a Pango layout whose text starts at byte `offset` of the block's text (a
        /// line set on its own starts at 0 there, not at `Line.start`).
        case pango(UnsafeMutablePointer<PangoLayoutLine>, offset: Int)
        /// Glyphs cut from the unwrapped layout.
        case glyphs(GlyphLine)
    }
    let color: RGB
    /// Link runs: byte range and target.
    let links: [(start: Int, end: Int, target: String)]
    /// The text, for tests and diagnostics.
    public let string: String

    /// Sets `text` at `width` points (nil: one line per hard break, never wrapped).
    /// `keepKoreanWords` marks every space-delimited run containing Hangul as one word, so a
    /// line breaks between Korean words, not between syllables (`word-break: keep-all`); a run
    /// longer than a line still breaks where it must.
    ///
    /// Lines are broken here, first fit, from the text's character widths and break
    /// opportunities (`LineBreaks`), and drawn from its glyphs (`ShapedRuns`): each paragraph is
    /// shaped once — without a layout a hard line at a time (`ShapedParagraph`) when the text has
    /// no decorations, else as one unwrapped Pango layout. Pango's own wrapping keeps Korean words
    /// whole only with an attribute per word, which it copies into every item a line break
    /// splits, and shapes each line a second time. A line with a background or a line through
    /// or under it is set on its own and drawn by Pango; text with tabs (whose width depends on
    /// where its line starts) is still wrapped by Pango.
    public convenience init(
        _ text: RichText, fonts: PrintFonts, width: Double?, lineHeight: Double, alignment: Alignment = .left,
        wrap: Wrap = .wordChar, keepKoreanWords: Bool = true
    ) throws {
        try self.init(
            text, fonts: fonts, width: width, lineHeight: lineHeight, alignment: alignment, wrap: wrap, keepKoreanWords: keepKoreanWords,
            setting: .shaped)
    }

    /// How a block's lines are found; tests compare the three.
    enum Setting {
        /// Text without decorations shaped a hard line at a time without a layout
        /// (`ShapedParagraph`) and broken by `LineBreaks`; other text (and text with an empty
        /// hard line, whose height is a Pango line's) as `.unwrapped`.
        case shaped
        /// Broken by `LineBreaks` from an unwrapped Pango layout.
        case unwrapped
        /// Wrapped by Pango (with an attribute per Korean word), as text with tabs is.
        case pangoWraps
    }

    init(
        _ text: RichText, fonts: PrintFonts, width: Double?, lineHeight: Double, alignment: Alignment, wrap: Wrap, keepKoreanWords: Bool,
        setting: Setting
    ) throws {
        let base = text.runs.first?.attributes ?? TextAttributes(family: "Sans", size: 10)
        var links: [(Int, Int, String)] = []
        for run in text.runs { if let link = run.attributes.link { links.append((run.start, run.end, link)) } }
        let minimum = base.size * lineHeight
        var lines: [Line] = []
        var layouts: [OpaquePointer] = []
        var drawings: [Drawing] = []
        var top = 0.0
        /// Appends a line set by Pango, placed `shift` points right of where Pango put it, with
        /// byte range `range` of the text (by default the line's own, moved by `offset`: where
        /// its layout starts in the text).
        func add(_ set: TextBlock.SetLine, offset: Int, range: Range<Int>? = nil, shift: Double = 0, glyphs: GlyphLine? = nil) {
            let height = max(minimum, set.height)
            lines.append(
                Line(
                    top: top, height: height, baseline: (height - set.height) / 2 + set.ascent, x: set.x + shift, width: set.width,
                    start: range?.lowerBound ?? offset + set.start, end: range?.upperBound ?? offset + set.end))
            drawings.append(glyphs.map { .glyphs($0) } ?? .pango(set.handle, offset: offset))
            top += height
        }
        // The glyph runs lines are cut from, and where the lines break: each hard line of text
        // without decorations shaped without a layout (`ShapedParagraph`), other text from an
        // unwrapped layout. `offset`: where the source's text starts in the block's.
        var sources: [(text: RichText, offset: Int, runs: ShapedRuns, breaks: LineBreaks, hardLines: [SetLine])] = []
        var shapedParagraphs: [ShapedParagraph] = []
        if let width, setting != .pangoWraps, !text.isEmpty, LineBreaks.canBreak(text.string) {
            let units = Int32((max(1, width) * TextBlock.scale).rounded(.down))
            if setting == .shaped, TextBlock.undecorated(text, 0..<text.string.utf8.count) {
                for range in TextBlock.hardLines(text.string) {
                    let part = range.count == text.string.utf8.count ? text : text.slice(range.lowerBound, range.upperBound)
                    guard !range.isEmpty, let shaped = ShapedParagraph(part, fonts: fonts, base: base),
                        let breaks = shaped.breaks.withUnsafeBufferPointer({ attributes in
                            part.string.withCString { bytes in
                                LineBreaks(
                                    part.string, bytes: bytes, attributes: attributes, runs: shaped.runs, width: units, wrap: wrap,
                                    keepKoreanWords: keepKoreanWords)
                            }
                        })
                    else {
                        // An empty hard line has a Pango line's height: the layout sets them all.
                        sources.removeAll()
                        shapedParagraphs.removeAll()
                        break
                    }
                    shapedParagraphs.append(shaped)
                    sources.append((part, range.lowerBound, shaped.runs, breaks, []))
                }
            }
            if sources.isEmpty {
                let whole = try TextBlock.layout(text, fonts: fonts, base: base, width: nil, alignment: .left, wrap: wrap, keepKoreanWords: false)
                let runs = ShapedRuns(whole)
                if let breaks = LineBreaks(whole, runs: runs, text: text.string, width: units, wrap: wrap, keepKoreanWords: keepKoreanWords) {
                    layouts.append(whole)
                    sources.append((text, 0, runs, breaks, TextBlock.lines(of: whole)))
                } else {
                    g_object_unref(UnsafeMutableRawPointer(whole))
                }
            }
        }
        if let width, !sources.isEmpty {
            func shift(_ lineWidth: Double) -> Double {
                switch alignment {
                case .left: 0
                case .center: (width - lineWidth) / 2
                case .right: width - lineWidth
                }
            }
            for (part, offset, shaped, breaks, hardLines) in sources {
                var colors = RunColors(part)
                func glyphs(_ range: Range<Int>) -> GlyphLine? { TextBlock.glyphLine(part, range, shaped, &colors)?.moved(by: offset) }
                for line in breaks.lines {
                    if let index = line.hardLine, index < hardLines.count {
                        // A hard line that fits is the unwrapped layout's line as it is, drawn
                        // from its glyphs where it can be.
                        add(hardLines[index], offset: 0, shift: shift(hardLines[index].width), glyphs: glyphs(line.start..<line.end))
                        continue
                    }
                    // Without its trailing white space (Pango's wrapping gives that no width); its
                    // byte range keeps it, so the lines still join up to the text.
                    // The spaces it wraps at are drawn, as nothing, for the text read back (see
                    // `GlyphLine.narrowed`); a hard break is no text of the line.
                    let utf8 = part.string.utf8
                    let from = utf8.index(utf8.startIndex, offsetBy: line.contentEnd), to = utf8.index(utf8.startIndex, offsetBy: line.end)
                    let spaces = utf8[from..<to].prefix { $0 == 0x20 }.count
                    if var glyphs = glyphs(line.start..<line.contentEnd + spaces) {
                        if spaces > 0 { glyphs = glyphs.narrowed(to: glyphs.x(at: offset + line.contentEnd)) }
                        let natural = glyphs.ascent + glyphs.descent
                        let height = max(minimum, natural)
                        lines.append(
                            Line(
                                top: top, height: height, baseline: (height - natural) / 2 + glyphs.ascent, x: shift(glyphs.width),
                                width: glyphs.width, start: offset + line.start, end: offset + line.end))
                        drawings.append(.glyphs(glyphs))
                        top += height
                        continue
                    }
                    let layout = try TextBlock.layout(
                        part.slice(line.start, line.contentEnd), fonts: fonts, base: base, width: nil, alignment: .left, wrap: wrap,
                        keepKoreanWords: false)
                    layouts.append(layout)
                    guard let set = TextBlock.lines(of: layout).first else { continue }
                    add(set, offset: offset + line.start, range: (offset + line.start)..<(offset + line.end), shift: shift(set.width))
                }
            }
        } else {
            let layout = try TextBlock.layout(
                text, fonts: fonts, base: base, width: width, alignment: alignment, wrap: wrap, keepKoreanWords: keepKoreanWords)
            layouts.append(layout)
            // Unwrapped (no width), each line is the layout's as it is: drawn from its glyphs
            // where it can be, as a hard line that fits is above.
            let shaped = width == nil ? ShapedRuns(layout) : nil
            var colors = RunColors(text)
            for set in TextBlock.lines(of: layout) {
                add(set, offset: 0, glyphs: shaped.flatMap { TextBlock.glyphLine(text, set.start..<set.end, $0, &colors) })
            }
        }
        var fontsOfLines: [UnsafeMutablePointer<PangoFont>] = []
        for font in shapedParagraphs.flatMap(\.fonts) where !fontsOfLines.contains(font) { fontsOfLines.append(font) }
        self.heldFonts = shapedParagraphs.isEmpty ? nil : HeldFonts(fontsOfLines)
        self.layouts = layouts
        self.lines = lines
        self.drawings = drawings
        self.height = top
        self.widestLine = lines.map(\.width).max() ?? 0
        self.color = base.color
        self.links = links
        self.string = text.string
    }

    /// Bytes `range` of `text` as one line of glyphs cut from `shaped`, coloured by `colors`;
    /// nil where Pango must draw it (a decoration, or glyphs the cut cannot take).
    static func glyphLine(_ text: RichText, _ range: Range<Int>, _ shaped: ShapedRuns, _ colors: inout RunColors) -> GlyphLine? {
        guard undecorated(text, range) else { return nil }
        return text.string.utf8.withContiguousStorageIfAvailable { bytes in shaped.line(range, text: bytes) { colors.at($0) } } ?? nil
    }

    /// The byte ranges of the hard lines of `string` (between line feeds).
    static func hardLines(_ string: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, index = 0
        for byte in string.utf8 {
            if byte == 10 {
                ranges.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        ranges.append(start..<index)
        return ranges
    }

    /// True when no run over `range` has a background or a line through or under it, which
    /// only Pango's renderer draws.
    static func undecorated(_ text: RichText, _ range: Range<Int>) -> Bool {
        !text.runs.contains { run in
            run.start < range.upperBound && run.end > range.lowerBound
                && (run.attributes.background != nil || run.attributes.underline || run.attributes.strikethrough)
        }
    }

    /// Each byte's text colour, looked up in order (lines and glyphs run forward).
    struct RunColors {
        let runs: [RichText.Run]
        let base: RGB
        var index = 0
        init(_ text: RichText) {
            runs = text.runs
            base = text.runs.first?.attributes.color ?? .black
        }
        /// The colour at byte `offset`, and the byte up to which it holds (its run's end).
        mutating func at(_ offset: Int) -> (RGB, until: Int) {
            if index >= runs.count || runs[index].start > offset { index = 0 }
            while index < runs.count, runs[index].end <= offset { index += 1 }
            guard index < runs.count else { return (base, .max) }
            return runs[index].start <= offset ? (runs[index].attributes.color, runs[index].end) : (base, runs[index].start)
        }
    }

    /// A line as Pango set it, in points: its logical extent, its ascent (baseline below the
    /// extent's top) and its byte range in its layout's text.
    struct SetLine {
        let handle: UnsafeMutablePointer<PangoLayoutLine>
        let x: Double, width: Double, height: Double, ascent: Double
        let start: Int, end: Int
    }

    static func lines(of layout: OpaquePointer) -> [SetLine] {
        guard let iterator = pangoCairo.pango_layout_get_iter(layout) else { return [] }
        defer { pangoCairo.pango_layout_iter_free(iterator) }
        var lines: [SetLine] = []
        repeat {
            guard let line = pangoCairo.pango_layout_iter_get_line_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pangoCairo.pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = Double(pangoCairo.pango_layout_iter_get_baseline(iterator))
            let start = Int(line.pointee.start_index)
            lines.append(
                SetLine(
                    handle: line, x: Double(logical.x) / scale, width: Double(logical.width) / scale, height: Double(logical.height) / scale,
                    ascent: (baseline - Double(logical.y)) / scale, start: start, end: start + Int(line.pointee.length)))
        } while pangoCairo.pango_layout_iter_next_line(iterator) != 0
        return lines
    }

    private static let scale = Double(PANGO_SCALE)

    /// A Pango layout of `text`: wrapped at `width` points by Pango itself, or (nil) one line
    /// per hard break.
    private static func layout(
        _ text: RichText, fonts: PrintFonts, base: TextAttributes, width: Double?, alignment: Alignment, wrap: Wrap, keepKoreanWords: Bool
    ) throws -> OpaquePointer {
        guard let layout = pangoCairo.pango_layout_new(fonts.context) else { throw PrintFonts.Failure(description: "pango: cannot create a layout") }
        if let description = TextBlock.fontDescription(base) {
            pangoCairo.pango_layout_set_font_description(layout, description)
            pangoCairo.pango_font_description_free(description)
        }
        if let width {
            pangoCairo.pango_layout_set_width(layout, Int32((max(1, width) * scale).rounded(.down)))
        } else {
            pangoCairo.pango_layout_set_width(layout, -1)
        }
        pangoCairo.pango_layout_set_wrap(layout, wrap == .word ? PANGO_WRAP_WORD : PANGO_WRAP_WORD_CHAR)
        switch alignment {
        case .left: pangoCairo.pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pangoCairo.pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pangoCairo.pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        pangoCairo.pango_layout_set_text(layout, text.string, Int32(text.string.utf8.count))
        let list = pangoCairo.pango_attr_list_new()
        for run in text.runs {
            TextBlock.insertAttributes(run.attributes, from: run.start, to: run.end, base: base, into: list)
        }
        if keepKoreanWords { TextBlock.markKoreanWords(text.string, into: list) }
        // A word broken because it cannot fit a line (a URL, a code line) must read back exactly
        // as written, so Pango adds no hyphen where it breaks one.
        if let noHyphens = pangoCairo.pango_attr_insert_hyphens_new(0) {
            noHyphens.pointee.start_index = 0
            noHyphens.pointee.end_index = UInt32(text.string.utf8.count)
            pangoCairo.pango_attr_list_insert(list, noHyphens)
        }
        pangoCairo.pango_layout_set_attributes(layout, list)
        pangoCairo.pango_attr_list_unref(list)
        return layout
    }

    /// The first `count` lines of `block`, sharing its layouts.
    private init(_ block: TextBlock, keepingFirst count: Int) {
        for layout in block.layouts { g_object_ref(UnsafeMutableRawPointer(layout)) }
        layouts = block.layouts
        heldFonts = block.heldFonts
        lines = Array(block.lines.prefix(count))
        drawings = Array(block.drawings.prefix(count))
        height = lines.last.map { $0.top + $0.height } ?? 0
        widestLine = lines.map(\.width).max() ?? 0
        color = block.color
        links = block.links
        string = block.string
    }

    deinit { for layout in layouts { g_object_unref(UnsafeMutableRawPointer(layout)) } }

    /// Sets a paragraph of any length as consecutive blocks that together break exactly as one
    /// would. Pango's cost grows with the square of a paragraph's length (its word-boundary pass
    /// converts each word's byte offset from the start of the text), and very long paragraphs
    /// come out incomplete, so text longer than `chunkBytes` is laid out a chunk at a time, cut
    /// at a hard line break when there is one (code), else at a space; a chunk cut at a space
    /// gives up its last line, which the cut may have shortened, to the start of the next. Line
    /// breaking is first-fit, so every line is the line the whole paragraph would have had.
    public static func paragraph(
        _ text: RichText, fonts: PrintFonts, width: Double, lineHeight: Double, alignment: Alignment = .left,
        keepKoreanWords: Bool = true, chunkBytes: Int = 3000
    ) throws -> [TextBlock] {
        let bytes = Array(text.string.utf8)
        func block(_ start: Int, _ end: Int) throws -> TextBlock {
            try TextBlock(
                start == 0 && end == bytes.count ? text : text.slice(start, end), fonts: fonts, width: width, lineHeight: lineHeight,
                alignment: alignment, keepKoreanWords: keepKoreanWords)
        }
        // Text with hard breaks is set one hard line per block (which breaks the same: no line
        // crosses a hard break). This dates from when Pango wrapped every block: with Korean words
        // marked, its word pass rescans the text from its start for every hard line, as it still
        // does for text with tabs. An empty line keeps its height with a space.
        if keepKoreanWords, bytes.count > 200, bytes.contains(10) {
            var blocks: [TextBlock] = []
            var start = 0
            for end in bytes.indices.filter({ bytes[$0] == 10 }) + [bytes.count] {
                let line = end > start ? text.slice(start, end) : RichText(" ", text.attributes(at: start) ?? TextAttributes(family: "Sans", size: 10))
                blocks += try paragraph(line, fonts: fonts, width: width, lineHeight: lineHeight, alignment: alignment, chunkBytes: chunkBytes)
                start = end + 1
            }
            return blocks
        }
        guard bytes.count > chunkBytes else { return [try block(0, bytes.count)] }
        var blocks: [TextBlock] = []
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + chunkBytes)
            // A hard line break in the window is an exact cut: lines never cross it.
            if end < bytes.count, let newline = bytes[(start + 1)..<end].lastIndex(of: 10) {
                blocks.append(try block(start, newline))
                start = newline + 1
                continue
            }
            if end < bytes.count {
                // Prefer a space within the next few hundred bytes; else any character boundary.
                var space = end
                while space < min(bytes.count, end + 400), bytes[space] != 32 { space += 1 }
                if space < bytes.count, bytes[space] == 32 { end = space + 1 }
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            }
            let chunk = try block(start, end)
            if end == bytes.count || chunk.lines.count < 2 {
                blocks.append(chunk)
                start = end
                continue
            }
            blocks.append(TextBlock(chunk, keepingFirst: chunk.lines.count - 1))
            start += chunk.lines[chunk.lines.count - 1].start
        }
        return blocks
    }

    /// The height of lines `range`.
    public func height(of range: Range<Int>) -> Double {
        guard let first = range.first, let last = range.last else { return 0 }
        return lines[last].top + lines[last].height - lines[first].top
    }

    /// The text of each line, for tests.
    public var lineTexts: [String] {
        let bytes = Array(string.utf8)
        return lines.map { String(decoding: bytes[min($0.start, bytes.count)..<min($0.end, bytes.count)], as: UTF8.self) }
    }

    /// Rectangles (relative to the top of line `range.lowerBound`) of each link's part on each line.
    func linkRectangles(_ range: Range<Int>) -> [(target: String, x: Double, y: Double, width: Double, height: Double)] {
        guard !links.isEmpty, let first = range.first else { return [] }
        var result: [(String, Double, Double, Double, Double)] = []
        for index in range {
            let line = lines[index]
            for link in links where link.start < line.end && link.end > line.start {
                let from = max(link.start, line.start), to = min(link.end, line.end)
                let left: Double, right: Double
                switch drawings[index] {
                case .pango(let handle, let offset):
                    var x0: Int32 = 0, x1: Int32 = 0
                    pangoCairo.pango_layout_line_index_to_x(handle, Int32(from - offset), 0, &x0)
                    pangoCairo.pango_layout_line_index_to_x(handle, Int32(to - offset), 0, &x1)
                    (left, right) = (Double(min(x0, x1)) / TextBlock.scale, Double(max(x0, x1)) / TextBlock.scale)
                case .glyphs(let glyphs):
                    (left, right) = (glyphs.x(at: from), glyphs.x(at: to))
                }
                guard right > left else { continue }
                result.append((link.target, line.x + left, line.top - lines[first].top, right - left, line.height))
            }
        }
        return result
    }

    // MARK: - Attributes

    static func fontDescription(_ attributes: TextAttributes) -> OpaquePointer? {
        guard let description = pangoCairo.pango_font_description_new() else { return nil }
        pangoCairo.pango_font_description_set_family(description, attributes.family)
        pangoCairo.pango_font_description_set_absolute_size(description, attributes.size * Double(PANGO_SCALE))
        pangoCairo.pango_font_description_set_weight(description, attributes.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pangoCairo.pango_font_description_set_style(description, attributes.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }

    /// Inserts `attributes`' font over bytes `start..<end` into `list`.
    static func insertFont(_ attributes: TextAttributes, from start: Int, to end: Int, into list: OpaquePointer?) {
        guard let description = fontDescription(attributes) else { return }
        defer { pangoCairo.pango_font_description_free(description) }
        guard let attribute = pangoCairo.pango_attr_font_desc_new(description) else { return }
        attribute.pointee.start_index = UInt32(start)
        attribute.pointee.end_index = UInt32(end)
        pangoCairo.pango_attr_list_insert(list, attribute)
    }

    private static func insertAttributes(_ attributes: TextAttributes, from start: Int, to end: Int, base: TextAttributes, into list: OpaquePointer?) {
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
            guard let attribute else { return }
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(end)
            pangoCairo.pango_attr_list_insert(list, attribute)
        }
        if !attributes.hasFont(of: base) { insertFont(attributes, from: start, to: end, into: list) }
        func channel(_ value: Double) -> UInt16 { UInt16((min(1, max(0, value)) * 65535).rounded()) }
        if attributes.color != base.color {
            insert(pangoCairo.pango_attr_foreground_new(channel(attributes.color.red), channel(attributes.color.green), channel(attributes.color.blue)))
        }
        if let background = attributes.background {
            insert(pangoCairo.pango_attr_background_new(channel(background.red), channel(background.green), channel(background.blue)))
        }
        if attributes.strikethrough { insert(pangoCairo.pango_attr_strikethrough_new(1)) }
        if attributes.underline { insert(pangoCairo.pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)) }
    }

    /// Marks each Korean word (`koreanWords`) as a single word for Pango.
    private static func markKoreanWords(_ string: String, into list: OpaquePointer?) {
        for word in koreanWords(Array(string.unicodeScalars.map(\.value))) {
            guard let attribute = pangoCairo.pango_attr_word_new() else { continue }
            attribute.pointee.start_index = UInt32(word.bytes.lowerBound)
            attribute.pointee.end_index = UInt32(word.bytes.upperBound)
            pangoCairo.pango_attr_list_insert(list, attribute)
        }
    }

    /// The Korean words of a text, as keep-all sees them: each white-space-delimited run that
    /// contains Hangul, by character index and by UTF-8 byte offset.
    static func koreanWords(_ scalars: [UInt32]) -> [(characters: Range<Int>, bytes: Range<Int>)] {
        var words: [(characters: Range<Int>, bytes: Range<Int>)] = []
        var start: (character: Int, byte: Int)?
        var hasHangul = false
        var byte = 0
        for (index, value) in scalars.enumerated() {
            if isSpace(value) {
                if let first = start, hasHangul { words.append((first.character..<index, first.byte..<byte)) }
                start = nil
                hasHangul = false
            } else {
                if start == nil { start = (index, byte) }
                if isHangul(value) { hasHangul = true }
            }
            byte += value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
        }
        if let first = start, hasHangul { words.append((first.character..<scalars.count, first.byte..<byte)) }
        return words
    }

    /// White space, as keep-all delimits words. ASCII and Hangul syllables first: Unicode
    /// property lookups are the costly part, and in Korean text nearly every scalar is one or
    /// the other.
    private static func isSpace(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 32 || (9...13).contains(value) }
        if (0xAC00...0xD7A3).contains(value) { return false }
        return Unicode.Scalar(value)?.properties.isWhitespace ?? false
    }

    /// Hangul syllables, jamo and compatibility jamo.
    private static func isHangul(_ value: UInt32) -> Bool {
        (0xAC00...0xD7A3).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
    }
}

internal import CPangoCairo

/// One hard line of text (no line feed, no tab) itemized, shaped and analysed for breaks exactly
/// as an unwrapped `PangoLayout` of it would be, without the layout: its items (`PlainItems` for
/// the characters of Korean prose, else `pango_itemize` on the font attributes alone, as the
/// layout itemizes), each shaped with the paragraph as its context as Pango's shaper shapes it
/// (`shape`), and its Unicode break opportunities (`PlainBreaks`, else `pango_get_log_attrs`; the
/// scripts Gazette sets have no tailoring). A layout does all of that and more besides — line
/// extents, runs split at every attribute, its own iterator — which a paragraph broken by
/// `LineBreaks` and drawn from its glyphs never reads: it was a third of what setting a packet
/// cost.
///
/// Nil for text the layout sets differently or that needs more than glyphs: right-to-left
/// items, an item without a font. The glyph strings and items live as long as this object,
/// which need not outlive the lines cut from it: their cairo fonts are held by `HeldFonts`.
final class ShapedParagraph {
    let runs: ShapedRuns
    /// One per character, and one past the end.
    let breaks: [PangoLogAttr]
    private var items: [UnsafeMutablePointer<PangoItem>] = []
    private var strings: [UnsafeMutablePointer<PangoGlyphString>] = []
    private let glyphItems: UnsafeMutablePointer<PangoGlyphItem>

    init?(_ text: RichText, fonts: PrintFonts, base: TextAttributes) {
        let string = text.string
        let length = Int32(string.utf8.count)
        guard length > 0 else { return nil }
        let scalars = string.unicodeScalars.map(\.value)
        let characters = scalars.count
        let found = PlainItems.items(text, scalars: scalars, fonts: fonts, base: base) ?? ShapedParagraph.itemized(text, fonts: fonts, base: base)
        items = found
        glyphItems = .allocate(capacity: max(1, found.count))
        var attributes: [PangoLogAttr]
        if let plain = PlainBreaks.attributes(scalars) {
            attributes = plain
        } else {
            attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: characters + 1)
            string.withCString { pointer in
                attributes.withUnsafeMutableBufferPointer {
                    pangoCairo.pango_get_log_attrs(pointer, length, 0, pangoCairo.pango_context_get_language(fonts.context), $0.baseAddress, Int32(characters + 1))
                }
            }
        }
        breaks = attributes
        var usable = true
        var character = 0
        var strings: [UnsafeMutablePointer<PangoGlyphString>] = []
        let glyphItems = glyphItems
        let buffer = fonts.shapingBuffer
        string.withCString { pointer in
            attributes.withUnsafeMutableBufferPointer { logAttributes in
                for (index, item) in found.enumerated() {
                    guard item.pointee.analysis.level % 2 == 0, item.pointee.analysis.font != nil, let glyphs = pangoCairo.pango_glyph_string_new() else {
                        usable = false
                        return
                    }
                    strings.append(glyphs)
                    if !ShapedParagraph.shape(item, paragraph: pointer, length: length, into: glyphs, buffer: buffer) {
                        pangoCairo.pango_shape_item(item, pointer, length, logAttributes.baseAddress.map { $0 + character }, glyphs, PANGO_SHAPE_NONE)
                    }
                    (glyphItems + index).initialize(to: PangoGlyphItem(item: item, glyphs: glyphs, y_offset: 0, start_x_offset: 0, end_x_offset: 0))
                    character += Int(item.pointee.num_chars)
                }
            }
        }
        self.strings = strings
        runs = ShapedRuns(glyphItems: UnsafeMutableBufferPointer(start: glyphItems, count: usable ? found.count : 0))
        guard usable, character == characters else { return nil }
    }

    /// Pango's items of `text`, itemized on its font attributes alone, as a layout itemizes.
    static func itemized(_ text: RichText, fonts: PrintFonts, base: TextAttributes) -> [UnsafeMutablePointer<PangoItem>] {
        let string = text.string
        let length = Int32(string.utf8.count)
        guard let list = pangoCairo.pango_attr_list_new() else { return [] }
        defer { pangoCairo.pango_attr_list_unref(list) }
        // The layout's font description comes first, under every run's own.
        TextBlock.insertFont(base, from: 0, to: Int(length), into: list)
        for run in text.runs where !run.attributes.hasFont(of: base) {
            TextBlock.insertFont(run.attributes, from: run.start, to: run.end, into: list)
        }
        var found: [UnsafeMutablePointer<PangoItem>] = []
        let itemized = string.withCString { pangoCairo.pango_itemize(fonts.context, $0, 0, length, list, nil) }
        var node = itemized
        while let current = node {
            if let data = current.pointee.data { found.append(data.assumingMemoryBound(to: PangoItem.self)) }
            node = current.pointee.next
        }
        g_list_free(itemized)
        return found
    }

    /// Shapes `item` of the paragraph as Pango's shaper does a left-to-right, horizontal item
    /// with no attributes of its own (Pango 1.50's `pango_hb_shape`: the paragraph as context
    /// on both sides, characters' clusters kept apart, the font's own features), on one buffer
    /// for the paragraph rather than a locked one per process, and without asking of every
    /// glyph whether it is a colour glyph (which only Pango's renderer reads). False when the
    /// item is not such an item, or a character of it is not in its font: then Pango shapes it.
    private static func shape(
        _ item: UnsafeMutablePointer<PangoItem>, paragraph: UnsafePointer<CChar>, length: Int32,
        into glyphs: UnsafeMutablePointer<PangoGlyphString>, buffer: OpaquePointer?
    ) -> Bool {
        let analysis = item.pointee.analysis
        guard analysis.level % 2 == 0, analysis.extra_attrs == nil, UInt32(analysis.gravity) == PANGO_GRAVITY_SOUTH.rawValue,
            let font = analysis.font, let hbFont = pangoCairo.pango_font_get_hb_font(font)
        else { return false }
        let offset = UInt32(item.pointee.offset), itemLength = Int32(item.pointee.length)
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: g_unicode_script_to_iso15924(GUnicodeScript(rawValue: Int32(analysis.script)))))
        hb_buffer_set_language(buffer, hb_language_from_string(pangoCairo.pango_language_to_string(analysis.language), -1))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_buffer_set_invisible_glyph(buffer, PANGO_GLYPH_EMPTY)
        hb_buffer_add_utf8(buffer, paragraph, Int32(offset), offset, 0)
        hb_buffer_add_utf8(buffer, paragraph, Int32(offset) + itemLength, offset, itemLength)
        hb_buffer_add_utf8(buffer, paragraph, length, offset + UInt32(itemLength), 0)
        // The font's own features (fontconfig's, none for the pinned fonts), on the stack.
        withUnsafeTemporaryAllocation(of: hb_feature_t.self, capacity: 32) { features in
            var featureCount: UInt32 = 0
            pangoCairo.pango_font_get_features(font, features.baseAddress, 32, &featureCount)
            hb_shape(hbFont, buffer, features.baseAddress, featureCount)
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, nil), count > 0 else {
            return false
        }
        // A character the font lacks comes out as glyph 0, where Pango's font functions give
        // its own box for it (`PANGO_GET_UNKNOWN_GLYPH`), which the line is then set with.
        for index in 0..<Int(count) where infos[index].codepoint == 0 { return false }
        pangoCairo.pango_glyph_string_set_size(glyphs, Int32(count))
        guard let out = glyphs.pointee.glyphs, let clusters = glyphs.pointee.log_clusters else { return false }
        var last: Int32 = -1
        for index in 0..<Int(count) {
            let cluster = Int32(infos[index].cluster) - Int32(offset)
            var width = positions[index].x_advance, xOffset = positions[index].x_offset
            // Pango turns a negative advance (a rotated font matrix) into a shifted positive one.
            if width < 0 {
                width = -width
                xOffset += width
            }
            out[index].glyph = infos[index].codepoint
            out[index].geometry = PangoGlyphGeometry(width: width, x_offset: xOffset, y_offset: -positions[index].y_offset)
            out[index].attr.is_cluster_start = cluster != last ? 1 : 0
            out[index].attr.is_color = 0
            clusters[index] = cluster
            last = cluster
        }
        return true
    }

    /// The fonts of its items, each once.
    var fonts: [UnsafeMutablePointer<PangoFont>] {
        var fonts: [UnsafeMutablePointer<PangoFont>] = []
        for item in items {
            if let font = item.pointee.analysis.font, !fonts.contains(font) { fonts.append(font) }
        }
        return fonts
    }

    deinit {
        for string in strings { pangoCairo.pango_glyph_string_free(string) }
        for item in items { pangoCairo.pango_item_free(item) }
        glyphItems.deallocate()
    }
}

/// A reference to each Pango font glyph lines were cut with (`GlyphLine.Run.font` is the cairo
/// font a Pango font owns), so a block keeps its fonts and not the shaping it was set from.
final class HeldFonts {
    private let fonts: [UnsafeMutablePointer<PangoFont>]

    init(_ fonts: [UnsafeMutablePointer<PangoFont>]) {
        for font in fonts { g_object_ref(UnsafeMutableRawPointer(font)) }
        self.fonts = fonts
    }

    deinit { for font in fonts { g_object_unref(UnsafeMutableRawPointer(font)) } }
}

internal import CPangoCairo

/// The items `pango_itemize` makes of plain text (`PlainBreaks.isPlain`: one grapheme per
/// character, left to right) set horizontally, found without its per-character machinery. For
/// such text Pango 1.50 ends an item where a font attribute starts or ends and where the script
/// changes (its script iterator, which gives neutral characters the script around them), and
/// gives each item the first font of the fontset for the item's font description and derived
/// language — when that font has every character of it, which is checked here; nil when one
/// lacks a character (Pango would look further down the fontset: it itemizes that text itself).
enum PlainItems {
    /// `fonts`' items of `text`; `scalars` are its characters, `base` the attributes every run's
    /// own are set over.
    static func items(_ text: RichText, scalars: [UInt32], fonts: PrintFonts, base: TextAttributes) -> [UnsafeMutablePointer<PangoItem>]? {
        let string = text.string
        let length = string.utf8.count
        guard length > 0, scalars.allSatisfy(PlainBreaks.isPlain) else { return nil }
        let context = fonts.context
        // Byte offsets where a font attribute starts or ends: each run whose font is not the base's.
        var cuts = Set<Int>()
        var runFonts: [(start: Int, end: Int, attributes: TextAttributes)] = []
        for run in text.runs {
            let attributes = run.attributes
            let own = !attributes.hasFont(of: base)
            if own {
                cuts.insert(run.start)
                cuts.insert(run.end)
            }
            runFonts.append((run.start, run.end, own ? attributes : base))
        }
        // The script runs: one when the text has at most one script of its own besides the
        // common characters (Korean prose without Latin words), which is then the script of
        // them all, as Pango's script iterator resolves them; else the iterator's.
        var scripts: [(end: Int, script: PangoScript)] = []
        if let only = PlainItems.onlyScript(scalars) {
            scripts = [(length, only)]
            cuts.insert(length)
        } else {
            PlainItems.scriptRuns(string, length: length, into: &scripts, cuts: &cuts)
        }
        cuts.insert(length)
        cuts.remove(0)
        guard scripts.last?.end == length else { return nil }
        // Each character's byte offset, to check fonts run by run.
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var byte = 0
        for value in scalars {
            offsets.append(byte)
            byte += value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
        }
        offsets.append(byte)
        var items: [UnsafeMutablePointer<PangoItem>] = []
        func discard() -> [UnsafeMutablePointer<PangoItem>]? {
            for item in items { pangoCairo.pango_item_free(item) }
            return nil
        }
        var start = 0, character = 0, scriptIndex = 0, runIndex = 0
        // The context's language: the one set on it, else the locale's (as Pango's context keeps it).
        let language = pangoCairo.pango_context_get_language(context) ?? pangoCairo.pango_language_get_default()
        for end in cuts.sorted() {
            while scripts[scriptIndex].end <= start { scriptIndex += 1 }
            while runFonts[runIndex].end <= start { runIndex += 1 }
            let script = scripts[scriptIndex].script
            // Pango's derived language: the context's when it writes the script, else the
            // script's sample language.
            let derived =
                pangoCairo.pango_language_includes_script(language, script) != 0
                ? language : (pangoCairo.pango_script_get_sample_language(script) ?? pangoCairo.pango_language_from_string("xx"))
            guard let (font, coverage) = fonts.firstFont(runFonts[runIndex].attributes, language: derived) else { return discard() }
            var characters = 0
            var onlySpaces = true
            while character + characters < scalars.count, offsets[character + characters] < end {
                let value = scalars[character + characters]
                // Pango chooses no font for a space.
                if !(value == 0x20 || value == 0xA0 || value == 0x202F || value == 0x205F) {
                    onlySpaces = false
                    if !coverage.has(value) { return discard() }
                }
                characters += 1
            }
            if onlySpaces, !coverage.has(0x20) { return discard() }
            guard let item = pangoCairo.pango_item_new() else { return discard() }
            item.pointee.offset = Int32(start)
            item.pointee.length = Int32(end - start)
            item.pointee.num_chars = Int32(characters)
            item.pointee.analysis.font = font
            g_object_ref(UnsafeMutableRawPointer(font))
            item.pointee.analysis.level = 0
            item.pointee.analysis.gravity = UInt8(PANGO_GRAVITY_SOUTH.rawValue)
            item.pointee.analysis.script = UInt8(truncatingIfNeeded: script.rawValue)
            item.pointee.analysis.language = derived
            items.append(item)
            character += characters
            start = end
        }
        return character == scalars.count ? items : discard()
    }

    /// The one script other than common that `scalars` are written in (common when none), or
    /// nil when there are more.
    private static func onlyScript(_ scalars: [UInt32]) -> PangoScript? {
        var only = PANGO_SCRIPT_COMMON
        for value in scalars {
            let script: PangoScript
            if (0xAC00...0xD7A3).contains(value) {
                script = PANGO_SCRIPT_HANGUL
            } else if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) {
                script = PANGO_SCRIPT_LATIN
            } else if value < 0x80 {
                continue
            } else {
                script = PangoScript(rawValue: g_unichar_get_script(value).rawValue)
                // Pango's "real" scripts: neither common, inherited nor unknown.
                if script == PANGO_SCRIPT_COMMON || script == PANGO_SCRIPT_INHERITED || script == PANGO_SCRIPT_UNKNOWN { continue }
            }
            if only == PANGO_SCRIPT_COMMON {
                only = script
            } else if only != script {
                return nil
            }
        }
        return only
    }

    /// The runs of Pango's script iterator over `string`, each end also a cut.
    private static func scriptRuns(_ string: String, length: Int, into scripts: inout [(end: Int, script: PangoScript)], cuts: inout Set<Int>) {
        string.withCString { pointer in
            guard let iterator = pangoCairo.pango_script_iter_new(pointer, Int32(length)) else { return }
            defer { pangoCairo.pango_script_iter_free(iterator) }
            repeat {
                var start: UnsafePointer<CChar>?, end: UnsafePointer<CChar>?
                var script = PANGO_SCRIPT_COMMON
                pangoCairo.pango_script_iter_get_range(iterator, &start, &end, &script)
                guard let end else { break }
                scripts.append((pointer.distance(to: end), script))
                cuts.insert(pointer.distance(to: end))
            } while pangoCairo.pango_script_iter_next(iterator) != 0
        }
    }
}

extension PrintFonts {
    /// The first font of the fontset Pango itemizes text in `attributes` and `language` with,
    /// and which plain characters it has, remembered for the next paragraph.
    func firstFont(_ attributes: TextAttributes, language: OpaquePointer?) -> (UnsafeMutablePointer<PangoFont>, FontCoverage)? {
        let key = FirstFontKey(
            family: attributes.family, size: attributes.size, bold: attributes.bold, italic: attributes.italic,
            language: language.map { UInt(bitPattern: $0) } ?? 0)
        if let known = firstFonts[key] { return known.map { ($0.font, $0) } }
        guard let description = pangoCairo.pango_font_description_copy(pangoCairo.pango_context_get_font_description(context)) else { return nil }
        defer { pangoCairo.pango_font_description_free(description) }
        if let own = TextBlock.fontDescription(attributes) {
            pangoCairo.pango_font_description_merge(description, own, 1)
            pangoCairo.pango_font_description_free(own)
        }
        guard let map = pangoCairo.pango_context_get_font_map(context),
            let fontset = pangoCairo.pango_font_map_load_fontset(map, context, description, language)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(fontset)) }
        var first: UnsafeMutablePointer<PangoFont>?
        withUnsafeMutablePointer(to: &first) { pointer in
            pangoCairo.pango_fontset_foreach(
                fontset,
                { _, font, data in
                    data?.assumingMemoryBound(to: UnsafeMutablePointer<PangoFont>?.self).pointee = font
                    return 1
                }, UnsafeMutableRawPointer(pointer))
        }
        let coverage = first.map(FontCoverage.init)
        firstFonts[key] = coverage
        return coverage.map { ($0.font, $0) }
    }
}

/// Which plain characters (`PlainBreaks.isPlain`, all below U+D7A4) a font has, as Pango
/// answers (`pango_font_has_char`, a lookup in fontconfig's coverage by the font's file name),
/// asked once a character. Holds a reference to the font: the fontset's may go with it.
final class FontCoverage {
    let font: UnsafeMutablePointer<PangoFont>
    private var known = [UInt64](repeating: 0, count: 0xD7A4 / 64 + 1)
    private var present = [UInt64](repeating: 0, count: 0xD7A4 / 64 + 1)

    init(_ font: UnsafeMutablePointer<PangoFont>) {
        g_object_ref(UnsafeMutableRawPointer(font))
        self.font = font
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(font)) }

    func has(_ value: UInt32) -> Bool {
        guard value < 0xD7A4 else { return pangoCairo.pango_font_has_char(font, value) != 0 }
        let word = Int(value >> 6), bit = UInt64(1) << UInt64(value & 63)
        if known[word] & bit == 0 {
            known[word] |= bit
            if pangoCairo.pango_font_has_char(font, value) != 0 { present[word] |= bit }
        }
        return present[word] & bit != 0
    }
}

struct FirstFontKey: Hashable {
    let family: String, size: Double, bold: Bool, italic: Bool
    let language: UInt
}

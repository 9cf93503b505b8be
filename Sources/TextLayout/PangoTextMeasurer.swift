import CPangoCairo
import Foundation

/// Measures text with Pango and HarfBuzz on pinned font files: a private fontconfig
/// configuration holds only the files handed to it, so no system font can stand in for a
/// missing glyph unnoticed. This type is the only place Gazette calls Pango for measurement.
///
/// Not `Sendable`-safe across threads by itself (Pango contexts are single-threaded); the
/// measurer serialises calls with a lock.
public final class PangoTextMeasurer: TextMeasurer, @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    private let config: OpaquePointer
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private let lock = NSLock()
    /// Font file → family name fontconfig read from it.
    private let families: [String: String]

    /// Loads `fontFiles` into a private font configuration.
    public init(fontFiles: [String]) throws {
        guard let config = FcConfigCreate() else { throw Failure(description: "fontconfig: cannot create a configuration") }
        var families: [String: String] = [:]
        for file in fontFiles {
            guard FileManager.default.fileExists(atPath: file), FcConfigAppFontAddFile(config, file) != 0 else {
                FcConfigDestroy(config)
                throw Failure(description: "cannot load font file \(file) — install fonts-nanum or fix the path")
            }
            families[file] = PangoTextMeasurer.family(of: file, in: config)
        }
        guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(config)
            throw Failure(description: "pango: no FreeType font map")
        }
        // Pango's fontconfig map takes its own reference to the configuration.
        pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
        guard let context = pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            FcConfigDestroy(config)
            throw Failure(description: "pango: cannot create a context")
        }
        self.config = config
        self.fontMap = fontMap
        self.context = context
        self.families = families
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
        FcConfigDestroy(config)
    }

    public func measure(_ text: String, style: TextStyle, width: Double) throws -> TextMeasurement {
        guard let family = families[style.fontFile] else {
            throw Failure(description: "font file \(style.fontFile) was not loaded into this measurer")
        }
        lock.lock()
        defer { lock.unlock() }
        guard let layout = pango_layout_new(context) else { throw Failure(description: "pango: cannot create a layout") }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, style.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, -1)
        var lines: [String] = []
        let bytes = Array(text.utf8)
        var iterator = pango_layout_get_lines_readonly(layout)
        while let node = iterator {
            if let line = node.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                let start = Int(line.pointee.start_index), length = Int(line.pointee.length)
                if start >= 0, start + length <= bytes.count {
                    lines.append(String(decoding: bytes[start..<start + length], as: UTF8.self))
                }
            }
            iterator = node.pointee.next
        }
        return TextMeasurement(lines: lines, height: Double(lines.count) * style.size * style.lineHeight)
    }

    private static func family(of file: String, in config: OpaquePointer) -> String {
        guard let fonts = FcConfigGetFonts(config, FcSetApplication), fonts.pointee.nfont > 0 else { return "Sans" }
        for index in 0..<Int(fonts.pointee.nfont) {
            guard let pattern = fonts.pointee.fonts[index] else { continue }
            var path: UnsafeMutablePointer<FcChar8>?
            var family: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &path) == FcResultMatch, let path,
                String(cString: path) == file, FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch,
                let family
            {
                return String(cString: family)
            }
        }
        return "Sans"
    }
}

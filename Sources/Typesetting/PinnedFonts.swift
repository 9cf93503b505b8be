internal import CPangoCairo
import GazetteModel
import Foundation

/// A Pango context on a private fontconfig configuration that holds only the font files handed
/// to it, so no system font can stand in for a missing glyph unnoticed. The one place Gazette
/// sets up fontconfig and Pango; `PrintFonts` (packets) owns one and adds its
/// rendering options. (Web text is measured by `TextLayout`'s `TextLayoutEngine` on HarfBuzz directly.)
///
/// Pango contexts are single-threaded: the owner decides how the context is shared.
final class PinnedFonts {
    /// The error type of the two layout modules (GazetteModel's `LayoutError`).
    typealias Failure = LayoutError

    let config: OpaquePointer
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    /// Font file → family name fontconfig read from it.
    let families: [String: String]

    /// Loads `fontFiles`, after the fontconfig `rules` (XML) when given.
    init(fontFiles: [String], rules: String? = nil) throws(Failure) {
        try PangoCairoLibrary.require()
        guard let config = pangoCairo.FcConfigCreate() else { throw Failure(description: "fontconfig: cannot create a configuration") }
        if let rules { _ = pangoCairo.FcConfigParseAndLoadFromMemory(config, rules, 1) }
        for file in fontFiles {
            guard FileManager.default.fileExists(atPath: file), pangoCairo.FcConfigAppFontAddFile(config, file) != 0 else {
                pangoCairo.FcConfigDestroy(config)
                throw Failure(
                    description: "cannot load font file \(file) — install fonts-nanum (apt-get install fonts-nanum fonts-nanum-coding) or fix the path")
            }
        }
        var families: [String: String] = [:]
        if let fonts = pangoCairo.FcConfigGetFonts(config, FcSetApplication) {
            for index in 0..<Int(fonts.pointee.nfont) {
                guard let pattern = fonts.pointee.fonts[index] else { continue }
                var path: UnsafeMutablePointer<FcChar8>?
                var family: UnsafeMutablePointer<FcChar8>?
                if pangoCairo.FcPatternGetString(pattern, FC_FILE, 0, &path) == FcResultMatch, let path,
                    pangoCairo.FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch, let family
                {
                    families[String(cString: path)] = String(cString: family)
                }
            }
        }
        guard let fontMap = pangoCairo.pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            pangoCairo.FcConfigDestroy(config)
            throw Failure(description: "pango: no FreeType font map")
        }
        // Pango's fontconfig map takes its own reference to the configuration.
        pangoCairo.pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
        guard let context = pangoCairo.pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            pangoCairo.FcConfigDestroy(config)
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
        pangoCairo.FcConfigDestroy(config)
    }
}

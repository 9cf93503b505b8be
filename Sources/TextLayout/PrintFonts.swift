import CPangoCairo
import Foundation

/// The fonts of a printed document: a private fontconfig configuration holding only the pinned
/// files handed to it, and a Pango context set up for vector output (no hinting, unrounded
/// metrics), so what is measured is exactly what a PDF surface draws. Italic is synthesised by a
/// slant (the Nanum families have no italic faces); bold comes from the bold files.
///
/// Pango contexts are single-threaded: use one `PrintFonts` per thread of work.
public final class PrintFonts {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    let config: OpaquePointer
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    /// Font file → family name fontconfig read from it.
    public let families: [String: String]

    /// fontconfig's usual synthetic-oblique rule (90-synthetic.conf), which a private
    /// configuration does not inherit from the system's.
    private static let syntheticOblique = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="font">
            <test name="slant" compare="eq"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
          </match>
        </fontconfig>
        """

    public init(fontFiles: [String]) throws {
        guard let config = FcConfigCreate() else { throw Failure(description: "fontconfig: cannot create a configuration") }
        _ = FcConfigParseAndLoadFromMemory(config, PrintFonts.syntheticOblique, 1)
        var families: [String: String] = [:]
        for file in fontFiles {
            guard FileManager.default.fileExists(atPath: file), FcConfigAppFontAddFile(config, file) != 0 else {
                FcConfigDestroy(config)
                throw Failure(description: "cannot load font file \(file) — install fonts-nanum (apt-get install fonts-nanum fonts-nanum-coding)")
            }
        }
        if let fonts = FcConfigGetFonts(config, FcSetApplication) {
            for index in 0..<Int(fonts.pointee.nfont) {
                guard let pattern = fonts.pointee.fonts[index] else { continue }
                var path: UnsafeMutablePointer<FcChar8>?
                var family: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(pattern, FC_FILE, 0, &path) == FcResultMatch, let path,
                    FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch, let family
                {
                    families[String(cString: path)] = String(cString: family)
                }
            }
        }
        guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(config)
            throw Failure(description: "pango: no FreeType font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
        guard let context = pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            FcConfigDestroy(config)
            throw Failure(description: "pango: cannot create a context")
        }
        // What a PDF surface uses: outlines unhinted, advances unrounded.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_cairo_context_set_resolution(context, 72)
        // Pango rounds glyph positions to whole device units by default; at 72 units per inch
        // that is whole points, visibly uneven at text sizes, and every rounded advance costs the
        // PDF a positioning adjustment. Print keeps the font's own advances.
        pango_context_set_round_glyph_positions(context, 0)
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

    /// The family name of a loaded file, for `TextAttributes.family`.
    public func family(of file: String) -> String? { families[file] }
}

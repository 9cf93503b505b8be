internal import CPangoCairo
import GazetteModel
import Foundation

/// The fonts of a printed document: a private fontconfig configuration holding only the pinned
/// files handed to it, and a Pango context set up for vector output (no hinting, unrounded
/// metrics), so what is measured is exactly what a PDF surface draws. Italic is synthesised by a
/// slant (the Nanum families have no italic faces); bold comes from the bold files.
///
/// Pango contexts are single-threaded: use one `PrintFonts` per thread of work.
public final class PrintFonts {
    /// The error type of the two layout modules (GazetteModel's `LayoutError`).
    public typealias Failure = LayoutError

    private let fonts: PinnedFonts
    var context: OpaquePointer { fonts.context }
    /// The HarfBuzz buffer paragraphs set with these fonts are shaped in (`ShapedParagraph`),
    /// kept at the size of the longest so far.
    let shapingBuffer: OpaquePointer?
    /// The first font of each fontset plain text was itemized with, and its coverage (`PlainItems`).
    var firstFonts: [FirstFontKey: FontCoverage?] = [:]
    /// Font file → family name fontconfig read from it.
    public var families: [String: String] { fonts.families }

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
        do {
            fonts = try PinnedFonts(fontFiles: fontFiles, rules: PrintFonts.syntheticOblique)
        } catch {
            throw Failure(description: error.description)
        }
        shapingBuffer = hb_buffer_create()
        // What a PDF surface uses: outlines unhinted, advances unrounded.
        let options = pangoCairo.cairo_font_options_create()
        pangoCairo.cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pangoCairo.cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pangoCairo.cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pangoCairo.pango_cairo_context_set_font_options(fonts.context, options)
        pangoCairo.cairo_font_options_destroy(options)
        pangoCairo.pango_cairo_context_set_resolution(fonts.context, 72)
        // Pango rounds glyph positions to whole device units by default; at 72 units per inch
        // that is whole points, visibly uneven at text sizes, and every rounded advance costs the
        // PDF a positioning adjustment. Print keeps the font's own advances.
        pangoCairo.pango_context_set_round_glyph_positions(fonts.context, 0)
    }

    deinit {
        hb_buffer_destroy(shapingBuffer)
    }

    /// The family name of a loaded file, for `TextAttributes.family`.
    public func family(of file: String) -> String? { fonts.families[file] }
}

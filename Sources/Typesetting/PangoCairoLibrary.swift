internal import CPangoCairo
import GazetteModel

/// Pango, cairo and fontconfig, opened the first time a packet is set (`CPangoCairo`'s `dlopen`),
/// so the commands that make no packet — `check`, `new`, `lsp`, `build --no-pdf` — start without
/// them and the libraries they pull in. Everything in this module that calls them starts from a
/// `PinnedFonts` or a `PDFCanvas`, and both check `require()` first.
enum PangoCairoLibrary {
    /// The functions, and whether the libraries were found.
    fileprivate static let opened: (table: GazettePangoCairo, found: Bool) = {
        var found: Int32 = 0
        let table = gazette_pangocairo_open(&found)
        return (table, found != 0)
    }()

    /// Nothing when the libraries are installed; otherwise an error naming the package.
    static func require() throws(LayoutError) {
        guard opened.found else {
            throw LayoutError(
                .error(
                    "cannot open Pango and cairo, which set packets in PDF",
                    hint: "install libpangocairo-1.0-0 (apt-get install libpangocairo-1.0-0), or build with --no-pdf"))
        }
    }
}

/// Pango's, cairo's and fontconfig's functions, each named as the C function: `pangoCairo.
/// pango_layout_new(context)`. Called only after `PangoCairoLibrary.require()` succeeded.
let pangoCairo: GazettePangoCairo = PangoCairoLibrary.opened.table

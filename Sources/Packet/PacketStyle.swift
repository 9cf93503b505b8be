import GazetteModel
import Typesetting

/// The typography and page geometry of a packet, derived from `packet:` settings: every size,
/// colour and distance the typesetter uses comes from here.
struct PacketStyle {
    let pageWidth: Double
    let pageHeight: Double
    let margins: SiteConfig.PacketSettings.Margins
    let textFamily: String
    let codeFamily: String
    let size: Double
    let lineHeight: Double

    let text = RGB(hex: 0x1a1a1a)
    let muted = RGB(hex: 0x6b6b6b)
    let accent = RGB(hex: 0xb30000)
    let linkColor = RGB(hex: 0x1f4e99)
    let rule = RGB(hex: 0xc8c8c8)
    let shade = RGB(hex: 0xf2f2f0)
    let tableHeader = RGB(hex: 0xe9e9e6)
    let quoteBar = RGB(hex: 0xb9b9b9)

    init(settings: SiteConfig.PacketSettings, paper: Paper, fonts: PacketFonts) {
        (pageWidth, pageHeight) = PacketStyle.size(of: paper)
        margins = settings.margins
        textFamily = fonts.textFamily
        codeFamily = fonts.codeFamily
        size = settings.size
        lineHeight = settings.lineHeight
    }

    /// Paper sizes in points: A4 is 210 × 297 mm, Letter 8.5 × 11 in.
    static func size(of paper: Paper) -> (Double, Double) {
        switch paper {
        case .a4: (595.276, 841.89)
        case .letter: (612, 792)
        }
    }

    // MARK: - The page frame

    var contentLeft: Double { margins.left }
    var contentWidth: Double { pageWidth - margins.left - margins.right }
    /// The running header's text size and the band it takes inside the top margin.
    var furnitureSize: Double { max(7, size * 0.78) }
    var headerBand: Double { furnitureSize * 1.5 + size * 1.4 }
    var footerBand: Double { furnitureSize * 1.5 + size * 1.4 }
    var bodyTop: Double { margins.top + headerBand }
    var bodyHeight: Double { pageHeight - margins.top - margins.bottom - headerBand - footerBand }

    // MARK: - Text styles

    var body: TextAttributes { TextAttributes(family: textFamily, size: size).with { $0.color = text } }
    var code: TextAttributes { TextAttributes(family: codeFamily, size: size * 0.9).with { $0.color = text } }
    var small: TextAttributes { body.with { $0.size = size * 0.85; $0.color = muted } }
    var furniture: TextAttributes { body.with { $0.size = furnitureSize; $0.color = muted } }

    /// Body headings: level 1 is the largest, all smaller than a journal's title.
    func heading(_ level: Int) -> TextAttributes {
        let scale = [1.45, 1.25, 1.12, 1.0, 0.95, 0.9][min(5, max(0, level - 1))]
        return body.with {
            $0.size = size * scale
            $0.bold = true
        }
    }

    var paragraphGap: Double { size * 0.7 }
    var codePadding: Double { size * 0.6 }
    var cellPadding: Double { size * 0.4 }
    var listIndent: Double { size * 1.8 }
    var quoteIndent: Double { size * 1.4 }
}

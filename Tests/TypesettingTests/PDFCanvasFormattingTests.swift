import Foundation
import Testing

@testable import Typesetting

/// Link and destination attributes: numbers written exactly as `String(format:)` writes them,
/// names quoted for cairo's attribute parser.
@Suite struct PDFCanvasFormattingTests {
    @Test func numbersMatchFoundationFormatting() {
        let values: [Double] = [0, -0.0, 0.005, 0.015, 0.125, 0.375, 1.005, 2.675, -3.14159, 56, 539.2765, 841.89, 1e-9, 123456.785, -0.004]
        for value in values {
            #expect(PDFCanvas.formatted("x=%.2f", value) == String(format: "x=%.2f", value), "\(value)")
        }
        #expect(
            PDFCanvas.formatted("rect=[%.2f %.2f %.2f %.2f]", 56.0, 87.007812, 483.277, 13.65)
                == String(format: "rect=[%.2f %.2f %.2f %.2f]", 56.0, 87.007812, 483.277, 13.65))
    }

    @Test func quotesAndBackslashesAreEscaped() {
        #expect(PDFCanvas.quoted("journal-rate-hike") == "journal-rate-hike")
        #expect(PDFCanvas.quoted("https://example.org/a?b=c") == "https://example.org/a?b=c")
        #expect(PDFCanvas.quoted("it's") == "it\\'s")
        #expect(PDFCanvas.quoted("a\\b'c") == "a\\\\b\\'c")
    }

    /// Text strings of the structure: ASCII as a literal, anything else UTF-16BE in hex with its
    /// byte-order mark (a surrogate pair as two units).
    @Test func textStringsAreLiteralOrUTF16Hex() {
        #expect(PDFStructure.literal("Figure 1") == "(Figure 1)")
        #expect(PDFStructure.literal("a(b)") == "<FEFF0061002800620029>")
        #expect(PDFStructure.literal("금리 → 2.5%") == "<FEFFAE08B9AC0020219200200032002E00350025>")
        #expect(PDFStructure.literal("😀") == "<FEFFD83DDE00>")
    }
}

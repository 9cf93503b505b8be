import Foundation
import Testing
import Typesetting

@testable import Packet

/// Short texts set once per typesetter: the same block comes back for the same text and setting,
/// and drawing a reused block writes the same PDF as drawing fresh ones.
@Suite struct TextBlockCacheTests {
    let fonts: PrintFonts
    let style: TextAttributes

    init() throws {
        let files = try PacketFonts(text: "NanumGothic", code: "NanumGothicCoding")
        fonts = try files.load()
        style = TextAttributes(family: files.textFamily, size: 10.5)
    }

    @Test func sameShortTextAndSettingGiveTheSameBlock() throws {
        let cache = TextBlockCache(fonts: fonts)
        let marker = RichText("•", style)
        #expect(try cache.block(marker, width: nil, lineHeight: 1) === cache.block(marker, width: nil, lineHeight: 1))
        #expect(try cache.block(marker, width: nil, lineHeight: 1) !== cache.block(marker, width: 100, lineHeight: 1))
        #expect(try cache.block(marker, width: nil, lineHeight: 1) !== cache.block(marker, width: nil, lineHeight: 1.4))
        #expect(try cache.block(marker, width: 1, lineHeight: 1) !== cache.block(marker, width: 1, lineHeight: 1, wrap: .word))
        let cell = RichText("지난달", style)
        #expect(try cache.paragraph(cell, width: 80, lineHeight: 1.4, alignment: .right)[0] === cache.paragraph(cell, width: 80, lineHeight: 1.4, alignment: .right)[0])
        #expect(try cache.paragraph(cell, width: 80, lineHeight: 1.4, alignment: .right)[0] !== cache.paragraph(cell, width: 80, lineHeight: 1.4)[0])
        // The same characters in another style are another text.
        #expect(try cache.block(cell, width: nil, lineHeight: 1) !== cache.block(RichText("지난달", style.with { $0.bold = true }), width: nil, lineHeight: 1))
    }

    @Test func longTextsAreSetAfreshEveryTime() throws {
        let cache = TextBlockCache(fonts: fonts)
        let paragraph = RichText(String(repeating: "금리 인상 ", count: 20), style)
        #expect(paragraph.string.utf8.count > TextBlockCache.maximumBytes)
        #expect(try cache.block(paragraph, width: 300, lineHeight: 1.6) !== cache.block(paragraph, width: 300, lineHeight: 1.6))
        #expect(try cache.paragraph(paragraph, width: 300, lineHeight: 1.6)[0] !== cache.paragraph(paragraph, width: 300, lineHeight: 1.6)[0])
    }

    @Test func aReusedBlockDrawsTheSameBytesAsFreshOnes() throws {
        let texts = ["1.", "•", "항목", "+46", "1."].map { RichText($0, style) }
        func pdf(_ blocks: [TextBlock]) throws -> Data {
            let canvas = try PDFCanvas(width: 200, height: 200)
            canvas.setMetadata(.createDate, "2026-11-18T11:06:40Z")
            canvas.setMetadata(.modDate, "2026-11-18T11:06:40Z")
            for (index, block) in blocks.enumerated() { canvas.draw(block, x: 20, y: 20 + 24 * Double(index)) }
            canvas.showPage()
            return try canvas.finish()
        }
        let fresh = try texts.map { try TextBlock($0, fonts: fonts, width: nil, lineHeight: 1) }
        let cache = TextBlockCache(fonts: fonts)
        let reused = try texts.map { try cache.block($0, width: nil, lineHeight: 1) }
        #expect(reused[0] === reused[4])
        #expect(try pdf(reused) == pdf(fresh))
    }
}

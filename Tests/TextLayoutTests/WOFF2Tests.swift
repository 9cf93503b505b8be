import Foundation
import GazetteModel
import Testing
@testable import TextLayout

@Suite struct WOFF2Tests {
    func subset(_ text: String) throws -> Data {
        let font = try Data(contentsOf: URL(fileURLWithPath: nanumGothic))
        return try FontSubsetter.subset(font, keeping: Set(text.unicodeScalars))
    }

    @Test func encodesAWOFF2FileThatDecodesToTheSameFont() throws {
        let text = "뉴스 스터디 Gazette 2026 금리가 오르면 가계부채 부담이 커진다 한국은행이 기준금리를 동결했다"
        let ttf = try subset(text)
        let woff2 = try WOFF2.encode(ttf)
        #expect(Array(woff2.prefix(4)) == Array("wOF2".utf8))
        #expect(woff2.count * 3 < ttf.count * 2, "WOFF2 \(woff2.count) bytes of \(ttf.count)")
        // The decoder (a browser's own) gives back a font with the same characters, glyph
        // advances and vertical metrics: what the board is measured with.
        let decoded = try WOFF2.decode(woff2)
        let original = try FontFace(data: ttf, name: "ttf"), roundTrip = try FontFace(data: decoded, name: "woff2")
        #expect(roundTrip.mappedScalars() == original.mappedScalars())
        #expect(roundTrip.unitsPerEm == original.unitsPerEm)
        #expect(roundTrip.ascender == original.ascender && roundTrip.descender == original.descender)
        let engine = { (face: FontFace) in TextLayoutEngine(faces: ["f": face]) }
        let styled = StyledText(text, RunStyle(fonts: ["f"], size: 15))
        let style = ParagraphStyle(lineHeight: 24)
        let widths = try [original, roundTrip].map { try engine($0).layout(styled, style: style, width: 10_000).lineWidths }
        #expect(widths[0] == widths[1])
    }

    /// Brotli's encoder runs on memory kept between calls (`CWOFF2`'s arenas) and libwoff2's
    /// stream is compressed again outside it: the files are byte for byte what libwoff2 and
    /// Brotli write on their own, at every quality the build uses, on both cores at once, and
    /// after the arenas are given back.
    @Test func encodesTheBytesLibwoff2AndBrotliWriteOnTheirOwn() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: nanumGothic))
        let syllables = (UInt32(0xAC00)...0xD7A3).compactMap(Unicode.Scalar.init)
        // Small and large: a few rare syllables (a page's font), a slice, a font of thousands.
        let sets: [Set<Unicode.Scalar>] = [
            Set("뷁쀍뙇 똠얌".unicodeScalars), Set(syllables.prefix(400)), Set(syllables.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)),
        ]
        let fonts = try sets.map { try FontSubsetter.subset(font, keeping: $0) }
        for round in 0..<2 {
            let made = try Array(0..<(fonts.count * 3)).concurrentMap { index -> Bool in
                let ttf = fonts[index % fonts.count]
                let quality: Int32 = [9, 5, 11][index / fonts.count]
                let same = try WOFF2.encode(ttf, quality: quality) == WOFF2.referenceEncode(ttf, quality: quality)
                let untransformed = try WOFF2.encodeUntransformed(ttf, quality: quality) == WOFF2.referenceEncodeUntransformed(ttf, quality: quality)
                return same && untransformed
            }
            #expect(made.allSatisfy { $0 }, "round \(round): \(made)")
            WOFF2.releaseScratch()
        }
    }

    /// The untransformed file (pages' own fonts) holds every table byte for byte: the decoder gives
    /// back the same `glyf`, `loca`, `hmtx` and `cmap`, so the same glyphs at the same advances.
    @Test func writesAnUntransformedFileThatDecodesToTheSameTables() throws {
        let text = "뷁쀍뙇 똠얌 쌰뀨 Gazette"
        let ttf = try subset(text)
        let woff2 = try WOFF2.encodeUntransformed(ttf, quality: 5)
        #expect(Array(woff2.prefix(4)) == Array("wOF2".utf8))
        #expect(woff2.count < ttf.count, "WOFF2 \(woff2.count) bytes of \(ttf.count)")
        let length = woff2.prefix(12).suffix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(length == woff2.count, "the header's length is the file's")
        let decoded = try WOFF2.decode(woff2)
        for tag in ["glyf", "loca", "hmtx", "cmap", "hhea", "maxp"] {
            #expect(try table(tag, of: decoded) == table(tag, of: ttf), "\(tag)")
        }
        let original = try FontFace(data: ttf, name: "ttf"), roundTrip = try FontFace(data: decoded, name: "woff2")
        #expect(roundTrip.mappedScalars() == original.mappedScalars())
        let styled = StyledText(text, RunStyle(fonts: ["f"], size: 15))
        let widths = try [original, roundTrip].map {
            try TextLayoutEngine(faces: ["f": $0]).layout(styled, style: ParagraphStyle(lineHeight: 24), width: 10_000).lineWidths
        }
        #expect(widths[0] == widths[1])
        #expect(try WOFF2.encodeUntransformed(ttf, quality: 5) == woff2)
        #expect(throws: WOFF2.Failure.self) { try WOFF2.encodeUntransformed(Data("not a font".utf8), quality: 5) }
        #expect(throws: WOFF2.Failure.self) { try WOFF2.encodeUntransformed(ttf.prefix(40), quality: 5) }
    }

    /// A table's bytes, read from an sfnt's table directory.
    func table(_ tag: String, of font: Data) throws -> Data {
        let bytes = Array(font)
        func read32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        let wanted = tag.utf8.reduce(0) { $0 << 8 | Int($1) }
        let record = try #require((0..<count).map { 12 + 16 * $0 }.first { read32($0) == wanted }, "no \(tag)")
        return Data(bytes[read32(record + 8)..<(read32(record + 8) + read32(record + 12))])
    }

    @Test func theSameFontGivesTheSameBytes() throws {
        let ttf = try subset("가나다 abc")
        #expect(try WOFF2.encode(ttf) == WOFF2.encode(ttf))
    }

    @Test func refusesWhatIsNotAFont() {
        #expect(throws: WOFF2.Failure.self) { try WOFF2.decode(Data("wOF2 but not really".utf8)) }
        #expect(throws: WOFF2.Failure.self) { try WOFF2.encode(Data("not a font".utf8)) }
        #expect(throws: WOFF2.Failure.self) { try WOFF2.decode(Data()) }
    }
}

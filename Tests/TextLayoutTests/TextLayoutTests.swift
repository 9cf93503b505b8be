import Foundation
import Testing
import TextLayout

let nanumGothic = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"

@Suite struct FontSubsetterTests {
    @Test func keepsOnlyTheRequestedGlyphsAndDropsHinting() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: nanumGothic))
        let wanted = Set("뉴스 스터디 Gazette 2026".unicodeScalars)
        let subset = try FontSubsetter.subset(font, keeping: wanted)
        let coverage = FontSubsetter.coverage(subset)
        #expect(coverage.isSuperset(of: wanted.subtracting([" "])))
        #expect(!coverage.contains("가"))
        #expect(subset.count * 50 < font.count, "subset is \(subset.count) bytes of \(font.count)")
        // No TrueType instruction tables left ('fpgm', 'prep', 'cvt ').
        let tags = tableTags(subset)
        #expect(tags.isDisjoint(with: ["fpgm", "prep", "cvt "]), "tables: \(tags.sorted())")
        #expect(tags.isSuperset(of: ["cmap", "glyf", "head", "hmtx"]))
    }

    @Test func rejectsBytesThatAreNotAFont() {
        #expect(throws: FontSubsetter.Failure.self) { try FontSubsetter.subset(Data("not a font".utf8), keeping: ["a"]) }
    }

    func tableTags(_ font: Data) -> Set<String> {
        let bytes = [UInt8](font)
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        return Set((0..<count).map { String(decoding: bytes[12 + $0 * 16..<16 + $0 * 16], as: UTF8.self) })
    }
}

@Suite struct PangoTextMeasurerTests {
    @Test func wrapsLongerTextIntoMoreLines() throws {
        let measurer = try PangoTextMeasurer(fontFiles: [nanumGothic])
        let style = TextStyle(fontFile: nanumGothic, size: 16, lineHeight: 1.5)
        let text = "기준금리는 그대로인데 은행 대출 금리는 또 오른다. 기사에 따르면 주요 시중은행이 이번 주 가산금리를 올린다."
        let narrow = try measurer.measure(text, style: style, width: 200)
        let wide = try measurer.measure(text, style: style, width: 2000)
        #expect(wide.lines.count == 1)
        #expect(narrow.lines.count > 2)
        #expect(narrow.lines.joined() == text)
        #expect(narrow.height == Double(narrow.lines.count) * 24)
    }

    @Test func refusesFontsItWasNotGiven() throws {
        let measurer = try PangoTextMeasurer(fontFiles: [nanumGothic])
        #expect(throws: PangoTextMeasurer.Failure.self) {
            try measurer.measure("x", style: TextStyle(fontFile: "/nowhere.ttf", size: 12), width: 100)
        }
        #expect(throws: PangoTextMeasurer.Failure.self) { try PangoTextMeasurer(fontFiles: ["/nowhere.ttf"]) }
    }
}

@Suite struct FakeTextMeasurerTests {
    @Test func isDeterministicAndWrapsAtSpaces() {
        let style = TextStyle(fontFile: "fake", size: 10, lineHeight: 2)
        let result = FakeTextMeasurer(advance: 0.5).measure("aaaa bbbb cccc", style: style, width: 45)
        #expect(result.lines == ["aaaa bbbb", "cccc"])
        #expect(result.height == 40)
    }
}

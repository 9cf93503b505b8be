import Foundation
import TestSupport
import Testing
@testable import TextLayout

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

    /// A font opened once and prepared for cutting (`FontFace(…, cutOften: true)`, how pages' own fonts are cut
    /// from their pool) cuts the same bytes as the font read for each cut, from many threads at
    /// once: the pages' fonts, and so the pages, do not depend on which way they were cut.
    @Test func aPreprocessedSourceCutsTheSameBytesOnEveryThread() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: nanumGothic))
        let syllables = (UInt32(0xAC00)...0xD7A3).compactMap(Unicode.Scalar.init)
        let sets: [Set<Unicode.Scalar>] = (0..<24).map { index in
            // A page's handful of syllables, a board's hundreds, Latin with them.
            Set(syllables.enumerated().filter { $0.offset % (7 + index * 13) == index }.prefix(index % 3 == 0 ? 300 : 12).map(\.element))
                .union("Gazette 2026".unicodeScalars)
        }
        let source = try FontFace(data: font, name: "prepared", cutOften: true)
        let plain = try FontFace(data: font, name: "plain")
        let cut = try sets.concurrentMap { keep in
            [try FontSubsetter.subset(font, keeping: keep), try FontSubsetter.subset(source, keeping: keep), try FontSubsetter.subset(plain, keeping: keep)]
        }
        for (index, bytes) in cut.enumerated() {
            #expect(bytes[0].count > 0)
            #expect(bytes[1] == bytes[0], "set \(index): preprocessed \(bytes[1].count) bytes, read each time \(bytes[0].count)")
            #expect(bytes[2] == bytes[0], "set \(index)")
        }
        #expect(Set(cut.map { $0[0] }).count == sets.count)
    }

    func tableTags(_ font: Data) -> Set<String> {
        let bytes = [UInt8](font)
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        return Set((0..<count).map { String(decoding: bytes[12 + $0 * 16..<16 + $0 * 16], as: UTF8.self) })
    }
}

@Suite struct TextLayoutEngineTests {
    static let bold = "/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf"
    static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    func engine() throws -> TextLayoutEngine { try TextLayoutEngine(fontFiles: [nanumGothic, Self.bold, Self.emoji]) }

    @Test func wrapsLongerTextIntoMoreLinesAndKeepsKoreanWordsWhole() throws {
        let engine = try engine()
        let style = RunStyle(fonts: [nanumGothic], size: 15)
        let text = "기준금리는 그대로인데 은행 대출 금리는 또 오른다. 기사에 따르면 주요 시중은행이 이번 주 가산금리를 올린다."
        let prepared = try engine.prepare(StyledText(text, style), style: ParagraphStyle(lineHeight: 24))
        let narrow = engine.layout(prepared, width: 200)
        let wide = engine.layout(prepared, width: 2000)
        #expect(wide.lines == [text])
        #expect(narrow.lines.count > 2)
        #expect(narrow.lines.joined(separator: " ") == text, "keep-all breaks only at spaces here")
        #expect(narrow.height == Double(narrow.lines.count) * 24)
        // word-break: normal may split a Korean word between syllables.
        let normal = engine.layout(try engine.prepare(StyledText(text, style), style: ParagraphStyle(lineHeight: 24, wordBreak: .normal)), width: 200)
        #expect(normal.lines.joined() .replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
        #expect(normal.lines.contains { line in !text.contains(line + " ") && line != narrow.lines.last })
    }

    @Test func advancesAreTheFontsAdvances() throws {
        // NanumGothic: 가 is 940 units of 1000, i is 242: at 15 px about 14.1 and 3.63 px, with
        // FreeType's fixed-point rounding as Chromium gets them (155.5212 px), and the line's
        // item rounded up to 1/64 px.
        let engine = try engine()
        let layout = try engine.layout(StyledText("가가가가가가가가가가iiii", RunStyle(fonts: [nanumGothic], size: 15)), style: ParagraphStyle(lineHeight: 24), width: 1000)
        #expect(layout.lineWidths == [155.53125])
    }

    @Test func clampsAndCountsTheHiddenLines() throws {
        let engine = try engine()
        let text = String(repeating: "금리가 오르면 가계부채 부담이 커진다. ", count: 12)
        let layout = try engine.layout(StyledText(text, RunStyle(fonts: [nanumGothic], size: 15)), style: ParagraphStyle(lineHeight: 24), width: 238, maxLines: 6)
        #expect(layout.lines.count == 6)
        #expect(layout.naturalLineCount > 6)
        #expect(layout.isClamped)
        #expect(layout.height == 144)
    }

    @Test func breaksAWordWiderThanTheLineAnywhere() throws {
        let engine = try engine()
        let url = "https://example.com/a/very/long/path/that/keeps/going/and/going"
        let layout = try engine.layout(StyledText("링크 \(url)", RunStyle(fonts: [nanumGothic], size: 15)), style: ParagraphStyle(lineHeight: 24), width: 120)
        #expect(layout.lines.first == "링크", "the URL moves to its own line first")
        #expect(layout.lines.dropFirst().joined() == url)
        #expect(layout.lineWidths.allSatisfy { $0 <= 120 })
    }

    /// Found profiling fuzz-text-layout: after each overflow-wrap cut the layout looked for the
    /// word's end again from the cut, so a long word at a narrow width took the square of its
    /// length (40,000 letters at 1 px: minutes). Each letter is a line of its own.
    @Test(.timeLimit(.minutes(1))) func aLongWordAtANarrowWidthIsLaidOutInLinearTime() throws {
        let engine = try engine()
        let word = String(repeating: "가나abc", count: 8_000)
        let layout = try engine.layout(StyledText(word, RunStyle(fonts: [nanumGothic], size: 15)), style: ParagraphStyle(lineHeight: 24), width: 1)
        #expect(layout.lines.count == word.count)
        #expect(layout.lines.joined() == word)
    }

    @Test func setsEmojiInTheEmojiFontAndReportsWhatNoFontHas() throws {
        let engine = try engine()
        let stack = RunStyle(fonts: [nanumGothic, Self.emoji], size: 15)
        let prepared = try engine.prepare(StyledText("좋아요 👍🏽 \u{10FFFD}", stack), style: ParagraphStyle(lineHeight: 24))
        #expect(prepared.missingGlyphs == ["\u{10FFFD}"])
        #expect(throws: TextLayoutEngine.Failure.self) {
            try engine.prepare(StyledText("x", RunStyle(fonts: ["/nowhere.ttf"], size: 12)), style: ParagraphStyle(lineHeight: 20))
        }
        #expect(throws: TextLayoutEngine.Failure.self) { try TextLayoutEngine(fontFiles: ["/nowhere.ttf"]) }
    }
}

/// The margin of `layout(_:width:maxLines:margin:)`: a line that ends within it of the edge is
/// broken on purpose, and the break is reported for the page to make explicit.
@Suite struct NearEdgeBreakTests {
    let style = RunStyle(fonts: [nanumGothic], size: 15)
    let paragraph = ParagraphStyle(lineHeight: 24)

    func engine() throws -> TextLayoutEngine { try TextLayoutEngine(fontFiles: [nanumGothic]) }

    /// The width the two words "기준금리는 동결" take on one line, in px.
    func twoWords(_ engine: TextLayoutEngine) throws -> Double {
        try engine.layout(StyledText("기준금리는 동결", style), style: paragraph, width: 10_000).lineWidths[0]
    }

    @Test func aWordThatFitsOnlyJustMovesToTheNextLineWithAnExplicitBreak() throws {
        let engine = try engine()
        let full = try twoWords(engine)
        // 0.3 px to spare: Chromium fits it, another engine's rounding may not.
        let layout = try engine.layout(StyledText("기준금리는 동결", style), style: paragraph, width: full + 0.3, margin: 0.75)
        #expect(layout.lines == ["기준금리는", "동결"])
        // Before 동결: scalar 6 of the one run ("기준금리는 " is 6 scalars).
        #expect(layout.forcedBreaks == [TextPosition(run: 0, offset: 6)])
        // Without a margin it is Chromium's own decision: one line, nothing forced.
        let plain = try engine.layout(StyledText("기준금리는 동결", style), style: paragraph, width: full + 0.3)
        #expect(plain.lines == ["기준금리는 동결"] && plain.forcedBreaks.isEmpty)
    }

    @Test func aWordThatOverflowsOnlyJustKeepsItsBreakAndMakesItExplicit() throws {
        let engine = try engine()
        let full = try twoWords(engine)
        let layout = try engine.layout(StyledText("기준금리는 동결", style), style: paragraph, width: full - 0.3, margin: 0.75)
        #expect(layout.lines == ["기준금리는", "동결"])
        #expect(layout.forcedBreaks == [TextPosition(run: 0, offset: 6)])
    }

    @Test func clearDecisionsForceNothing() throws {
        let engine = try engine()
        let full = try twoWords(engine)
        for width in [full + 2, full - 2] {
            let layout = try engine.layout(StyledText("기준금리는 동결", style), style: paragraph, width: width, margin: 0.75)
            #expect(layout.forcedBreaks.isEmpty, "at \(width)")
        }
    }

    @Test func breaksAreCountedInTheRunsSourceTextBeforeCollapsing() throws {
        let engine = try engine()
        let full = try twoWords(engine)
        // Two runs; the second starts with spaces that collapse into one.
        let text = StyledText([StyledText.Run("기준금리는", style), StyledText.Run("   동결", style)])
        let layout = engine.layout(try engine.prepare(text, style: paragraph), width: full + 0.3, margin: 0.75)
        #expect(layout.lines == ["기준금리는", "동결"])
        #expect(layout.forcedBreaks == [TextPosition(run: 1, offset: 3)])
    }

    @Test func breaksPastAClampAreNotReported() throws {
        let engine = try engine()
        let full = try twoWords(engine)
        let text = StyledText("기준금리는 동결 기준금리는 동결", style)
        // Line 1 "기준금리는 동결" fits only just, so 동결 is pushed: but with one line shown,
        // nothing the page shows depends on it.
        let clamped = try engine.layout(text, style: paragraph, width: full + 0.3, maxLines: 1, margin: 0.75)
        #expect(clamped.lines == ["기준금리는"])
        #expect(clamped.forcedBreaks.isEmpty)
        let open = try engine.layout(text, style: paragraph, width: full + 0.3, margin: 0.75)
        #expect(open.forcedBreaks.first == TextPosition(run: 0, offset: 6))
    }

    /// `prepare` walks a run scalar by scalar, not character by character, when every scalar
    /// `standsAlone`: then no two of them make one character, whatever their order. Random
    /// strings of such scalars (each range's edges among them) have as many characters as
    /// scalars; and CR, a combining mark, a joiner or a jamo beside them would not.
    @Test func scalarsThatStandAloneAreCharactersOfTheirOwn() {
        var random = SeededGenerator(seed: 7)
        let edges: [UInt32] = [0, 0x0A, 0x0C, 0x0E, 0x20, 0x7E, 0x7F, 0xA0, 0xAD, 0xFF, 0x2FF, 0x2010, 0x2027, 0x2030, 0x205E, 0x2190, 0x21FF, 0x3000, 0x3029, 0xAC00, 0xD7A3, 0xFF01, 0xFF5E]
        let all = (UInt32(0)...0x10FFFF).lazy.filter(TextLayoutEngine.standsAlone)
        let pool = Array(all)
        for value in edges { #expect(TextLayoutEngine.standsAlone(value)) }
        for _ in 0..<5_000 {
            let scalars = (0..<Int.random(in: 2...12, using: &random)).compactMap { _ in
                Unicode.Scalar(Bool.random(using: &random) ? edges.randomElement(using: &random) ?? 0 : pool.randomElement(using: &random) ?? 0)
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            #expect(String(text).count == scalars.count, "\(scalars.map { String($0.value, radix: 16) })")
        }
        for joining: UInt32 in [0x0D, 0x0301, 0x200D, 0x11A8, 0xFE0F, 0x1F1E6] { #expect(!TextLayoutEngine.standsAlone(joining)) }
    }

    /// `measure`, which cards use at every width, decides as `layout` does: the same height and
    /// the same forced breaks, on paragraphs of short and overlong words in two runs, at widths
    /// around each close call, with and without a margin and a clamp.
    @Test func measureAgreesWithLayout() throws {
        let engine = try engine()
        var random = SeededGenerator(seed: 52)
        let words = ["기준금리는", "동결", "가", "한국은행이", String(repeating: "나", count: 24), "GDP", "2.3%", "(전망)", "—", "물가"]
        var compared = 0
        for _ in 0..<300 {
            let first = (0..<Int.random(in: 1...12, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: " ")
            let second = (0..<Int.random(in: 0...6, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: "  ")
            let text = StyledText([StyledText.Run(first, style), StyledText.Run(" " + second, style)])
            let prepared = try engine.prepare(text, style: paragraph)
            for _ in 0..<6 {
                let width = Double.random(in: 20...400, using: &random)
                let margin = Bool.random(using: &random) ? 0.75 : 0
                let maxLines = [nil, 1, 2, 3].randomElement(using: &random) ?? nil
                let layout = engine.layout(prepared, width: width, maxLines: maxLines, margin: margin)
                let measured = engine.measure(prepared, width: width, maxLines: maxLines, margin: margin)
                #expect(measured.height == layout.height, "\(first) | \(second) at \(width)")
                #expect(measured.forcedBreaks == layout.forcedBreaks, "\(first) | \(second) at \(width)")
                compared += layout.forcedBreaks.count
            }
        }
        // Close calls were among them: the forced breaks were compared, not only empty lists.
        #expect(compared > 20, "\(compared) forced breaks")
    }

    @Test func aLongWordCutNearTheEdgeIsCutExplicitly() throws {
        let engine = try engine()
        let word = String(repeating: "가", count: 30)
        let one = try engine.layout(StyledText("가", style), style: paragraph, width: 10_000).lineWidths[0]
        // Room for exactly 10 syllables and a hair: the 11th overflows by almost a syllable, but
        // the 10th ends within the margin, so the cut comes one syllable earlier, explicitly.
        let layout = try engine.layout(StyledText(word, style), style: paragraph, width: 10 * one + 0.2, margin: 0.75)
        #expect(layout.lines.first == String(repeating: "가", count: 9))
        #expect(layout.forcedBreaks.first == TextPosition(run: 0, offset: 9))
        for width in layout.lineWidths { #expect(width <= 10 * one + 0.2 - 0.75) }
    }
}

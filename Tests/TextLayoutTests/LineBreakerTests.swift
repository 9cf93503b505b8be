import Foundation
import Testing

@testable import TextLayout

// Every expectation here was read off Chromium 156 (headless, Linux): break opportunities by
// setting the text at `width: 0` with `overflow-wrap: normal` (each line is then one unbreakable
// stretch), line splits and widths with the fonts below at 15 px, `word-break: keep-all`,
// `overflow-wrap: anywhere`, as the theme sets paragraphs.

/// The text cut at every break opportunity; spaces stay with the stretch before them, the way
/// Chromium hangs them at a line's end.
private func stretches(_ text: String, _ mode: LineBreaker.Mode = .keepAll) -> [String] {
    let scalars = text.unicodeScalars.map(\.value)
    let breaks = LineBreaker.opportunities(scalars, mode: mode)
    var result: [String] = []
    var current = String.UnicodeScalarView()
    for (index, scalar) in text.unicodeScalars.enumerated() {
        if breaks[index] {
            result.append(String(current))
            current = String.UnicodeScalarView()
        }
        current.append(scalar)
    }
    result.append(String(current))
    return result
}

@Suite struct LineBreakerOpportunityTests {
    /// The Basic Multilingual Plane's facts are read from an array made from the generated table;
    /// every code point gives what the table's search gives, and the ASCII sets the ASCII pairs
    /// use hold exactly their characters.
    @Test func theArrayOfFactsIsTheTable() {
        let differing = (UInt32(0)..<0x10000).filter { UnicodeLineFacts.basicCodes[Int($0)] != UnicodeLineFacts.code(searching: $0) }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
        #expect(Set(UnicodeLineFacts.basicCodes).count > 20)
        let set = LineBreaker.ASCIISet("(<[{")
        #expect((UInt32(0)..<0x200).filter(set.contains) == [0x28, 0x3C, 0x5B, 0x7B])
        #expect((UInt32(0)..<0x200).filter(LineBreaker.ASCIISet("?~\u{7F}@").contains) == [0x3F, 0x40, 0x7E, 0x7F])
    }

    @Test func keepAllKeepsKoreanWordsWholeAndNormalBreaksBetweenSyllables() {
        #expect(stretches("한국어 문장을 나눈다") == ["한국어 ", "문장을 ", "나눈다"])
        #expect(stretches("한국어 문장을 나눈다", .normal) == ["한", "국", "어 ", "문", "장", "을 ", "나", "눈", "다"])
    }

    @Test func urlsBreakOnlyAfterAHyphenBeforeALetterAndAfterAQuestionMark() {
        let url = "https://example.com/a-b?x=1&y=2"
        #expect(stretches(url) == ["https://example.com/a-", "b?", "x=1&y=2"])
        #expect(stretches(url, .normal) == stretches(url))
    }

    @Test func aHyphenBeforeADigitBreaksOnlyAfterALetterOrDigit() {
        // "-5" is a negative number; "ABCD-1234" and "3-4" are ranges or codes.
        #expect(stretches("-5 ABCD-1234 a-b 3-4") == ["-5 ", "ABCD-", "1234 ", "a-", "b ", "3-", "4"])
    }

    @Test func cjkQuotesAndBracketsStayWithTheirWords() {
        let text = "“왜 증시는 멈췄을까.”—김 장관 『쌀값』, 「보고서」"
        #expect(stretches(text) == ["“왜 ", "증시는 ", "멈췄을까.”—", "김 ", "장관 ", "『쌀값』, ", "「보고서」"])
        #expect(stretches(text, .normal) == [
            "“왜 ", "증", "시", "는 ", "멈", "췄", "을", "까.”—", "김 ", "장", "관 ", "『쌀", "값』, ", "「보", "고", "서」",
        ])
    }

    @Test func ellipsesAndSentencePunctuationNeverStartALine() {
        let text = "그래서…그런가? 그렇다! 아니다, 어쩌면."
        #expect(stretches(text) == ["그래서…", "그런가? ", "그렇다! ", "아니다, ", "어쩌면."])
        #expect(stretches(text, .normal) == ["그", "래", "서…", "그", "런", "가? ", "그", "렇", "다! ", "아", "니", "다, ", "어", "쩌", "면."])
    }

    @Test func numbersWithUnitsFollowICUsNumberExpression() {
        // ICU's LB25 is one expression, (PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?:
        // "℃" (PO) stays with 8.6, but "℃(" may break because no digit follows the bracket (the
        // old pair rule PO × OP would have glued it). "㎡" is ID, so it may start a line.
        let text = "(제10차)다. 8.6℃(제10차) 137.1조 149㎡ €51,31 ±2.8 -2.3%p 5×3 13~21 50% 100‰"
        #expect(stretches(text) == [
            "(제10차)", "다. ", "8.6℃", "(제10차) ", "137.1조 ", "149", "㎡ ", "€51,31 ", "±2.8 ", "-2.3%p ", "5×3 ", "13~21 ",
            "50% ", "100‰",
        ])
        #expect(stretches(text, .normal) == [
            "(제", "10", "차)", "다. ", "8.6℃", "(제", "10", "차) ", "137.1", "조 ", "149", "㎡ ", "€51,31 ", "±2.8 ", "-2.3%p ",
            "5×3 ", "13~21 ", "50% ", "100‰",
        ])
    }

    @Test func emojiSequencesAreNeverSplit() {
        // Skin tone (LB30b), ZWJ family (LB8a), flags (LB30a pairs), keycap and VS16 (LB9).
        let text = "👍🏽👨‍👩‍👧‍👦🇯🇵🇰🇷#️⃣☺️가😀나"
        let expected = ["👍🏽", "👨‍👩‍👧‍👦", "🇯🇵", "🇰🇷", "#️⃣", "☺️", "가", "😀", "나"]
        #expect(stretches(text) == expected)
        #expect(stretches(text, .normal) == expected)
    }

    @Test func emojiBreakFromTheLettersAroundThemEvenWithKeepAll() {
        #expect(stretches("좋아요👍 test😀test") == ["좋아요", "👍 ", "test", "😀", "test"])
        #expect(stretches("좋아요👍 test😀test", .normal) == ["좋", "아", "요", "👍 ", "test", "😀", "test"])
    }
}

@Suite struct LineBreakerLayoutTests {
    static let regular = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
    static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    static let text = RunStyle(fonts: [regular, emoji], size: 15)
    static let paragraph = ParagraphStyle(lineHeight: 24)

    /// The fonts as a site ships them: NanumGothic through `FontSubsetter`, which drops its legacy
    /// `kern` table (the stock file would be kerned and measure differently from what Chromium
    /// sees); the emoji font has nothing to drop.
    static let shared: Result<TextLayoutEngine, any Error> = Result {
        guard let stock = FileManager.default.contents(atPath: regular) else {
            throw TextLayoutEngine.Failure(description: "cannot read \(regular)")
        }
        let shipped = try FontSubsetter.subset(stock, keeping: FontSubsetter.coverage(stock))
        return TextLayoutEngine(faces: [regular: try FontFace(data: shipped, name: regular), emoji: try FontFace(file: emoji)])
    }

    func engine() throws -> TextLayoutEngine { try Self.shared.get() }

    func lines(_ text: String, width: Double) throws -> [String] {
        try engine().layout(StyledText(text, Self.text), style: Self.paragraph, width: width).lines
    }

    @Test func advancesCarryFreeTypesFixedPointRounding() throws {
        let engine = try engine()
        // "/" is 375 of 1000 units: 5.625 px exactly, but FreeType scales by a rounded 16.16
        // factor, so Chromium's advance is 368643/65536 px and a hundred of them take 562.515625
        // px in LayoutUnits rather than 562.5.
        let face = try #require(engine.face(Self.regular))
        #expect(face.shape([0x2F], range: 0..<1, language: "ko", size: 15).map(\.advance) == [368_643])
        let slashes = engine.layout(try engine.prepare(StyledText(String(repeating: "/", count: 100), Self.text), style: Self.paragraph), width: 1000)
        #expect(slashes.lineWidths == [562.515625])
    }

    @Test func colourEmojiAreMeasuredFromTheirBitmapStrike() throws {
        // Noto Color Emoji: 136 px wide at its 109 ppem strike, so 18.7156 px at 15 px (its hmtx
        // would say 2550/2048 em, 18.6768 px). Chromium: a hundred take 1871.5625 px.
        let engine = try engine()
        let layout = engine.layout(try engine.prepare(StyledText(String(repeating: "😀", count: 100), Self.text), style: Self.paragraph), width: 2000)
        #expect(layout.lineWidths == [1871.5625])
    }

    @Test func aLineOverTheEdgeByLessThanALayoutUnitStillBreaks() throws {
        // The text is 159.0161 px: over 159 + 1/64 once FreeType's rounding is counted.
        #expect(try lines("YouTube와 GDP 사이의 연결고리가 드러났다", width: 159) == ["YouTube와 GDP", "사이의 연결고리가", "드러났다"])
        #expect(try lines("/ArgumentParser/11/releases/ See", width: 237) == ["/ArgumentParser/11/releases/", "See"])
        #expect(try lines("/ArgumentParser/11/releases/ See", width: 237.02) == ["/ArgumentParser/11/releases/ See"])
    }

    @Test func eachInlineElementIsRoundedUpToALayoutUnitOnItsOwn() throws {
        // "iiii iiii" is 2128/64 px in one text node, 2129/64 px when the second word is an <em>:
        // at 2127/64 px (plus Chromium's 1/64 tolerance) only the single node fits.
        let engine = try engine()
        let emphasis = RunStyle(fonts: [Self.regular, Self.emoji], size: 15, weight: 400)
        let split = StyledText([.init("iiii ", Self.text), .init("iiii", emphasis)])
        #expect(try engine.layout(split, style: Self.paragraph, width: 33.234375).lines == ["iiii", "iiii"])
        #expect(try engine.layout(split, style: Self.paragraph, width: 33.25).lines == ["iiii iiii"])
        #expect(try lines("iiii iiii", width: 33.234375) == ["iiii iiii"])
    }

    @Test func aBracketAfterAUnitMayStartALine() throws {
        #expect(try lines("회의는 13~21 4×5에 열리며, 예상치는 8.6℃(제10차)다.", width: 159) == [
            "회의는 13~21 4×5에", "열리며, 예상치는 8.6℃", "(제10차)다.",
        ])
    }

    @Test func anOverlongWordBreaksAnywhereAndTheLineAfterBreaksNormally() throws {
        let url = "https://example.com/a/very/long/path/that/keeps/going/and/going"
        #expect(try lines("링크 \(url) 다음", width: 120) == [
            "링크", "https://example.", "com/a/very/long/", "path/that/keeps/", "going/and/going", "다음",
        ])
        // The full stop belongs to the overlong word (no opportunity before it), so breaking
        // anywhere can leave it to start the next line.
        #expect(try lines("링크 \(url). 다음 문장", width: 120) == [
            "링크", "https://example.", "com/a/very/long/", "path/that/keeps/", "going/and/going", ". 다음 문장",
        ])
    }
}

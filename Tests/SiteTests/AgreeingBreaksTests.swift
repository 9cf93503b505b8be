import Testing

@testable import Site

/// The word joiners cards put after `/`, `-` and `·` where a non-space follows, so every engine
/// breaks a card's lines where the build measured them.
struct AgreeingBreaksTests {
    /// The rule written on scalars, as the card text was made before it was read on bytes.
    static func reference(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            result.append(scalar)
            if ["/", "-", "\u{00B7}"].contains(scalar), index + 1 < scalars.count, !scalars[index + 1].properties.isWhitespace,
                scalars[index + 1] != "\u{2060}"
            {
                result.append("\u{2060}")
            }
        }
        return String(result)
    }

    @Test func joinsWhereANonSpaceFollows() {
        #expect(CardMaker.agreeingBreaks("https://example.org/a-b") == "https:/\u{2060}/\u{2060}example.org/\u{2060}a-\u{2060}b")
        #expect(CardMaker.agreeingBreaks("금리·환율 - 전망") == "금리·\u{2060}환율 - 전망")
        // Already joined, at the end, before a line break or a non-breaking space: nothing added.
        #expect(CardMaker.agreeingBreaks("a-\u{2060}b c- d-\ne-\u{00A0}f-") == "a-\u{2060}b c- d-\ne-\u{00A0}f-")
        // No such character (Hangul whose UTF-8 holds the byte B7 included): the same string.
        #expect(CardMaker.agreeingBreaks("뷁 뷷 텍스트") == "뷁 뷷 텍스트")
    }

    /// Random texts of the characters that matter, spaces of every kind and Hangul: the same as
    /// the rule on scalars.
    @Test func agreesWithTheRuleOnScalars() {
        let alphabet: [Character] = [
            "/", "-", "·", "a", "가", "뷷", " ", "\t", "\n", "\r\n", "\u{00A0}", "\u{3000}", "\u{2060}", "é", "😀", "\u{0301}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            #expect(Array(CardMaker.agreeingBreaks(text).utf8) == Array(Self.reference(text).utf8), "\(Array(text.unicodeScalars))")
        }
    }
}

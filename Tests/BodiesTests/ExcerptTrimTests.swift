import Foundation
import Testing

@testable import Bodies

/// Descriptions cut from a body are trimmed as Foundation's `trimmingCharacters(in:
/// .punctuationCharacters.union(.whitespaces))` trimmed them, without bridging to NSString.
@Suite struct ExcerptTrimTests {
    /// Characters added in Unicode 16 and later are left out: Foundation's set predates them,
    /// and the standard library's categories are the newer truth.
    @Test func trimsTheSameScalarsAsFoundation() {
        let foundation = CharacterSet.punctuationCharacters.union(.whitespaces)
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major < 16 else { continue }
            if foundation.contains(scalar) != TextCut.isTrimmed(scalar), differing.count < 10 {
                differing.append("U+\(String(value, radix: 16, uppercase: true))")
            }
        }
        #expect(differing.isEmpty, "\(differing)")
    }

    /// Excerpts cut by scalars where every character is one agree with excerpts cut by grapheme
    /// clusters, on random text that mixes those characters with ones that join their
    /// neighbours: Hangul jamo, combining marks, emoji sequences, CR LF, regional indicators.
    @Test func cuttingByScalarsAgreesWithCuttingByCharacters() {
        let pieces = [
            "가", "한국어 ", " ", "a", "Z.", "·", "…", "“", "”", "—", "中", "\u{1100}", "\u{1161}", "\u{11A8}", "e\u{301}",
            "\u{301}", "👩\u{200D}💻", "\u{1F1F0}\u{1F1F7}", "\r\n", "\r", "\t", "\u{200B}", "!", "?", "ｱ", "\u{FE0F}",
        ]
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var checked = 0
        for _ in 0..<20_000 {
            let text = (0..<next(30)).map { _ in pieces[next(pieces.count)] }.joined()
            let limit = [1, 3, 8, 16, 140][next(5)]
            let expected = text.utf8.count > limit ? TextCut.excerptByCharacters(text, limit: limit) : text
            #expect(TextCut.excerpt(text, limit: limit) == expected, "\(Array(text.unicodeScalars)) at \(limit)")
            if TextCut.cutBySingleScalarCharacters(text, limit: limit) != nil { checked += 1 }
            #expect(TextCut.characterCount(text) == text.count, "\(Array(text.unicodeScalars))")
        }
        // The shortcut was taken often enough for the comparison to mean something.
        #expect(checked > 2_000, "\(checked)")
    }
}

import Foundation
import Testing

@testable import GazetteModel

struct JSONStringTests {
    /// Every text, once quoted, is a JSON string literal that a real JSON parser reads back as the
    /// same text: every control character, quotes, backslashes, Hangul, emoji and combining marks.
    @Test func quotedTextReadsBackThroughJSONDecoder() throws {
        var texts = ["", "plain", "\"quoted\" and \\back\\slashed\\", "줄\n바꿈\r\n탭\t", "👩‍👩‍👧 e\u{301} /slash/", "\u{7F}\u{80}\u{2028}"]
        texts.append(String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))))
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab\"\\\n\r\t\u{08}\u{0C}\u{01}\u{1F} 가힣😀")
        for _ in 0..<200 {
            texts.append(String((0..<Int.random(in: 0..<24, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }))
        }
        for text in texts {
            let quoted = JSONString.quoted(text)
            let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
            #expect(decoded == text, "\(quoted)")
            #expect(!quoted.unicodeScalars.dropFirst().dropLast().contains { $0.value < 0x20 }, "a raw control character in \(quoted)")
        }
    }

    /// What is not escaped is written as it is: Hangul and `/` stay readable in front matter.
    @Test func onlyWhatJSONRequiresIsEscaped() {
        #expect(JSONString.quoted("서울/부산") == "\"서울/부산\"")
        #expect(JSONString.quoted("a\u{1}b\u{8}\u{C}") == "\"a\\u0001b\\b\\f\"")
    }

    /// A text with nothing to escape comes back as the very same text.
    @Test func textWithNothingToEscapeIsUntouched() {
        let escaping = BackslashEscaping(["\\": "\\\\", "\t": "\\t"])
        #expect(escaping.escape("그대로 두기") == "그대로 두기")
        #expect(escaping.escape("a\tb\\") == "a\\tb\\\\")
    }
}

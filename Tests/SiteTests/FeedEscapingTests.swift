import Testing

@testable import Site

/// The feed's XML escaping, done on UTF-8 bytes.
@Suite struct FeedEscapingTests {
    @Test func escapesTheFiveCharactersAndDropsWhatXMLForbids() {
        #expect(Feeds.escape("plain 한글 text") == "plain 한글 text")
        #expect(Feeds.escape("<p class=\"a\">Tom & 'Jerry'</p>") == "&lt;p class=&quot;a&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/p&gt;")
        // Tab, newline and carriage return stay; other C0 controls are dropped, wherever they are.
        #expect(Feeds.escape("a\u{1}b\tc\nd\re\u{1F}f") == "ab\tc\nd\ref")
        #expect(Feeds.escape("\u{0}<한>\u{7}") == "&lt;한&gt;")
        // Multi-byte characters pass whole, beside escapes.
        #expect(Feeds.escape("😀&é") == "😀&amp;é")
    }

    /// Random text of the characters that matter, beside and between runs of others, against
    /// escaping done one character at a time: the run-at-a-time copy must lose and repeat nothing.
    @Test func escapingMatchesACharacterAtATimeReference() {
        func reference(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&apos;"
                case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
                case _ where scalar.value < 0x20: break
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        let pieces = ["&", "<", ">", "\"", "'", "\u{0}", "\u{1F}", "\t", "\n", "\r", "a", "한글", "😀", "é", "plain text "]
        var state: UInt64 = 0xFEED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<2_000 {
            let text = (0..<next(13)).map { _ in pieces[next(pieces.count)] }.joined()
            #expect(Feeds.escape(text) == reference(text), "\(Array(text.unicodeScalars))")
        }
    }
}

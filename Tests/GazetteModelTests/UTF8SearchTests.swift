import Foundation
import Testing

import GazetteModel

/// The byte-level search gives what Foundation's string search gives, Hangul and emoji included.
@Suite struct UTF8SearchTests {
    @Test func partsMatchFoundationsComponents() {
        let texts = ["", "**", "a**b**c", "**굵게** 보통 **또 굵게", "🎉**x**🎉", "no marker", "***", "a\n\nb\n"]
        for text in texts {
            for separator in ["**", "\n", "`", "<strong>"] {
                #expect(UTF8Search.parts(of: text, separatedBy: separator) == text.components(separatedBy: separator), "\(text) / \(separator)")
            }
        }
    }

    @Test func containsAndFirstIndex() {
        #expect(UTF8Search.contains("a class=\"card-title\"", "class=\"card"))
        #expect(!UTF8Search.contains("span", "class"))
        let html = "<html><head>한글<link rel=\"stylesheet\" href=x></head><body>"
        let index = UTF8Search.firstIndex(of: "<link rel=\"stylesheet\"", in: html)
        #expect(index == html.range(of: "<link rel=\"stylesheet\"")?.lowerBound)
        #expect(UTF8Search.firstIndex(of: "<body", in: html) == html.range(of: "<body")?.lowerBound)
        #expect(UTF8Search.firstIndex(of: "<nav", in: html) == nil)
    }

    /// `firstOffset` (memchr and memcmp on contiguous bytes) finds what a byte-by-byte reference
    /// finds, on arrays, buffers and a collection with no contiguous storage, for needles at the
    /// start, the end, overlapping a false start ("aab" in "aaab"), longer than the text, empty.
    @Test func firstOffsetMatchesAReference() {
        func reference(_ needle: [UInt8], _ bytes: [UInt8]) -> Int? {
            if needle.isEmpty { return 0 }
            guard needle.count <= bytes.count else { return nil }
            return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }
        }
        var generator = SystemRandomNumberGenerator()
        var cases: [([UInt8], [UInt8])] = [
            (Array("aab".utf8), Array("aaab".utf8)), (Array("b".utf8), Array("aaab".utf8)), (Array("".utf8), Array("x".utf8)),
            (Array("long needle".utf8), Array("short".utf8)), (Array("a".utf8), []), (Array("한".utf8), Array("대한민국".utf8)),
        ]
        for _ in 0..<2_000 {
            let alphabet: [UInt8] = [0x61, 0x62, 0x63, 0xED]
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let needle = (0..<Int.random(in: 0...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            cases.append((needle, bytes))
        }
        for (needle, bytes) in cases {
            let expected = reference(needle, bytes)
            #expect(UTF8Search.firstOffset(of: needle, in: bytes) == expected, "\(needle) in \(bytes)")
            #expect(bytes.withUnsafeBufferPointer { UTF8Search.firstOffset(of: needle, in: $0) } == expected)
            let computed = (0..<bytes.count).lazy.map { bytes[$0] }
            #expect(UTF8Search.firstOffset(of: needle, in: computed) == expected, "no contiguous storage")
        }
    }

    /// `range`, `lastRange` and `trimmingWhiteSpace` (what PDF objects, front matter and bodies are
    /// read with) answer as Foundation's `range(of:)`, `range(of:options: .backwards)` and
    /// `trimmingCharacters(in:)` do, for ASCII, Hangul, marks and non-ASCII white space at the ends.
    @Test func rangesAndTrimmingMatchFoundation() {
        let texts = [
            "", " ", "\n<< /Type /Catalog >>\n", "<< /A >> << /B >>", ">>", ">", "\t\r\n\u{0B}\u{0C} x \n",
            "(제목) << /Title (뷁) >>\n", "\u{00A0}<< >>\u{3000}", "\u{2028}x\u{0085}", " \u{301}a\t", "\t \u{3000} 제목 \u{00A0}\n",
            "é>>é", "<< /URI (https://a.example/>>) >>", "/Length /Length 12 0 R", "끝>>", "\u{FEFF}>>", "**굵게**가 __또__ [링크](a b)",
        ]
        for text in texts {
            for needle in [">>", "/Length ", "/URI (", "x", "<<", "**", "](", "굵게"] {
                #expect(UTF8Search.range(of: needle, in: text) == text.range(of: needle), "\(text.debugDescription) \(needle)")
                #expect(
                    UTF8Search.lastRange(of: needle, in: text) == text.range(of: needle, options: .backwards),
                    "\(text.debugDescription) \(needle) backwards")
            }
            #expect(UTF8Search.trimmingWhiteSpace(text, newlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(UTF8Search.trimmingWhiteSpace(text) == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription) spaces")
        }
    }
}

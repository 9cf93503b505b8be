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
}

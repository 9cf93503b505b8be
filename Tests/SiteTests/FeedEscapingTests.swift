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
}

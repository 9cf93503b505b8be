import Content
import Testing

/// `<img>` tags as other editors write them, read for the Markdown picture they stand for.
@Suite struct ImageTagTests {
    func read(_ line: String, at start: Int = 0) -> ImageTag? { ImageTag.read(Array(line.utf8), at: start) }

    @Test func typorasTagIsTheMarkdownPicture() throws {
        let line = #"앞 <img src="chart.png" alt="금리 &amp; 환율" style="zoom:50%;" /> 뒤"#
        let tag = try #require(read(line, at: "앞 ".utf8.count))
        #expect(tag.source == "chart.png" && tag.alt == "금리 & 환율")
        #expect(tag.markdown == "![금리 & 환율](chart.png)")
        #expect(Array(line.utf8)[tag.end...].elementsEqual(" 뒤".utf8))
        #expect(!tag.isLocalFile)
    }

    @Test func quotesCaseAndBareValuesAreRead() {
        #expect(read("<IMG SRC='a b.png' ALT=차트>")?.markdown == "![차트](<a b.png>)")
        #expect(read("<img alt=\"[표]\" src=x.png>")?.markdown == #"![\[표\]](x.png)"#)
        #expect(read("<img src=\"/Users/me/Desktop/x.png\">").map { ($0.markdown, $0.isLocalFile) } ?? ("", false) == ("![](x.png)", true))
    }

    /// Whatever follows `<img` on the line (a journal is anyone's text), reading ends inside
    /// it: no crash, no endless loop, and a tag read ends past its start.
    @Test func anyLineIsReadSafely() {
        var generator = SystemRandomNumberGenerator()
        let pieces = Array(" \t=\"'/>srcalt<img한글x.png".utf8)
        for _ in 0..<3_000 {
            let tail = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? 0x20 }
            let line = Array("<img".utf8) + tail
            if let tag = ImageTag.read(line, at: 0) { #expect(tag.end > 4 && tag.end <= line.count) }
        }
    }

    /// No `src`, a tag the line never closes, a quote never closed, or not an `<img>` at all.
    @Test func whatIsNotAPictureIsNil() {
        for line in ["<img alt=\"x\">", "<img src=\"a.png\"", "<img src=\"a.png>", "<image src=a.png>", "<imgx src=a.png>", "<i>", "", "<img"] {
            #expect(read(line) == nil, "\(line)")
        }
        #expect(read("<img src=a.png>", at: -1) == nil && read("<img src=a.png>", at: 40) == nil)
    }
}

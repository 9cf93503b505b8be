import Dispatch
import Foundation
import Markdown
import Testing

@Suite struct MarkdownDocumentTests {
    @Test func rendersEveryEnabledExtension() {
        let html = MarkdownDocument(
            """
            | a | b |
            |---|---|
            | 1 | 2 |

            ~~gone~~ and https://example.org

            - [x] done
            - [ ] todo
            """
        ).html()
        #expect(html.contains("<table>"))
        #expect(html.contains("<td>1</td>"))
        #expect(html.contains("<del>gone</del>"))
        #expect(html.contains(#"<a href="https://example.org">https://example.org</a>"#))
        #expect(html.contains(#"<input type="checkbox" checked="" disabled="" aria-label="Done" />"#))
        #expect(html.contains(#"<input type="checkbox" disabled="" aria-label="To do" />"#))
    }

    /// `<pre lang="python">` (GitHub's form) fails the Nu HTML checker: `lang` is a language tag.
    @Test func codeBlocksNameTheirLanguageInAClass() {
        let html = MarkdownDocument("```python\nprint(1)\n```\n").html()
        #expect(html == "<pre><code class=\"language-python\">print(1)\n</code></pre>\n")
    }

    /// cmark-gfm's autolink extension edits a process-wide table on parser attach and free; a
    /// parse racing another parser's free used to lose its autolinks.
    @Test func concurrentParsesAgree() {
        let text = String(repeating: "보도자료는 https://www.motie.go.kr 에서, www.example.org 도.\n\n", count: 50)
        let expected = MarkdownDocument(text).html()
        let results = UnsafeSendableBox(Array(repeating: "", count: 64))
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let html = MarkdownDocument(text).html()
            results.lock.lock()
            results.value[index] = html
            results.lock.unlock()
        }
        #expect(results.value.allSatisfy { $0 == expected })
        #expect(expected.contains(#"<a href="https://www.motie.go.kr">"#))
    }

    @Test func escapesRawHTMLByDefault() {
        let html = MarkdownDocument("<div class=\"x\">hi</div>\n\nA <b>bold</b> claim.").html()
        #expect(html.contains("<p>&lt;div class=&quot;x&quot;&gt;hi&lt;/div&gt;</p>"))
        #expect(html.contains("A &lt;b&gt;bold&lt;/b&gt; claim."))
        #expect(!html.contains("<div"))
    }

    @Test func passesRawHTMLWhenUnsafeButTagfilterStillApplies() {
        let html = MarkdownDocument(
            "<div class=\"x\">hi</div>\n\n<script>alert(1)</script>\n", options: MarkdownOptions(unsafeHTML: true)
        ).html()
        #expect(html.contains("<div class=\"x\">hi</div>"))
        #expect(html.contains("&lt;script>alert(1)&lt;/script>"))
    }

    @Test func plainTextFlattensBlocks() {
        let text = MarkdownDocument("# 제목\n\n**굵게** 그리고 `code`\n\n- 하나\n- 둘\n").plainText()
        #expect(text == "제목 굵게 그리고 code 하나 둘")
    }

    @Test func plainTextCanSkipHeadings() {
        let document = MarkdownDocument("## 요약\n\n기준금리는 *그대로*다.\n\n### 내 생각\n\n- 하나\n")
        #expect(document.plainText(skippingHeadings: true) == "기준금리는 그대로다. 하나")
    }

    @Test func headingsAreShiftedSoTheHighestRendersAtTheTopLevel() {
        let options = MarkdownOptions(topHeadingLevel: 2)
        #expect(MarkdownDocument("# 하나\n\n## 둘\n\n###### 여섯\n", options: options).html() == "<h2>하나</h2>\n<h3>둘</h3>\n<h6>여섯</h6>\n")
        #expect(MarkdownDocument("## 요약\n\n### 내 생각\n", options: options).html() == "<h2>요약</h2>\n<h3>내 생각</h3>\n")
        #expect(MarkdownDocument("## 요약\n").html() == "<h2>요약</h2>\n")
    }

    @Test func listsLinksWithTheirLines() {
        let links = MarkdownDocument("Intro\n\nSee [docs](../x/) and ![](pic.png)\n").links()
        #expect(links.count == 2)
        #expect(links[0].destination == "../x/")
        #expect(links[0].line == 3)
        #expect(links[1].isImage)
        #expect(links[1].text == "")
    }
}

final class UnsafeSendableBox<Value>: @unchecked Sendable {
    var value: Value
    let lock = NSLock()
    init(_ value: Value) { self.value = value }
}

@testable import Markdown
import Testing

/// Emphasis closed by punctuation before a Korean particle, or opened after a letter before
/// punctuation, as Korean, Chinese and Japanese writers type it (CommonMark leaves these as
/// typed, asterisks shown); everything else as CommonMark reads it.
@Suite struct CJKEmphasisTests {
    private func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
        MarkdownDocument(markdown, options: options).html()
    }

    @Test func aParticleAfterPunctuationClosesEmphasis() {
        #expect(html("한은은 **'금리 동결'**을 결정했다.") == "<p>한은은 <strong>'금리 동결'</strong>을 결정했다.</p>\n")
        #expect(html("**금리 인상(0.25%p)**은 없었다.") == "<p><strong>금리 인상(0.25%p)</strong>은 없었다.</p>\n")
        #expect(html("*\"인용\"*이 맞다.") == "<p><em>&quot;인용&quot;</em>이 맞다.</p>\n")
        #expect(html("~~'취소'~~된 일정") == "<p><del>'취소'</del>된 일정</p>\n")
        #expect(html("__'밑줄'__을") == "<p><strong>'밑줄'</strong>을</p>\n")
        // A letter before the run and punctuation after it: it opens.
        #expect(html("한은은**'동결'**을 택했다.") == "<p>한은은<strong>'동결'</strong>을 택했다.</p>\n")
        #expect(html("これは**「重要なこと」**です。") == "<p>これは<strong>「重要なこと」</strong>です。</p>\n")
        #expect(html("这是**我想做的事。**所以继续。") == "<p>这是<strong>我想做的事。</strong>所以继续。</p>\n")
        // Packets set the tree: it has the bold too, and the plain text (search, cards) no marks.
        let document = MarkdownDocument("한은은 **'금리 동결'**을 결정했다.")
        #expect(document.blocks() == [.paragraph([.text("한은은 "), .strong([.text("'금리 동결'")]), .text("을 결정했다.")])])
        #expect(document.plainText() == "한은은 '금리 동결'을 결정했다.")
    }

    /// Without a Korean, Chinese or Japanese letter beside the run, CommonMark's reading stands.
    @Test func otherTextIsReadAsCommonMarkReadsIt() {
        #expect(html("**\"quote\"**s") == "<p>**&quot;quote&quot;**s</p>\n")
        #expect(html("a**\"b\"**c") == "<p>a**&quot;b&quot;**c</p>\n")
        #expect(html("가 ** 나 ** 다") == "<p>가 ** 나 ** 다</p>\n")
        #expect(html("snake_case_이름 and 2*3*가") == "<p>snake_case_이름 and 2<em>3</em>가</p>\n")
        #expect(html("공복혈당 100~125mg/dL (월)~금") == "<p>공복혈당 100~125mg/dL (월)~금</p>\n")
    }

    /// The marks the parse needed reach nothing a reader or a later step sees: code, addresses,
    /// HTML, plain text, the tree, heading ids. A body that uses the first mark itself keeps it.
    @Test func theMarksLeaveNoTrace() {
        let body = """
            ## **'요약'**은

            `**'코드'**을` and [**'링크'**를](https://example.org/a**'b'**c "제목**'t'**을") <b title="**'h'**를">x</b>

            ```**'info'**가
            **'블록'**을
            ```

            ⸮ stays: **'표'**는
            """
        let document = MarkdownDocument(body, options: MarkdownOptions(unsafeHTML: true, headingIDs: true))
        let html = document.html()
        for mark in ["\u{2E2E}", "\u{2E19}", "\u{2E0E}"] where mark != "\u{2E2E}" {
            #expect(!html.contains(mark), "\(html)")
            #expect(!document.plainText().contains(mark))
            #expect(!"\(document.blocks())".contains(mark))
        }
        #expect(html.contains("<h2 id=\"요약-은\"><strong>'요약'</strong>은</h2>"), "\(html)")
        #expect(html.contains("<code>**'코드'**을</code>"))
        #expect(html.contains(#"<a href="https://example.org/a**'b'**c" title="제목**'t'**을"><strong>'링크'</strong>를</a>"#), "\(html)")
        #expect(html.contains(#"<b title="**'h'**를">x</b>"#), "\(html)")
        #expect(html.contains(#"<pre><code class="language-**'info'**가">**'블록'**을"#), "\(html)")
        #expect(html.contains("⸮ stays: <strong>'표'</strong>는"), "\(html)")
        #expect(document.links().map(\.destination) == ["https://example.org/a**'b'**c"])
    }

    /// Where the parser reports a link or raw HTML, the column is the one in the text as
    /// written, marks or not before it on its line.
    @Test func columnsAreThoseOfTheTextAsWritten() {
        let body = "앞 줄\n**'가'**를 **(나)**는 [링크](../없는-글/) 뒤 *'라'*를 ![그림](javascript:x)\n[둘째](../b/)\n"
        let document = MarkdownDocument(body)
        let line = body.split(separator: "\n")[1]
        func column(of text: String) -> Int { line.utf8.count - line[line.range(of: text)!.lowerBound...].utf8.count + 1 }
        #expect(document.links().map(\.column) == [column(of: "[링크]"), 1])
        #expect(document.links().map(\.line) == [2, 3])
        #expect(document.refusedLinks.map(\.column) == [column(of: "![그림]")])
        let marked = CJKEmphasis.marking(body) { _ in () }.1
        #expect(marked.mark == Array("\u{2E2E}".utf8))
        #expect(marked.sourceColumn(line: 1, column: 4) == 4)
    }
}

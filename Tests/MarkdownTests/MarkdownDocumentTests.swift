import Dispatch
import Foundation
import GazetteModel
@testable import Markdown
import Testing
import TestSupport

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

    /// Headings get ids from their text, as Hugo, Zola and GitHub make them, unique in the page
    /// and never one the page has of its own; the text, the plain text and the tree are as
    /// without them, and a `<h2>` in a code block or in the text is left alone.
    @Test func headingsGetIDsFromTheirText() {
        let body = "## 요약\n\n글 <h2>\u{E000}\n\n## 내 생각 (`금리`)\n\n### 요약\n\n## Main\n\n## !!!\n\n```\n<h2>\u{E000}\n```\n"
        let options = MarkdownOptions(topHeadingLevel: 2, headingIDs: true, reservedIDs: ["main"])
        let document = MarkdownDocument(body, options: options)
        #expect(
            document.html() == """
                <h2 id="요약">요약</h2>
                <p>글 &lt;h2&gt;\u{E000}</p>
                <h2 id="내-생각-금리">내 생각 (<code>금리</code>)</h2>
                <h3 id="요약-1">요약</h3>
                <h2 id="main-1">Main</h2>
                <h2 id="section">!!!</h2>
                <pre><code>&lt;h2&gt;\u{E000}
                </code></pre>

                """)
        let plain = MarkdownDocument(body, options: MarkdownOptions(topHeadingLevel: 2))
        #expect(document.plainText() == plain.plainText() && document.blocks() == plain.blocks())
        #expect(plain.html().replacing(#/ id="[^"]*"/#, with: "") == plain.html())
        #expect(document.html().replacing(#/ id="[^"]*"/#, with: "") == plain.html())
        // Kept by the sanitizer when raw HTML is allowed, beside the author's own heading.
        let unsafe = MarkdownDocument("<h2>손으로</h2>\n\n## 요약\n", options: MarkdownOptions(unsafeHTML: true, headingIDs: true))
        #expect(unsafe.html() == "<h2>손으로</h2>\n<h2 id=\"요약\">요약</h2>\n", "\(unsafe.html())")
    }

    /// Footnotes as GitHub reads them: references numbered in the order first written, the notes
    /// at the end with a way back named in the page's language and drawn with an arrow the
    /// site's fonts have; the tree numbers them alike; a heading's id and the plain text leave
    /// the numbers out; a reference with no note stays as typed, a note nothing refers to goes.
    @Test func footnotesAreNumberedAndListedAtTheEnd() {
        let body = "## 요약[^B]\n\n동결했다[^a], 다시[^A]. 없는 것[^x].\n\n[^a]: 보도자료 **원문**.\n[^b]: 둘째.\n[^unused]: 버려짐.\n"
        let document = MarkdownDocument(body, options: MarkdownOptions(topHeadingLevel: 2, headingIDs: true, footnoteBack: "본문으로 돌아가기"))
        let html = document.html()
        #expect(html.hasPrefix(##"<h2 id="요약">요약<sup class="footnote-ref"><a href="#fn-b" id="fnref-b" data-footnote-ref>1</a></sup></h2>"##), "\(html)")
        #expect(html.contains(##"동결했다<sup class="footnote-ref"><a href="#fn-a" id="fnref-a" data-footnote-ref>2</a></sup>"##))
        #expect(html.contains("없는 것[^x]."))
        #expect(html.contains(##"<li id="fn-b">"##) && html.contains(##"<li id="fn-a">"##) && !html.contains("버려짐"))
        #expect(html.contains(##"class="footnote-backref" data-footnote-backref aria-label="본문으로 돌아가기">↑</a>"##))
        #expect(!html.contains("↩") && !html.contains("Back to content"))
        #expect(html.range(of: ##"<li id="fn-b">"##).map { $0.lowerBound < (html.range(of: ##"<li id="fn-a">"##)?.lowerBound ?? $0.lowerBound) } == true)
        #expect(
            document.blocks() == [
                .heading(level: 2, [.text("요약"), .footnoteReference(1)]),
                .paragraph([.text("동결했다"), .footnoteReference(2), .text(", 다시"), .footnoteReference(2), .text(". 없는 것[^x].")]),
                .footnote(number: 1, [.paragraph([.text("둘째.")])]),
                .footnote(number: 2, [.paragraph([.text("보도자료 "), .strong([.text("원문")]), .text(".")])]),
            ])
        #expect(document.plainText(skippingHeadings: true) == "동결했다, 다시. 없는 것[^x]. 둘째. 보도자료 원문.")
        // Raw HTML allowed: the sanitizer keeps the references, the notes and their ids.
        let unsafe = MarkdownDocument("글[^1].\n\n[^1]: 주.\n", options: MarkdownOptions(unsafeHTML: true)).html()
        #expect(unsafe.contains(##"<a href="#fn-1" id="fnref-1">1</a>"##) && unsafe.contains(##"<li id="fn-1">"##), "\(unsafe)")
    }

    /// Korean writes ranges with one tilde; only two strike text out.
    @Test func oneTildeIsARangeNotAStrikethrough() {
        let document = MarkdownDocument("공복혈당 100~125mg/dL, 당화혈색소 5.7~6.4%. ~~틀린 생각~~은 버렸다.")
        let html = document.html()
        #expect(html.contains("100~125mg/dL, 당화혈색소 5.7~6.4%"))
        #expect(html.contains("<del>틀린 생각</del>은"))
        #expect(!html.contains("<del>125"))
        #expect(document.plainText().contains("100~125mg/dL"))
    }

    /// A `%` that starts no escape (`100%.png`, `?x=50%`) is written `%25`: sent as it is, servers
    /// refuse the address (nginx answers 400). Escapes stay as written.
    @Test func aPercentSignThatStartsNoEscapeIsEscaped() {
        let html = MarkdownDocument("![백퍼센트](100%.png) [링크](https://example.org/a?x=50%) [한](https://example.org/%ED%95%9C) [z](%zz%4)").html()
        #expect(html.contains("src=\"100%25.png\""), "\(html)")
        #expect(html.contains("href=\"https://example.org/a?x=50%25\""))
        #expect(html.contains("href=\"https://example.org/%ED%95%9C\""))
        #expect(html.contains("href=\"%25zz%254\""))
    }

    /// Documents parse on both cores at once, and none loses the characters its extensions
    /// need while another finishes: with cmark-gfm's own table handling, one thread's parse
    /// emptied the table under another's, whose autolinks and strikethroughs came out as text.
    @Test func documentsParseAtOnceAndKeepTheirExtensions() {
        #expect(MarkdownDocument.parsesAtOnce, "cmark-gfm does not call CCMarkGFMShared's definition: is it exported (Package.swift)?")
        let count = 600
        let htmls = Locked([String](repeating: "", count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let html = MarkdownDocument("노트 \(index): www.example.org/\(index) 참고, ~~옛 생각 \(index)~~ 버림.\n\n| a |\n|---|\n| ~~\(index)~~ |\n").html()
            htmls.withLock { $0[index] = html }
        }
        for (index, html) in htmls.withLock({ $0 }).enumerated() {
            #expect(html.contains("<a href=\"http://www.example.org/\(index)\">www.example.org/\(index)</a>"), "\(html)")
            #expect(html.contains("<del>옛 생각 \(index)</del>") && html.contains("<td><del>\(index)</del></td>"), "\(html)")
        }
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

    /// `markdown.line_breaks`: a line typed inside a paragraph (the three lines of a 세 줄 요약,
    /// a heading set over two lines) ends there on the page and in the tree packets read; without
    /// it, CommonMark joins them. Breaks already hard, code and the text a reader searches keep.
    @Test func lineBreaksMakeEveryTypedLineEndThere() {
        let body = "## 세 줄 요약\n\n금리 동결\n가계부채 증가\\\n환율 상승\n\n```\n코드 첫 줄\n둘째 줄\n```\n"
        let joined = MarkdownDocument(body)
        #expect(joined.html().contains("<p>금리 동결\n가계부채 증가<br />\n환율 상승</p>"), "\(joined.html())")
        #expect(joined.blocks()[1] == .paragraph([.text("금리 동결"), .softBreak, .text("가계부채 증가"), .lineBreak, .text("환율 상승")]))
        let kept = MarkdownDocument(body, options: MarkdownOptions(lineBreaks: true))
        #expect(kept.html().contains("<p>금리 동결<br />\n가계부채 증가<br />\n환율 상승</p>"), "\(kept.html())")
        #expect(kept.html().contains("<pre><code>코드 첫 줄\n둘째 줄\n</code></pre>"))
        #expect(kept.blocks()[1] == .paragraph([.text("금리 동결"), .lineBreak, .text("가계부채 증가"), .lineBreak, .text("환율 상승")]))
        #expect(kept.plainText() == joined.plainText())
        let heading = MarkdownDocument("첫째\n둘째\n===\n", options: MarkdownOptions(lineBreaks: true)).html()
        #expect(heading == "<h1>첫째<br />\n둘째</h1>\n", "\(heading)")
    }

    @Test func escapesRawHTMLByDefault() {
        let html = MarkdownDocument("<div class=\"x\">hi</div>\n\nA <b>bold</b> claim.").html()
        #expect(html.contains("<p>&lt;div class=&quot;x&quot;&gt;hi&lt;/div&gt;</p>"))
        #expect(html.contains("A &lt;b&gt;bold&lt;/b&gt; claim."))
        #expect(!html.contains("<div"))
    }

    /// What is shown as typed is listed, tag by tag, where it is; a comment is a note to oneself,
    /// shown nowhere (on the page, in its text) — unless more follows it in its block.
    @Test func listsTheHTMLShownAsTextAndDropsComments() {
        let body = "첫 줄<br>둘째 <b>굵게</b> <!-- 인라인 메모 --> 끝\n\n<!-- 블록 메모\n둘째 줄 -->\n\n<center>가운데</center>\n"
        let document = MarkdownDocument(body)
        #expect(document.htmlShownAsText.map(\.tag) == ["br", "b", "center"])
        #expect(document.htmlShownAsText.map(\.line) == [1, 1, 6])
        #expect(document.htmlShownAsText.map(\.column) == [8, 19, 1])
        let html = document.html()
        #expect(!html.contains("메모") && !document.plainText().contains("메모"), "\(html)")
        #expect(html.contains("첫 줄&lt;br&gt;둘째 &lt;b&gt;굵게&lt;/b&gt;  끝"), "\(html)")
        #expect(MarkdownDocument("<!-- 메모 --> 뒤에 글\n").html().contains("메모"))
        #expect(MarkdownDocument(body, options: MarkdownOptions(unsafeHTML: true)).htmlShownAsText.isEmpty)
    }

    /// A title in angle brackets, as Korean writing marks a book's or a film's (`<Parasite>`), is
    /// no HTML element: the page shows it as typed, with raw HTML off (and says nothing of it)
    /// or on (where a browser would have hidden it); a real tag is still HTML.
    @Test func aTitleInAngleBracketsIsText() {
        let body = "영화 <Parasite>를 봤다. 책 <Factfulness>와 </Parasite> 그리고 <u>밑줄</u>.\n\n<Parasite>\n"
        let safe = MarkdownDocument(body)
        #expect(safe.htmlShownAsText.map(\.tag) == ["u"])
        #expect(safe.html().contains("영화 &lt;Parasite&gt;를 봤다. 책 &lt;Factfulness&gt;와 &lt;/Parasite&gt;"), "\(safe.html())")
        let unsafe = MarkdownDocument(body, options: MarkdownOptions(unsafeHTML: true))
        #expect(unsafe.html().contains("영화 &lt;Parasite&gt;를 봤다. 책 &lt;Factfulness&gt;와"), "\(unsafe.html())")
        #expect(unsafe.html().contains("<u>밑줄</u>") && unsafe.html().contains("<p>&lt;Parasite&gt;</p>"), "\(unsafe.html())")
        #expect(unsafe.plainText().contains("<Parasite>를 봤다"))
    }

    /// Notes alone are left out however many a line holds; a note the page shows after all —
    /// text after it on the line it starts, or never closed — is listed where it starts, with
    /// its first line and whether it closes.
    @Test func listsTheNotesShownAsText() {
        let document = MarkdownDocument("<!-- 하나 --> <!-- 둘 -->\n\n<!-- 메모 -->**굵은** 본문.\n\n끝.\n\n  <!-- 나중에 고치기\n\n셋째.\n")
        #expect(!document.html().contains("하나") && !document.html().contains("둘"), "\(document.html())")
        #expect(document.commentsShownAsText.map(\.line) == [3, 7])
        #expect(document.commentsShownAsText.map(\.text) == ["<!-- 메모 -->**굵은** 본문.", "<!-- 나중에 고치기"])
        #expect(document.commentsShownAsText.map(\.closed) == [true, false])
        #expect(MarkdownDocument("<!--\n메모\n-->\n\n본문 <!-- 안 --> 끝\n").commentsShownAsText.isEmpty)
        #expect(MarkdownDocument.comments("<!-- a -->\n<!-- b -->\n")! == ("", true))
        #expect(MarkdownDocument.comments("<div>") == nil)
    }

    @Test func passesRawHTMLWhenUnsafeButTagfilterStillApplies() {
        let html = MarkdownDocument(
            "<div class=\"x\">hi</div>\n\n<script>alert(1)</script>\n", options: MarkdownOptions(unsafeHTML: true)
        ).html()
        #expect(html.contains("<div class=\"x\">hi</div>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    /// Destinations a browser would run or load as a document, written as Markdown links and
    /// images: each is dropped (the text stays), in safe mode and with raw HTML allowed.
    static let hostileDestinations = [
        "javascript:alert(1)", "JaVaScRiPt:alert(2)", "&#106;avascript:alert(3)", "&#x6A;avascript:alert(4)",
        "java&Tab;script:alert(5)", "javascript&colon;alert(6)", "data:text/html,x", "DATA:image/svg+xml,x",
        "vbscript:msgbox(7)", "file:///etc/passwd", "//evil.example/x", "<java\tscript:alert(8)>", "< javascript:alert(9)>",
    ]

    @Test(arguments: [false, true]) func hostileLinkDestinationsAreDropped(_ unsafe: Bool) {
        for destination in Self.hostileDestinations {
            let document = MarkdownDocument("[read](\(destination)) and ![pic](\(destination))\n", options: MarkdownOptions(unsafeHTML: unsafe))
            let html = document.html()
            #expect(!html.contains("href"), "\(destination): \(html)")
            #expect(!html.contains("src"), "\(destination): \(html)")
            #expect(html.contains("read") && html.contains("pic"), "\(destination): \(html)")
            #expect(document.refusedLinks.count == 2, "\(destination)")
            #expect(document.refusedLinks.first?.column == 1)
        }
    }

    /// Found by fuzz-markdown (a SEGV in cmark_node_get_url): a refused image was freed with its
    /// alt text, and a refused link inside that alt text was then read from freed memory.
    @Test(arguments: [false, true]) func refusedLinksInsideRefusedImagesAreDroppedToo(_ unsafe: Bool) {
        let document = MarkdownDocument(
            "![a [b](javascript:alert(1)) ![c](data:x) d](javascript:alert(2)) [e ![f](vbscript:x)](file:///y)\n",
            options: MarkdownOptions(unsafeHTML: unsafe))
        #expect(document.refusedLinks.map(\.destination) == ["javascript:alert(2)", "javascript:alert(1)", "data:x", "file:///y", "vbscript:x"])
        let html = document.html()
        #expect(!html.contains("href") && !html.contains("src"), "\(html)")
        #expect(html.contains("a b c d e f"), "\(html)")
    }

    @Test(arguments: [false, true]) func webMailAndRelativeLinksStay(_ unsafe: Bool) {
        let html = MarkdownDocument(
            "[a](https://example.org/x) [b](mailto:a@example.org) [c](../other/) ![d](img/d.png) <https://example.org/y>\n",
            options: MarkdownOptions(unsafeHTML: unsafe)
        ).html()
        for expected in ["href=\"https://example.org/x\"", "href=\"mailto:a@example.org\"", "href=\"../other/\"", "src=\"img/d.png\"", "href=\"https://example.org/y\""] {
            #expect(html.contains(expected), "\(expected) in \(html)")
        }
    }

    /// With raw HTML allowed, what GFM's tagfilter leaves live is removed by the sanitizer.
    @Test func rawHTMLIsSanitizedWhenAllowed() {
        let body = """
            <a href="javascript:alert(1)">one</a> <a href="&#106;avascript:alert(2)">two</a> <a href=" JAVA\tSCRIPT:alert(3)">three</a>

            <img src=x onerror=alert(4)> <img src="data:image/svg+xml,<svg onload=alert(5)>"> <img srcset="https://e.org/a.png 1x, javascript:alert(6) 2x">

            <div onclick="alert(7)" style="background:url(javascript:alert(8))"><p onmouseover=alert(9)>kept text</p></div>

            <svg><script>alert(10)</script></svg><math><mi xlink:href="javascript:alert(11)">m</mi></math>
            <iframe srcdoc="<script>alert(12)</script>"></iframe><object data="javascript:alert(13)"></object>
            <form action="javascript:alert(14)"><button formaction="javascript:alert(15)">b</button></form>
            <base href="javascript:alert(16)//"><meta http-equiv="refresh" content="0;url=javascript:alert(17)">
            <!-- <img src=x onerror=alert(18)> --><style>*{background:url(javascript:alert(19))}</style>
            <a href="https://example.org/ok" title="fine">ok</a> <img src="https://example.org/a.png" alt="a">

            - [x] done
            """
        let html = MarkdownDocument(body, options: MarkdownOptions(unsafeHTML: true)).html()
        #expect(HostileOutput.violations(html: html) == [], "\(html)")
        // What GFM's tagfilter turned into text (`&lt;style>…`) stays inert text; no tag keeps
        // anything of the payloads. Text never holds a bare '<', so the tags are what is between.
        var live = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true }
            if inTag { live.append(character) }
            if character == ">" { inTag = false }
        }
        for needle in ["javascript", "alert", "onerror", "onclick", "onmouseover", "onload", "<svg", "<math", "<object", "<form", "<button", "<base", "<meta", "<iframe", "<style", "style=", "data:", "<!--"] {
            #expect(!live.lowercased().contains(needle.lowercased()), "\(needle) survived in \(html)")
        }
        #expect(html.contains("kept text"))
        let korean = MarkdownDocument("<p title=\"제목\">한국어 &amp; <b>굵게</b></p>\n\n문단 *강조*\n", options: MarkdownOptions(unsafeHTML: true)).html()
        #expect(korean == "<p title=\"제목\">한국어 &amp; <b>굵게</b></p>\n<p>문단 <em>강조</em></p>\n", "\(korean)")
        #expect(html.contains("<a href=\"https://example.org/ok\" title=\"fine\">ok</a>"))
        #expect(html.contains("<img src=\"https://example.org/a.png\" alt=\"a\">"))
        #expect(html.contains("aria-label=\"Done\""))
        #expect(html.contains("checked"))
    }

    @Test func plainTextFlattensBlocks() {
        let text = MarkdownDocument("# 제목\n\n**굵게** 그리고 `code`\n\n- 하나\n- 둘\n").plainText()
        #expect(text == "제목 굵게 그리고 code 하나 둘")
    }

    /// With raw HTML kept, the plain text (search, descriptions) is what the HTML shows: no tags,
    /// no comment, a `<br>` a space.
    @Test func plainTextOfKeptHTMLIsWhatItShows() {
        let body = "첫 줄<br>둘째 줄 <b>굵게</b> &amp; <span style=\"color:red\">빨강</span> <!-- 메모 -->\n\n<center>가운데 <i>글</i></center>\n"
        let text = MarkdownDocument(body, options: MarkdownOptions(unsafeHTML: true)).plainText()
        #expect(text == "첫 줄 둘째 줄 굵게 & 빨강 가운데 글", "\(text)")
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

    /// cmark-gfm 0.29 counts no line at a backslash hard break: without the correction, the link
    /// after `첫 줄\` was reported on line 1 at a column past its end, and the one after the soft
    /// break below on line 2.
    @Test func linksAfterABackslashHardBreakKeepTheirLineAndColumn() {
        let text = "첫 줄\\\n둘째 줄 [a](../a/)\\\r\n  셋째 [b](../b/)\n넷째 [c](../c/)\n\n- 항목\\\n  다음 [d](../d/)\n\n끝은 \\\\\n[e](../e/)\n\n> 인용\\\n> 다음 [f](../f/)\n"
        let positions = MarkdownDocument(text).links().map { "\($0.destination) \($0.line):\($0.column)" }
        #expect(positions == ["../a/ 2:12", "../b/ 3:10", "../c/ 4:8", "../d/ 7:10", "../e/ 10:1", "../f/ 13:10"])
        // A carriage return alone ends a line for the parser too.
        #expect(MarkdownDocument("첫\\\r둘 [x](../x/)\r셋 [y](../y/)\n").links().map { "\($0.line):\($0.column)" } == ["2:5", "3:5"])
        // Bold beside Korean puts marks in the parsed text; columns still come back as written.
        let marked = MarkdownDocument("**'금리'**은\\\n**'동결'**은 [x](../x/)\n").links()
        #expect(marked.map { "\($0.line):\($0.column)" } == ["2:17"])
    }
}

final class UnsafeSendableBox<Value>: @unchecked Sendable {
    var value: Value
    let lock = NSLock()
    init(_ value: Value) { self.value = value }
}

/// The byte- and scalar-level helpers behind `html()` and `plainText()` must give exactly what the
/// character-level Foundation calls they replaced gave.
@Suite struct MarkdownTextHelperTests {
    static let pieces = ["", " ", "\t", "\n", "  ", "a", "한글", "👩‍💻", " \u{301}", "e\u{301}", "\u{200D}", "x y", "\u{00A0}", "\u{3000}", "🇰🇷", "<input", " />", "\u{85}", "\u{2028}", " \u{20DD}", " \u{903}", "\r\n", "é"]

    static func randomTexts(_ count: Int) -> [String] {
        var state: UInt64 = 11
        return (0..<count).map { _ in
            var text = ""
            for _ in 0..<10 {
                state = state &* 6_364_136_223_846_793_005 &+ 1
                text += pieces[Int(state >> 33) % pieces.count]
            }
            return text
        }
    }

    @Test func collapsingWhitespaceEqualsSplittingByCharacter() {
        for text in Self.randomTexts(800) {
            #expect(MarkdownDocument.collapsingWhitespace(text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "), "\(text.debugDescription)")
        }
    }

    /// A task box's label is written in an attribute: `&`, `"` and `<` escaped, Hangul as it is;
    /// a body without task boxes is left as cmark wrote it.
    @Test func taskLabelsAreEscapedInTheirAttribute() {
        let options = MarkdownOptions(taskLabels: TaskLabels(done: "다 <함> & \"끝\"", todo: "할 일"))
        let html = MarkdownDocument("- [x] 하나\n- [ ] 둘\n", options: options).html()
        #expect(html.contains(#"checked="" disabled="" aria-label="다 &lt;함> &amp; &quot;끝&quot;" />"#), "\(html)")
        #expect(html.contains(#"<input type="checkbox" disabled="" aria-label="할 일" />"#), "\(html)")
        #expect(MarkdownDocument("checkbox 와 <b>굵게</b>\n", options: options).html() == "<p>checkbox 와 &lt;b&gt;굵게&lt;/b&gt;</p>\n")
    }

    @Test func byteReplacingEqualsReplacingOccurrences() {
        for text in Self.randomTexts(400) {
            let expected = text.replacingOccurrences(of: "<input", with: "[box]").replacingOccurrences(of: " />", with: "/>")
            #expect(MarkdownDocument.replacing(in: text, [("<input", "[box]"), (" />", "/>")]) == expected, "\(text.debugDescription)")
        }
    }
}

/// The white-space table used when collapsing plain text agrees with Unicode's White_Space
/// property on every scalar above ASCII, so a table that missed one would show here.
@Test func whitespaceTableMatchesUnicodeProperties() {
    for value in UInt32(0x80)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        if MarkdownDocument.isNonASCIIWhitespace(value) != scalar.properties.isWhitespace {
            Issue.record("U+\(String(value, radix: 16, uppercase: true)): table \(MarkdownDocument.isNonASCIIWhitespace(value)), Unicode \(scalar.properties.isWhitespace)")
        }
    }
}

/// The fast path of white-space collapsing skips the category lookup only where no mark can be.
@Test func codePointsSkippedAsNotMarksAreNoMarks() {
    for value in UInt32(0)...0x10FFFF where !MarkdownDocument.mayBeMark(value) {
        guard let scalar = Unicode.Scalar(value) else { continue }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: Issue.record("U+\(String(value, radix: 16, uppercase: true)) is a mark")
        default: if value == 0x200D { Issue.record("U+200D is skipped") }
        }
    }
}

import Markdown
import Testing

/// The Swift tree typesetters read: every block and inline kind the packet sets.
@Suite struct MarkdownTreeTests {
    @Test func readsBlocksAndInlinesIntoSwiftValues() {
        let blocks = MarkdownDocument(
            """
            ## 제목

            *기울임* **굵게** ~~취소~~ `code` [링크](https://example.org "t") ![대체 글](https://example.org/a.png)
            줄바꿈\\
            끝

            > 인용

            1. 하나
               - 안쪽
            2. 둘

            - [x] 끝남
            - [ ] 남음

            ```swift
            let x = 1
            ```

            ---

            | 왼쪽 | 가운데 | 오른쪽 |
            |:---|:---:|---:|
            | a | b |
            """, options: MarkdownOptions(topHeadingLevel: 1)
        ).blocks()
        #expect(blocks.count == 8)
        #expect(blocks[0] == .heading(level: 1, [.text("제목")]))
        guard case .paragraph(let inlines) = blocks[1] else {
            Issue.record("not a paragraph: \(blocks[1])")
            return
        }
        #expect(inlines.contains(.emphasis([.text("기울임")])))
        #expect(inlines.contains(.strong([.text("굵게")])))
        #expect(inlines.contains(.strikethrough([.text("취소")])))
        #expect(inlines.contains(.code("code")))
        #expect(inlines.contains(.link(destination: "https://example.org", title: "t", [.text("링크")])))
        #expect(inlines.contains(.image(destination: "https://example.org/a.png", title: "", alt: [.text("대체 글")])))
        #expect(inlines.contains(.lineBreak) && inlines.contains(.softBreak))
        #expect(blocks[2] == .blockQuote([.paragraph([.text("인용")])]))
        guard case .list(let ordered) = blocks[3], case .list(let tasks) = blocks[4] else {
            Issue.record("lists: \(blocks[3]) \(blocks[4])")
            return
        }
        #expect(ordered.ordered && ordered.start == 1 && ordered.items.count == 2)
        #expect(ordered.items[0].blocks.count == 2, "an item with a nested list")
        #expect(tasks.items.map(\.task) == [true, false])
        #expect(blocks[5] == .codeBlock(info: "swift", code: "let x = 1"))
        #expect(blocks[6] == .thematicBreak)
        #expect(
            blocks[7]
                == .table(
                    MarkdownTable(
                        alignments: [.left, .center, .right], header: [[.text("왼쪽")], [.text("가운데")], [.text("오른쪽")]],
                        rows: [[[.text("a")], [.text("b")], []]])))
        #expect(MarkdownInline.plainText(inlines).hasPrefix("기울임 굵게 취소 code 링크 대체 글"))
    }

    @Test func rawHTMLIsTextUnlessAllowed() {
        #expect(MarkdownDocument("<b>x</b>").blocks() == [.paragraph([.text("<b>"), .text("x"), .text("</b>")])])
        #expect(MarkdownDocument("<div>x</div>", options: MarkdownOptions(unsafeHTML: true)).blocks() == [.html("<div>x</div>\n")])
    }
}

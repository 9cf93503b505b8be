import Markdown
import Testing

@testable import Bodies

/// A card's excerpt (`ExcerptRun.runs`) is what the member wrote: the group's prompts, which head
/// every journal `gazette new` starts, are not in it, as they are in no other excerpt of a body.
@Suite struct CardExcerptTests {
    func excerpt(_ markdown: String) -> String {
        ExcerptRun.runs(from: MarkdownDocument(markdown).blocks()).map(\.text).joined()
    }

    @Test func startsWithWhatWasWrittenNotWithThePrompts() {
        let body = """
            ## 요약

            한국은행이 기준금리를 3.25%로 **동결**했다.

            ## 내 생각

            ### 물가

            - 상승률 2.3%

            ## 면접 질문

            -
            """
        #expect(excerpt(body) == "한국은행이 기준금리를 3.25%로 동결했다. 상승률 2.3%")
        let runs = ExcerptRun.runs(from: MarkdownDocument(body).blocks())
        #expect(runs.contains(ExcerptRun("동결", .strong)))
        // The same words as the body's plain text without headings, which feeds and the digest use.
        #expect(excerpt(body) == MarkdownDocument(body).plainText(skippingHeadings: true))
    }

    @Test func aBodyOfPromptsOnlyHasNoExcerpt() {
        #expect(excerpt("## 요약\n\n## 내 생각\n\n- \n").isEmpty)
    }
}

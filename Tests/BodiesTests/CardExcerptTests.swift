import Content
import Foundation
import GazetteModel
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

    /// A picture beside the journal, as a member puts one: its alt text is no part of the
    /// sentence, so neither the card nor the lead (list rows, a page's description) reads it;
    /// search still finds the picture by it.
    @Test func aPictureIsLeftOutOfTheExcerptAndTheLeadButNotOfSearch() throws {
        let body = "## 요약\n\n한국은행이 기준금리를 3.25%로 동결했다.\n\n![기준금리 추이](rate-chart.png)\n\n동결이 길어진다. [![도표](chart.png)](https://example.com/)\n"
        #expect(excerpt(body) == "한국은행이 기준금리를 3.25%로 동결했다. 동결이 길어진다.")
        let date = Date(timeIntervalSince1970: 1_763_000_000)
        let journal = Journal(
            path: "content/journals/rate.md", slug: "rate", title: "금리", articleReference: nil, tags: [], author: nil,
            created: date, updated: date, draft: false, body: body, bodyStartLine: 5)
        let content = SiteContent(
            root: URL(fileURLWithPath: "/nonexistent"), config: SiteConfig(title: "T"), journals: [journal], articles: [], diagnostics: [])
        let bodies = try JournalBodies(content)
        #expect(bodies.lead(journal) == "한국은행이 기준금리를 3.25%로 동결했다. 동결이 길어진다.")
        #expect(bodies.plainText(journal).contains("기준금리 추이"))
        #expect(MarkdownBlock.containImage(MarkdownDocument(body).blocks()))
        #expect(!MarkdownBlock.containImage(MarkdownDocument("## 요약\n\n- [링크](https://example.com/) `![x](y)`\n").blocks()))
    }
}

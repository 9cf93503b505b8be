import Markup
import Testing

@Suite struct MarkupDocumentTests {
    @Test func plainTextJoinsTagsWithoutAddingSpaces() {
        #expect(MarkupDocument.html("국내 주식<b>형</b> 펀드")?.plainText == "국내 주식형 펀드")
    }

    @Test func plainTextDecodesEntitiesAndDropsScripts() {
        let html = "&lt;속보&gt; 코스피 &quot;반등&quot; &amp; 환율&#8230; &#x1F4C8;<script>var x = 1;</script><style>p{}</style>\n  끝"
        #expect(MarkupDocument.html(html)?.plainText == "<속보> 코스피 \"반등\" & 환율… 📈 끝")
    }

    @Test func xmlErrorsCarryTheirPosition() {
        #expect(throws: MarkupError.self) { try MarkupDocument.xml("<feed>\n  <entry>\n</feed>") }
        do {
            _ = try MarkupDocument.xml("<feed>\n  <entry>\n</feed>")
            Issue.record("a mismatched tag parsed")
        } catch {
            #expect(error.kind == .notWellFormed)
            #expect(error.line == 3)
        }
    }

    /// What fuzz-markdown checks: every element's name and attributes, in document order, with no
    /// element's content copied (deeply nested HTML made that the square of its depth).
    @Test(.timeLimit(.minutes(1))) func elementsWithoutTextKeepNamesAndAttributesOnly() throws {
        let html = "<p><a href=\"x/\" class=\"k\">one</a> <img src=\"y\" alt=\"two\"></p>"
        let document = try #require(MarkupDocument.html(html))
        let all = document.allElements, bare = document.allElementsWithoutText
        #expect(bare.map(\.name) == all.map(\.name))
        #expect(bare.map(\.attributes) == all.map(\.attributes))
        #expect(bare.allSatisfy { $0.text.isEmpty })
        let nested = String(repeating: "<div>", count: 20_000) + "x" + String(repeating: "</div>", count: 20_000)
        #expect(try #require(MarkupDocument.html(nested)).allElementsWithoutText.count > 200)
    }

    @Test func elementsGiveAttributesAndText() throws {
        let document = try #require(MarkupDocument.html("<p><a href=\"x/\" class=\"k\">one</a> <a href=\"y\">two</a></p>"))
        let links = document.elements(named: "a")
        #expect(links.map { $0["href"] } == ["x/", "y"])
        #expect(links.map(\.text) == ["one", "two"])
        #expect(links.first?["class"] == "k")
    }
}

import Foundation
import Markdown
import GazetteModel
import Testing

@testable import Bodies

/// The writing checks render a line only where a slip can show: `boldAllCloses` and
/// `mayHaveSpacedAddress` may skip a line only when rendering it would have found nothing.
@Suite struct BodyWritingTests {
    /// Lines made of the pieces that change how bold and links are read (other delimiters,
    /// brackets, escapes, entities, code, autolinks, punctuation, Hangul, indentation), each
    /// rendered as the checks render it: where `boldAllCloses` says so, no `**` or `__` is shown;
    /// where `mayHaveSpacedAddress` says no, no link with a spaced address is shown.
    @Test func aLineIsSkippedOnlyWhenRenderingItShowsNoSlip() {
        let pieces = [
            "**", "**", "**", "*", "__", "_", "a", "Z", "9", "가", "힣", "ㄱ", "é", " ", " ", "\t", ":", "\"", "(", ")", "[", "]", "](", "<", ">",
            "\\", "`", "&ast;", "~~", "www.", "http://", "@", "“", "\u{3000}", "    ", ".", "- ", "# ", "비용", "cost", "!", "&#42;",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        // Lines where another construct takes the marks (strikethrough closing across bold, an
        // entity, an autolink, code, an indent), which random lines rarely make.
        let known = [
            "~~a**b~~c**", "~~가**나~~다**라", "**a~~b**c~~", "&ast;&ast;a", "a**b**c**d", "www.a.com**b**", "x@y.com**b**", "http://a.b/**c**",
            "    **a**", "\t**a**", "**a**_b_", "\\**a**", "`**a`**b**", "<b>**a**</b>", "[**a**](b)**c**", "**a**가**나", "***a***", "** a**",
            "**a **", "[a](b c)", "![a](<b c>)", "[a](b\u{3000}c)", "[a](b)(c d)",
        ]
        var boldSkipped = 0, linkSkipped = 0
        for number in 0..<(known.count + 6_000) {
            var line = ""
            for _ in 0..<(1 + next(9)) { line += pieces[next(pieces.count)] }
            // Half the lines are shaped like a member's bold word, so that both answers are met.
            if next(2) == 0 { line = ["", "- ", "1. "][next(3)] + "**" + ["cost", "비용", "a1"][next(3)] + "**" + line }
            if number < known.count { line = known[number] }
            let prose = BodyWriting.withoutCodeSpans(line)
            let shown = MarkdownDocument(prose).plainText()
            if BodyWriting.boldAllCloses(prose) {
                boldSkipped += 1
                #expect(!shown.contains("**") && !shown.contains("__"), "\(line.debugDescription) shows \(shown.debugDescription)")
            }
            if !BodyWriting.mayHaveSpacedAddress(prose) {
                linkSkipped += 1
                let spaced = prose.firstMatch(of: #/(!?)\[[^\]]*\]\(([^)<>]*\s[^)<>]*)\)/#) != nil
                #expect(!(spaced && shown.contains("](")), "\(line.debugDescription) shows \(shown.debugDescription)")
            }
        }
        #expect(boldSkipped > 500 && linkSkipped > 500, "\(boldSkipped) \(linkSkipped)")
    }

    @Test func whatAMemberWritesIsSkippedAndSlipsAreNot() {
        #expect(BodyWriting.boldAllCloses("- **cost**: 수요에서 **기준금리**가 오른다."))
        #expect(BodyWriting.boldAllCloses("**2026년** 전망"))
        #expect(!BodyWriting.boldAllCloses("한국은행이 **\"금리\"**를 올렸다."))
        #expect(!BodyWriting.boldAllCloses("    **code**"))
        #expect(!BodyWriting.boldAllCloses("**[링크](a)**"))
        #expect(!BodyWriting.mayHaveSpacedAddress("See [the report](https://example.org/report/0) for details."))
        #expect(BodyWriting.mayHaveSpacedAddress("![차트](my chart.png)"))
    }

    /// A body that opens with its title as a heading (Obsidian's, Notion's and AI summaries'
    /// habit) is said once, at the heading: in `#` or underlined form, emphasis and spacing aside;
    /// not a heading that says something else, one in code, or one after the first paragraph.
    @Test(arguments: [
        ("# 금리 동결 메모\n\n본문", 1, ""), ("\n\n## 금리  동결 메모 ##\n본문", 3, ""), ("# **금리 동결** 메모\n", 1, ""),
        ("금리 동결 메모\n===\n\n본문", 1, " and the line under it"), ("금리 동결 메모\n---\n", 1, " and the line under it"),
        ("# 금리 동결 메모 #해시\n", 0, ""), ("# 금리 동결\n", 0, ""), ("#금리 동결 메모\n", 0, ""), ("```\n# 금리 동결 메모\n```\n", 0, ""),
        ("본문\n\n# 금리 동결 메모\n", 0, ""), ("    # 금리 동결 메모\n", 0, ""),
    ])
    func aTitleRepeatedAtTheTopIsSaid(_ body: String, _ line: Int, _ underline: String) {
        let said = BodyWriting.warnings(body, title: "금리 동결 메모").filter { $0.code == "title-repeated" }
        #expect(said.map { $0.location?.line ?? 0 } == (line == 0 ? [] : [line]), "\(said)")
        if line > 0 {
            #expect(said.first?.hint == "delete this line\(underline): the title comes from 'title:' in the front matter")
        }
        #expect(BodyWriting.warnings(body).allSatisfy { $0.code != "title-repeated" })
    }

    /// Bullets typed without their space among other items, and Obsidian's `==highlight==`, are
    /// named where they are, with what to write; a lone `*출처: …` note, emphasis, rules, code,
    /// a heading's `===` underline, `a == b` and `==>` are not.
    @Test(arguments: [
        ("*금리 동결\n*환율 급등", ["1:1 '*금리 동결' is not read as a list item — did you mean '* 금리'?", "2:1 '*환율 급등' is not read as a list item — did you mean '* 환율'?"]),
        ("- 금리\n*환율", ["2:1 '*환율' is not read as a list item — did you mean '* 환율'?"]),
        ("-금리 동결\n-환율 상승", ["1:1 '-금리 동결' is not read as a list item — did you mean '- 금리'? a list item needs a space after its -", "2:1 '-환율 상승' is not read"]),
        ("1.금리 인상\n2.환율 상승", ["1:1 '1.금리 인상' is not read as a list item — did you mean '1. 금리'? a list item needs a space after its number", "2:1 '2.환율 상승' is not read"]),
        ("1. 금리\n2)환율", ["2:1 '2)환율' is not read as a list item — did you mean '2) 환율'?"]), ("+금리\n+ 환율", ["1:1 '+금리' is not read as a list item"]),
        ("-5% 하락\n-3% 상승", []), ("1.5% 인상\n2.0% 인하", []), ("-금리만 한 줄", []), ("2026.12.7 회의\n2026.12.8 회의", []), ("---\n-금리", []),
        ("오늘 ==기준금리== 동결", ["1:4 '==기준금리==' is shown as typed: Markdown has no highlight — did you mean '**기준금리**'?"]),
        ("==금리 동결== 소식", ["1:1 '==금리 동결==' is shown as typed: Markdown has no highlight — did you mean '**금리 동결**'?"]),
        ("==기준금리==는 동결", ["1:1 '==기준금리==' is shown as typed: Markdown has no highlight — did you mean '**기준금리**'?"]),
        ("*출처: 연합뉴스", []), ("본문\n\n*출처: 연합뉴스\n", []), ("*강조* 문장\n*다음*", []), ("* 하나\n* 둘", []), ("***", []),
        ("```\n*하나\n*둘\n```", []), ("제목\n===", []), ("a == b 이면", []), ("==> 다음", []), ("`==코드==`", []),
    ])
    func bulletsWithoutTheirSpaceAndHighlightsAreNamed(_ body: String, _ expected: [String]) {
        let said = BodyWriting.warnings(body).filter { $0.code == "markup-shown" }.map {
            "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) — \($0.hint ?? "")"
        }
        #expect(said.count == expected.count, "\(said)")
        for (one, prefix) in zip(said, expected) { #expect(one.hasPrefix(prefix), "\(one)") }
    }
}


/// A paragraph indented as Korean writing indents one (들여쓰기: four spaces or a tab) becomes a
/// code block on the page; the checks name it once per block, at its first line with its indent
/// underlined, and read nothing inside it as Markdown. An indent Markdown reads otherwise — a
/// list item's next paragraph, a line going on in a paragraph, a nested item, fenced code — is
/// not named.
@Suite struct IndentedCodeTests {
    @Test(arguments: [
        ("본문\n\n    한국은행은 오늘 기준금리를 동결했다.\n    다음 줄이다.", ["3:1+4 '한국은행은 오늘 기준금…' is shown as code … — remove the indent of its 2 lines:"]),
        ("\t한국은행은 동결했다.", ["1:1+1 '한국은행은 동결했다.' is shown as code … — remove the indent:"]),
        ("## 요약\n    들여 쓴 문단", ["2:1+4 '들여 쓴 문단' is shown as code … — remove the indent:"]),
        ("    첫 문단\n\n    둘째 문단\n\n끝", ["1:1+4 '첫 문단' is shown as code … — remove the indent of its 2 lines:"]),
        ("  \t첫 문단\n\n보통 문단\n\n        둘째", ["1:1+3 '첫 문단' is shown as code … — remove the indent:", "5:1+8 '둘째' is shown as code … — remove the indent:"]),
        ("- 항목\n\n    이어지는 문단", []), ("문단 첫 줄\n    이어지는 줄", []), ("- 항목\n    - 하위 항목", []), ("```\n\n    코드\n```", []),
        ("> 인용\n>\n>     코드", []), ("보통 문단", []),
    ])
    func anIndentedParagraphIsNamedOnce(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "indented-code" }, expected)
    }

    /// Marks inside indented code are code: a highlight, an unspaced heading or an empty bullet
    /// there is not named (the page shows it as code, marks and all), only the indent is.
    @Test func marksInsideIndentedCodeAreNotRead() {
        let said = BodyWriting.warnings("본문\n\n    ==기준금리== 동결\n    ##요약\n    -\n").map(\.code)
        #expect(said == ["indented-code"])
    }

    /// The blocks the language server's fix takes the indent off: from the first indented line to
    /// the last, blank lines between them inside, the blank line after left out.
    @Test func blocksRunOverTheirIndentedAndBlankLines() {
        #expect(BodyWriting.indentedCodeBlocks("본문\n\n    하나\n\n\t둘\n\n셋\n") == [2..<5])
        #expect(BodyWriting.indentedCodeBlocks("- 항목\n\n    이어짐\n") == [])
    }
}

/// A heading whose marks or space an input method or a copied page changed is shown as typed:
/// full-width `＃`, a no-break or full-width space after the #s. Named with the heading to write
/// (the quick fix); a hashtag (`#경제`, `＃경제`) and a heading as Markdown reads it are not.
@Suite struct WideHeadingTests {
    @Test(arguments: [
        ("##요약", ["1:1+4 '##요약' is not read as a heading — did you mean '## 요약'? a heading needs a space after its #s"]),
        ("##\u{A0}요약 정리", ["1:1+5 '## 요약 정리' is not read as a heading — did you mean '## 요약'? the space after its #s is a no-break space (U+00A0, from a copied page)"]),
        ("#\u{3000}오늘의 생각", ["1:1+5 '# 오늘의 생각' is not read as a heading — did you mean '# 오늘의'? the space after its #s is a full-width space (U+3000)"]),
        ("＃ 요약\n본문", ["1:1+4 '＃ 요약' is not read as a heading — did you mean '# 요약'? '＃' is the full-width #"]),
        ("＃＃요약", ["1:1+4 '＃＃요약' is not read as a heading — did you mean '## 요약'?"]),
        ("## 요약", []), ("#경제 #금리", []), ("＃경제", []), ("## ", []), ("```\n##\u{A0}요약\n```", []), ("    ＃ 요약", []),
    ])
    func aHeadingTypedWithWideMarksOrSpacesIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "markup-shown" }, expected)
    }
}

/// A line of `-` right under a paragraph makes the paragraph a heading: named where the
/// paragraph reads as prose (several lines, long, or ending as a sentence ends), at the dashes;
/// a short title underlined on purpose, `===`, a dividing line after a blank line, a table's
/// separator and dashes in code are not.
@Suite struct DashedHeadingTests {
    @Test(arguments: [
        ("오늘 금리가 동결됐다.\n---\n다음 글", ["2:1+3 '오늘 금리가 동결됐다.' is shown as a heading"]),
        ("첫 줄\n둘째 줄\n-----", ["3:1+5 '첫 줄 둘째 줄' is shown as a heading"]),
        ("## 면접 질문\n\n금리를 왜 동결했을까?\n- ", ["4:1+1 '금리를 왜 동결했을까?' is shown as a heading"]),
        ("  한국은행 총재는 물가 상승률이 목표 수준으로 수렴할 때까지 긴축 기조를 유지하겠다고 밝혔음\n  ---", ["2:3+3 '한국은행 총재는 물가…' is shown as a heading"]),
        ("요약\n---", []), ("오늘 금리가 동결됐다.\n\n---", []), ("오늘 금리가 동결됐다.\n===", []), ("| 구분 | 값 |\n|---|---|\n| 금리 | 3.0 |", []),
        ("```\n오늘 금리가 동결됐다.\n---\n```", []), ("제목\n===\n오늘 금리가 동결됐다.\n---", ["4:1+3 '오늘 금리가 동결됐다.' is shown as a heading"]), ("- 항목이다.\n---", []), ("> 인용이다.\n> ---", []),
    ])
    func aParagraphUnderlinedByDashesIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "dashed-heading" }, expected)
    }

    /// A lone `-` under a question is the question's underline: named once, as that, with what
    /// to write, not also as an empty list item.
    @Test func aLoneDashUnderTextIsNotAlsoAnEmptyItem() {
        let said = BodyWriting.warnings("## 면접 질문\n\n금리를 왜 동결했을까?\n- \n")
        #expect(said.map(\.code) == ["dashed-heading"], "\(said)")
        #expect(said.first?.hint?.hasPrefix("write the list item after the '- '") == true)
    }
}

/// Front-matter keys under a `---` typed after the title as a separator: the front matter ended
/// there, and the page shows them as text. Named at the first key (not as a heading the closing
/// `---` underlines), with which `---` to delete; keys further down the body, and prose that
/// begins with a word and a colon, are left alone.
@Suite struct FrontMatterClosedEarlyTests {
    @Test func keysBelowAnEarlyCloseAreNamed() {
        let said = BodyWriting.warnings("tags: [economy]\nauthor: me\ncreated: 2026-12-07 10:00\n---\n본문이다.\n")
        #expect(said.map(\.code) == ["front-matter"], "\(said)")
        #expect(said.first?.location?.line == 1)
        #expect(said.first?.message.hasPrefix("the front matter ends before 'tags:', 'author:' and 'created:': the --- above them closes it") == true)
        #expect(said.first?.hint == "delete the --- above them: the front matter then ends at the --- below them")
        let one = BodyWriting.warnings("\nauthor: me\n\n본문이다.\n")
        #expect(one.first?.message.hasSuffix("the journal has no author of its own") == true, "\(one)")
        #expect(one.first?.hint == "move it above the --- that closes the front matter")
        for body in ["본문이다.\n\nauthor: me\n", "요약: 금리 동결\n", "```\ntags: [x]\n```\n", "Title: 대문자\n"] {
            #expect(BodyWriting.warnings(body).filter { $0.code == "front-matter" }.isEmpty, "\(body)")
        }
    }
}

/// A reference link or picture whose label no line defines is shown as typed: named, with the
/// line to add; one defined (in any case, spaces run together), in code, or a footnote is not.
@Suite struct UndefinedReferenceTests {
    @Test func referencesWithoutADefinitionAreNamed() {
        let body = "본문 [없는 참조][nope] 그리고 [있는 참조][ok], [Case][OK  ] `[코드][x]` ![그림][pic] [^1]\n\n[ok]: https://example.com/a\n\n[^1]: 주석\n"
        let said = BodyWriting.warnings(body).filter { $0.code == "broken-link" }
        #expect(said.map(\.message) == [
            "link '[없는 참조][nope]' has no address: no line '[nope]: …' defines it, so the page shows it as typed",
            "picture '![그림][pic]' has no address: no line '[pic]: …' defines it, so the page shows it as typed",
        ], "\(said)")
        #expect(said.first?.location?.column == 4 && said.first?.span == 13)
        #expect(said.last?.hint == "add a line '[pic]: https://…' below the paragraph, or write the address in place: ![그림](https://…)")
    }
}

/// Lines marked as documents mark list items (`•`, `○`, `▶`, `ㆍ`, `ㅇ`, `①`) are joined into one
/// line by Markdown: named once per paragraph at the first such line, with the Markdown marker
/// to write; a lone such line, lines apart, a site that breaks lines, tables and code are not.
@Suite struct GlyphBulletTests {
    @Test(arguments: [
        ("• 금리 동결\n• 환율 상승\n• 물가 둔화", ["1:1+1 '• 금리 동결' is not read as a list item … — write each item as '- …' (3 lines)"]),
        ("오늘 본 기사:\n○ 금리 동결", ["2:1+1 '○ 금리 동결' is not read as a list item … — write each item as '- …',"]),
        ("① 첫째 이유\n② 둘째 이유", ["1:1+1 '① 첫째 이유' is not read as a list item … — write each item as '1. …' (2 lines)"]),
        ("ㅇ 회의 일정\nㅇ 참석자", ["1:1+1 'ㅇ 회의 일정' is not read as a list item … — write each item as '- …' (2 lines)"]),
        ("문단\n\n▶ 요약 하나\n▶ 요약 둘\n\n• 다른 문단\n본문", ["3:1+1 '▶ 요약 하나' is not read as a list item … — write each item as '- …' (2 lines)", "6:1+1 '• 다른 문단' is not read as a list item … — write each item as '- …',"]),
        ("• 하나", []), ("• 하나\n\n• 둘", []), ("## 요약\n• 하나", []), ("ㅇㅇ 그렇다\nㅇㅇ 맞다", []), ("```\n• 하나\n• 둘\n```", []),
        ("| • 하나 | 둘 |\n|---|---|\n| • 셋 | 넷 |", []), ("- 하나\n- 둘", []), ("·중간점으로\n·시작", []),
        ("－ 항목 하나\n－ 항목 둘", ["1:1+1 '－ 항목 하나' is not read as a list item … — write each item as '- …' (2 lines)"]), ("－5% 하락\n－3% 상승", []),
    ])
    func documentBulletsAreNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "bullet-glyph" }, expected)
        expectWarnings(body, lineBreaks: true, { $0.code == "bullet-glyph" }, [])
    }

    /// The fix writes every marked line of the paragraph as a Markdown item, the spaces after
    /// the mark and an indent of up to three spaces kept as Markdown reads them.
    @Test func theFixWritesEachMarkedLineAsAnItem() {
        let body = "오늘 본 기사:\n•금리 동결\n  ○  환율 상승\n②물가\n\n• 다른 문단"
        let fixes = BodyWriting.bulletFixes(body, line: 2)
        #expect(fixes.map { "\($0.line) \($0.replaced) \($0.marker)" } == ["1 1 - ", "2 5   - ", "3 1 2. "])
    }
}

/// A bare address a Korean particle follows takes the particle into the link; rows without the
/// line under the first are shown as typed. Each named with what to write.
@Suite struct AddressAndTableTests {
    @Test(arguments: [
        ("출처는 https://www.yna.co.kr/view/AKR20261118000100008에 있다.", ["1:5+48 the address takes '에' … — did you mean '<https://www.yna.co.kr/view/AKR20261118000100008>에'?"]),
        ("www.hankyung.com/article/2026111812345에서 읽었다", ["1:1+40 the address takes '에서' … — did you mean '<https://www.hankyung.com/article/2026111812345>에서'?"]),
        ("https://ko.wikipedia.org/wiki/기준금리 참고", []), ("https://www.yna.co.kr/view/AKR2026 에 있다", []), ("<https://www.yna.co.kr/view/AKR2026>에 있다", []),
        ("[기사](https://www.yna.co.kr/view/AKR2026)에 있다", []), ("`https://example.org/a에`", []),
    ])
    func aParticleAfterABareAddressIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.message.hasPrefix("the address takes") }, expected)
    }

    @Test(arguments: [
        ("| 구분 | 값 |\n| 금리 | 3.0% |", ["1:1+10 '| 구분 | 값 |' is shown as typed … — put |---|---| on a line"]),
        ("본문\n\n  | 가 | 나 | 다 |\n  | 1 | 2 | 3 |\n", ["3:3+13 '| 가 | 나 | 다…' is shown as typed … — put |---|---|---| on a line"]),
        ("| 구분 | 값 |\n|---|---|\n| 금리 | 3.0% |", []), ("| 구분 | 값 |\n| :-- | --: |", []), ("| 한 줄만 |", []), ("```\n| a | b |\n| c | d |\n```", []),
        ("| a \\| b | c |\n| d | e |", ["1:1+14 '| a \\| b | c…' is shown as typed … — put |---|---| on a line"]),
    ])
    func rowsWithoutTheLineUnderTheFirstAreNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "table-shown" }, expected)
    }
}

/// A picture from another site is shown as a link (pages load no pictures from other sites):
/// named over the picture, with the file name to save it under beside the journal.
@Suite struct RemotePictureTests {
    @Test(arguments: [
        ("차트: ![환율 차트](https://example.org/img/chart_2026.png?w=600) 끝", ["1:5+54 the picture '![환율 차트](htt…' is shown as a link … — save the picture beside the journal and write its file's name, ![환율 차트](chart_2026.png):"]),
        ("![](https://cdn.example.org/a/b)", ["1:1+32 the picture '![](https://…' … ![설명](b.png):"]),
        ("[![배지](https://x.org/b.svg)](https://x.org)", ["1:2+26 the picture '![배지](https:…' … ![배지](b.svg):"]),
        ("![차트](chart.png)", []), ("[기사](https://example.org/a.png)", []), ("`![x](https://a.org/y.png)`", []), ("```\n![x](https://a.org/y.png)\n```", []),
    ])
    func aPictureFromAnotherSiteIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "remote-picture" }, expected)
    }
}

/// Italics in underscores closed before a particle, and a link whose `)` was forgotten before
/// more text, are shown as typed: each named with what to write. snake_case, italics that close
/// before a space, and a link whose title goes on to the next line are not; nor is a slip inside
/// a note in `<!-- -->`, which the page leaves out.
@Suite struct UnderscoreAndUnclosedLinkTests {
    @Test(arguments: [
        ("_밑줄_이다.", ["1:1+4 '_밑줄_' is not read as italics here … did you mean '*밑줄*'? a star closes italics before a particle (*밑줄*이다)"]),
        ("정책은 _긴축_으로 간다.", ["1:5+4 '_긴축_' is not read as italics … did you mean '*긴축*'? … (*긴축*으로)"]),
        // After punctuation, the amendment Gazette reads emphasis by closes it (`CJKEmphasis`).
        ("정책은 _'긴축'_으로 간다.", []), ("_강조_ 는 된다.", []), ("file_name_은 그대로", []), ("`_코드_`는 코드", []), ("\\_밑줄_이다", []), ("snake_case_이다", []),
    ])
    func italicsInUnderscoresBeforeAParticleAreNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.message.contains("italics") }, expected)
    }

    @Test(arguments: [
        ("[기사](https://example.com/a 를 보라.", ["1:1 'https://example.com/a' is not closed with ')', so the link is shown as typed — end the address with ')': [기사](https://example.com/a)"]),
        ("그림 ![차트](chart.png 참고", ["1:4 'chart.png' is not closed with ')', so the picture is shown as typed — end the address with ')': ![차트](chart.png)"]),
        ("[기사](https://example.com/a \"제목\n이어진 제목\")", []), ("[기사](https://example.com/a) 를 보라", []),
    ])
    func aLinkWhoseParenthesisIsForgottenBeforeMoreTextIsNamed(_ body: String, _ expected: [String]) {
        let said = BodyWriting.warnings(body).filter { $0.message.contains("is not closed") }.map {
            "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message) — \($0.hint ?? "")"
        }
        #expect(said == expected)
    }

    @Test func slipsInsideANoteAreNotNamed() {
        #expect(BodyWriting.warnings("<!--\n메모: **나중에\n##할일\n-->\n\n본문\n").isEmpty)
        #expect(BodyWriting.warnings("<!-- 안 닫힌 메모\n**굵게\n").isEmpty)
        #expect(BodyWriting.warnings("본문\n\n**굵게\n").count == 1)
    }
}

/// Hugo's and Zola's shortcodes, typed by a member used to those generators, are shown as
/// typed: each named over all of it, with the Markdown for the common ones; not in code.
@Suite struct ShortcodeTests {
    @Test(arguments: [
        ("{{< youtube dQw4w9WgXcQ >}}", ["1:1+27 Hugo's shortcode '{{< youtube…' is shown as typed: Gazette has no shortcodes — did you mean '[영상](https://www.youtube.com/watch?v=dQw4w9WgXcQ)'?"]),
        ("그래프: {{< figure src=\"chart.png\" caption=\"환율\" >}}", ["1:6+43 Hugo's shortcode … did you mean '![환율](chart.png)'?"]),
        ("[어제]({{< ref \"2026-12-05-rates.md\" >}})", ["1:6+33 Hugo's shortcode … did you mean '2026-12-05-rates.md'?"]),
        ("{{ youtube(id=\"abc123\") }}", ["1:1+26 Zola's shortcode … did you mean '[영상](https://www.youtube.com/watch?v=abc123)'?"]),
        ("{{< tweet user=\"x\" id=\"1\" >}}", ["1:1+29 Hugo's shortcode … write it as Markdown: a link"]),
        ("`{{< youtube x >}}`", []), ("{{중괄호}} 강조", []), ("```\n{{< youtube x >}}\n```", []),
    ])
    func aShortcodeIsNamedWithItsMarkdown(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.message.contains("shortcode") }, expected)
    }
}

/// Checks the warnings of `body` that `matching` picks, each written `line:column+span message —
/// hint`, against `expected`: as many, in order, each starting with the first of its pieces
/// (split at ` … `) and holding the others.
func expectWarnings(
    _ body: String, lineBreaks: Bool = false, _ matching: (Diagnostic) -> Bool, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let said = BodyWriting.warnings(body, lineBreaks: lineBreaks).filter(matching).map {
        "\($0.location?.line ?? 0):\($0.location?.column ?? 0)+\($0.span ?? 0) \($0.message) — \($0.hint ?? "")"
    }
    #expect(said.count == expected.count, "\(said)", sourceLocation: sourceLocation)
    for (one, pattern) in zip(said, expected) {
        let pieces = pattern.components(separatedBy: " … ")
        #expect(one.hasPrefix(pieces[0]) && pieces.dropFirst().allSatisfy { one.contains($0) }, "\(one)", sourceLocation: sourceLocation)
    }
}

/// A date at a line's start, as Korean writes it, becomes lists inside lists; a link with a space
/// before its address is shown as typed. Each named with what to write.
@Suite struct DateAndSpacedLinkTests {
    @Test(arguments: [
        ("2026. 12. 6. 금통위가 동결했다.", ["1:1+12 '2026. 12. 6.' is read as numbered lists inside each other (2026, 12, 6) … did you mean '2026\\. 12. 6.'? … or write 2026-12-06"]),
        ("본문\n\n12. 6. 회의", ["3:1+6 '12. 6.' is read as numbered lists inside each other (12, 6) … did you mean '12\\. 6.'?"]),
        ("2026. 금통위 정리", ["1:1+5 '2026.' is read as a list item numbered 2026"]),
        ("본문 첫 줄\n2026. 12. 6. 이어짐", []), ("1. 첫째\n2. 둘째", []), ("2026.12.6 회의", []), ("2026\\. 12. 6. 회의", []), ("```\n2026. 12. 6.\n```", []),
    ])
    func aDateAtALineStartIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.message.contains("is read as") }, expected)
    }

    @Test(arguments: [
        ("[연합뉴스 기사] (https://www.yna.co.kr/view/AKR2026)", ["1:1+46 '[연합뉴스 기사] (h…' is shown as typed … did you mean '[연합뉴스 기사](https://www.yna.co.kr/view/AKR2026)'?"]),
        ("그림: ![차트] (chart.png) 참고", ["1:5+17 '![차트] (chart…' is shown as typed … a picture … did you mean '![차트](chart.png)'?"]),
        ("[기사](https://a.kr/1) (원문)", []), ("[참고] (2026년 자료)", []), ("`[a] (b)`", []),
    ])
    func aLinkWithASpaceBeforeItsAddressIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.message.contains("keeps it from being") }, expected)
    }
}

/// A picture's size or attributes as other editors write them, which Markdown shows as typed.
@Suite struct PictureSizeTests {
    /// `![차트](chart.png =300x)` and `![차트](chart.png){width=50%}` are named over the whole
    /// picture with the picture alone; braces that are a sentence (`(참고){요약}`) are left.
    @Test(arguments: [
        ("![차트](chart.png =300x)", ["1:1+22 'chart.png =300x' gives the picture a size Markdown does not read … did you mean '![차트](chart.png)'?"]),
        ("앞 ![](a.png =300x200) 뒤", ["1:3+19 'a.png =300x200' gives the picture … did you mean '![](a.png)'?"]),
        ("![차트](chart.png){width=50%}", ["1:1+27 '{width=50%}' after the picture is shown as text: Markdown takes no attributes … did you mean '![차트](chart.png)'?"]),
        ("[기사](https://x.org/a){.external}", ["1:1+32 '{.external}' after the link is shown as text … did you mean '[기사](https://x.org/a)'?"]),
        ("![차트](chart.png)", []), ("[참고](https://x.org/a){요약}", []), ("![차트](chart.png){ }", []), ("![차트](my chart.png)", ["1:1+0 'my chart.png' has a space"]),
        // A title in curly quotes, as a word processor or a phone types them: the straight ones.
        ("[기사](https://x.org/a “연합 제목”)", ["1:1+29 the title after 'https://x.org/a' is in curly quotes … did you mean '[기사](https://x.org/a \"연합 제목\")'?"]),
        ("![그림](chart.png ‘제목’)", ["1:1+21 the title after 'chart.png' is in curly quotes … did you mean '![그림](chart.png '제목')'?"]),
    ])
    func aPicturesSizeOrAttributesAreNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "markup-shown" }, expected)
    }
}

/// A link's address with a character that shows as nothing copied along, which leads elsewhere.
@Suite struct InvisibleAddressTests {
    @Test(arguments: [
        ("[기사](https://x.org/AKR\u{200B}1) 참고", ["1:6+19 the address 'https://x.org/AKR<U+200B>1' holds a character that shows as nothing … did you mean 'https://x.org/AKR1'?"]),
        ("앞 [원문](<https://x.org/a\u{FEFF}b>)", ["1:9+17 the address 'https://x.org/a<U+FEFF>b' … did you mean 'https://x.org/ab'?"]),
        ("[기사](https://x.org/AKR1)", []), ("![차트](chart\u{200B}.png)", []), ("`[기사](https://x.org/a\u{200B}b)`", []),
    ])
    func aLinksAddressWithAnInvisibleCharacterIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "invisible-character" }, expected)
    }

    /// The byte scan finds every character `isInvisible` names, and not the punctuation Korean
    /// news is full of.
    @Test func theByteScanFindsEveryInvisibleCharacter() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), scalar.isInvisible else { continue }
            #expect(BodyWriting.mayHoldInvisibles("원\(Character(scalar))달러"), "U+\(String(value, radix: 16))")
        }
        #expect(!BodyWriting.mayHoldInvisibles("원·달러 ‘환율’ “급등”… — 1,450원 ￦ ©"))
    }
}

@Suite struct HashtagLineTests {
    /// A line made of hashtags is named with the front-matter list it means, by key: the
    /// journal's tags first, a hashtag naming a tag by its name or another case turned into the
    /// key, one the vocabulary lacks kept as typed. Text around a hashtag, a number, an escape,
    /// a heading, code and an HTML note are left alone.
    @Test func aLineOfHashtagsIsNamedWithTheTagsItMeans() {
        let tags = BodyWriting.TagContext(written: ["politics"], vocabulary: [Tag(key: "politics", name: "정치"), Tag(key: "economy", name: "경제")])
        func said(_ body: String) -> [String] {
            BodyWriting.warnings(body, tags: tags).filter { $0.code == "body-hashtags" }.map { "\($0.location?.line ?? 0): \($0.hint ?? "")" }
        }
        #expect(
            said("본문.\n\n#경제 #Politics #환율\n") == [
                "3: did you mean 'tags: [politics, economy, 환율]'? in the front matter ('경제' names economy, 'Politics' names politics), the journal is listed on each tag's page; write \\#경제 to show a hashtag as text"
            ])
        #expect(said("  ＃경제, #금리\n").first?.hasPrefix("1: did you mean 'tags: [politics, economy, 금리]'?") == true)
        for text in ["오늘의 #경제 뉴스.", "#1", "#1 금리", "\\#경제", "# 요약", "## 요약", "- #경제", "    #경제", "```\n#경제\n```", "<!--\n#경제\n-->", "#경제#금리"] {
            #expect(said(text + "\n").isEmpty, "\(text)")
        }
        // Without the vocabulary (a caller that has none), no line is named.
        #expect(BodyWriting.warnings("#경제\n").filter { $0.code == "body-hashtags" }.isEmpty)
    }
}

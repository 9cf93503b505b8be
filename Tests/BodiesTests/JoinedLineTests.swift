import Foundation
import GazetteModel
import Markdown
import Testing

@testable import Bodies

/// A member's own line right under a quote, a list item or a table goes on in it on the page.
/// Named at the first such line of a run, with what to write; a line the page keeps apart is not.
@Suite struct JoinedLineTests {
    @Test(arguments: [
        ("> 한국은행은 기준금리를 동결했다.\n내 생각에는 당연한 결정이다.", ["2:1+16 '내 생각에는 당연한 결…' is shown inside the quote above it … — put a blank line above it … start it with '> '"]),
        ("- 첫째 이유\n- 둘째 이유\n그래서 결론은 동결이다.", ["3:1+13 '그래서 결론은 동결이다…' is shown inside the list item above it … indent it by 2 spaces"]),
        ("1. 첫째\n2. 둘째\n결론.\n다음 줄.", ["3:1+3 '결론.' is shown inside the list item above it … indent it by 3 spaces"]),
        ("| 항목 | 값 |\n|--|--|\n| 금리 | 3.5% |\n이 표 뒤에 바로 문장.", ["4:1+13 '이 표 뒤에 바로 문장…' is shown as a row of the table above it, in its first cell"]),
        ("> 인용\n>\n내 생각", []), ("> 인용\n\n내 생각", []), ("- 항목\n  이어지는 문장", []), ("- 항목\n\n문단", []), ("> # 제목\n본문", []),
        ("| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |", []), ("문단 첫 줄\n2. 이건 문단\n다음 줄", []), ("```\n> 인용\n내 생각\n```", []),
        ("| a | b |\n|---|\n본문", []), ("- 항목\n# 제목", []), ("> 인용\n- 항목\n본문", ["3:1+2 '본문' is shown inside the list item"]),
        ("2026. 12. 7. 회의\n내용", []), ("- 항목\n  > 인용\n내 생각", ["3:1+4 '내 생각' is shown inside the quote above it"]),
        ("- 항목\n\n  > 인용\n내 생각", ["4:1+4 '내 생각' is shown inside the quote above it"]),
    ])
    func aLineUnderAQuoteAnItemOrATableIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, lineBreaks: true, { $0.code == "joined-line" }, expected)
    }

    /// Where `markdown.line_breaks` is off, a quote or an item wrapped by hand goes on without
    /// its mark: a line under one is named only where the line above ends a sentence (a table's
    /// row without pipes is named either way).
    @Test(arguments: [
        ("> 한국은행은 기준금리를 동결하면서 물가\n상승 압력이 여전하다고 밝혔다.", []), ("- 첫째 이유는 가계부채가\n늘었기 때문", []),
        ("> 한국은행은 동결했다.\n내 생각에는 당연하다.", ["2:1+12 '내 생각에는 당연하다.' is shown inside the quote"]),
        ("> 「동결」이라고 했다」\n내 생각", ["2:1+4 '내 생각' is shown inside the quote"]),
        ("| a | b |\n|---|---|\n| 1 | 2 |\n표 다음", ["4:1+4 '표 다음' is shown as a row"]),
    ])
    func aQuoteWrappedByHandIsNotNamedWithoutLineBreaks(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "joined-line" }, expected)
    }

    /// A face typed at a line's start (`>_<`) is a quote's mark to Markdown: named, once (the
    /// line under it is not also named as joined to the quote), with the backslash that keeps it.
    @Test(arguments: [
        (">_< 너무 어려웠다.", ["1:1+3 '>_<' at the start of a line is read as a quote's mark … as a quote — did you mean '\\>_<'?"]),
        (">ㅅ< 힘들다\n내일 다시 읽자.", ["1:1+3 '>ㅅ<' at the start … did you mean '\\>ㅅ<'?"]), ("오늘은\n  >.< 끝", ["2:3+3 '>.<' at the start"]),
        ("> 인용", []), (">인용문", []), (">> 중첩 인용", []), ("웃음 >_< 끝", []), ("```\n>_<\n```", []),
    ])
    func aFaceAtALineStartIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, lineBreaks: true, { $0.code == "markup-shown" || $0.code == "joined-line" }, expected)
    }

    /// Bodies made of the lines members write (quotes, items, tables, headings, code, blank
    /// lines and their own text), rendered by cmark-gfm: every line named is one the page shows
    /// inside a quote, a list item or a table cell, and every line of the member's own text (no
    /// indent, no mark) the page shows there is named, or is in a run of such lines under one
    /// that is.
    @Test func namedExactlyWhereThePageJoinsTheLine() {
        let pieces = [
            "> 인용 T", ">", "> # 제목 T", "> - 인용 항목 T", "- 항목 T", "* 항목 T", "+ 항목 T", "1. 항목 T", "2. 항목 T", "1) 항목 T", "-", "1.",
            "  - 중첩 T", "  > 항목 속 인용 T", "| 가 T | 나 |", "|---|---|", "|--|", "| 한 칸 T |", "# 제목 T", "---", "* * *", "```", "    코드 T", "  들여쓴 T", "===",
            "<div>", "2026. 12. 7. 회의 T", "-5% 하락 T", "", "", "", "텍스트 T", "텍스트 T", "텍스트 T", "텍스트 T",
        ]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var covered = 0
        for _ in 0..<4_000 {
            var lines: [String] = []
            for number in 0..<(2 + next(7)) { lines.append(pieces[next(pieces.count)].replacingOccurrences(of: "T", with: "t\(number)x")) }
            // A fence inside HTML, which goes on to a blank line, is HTML to Markdown; the
            // checks read fences by lines (`fencedLines`), as every writing check does.
            if let html = lines.firstIndex(of: "<div>"), lines[html...].prefix(while: { !$0.isEmpty }).contains("```") { continue }
            let body = lines.joined(separator: "\n")
            let warnings = BodyWriting.warnings(body, lineBreaks: true)
            let named = warnings.filter { $0.code == "joined-line" }.compactMap { $0.location.map { $0.line - 1 } }
            // The page as the date warning's fix leaves it (each date it names kept as text).
            let dates = Set(warnings.filter { $0.message.hasPrefix("'2026.") }.compactMap { $0.location.map { $0.line - 1 } })
            let fixed = lines.indices.map { dates.contains($0) ? lines[$0].replacingOccurrences(of: "2026.", with: "2026\\.") : lines[$0] }.joined(separator: "\n")
            let inside = Self.insideContainers(MarkdownDocument(fixed).html())
            // A line without a token (`===`, `|--|`) may be joined too, but not a table's line
            // under its first row.
            func joined(_ index: Int) -> Bool {
                lines[index].contains("t\(index)x") ? inside.inside.contains("t\(index)x") : !(index > 0 && inside.headers.contains("t\(index - 1)x"))
            }
            #expect(named.allSatisfy(joined), "\(body.debugDescription) \(named)")
            // Past a date the checks name, the body they read is not yet the one fixed (its
            // lists inside lists go on there): lines there are named once the date is fixed.
            let checked = dates.min() ?? lines.count
            for index in lines.indices where index < checked && lines[index].hasPrefix("텍스트") && inside.inside.contains("t\(index)x") {
                var first = index
                while !named.contains(first), first > 0, !lines[first - 1].isEmpty, joined(first - 1) { first -= 1 }
                #expect(named.contains(first), "\(body.debugDescription): line \(index + 1) \(named)")
                covered += 1
            }
        }
        // The bodies do meet the slip, often.
        #expect(covered > 300)
    }

    /// The line tokens (`t3x`) of `html` inside a blockquote, a list item or a table's cell,
    /// and those in its header cells.
    static func insideContainers(_ html: String) -> (inside: Set<String>, headers: Set<String>) {
        var depth = 0, header = 0
        var found = Set<String>(), headers = Set<String>()
        let pattern = /<(\/?)(blockquote|li|td|th)\b[^>]*>|(t\d+x)/
        for match in html.matches(of: pattern) {
            if let token = match.output.3 {
                if depth > 0 { found.insert(String(token)) }
                if header > 0 { headers.insert(String(token)) }
            } else {
                let step = match.output.1?.isEmpty == false ? -1 : 1
                if match.output.2 == "th" { header += step } else { depth += step }
            }
        }
        return (found, headers)
    }
}

/// A star typed after a word as a note's mark (`성장률*은 … 환율*은`) opens italics that run to
/// the next such star: named at the star that opens them, with the backslash that keeps it; a
/// part of a word in italics, stars in code, escaped stars and bold are not.
@Suite struct NoteStarTests {
    @Test(arguments: [
        ("성장률*은 1.5%로 낮아졌다. 환율*은 1,400원대.\n\n*는 한국은행 추정치",
         ["1:4+1 '*' after '성장률' opens italics: the page shows '은 1.5%로 낮아졌다…' in italics, without the stars — did you mean '\\*'?"]),
        ("성장률*은 낮아졌다.\n환율*은 올랐다.", ["1:4+1 '*' after '성장률' opens italics: the page shows '은 낮아졌다. 환율' in italics"]),
        ("GDP*는 1.5%, CPI*는 3%", ["1:4+1 '*' after 'GDP' opens italics"]),
        ("- 성장률*은 낮다\n- 환율*은 높다", []), ("기준*금리*가 핵심", []), ("성장률\\*은 낮고 환율\\*은 높다", []),
        ("`성장률*은` 낮고 `환율*은` 높다", []), ("**성장률**은 낮고 **환율**은 높다", []), ("*내 생각*이다", []),
        ("성장률*은 낮다.", []), ("```\n성장률*은 낮고 환율*은\n```", []),
    ])
    func aNoteStarAfterAWordIsNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "markup-shown" }, expected)
    }
}

/// Markdown's marks typed in an input method's full-width mode: a picture that is a link, links
/// and bold shown as typed. Korean's own full-width parentheses (`（연합뉴스）`, a date in them) are
/// not named.
@Suite struct WideMarkTests {
    @Test(arguments: [
        ("！[차트](chart.png)", ["1:1+16 '！[차트](chart.…' is a link to the file, not a picture: '！' typed in the input method's full-width mode — did you mean '![차트](chart.png)'?"]),
        ("기사는 ［연합뉴스］(https://yna.kr/a) 참고", ["1:5+24 '［연합뉴스］(https…' is shown as typed, not as a link: '［', '］' … did you mean '[연합뉴스](https://yna.kr/a)'?"]),
        ("[기사]（https://yna.kr/a）", ["1:1+22 '[기사]（https:/…' is shown as typed, not as a link: '（', '）' … '[기사](https://yna.kr/a)'"]),
        ("정말 ＊＊중요＊＊하다", ["1:4+6 '＊＊중요＊＊' is shown as typed, not in bold … did you mean '**중요**'?"]),
        ("함수 ｀f(x)｀ 를 본다", ["1:4+6 '｀f(x)｀' is shown as typed, not as code … did you mean '`f(x)`'?"]),
        ("[단독]（12.7） 한은과 [속보]（연합뉴스）, 한국은행（BOK）", []), ("＊주의＊ 하나", []), ("```\n！[차트](chart.png)\n```", []),
        ("[기사](https://yna.kr/a)", []),
    ])
    func markdownMarksTypedFullWidthAreNamed(_ body: String, _ expected: [String]) {
        expectWarnings(body, { $0.code == "markup-shown" }, expected)
    }
}

/// Bodies of the characters the writing checks read (marks, full-width forms, odd spaces, Korean
/// letters, escapes, code and notes) in random order: every check runs to its end, and every
/// warning lies on a line of the body, its span inside that line (what the language server's
/// ranges and quick fixes are made from).
@Suite struct WritingCheckBoundsTests {
    @Test func everyWarningLiesInsideItsLine() {
        let pieces = [
            "*", "**", "_", "~", "#", "##", "＃", "－", "＊", "\u{A0}", "\u{3000}", " ", "  ", "\t", "\n", "\n\n", "\r\n", "\\", "`", "```", "> ", ">_<", "- ", "1. ",
            "2026. 12. 7.", "|", "|---|", "[", "]", "(", ")", "](", "![", "](http://a.kr/x.png)", "<!--", "-->", "<font>", "==", "[[", "{{", "[^1]",
            "성장률", "은", "금리", "환율", "a", "GDP", "1.5%", ".", "다", "https://a.kr/b", "    ", "---", "===", "•", "①",
            "！[", "［", "］", "（", "）", "＊＊", "｀",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for round in 0..<3_000 {
            let body = (0..<(1 + next(40))).map { _ in pieces[next(pieces.count)] }.joined()
            // By bytes: a String splits `\r\n`, one Character, at no `\n`.
            let lines = body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            for warning in BodyWriting.warnings(body, title: "금리", lineBreaks: round % 2 == 0) {
                guard let location = warning.location else { continue }
                guard lines.indices.contains(location.line - 1) else {
                    Issue.record("line \(location.line) of \(lines.count) in \(body.debugDescription): \(warning.message)")
                    continue
                }
                let length = lines[location.line - 1].unicodeScalars.count
                #expect(location.column >= 1 && location.column - 1 + (warning.span ?? 0) <= max(length, 1), "\(body.debugDescription): \(location.line):\(location.column)+\(warning.span ?? 0) \(warning.message)")
            }
        }
    }
}

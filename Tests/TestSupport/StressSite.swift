import Foundation

/// A generated site that exercises what the example site does not: hundreds of journals with
/// every Markdown construct, awkward titles, both scripts, long URLs and links between journals.
/// Deterministic: the same count gives the same files.
public enum StressSite {
    static let tags = ["politics", "economy", "art", "entertainment", "science", "technology", "health", "lifestyle", "sports", "world"]
    static let authors = ["heedon", "jiwoo", "sam"]

    /// Copies the example site into `folder` and adds `count` generated journals under
    /// `content/journals/stress/`, spread over the example's three weeks.
    public static func write(into folder: URL, journals count: Int) throws {
        try Repository.copyExampleSite(to: folder)
        let articleIDs = try exampleArticleIDs()
        let journals = folder.appendingPathComponent("content/journals/stress")
        try FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
        for index in 0..<count {
            let day = 3 + index % 19  // 2026-11-03 … 2026-11-21
            let name = String(format: "2026-11-%02d-stress-%04d.md", day, index)
            try journal(index, day: day, article: articleIDs[index % articleIDs.count], count: count)
                .write(to: journals.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
    }

    static func exampleArticleIDs() throws -> [String] {
        let folder = Repository.root.appendingPathComponent("content/articles")
        var ids: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".jsonl") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                if let id = record?["id"] as? String { ids.append(id) }
            }
        }
        return ids
    }

    static func journal(_ index: Int, day: Int, article: String, count: Int) -> String {
        let titles = [
            "Rates & \"real\" yields <explained>", "반도체 수출 회복, 진짜일까? — 3분기 데이터로 본 흐름",
            "AI/ML: what 'agentic' means (2026 edition)", "기후 적응 예산 12.5조원의 쓰임새 [정리]",
            "Café culture, naïve résumés and emoji 🎉", "#1 reason: 100% of 50 people said “yes”",
        ]
        let tag1 = tags[index % tags.count], tag2 = tags[(index * 7 + 3) % tags.count]
        let tagList = tag1 == tag2 ? "[\(tag1)]" : "[\(tag1), \(tag2)]"
        let other = String(format: "stress-%04d", (index + 1) % count)
        let bookmark = index % 11 == 5
        var text = """
            ---
            title: "\(titles[index % titles.count].replacingOccurrences(of: "\"", with: "\\\"")) #\(index)"
            article: \(article)
            tags: \(tagList)
            author: \(authors[index % authors.count])
            created: 2026-11-\(String(format: "%02d", day)) \(String(format: "%02d", 8 + index % 12)):\(String(format: "%02d", index % 60))
            ---

            """
        if bookmark { return text }
        if index % 4 == 1 {
            // Short bodies of varied length, so card heights on the board differ.
            let words = ["금리는", "rates", "**동결**", "됐다.", "The", "`CPI`", "rose", "*again*", "국채", "수익률이", "https://example.com/x", "3.5%p", "올랐다 🎉"]
            return text + (0..<(1 + index % 23)).map { words[($0 * 5 + index) % words.count] }.joined(separator: " ") + "\n"
        }
        text += """
            ## 요약 Summary \(index)

            금리가 오르면 **가계부채** 부담이 커진다. *Emphasis*, ~~struck~~, `inline code`, and a link to
            [another journal](../\(other)/) and to [the digest](../../). A long URL:
            https://example.com/a/very/long/path/that/keeps/going/and/going/with-hyphens-and_underscores/\(index)?query=value&other=1#frag

            > 인용문: "따옴표"와 「괄호」, (parentheses) and [brackets].
            >
            > — a second paragraph in the quote

            ### Details

            1. First, with a nested list:
               - 하나
               - two with `code`
            2. Second: 3.5% of ₩1,000,000 = ₩35,000

            - [x] read the article
            - [ ] write the summary

            | 항목 | Value | Note |
            |------|------:|:----:|
            | 금리 | 3.50% | 동결 |
            | CPI  | 2.1%  | <b>escaped</b> |

            ```swift
            let rate = 3.5 // <not a tag>
            print("\\(rate)%")
            ```

            ![A chart of the week's rates](https://example.com/chart-\(index).png)

            ---

            Raw HTML is shown as text: <script>alert(1)</script> & <div class="x">.
            Emoji 👩‍💻🇰🇷 and combining 한글 ㄱㄴㄷ.

            """
        if index % 2 == 0 {
            // Footnotes: two notes, one referred to twice, one with a list of its own.
            text += """
                가계부채 통계[^debt]는 분기마다 나온다[^2]. 다시 인용[^debt].

                [^debt]: 한국은행 가계신용 통계, \(index)호. See [the digest](../../).
                [^2]: Quarterly:
                    - 3월
                    - 6월

                """
        }
        return text
    }
}

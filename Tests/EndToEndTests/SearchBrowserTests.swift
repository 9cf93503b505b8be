import Bodies
import Content
import Foundation
import GazetteModel
import Pipeline
import Search
import Site
import TestSupport
import Testing

/// The search page in Chromium (`Tests/Tools/search_check.py`), served under `/study/` as the
/// sites' base URL says, on the example site and on a generated site: what each query must find
/// is worked out here from the journals' text, independently of the index (a Korean query
/// matches text that contains it, an English one words that begin with it), and the script's
/// results are compared with it — every result, not only the first page. Also: the script's
/// tokenizer against the build's on the same strings, axe-core on a page of results, the page
/// with scripts off, and the figures (bytes fetched per query, time from the last keystroke).
@Suite("Search in Chromium", .serialized)
struct SearchBrowserTests {
    /// What the index is made from, per journal, as one lower-cased text.
    struct Corpus: CustomStringConvertible {
        var description: String { "\(texts.count) journals" }
        var content: SiteContent
        var texts: [(page: String, text: String, journal: Journal)]

        init(siteRoot: URL) throws {
            let content = try SiteContent.load(siteRoot: siteRoot)
            let bodies = try JournalBodies(content)
            self.content = content
            texts = content.journals.map { journal in
                let article = content.article(for: journal)
                var parts = [journal.title, journal.isBookmark ? [article?.title, article?.description].compactMap { $0 }.joined(separator: " ") : bodies.plainText(journal) + "\n" + bodies.headings(journal)]
                parts += journal.tags + journal.tags.compactMap { content.config.tag($0)?.name }
                parts += [journal.author, journal.author.flatMap { content.config.author($0)?.name }, content.week(of: journal).description, article?.title].compactMap { $0 }
                return ("journals/\(journal.slug)/", parts.joined(separator: "\n").lowercased(), journal)
            }
        }

        /// Journals whose text contains `stem` (Korean).
        func containing(_ stem: String) -> [String] { texts.filter { $0.text.contains(stem) }.map(\.page) }

        /// Journals with a word that begins with `prefix` (English).
        func wordsBeginning(_ prefix: String) throws -> [String] {
            let regex = try NSRegularExpression(pattern: "(?<![\\p{L}\\p{M}\\p{N}])" + NSRegularExpression.escapedPattern(for: prefix))
            return texts.filter { regex.firstMatch(in: $0.text, range: NSRange($0.text.startIndex..., in: $0.text)) != nil }.map(\.page)
        }

        /// True when `stem` occurs and every occurrence is followed by a Hangul syllable: it is
        /// written only with particles (or inside longer words), never on its own.
        func onlyWithParticles(_ stem: String) -> Bool {
            var seen = false
            for (_, text, _) in texts {
                var rest = text[...]
                while let range = rest.range(of: stem) {
                    seen = true
                    guard let next = text[range.upperBound...].unicodeScalars.first, (0xAC00...0xD7A3).contains(next.value) else { return false }
                    rest = text[range.upperBound...]
                }
            }
            return seen
        }

        func pages(_ filter: (Journal) -> Bool) -> [String] { texts.filter { filter($0.journal) }.map(\.page) }
    }

    struct Case: Encodable {
        var name: String
        var query: String
        var tag: String?
        var week: String?
        var exactly: [String]?
        var order: [String]?
        var first: String?
        var excludes: [String]?
        var marked: Bool?
    }

    struct Sample: Encodable {
        var text: String
        var tokens: [[String]]
    }

    struct Spec: Encodable {
        var cases: [Case]
        var tokens: [Sample]
        var typing: [String]
    }

    static func samples(_ texts: [String]) -> [Sample] {
        texts.map { text in
            Sample(text: text, tokens: SearchText.tokens(text).map { token in
                switch token {
                case .word(let word): ["w", word]
                case .run(let run): ["r", String(String.UnicodeScalarView(run))]
                }
            })
        }
    }

    static let trickyStrings = [
        "기준금리는 3.5%로 동결됐다", "ＡＩ반도체 Inflationary 1,000원", "Café naïve ΣΑΣ İstanbul", "v1.2.3. 끝.", "東京 カタカナ ㅋㅋ 가ㄴ",
        "emoji 👩‍💻🇰🇷 한글", "don't — “quotes” …", "x²  ½ ﬁ ㈜ ①", String(repeating: "long", count: 12),
    ]

    /// Builds `source` into `folder/public` and runs the checker; returns its summary.
    func check(site source: URL, in folder: TemporaryFolder, spec: Spec, axe: Bool) throws -> [String: Any] {
        let output = folder.url.appendingPathComponent("public")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: source, output: output, baseURL: URL(string: "https://example.org/study/"), packets: .skipped))
        let casesFile = folder.url.appendingPathComponent("cases.json")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(spec).write(to: casesFile)
        let summaryFile = folder.url.appendingPathComponent("summary.json")
        let python = SiteQualityTests.tools.appendingPathComponent("bin/python")
        let script = Repository.root.appendingPathComponent("Tests/Tools/search_check.py")
        var command = [python.path, script.path, "--site", output.path, "--prefix", "/study/", "--cases", casesFile.path, "--json", summaryFile.path]
        if axe { command += ["--axe", try SiteQualityTests.tool("axe_selenium_python/node_modules/axe-core/axe.min.js").path] }
        let result = try SiteQualityTests.run(command)
        print(result.output.split(separator: "\n").filter { !$0.hasPrefix("violation") }.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.output)\nrerun: \(command.joined(separator: " "))")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: summaryFile)) as? [String: Any])
    }

    @Test func exampleSite() throws {
        let folder = try TemporaryFolder("search-example")
        let source = folder.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try Repository.copyExampleSite(to: source)
        let corpus = try Corpus(siteRoot: source)
        // A Korean stem that three or more journals write only with particles.
        let stem = try #require(["실적", "영향", "반도"].first { corpus.onlyWithParticles($0) && corpus.containing($0).count >= 3 }, "no stem written only with particles")
        let unique = try #require(["geothermal", "lithography", "boreholes"].first { try corpus.wordsBeginning($0).count == 1 })
        let english = try corpus.wordsBeginning("export")
        let severalEnglish = english.count >= 2
        #expect(severalEnglish)
        let compound = corpus.containing("부채")
        let compoundFound = !corpus.containing("가계부채").isEmpty && Set(corpus.containing("가계부채")).isSubset(of: compound)
        #expect(compoundFound)
        let economy = corpus.pages { $0.tags.contains("economy") }
        let cases = [
            Case(name: "unique token", query: unique, exactly: try corpus.wordsBeginning(unique), first: try corpus.wordsBeginning(unique).first, marked: true),
            Case(name: "Korean stem with particles only (\(stem))", query: stem, exactly: corpus.containing(stem),
                 excludes: corpus.texts.map(\.page).filter { !corpus.containing(stem).contains($0) }, marked: true),
            Case(name: "compound part", query: "부채", exactly: compound, marked: true),
            Case(name: "English word by its start", query: "export", exactly: english, marked: true),
            Case(name: "non-word", query: "qzxqvjk", exactly: []),
            Case(name: "tag filter alone", query: "", tag: "economy", exactly: economy),
            Case(name: "stem within a tag", query: stem, tag: "economy", exactly: corpus.containing(stem).filter(economy.contains)),
        ]
        let texts = Self.trickyStrings + corpus.texts.map { String($0.text.prefix(400)) }
        let summary = try check(site: source, in: folder, spec: Spec(cases: cases, tokens: Self.samples(texts), typing: [stem + "이", "export"]), axe: true)
        #expect(summary["tokens"] as? Int == texts.count)
    }

    @Test func generatedSite() throws {
        let folder = try TemporaryFolder("search-generated")
        let source = folder.url.appendingPathComponent("site")
        let generator = Repository.root.appendingPathComponent("Benchmarks/make_journals.py")
        let made = try Program.run(command: "python3", [generator.path, source.path, "240"], environment: ["WEEKS": "8"])
        #expect(made.status == 0, "\(made.stderr)")
        // Planted journals: a stem no generated journal has (탄소세), written only with particles,
        // in the title of one and the body of others; a decoy with its parts apart; a unique token.
        let planted: [(String, String, String, String)] = [
            ("plant-title", "탄소세를 둘러싼 논쟁", "2026-11-10 09:00", "유럽의 국경 조정 제도를 읽었다."),
            ("plant-many", "국경 조정 읽기", "2026-11-11 09:00", "탄소세는 세수가 크다. 탄소세를 걷으면 탄소세의 쓰임이 문제다."),
            ("plant-old", "에너지 가격 메모", "2026-11-12 09:00", "업계는 탄소세가 부담이라고 한다. Inflationary pressure too."),
            ("plant-new", "전기요금 메모", "2026-11-13 09:00", "정부는 탄소세를 미뤘다. A zephyrine remark."),
            ("plant-decoy", "탄소 배출과 세금", "2026-11-14 09:00", "탄소 배출이 늘고 세금 논의가 길어졌다."),
        ]
        let journals = source.appendingPathComponent("content/journals")
        for (slug, title, created, body) in planted {
            try "---\ntitle: \"\(title)\"\ntags: [economy]\nauthor: heedon\ncreated: \(created)\nupdated: \(created)\n---\n\(body)\n"
                .write(to: journals.appendingPathComponent("\(slug).md"), atomically: true, encoding: .utf8)
        }
        let corpus = try Corpus(siteRoot: source)
        let particlesOnly = corpus.onlyWithParticles("탄소세")
        #expect(particlesOnly)
        let compound = corpus.containing("부채")
        let compoundOnly = compound.count > 20 && Set(compound) == Set(corpus.containing("가계부채"))
        #expect(compoundOnly)
        let week = try #require(corpus.content.weeks.first { $0.journals.count > 5 }?.week.description)
        let inWeek = corpus.pages { corpus.content.week(of: $0).description == week }
        let cases = [
            Case(name: "unique token", query: "zephyrine", exactly: ["journals/plant-new/"], first: "journals/plant-new/", marked: true),
            // Title first; then more matches; then newer first on a tie (plant-new after plant-old
            // in time, each with one match).
            Case(name: "Korean stem with particles only, ranked", query: "탄소세", exactly: corpus.containing("탄소세"),
                 order: ["journals/plant-title/", "journals/plant-many/", "journals/plant-new/", "journals/plant-old/"],
                 excludes: ["journals/plant-decoy/"], marked: true),
            Case(name: "compound part", query: "부채", exactly: compound, marked: true),
            Case(name: "English word by its start", query: "inflation", exactly: try corpus.wordsBeginning("inflation"), marked: true),
            Case(name: "two terms", query: "가계부채 inflation", exactly: Set(compound).intersection(try corpus.wordsBeginning("inflation")).sorted()),
            Case(name: "non-word", query: "qzxqvjk", exactly: []),
            Case(name: "week filter", query: "금리", week: week, exactly: corpus.containing("금리").filter(inWeek.contains)),
            Case(name: "week and tag filters", query: "", tag: "economy", week: week,
                 exactly: corpus.pages { $0.tags.contains("economy") }.filter(inWeek.contains)),
        ]
        let summary = try check(
            site: source, in: folder, spec: Spec(cases: cases, tokens: [], typing: ["가계부채", "inflation", "기준금리 정책"]), axe: false)
        // The budget: a query fetches at most 100 KB (here, on 245 journals, far less).
        for item in summary["cases"] as? [[String: Any]] ?? [] {
            let bytes = item["bytes"] as? [String: Int] ?? [:]
            #expect((bytes["index"] ?? 0) + (bytes["fragments"] ?? 0) <= 100_000, "\(item)")
        }
        // Results after typing: the target is 200 ms (see `make bench-search`); here a loose bound,
        // the machine being shared with other tests.
        for item in summary["typing"] as? [[String: Any]] ?? [] {
            #expect((item["ms"] as? Int ?? .max) < 1000, "\(item)")
        }
    }
}

import Foundation
import Pipeline
import Site
import SiteFonts
import TestSupport
import Testing

/// The web fonts' `unicode-range` slices as Chromium loads them (`Tests/Tools/font_fetch_check.py`,
/// each page in a fresh browser): a page fetches the slices holding its characters and no other,
/// and sets its rare syllables in its own inline font rather than fetching their slices.
@Suite("Web-font slices in Chromium", .serialized)
struct FontSliceBrowserTests {
    /// A site with an English interface (so a Latin page has no Hangul anywhere, not even in its
    /// navigation) and `journals` (file name without `.md`, text), built under `folder/public`.
    static func builtEnglishSite(in folder: TemporaryFolder, journals: [(name: String, text: String)]) throws -> URL {
        try folder.write("site/gazette.yml", "title: Study\nlanguage: en\nbase_url: https://example.org/\n")
        for journal in journals { try folder.write("site/content/journals/\(journal.name).md", journal.text) }
        let output = folder.url.appendingPathComponent("public")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: folder.url.appendingPathComponent("site"), output: output, packets: .skipped))
        return output
    }

    @Test func aPageFetchesOnlyTheSlicesOfItsCharacters() throws {
        let folder = try TemporaryFolder("font-slices")
        // 금 and 리 are in the most frequent slice (h01), 뷁 is rare (its block's slice, ubd00);
        // 를 (h01) elsewhere in the site, 읊 (a rare common syllable, of a page slice) only on
        // another page, in its title (bold) and its body.
        let output = try Self.builtEnglishSite(in: folder, journals: [
            ("latin", "---\ntitle: Rates held\ncreated: 2026-11-18 09:00\n---\nThe bank held its rate at 3.5%, as expected.\n"),
            ("korean", "---\ntitle: Rates in Korean\ncreated: 2026-11-19 09:00\n---\nThe word is 금리, and 뷁 is rare.\n"),
            ("other", "---\ntitle: 읊다\ncreated: 2026-11-20 09:00\n---\n시를 읊다.\n"),
        ])
        let shipped = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("assets/fonts").path)
        #expect(shipped.contains { $0.hasPrefix("gazette-sans-400-h") && !$0.hasPrefix("gazette-sans-400-h01.") },
                "the site ships more Hangul slices than the Korean page needs: \(shipped.sorted())")

        let summary = folder.url.appendingPathComponent("fonts.json")
        let command = [
            SiteQualityTests.tools.appendingPathComponent("bin/python").path,
            Repository.root.appendingPathComponent("Tests/Tools/font_fetch_check.py").path,
            "--site", output.path, "--page", "journals/latin/index.html", "--page", "journals/korean/index.html",
            "--page", "journals/other/index.html",
            "--json", summary.path,
        ]
        let result = try SiteQualityTests.run(command)
        #expect(result.status == 0, "\(result.output)\nrerun: \(command.joined(separator: " "))")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any])
        let pages = try #require(json["pages"] as? [String: [String]])
        print("fonts fetched:\n" + result.output)

        let latin = try #require(pages["journals/latin/index.html"])
        #expect(!latin.isEmpty)
        #expect(latin.allSatisfy { $0.contains("-latin.") }, "a Latin-only page fetched \(latin)")

        let korean = try #require(pages["journals/korean/index.html"])
        #expect(korean.contains { $0.hasPrefix("gazette-sans-400-h01.") }, "\(korean)")
        #expect(korean.contains { $0.hasPrefix("gazette-sans-400-ubd00.") }, "\(korean)")
        let allowed = ["-latin.", "gazette-sans-400-h01.", "gazette-sans-400-ubd00."]
        #expect(korean.allSatisfy { name in allowed.contains { name.contains($0) } }, "the Korean page fetched \(korean)")
        // The page with 읊 fetches no slice for it: its own font, inline, has it in each weight.
        let rare = try #require(pages["journals/other/index.html"])
        let allowedRare = ["-latin.", "gazette-sans-400-h01.", "gazette-sans-700-h01."]
        #expect(rare.allSatisfy { name in allowedRare.contains { name.contains($0) } }, "the page with 읊 fetched \(rare)")
        let loaded = try #require((json["loaded"] as? [String: [[String: String]]])?["journals/other/index.html"])
        for weight in ["400", "700"] {
            #expect(loaded.contains { $0["weight"] == weight && $0["range"]?.uppercased() == "U+C74A" }, "no face of weight \(weight) with 읊 loaded: \(loaded)")
        }
        // Every file fetched is one the site ships.
        #expect(Set(latin + korean + rare).isSubset(of: shipped))
    }

    /// An emoji is set in the emoji face in every engine: Chromium and WebKitGTK fetch the
    /// emoji slice; Firefox, which draws no colour-bitmap (CBDT) web font, fetches nothing for it
    /// and takes the installed Noto Color Emoji, the same font (it fetched the file and threw it
    /// away before the slice was marked `tech(color-CBDT)`).
    @Test func anEmojiIsSetInTheEmojiFaceAndFirefoxFetchesNoFileItCannotDraw() throws {
        let folder = try TemporaryFolder("font-emoji")
        let output = try Self.builtEnglishSite(in: folder, journals: [
            ("party", "---\ntitle: Rates held\ncreated: 2026-11-18 09:00\n---\nThe bank held its rate 🎉 as expected.\n")
        ])
        let shipped = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("assets/fonts").path)
        let emoji = try #require(shipped.first { $0.hasPrefix("gazette-emoji-400.") }, "\(shipped)")
        for engine in ["chromium", "firefox", "webkit"] {
            let summary = folder.url.appendingPathComponent("\(engine).json")
            let command = [
                SiteQualityTests.tools.appendingPathComponent("bin/python").path,
                Repository.root.appendingPathComponent("Tests/Tools/font_fetch_check.py").path,
                "--site", output.path, "--engine", engine, "--page", "journals/party/index.html", "--json", summary.path,
            ]
            let result = try SiteQualityTests.run(command)
            #expect(result.status == 0, "\(result.output)\nrerun: \(command.joined(separator: " "))")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any])
            let fetched = try #require((json["pages"] as? [String: [String]])?["journals/party/index.html"])
            let loaded = try #require((json["loaded"] as? [String: [[String: String]]])?["journals/party/index.html"])
            #expect(fetched.contains(emoji) == (engine != "firefox"), "\(engine) fetched \(fetched)")
            #expect(loaded.contains { $0["family"]?.contains("Gazette Emoji") == true }, "\(engine) loaded no emoji face: \(loaded)")
        }
    }
}

/// A site whose text spans every web-font slice, for the board checks: the example site and 62
/// journals (two per frequency slice and more) whose titles and bodies mix syllables of every
/// slice with Latin words, digits, punctuation, rare syllables and Hanja, so lines are shaped
/// across many slice boundaries.
enum SlicesSite {
    static func write(into folder: URL) throws {
        try Repository.copyExampleSite(to: folder)
        let journals = folder.appendingPathComponent("content/journals/slices")
        try FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
        let hangul = FontSlices.fixed(.headings).filter { $0.name.hasPrefix("h") }.map { $0.scalars.compactMap(Unicode.Scalar.init) }
        func word(_ seed: Int) -> String {
            let length = 1 + seed % 3
            return String(String.UnicodeScalarView((0..<length).map { k in
                let slice = hangul[(seed * 7 + k * 13) % hangul.count]
                return slice[(seed * 31 + k * 17) % slice.count]
            }))
        }
        let latin = ["AI", "rate", "CPI", "3.5%", "(2026)", "“quote”", "‘s’", "₩1,000", "…", "·", "—", "A/B", "10:30"]
        let extras = ["뷁", "똠방각하", "金利", "ㅋㅋ", "「괄호」", "『책』", "〈표〉"]
        for index in 0..<62 {
            let day = 3 + index % 19
            let title = "\(word(index)) \(word(index + 1))와 \(latin[index % latin.count]) \(word(index * 3 + 2))"
            var words: [String] = []
            for k in 0..<(20 + index % 40) {
                let seed = index * 101 + k
                var piece = word(seed) + ["은", "는", "이", "가", "을", "를", "의", "", "에서"][seed % 9]
                if seed % 5 == 0 { piece += latin[seed % latin.count] }
                if seed % 11 == 0 { piece = extras[seed % extras.count] + piece }
                if seed % 13 == 0 { piece += "." }
                words.append(piece)
            }
            let text = """
                ---
                title: "\(title.replacingOccurrences(of: "\"", with: "\\\""))"
                tags: [\(["economy", "politics", "science"][index % 3])]
                author: heedon
                created: 2026-11-\(String(format: "%02d", day)) \(String(format: "%02d", 8 + index % 12)):00
                ---
                \(words.joined(separator: " "))

                """
            try text.write(to: journals.appendingPathComponent(String(format: "2026-11-%02d-slices-%02d.md", day, index)), atomically: true, encoding: .utf8)
        }
    }
}

import Foundation
import GazetteModel
@testable import SiteFonts
import Testing
import TextLayout

@testable import Site

/// The web fonts cut into `unicode-range` slices: fixed slices whose names do not depend on the
/// site, measurement that shapes exactly as browsers do with such slices, and preloads.
@Suite struct WebFontSliceTests {
    /// KS X 1001's 2,350 syllables, in code order (every syllable EUC-KR encodes).
    static let commonSyllables: Set<UInt32> = {
        let ranked = Set(HangulRanking.syllables.unicodeScalars.map(\.value))
        return ranked
    }()

    @Test func theRankingHoldsEachCommonSyllableOnceAndTheSlicesAreDisjoint() {
        let ranked = HangulRanking.syllables.unicodeScalars.map(\.value)
        #expect(ranked.count == 2_350)
        #expect(Set(ranked).count == 2_350)
        #expect(ranked.allSatisfy { (0xAC00...0xD7A3).contains($0) })
        // The most frequent syllables of Korean text come first (Tools/hangul_ranking.py: the
        // interface's syllables by wordfreq score, then the rest by score).
        #expect(ranked.prefix(10).map { String(Character(Unicode.Scalar($0) ?? " ")) }.joined() == "이다는에하고가을지로")
        // Every syllable of the Korean interface is in the first bold slice: titles of any page need no other.
        let interface = Set(UIStrings.table(.ko).values.joined().unicodeScalars.map(\.value)).intersection(Set(ranked))
        #expect(!interface.isEmpty && interface.isSubset(of: Set(FontSlices.fixed(.headings).first { $0.name == "h01" }?.scalars ?? [])))
        for cut in [FontSlices.Cut.text, .headings] {  // (.code has no frequency slices)
            var seen = Set<UInt32>()
            for slice in FontSlices.fixed(cut) {
                #expect(!slice.scalars.isEmpty)
                for scalar in slice.scalars { #expect(seen.insert(scalar).inserted, "U+\(String(scalar, radix: 16)) in two slices") }
            }
            #expect(seen.isSuperset(of: ranked))
        }
        #expect(FontSlices.fixed(.text).first { $0.name == "h01" }?.scalars.count == 1_000)
        #expect(FontSlices.fixed(.headings).first { $0.name == "h01" }?.scalars.count == 500)
        #expect(FontSlices.name(of: 0x41) == "latin" && FontSlices.name(of: 0xB2E4) == "h01")  // A, 다
        #expect(FontSlices.name(of: 0xD7A3) == "ud700")  // 힣, not common: its block
        #expect(FontSlices.unicodeRange([0x41, 0x42, 0x43, 0x45, 0xAC00]) == "U+41-43,U+45,U+AC00")
    }

    @Test func aSliceIsShippedOnlyWhenUsedAndItsNameDoesNotDependOnTheSite() throws {
        let small = try WebFonts(characters: Set("금리 Rates".unicodeScalars))
        // Another common syllable of a slice already shipped (를 is in h01 like 금 and 리), and a
        // syllable of a slice not shipped yet (뷁 is rare: its block's slice).
        let more = try WebFonts(characters: Set("금리를 Rates 뷁".unicodeScalars))
        // The text faces (the code face goes by block: its files change only when code gains a
        // character of their block).
        func paths(_ fonts: WebFonts) -> Set<String> {
            Set(fonts.slices.filter { $0.face == WebFonts.sans || $0.face == WebFonts.sansBold }.map(\.path))
        }
        let before = paths(small), after = paths(more)
        #expect(before.isSubset(of: after), "a new character renamed a slice: \(before.subtracting(after))")
        let added = after.subtracting(before)
        #expect(!added.isEmpty && added.allSatisfy { $0.contains("-ubd00.") }, "\(added.sorted())")
        let names = Set(small.slices.filter { $0.face == WebFonts.sans }.map(\.name))
        #expect(names == ["latin", "h01"], "\(names.sorted())")
        for slice in small.slices where slice.face != WebFonts.emoji {
            #expect(slice.path.hasSuffix(".woff2"))
            #expect(Array(slice.data.prefix(4)) == Array("wOF2".utf8))
            // A fixed slice holds its whole set (what the font has of it), not just what is used.
            if let fixed = FontSlices.fixedScalars(slice.name, cut: slice.face.cut) {
                let has = Set(WebFonts.coverage(slice.face, try WebFonts.source(slice.face)))
                #expect(Set(slice.scalars) == Set(fixed).intersection(has), "\(slice.path)")
            }
        }
        // Each slice's rule names its file, format and exactly its characters.
        let css = small.fontFaceCSS
        for slice in small.slices where slice.face != WebFonts.emoji {
            let rule = try #require(css.split(separator: "\n").first { $0.contains(slice.path.dropFirst("assets/".count)) })
            #expect(rule.contains("font-display:block"))
            let range = slice.name == "h01" ? "U+AC00-D7A3" : FontSlices.unicodeRange(slice.scalars)
            #expect(rule.hasSuffix("unicode-range:\(range)}"))
        }
    }

    /// Browsers shape each run of text in the face whose `unicode-range` covers it, so nothing
    /// kerns or substitutes across a slice boundary. The build shapes slice by slice too; here it
    /// is checked that for these fonts it makes no difference at all: the slices carry no layout
    /// tables (NanumGothic has no GSUB/GPOS, and harfbuzz-subset drops its legacy `kern`, as the
    /// single subset shipped before did), every ordered pair of characters from every slice
    /// (ASCII, marks, jamo, syllables across the frequency slices) measures the same sliced as in one
    /// subset of the whole font, and every slice keeps the font's vertical metrics.
    @Test func slicingChangesNoAdvanceNorMetric() throws {
        var sample = (0x20...0x7E).compactMap(Unicode.Scalar.init).map { Character($0) }
        sample += Array("…·–—“”‘’₩€←→「」『』〈〉ㅋㅠ")
        // Two syllables of each large slice, one of every third slice of ten (the rest are alike).
        for (index, slice) in FontSlices.fixed(.headings).enumerated() where slice.name.hasPrefix("h") {
            guard slice.scalars.count > 10 || index % 3 == 0 else { continue }
            sample += slice.scalars.prefix(slice.scalars.count > 10 ? 2 : 1).compactMap(Unicode.Scalar.init).map { Character($0) }
        }
        let characters = Set(sample.flatMap(\.unicodeScalars))
        let fonts = try WebFonts(characters: characters)
        for face in [WebFonts.sans, WebFonts.sansBold, WebFonts.mono] {
            let original = try Data(contentsOf: URL(fileURLWithPath: face.source))
            let whole = try FontFace(data: try FontSubsetter.subset(original, keeping: characters), name: face.key)
            let reference = TextLayoutEngine(faces: [face.key: whole])
            let slices = fonts.slices.filter { $0.face == face }
            #expect(slices.count >= (face == WebFonts.mono ? 10 : 40), "\(face.key): \(slices.map(\.name))")
            for slice in slices {
                let sliced = try #require(fonts.engine.face(face.key, for: Unicode.Scalar(slice.scalars[0]) ?? " "))
                #expect(sliced.unitsPerEm == whole.unitsPerEm)
                #expect(sliced.ascender == whole.ascender && sliced.descender == whole.descender, "\(slice.path)")
                let tables = Self.tableTags(sliced.data)
                #expect(tables.isDisjoint(with: ["GSUB", "GPOS", "kern", "morx", "kerx"]), "\(slice.path): \(tables.sorted())")
            }
            let style = ParagraphStyle(lineHeight: 24, wordBreak: .keepAll, breakLongWords: false)
            for first in sample {
                // first x first y first z …: every pair (first, x) and (x, first).
                let text = String(sample.flatMap { [first, $0] })
                let run = StyledText(text, RunStyle(fonts: [face.key], size: 15))
                let expected = try reference.layout(run, style: style, width: 1e7).lineWidths
                let measured = try fonts.engine.layout(run, style: style, width: 1e7).lineWidths
                #expect(measured == expected, "\(face.key) around \(first)")
            }
        }
    }

    static func tableTags(_ font: Data) -> Set<String> {
        let bytes = [UInt8](font)
        guard bytes.count > 12 else { return [] }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        return Set((0..<count).map { String(decoding: bytes[12 + $0 * 16..<16 + $0 * 16], as: UTF8.self) })
    }

    @Test func pagesPreloadTheSlicesOfTheirFirstLinesInTheirWeight() throws {
        let fonts = try WebFonts(characters: Set("금리 동결 Rates 뷁 code".unicodeScalars))
        func path(_ face: WebFonts.Face, _ name: String) throws -> String {
            try #require(fonts.slices.first { $0.face == face && $0.name == name }?.path)
        }
        let html = """
            <html><head><title>뷁</title><style>p { color: red }</style></head><body>
            <h1>금리</h1><p>Rates &amp; 동결</p><script>var x = "뷁";</script><p><code>code</code></p></body></html>
            """
        let preloads = fonts.preloads(forPage: html)
        #expect(preloads == [
            try path(WebFonts.sansBold, "h01"), try path(WebFonts.sans, "latin"), try path(WebFonts.sans, "h01"),
            try path(WebFonts.mono, "latin"),
        ])
        let page = try fonts.addingFonts(to: html.replacingOccurrences(of: "</head>", with: "<link rel=\"stylesheet\" href=\"s.css\"></head>"), root: "../")
        #expect(page.contains("<link rel=\"preload\" href=\"../\(try path(WebFonts.sans, "h01"))\" as=\"font\" type=\"font/woff2\" crossorigin>"))
        #expect(!page.contains("<style>@font-face"), "a page with no rare syllable has no font of its own")
    }

    /// Text is bold under `aria-current` and under a theme's bold class as a whole token of the
    /// `class` attribute, first or later; a class that only starts with one is not bold.
    /// The emoji face's rule: its file twice, the second marked as colour bitmaps (which Firefox
    /// skips for the installed font, and a browser without `tech()` drops, keeping the first),
    /// with its format where `serve` ships a whole TrueType face; other faces' rules name their
    /// file once.
    @Test(arguments: ["woff2", "truetype"]) func theEmojiRuleMarksItsFileAsColourBitmaps(_ format: String) {
        let file = "assets/fonts/gazette-emoji-400.0123456789.\(format == "woff2" ? "woff2" : "ttf")"
        let emoji = WebFonts.Slice(face: WebFonts.emoji, name: format == "woff2" ? "emoji" : "all", scalars: [0x1F389], data: Data(), path: file, format: format)
        let sans = WebFonts.Slice(face: WebFonts.sans, name: "all", scalars: [0x41], data: Data(), path: "assets/fonts/s.ttf", format: format)
        let url = "url(fonts/gazette-emoji-400.0123456789.\(format == "woff2" ? "woff2" : "ttf"))" + (format == "truetype" ? "format(\"truetype\")" : "")
        let installed = ",local(\"Noto Color Emoji\"),local(\"NotoColorEmoji\")"
        let rules = WebFonts.rules([emoji, sans]).split(separator: "\n").map(String.init)
        #expect(rules.first?.contains("font-display:block;src:\(url)\(installed);src:\(url) tech(color-CBDT)\(installed);unicode-range:") == true, "\(rules)")
        #expect(rules.last == "@font-face{font-family:\"Gazette Sans\";font-weight:400;font-display:block;src:url(fonts/s.ttf)\(format == "truetype" ? "format(\"truetype\")" : "")}", "\(rules)")
    }

    @Test func boldClassesAreReadAsWholeClassTokens() {
        func bold(_ tag: String) -> Bool {
            var bytes = Array(tag.utf8)
            return bytes.withUnsafeMutableBufferPointer { WebFonts.marksBold(UnsafeBufferPointer($0)) }
        }
        #expect(bold("span class=\"card-title\""))
        #expect(bold("a class=\"link  card-title\" href=\"x\""))
        #expect(bold("a class=\"card-title link\""))
        #expect(bold("a href=\"/\" aria-current=\"page\""))
        #expect(!bold("span class=\"card-titles\""))
        #expect(!bold("span class=\"subtitle\" title=\"card-title\""))
        #expect(!bold("span data-x=\"card-title\""))
        #expect(!bold("span class=\"\""))
        #expect(!bold("p"))
    }

    /// A cut is a Modified Version under the fonts' licence, which may not bear their Reserved
    /// Font Names: every slice and page font keeps the copyright notice of the `name` table and
    /// no other record, where the font it is cut from names itself NanumGothic.
    @Test func cutsKeepTheCopyrightNoticeAndNotTheFontsNames() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: WebFonts.sans.source))
        #expect(try NameTable.records(of: original).contains { $0.id == 1 && $0.text == "NanumGothic" })
        let rare = try #require(FontSlices.fixed(.text).first { $0.name == "h136" }).scalars.compactMap(Unicode.Scalar.init)
        let text = "금리 \(String(String.UnicodeScalarView(rare.prefix(3)))) `code` 😀"
        let fonts = try WebFonts(characters: Set(text.unicodeScalars), code: Set("code".unicodeScalars))
        let page = try fonts.addingFonts(to: "<html><head></head><body><h1>\(rare[0])</h1><p>\(text)</p></body></html>", root: "")
        let inline = page.components(separatedBy: "base64,").dropFirst().compactMap { $0.components(separatedBy: ")").first }
        #expect(inline.count == 2, "a page font per weight")
        let cuts = try fonts.slices.map { try WOFF2.decode($0.data) } + inline.map { try WOFF2.decode(try #require(Data(base64Encoded: $0))) }
        #expect(Set(fonts.slices.map(\.face)) == Set(WebFonts.faces))
        for font in cuts {
            let records = try NameTable.records(of: font)
            #expect(!records.isEmpty && records.allSatisfy { $0.id == 0 && $0.text.hasPrefix("Copyright") }, "\(records)")
        }
        let licence = FontLicence.text(for: fonts.slices.map(\.face))
        for family in ["Gazette Sans", "Gazette Mono", "Gazette Emoji"] { #expect(licence.contains("\(family) is cut from")) }
        #expect(licence.contains("with Reserved Font Name Nanum, Naver Nanum, NanumGothic") && licence.hasSuffix("OTHER DEALINGS IN THE FONT SOFTWARE.\n"))
    }

    /// Rare syllables (of the page slices) come in the page's own inline fonts, one per weight,
    /// holding exactly the rare syllables the page shows in that weight; the stylesheet does not
    /// name the page slices, no page preloads them, and the search page's stylesheet of them does.
    @Test func rareSyllablesComeInThePagesOwnFonts() throws {
        func syllables(_ name: String, _ cut: FontSlices.Cut) throws -> [Unicode.Scalar] {
            try #require(FontSlices.fixed(cut).first { $0.name == name }).scalars.compactMap(Unicode.Scalar.init)
        }
        // Rare in both cuts (ranked past 1,000): the last slice of ten of the regular face.
        let rare = try syllables("h136", .text)
        #expect(FontSlices.isPageSlice("h136", cut: .text) && FontSlices.isPageSlice("h04", cut: .headings))
        #expect(!FontSlices.isPageSlice("h01", cut: .text) && !FontSlices.isPageSlice("h03", cut: .headings))
        #expect(!FontSlices.isPageSlice("h02", cut: .code) && !FontSlices.isPageSlice("latin", cut: .text))
        let common = "금리"
        let fonts = try WebFonts(characters: Set((common + String(String.UnicodeScalarView(rare))).unicodeScalars))
        let pageSlices = fonts.slices.filter { FontSlices.isPageSlice($0.name, cut: $0.face.cut) }
        #expect(!pageSlices.isEmpty)
        for slice in pageSlices {
            #expect(!fonts.fontFaceCSS.contains(slice.path.dropFirst("assets/".count)), "the stylesheet names \(slice.path)")
            #expect(String(decoding: try #require(fonts.pageSliceStylesheet).data, as: UTF8.self).contains(slice.path.dropFirst("assets/".count)))
        }
        // The body shows rare[0] and rare[1], the heading rare[1] and rare[2].
        let text = "\(common)\(rare[0])\(rare[1])"
        let html = """
            <html><head><link rel="stylesheet" href="s.css"></head><body>
            <h1>\(rare[1])\(rare[2])</h1><p>\(text)</p><script>var x = "\(rare[3])";</script></body></html>
            """
        let page = try fonts.addingFonts(to: html, root: "")
        #expect(!fonts.preloads(forPage: html).contains { path in pageSlices.contains { $0.path == path } })
        let afterOpening = try #require(page.range(of: "<style>").map { page[$0.upperBound...] })
        let style = try #require(afterOpening.range(of: "</style>").map { afterOpening[..<$0.lowerBound] })
        #expect(style.hasPrefix("@font-face{") && !style.contains("<"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"s.css\">\n<style>"), "the page's fonts follow the stylesheet")
        let rules: [String] = String(style).components(separatedBy: "}@font-face")
        #expect(rules.count == 2)
        let expectations: [(String, Int, [Unicode.Scalar])] = [(rules[0], 400, [rare[0], rare[1], rare[2]]), (rules[1], 700, [rare[1], rare[2]])]
        for (rule, weight, expected) in expectations {
            #expect(rule.contains("font-weight:\(weight);font-display:block;src:url(data:font/woff2;base64,"))
            let values = expected.map { $0.value }.sorted()
            #expect(rule.hasSuffix("unicode-range:\(FontSlices.unicodeRange(values))") || rule.hasSuffix("unicode-range:\(FontSlices.unicodeRange(values))}"))
            let base64 = try #require(rule.components(separatedBy: "base64,").last?.components(separatedBy: ")").first)
            let font = try WOFF2.decode(try #require(Data(base64Encoded: String(base64))))
            #expect(FontSubsetter.coverage(font).filter { $0.value >= 0x80 } == Set(expected), "weight \(weight)")
        }
        // The same page gives the same bytes.
        #expect(try fonts.addingFonts(to: html, root: "") == page)
        // A theme that links its stylesheet otherwise still gets the page's fonts, before </head>.
        let other = html.replacingOccurrences(of: "<link rel=\"stylesheet\" href=\"s.css\">", with: "<link href=\"s.css\" rel=\"stylesheet\">")
        let otherPage = try fonts.addingFonts(to: other, root: "")
        #expect(otherPage.contains("<link href=\"s.css\" rel=\"stylesheet\"><style>\(style)</style>\n</head>"))
    }
}

/// What a journal body can show in bold and in code, read from its Markdown bytes: each rule,
/// and the unclosed and odd cases, give exactly the characters they name.
@Suite struct FontCharacterTests {
    func set(_ text: String) -> Set<Unicode.Scalar> { Set(text.unicodeScalars) }

    @Test func boldComesFromStrongSpansHeadingsAndTableRows() {
        #expect(SiteAssets.boldCharacters("a **굵게** b __밑줄__ c") == set("굵게밑줄"))
        // An odd last marker makes the rest bold, as splitting on it would.
        #expect(SiteAssets.boldCharacters("x **열림 끝") == set("열림 끝"))
        #expect(SiteAssets.boldCharacters("<strong>강</strong>조 <b>굵</b>") == set("강굵"))
        #expect(SiteAssets.boldCharacters("<b>닫지 않음") == set("닫지 않음"))
        #expect(SiteAssets.boldCharacters("본문\n  ## 제목\n| 표 |\n끝") == set("  ## 제목| 표 |"))
        #expect(SiteAssets.boldCharacters("평범한 글") == [])
    }

    @Test func codeComesFromBackticksAndIndentedLines() {
        #expect(SiteAssets.codeCharacters("a `코드` b ``` 블록 ``` c") == set("코드 블록 "))
        #expect(SiteAssets.codeCharacters("x `열림") == set("열림"))
        #expect(SiteAssets.codeCharacters("본문\n    들여쓴 줄\n\t탭 줄\n   세 칸") == set("    들여쓴 줄\t탭 줄"))
    }

    @Test func scalarBitsHoldEveryPlane() {
        var bits = ScalarBits()
        bits.insert("A가😀\u{10FFFF}")
        #expect(bits.scalars == set("A가😀\u{10FFFF}"))
    }
}

/// The records of a TrueType font's `name` table, read as a browser's sanitizer reads them.
enum NameTable {
    struct Record: CustomStringConvertible {
        let id: Int
        let text: String
        var description: String { "\(id): \(text)" }
    }

    static func records(of font: Data) throws -> [Record] {
        let bytes = [UInt8](font)
        func u16(_ at: Int) throws -> Int {
            try #require(at + 2 <= bytes.count, "font cut short at \(at)")
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) throws -> Int { try u16(at) << 16 | u16(at + 2) }
        let tables = try u16(4)
        guard let entry = try (0..<tables).map({ 12 + 16 * $0 }).first(where: { Array(bytes[$0..<$0 + 4]) == Array("name".utf8) }) else { return [] }
        let table = try u32(entry + 8)
        let count = try u16(table + 2), strings = table + (try u16(table + 4))
        return try (0..<count).map { index in
            let record = table + 6 + 12 * index
            let platform = try u16(record), start = strings + (try u16(record + 10)), length = try u16(record + 8)
            try #require(start + length <= bytes.count)
            let raw = Array(bytes[start..<start + length])
            let text = platform == 1
                ? String(decoding: raw, as: UTF8.self)
                : String(decoding: stride(from: 0, to: raw.count - 1, by: 2).map { UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1]) }, as: UTF16.self)
            return Record(id: try u16(record + 6), text: text)
        }
    }
}

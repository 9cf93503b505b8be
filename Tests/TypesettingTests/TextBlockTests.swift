import Foundation
import TestSupport
import Testing
@testable import Typesetting
internal import CPangoCairo

let nanumGothic = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"

/// Print text set by Pango on pinned fonts: lines, heights and Korean line breaking.
@Suite struct TextBlockTests {
    let fonts: PrintFonts
    let style: TextAttributes

    init() throws {
        fonts = try PrintFonts(fontFiles: [nanumGothic, "/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf"])
        style = TextAttributes(family: "NanumGothic", size: 12)
    }

    @Test func koreanWordsStayWholeOnALine() throws {
        let text = String(repeating: "가나다라마 바사아자 ", count: 30)
        let kept = try TextBlock(RichText(text, style), fonts: fonts, width: 200, lineHeight: 1.5)
        let words = Set(["가나다라마", "바사아자"])
        #expect(kept.lines.count > 5)
        for line in kept.lineTexts {
            for word in line.split(separator: " ") { #expect(words.contains(String(word)), "line broke inside a word: \(line)") }
        }
        // Without keep-all, Pango breaks Hangul between any two syllables.
        let loose = try TextBlock(RichText(text, style), fonts: fonts, width: 200, lineHeight: 1.5, keepKoreanWords: false)
        #expect(loose.lineTexts.contains { $0.split(separator: " ").contains { !words.contains(String($0)) } })
    }

    /// Gazette breaks lines itself, from an unwrapped layout's widths and break opportunities
    /// (see `LineBreaks`); Pango wrapping the same text, with an attribute per Korean word,
    /// must find the same lines: prose, mixed scripts, runs of other fonts, hard breaks, URLs,
    /// words longer than a line, both wrap modes, with and without keep-all, three alignments.
    @Test func linesBreakAsPangoWouldBreakThem() throws {
        let bold = style.with { $0.bold = true }
        let link = style.with { $0.link = "https://example.org"; $0.underline = true }
        var mixed = RichText("Swift 6의 strict concurrency는 data race를 컴파일 시점에 막는다. ", style)
        mixed.append("굵게 쓴 문장도 여러 줄에 걸쳐 이어지고, ", bold)
        mixed.append("https://example.org/news/2026/11/23/very-long-path?query=가나다&x=1", link)
        mixed.append(" 뒤에 (괄호 속 낱말)과 “따옴표”, 그리고 숫자 1,234,567원과 10%가 온다 — 줄표 뒤에도.", style)
        let texts: [RichText] = [
            RichText(String(repeating: "환율 정부를 기후 수요의 비용은 가격은 대출은 기후에서 기사. 기술의 소비가 생산 인공지능에서 고용은 분석를 방향를 효과를. ", count: 6), style),
            mixed,
            RichText("한 줄\n\n두 번째 줄은 조금 더 길어서 여러 번 접히는 줄이다 가나다라마바사 아자차카타파하\n끝 ", style),
            RichText(String(repeating: "가나다라마바사아자차카타파하", count: 8) + " 짧은 말 " + String(repeating: "abcdefghij", count: 12), style),
            RichText("The quick brown fox jumps over the lazy dog; co-operation and well-being, state-of-the-art. ", style),
        ]
        for text in texts {
            for width in [60.0, 137.5, 200, 451] {
                for (wrap, keep) in [(TextBlock.Wrap.wordChar, true), (.wordChar, false), (.word, true)] {
                    for alignment in [TextBlock.Alignment.left, .center, .right] {
                        let ours = try TextBlock(
                            text, fonts: fonts, width: width, lineHeight: 1.5, alignment: alignment, wrap: wrap, keepKoreanWords: keep, setting: .shaped)
                        let pango = try TextBlock(
                            text, fonts: fonts, width: width, lineHeight: 1.5, alignment: alignment, wrap: wrap, keepKoreanWords: keep, setting: .pangoWraps)
                        let trimmed = { (lines: [String]) in lines.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 } }
                        #expect(trimmed(ours.lineTexts) == trimmed(pango.lineTexts), "width \(width) \(wrap) keep \(keep): \(text.string.prefix(20))")
                        #expect(abs(ours.height - pango.height) < 0.01)
                        guard ours.lines.count == pango.lines.count else { continue }
                        for (a, b) in zip(ours.lines, pango.lines) where !a.width.isZero {
                            // Pango gives a wrapped line's trailing space no width; set alone, a line leaves it out.
                            #expect(abs(a.x - b.x) < 0.5 && abs(a.width - b.width) < 0.5, "\(alignment) \(a) \(b)")
                        }
                    }
                }
            }
        }
    }

    /// A paragraph shaped without a layout (`ShapedParagraph`, a hard line at a time) sets exactly
    /// what the unwrapped layout set: the same lines, heights, baselines and widths, and the same
    /// glyphs, fonts, positions, clusters and colours on every line, over a thousand paragraphs of
    /// Korean and English news prose with hard breaks, bold, slanted, code and link runs, numbers, quotes, a fallback
    /// font's characters (😀) and a character no font has (🧿: that line set by Pango in both).
    @Test func paragraphsShapedWithoutALayoutSetWhatTheLayoutSet() throws {
        let fonts = try proseFonts()
        let words = [
            "기준금리", "한국은행은", "동결했다", "물가", "상승률이", "2.3%로", "둔화됐다", "정부는", "부동산", "대출", "규제를", "발표했다",
            "“시장", "반응은”", "(속보)", "AI", "반도체", "수출이", "1,234억", "달러를", "넘었다.", "—", "…", "·", "Fed", "rate", "cut",
            "in", "December?", "well-being", "co-operation", "AVAWAY", "https://www.bok.or.kr/report?id=42", "é", "→", "😀", "🧿", "10:30",
        ]
        let styles = [style, style, style] + runStyles(over: style)
        var random = SeededGenerator(seed: 42)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var compared = 0, pangoLines = 0
        for paragraph in 0..<1000 {
            var text = RichText()
            for word in 0..<(5 + next(60)) {
                let attributes = next(5) == 0 ? styles[next(styles.count)] : style
                // Now and then a hard line break (never two: an empty line is the layout's).
                text.append((word == 0 ? "" : next(40) == 0 ? "\n" : " ") + words[next(words.count)], attributes)
            }
            let width = [90.0, 200, 451][paragraph % 3]
            let alignment = [TextBlock.Alignment.left, .center, .right][paragraph / 3 % 3]
            let wrap = paragraph % 7 == 0 ? TextBlock.Wrap.word : .wordChar
            let shaped = try TextBlock(
                text, fonts: fonts, width: width, lineHeight: 1.5, alignment: alignment, wrap: wrap, keepKoreanWords: true, setting: .shaped)
            let unwrapped = try TextBlock(
                text, fonts: fonts, width: width, lineHeight: 1.5, alignment: alignment, wrap: wrap, keepKoreanWords: true, setting: .unwrapped)
            #expect(shaped.heldFonts != nil && unwrapped.heldFonts == nil)
            try #require(shaped.lines.count == unwrapped.lines.count, "\(text.string)")
            // A hard line that fit took its baseline from the layout's line, which Pango places
            // apart from its glyphs' extent when a later run's font is not the first run's (a
            // larger size, another family, a fallback font's 😀): up to a third of a point lower. The shaped
            // one takes it from the glyphs, as every line of a longer paragraph always has.
            let bytes = Array(text.string.utf8)
            let fontsDiffer = text.runs.contains {
                $0.attributes.family != text.runs[0].attributes.family || $0.attributes.size != text.runs[0].attributes.size
            }
            for (index, (a, b)) in zip(shaped.lines, unwrapped.lines).enumerated() {
                let wholeHardLine = (b.start == 0 || bytes[b.start - 1] == 10) && (b.end == bytes.count || bytes[b.end] == 10)
                let layoutLine = wholeHardLine && (fontsDiffer || unwrapped.lineTexts[index].contains("😀"))
                #expect(
                    a.top == b.top && a.height == b.height && (layoutLine ? abs(a.baseline - b.baseline) < 0.5 : a.baseline == b.baseline)
                        && a.x == b.x && a.width == b.width && a.start == b.start && a.end == b.end, "line \(index) of \(text.string.debugDescription): \(a) \(b)")
                switch (shaped.drawings[index], unwrapped.drawings[index]) {
                case (.glyphs(let a), .glyphs(let b)):
                    compared += 1
                    #expect(a.runs.count == b.runs.count && a.ascent == b.ascent && a.descent == b.descent)
                    for (x, y) in zip(a.runs, b.runs) {
                        #expect(x.font == y.font && x.utf8 == y.utf8 && x.color == y.color)
                        #expect(x.glyphs.map(\.index) == y.glyphs.map(\.index) && x.glyphs.map(\.x) == y.glyphs.map(\.x))
                        #expect(x.clusters.map(\.num_bytes) == y.clusters.map(\.num_bytes))
                        #expect(x.clusters.map(\.num_glyphs) == y.clusters.map(\.num_glyphs))
                    }
                case (.pango, .pango): pangoLines += 1
                default: Issue.record("line \(index) drawn differently: \(text.string)")
                }
            }
        }
        #expect(compared > 3000 && pangoLines > 20, "\(compared) glyph lines, \(pangoLines) set by Pango")
    }

    /// Lines drawn from the unwrapped layout's glyphs read back from the PDF as the same
    /// words, in the same places, as lines Pango wraps and draws; links stay clickable.
    @Test func glyphDrawnLinesReadBackAsPangoDrawnOnes() throws {
        var text = RichText("첫 문장은 평범하게 시작하고 ", style)
        text.append("굵은 낱말이 섞이며 ", style.with { $0.bold = true })
        text.append("링크 https://example.org/a?b=가나 가 이어지고", style.with { $0.link = "https://example.org/a"; $0.color = RGB(0, 0, 0.8) })
        text.append(", Latin words with kerning AVAWAY and digits 12,345 follow. 끝.\n둘째 줄", style)
        var results: [(words: [PDFTools.Word], annotations: Int)] = []
        for pangoWraps in [false, true] {
            let block = try TextBlock(
                text, fonts: fonts, width: 160, lineHeight: 1.5, alignment: .left, wrap: .wordChar, keepKoreanWords: true, setting: pangoWraps ? .pangoWraps : .shaped)
            if !pangoWraps { #expect(block.drawings.contains { if case .glyphs = $0 { true } else { false } }) }
            let canvas = try PDFCanvas(width: 300, height: 400)
            canvas.setMetadata(.createDate, "2026-01-01T00:00:00Z")
            canvas.setMetadata(.modDate, "2026-01-01T00:00:00Z")
            canvas.draw(block, x: 40, y: 30)
            canvas.showPage()
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("glyph-lines-\(pangoWraps)-\(UUID().uuidString).pdf")
            try canvas.finish().write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let pdf = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            results.append((try PDFTools.words(file), pdf.components(separatedBy: "/Subtype /Link").count - 1))
        }
        let (ours, pango) = (results[0], results[1])
        #expect(ours.words.map(\.text) == pango.words.map(\.text))
        #expect(ours.words.map(\.text).joined().contains("https://example.org/a?b=가나가이어지고"))
        for (a, b) in zip(ours.words, pango.words) {
            #expect(abs(a.xMin - b.xMin) < 0.05 && abs(a.yMin - b.yMin) < 0.05 && abs(a.xMax - b.xMax) < 0.05, "\(a) \(b)")
        }
        #expect(ours.annotations == pango.annotations && ours.annotations >= 2)
    }

    @Test func overlongWordsStillWrapWithoutHyphens() throws {
        let url = "https://example.org/" + String(repeating: "abcdefghij", count: 40)
        let hangul = String(repeating: "가나다라마바사아자차", count: 10)
        for word in [url, hangul] {
            let block = try TextBlock(RichText(word, style), fonts: fonts, width: 150, lineHeight: 1.5)
            #expect(block.lines.count > 3)
            #expect(block.lineTexts.joined() == word)
            #expect(block.lines.allSatisfy { $0.width <= 150.5 }, "\(block.lines.map(\.width))")
        }
    }

    @Test func aLongParagraphInChunksBreaksExactlyAsOne() throws {
        let text = RichText((0..<1500).map { $0 % 3 == 0 ? "낱말\($0)" : "word\($0)" }.joined(separator: " "), style)
        let whole = try TextBlock(text, fonts: fonts, width: 300, lineHeight: 1.5)
        let chunks = try TextBlock.paragraph(text, fonts: fonts, width: 300, lineHeight: 1.5, chunkBytes: 2000)
        #expect(chunks.count > 4)
        #expect(chunks.flatMap(\.lineTexts) == whole.lineTexts)
        #expect(abs(chunks.map(\.height).reduce(0, +) - whole.height) < 0.01)
        // Hard line breaks: one layout per hard line, the same lines.
        let broken = RichText((0..<300).map { "줄 \($0) 가나다라마바사 아자차카타 word" }.joined(separator: "\n"), style)
        let lines = try TextBlock.paragraph(broken, fonts: fonts, width: 120, lineHeight: 1.5)
        #expect(lines.count == 300)
        #expect(lines.flatMap(\.lineTexts) == (try TextBlock(broken, fonts: fonts, width: 120, lineHeight: 1.5)).lineTexts.map {
            $0.hasSuffix("\n") ? String($0.dropLast()) : $0
        })
    }

    @Test func lineHeightsFollowTheStyle() throws {
        let block = try TextBlock(RichText("한 줄\n두 줄\n세 줄", style), fonts: fonts, width: 300, lineHeight: 2)
        #expect(block.lines.count == 3)
        #expect(block.lines.allSatisfy { abs($0.height - 24) < 0.01 })
        #expect(abs(block.height - 72) < 0.01)
        #expect(abs(block.height(of: 1..<3) - 48) < 0.01)
        #expect(block.lines.allSatisfy { $0.baseline > 12 && $0.baseline < 24 })
    }

    @Test func canvasWritesAValidDocument() throws {
        let canvas = try PDFCanvas(width: 200, height: 300)
        canvas.setMetadata(.createDate, "2026-01-01T00:00:00Z")
        canvas.setMetadata(.modDate, "2026-01-01T00:00:00Z")
        let block = try TextBlock(RichText("링크", style.with { $0.link = "https://example.org" }), fonts: fonts, width: 100, lineHeight: 1.5)
        canvas.draw(block, x: 20, y: 20)
        canvas.destination("top", x: 0, y: 0)
        canvas.showPage()
        canvas.addOutline(parent: PDFCanvas.outlineRoot, title: "처음", destination: "top")
        let data = try canvas.finish()
        #expect(data.starts(with: Array("%PDF-".utf8)))
        // The cross-reference table points only at objects that are there (cairo 1.16 leaves
        // reserved struct-tree objects unwritten when links are used).
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("/URI (https://example.org)"))
        #expect(text.contains("0000000000 65535 f"))
    }
}

/// Gazette's own line-break analysis of plain text (`PlainBreaks`) against Pango's.
@Suite struct PlainBreaksTests {
    /// Every break opportunity, character break and white-space mark agrees with
    /// `pango_get_log_attrs` on 30,000 random strings of the characters Korean prose is made of
    /// — with every ASCII punctuation mark, digits around separators and affixes (LB25), quotes,
    /// brackets, dashes, NBSP and arrows over-represented — and Pango's analysis is asked for
    /// anything else (a combining mark, a tab, a zero-width space, Hebrew).
    @Test func agreesWithPangoOnEveryPosition() throws {
        let alphabet: [UInt32] = Array(0x20...0x7E) + [0x20, 0x20, 0x20, 0xA0, 0xB7, 0xE9, 0xAB, 0xBB, 0xBF, 0xA1, 0xB4, 0xD7]
            + [0x2010, 0x2011, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2024, 0x2025, 0x2026, 0x2027, 0x2030, 0x2032, 0x203B, 0x203C, 0x2044, 0x2192, 0x21D2]
            + [0xAC00, 0xAC01, 0xB098, 0xB2E4, 0xD55C, 0xAD6D, 0xC740, 0xD7A3, 0xC5B4, 0xB294]
        var random = SeededGenerator(seed: 7)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var failures = 0
        for round in 0..<30_000 {
            let scalars = (0..<(1 + next(round % 10 == 0 ? 80 : 12))).map { _ in alphabet[next(alphabet.count)] }
            let string = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
            let ours = try #require(PlainBreaks.attributes(scalars))
            var pango = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars.count + 1)
            string.withCString { text in
                pango.withUnsafeMutableBufferPointer {
                    pangoCairo.pango_get_log_attrs(text, Int32(string.utf8.count), 0, pangoCairo.pango_language_from_string("ko"), $0.baseAddress, Int32(scalars.count + 1))
                }
            }
            for index in 0...scalars.count {
                let (a, b) = (ours[index], pango[index])
                if a.is_line_break != b.is_line_break || a.is_white != b.is_white || (index < scalars.count && a.is_char_break != b.is_char_break) {
                    let around = scalars[max(0, index - 4)..<min(scalars.count, index + 2)].map { String($0, radix: 16) }
                    Issue.record("\(around) at \(index) of \(scalars.count): ours \(a.is_line_break)/\(a.is_white)/\(a.is_char_break), Pango's \(b.is_line_break)/\(b.is_white)/\(b.is_char_break)")
                    failures += 1
                    if failures > 8 { return }
                }
            }
        }
        for other: [UInt32] in [[0x61, 0x301], [0x61, 0x9, 0x62], [0xAC00, 0x200B, 0xAC01], [0x5D0, 0x5D1], [0x1100, 0x1161]] {
            #expect(PlainBreaks.attributes(other) == nil)
        }
    }

    /// The items of plain text found without `pango_itemize` are its items: the same byte
    /// ranges, character counts, fonts, scripts and languages, over 3,000 random paragraphs of
    /// Korean, English, digits and punctuation with bold, slanted, code and link runs; text with
    /// a character its font lacks (an arrow in the coding font, a symbol only DejaVu has) is
    /// left to Pango.
    @Test func itemsAreThoseOfPangoItemize() throws {
        let fonts = try proseFonts()
        let style = TextAttributes(family: "NanumGothic", size: 10.5)
        let styles = runStyles(over: style) + [style.with { $0.bold = true; $0.color = RGB(1, 0, 0) }]
        let pieces = [
            "기준금리를", "동결했다", " ", " ", "AI", "(속보)", "1,234억", "2.3%", "“시장”", "Fed", "rate", "cut.", "—", "·", "…", "é", "‘말’",
            "well-being", "10:30", "[표]", "\u{A0}", "¶", "→", "‰", "ÆØ", "‼",
        ]
        var random = SeededGenerator(seed: 3)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var compared = 0, leftToPango = 0
        for _ in 0..<3000 {
            var text = RichText()
            for _ in 0..<(1 + next(25)) {
                text.append(pieces[next(pieces.count)] + (next(3) == 0 ? "" : " "), next(4) == 0 ? styles[next(styles.count)] : style)
            }
            let scalars = text.string.unicodeScalars.map(\.value)
            let pango = ShapedParagraph.itemized(text, fonts: fonts, base: style)
            defer { for item in pango { pangoCairo.pango_item_free(item) } }
            guard let ours = PlainItems.items(text, scalars: scalars, fonts: fonts, base: style) else {
                leftToPango += 1
                continue
            }
            defer { for item in ours { pangoCairo.pango_item_free(item) } }
            compared += 1
            try #require(ours.count == pango.count, "\(text.string): \(ours.count) items, Pango's \(pango.count)")
            for (a, b) in zip(ours, pango) {
                let (x, y) = (a.pointee, b.pointee)
                #expect(
                    x.offset == y.offset && x.length == y.length && x.num_chars == y.num_chars && x.analysis.font == y.analysis.font
                        && x.analysis.script == y.analysis.script && x.analysis.language == y.analysis.language
                        && x.analysis.level == y.analysis.level && x.analysis.gravity == y.analysis.gravity && x.analysis.flags == y.analysis.flags
                        && y.analysis.extra_attrs == nil,
                    "\(text.string) at \(y.offset): \([x.offset, x.length, x.num_chars, Int32(x.analysis.script)]) \(String(describing: x.analysis.language.flatMap { pangoCairo.pango_language_to_string($0).map { String(cString: $0) } })), Pango's \([y.offset, y.length, y.num_chars, Int32(y.analysis.script)]) \(String(describing: y.analysis.language.flatMap { pangoCairo.pango_language_to_string($0).map { String(cString: $0) } })) \(x.analysis.font == y.analysis.font)")
            }
        }
        #expect(compared > 2500 && leftToPango > 20, "\(compared) compared, \(leftToPango) left to Pango")
    }
}

/// The pinned fonts prose is set in, with the coding font and a fallback (DejaVu, which has 😀).
private func proseFonts() throws -> PrintFonts {
    try PrintFonts(fontFiles: [
        nanumGothic, "/usr/share/fonts/truetype/nanum/NanumGothicBold.ttf", "/usr/share/fonts/truetype/nanum/NanumGothicCoding.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ])
}

/// The runs a journal's paragraph has besides plain text: bold, slanted, code a size smaller,
/// and a link in its colour.
private func runStyles(over style: TextAttributes) -> [TextAttributes] {
    [
        style.with { $0.bold = true }, style.with { $0.italic = true }, style.with { $0.family = "NanumGothicCoding"; $0.size = style.size - 1 },
        style.with { $0.link = "https://example.org"; $0.color = RGB(0, 0, 0.8) },
    ]
}

import Foundation
import TestSupport
import Testing
@testable import Typesetting

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
                            text, fonts: fonts, width: width, lineHeight: 1.5, alignment: alignment, wrap: wrap, keepKoreanWords: keep, pangoWraps: false)
                        let pango = try TextBlock(
                            text, fonts: fonts, width: width, lineHeight: 1.5, alignment: alignment, wrap: wrap, keepKoreanWords: keep, pangoWraps: true)
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
                text, fonts: fonts, width: 160, lineHeight: 1.5, alignment: .left, wrap: .wordChar, keepKoreanWords: true, pangoWraps: pangoWraps)
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

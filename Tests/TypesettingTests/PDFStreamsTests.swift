import Foundation
import GazetteModel
import TestSupport
import Testing

@testable import Typesetting

/// A document's streams: written plain by cairo (`PDFCanvas` sets what makes it so), then each
/// deflated once as the document is completed, its pages' artifacts marked on the way.
@Suite struct PDFStreamsTests {
    @Test func cairoWritesStreamsPlainAndCompletingDeflatesEachOnce() throws {
        let fonts = try PrintFonts(fontFiles: [nanumGothic])
        let canvas = try PDFCanvas(width: 300, height: 400)
        canvas.setMetadata(.createDate, "2026-01-01T00:00:00Z")
        canvas.setMetadata(.modDate, "2026-01-01T00:00:00Z")
        canvas.language = "ko"
        // A rule outside every element (an artifact), then a paragraph.
        canvas.line(from: (20, 20), to: (280, 20), color: RGB(0, 0, 0), lineWidth: 0.5)
        let block = try TextBlock(RichText("스트림은 한 번만 압축된다", TextAttributes(family: "NanumGothic", size: 12)), fonts: fonts, width: 260, lineHeight: 1.5)
        canvas.structure("P") { canvas.draw(block, x: 20, y: 40) }
        canvas.showPage()

        let written = try canvas.finishCairo()
        let cairo = try #require(PDFFile([UInt8](written)))
        let cairoStreams = cairo.numbers.compactMap { cairo.stream($0) }
        // cairo draws the text's marker; Gazette writes the text itself (`PDFText`).
        let page = try #require(cairoStreams.first { String(decoding: $0.bytes, as: UTF8.self).contains(" 0.375 0.125 re f") })
        #expect(!page.dictionary.contains("/Filter"), "cairo deflated the page's stream itself: \(page.dictionary)")

        let completed = try canvas.completingStructure(written)
        let file = try #require(PDFFile([UInt8](completed)))
        let streams = file.numbers.compactMap { file.stream($0) }
        // Besides cairo's: the text's font file and its ToUnicode map.
        #expect(streams.count == cairoStreams.count + 2)
        let plain = streams.filter { !$0.dictionary.contains("/Filter /FlateDecode") }
        #expect(plain.isEmpty, "left plain: \(plain.map(\.dictionary))")
        let pages = streams.compactMap { Deflate.decompress(Data($0.bytes), format: .zlib) }.map { String(decoding: $0, as: UTF8.self) }.filter { $0.contains("BT") }
        #expect(pages.count == 1)
        #expect(pages.first?.contains("/Artifact BMC") == true, "the rule is marked as an artifact")
        #expect(pages.first?.contains("re f") == false, "a marker was left in the page: \(pages.first ?? "")")
        #expect(pages.first?.contains("/GzF0 12 Tf") == true)

        // Readers read it: no damage, the text extracted.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streams-\(UUID().uuidString).pdf")
        try completed.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try PDFTools.run("qpdf", ["--check", url.path]).stdout.contains("No syntax or stream encoding errors"))
        #expect(try PDFTools.words(url).map(\.text).joined().contains("한번만압축된다"))
    }

    /// The text Gazette writes: one font per font file however many faces Pango made of it,
    /// embedded as a CID font whose glyphs are numbered by first use, read back as the text.
    @Test func theTextIsWrittenByGazetteInOneFontPerFileAndReadsBack() throws {
        let fonts = try PrintFonts(fontFiles: [nanumGothic])
        let canvas = try PDFCanvas(width: 300, height: 400)
        canvas.setMetadata(.createDate, "2026-01-01T00:00:00Z")
        canvas.setMetadata(.modDate, "2026-01-01T00:00:00Z")
        let attributes = TextAttributes(family: "NanumGothic", size: 11)
        for (index, text) in ["첫 문단은 기준금리 3.25%를 말한다", "둘째 문단도 같은 글꼴, 같은 글자"].enumerated() {
            let block = try TextBlock(RichText(text, attributes), fonts: fonts, width: 260, lineHeight: 1.5)
            canvas.structure("P") { canvas.draw(block, x: 20, y: 40 + Double(index) * 30) }
        }
        canvas.showPage()
        let block = try TextBlock(RichText("다음 쪽", attributes), fonts: fonts, width: 260, lineHeight: 1.5)
        canvas.structure("P") { canvas.draw(block, x: 20, y: 40) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("text-\(UUID().uuidString).pdf")
        try canvas.finish().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try PDFTools.run("qpdf", ["--check", url.path]).stdout.contains("No syntax or stream encoding errors"))
        let fontsListed = try PDFTools.run("pdffonts", [url.path]).stdout
        #expect(fontsListed.components(separatedBy: "CID TrueType").count - 1 == 1, "one embedded font for the one file: \(fontsListed)")
        #expect(fontsListed.contains("yes yes yes"), "embedded, subset, with a ToUnicode map: \(fontsListed)")
        // That font is Gazette's (cairo lists one CID TrueType font a file too): each page names
        // it as /GzF0, every text object sets it, and cairo names no font of its own.
        let expanded = url.appendingPathExtension("qdf")
        defer { try? FileManager.default.removeItem(at: expanded) }
        _ = try PDFTools.run("qpdf", ["--qdf", "--object-streams=disable", url.path, expanded.path])
        let source = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
        #expect(source.components(separatedBy: "/GzF0 ").count - 1 >= 2, "both pages' resources name Gazette's font")
        #expect(source.contains("/GzF0 11 Tf"), "the text is set in Gazette's font")
        #expect(!source.contains("/f-0-0"), "cairo drew text of its own")
        let text = try PDFTools.run("pdftotext", ["-layout", url.path, "-"]).stdout
        #expect(text.contains("첫 문단은 기준금리 3.25%를 말한다"))
        #expect(text.contains("둘째 문단도 같은 글꼴, 같은 글자"))
        #expect(text.contains("다음 쪽"))
    }

    @Test func markersAreReplacedInOrderAndACountThatDisagreesIsRefused() {
        let content = Array("/P << /MCID 0 >> BDC\n0 0 0 rg 56 83.867 0.375 0.125 re f\nEMC\n10 10 0.375 0.125 re f\n".utf8)
        let placed = PDFStructure.placingText(content, [Array("A".utf8), Array("B".utf8)])
        #expect(placed.map { String(decoding: $0, as: UTF8.self) } == "/P << /MCID 0 >> BDC\n0 0 0 rg A\nEMC\nB\n")
        #expect(PDFStructure.placingText(content, [Array("A".utf8)]) == nil)
        #expect(PDFStructure.placingText(content, [Array("A".utf8), Array("B".utf8), Array("C".utf8)]) == nil)
    }

    /// The span cairo writes for a joiner no glyph draws goes; one around a drawn glyph (a
    /// ligature's text) stays, as does everything else byte for byte.
    @Test func emptyActualTextSpansAreDropped() {
        let kept = "/Span << /ActualText <feff00660069> >> BDC\n<0003>Tj\nEMC\n"
        let stream = "/P << /MCID 2 >> BDC\n(Emoji )Tj\n<0001>Tj\n/Span << /ActualText <feff200d> >> BDC\nEMC\n<0002>Tj\n" + kept + "EMC\n"
        let dropped = String(decoding: PDFStructure.droppingEmptySpans(Array(stream.utf8)), as: UTF8.self)
        #expect(dropped == "/P << /MCID 2 >> BDC\n(Emoji )Tj\n<0001>Tj\n<0002>Tj\n" + kept + "EMC\n")
        #expect(PDFStructure.droppingEmptySpans(Array(kept.utf8)) == Array(kept.utf8))
    }

    @Test func aDeflatedStreamsDictionarySaysItsLengthAndFilterAndKeepsTheRest() {
        #expect(PDFStructure.deflatedDictionary("<< /Length 12 0 R\n>>\n", length: 40) == "<< /Length 40 /Filter /FlateDecode >>")
        #expect(PDFStructure.deflatedDictionary("<< /Length 815 /Filter /FlateDecode >>", length: 40) == "<< /Length 40 /Filter /FlateDecode >>")
        #expect(
            PDFStructure.deflatedDictionary("\n<< /Length 7 0 R\n   /Length1 3000\n>>\n", length: 9)
                == "<< /Length 9 /Filter /FlateDecode /Length1 3000 >>")
    }

    @Test func textGoesBeforeTheLastClosingOfADictionary() {
        #expect(PDFStructure.insertBeforeClose("<< /A 1 >> << /B 2 >>", " /C 3") == "<< /A 1 >> << /B 2  /C 3\n>>")
        #expect(PDFStructure.insertBeforeClose("<< /T (제목) >>", " /C 3") == "<< /T (제목)  /C 3\n>>")
        #expect(PDFStructure.insertBeforeClose("no dictionary", " /C 3") == "no dictionary")
    }
}

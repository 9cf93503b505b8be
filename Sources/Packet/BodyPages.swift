import Foundation
import GazetteModel
import Markdown
import Typesetting

/// A journal body alone on packet pages: the Markdown parsed as a packet parses it, set by the
/// packet's body typesetter, paginated and drawn into a finished PDF — a packet without the
/// article header, cover, contents and running furniture. The fonts are loaded once per value,
/// and a value belongs to one thread (Pango). The Markdown-to-packet fuzz target (`Fuzz/`)
/// drives it with arbitrary bodies.
@_spi(Fuzzing) public final class BodyPages {
    let style: PacketStyle
    let fonts: PrintFonts
    let strings: PacketStrings
    let options: MarkdownOptions
    let linkBase: URL?

    public init(config: SiteConfig, paper: Paper? = nil) throws {
        let files = try PacketFonts(text: config.packet.font, code: config.packet.codeFont)
        fonts = try files.load()
        style = PacketStyle(settings: config.packet, paper: paper ?? config.packet.paper, fonts: files)
        strings = PacketStrings(language: config.language, timeZone: config.timeZone)
        options = MarkdownOptions(unsafeHTML: config.markdown.unsafeHTML, topHeadingLevel: 1, lineBreaks: config.markdown.lineBreaks)
        linkBase = config.baseURL.flatMap { URL(string: SitePaths.journal("journal"), relativeTo: $0) }
    }

    /// Typesets `markdown` and draws every page; `data` is the finished PDF (empty when drawn to
    /// `.discard`, which skips what only cairo's PDF writer does and takes a third of the time).
    public func render(_ markdown: String, output: PDFCanvas.Output = .pdf) throws -> StudyPacket.Rendered {
        let document = MarkdownDocument(markdown, options: options)
        let base = linkBase
        let body = BodyTypesetter(
            style: style, fonts: fonts, cache: TextBlockCache(fonts: fonts), resolveLink: { JournalTypesetter.absolute($0, base: base) }, strings: strings)
        let pages = Paginator(pageHeight: style.bodyHeight).paginate(try body.boxes(document.blocks()))
        guard output == .pdf, pages.count >= 2 else {
            let canvas = try PDFCanvas(width: style.pageWidth, height: style.pageHeight, output: output)
            draw(pages[...], on: canvas)
            return StudyPacket.Rendered(data: try canvas.finish(), pageCount: pages.count, journalPages: [1])
        }
        // A PDF of two pages or more is drawn as a packet is: two runs of pages, each on a
        // canvas of its own, in a Document element with a destination, then joined — so what a
        // body may hold (links, parentheses, words PDF uses) goes through `PDFJoin` too.
        let half = pages.count / 2
        let parts = try [pages[..<half], pages[half...]].enumerated().map { index, run in
            let canvas = try PDFCanvas(width: style.pageWidth, height: style.pageHeight)
            canvas.beginStructure("Document")
            canvas.destination("body-\(index + 1)", x: style.contentLeft, y: style.bodyTop)
            draw(run, on: canvas)
            canvas.endStructure()
            return try canvas.finishPart(index == 0 ? .first : .later)
        }
        return StudyPacket.Rendered(data: try PDFCanvas.joined(parts), pageCount: pages.count, journalPages: [1])
    }

    private func draw(_ pages: ArraySlice<[Placement]>, on canvas: PDFCanvas) {
        for page in pages {
            for placement in page {
                placement.box.draw(canvas, placement.units, style.contentLeft, style.bodyTop + placement.y, placement.gap)
            }
            canvas.showPage()
        }
    }
}

// Markdown to packet pages: the body typesetter (paragraphs, headings, lists, quotes, code,
// tables), Pango on the pinned Nanum fonts, pagination and drawing with cairo (see below).
import Foundation
import FuzzSupport
import GazetteModel
@_spi(Fuzzing) import Packet
import Typesetting

func pages(unsafeHTML: Bool) -> BodyPages {
    var config = SiteConfig(title: "Fuzz", baseURL: URL(string: "https://study.example.org/"))
    config.markdown.unsafeHTML = unsafeHTML
    do {
        return try BodyPages(config: config)
    } catch {
        fatalError("cannot set up packet pages: \(error)")
    }
}

// Fonts are loaded once per process (as a build loads them once per packet); libFuzzer calls the
// entry point from one thread only, which is what a BodyPages needs.
nonisolated(unsafe) let safe = pages(unsafeHTML: false)
nonisolated(unsafe) let unsafe = pages(unsafeHTML: true)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The length picks the settings, so every input is one fixed case: raw HTML kept or not, and
    // for one input in eight a finished PDF (cairo's PDF writer parses the link attributes
    // Gazette quotes); the others are drawn the same way onto a recording surface that is dropped,
    // which takes a third of the time.
    let output: PDFCanvas.Output = size / 2 % 8 == 0 ? .pdf : .discard
    let rendered: StudyPacket.Rendered
    do {
        rendered = try (size % 2 == 0 ? safe : unsafe).render(text, output: output)
    } catch {
        fatalError("packet pages failed: \(error)\ninput: \(text.debugDescription)")
    }
    if rendered.pageCount < 1 || (output == .pdf && !rendered.data.starts(with: Array("%PDF-".utf8))) {
        fatalError("not a PDF of at least one page (\(rendered.pageCount) pages)\ninput: \(text.debugDescription)")
    }
    // A PDF of two pages or more is two runs joined (`BodyPages`): every page object is in it.
    if output == .pdf {
        let pages = String(decoding: rendered.data, as: UTF8.self).components(separatedBy: " 0 obj\n<< /Type /Page %").count - 1
        if pages != rendered.pageCount {
            fatalError("\(pages) page objects in a PDF of \(rendered.pageCount) pages\ninput: \(text.debugDescription)")
        }
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

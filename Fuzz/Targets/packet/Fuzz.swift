// Markdown to packet pages: the body typesetter (paragraphs, headings, lists, quotes, code,
// tables), Pango on the pinned Nanum fonts, pagination and drawing into a finished PDF (cairo).
import Foundation
import FuzzSupport
import GazetteModel
import Packet

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
    // The length picks the settings, so every input is one fixed case.
    let rendered: StudyPacket.Rendered
    do {
        rendered = try (size % 2 == 0 ? safe : unsafe).render(text)
    } catch {
        fatalError("packet pages failed: \(error)\ninput: \(text.debugDescription)")
    }
    if rendered.pageCount < 1 || !rendered.data.starts(with: Array("%PDF-".utf8)) {
        fatalError("not a PDF of at least one page (\(rendered.pageCount) pages)\ninput: \(text.debugDescription)")
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

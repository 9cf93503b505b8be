// Markdown to HTML (cmark-gfm with Gazette's extensions, the URL policy, HTMLSanitizer for raw
// HTML) and every other view of a document. The HTML must hold no script, no event handler and
// no address the URL policy refuses, read back with libxml2's HTML parser; no mark `CJKEmphasis`
// puts in shows; every link lies on a line of the text.
import Foundation
import FuzzSupport
import GazetteModel
import Markdown
import Markup

let urlAttributes: Set<String> = ["href", "src", "cite", "action", "formaction", "data", "poster", "background", "xlink:href"]
let liveElements: Set<String> = ["script", "style", "iframe", "object", "embed", "form", "svg", "math", "base", "meta", "link"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The length picks the options, so every input is one fixed case.
    let options = MarkdownOptions(
        unsafeHTML: size % 2 == 1, topHeadingLevel: size % 4 < 2 ? nil : 2, remoteImagesAsLinks: size % 8 >= 4)
    let document = MarkdownDocument(text, options: options)
    let html = document.html()
    let plain = document.plainText()
    _ = document.plainText(skippingHeadings: true)
    // The marks put in for emphasis beside Korean letters (CJKEmphasis) never show.
    for mark in ["\u{2E2E}", "\u{2E19}", "\u{2E0E}"] where !text.contains(mark) && (html.contains(mark) || plain.contains(mark)) {
        fatalError("the mark \(mark) in the output of \(text.debugDescription):\n\(html)")
    }
    _ = document.blocks()
    // Every link is placed on a line of the text, backslash hard breaks or not (BackslashBreaks),
    // or on line 0: the autolink and table extensions make some without a line.
    // Lines counted as the parser counts them: `\n`, `\r\n`, `\r`.
    let bytes = Array(text.utf8)
    let lines = bytes.indices.reduce(1) { count, index in
        count + (bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) ? 1 : 0)
    }
    for link in document.links() where link.line != 0 && (link.line < 1 || link.line > lines || link.column < 1) {
        fatalError("link at \(link.line):\(link.column) of \(lines) lines in \(text.debugDescription)")
    }
    _ = document.rawHTMLRemovals()
    guard let page = MarkupDocument.html(html) else { return 0 }
    for element in page.allElementsWithoutText {
        if liveElements.contains(element.name) { fatalError("<\(element.name)> in the HTML of \(text.debugDescription):\n\(html)") }
        // Pages load no image from another host (raw HTML aside, which only unsafeHTML lets through).
        if options.remoteImagesAsLinks, !options.unsafeHTML, element.name == "img",
            let scheme = element.attributes.first(where: { $0.key.lowercased() == "src" }).flatMap({ SafeURL.scheme($0.value) }),
            scheme == "http" || scheme == "https"
        {
            fatalError("a remote <img> in the HTML of \(text.debugDescription):\n\(html)")
        }
        for (name, value) in element.attributes {
            let key = name.lowercased()
            if key.hasPrefix("on") || key == "style" || key == "srcdoc" {
                fatalError("\(key)= in the HTML of \(text.debugDescription):\n\(html)")
            }
            let addresses =
                key == "srcset"
                ? value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
                : urlAttributes.contains(key) ? [value] : []
            // An empty href (`[text]()`) is the page itself.
            for address in addresses where !address.isEmpty && SafeURL.allowed(address, in: .body) == nil {
                fatalError("\(key)=\(address.debugDescription) in the HTML of \(text.debugDescription):\n\(html)")
            }
        }
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

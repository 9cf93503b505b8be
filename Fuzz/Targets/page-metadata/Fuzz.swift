// An HTML page's metadata (gazette add, fetch --enrich): libxml2's HTML parser in the page's
// own encoding, OpenGraph and Twitter tags, <title>, relative image addresses, dates. What it
// reads becomes a store record, so its image and date must be what the store accepts.
import Foundation
import FuzzSupport
import GazetteModel
import Ingest

let charsets: [String?] = [nil, "UTF-8", "EUC-KR", "ISO-8859-1"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // The length picks the charset the Content-Type header named, so every input is one fixed case.
    let charset = charsets[size % charsets.count]
    let meta = PageMetadata.read(Array(UnsafeBufferPointer(start: data, count: size)), url: "https://news.example.com/a/b.html?id=1", charset: charset)
    if let image = meta.image, SafeURL.allowed(image, in: .absolute) == nil {
        fatalError("image refused by the URL policy: \(image.debugDescription)")
    }
    if let published = meta.published, ISO8601.parse(published) == nil {
        fatalError("published unreadable: \(published.debugDescription)")
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

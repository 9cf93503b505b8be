// RSS 2.0, RSS 1.0 and Atom feeds: libxml2's XML parser, item and entry fields, relative
// links, HTML in titles and descriptions, dates, then normalisation into store records.
import Foundation
import FuzzSupport
import Ingest

let now = Date(timeIntervalSince1970: 1_763_500_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        let found = try AnswerParsing.feed(Data(bytes: data, count: size), url: "https://news.example.com/rss/feed.xml", now: now)
        checkRecords(found, input: data, size: size)
    } catch {
        // Not a feed: fetch reports it and goes on with the other sources.
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

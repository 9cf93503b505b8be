// One page of NewsAPI's /v2/everything JSON: decoding, nulls, ISO 8601 dates, addresses and
// images, then normalisation into store records.
import Foundation
import FuzzSupport
import Ingest

let now = Date(timeIntervalSince1970: 1_763_500_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // The length picks whether a language was asked for, so every input is one fixed case.
    if let found = AnswerParsing.newsAPI(Data(bytes: data, count: size), query: "rates", language: size % 2 == 0 ? "en" : nil, now: now) {
        checkRecords(found, input: data, size: size)
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

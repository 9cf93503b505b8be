// One page of MediaStack's /v1/news JSON: decoding, error bodies, dates, languages, addresses
// and images, then normalisation into store records.
import Foundation
import FuzzSupport
import Ingest

let now = Date(timeIntervalSince1970: 1_763_500_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let found = AnswerParsing.mediaStack(Data(bytes: data, count: size), query: "economy", now: now) {
        checkRecords(found, input: data, size: size)
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

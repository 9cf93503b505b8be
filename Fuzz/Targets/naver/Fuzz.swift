// One page of Naver's news search JSON: decoding, HTML in titles and descriptions, RFC 822
// dates, addresses, then normalisation into store records.
import Foundation
import FuzzSupport
import Ingest

let now = Date(timeIntervalSince1970: 1_763_500_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let found = AnswerParsing.naver(Data(bytes: data, count: size), query: "금리", now: now) {
        checkRecords(found, input: data, size: size)
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

// The URL policy on any text, in both contexts. What it allows is stable (allowing it again
// gives it back) and has no control characters; read as written or with HTML character
// references decoded (a browser decodes them in an attribute), its scheme is http or https, or in
// a journal body also mailto or none — but then it is not protocol-relative (`//host`).
import Foundation
import FuzzSupport
import GazetteModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = SafeURL.decodeCharacterReferences(text)
    for context in [SafeURL.Context.absolute, .body] {
        guard let allowed = SafeURL.allowed(text, in: context) else { continue }
        func fail(_ message: String) -> Never { fatalError("\(message): \(text.debugDescription) → \(allowed.debugDescription) (\(context))") }
        if SafeURL.allowed(allowed, in: context) != allowed { fail("not stable") }
        if allowed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { fail("control characters allowed") }
        for read in [allowed, SafeURL.clean(SafeURL.decodeCharacterReferences(allowed))] {
            switch SafeURL.scheme(read) {
            case "http", "https": continue
            case "mailto" where context == .body: continue
            case nil where context == .body:
                if ["//", "\\\\", "/\\", "\\/"].contains(String(read.prefix(2))) { fail("protocol-relative \(read.debugDescription)") }
            default: fail("scheme of \(read.debugDescription) allowed")
            }
        }
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

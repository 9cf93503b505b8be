// Canonical URLs and article ids: any text, as journals' `article:` and every source give them.
// A canonical form is an http(s) URL, canonical itself, with the URL policy's approval, and its
// article id is 12 lower-case hex digits.
import Foundation
import FuzzSupport
import GazetteModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = CanonicalURL.isArticleID(text)
    guard let canonical = CanonicalURL.canonicalize(text) else {
        if CanonicalURL.articleID(for: text) != nil { fatalError("an id without a canonical form: \(text.debugDescription)") }
        return 0
    }
    if CanonicalURL.canonicalize(canonical) != canonical {
        fatalError("not idempotent: \(text.debugDescription) → \(canonical.debugDescription) → \(String(describing: CanonicalURL.canonicalize(canonical)))")
    }
    if SafeURL.allowed(canonical, in: .absolute) == nil {
        fatalError("canonical form refused by the URL policy: \(text.debugDescription) → \(canonical.debugDescription)")
    }
    guard let id = CanonicalURL.articleID(for: text), CanonicalURL.isArticleID(id) else {
        fatalError("no valid article id for \(text.debugDescription)")
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

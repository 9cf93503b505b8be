// Journal files: front matter split, YAML (Yams, libyaml), keys, dates, the Markdown body's
// link policy warnings. A journal comes back exactly when no diagnostic is an error.
import Content
import Foundation
import FuzzSupport
import GazetteModel

let safe = SiteConfig(title: "Fuzz")
let unsafe: SiteConfig = {
    var config = SiteConfig(title: "Fuzz", timeZone: TimeZone(identifier: "UTC") ?? .current)
    config.markdown.unsafeHTML = true
    return config
}()
let modified = Date(timeIntervalSince1970: 1_763_500_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // The length picks the settings, so every input is one fixed case.
    let config = size % 2 == 0 ? safe : unsafe
    let dates: (Date?, Date?) = size % 4 < 2 ? (modified, modified) : (nil, nil)
    let (journal, diagnostics) = JournalLoader.parse(
        Data(bytes: data, count: size), path: "content/journals/2026-11-18-fuzz.md", config: config, fallbackDates: dates)
    let failed = diagnostics.contains { $0.severity == .error }
    if (journal == nil) != failed {
        fatalError("journal \(journal == nil ? "dropped" : "kept") with diagnostics \(diagnostics)")
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

// gazette.yml: YAML (Yams, libyaml), every key's validation. A config comes back exactly when
// no diagnostic is an error.
import Content
import Foundation
import FuzzSupport
import GazetteModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (config, diagnostics) = ConfigLoader.parse(Data(bytes: data, count: size), path: "gazette.yml")
    let failed = diagnostics.contains { $0.severity == .error }
    if (config == nil) != failed {
        fatalError("config \(config == nil ? "refused" : "accepted") with diagnostics \(diagnostics)")
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

import Foundation
import GazetteModel

/// Creates files that must not replace anything: the bytes go to a temporary file beside the
/// target, which is then hard-linked to the final name — `link(2)` fails if the name exists, so
/// a file written meanwhile by someone else is never overwritten, and no reader ever sees half
/// a file.
enum SafeFile {
    enum Outcome { case created, existed }

    @discardableResult
    static func create(_ url: URL, contents: Data) throws -> Outcome {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
        try contents.write(to: temporary)
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) == 0 { return .created }
        if errno == EEXIST { return .existed }
        throw DiagnosticsError([.error("cannot create \(url.path): \(String(cString: strerror(errno)))")])
    }
}

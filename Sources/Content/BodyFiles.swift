import Foundation
import GazetteModel

/// Reads again, from its file, the body of a journal the loader left there
/// (`Journal.leaveBodyInFile`), and remembers every body that could not be read as it was
/// loaded: the file gone, unreadable, or changed since (its digest differs). Reading never
/// throws, so that rendering a page stays a plain function; the build asks `check()` before it
/// swaps anything in, and a failure there leaves the site in place as it was.
final class BodyFiles: Sendable {
    let root: URL
    private let failures = Locked<[Diagnostic]>([])

    init(root: URL) { self.root = root }

    func read(_ journal: Journal) -> String {
        let path = journal.path
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
            case .success(let text) = SourceText.decode(data, path: path), case .success(let parts) = FrontMatter.split(text, path: path),
            Journal.digest(of: parts.body) == journal.bodyDigest
        {
            return parts.body
        }
        failures.withLock { failures in
            guard !failures.contains(where: { $0.location?.path == path }) else { return }
            failures.append(
                .error(
                    "\(path) changed while the site was being built", at: SourceLocation(path: path, line: 1, column: 1),
                    hint: "build again; the site in place was left as it was"))
        }
        return ""
    }

    /// Throws the bodies that could not be read, if any.
    func check() throws {
        let failures = failures.withLock { $0 }
        if !failures.isEmpty { throw DiagnosticsError(failures.sorted()) }
    }
}

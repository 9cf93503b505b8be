import Foundation
import GazetteModel

/// Keeps two writers off one output folder: two `gazette build`s, or a build and `gazette serve`.
///
/// A `FileLock` on `.<output>.lock` beside the output folder (not inside it: the folder itself is
/// swapped by every build), removed by its holder when done, so nothing is left beside the
/// output. A second build waits for the first; nobody waits for a `serve`, which never finishes
/// by itself.
public enum OutputLock {
    /// The lock file of `output`: `.<name>.lock` in its parent folder.
    public static func lockFile(for output: URL) -> URL {
        SiteLayout.lock(of: output)
    }

    /// Locks `output` for `purpose` (`build`, `serve`), waiting up to `wait` seconds for another
    /// build; throws a diagnostic that says plainly who holds the folder.
    public static func acquire(_ output: URL, purpose: String, wait: Double) throws -> FileLock {
        let file = lockFile(for: output)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        do throws(FileLock.Failure) {
            return try FileLock.acquire(
                file.path, purpose: purpose, wait: wait, poll: 0.05, removingFileOnRelease: true,
                waitsFor: { !$0.hasPrefix("gazette serve") })
        } catch {
            switch error {
            case .cannotOpen(let code):
                let problem = FileWriteError(path: file.path, code: code, folder: file.deletingLastPathComponent().path)
                throw DiagnosticsError([
                    .error(
                        "cannot create the lock file \(file.path): \(problem.reason)",
                        hint: "a build writes its lock and the new site beside the output folder; \(problem.hint)")
                ])
            case .cannotLock(let code):
                throw DiagnosticsError([.error("cannot lock \(file.path): \(String(cString: strerror(code)))")])
            case .busy(let holder):
                throw DiagnosticsError([
                    .error(
                        "the output folder \(output.path) is busy: \(holder) is writing it",
                        hint: holder.hasPrefix("gazette serve")
                            ? "stop 'gazette serve' first, or build into another folder with --output"
                            : "wait for it to finish, or build into another folder with --output")
                ])
            }
        }
    }
}

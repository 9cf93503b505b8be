import Content
import Foundation
import GazetteModel

import Glibc

/// Keeps two processes from changing the article store at once: `fetch`, `search --save`,
/// `add` and the state files under `.gazette/` read, merge and write under an exclusive `flock`
/// on `.gazette/store.lock`. Whoever comes second waits, then reads the store again and merges
/// into what the first wrote, so no record is lost.
///
/// The kernel releases the lock when its holder's process ends however it ends, SIGKILL
/// included, so a crash never leaves the store locked. The file itself stays (it is in the
/// git-ignored `.gazette/`, beside the caches) and holds the holder's pid and command, so a
/// process that has to wait long can say whom it waits for.
final class StoreLock {
    static let file = "store.lock"

    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Runs `body` holding the lock of the store of `siteRoot`, first removing what killed
    /// writers left (their temporary files in `content/articles/` and `.gazette/`).
    static func withLock<T>(
        siteRoot: URL, purpose: String, wait: Double = 120, _ body: () throws(DiagnosticsError) -> T
    ) throws(DiagnosticsError) -> T {
        let lock = try acquire(siteRoot: siteRoot, purpose: purpose, wait: wait)
        defer { withExtendedLifetime(lock) {} }
        for folder in [ArticleStore.folder, ArticleThumbnails.folder, SiteState.folder] {
            TemporaryFile.removeStale(in: siteRoot.appendingPathComponent(folder))
        }
        return try body()
    }

    static func acquire(siteRoot: URL, purpose: String, wait: Double) throws(DiagnosticsError) -> StoreLock {
        let folder = siteRoot.appendingPathComponent(SiteState.folder)
        let shown = "\(SiteState.folder)/\(file)"
        do throws(FileWriteError) {
            try TemporaryFile.makeFolder(folder, shownAs: "\(SiteState.folder)/")
        } catch {
            throw DiagnosticsError([error.diagnostic])
        }
        let path = folder.appendingPathComponent(file).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let problem = FileWriteError(path: shown, code: errno, folder: "\(SiteState.folder)/")
            throw DiagnosticsError([.error("cannot lock the article store: \(problem.description)", hint: problem.hint)])
        }
        let deadline = Date().addingTimeInterval(wait)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw DiagnosticsError([.error("cannot lock \(shown): \(String(cString: strerror(code)))")])
            }
            if Date() >= deadline {
                let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                close(descriptor)
                throw DiagnosticsError([
                    .error(
                        "the article store is busy: \(holder.isEmpty ? "another gazette process" : holder) has been writing it for \(Int(wait)) s",
                        hint: "wait for it to finish and run again; if it is stuck, stop it")
                ])
            }
            usleep(20_000)
        }
        // Who holds it, for anyone who has to wait; a failure (a full disk) only loses that text.
        let text = "gazette \(purpose) (pid \(getpid()))\n"
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        return StoreLock(descriptor: descriptor)
    }
}

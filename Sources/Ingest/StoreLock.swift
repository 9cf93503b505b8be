import Content
import Foundation
import GazetteModel

import Glibc

/// Keeps two processes from changing the article store at once: `fetch`, `search --save`,
/// `add` and the state files under `.gazette/` read, merge and write under a `FileLock` on
/// `.gazette/store.lock`. Whoever comes second waits, then reads the store again and merges
/// into what the first wrote, so no record is lost.
///
/// The file stays (it is in the git-ignored `.gazette/`, beside the caches), holding the last
/// holder's command and pid.
enum StoreLock {
    static let file = "store.lock"

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

    static func acquire(siteRoot: URL, purpose: String, wait: Double) throws(DiagnosticsError) -> FileLock {
        let folder = siteRoot.appendingPathComponent(SiteState.folder)
        let shown = "\(SiteState.folder)/\(file)"
        do throws(FileWriteError) {
            try TemporaryFile.makeFolder(folder, shownAs: "\(SiteState.folder)/")
        } catch {
            throw DiagnosticsError([error.diagnostic])
        }
        do throws(FileLock.Failure) {
            return try FileLock.acquire(folder.appendingPathComponent(file).path, purpose: purpose, wait: wait, removingFileOnRelease: false)
        } catch {
            switch error {
            case .cannotOpen(let code):
                let problem = FileWriteError(path: shown, code: code, folder: "\(SiteState.folder)/")
                throw DiagnosticsError([.error("cannot lock the article store: \(problem.description)", hint: problem.hint)])
            case .cannotLock(let code):
                throw DiagnosticsError([.error("cannot lock \(shown): \(String(cString: strerror(code)))")])
            case .busy(let holder):
                throw DiagnosticsError([
                    .error(
                        "the article store is busy: \(holder) has been writing it for \(Int(wait)) s",
                        hint: "wait for it to finish and run again; if it is stuck, stop it")
                ])
            }
        }
    }
}

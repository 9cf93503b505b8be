import Foundation
import Glibc

/// Gazette's one lock between processes: an exclusive `flock` on a lock file, which keeps two
/// writers off the article store (`gazette fetch`, `add`, `search --save`) and off an output
/// folder (two builds, or a build and `serve`).
///
/// The kernel releases a `flock` when the holder's process ends however it ends, SIGKILL
/// included, so a crash never leaves anything locked. The file holds the holder's command and
/// pid, so a second writer can say whom it waits for. A lock whose file is removed on release
/// (`removingFileOnRelease`) is taken only on the file still at that path, checked by inode after
/// locking: two processes never hold locks on two different files of one name.
public final class FileLock: Sendable {
    /// Why a lock was not taken.
    public enum Failure: Error, Sendable {
        /// The lock file could not be opened or created: `errno`.
        case cannotOpen(code: Int32)
        /// `flock` failed for another reason than another holder: `errno`.
        case cannotLock(code: Int32)
        /// Another process held it past the wait, or one not worth waiting for: what it wrote
        /// into the file ("gazette serve (pid 4242)"), or "another gazette process".
        case busy(holder: String)
    }

    /// The open lock file, -1 once released; closing it releases the lock.
    private let descriptor: Locked<Int32>
    public let path: String
    private let removesFile: Bool

    private init(descriptor: Int32, path: String, removesFile: Bool) {
        self.descriptor = Locked(descriptor)
        self.path = path
        self.removesFile = removesFile
    }

    deinit { release() }

    /// Releases the lock now (also done when the value is released); a lock that removes its
    /// file does so while still holding it. A process killed while holding it leaves the file,
    /// unlocked, for the next holder.
    public func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            if removesFile { unlink(path) }
            close(descriptor)
            descriptor = -1
        }
    }

    /// Locks the file at `path` (made if missing; its folder must exist) for `purpose` (the
    /// command: `build`, `fetch`), waiting up to `wait` seconds, polling every `poll`, while another
    /// process holds it — unless `waitsFor` says its holder is not worth waiting for.
    public static func acquire(
        _ path: String, purpose: String, wait: Double, poll: Double = 0.02, removingFileOnRelease: Bool,
        waitsFor: (_ holder: String) -> Bool = { _ in true }
    ) throws(Failure) -> FileLock {
        let deadline = Date().addingTimeInterval(wait)
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .cannotOpen(code: errno) }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // A holder before us that removes the file did so as it released it: a lock on
                // a removed file guards nothing, so start again on the file now at the path.
                var held = stat(), current = stat()
                guard fstat(descriptor, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev
                else {
                    close(descriptor)
                    continue
                }
                // Who holds it, for anyone who has to wait; a failure (a full disk) only loses that text.
                let text = "gazette \(purpose) (pid \(getpid()))\n"
                _ = ftruncate(descriptor, 0)
                _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
                return FileLock(descriptor: descriptor, path: path, removesFile: removingFileOnRelease)
            }
            let code = errno
            close(descriptor)
            guard code == EWOULDBLOCK || code == EINTR else { throw .cannotLock(code: code) }
            let holder = holder(ofLockAt: path)
            if Date() >= deadline || !waitsFor(holder) { throw .busy(holder: holder) }
            usleep(useconds_t(poll * 1_000_000))
        }
    }

    /// What the holder of the lock at `path` wrote, or "another gazette process".
    public static func holder(ofLockAt path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? "another gazette process" : text
    }
}

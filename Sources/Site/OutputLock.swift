import Foundation
import GazetteModel

import Glibc

/// Keeps two writers off one output folder: two `gazette build`s, or a build and `gazette serve`.
///
/// An exclusive `flock` on `.<output>.lock` beside the output folder (not inside it: the folder
/// itself is swapped by every build). The kernel releases the lock when the holder's process
/// ends however it ends, SIGKILL included, so a crash never leaves the folder locked. The file
/// holds the holder's pid and what it is doing, so a second writer can say who it waits for.
/// The holder removes the file when it is done, and a new holder checks that the file it locked
/// is still the one at that path, so two processes never lock two different files.
public final class OutputLock: Sendable {
    /// The open lock file, -1 once released; closing it releases the lock.
    private let descriptor: Locked<Int32>
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = Locked(descriptor)
        self.path = path
    }

    deinit { release() }

    /// Releases the lock now (also done when the value is released), removing the lock file
    /// while still holding it, so nothing is left beside the output. A process killed while
    /// holding it leaves the file, unlocked; the next writer locks and removes it.
    public func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            unlink(path)
            close(descriptor)
            descriptor = -1
        }
    }

    /// The lock file of `output`: `.<name>.lock` in its parent folder.
    public static func lockFile(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).lock")
    }

    /// Locks `output` for `purpose` (`build`, `serve`). When another process holds it, waits up
    /// to `wait` seconds for it to finish, except for a `serve`, which never finishes by itself;
    /// then throws a diagnostic that says plainly who holds the folder.
    public static func acquire(_ output: URL, purpose: String, wait: Double) throws -> OutputLock {
        let file = lockFile(for: output)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let deadline = Date().addingTimeInterval(wait)
        while true {
            let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                let problem = FileWriteError(path: file.path, code: errno, folder: file.deletingLastPathComponent().path)
                throw DiagnosticsError([
                    .error(
                        "cannot create the lock file \(file.path): \(problem.reason)",
                        hint: "a build writes its lock and the new site beside the output folder; \(problem.hint)")
                ])
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // The holder before us removes the file as it releases it; a lock on a removed
                // file guards nothing, so start again on the file now at that path.
                var held = stat(), current = stat()
                guard fstat(descriptor, &held) == 0, stat(file.path, &current) == 0,
                    held.st_ino == current.st_ino, held.st_dev == current.st_dev
                else {
                    close(descriptor)
                    continue
                }
                // Record the holder for anyone who has to wait; a failure only loses that text.
                let text = "gazette \(purpose) (pid \(getpid()))\n"
                _ = ftruncate(descriptor, 0)
                _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
                return OutputLock(descriptor: descriptor, path: file.path)
            }
            let code = errno
            close(descriptor)
            let holder = holderDescription(file)
            if code != EWOULDBLOCK && code != EINTR {
                throw DiagnosticsError([.error("cannot lock \(file.path): \(String(cString: strerror(code)))")])
            }
            if Date() >= deadline || holder.hasPrefix("gazette serve") {
                throw DiagnosticsError([
                    .error(
                        "the output folder \(output.path) is busy: \(holder) is writing it",
                        hint: holder.hasPrefix("gazette serve")
                            ? "stop 'gazette serve' first, or build into another folder with --output"
                            : "wait for it to finish, or build into another folder with --output")
                ])
            }
            usleep(50_000)
        }
    }

    private static func holderDescription(_ file: URL) -> String {
        let text = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? "another gazette process" : text
    }
}

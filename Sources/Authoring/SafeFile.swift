import Foundation
import GazetteModel

/// Creates files that must not replace anything: the bytes go to a temporary file beside the
/// target, which is then hard-linked to the final name — `link(2)` fails if the name exists, so
/// a file written meanwhile by someone else is never overwritten, and no reader ever sees half
/// a file. A failed write (disk full, file-size limit, read-only folder) leaves no temporary
/// file behind, and the temporary files of a process that was killed are removed by the next.
enum SafeFile {
    enum Outcome { case created, existed }

    @discardableResult
    static func create(_ url: URL, contents: Data) throws -> Outcome {
        let folder = url.deletingLastPathComponent()
        do throws(FileWriteError) {
            try TemporaryFile.makeFolder(folder, shownAs: folder.path)
        } catch {
            throw DiagnosticsError([error.diagnostic])
        }
        TemporaryFile.removeStale(in: folder)
        let temporary = TemporaryFile.url(for: url)
        do throws(FileWriteError) {
            try TemporaryFile.write(contents, to: temporary, sync: true, shownAs: url.path, folder: folder.path)
        } catch {
            throw DiagnosticsError([error.diagnostic])
        }
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) == 0 { return .created }
        let code = errno
        if code == EEXIST { return .existed }
        throw DiagnosticsError([FileWriteError(path: url.path, code: code, folder: folder.path).diagnostic])
    }
}

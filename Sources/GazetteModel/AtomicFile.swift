import Foundation

import Glibc

/// A file that could not be written, said in plain words with the path and what to do.
public struct FileWriteError: Error, Sendable, CustomStringConvertible, DiagnosticConvertible {
    /// The path as the user should see it (site-relative where the caller knows the site), and
    /// the folder it is in, as shown.
    public let path, folder: String
    /// The `errno` the system gave.
    public let code: Int32

    public init(path: String, code: Int32, folder: String) {
        (self.path, self.code, self.folder) = (path, code, folder)
    }

    /// What went wrong, in words.
    public var reason: String { Self.explain(code, folder: folder).reason }
    /// What to do about it.
    public var hint: String { Self.explain(code, folder: folder).hint }

    public var description: String { "cannot write \(path): \(reason)" }

    public var diagnostic: Diagnostic { .error(description, hint: hint) }

    /// What `errno` means for a writer, and what to do about it.
    static func explain(_ code: Int32, folder: String) -> (reason: String, hint: String) {
        switch code {
        case ENOSPC: ("the disk is full (no space left on the device)", "free some space on the disk that holds \(folder) and run again")
        case EDQUOT: ("your disk quota is used up", "free some space or raise the quota, then run again")
        case EFBIG:
            (
                "the file would be larger than the limit on file size for this process (ulimit -f)",
                "raise the limit (ulimit -f unlimited) and run again"
            )
        case EROFS: ("the file system holding \(folder) is read-only", "run on a writable copy, or remount it read-write")
        case EACCES, EPERM: ("permission denied: \(folder) is not writable", "make \(folder) writable (chmod u+w) or run as its owner")
        case EIO: ("the disk reported an input/output error", "check the disk (dmesg) and run again")
        case ENOTDIR: ("a file stands where a folder is needed", "move or delete the file of that name in \(folder), then run again")
        default: (String(cString: strerror(code)), "check that \(folder) is writable and the disk has room, then run again")
        }
    }
}

/// Temporary files written beside their targets: `.<name>.<pid>-<8 hex>.tmp`. The pid lets a
/// later run tell the files of a process that was killed from those of one still writing.
public enum TemporaryFile {
    /// A fresh temporary name beside `target`.
    public static func url(for target: URL) -> URL {
        let token = UUID().uuidString.prefix(8).lowercased()
        return target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(getpid())-\(token).tmp")
    }

    /// The pid in a temporary file's name, or nil when `name` is not one of ours.
    public static func owner(_ name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        let parts = stem[stem.index(after: dot)...].split(separator: "-")
        guard parts.count == 2, parts[1].count == 8, parts[1].allSatisfy(\.isHexDigit), let pid = Int32(parts[0]), pid > 0,
            stem[..<dot].count > 1
        else { return nil }
        return pid
    }

    /// Removes the temporary files in `folder` (not below it) of processes no longer running;
    /// returns their names. Best effort: what cannot be removed stays for the next run.
    @discardableResult
    public static func removeStale(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = owner(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Writes all of `data` to the open `descriptor` with plain POSIX calls, retrying
    /// interrupted ones; returns 0, or the `errno` of the call that failed. Shared by every
    /// writer of files (this one and the output folder's), which differ only in how they open,
    /// sync and rename.
    public static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        var failure: Int32 = 0
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        return failure
    }

    /// Creates `url` (which must not exist) with `data`, flushed to disk when `sync`. On any
    /// failure the file is removed and the error names `shownAs`, the target the user knows.
    public static func write(_ data: Data, to url: URL, sync: Bool, shownAs: String, folder: String) throws(FileWriteError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: shownAs, code: errno, folder: folder) }
        var failure = writeAll(data, to: descriptor)
        if failure == 0 && sync && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(url.path)
            throw FileWriteError(path: shownAs, code: failure, folder: folder)
        }
    }

    /// Creates `folder` and the folders above it that are missing.
    public static func makeFolder(_ folder: URL, shownAs: String) throws(FileWriteError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue { return }
        let parent = folder.deletingLastPathComponent()
        if parent.path != folder.path { try makeFolder(parent, shownAs: parent.path) }
        if mkdir(folder.path, 0o755) != 0 && errno != EEXIST {
            throw FileWriteError(path: shownAs, code: errno, folder: parent.path)
        }
    }
}

/// Replaces files so that a reader, or a process killed at any instant, sees each file's old
/// bytes or its new ones, never half: the bytes go to a temporary file in the same folder (named
/// by the writer's pid, so the next writer removes what a killed one left), are flushed to disk
/// when the file must survive a crash of the machine (`durable`), and the file is renamed over
/// the target. Gazette's one way of replacing a file; the output folder and the body cache,
/// which write thousands of files or stream one large one, use `TemporaryFile` directly.
public enum AtomicFile {
    /// One file to write: where, what, and the path to name in errors.
    public struct Item: Sendable {
        public var url: URL
        public var data: Data
        public var shownAs: String
        /// The folder as the user should see it, for errors.
        public var folderShownAs: String
        /// Flushed to disk before the rename, and the folder after it: for what must survive a
        /// crash of the machine (the store, journals, a packet asked for). Caches, which are
        /// checked when read and made again when not whole, skip the flushes.
        public var durable: Bool

        public init(_ url: URL, _ data: Data, shownAs: String? = nil, folderShownAs: String? = nil, durable: Bool = true) {
            self.url = url
            self.data = data
            self.shownAs = shownAs ?? url.path
            self.folderShownAs = folderShownAs ?? url.deletingLastPathComponent().path
            self.durable = durable
        }
    }

    public static func write(_ data: Data, to url: URL, shownAs: String? = nil, durable: Bool = true) throws(FileWriteError) {
        try write([Item(url, data, shownAs: shownAs, durable: durable)])
    }

    /// Writes every item all or nothing, as far as a failure goes: every file is first written
    /// and flushed under a temporary name, and only when all are is each renamed into place,
    /// in order. A failure before that (disk full, file-size limit, a read-only folder) removes
    /// the temporary files and changes no target. A process killed during the renames leaves
    /// each file whole, old or new.
    public static func write(_ items: [Item]) throws(FileWriteError) {
        var temporaries: [URL] = []
        do throws(FileWriteError) {
            for item in items {
                try TemporaryFile.makeFolder(item.url.deletingLastPathComponent(), shownAs: item.folderShownAs)
                let temporary = TemporaryFile.url(for: item.url)
                try TemporaryFile.write(item.data, to: temporary, sync: item.durable, shownAs: item.shownAs, folder: item.folderShownAs)
                temporaries.append(temporary)
            }
        } catch {
            for temporary in temporaries { unlink(temporary.path) }
            throw error
        }
        var folders: [String] = []
        for (index, item) in items.enumerated() {
            guard rename(temporaries[index].path, item.url.path) == 0 else {
                let code = errno
                for temporary in temporaries[index...] { unlink(temporary.path) }
                throw FileWriteError(path: item.shownAs, code: code, folder: item.folderShownAs)
            }
            let folder = item.url.deletingLastPathComponent().path
            if item.durable && !folders.contains(folder) { folders.append(folder) }
        }
        // The renames themselves reach the disk only when each folder is flushed.
        for folder in folders {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor >= 0 {
                _ = fsync(descriptor)
                close(descriptor)
            }
        }
    }
}

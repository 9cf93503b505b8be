import Foundation
import GazetteModel

#if canImport(Glibc)
    import Glibc
#endif

/// Where a build writes, and the rules that keep a build from harming anything else: the site
/// is rendered into a staging folder beside the output and swapped in only when complete, and
/// folders that hold the user's work are refused as outputs.
public struct OutputFolder: Sendable {
    public let url: URL

    /// Checks `output` against `siteRoot`: refuses `/`, the home folder, the site root, any
    /// folder that contains one of these, and any folder inside `content/`, `templates/` or `static/`.
    public init(_ output: URL, siteRoot: URL) throws {
        let target = output.standardizedFileURL.resolvingSymlinksInPath()
        let site = siteRoot.standardizedFileURL.resolvingSymlinksInPath()
        var protected: [(URL, String)] = [
            (URL(fileURLWithPath: "/"), "the file system root"), (site, "the site folder"),
        ]
        // getenv reads one variable; `ProcessInfo.environment` copies them all, on every save.
        if let variable = getenv("HOME"), case let home = String(cString: variable), !home.isEmpty {
            protected.append((URL(fileURLWithPath: home).standardizedFileURL.resolvingSymlinksInPath(), "your home folder"))
        }
        for (folder, name) in protected where OutputFolder.contains(target, folder) {
            throw DiagnosticsError([
                .error(
                    "refusing to build into \(output.path): it is or contains \(name), which a build would replace",
                    hint: "choose an output folder of its own, such as public/")
            ])
        }
        for inner in SiteLayout.sourceFolders + [".git"] {
            let folder = site.appendingPathComponent(inner)
            if OutputFolder.contains(folder, target) || OutputFolder.contains(target, folder) {
                throw DiagnosticsError([
                    .error(
                        "refusing to build into \(output.path): it overlaps the site's \(inner)/ folder",
                        hint: "choose an output folder of its own, such as public/")
                ])
            }
        }
        url = target
    }

    /// True when `inner` is `outer` or inside it.
    static func contains(_ outer: URL, _ inner: URL) -> Bool {
        let o = outer.pathComponents, i = inner.pathComponents
        return i.count >= o.count && Array(i.prefix(o.count)) == o
    }

    /// Runs `write` against the live output folder, creating it if needed, rewriting only
    /// changed files and then deleting files no longer written. Used by `gazette serve`, where
    /// the output is Gazette's own folder and is rebuilt many times a minute.
    /// `known`, when given, is every file the folder holds (what the last update wrote, for a
    /// folder nothing else writes into): stale files are then found among those instead of by
    /// walking the whole tree.
    public func update(known: Set<String>? = nil, with write: (inout FileWriter) throws -> Void) throws -> FileWriter {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        var writer = FileWriter(root: url, updating: true)
        try write(&writer)
        if let known {
            try writer.removeStale(among: known)
        } else {
            try writer.removeStale()
        }
        return writer
    }

    /// The lock that keeps other builds and `gazette serve` off this folder (see `OutputLock`).
    public func lock(purpose: String, wait: Double) throws -> FileLock {
        try OutputLock.acquire(url, purpose: purpose, wait: wait)
    }

    /// The previous site, kept beside the output as `.<name>.previous` after a build swaps a new
    /// one in. The next build claims it as its staging folder and rewrites only the files that
    /// differ, instead of writing every file into an empty folder and deleting the old site: on
    /// a disk that discards freed blocks, deleting a 2,000-page site took 7 s, more than the
    /// rest of the build (see `replace`).
    public var previous: URL { SiteLayout.previous(of: url) }

    /// Deals with what killed builds left beside the output: `.<name>.staging-<pid>-<token>` and
    /// `.<name>.old-<pid>-<token>` folders, this folder's own pattern only, of other processes.
    /// The first becomes the previous site when there is none (it is a site, whole or partly
    /// updated, and the next build compares every file it keeps); the others are removed.
    ///
    /// Call it holding the lock: every live build holds it while its staging folder exists, so
    /// no other process can be writing these. The lock is the proof, not the pid in the name: a
    /// killed build's pid is soon another process's on a busy machine (pids wrap at 32,768
    /// here), and a check that the pid was running left a killed build's staging folder behind
    /// under `make test` with two busy loops.
    public func removeDebris() {
        let fileManager = FileManager.default
        let parent = url.deletingLastPathComponent()
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names.sorted() {
            guard let pid = OutputFolder.debrisOwner(name, output: url.lastPathComponent), pid != getpid() else { continue }
            let debris = parent.appendingPathComponent(name)
            if !fileManager.fileExists(atPath: previous.path), rename(debris.path, previous.path) == 0 { continue }
            try? fileManager.removeItem(at: debris)
        }
    }

    /// The pid in a staging or retired folder name of `output`, or nil when `name` is not one.
    static func debrisOwner(_ name: String, output: String) -> Int32? {
        for kind in ["staging", "old"] {
            let prefix = ".\(output).\(kind)-"
            guard name.hasPrefix(prefix) else { continue }
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, parts[1].count == 8, parts[1].allSatisfy(\.isHexDigit), let pid = Int32(parts[0]) else { return nil }
            return pid
        }
        return nil
    }

    /// Builds the next site in a staging folder and swaps it in for the output folder.
    ///
    /// The staging folder starts as the previous site (`previous`) when there is one, and
    /// `write` gets a writer that rewrites only files whose bytes differ and then deletes the
    /// files this build did not write; with `fresh`, or with no previous site, it starts empty.
    /// After the swap, the replaced site becomes the previous one. If `write` throws, the output
    /// stays as it was, and the staging folder is kept as the previous site: every file in it is
    /// compared again before it is used. Callers hold the folder's lock (`lock(purpose:wait:)`).
    public func replace(fresh: Bool = false, with write: (inout FileWriter) throws -> Void) throws -> FileWriter {
        let fileManager = FileManager.default
        let parent = url.deletingLastPathComponent()
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        removeDebris()
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        let staging = parent.appendingPathComponent(".\(url.lastPathComponent).staging-\(token)")
        // A fresh build's previous site is deleted while the new one is written (`rm -rf` of the
        // 4,564 files of a 2,000-journal site takes 0.14 s; a clean build of it is about 2 s),
        // under a name that a later build removes if this one is killed first.
        let deleting = fresh ? OutputFolder.deleteAside(previous, in: parent, output: url.lastPathComponent) : nil
        defer { deleting?.wait() }
        let reused = !fresh && rename(previous.path, staging.path) == 0
        if !reused { try fileManager.createDirectory(at: staging, withIntermediateDirectories: false) }
        var writer = FileWriter(root: staging, updating: reused)
        do {
            try write(&writer)
            if reused { try writer.removeStale() }
        } catch {
            if rename(staging.path, previous.path) != 0 { try? fileManager.removeItem(at: staging) }
            throw error
        }
        // One atomic exchange where the file system allows it, so that no instant, not even
        // under SIGKILL, leaves no output folder; the old site is then in the staging name.
        if fileManager.fileExists(atPath: url.path), OutputFolder.exchange(staging, url) {
            OutputFolder.retire(staging, as: previous)
        } else if fileManager.fileExists(atPath: url.path) {
            let retired = parent.appendingPathComponent(".\(url.lastPathComponent).old-\(token)")
            try fileManager.moveItem(at: url, to: retired)
            do {
                try fileManager.moveItem(at: staging, to: url)
            } catch {
                try? fileManager.moveItem(at: retired, to: url)
                OutputFolder.retire(staging, as: previous)
                throw error
            }
            OutputFolder.retire(retired, as: previous)
        } else {
            try fileManager.moveItem(at: staging, to: url)
        }
        return writer
    }

    /// Moves `folder` out of the way under a retired name of this process (`debrisOwner`) and
    /// deletes it on a thread of its own; wait on the group for the deletion to end. Nil when
    /// there is no folder; removed at once when it cannot be moved.
    static func deleteAside(_ folder: URL, in parent: URL, output: String) -> DispatchGroup? {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: folder.path) else { return nil }
        let aside = parent.appendingPathComponent(".\(output).old-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        guard rename(folder.path, aside.path) == 0 else {
            try? fileManager.removeItem(at: folder)
            return nil
        }
        let group = DispatchGroup()
        DispatchQueue.global(qos: .utility).async(group: group) { try? FileManager.default.removeItem(at: aside) }
        return group
    }

    /// Keeps a replaced site as the previous one, or removes it if that name cannot be taken.
    private static func retire(_ folder: URL, as previous: URL) {
        if rename(folder.path, previous.path) != 0 { try? FileManager.default.removeItem(at: folder) }
    }
}

extension OutputFolder {
    /// Swaps two folders atomically (Linux `renameat2` with `RENAME_EXCHANGE`); false where that
    /// is not available, and the caller falls back to two renames.
    static func exchange(_ a: URL, _ b: URL) -> Bool {
        #if os(Linux)
            // glibc 2.28+ has renameat2, but declares it only under _GNU_SOURCE, which Swift's
            // Glibc module does not set; it is looked up at run time instead.
            guard let function = renameat2 else { return false }
            // RENAME_EXCHANGE is (1 << 1) in <linux/fs.h>.
            return function(AT_FDCWD, a.path, AT_FDCWD, b.path, 1 << 1) == 0
        #else
            return false
        #endif
    }
}

#if os(Linux)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private let renameat2: RenameAt2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
#endif

/// Writes files below a root folder, refusing any relative path that would leave it.
///
/// A fresh writer (into a staging folder) writes every file. An updating writer (into the live
/// output, for `gazette serve`) leaves files whose bytes are unchanged alone and replaces the
/// others atomically, so a reader never sees half a file.
public struct FileWriter {
    let root: URL
    /// `root.path`: files' paths are joined to it as strings (`path(of:)`); a `URL` appended
    /// and read back for each of a build's 5,000 files was 1.7 % of a clean build.
    private let rootPath: String
    let updating: Bool
    /// Every path written this build, in order.
    public private(set) var written: [String] = []
    /// Paths whose bytes changed (all of them for a fresh writer), plus, after `removeStale`,
    /// the ones deleted.
    public private(set) var changed: [String] = []
    /// Folders (relative) known to exist: a build writes thousands of files into a few hundred
    /// folders, and asking the file system for each file's folder again cost more than the write.
    private var folders: Set<Substring> = [""]

    public init(root: URL, updating: Bool = false) {
        self.root = root
        rootPath = root.path
        self.updating = updating
    }

    /// The full path of `relative` (checked by `checkInside`).
    private func path(of relative: some StringProtocol) -> String { rootPath + "/" + relative }

    public mutating func write(_ relative: String, _ data: Data) throws {
        try Self.checkInside(relative)
        try makeFolder(of: relative)
        written.append(relative)
        if try Self.put(data, at: path(of: relative), updating: updating) { changed.append(relative) }
    }

    /// Writes one file whose folder exists: an updating writer leaves a file that already holds
    /// `data` (false) and renames a new one into place; a fresh writer writes it directly.
    private static func put(_ data: Data, at path: String, updating: Bool) throws -> Bool {
        if updating && holds(path, data) { return false }
        try write(data, to: path, atomically: updating)
        return true
    }

    public mutating func write(_ relative: String, _ text: String) throws { try write(relative, Data(text.utf8)) }

    /// `write` for many files, several at a time: the folders their folders are in first, one by
    /// one, then each file, and its own folder if it is new, on every core. Creating files and
    /// folders is most of what a fresh build's writing costs, and the file system creates them
    /// in parallel: 20,000 files of 3 KB took 0.47 and 0.98 s on two threads against 0.88 and
    /// 1.32 s on one (ext4 on this 2-core machine, alternating); a page's own folder made one at
    /// a time before its batch held one core for 10 ms a batch of 512 while the other waited.
    /// `written` and `changed` list them in the order given; the first failure is thrown, after
    /// the others have been tried.
    public mutating func write(all files: [(path: String, data: Data)]) throws {
        let updating = self.updating
        try forEachFile(files.map(\.path)) { index, full in try Self.put(files[index].data, at: full, updating: updating) }
    }

    /// Puts each of `paths` in place with `put` (its index and full path; true when the file
    /// changed), on every core: the folders their folders are in first, one by one, then each
    /// file, and its own folder if this writer has not made it yet (two files of one new folder
    /// both make it, and the second finds it there). `written` and `changed` list the files in
    /// the order given; the first failure is thrown, after the others have been tried.
    private mutating func forEachFile(_ paths: [String], _ put: (Int, String) throws -> Bool) throws {
        let rootPath = self.rootPath
        // A new folder of one file (a page's own) is made beside the file, on every core; one
        // of several (`search/doc/`, `assets/fonts/`) here, once, before any of them is written:
        // each file made it again, an `mkdir` and a `stat` for each of 2,000 search documents.
        var newFolders: [String?] = []
        newFolders.reserveCapacity(paths.count)
        var firstFileOf: [Substring: Int] = [:]
        for path in paths {
            try Self.checkInside(path)
            guard let slash = path.lastIndex(of: "/"), case let folder = path[..<slash], !folders.contains(folder) else {
                newFolders.append(nil)
                continue
            }
            if let first = firstFileOf[folder] {
                try Self.makeFolder(at: rootPath + "/" + folder)
                folders.insert(folder)
                newFolders[first] = nil
                newFolders.append(nil)
                continue
            }
            try makeFolder(of: folder)
            firstFileOf[folder] = newFolders.count
            newFolders.append(String(folder))
        }
        let results = Array(zip(paths.indices, newFolders)).concurrentMap { index, folder -> Result<Bool, Error> in
            Result {
                if let folder { try Self.makeFolder(at: rootPath + "/" + folder) }
                return try put(index, rootPath + "/" + paths[index])
            }
        }
        for ((path, result), folder) in zip(zip(paths, results), newFolders) {
            if case .success(let changedFile) = result {
                written.append(path)
                if changedFile { changed.append(path) }
                if let folder { folders.insert(Substring(folder)) }
            }
        }
        for result in results { _ = try result.get() }
    }

    /// Refuses a path that would leave the output folder.
    static func checkInside(_ relative: String) throws {
        let components = relative.split(separator: "/")
        guard !relative.hasPrefix("/"), !components.contains(where: { $0 == ".." || $0 == "." }), !components.isEmpty else {
            throw DiagnosticsError([.error("refusing to write '\(relative)': outside the output folder")])
        }
    }

    /// Puts a hard link to `source` (a file of the live site with the bytes this build would
    /// write) at `relative`, so the staging folder gets the file without a copy. Falls back to
    /// copying the bytes where links cannot be made.
    /// An updating writer leaves a file that already holds the same bytes: replacing it would
    /// free its blocks, which cost 3 ms a file on a disk that discards freed blocks.
    public mutating func link(_ relative: String, from source: URL) throws {
        try link(all: [(relative, source.path)])
    }

    /// `link` for many files, several at a time, as `write(all:)` writes them: the folders
    /// first, one by one, then each file on every core. After one edit, a build links (or finds
    /// linked already) nearly every file of the site, each after two `stat`s; one by one, that
    /// held one core while the other idled at the end of the build.
    public mutating func link(all files: [(relative: String, source: String)]) throws {
        let updating = self.updating
        try forEachFile(files.map(\.relative)) { index, full in try Self.link(full, from: files[index].source, updating: updating) }
    }

    /// Links `source` at `path` (see `link`): true when the file there changed.
    private static func link(_ path: String, from source: String, updating: Bool) throws -> Bool {
        if updating {
            var found = stat(), wanted = stat()
            if stat(path, &found) == 0, stat(source, &wanted) == 0, found.st_size == wanted.st_size,
                try found.st_ino == wanted.st_ino || holds(path, Data(contentsOf: URL(fileURLWithPath: source, isDirectory: false)))
            {
                return false
            }
        }
        let temporary = path + ".gazette-\(getpid())-tmp"
        unlink(temporary)
        guard Foundation.link(source, temporary) == 0 else {
            return try put(Data(contentsOf: URL(fileURLWithPath: source, isDirectory: false)), at: path, updating: updating)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw writeError(path, code)
        }
        return true
    }

    /// Counts `relative` as written this build without writing it: an updating writer then
    /// leaves the file that is there (if any) in place instead of deleting it as stale.
    public mutating func keep(_ relative: String) { written.append(relative) }

    /// Writes a file with plain POSIX calls and no fsync. Foundation's `Data.write(to:)` syncs every
    /// file to disk, which made writing a site's thousand small files slower than rendering them;
    /// it buys nothing here, because a fresh build is swapped in whole (a crash leaves the old
    /// site) and an updating writer renames each finished file into place (`atomically`).
    static func write(_ data: Data, to path: String, atomically: Bool) throws {
        let target = atomically ? path + ".gazette-\(getpid())-tmp" : path
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw writeError(path, errno) }
        var failure = TemporaryFile.writeAll(data, to: descriptor)
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && atomically && rename(target, path) != 0 { failure = errno }
        if failure != 0 {
            if atomically { unlink(target) }
            throw writeError(path, failure)
        }
    }

    /// True when the file at `path` holds exactly `data`: compared by size first, then read with
    /// plain POSIX calls (Foundation's `contents(atPath:)` cost more than writing the file).
    static func holds(_ path: String, _ data: Data) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size == data.count else { return false }
        var buffer = [UInt8](repeating: 0, count: data.count)
        var offset = 0
        while offset < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return read(descriptor, base + offset, bytes.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return data.withUnsafeBytes { expected in
            buffer.withUnsafeBytes { found in
                guard let a = expected.baseAddress, let b = found.baseAddress else { return true }
                return memcmp(a, b, found.count) == 0
            }
        }
    }

    static func writeError(_ path: String, _ code: Int32) -> DiagnosticsError {
        let problem = FileWriteError(path: path, code: code, folder: (path as NSString).deletingLastPathComponent)
        return DiagnosticsError([problem.diagnostic])
    }

    /// Creates the folder `relative` is in, and the folders it is in, unless this writer already
    /// has: `mkdir` for each (FileManager's `createDirectory` asked the file system about every
    /// folder on the way first, for each of a build's 2,400 new folders).
    private mutating func makeFolder(of relative: some StringProtocol) throws {
        guard let slash = relative.lastIndex(of: "/") else { return }
        let folder = Substring(relative[..<slash])
        guard !folders.contains(folder) else { return }
        try makeFolder(of: folder)
        try Self.makeFolder(at: path(of: folder))
        folders.insert(folder)
    }

    /// `mkdir` of `full`, whose folder exists.
    private static func makeFolder(at full: String) throws {
        if mkdir(full, 0o755) != 0 {
            let code = errno
            // There already: fine if it is a folder or a link to one, as `createDirectory` had it.
            guard code == EEXIST, isFolderFollowingLinks(full) else { throw writeError(full, code == EEXIST ? ENOTDIR : code) }
        }
    }

    /// Deletes every file below the root that this build did not write, and the folders that
    /// leaves empty. Walked with `readdir`: Foundation's URL enumerator took 0.25 s for a
    /// 2,000-page site.
    mutating func removeStale() throws {
        let keep = Set(written)
        var removed: [String] = []
        func walk(_ relative: String) throws -> Bool {
            let folder = relative.isEmpty ? root.path : root.path + "/" + relative
            guard let directory = opendir(folder) else { return false }
            var entries: [(name: String, isFolder: Bool)] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                let type = entry.pointee.d_type
                entries.append((name, type == DT_DIR || (type == DT_UNKNOWN && Self.isFolder(folder + "/" + name))))
            }
            closedir(directory)
            var empty = true
            for entry in entries {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if entry.isFolder {
                    if try walk(path) {
                        guard rmdir(root.path + "/" + path) == 0 else { throw Self.writeError(root.path + "/" + path, errno) }
                    } else {
                        empty = false
                    }
                } else if keep.contains(path) {
                    empty = false
                } else {
                    guard unlink(root.path + "/" + path) == 0 else { throw Self.writeError(root.path + "/" + path, errno) }
                    removed.append(path)
                }
            }
            return empty
        }
        _ = try walk("")
        changed += removed.sorted()
    }

    /// Deletes the files of `known` this build did not write, and the folders that leaves empty.
    mutating func removeStale(among known: Set<String>) throws {
        let keep = Set(written)
        var removed: [String] = []
        for path in known.subtracting(keep).sorted() {
            let full = root.path + "/" + path
            guard unlink(full) == 0 || errno == ENOENT else { throw Self.writeError(full, errno) }
            removed.append(path)
            // Up the folders while they are empty (rmdir refuses one that is not).
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard rmdir(root.path + "/" + folder) == 0 else { break }
                folders.remove(folder)
            }
        }
        changed += removed
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// A folder, or a link to one (as `createDirectory` accepted).
    private static func isFolderFollowingLinks(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}

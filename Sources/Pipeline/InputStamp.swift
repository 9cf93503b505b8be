import Foundation
import GazetteModel
import Site
import SiteFonts

#if canImport(Glibc)
    import Glibc
#endif

/// A fingerprint of the file statistics of everything a build reads, taken before reading any
/// of it: the config, `content/`, `templates/` and `static/` (path, size, inode, modification
/// and change times of every file), the git state journals take their dates from (HEAD, the
/// index, the branch's ref), the font folders, the executable and the build's options.
///
/// When it equals the stamp recorded by the build that made the output in place, and every
/// file of that output is still as recorded, nothing can differ and the build stops there — the
/// way git's index and make decide a file is up to date. A file rewritten with the same size
/// within the same nanosecond would go unseen; its change time (which no tool can set back)
/// makes even that practically impossible.
enum InputStamp {
    static func of(_ options: BuildOptions) -> Fingerprint {
        var stamp = FingerprintHasher()
        stamp.add("inputs 1")
        stamp.add(OutputLedger.engineStamp)
        stamp.add(options.drafts == .shown)
        // Which journals are ahead depends on the time too: `NewFolderWriter.unchangedSite` asks.
        switch options.scheduled {
        case .published: stamp.add(tag: 0)
        case .heldBack: stamp.add(tag: 1)
        case .labelled: stamp.add(tag: 2)
        }
        stamp.add(options.packets == .perWeek)
        stamp.add(options.fonts == .siteCharacters)
        stamp.add(options.baseURL?.absoluteString ?? "")
        let root = options.siteRoot.standardizedFileURL.path
        add(file: root + "/" + SiteLayout.config, to: &stamp)
        for folder in SiteLayout.sourceFolders { walk(root + "/" + folder, into: &stamp) }
        if let git = gitDirectory(from: root) {
            for name in ["HEAD", "index", "packed-refs"] { add(file: git + "/" + name, to: &stamp) }
            if let head = try? String(contentsOfFile: git + "/HEAD", encoding: .utf8), head.hasPrefix("ref: ") {
                add(file: git + "/" + head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines), to: &stamp)
            }
        }
        // Installing or upgrading a font package replaces files, which changes their folders.
        add(file: WebFonts.fontFolder, to: &stamp)
        if let names = try? FileManager.default.contentsOfDirectory(atPath: WebFonts.fontFolder) {
            for name in names.sorted() { add(file: WebFonts.fontFolder + "/" + name, to: &stamp) }
        }
        return stamp.digest
    }

    /// Adds the path and statistics of one file or folder (or that it is missing).
    static func add(file path: String, to stamp: inout FingerprintHasher) {
        var status = stat()
        stamp.add(path)
        guard lstat(path, &status) == 0 else {
            stamp.add(tag: 0)
            return
        }
        stamp.add(Int(status.st_mode))
        stamp.add(Int(status.st_size))
        stamp.add(Int(bitPattern: UInt(status.st_ino)))
        stamp.add(status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec)
        stamp.add(status.st_ctim.tv_sec * 1_000_000_000 + status.st_ctim.tv_nsec)
    }

    /// Every entry below `folder`, in sorted order, with `readdir` and `lstat`.
    static func walk(_ folder: String, into stamp: inout FingerprintHasher) {
        add(file: folder, to: &stamp)
        guard let directory = opendir(folder) else { return }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            entries.append((name, entry.pointee.d_type == DT_DIR))
        }
        closedir(directory)
        for entry in entries.sorted(by: { $0.name.utf8Precedes($1.name) }) {
            let path = folder + "/" + entry.name
            if entry.isFolder { walk(path, into: &stamp) } else { add(file: path, to: &stamp) }
        }
    }

    /// The git directory of the repository holding `folder`, if any (a `.git` file of a worktree
    /// is followed).
    static func gitDirectory(from folder: String) -> String? {
        var current = folder
        while true {
            let candidate = current + "/.git"
            var status = stat()
            if lstat(candidate, &status) == 0 {
                if (status.st_mode & S_IFMT) == S_IFDIR { return candidate }
                if let text = try? String(contentsOfFile: candidate, encoding: .utf8), text.hasPrefix("gitdir: ") {
                    let path = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
                    return path.hasPrefix("/") ? path : current + "/" + path
                }
                return nil
            }
            guard current != "/", !current.isEmpty else { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
    }
}

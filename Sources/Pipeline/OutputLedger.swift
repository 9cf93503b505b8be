import Foundation
import GazetteModel
import Site

#if canImport(Glibc)
    import Glibc
#endif

/// What the output folder and the previous site (`.public.previous`) hold, file by file: the key
/// each file was made from (for a page, the fingerprint of its template and values; for a packet,
/// of its journals and articles; otherwise of its bytes), and the file's size, inode and
/// modification time when it was recorded.
///
/// A build renders a page only when neither folder holds it under the same key; it keeps the
/// previous site's copy (which is its staging folder) or hard-links the live one. The file
/// statistics must still match, so a file changed or replaced since is made again. Kept in
/// `.gazette/cache/`, one ledger per output folder; `gazette build --clean` ignores it.
///
/// Stored as a `MemoryFile` (`LedgerFile`), not JSON: for 10,000 journals the ledger has 22,000
/// files and 10,000 warnings, and JSONDecoder spent 0.9 s of a 1.3 s build that found nothing
/// to do.
struct OutputLedger {
    struct Entry: Equatable {
        var key: Fingerprint
        var size: Int64
        var inode: UInt64
        var modified: Int64
    }

    /// Bumped when what a key covers, or how the ledger is written, changes.
    static let format = 5

    /// The executable that recorded it: another build of Gazette may render the same values
    /// differently.
    var engine: String
    var live: [String: Entry] = [:]
    var previous: [String: Entry] = [:]
    /// The stamp of the inputs the live site was built from (`InputStamp`), and what that
    /// build reported, for a build that finds nothing changed.
    var inputs: Fingerprint?
    var summary: Summary?

    struct Summary {
        var journals: Int
        var articles: Int
        var weeks: Int
        var fontBytes: Int
        var leftOut = LeftOutCounts()
        var diagnostics: [Diagnostic]
    }

    /// True when every file of the live site is still as recorded.
    func liveIsIntact(_ output: URL) -> Bool {
        !live.isEmpty && live.allSatisfy { path, entry in Self.entry(path: output.path + "/" + path, key: entry.key) == entry }
    }

    init(engine: String) { self.engine = engine }

    /// Where the ledger of `output` is kept.
    static func file(siteRoot: URL, output: URL) -> URL {
        SiteLayout(siteRoot: siteRoot).ledger(of: output)
    }

    /// The ledger recorded for `output` by this executable, or an empty one.
    static func load(siteRoot: URL, output: URL) -> OutputLedger {
        let engine = engineStamp
        guard let data = FileManager.default.contents(atPath: file(siteRoot: siteRoot, output: output).path),
            let ledger = LedgerFile.decode(data, engine: engine)
        else { return OutputLedger(engine: engine) }
        return ledger
    }

    /// Writes the ledger atomically. A ledger that cannot be written costs the next build time,
    /// never correctness, so failure is silent.
    func save(siteRoot: URL, output: URL) {
        let url = Self.file(siteRoot: siteRoot, output: output)
        try? LedgerFile.write(self, to: url)
        // The JSON ledger of Gazette before format 2, under the same name, is of no more use.
        try? FileManager.default.removeItem(at: url.deletingPathExtension().appendingPathExtension("json"))
    }

    /// The running executable's size and modification time.
    static var engineStamp: String { GazetteRelease.executableStamp }

    /// The statistics of the file at `path` (following links), recorded under `key`.
    static func entry(path: String, key: Fingerprint) -> Entry? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Entry(
            key: key, size: Int64(status.st_size), inode: UInt64(status.st_ino),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }

    /// Where a file with `key` at `path` can be had without making it again.
    enum Source { case previous, live }

    /// `output` and `previousFolder` are the folders' paths.
    func source(of path: String, key: Fingerprint, output: String, previousFolder: String) -> Source? {
        if let entry = previous[path], entry.key == key, Self.entry(path: previousFolder + "/" + path, key: key) == entry { return .previous }
        if let entry = live[path], entry.key == key, Self.entry(path: output + "/" + path, key: key) == entry { return .live }
        return nil
    }
}

import Content
import Foundation
import GazetteModel
import Output
import Site

/// What a build produced, for the summary line and for tests.
public struct BuildReport: Sendable {
    public var output: URL
    /// Every file written, relative to the output folder, sorted.
    public var files: [String]
    /// Files whose bytes changed or that were deleted, sorted; every file unless the build
    /// updated its folder in place.
    public var changed: [String]
    public var journalCount: Int
    public var articleCount: Int
    public var weekCount: Int
    /// Bytes of the web-font files written under `assets/fonts/`.
    public var fontBytes: Int
    /// Journals loaded but not published: drafts, and journals dated after the build's now.
    public var leftOut = LeftOutCounts()
    /// Warnings from loading and building.
    public var diagnostics: [Diagnostic]
    /// Seconds each step took, in order, for `--verbose`. Never written into the site.
    public var steps: [StepClock.Step]
    /// Files not made again because a file with the same key was already in place.
    public var reused = 0
    /// Updating in place: the slow files (each week's packet), to make and write after the
    /// build, on request.
    public var deferredFiles: [DeferredFile] = []
    /// Updating in place: the search index and page, to make and write after the build.
    public var deferredSearch: DeferredSearch?
}

/// How many journals a build left out, for its summary line.
public struct LeftOutCounts: Sendable, Equatable {
    public var drafts = 0
    public var future = 0
    /// The earliest date of a journal left out for being ahead: from then on the site differs.
    public var nextDate: Date?

    public init(drafts: Int = 0, future: Int = 0, nextDate: Date? = nil) {
        (self.drafts, self.future, self.nextDate) = (drafts, future, nextDate)
    }

    init(_ leftOut: SiteContent.LeftOut) {
        self.init(drafts: leftOut.drafts.count, future: leftOut.future.count, nextDate: leftOut.future.map(\.created).min())
    }
}

/// The search index and the search page, made on request after a build that updated a folder
/// in place. They are the same files a full build writes; nothing else in the site names the
/// index, so the other pages can be announced before it is made.
public struct DeferredSearch: Sendable {
    let output: OutputFolder
    let written: WrittenKeys
    let make: Make

    /// Makes the files, calling `check` between steps: it may throw to stop.
    typealias Make = @Sendable (_ check: () throws -> Void) throws -> [SiteFile]

    /// Makes the index and the page, writes the files whose key differs from the one last
    /// written (each replaced atomically), deletes the search files no longer made, records the
    /// keys, and returns the paths that changed.
    ///
    /// Once `isCancelled` says so, it stops at the next step of making the index (every few
    /// dozen journals or keys while the postings are merged) and throws `CancellationError`
    /// without writing anything: `gazette serve` stops it when a newer save supersedes it, and
    /// what the build memory keeps is then as a complete index left it.
    public func write(unless isCancelled: @Sendable () -> Bool = { false }) throws -> [String] {
        let files = try make(unless: isCancelled)
        if isCancelled() { throw CancellationError() }
        return try commit(files)
    }

    /// The files `write` writes, made but not written.
    public struct Files: Sendable {
        let files: [SiteFile]
    }

    /// Makes the index and the page, as `write` does, without writing them: nothing outside the
    /// build memory's search index changes. Throws `CancellationError` once `isCancelled` says so.
    public func make(unless isCancelled: @Sendable () -> Bool) throws -> Files {
        try Files(files: make { if isCancelled() { throw CancellationError() } })
    }

    /// Writes what `make` made, as `write` does: no build may update the folder meanwhile.
    public func commit(_ made: Files) throws -> [String] {
        let files = made.files
        let known = Set(written.search.keys)
        let writer = try output.update(known: known) { writer in
            for file in files {
                if let data = file.data, written.key(of: file.path) != file.key { try writer.write(file.path, data) } else { writer.keep(file.path) }
            }
        }
        written.replaceSearch(with: files.map { ($0.path, $0.key) })
        return writer.changed.sorted()
    }
}

/// A file slow to make (a week's study packet, `ArtifactFiles.slow`): made by the build, or on
/// request after a build that updated a folder in place.
public struct DeferredFile: Sendable {
    /// Where it goes, relative to the output folder.
    public let path: String
    /// The fingerprint of what it is made from (a packet's: `WeekPackets.key`).
    public let key: Fingerprint
    /// Makes it, the same bytes a full build writes, or throws `CancellationError` once the
    /// closure it is given says so.
    public let makeUnless: @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Data
    /// A preview (`ArtifactFiles.previews`, marked by the writer that keeps it): never part of a
    /// published site.
    public internal(set) var isPreview = false

    public init(
        path: String, key: Fingerprint, makeUnless: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Data
    ) {
        (self.path, self.key, self.makeUnless) = (path, key, makeUnless)
    }

    /// Makes it: the same bytes a full build writes.
    public func make() throws -> Data { try makeUnless { false } }
}

/// One file of the site: where it goes, the key it was made from, and its bytes — nil when a
/// file with that key is already in place (see `FilesInPlace`).
struct SiteFile: Sendable {
    var path: String
    var key: Fingerprint
    var data: Data?

    /// A file whose key is its bytes.
    static func bytes(_ path: String, _ data: Data) -> SiteFile { SiteFile(path: path, key: Fingerprint.of(bytes: data), data: data) }
}

/// Where a file with a given key already is: in the previous site or the live output (from the
/// ledger, file statistics checked), or in the folder `gazette serve` updates (from memory).
struct FilesInPlace: Sendable {
    let ledger: OutputLedger?
    let memory: [String: Fingerprint]?
    let output: URL
    let previous: URL
    /// Their paths, asked for each of a site's files (a `URL`'s path is made anew each time).
    private let outputPath: String
    private let previousPath: String

    init(ledger: OutputLedger?, memory: [String: Fingerprint]?, output: URL, previous: URL) {
        self.ledger = ledger
        self.memory = memory
        self.output = output
        self.previous = previous
        outputPath = output.path
        previousPath = previous.path
    }

    func source(of path: String, key: Fingerprint) -> OutputLedger.Source? {
        if let memory { return memory[path] == key ? .live : nil }
        return ledger?.source(of: path, key: key, output: outputPath, previousFolder: previousPath)
    }

    /// The size of the file in place under `key` (from the ledger), or nil when none is, or
    /// its size is not recorded (`gazette serve`'s memory).
    func size(of path: String, key: Fingerprint) -> Int? {
        guard memory == nil, let ledger else { return nil }
        switch source(of: path, key: key) {
        case .live: return ledger.live[path].map { Int($0.size) }
        case .previous: return ledger.previous[path].map { Int($0.size) }
        case nil: return nil
        }
    }

    /// True when the live output holds every file of `outputs` under the same key and nothing
    /// else the ledger knows of: a build with nothing to write.
    func allLive(_ outputs: [SiteFile]) -> Bool {
        guard let ledger, ledger.live.count == outputs.count else { return false }
        return outputs.allSatisfy { ledger.live[$0.path]?.key == $0.key && ($0.data == nil || source(of: $0.path, key: $0.key) == .live) }
    }
}

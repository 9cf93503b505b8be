import Bodies
import Content
import Foundation
import GazetteModel
import Memory
import Search
import Site

/// Everything a build takes from the builds before it, in one place.
///
/// `gazette serve` keeps one in memory from save to save (`BuildMemory()`, handed to the build as
/// `OutputSink.inPlace`). `gazette build` keeps its part on disk under `.gazette/cache/`: the card
/// measures, the parsed bodies and the ledger of the output folder. `--clean` starts from
/// nothing, and keeps only the card measures and the ledger of what it wrote: writing every
/// parsed body (35 MB at 2,000 journals) made a clean build 6 % slower, and a file left by an
/// earlier build stays good for every body whose Markdown is unchanged.
public final class BuildMemory: Sendable {
    enum Store: Sendable {
        /// `gazette build --clean`.
        case fresh(siteRoot: URL)
        /// `gazette build`.
        case disk(siteRoot: URL)
        /// `gazette serve`.
        case memory
    }

    let store: Store
    /// Parsed source files (in memory only: a build of its own reads every file).
    var content: ContentMemo? { if case .memory = store { contentMemo } else { nil } }
    private let contentMemo = ContentMemo()
    /// Bodies parsed by earlier builds (in memory; on disk they are read per build: `bodies()`).
    private let keptBodies: BodyMemo?
    /// Cards measured by earlier builds (in memory; on disk: `cardMeasures()`).
    private let keptCards: CardMeasureMemo?
    /// Card values made by earlier builds: all of them in memory, a bounded number within a build.
    let cardMemo: CardMemo
    /// Pages' inputs and keys from earlier builds (in memory only).
    let pages: PageMemo?
    /// Journals analysed for the search index by earlier builds (in memory only).
    let search: SearchMemo?
    /// The key of every file last written into the folder an in-place build updates.
    public let written = WrittenKeys()
    /// The last build's theme, whose templates the next takes when the files are the same (in
    /// memory only).
    let theme = Locked<Theme?>(nil)
    /// The last build's sitemap, with the pages and base address it lists (in memory only).
    private let lastSitemap = Locked<(paths: [String], base: URL?, file: SiteFile)?>(nil)

    /// In memory, for the builds of one process (`gazette serve`).
    public convenience init() { self.init(.memory) }

    init(_ store: Store) {
        self.store = store
        let inMemory = if case .memory = store { true } else { false }
        keptBodies = inMemory ? BodyMemo() : nil
        keptCards = inMemory ? CardMeasureMemo() : nil
        cardMemo = inMemory ? CardMemo() : CardMemo(keepingAtMost: CardMemo.buildLimit)
        pages = inMemory ? PageMemo() : nil
        search = inMemory ? SearchMemo() : nil
    }

    /// Tells the memory which source files changed since the last build, as a watcher saw them;
    /// nil when unknown (every file is read again).
    public func noteChanges(_ paths: [String]?) { contentMemo.noteChanges(paths) }

    /// How many source files the last build parsed and reused.
    public var lastBuild: ContentMemo.Counts { contentMemo.lastBuild }

    /// The site's theme, its templates taken from the last build's when its files are the same
    /// (in memory; a build of its own parses them).
    func rememberedTheme(siteRoot: URL) throws -> Theme {
        guard case .memory = store else { return try Theme.load(siteRoot: siteRoot) }
        let theme = try Theme.load(siteRoot: siteRoot, last: self.theme.withLock { $0 })
        self.theme.withLock { $0 = theme }
        return theme
    }

    /// The sitemap made by `make`, or in memory the last build's when it listed the same pages
    /// under the same base: a save lists the same 2,356 pages, and writing them out again as
    /// XML was 5 % of a busy save (comparing the lists is a fraction of it).
    func sitemap(paths: [String], base: URL?, make: () -> SiteFile) -> SiteFile {
        guard case .memory = store else { return make() }
        if let last = lastSitemap.withLock({ $0 }), last.base == base, last.paths == paths { return last.file }
        let file = make()
        lastSitemap.withLock { $0 = (paths, base, file) }
        return file
    }

    /// The bodies to start from: those kept in memory or in `bodies.bin`, or none.
    func bodies() -> BodyMemo? {
        switch store {
        case .fresh: nil
        case .disk(let siteRoot): BodyMemo(contentsOf: SiteLayout(siteRoot: siteRoot).bodiesCache, stamp: OutputLedger.engineStamp)
        case .memory: keptBodies
        }
    }

    /// The card measures to start from: those kept in memory or in `cards.bin`, or none.
    func cardMeasures() -> CardMeasureMemo {
        switch store {
        case .fresh: CardMeasureMemo(forSaves: false)
        case .disk(let siteRoot): CardMeasureMemo(contentsOf: SiteLayout(siteRoot: siteRoot).cardsCache)
        case .memory: keptCards ?? CardMeasureMemo()
        }
    }

    /// The end of a build: every memo lets go of what the build did not ask for (`Memo`'s one
    /// rule). On disk, a file is written only when the build changed what it holds (or it is
    /// missing); a failure costs the next build time only.
    func endBuild(cards: CardMeasureMemo, bodies: BodyMemo?) {
        bodies?.endBuild()
        switch store {
        case .memory:
            cards.endBuild()
            cardMemo.endBuild()
            pages?.endBuild()
        case .fresh(let siteRoot), .disk(let siteRoot):
            let layout = SiteLayout(siteRoot: siteRoot)
            cards.endBuild(savingTo: layout.cardsCache)
            // (A fresh build has no body cache to save.)
            bodies?.save(to: layout.bodiesCache, stamp: OutputLedger.engineStamp)
        }
    }
}

/// The key of every file a build wrote into a folder it updates in place (`gazette serve`): the
/// site's files, and apart from them the search files (`search/`), which are written after the
/// build and never by it. Kept apart, a save neither picks the search files out of every path
/// (a filter of 2,400 paths was 2 % of a save) nor offers them to the build's update to delete.
public final class WrittenKeys: Sendable {
    private struct Tables {
        var files: [String: Fingerprint] = [:]
        var search: [String: Fingerprint] = [:]
        /// The search files' paths, sorted when they are replaced (after a save, not in it).
        var sortedSearchPaths: [String] = []
    }
    private let table = Locked(Tables())
    /// The paths a build wrote, sorted for its report: a save renames a path or two.
    let sortedPaths = SortMemo<String>()

    public init() {}

    /// The keys of the files builds wrote and the slow files made since, without the search files.
    var files: [String: Fingerprint] { table.withLock { $0.files } }

    /// The keys of the search files.
    var search: [String: Fingerprint] { table.withLock { $0.search } }

    /// The keys of the search files, and their paths sorted.
    var searchFiles: (keys: [String: Fingerprint], sortedPaths: [String]) { table.withLock { ($0.search, $0.sortedSearchPaths) } }

    /// Replaces what is known of the build's files with what a build wrote.
    func record(_ entries: [(path: String, key: Fingerprint)]) {
        let files = Dictionary(entries, uniquingKeysWith: { _, last in last })
        table.withLock { $0.files = files }
    }

    /// Adds a file written after the build (a packet typeset in the background).
    public func record(_ path: String, key: Fingerprint) { table.withLock { $0.files[path] = key } }

    /// Replaces what is known of the search files with `entries`.
    func replaceSearch(with entries: [(path: String, key: Fingerprint)]) {
        let search = Dictionary(entries, uniquingKeysWith: { _, last in last })
        let sorted = search.keys.sorted()
        table.withLock { ($0.search, $0.sortedSearchPaths) = (search, sorted) }
    }

    public func key(of path: String) -> Fingerprint? {
        table.withLock { $0.files[path] ?? $0.search[path] }
    }
}

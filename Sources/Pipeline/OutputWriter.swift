import Content
import Foundation
import GazetteModel
import Memory
import Output
import Search
import Site

/// How a build's files reach its output folder — and so what the build takes from earlier ones,
/// what it makes now and what it leaves to be made on request. Two writers: a new folder swapped
/// in (`NewFolderWriter`: `gazette build`, with the ledger of earlier builds or, `--clean`, with
/// nothing) and the folder updated file by file (`InPlaceWriter`: `gazette serve`). The steps
/// ask the writer and never which one it is; `OutputSink.writer` is the one place that tells
/// them apart.
protocol OutputWriter: Sendable {
    /// What the build takes from earlier builds.
    var memory: BuildMemory { get }
    /// What is already in place, under which key: a file found there is not made again.
    var placement: FilesInPlace { get }
    /// The report of the site in place, when nothing it was built from has changed and it is
    /// intact: the whole build. nil otherwise.
    func unchangedSite(_ clock: StepClock) -> BuildReport?
    /// The search index, begun now on a thread of its own (nil: it is made after the build,
    /// `deferredSearch`).
    func searchIndex(_ make: @escaping @Sendable () -> SearchIndex) -> Background<SearchIndex>?
    /// The search index and page made on request after the build (nil: they are written with
    /// the build).
    func deferredSearch(_ make: @escaping DeferredSearch.Make) -> DeferredSearch?
    /// The slow files (`ArtifactFiles.slow`) made now by `make`, and those left to make on request.
    func deferred(_ files: [DeferredFile], make: ([DeferredFile]) throws -> [SiteFile]) throws -> (files: [SiteFile], later: [DeferredFile])
    /// The previews (`ArtifactFiles.previews`) to make on request; none where nothing is previewed.
    func previews(_ files: [@Sendable () -> [DeferredFile]]) -> [DeferredFile]
    /// The pages rendered before anything is written (timed on `clock`), or nil: they are
    /// rendered as they are written, a batch at a time.
    func pagesBeforeWriting(_ pages: SitePages, _ clock: inout StepClock) throws -> [SiteFile]?
    /// Writes the build's files into the output folder.
    func write(_ files: BuiltFiles, _ clock: inout StepClock) throws -> Written
    /// Lets the output folder go (its lock, when the build took one).
    func release()
}

extension OutputSink {
    /// This sink's writer. A build of its own locks the output for its whole run, and clears
    /// what killed builds left beside it, before it reads the ledger: `gazette serve` (in
    /// place) holds the lock itself for as long as it serves.
    func writer(_ options: BuildOptions, output: OutputFolder, clock: inout StepClock) throws -> any OutputWriter {
        switch self {
        case .freshFolder:
            return try NewFolderWriter(options, output: output, memory: BuildMemory(.fresh(siteRoot: options.siteRoot)), readsLedger: false, clock: &clock)
        case .ledger:
            return try NewFolderWriter(options, output: output, memory: BuildMemory(.disk(siteRoot: options.siteRoot)), readsLedger: true, clock: &clock)
        case .inPlace(let memory):
            return InPlaceWriter(output: output, memory: memory)
        }
    }
}

/// The pages of a build, to render all at once or a batch at a time: each rendered only when
/// no file with its key is in place.
struct SitePages: Sendable {
    let renderer: SiteRenderer
    let memo: PageMemo?
    let placement: FilesInPlace

    /// Every page, rendered on all cores at once.
    func all() throws -> [SiteFile] {
        var files: [SiteFile] = []
        try forEachBatch(of: .max) { files += $0 }
        return files
    }

    /// The pages `batch` at a time, in plan order, each batch rendered on all cores.
    func forEachBatch(of batch: Int, _ body: ([SiteFile]) throws -> Void) throws {
        let placement = self.placement
        let known: @Sendable (String, Fingerprint) -> Bool = { placement.source(of: $0, key: $1) != nil }
        try renderer.pages(skippingKnown: known, memo: memo, batch: batch) { pages in
            try body(pages.map { SiteFile(path: $0.file, key: $0.key, data: $0.html) })
        }
    }
}

/// What a build hands its writer: every file made, the pages when they are rendered as they
/// are written, the search files when the index is written with the build, the summary for
/// the ledger.
struct BuiltFiles {
    var made: [SiteFile]
    var pages: [SitePages]
    var search: [SearchFiles]
    /// Slow files left to make on request: kept where they are.
    var later: [DeferredFile]
    let content: SiteContent
    let summary: OutputLedger.Summary
}

struct Written {
    var files: [String]
    var changed: [String]
    /// Files not made again because one with the same key was in place.
    var reused: Int
}

/// A new folder with every file, swapped in for the output. With the ledger of earlier builds
/// (`gazette build`), a file the live or the previous site holds under the same key is linked
/// or kept, not made again, and a build with nothing new writes nothing; without (`--clean`),
/// pages are written as soon as they are rendered, a batch at a time, and let go (at 2,000
/// journals the rendered pages were 44 % of a build's heap at its peak).
struct NewFolderWriter: OutputWriter {
    let options: BuildOptions
    let output: OutputFolder
    let memory: BuildMemory
    let placement: FilesInPlace
    let ledger: OutputLedger?
    let stamp: Fingerprint?
    let lock: FileLock
    /// With nothing to reuse, pages are rendered as they are written; otherwise every file is
    /// made first, to know whether anything changed before writing.
    let streamsPages: Bool

    init(_ options: BuildOptions, output: OutputFolder, memory: BuildMemory, readsLedger: Bool, clock: inout StepClock) throws {
        lock = try output.lock(purpose: "build", wait: options.lockWait)
        // What killed builds left beside the output goes first, whatever this build then finds
        // to do: a build with nothing to write never reaches `replace`, and left a build killed
        // after its swap with its staging folder for good (BuildCrashTests, under load).
        output.removeDebris()
        (self.options, self.output, self.memory) = (options, output, memory)
        streamsPages = !readsLedger
        stamp = readsLedger ? clock.step("check inputs") { InputStamp.of(options) } : nil
        ledger = readsLedger ? OutputLedger.load(siteRoot: options.siteRoot, output: output.url) : nil
        placement = FilesInPlace(ledger: ledger, memory: nil, output: output.url, previous: output.previous)
    }

    func release() { lock.release() }

    func unchangedSite(_ clock: StepClock) -> BuildReport? {
        guard let stamp, let ledger, ledger.inputs == stamp, let summary = ledger.summary, ledger.liveIsIntact(output.url) else { return nil }
        // A journal held back for its date is due: the site changes though no file did.
        if let due = summary.leftOut.nextDate, due <= options.now { return nil }
        var report = BuildReport(
            output: output.url, files: ledger.live.keys.sorted(), changed: [], journalCount: summary.journals, articleCount: summary.articles,
            weekCount: summary.weeks, fontBytes: summary.fontBytes, diagnostics: summary.diagnostics, steps: clock.steps)
        report.leftOut = summary.leftOut
        report.reused = ledger.live.count
        return report
    }

    func searchIndex(_ make: @escaping @Sendable () -> SearchIndex) -> Background<SearchIndex>? { Background(make) }

    func deferredSearch(_ make: @escaping DeferredSearch.Make) -> DeferredSearch? { nil }

    func deferred(_ files: [DeferredFile], make: ([DeferredFile]) throws -> [SiteFile]) throws -> (files: [SiteFile], later: [DeferredFile]) {
        (try make(files), [])
    }

    func previews(_ files: [@Sendable () -> [DeferredFile]]) -> [DeferredFile] { [] }

    func pagesBeforeWriting(_ pages: SitePages, _ clock: inout StepClock) throws -> [SiteFile]? {
        streamsPages ? nil : try clock.step("render pages") { try pages.all() }
    }

    func write(_ files: BuiltFiles, _ clock: inout StepClock) throws -> Written {
        var files = files
        // Rendered first, the search page and files are made before anything is written: with
        // them, the build knows whether anything changed.
        if !streamsPages, !files.search.isEmpty {
            files.made += try clock.step("finish the search index and page") { try files.search.flatMap { try $0.outputs() } }
            files.search = []
        }
        if !streamsPages, placement.allLive(files.made) { return keepLive(files) }
        return try replace(files, &clock)
    }

    /// Writes `items` that have data, links those the live folder holds, and keeps the rest
    /// (the previous site's, which the new folder starts from).
    func write(_ items: [SiteFile], _ writer: inout FileWriter) throws {
        var toWrite: [(path: String, data: Data)] = []
        var toLink: [(relative: String, source: String)] = []
        let livePath = output.url.path, placement = self.placement
        // Where each file without bytes is, found on every core (a `stat` or two each).
        let inLive = items.concurrentMap { $0.data == nil && placement.source(of: $0.path, key: $0.key) == .live }
        for (item, inLive) in zip(items, inLive) {
            if let data = item.data {
                toWrite.append((item.path, data))
            } else if inLive {
                toLink.append((item.path, livePath + "/" + item.path))
            } else {
                writer.keep(item.path)
            }
        }
        // The files to link and to write go together, to be done on every core.
        try writer.link(all: toLink)
        try writer.write(all: toWrite)
    }

    /// Nothing differs from the site in place: it stays, and so does the previous one.
    func keepLive(_ files: BuiltFiles) -> Written {
        var kept = ledger ?? OutputLedger(engine: OutputLedger.engineStamp)
        kept.inputs = stamp
        kept.summary = files.summary
        kept.save(siteRoot: options.siteRoot, output: output.url)
        return Written(files: files.made.map(\.path).sorted(), changed: [], reused: files.made.count { $0.data == nil })
    }

    /// A new folder with every file, swapped in for the output, and the ledger of what it holds.
    func replace(_ files: BuiltFiles, _ clock: inout StepClock) throws -> Written {
        let streams = streamsPages
        // The pages, then the search page and files, as they are written.
        var streamed: [SiteFile] = []
        var rendered = files.made.count { $0.data != nil }
        let writer = try clock.step(streams ? "render and write pages, swap the folder in" : "write changed files and swap the folder in") {
            try output.replace(fresh: streams) { writer in
                try write(files.made, &writer)
                guard streams else { return }
                for pages in files.pages {
                    try pages.forEachBatch(of: options.pageBatch) { batch in
                        try writer.write(all: batch.compactMap { file in file.data.map { (file.path, $0) } })
                        rendered += batch.count { $0.data != nil }
                        streamed += batch.map { SiteFile(path: $0.path, key: $0.key, data: nil) }
                    }
                }
                for search in files.search {
                    let made = try search.outputs()
                    try write(made, &writer)
                    rendered += made.count { $0.data != nil }
                    streamed += made.map { SiteFile(path: $0.path, key: $0.key, data: nil) }
                }
                // Pages were rendered just now, some from bodies read again: nothing goes in
                // unless each was read as it was loaded.
                try files.content.checkBodies()
            }
        }
        let all = files.made + streamed
        var ledger = OutputLedger(engine: OutputLedger.engineStamp)
        ledger.previous = placement.ledger?.live ?? [:]
        ledger.inputs = stamp
        ledger.summary = files.summary
        let outputPath = output.url.path
        // A `stat` per file, on every core (one at a time, 12 ms of 2,350 pages' build with the
        // other core idle).
        let entries = all.concurrentMap { OutputLedger.entry(path: outputPath + "/" + $0.path, key: $0.key) }
        ledger.live.reserveCapacity(all.count)
        for (item, entry) in zip(all, entries) { ledger.live[item.path] = entry }
        ledger.save(siteRoot: options.siteRoot, output: output.url)
        let written = writer.written.sorted()
        return Written(files: written, changed: written, reused: all.count - rendered)
    }
}

/// The output folder updated file by file (`gazette serve`): only files whose bytes changed are
/// rewritten and those no longer made deleted, so a server never sees a missing folder and a
/// browser reloads only what changed. The folder holds only what this process wrote, which
/// `memory.written` knows: a file last written under the same key is left alone without being
/// read back. The search index and the slow files (packets) are made on request after the build.
struct InPlaceWriter: OutputWriter {
    let output: OutputFolder
    let memory: BuildMemory
    let placement: FilesInPlace
    /// The search files kept while the index is made on request (from the keys the placement
    /// already copied, not a second copy of every key).
    let searchInPlace: [String: Fingerprint]
    /// Their paths, sorted.
    let sortedSearchPaths: [String]

    init(output: OutputFolder, memory: BuildMemory) {
        (self.output, self.memory) = (output, memory)
        placement = FilesInPlace(ledger: nil, memory: memory.written.files, output: output.url, previous: output.previous)
        (searchInPlace, sortedSearchPaths) = memory.written.searchFiles
    }

    func release() {}

    func unchangedSite(_ clock: StepClock) -> BuildReport? { nil }

    func searchIndex(_ make: @escaping @Sendable () -> SearchIndex) -> Background<SearchIndex>? { nil }

    func deferredSearch(_ make: @escaping DeferredSearch.Make) -> DeferredSearch? {
        DeferredSearch(output: output, written: memory.written, make: make)
    }

    func deferred(_ files: [DeferredFile], make: ([DeferredFile]) throws -> [SiteFile]) throws -> (files: [SiteFile], later: [DeferredFile]) {
        ([], files)
    }

    func previews(_ files: [@Sendable () -> [DeferredFile]]) -> [DeferredFile] {
        files.flatMap { $0() }.map { file in
            var preview = file
            preview.isPreview = true
            return preview
        }
    }

    func pagesBeforeWriting(_ pages: SitePages, _ clock: inout StepClock) throws -> [SiteFile]? {
        try clock.step("render pages") { try pages.all() }
    }

    func write(_ files: BuiltFiles, _ clock: inout StepClock) throws -> Written {
        try clock.step("update changed files") { try update(files) }
    }

    /// Slow files made on request after an earlier build are in the folder though the build
    /// did not write them, and may not be recorded yet.
    func update(_ files: BuiltFiles) throws -> Written {
        let written = memory.written, later = files.later
        var known: Set<String>? = Set(written.files.keys)
        if known?.isEmpty == true {
            known = nil
        } else {
            for folder in Set(later.map { ($0.path as NSString).deletingLastPathComponent }) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: output.url.appendingPathComponent(folder).path)) ?? []
                known?.formUnion(names.map { folder + "/" + $0 })
            }
        }
        let writer = try output.update(known: known) { writer in
            var toWrite: [(path: String, data: Data)] = []
            for item in files.made {
                if let data = item.data, placement.source(of: item.path, key: item.key) != .live {
                    toWrite.append((item.path, data))
                } else {
                    writer.keep(item.path)
                }
            }
            try writer.write(all: toWrite)
            for file in later { writer.keep(file.path) }
            for path in searchInPlace.keys { writer.keep(path) }
        }
        // Slow files made after an earlier build stay known while their key holds; one whose key
        // changed has changed (a page showing it reloads, and the request makes it again).
        var laterInPlace: [DeferredFile] = [], stale: [String] = []
        for file in later {
            switch written.key(of: file.path) {
            case file.key?: laterInPlace.append(file)
            case .some: stale.append(file.path)
            case nil: break
            }
        }
        written.record(files.made.map { ($0.path, $0.key) } + laterInPlace.map { ($0.path, $0.key) })
        // What the writer wrote or kept, sorted: the build's files in the order it made them
        // (the writer lists those it kept before those it wrote, an order that shifts with what
        // changed), the same save after save bar a renamed page font or two, which the sort memo
        // patches in; then the search files, sorted when written, merged in. A preview is kept
        // while served, but is no file of the site.
        let paths = files.made.map(\.path) + later.compactMap { $0.isPreview ? nil : $0.path }
        return Written(
            files: SortMemo.merged(written.sortedPaths.sorted(paths), sortedSearchPaths), changed: (writer.changed + stale).sorted(),
            reused: files.made.count { $0.data == nil })
    }
}

/// The search index's files and the search page that names its manifest, once the index, made
/// on a thread of its own meanwhile (`Background`), is done.
struct SearchFiles: Sendable {
    let index: Background<SearchIndex>
    let renderer: SiteRenderer
    let placement: FilesInPlace

    func outputs() throws -> [SiteFile] { try Self.outputs(of: try index.value(), renderer: renderer, placement: placement) }

    /// The page and files of `index`; a page `placement` holds under the same key has no data.
    static func outputs(of index: SearchIndex, renderer: SiteRenderer, placement: FilesInPlace?) throws -> [SiteFile] {
        var renderer = renderer
        renderer.frame.searchIndex = index.manifest
        let page = try renderer.keyedSearchPage()
        let path = SitePaths.file(page.path)
        let inPlace = placement?.source(of: path, key: page.key) != nil
        return [SiteFile(path: path, key: page.key, data: inPlace ? nil : page.html)]
            + index.files.map { SiteFile(path: $0.path, key: $0.key, data: $0.data) }
    }
}

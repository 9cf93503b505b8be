import Content
import Foundation
import GazetteModel
import Output
import Search
import Site

/// What a build carries from step to step besides the steps' own values: what it was asked,
/// what it remembers, where its files go and what is already there, and its clock.
struct BuildRun {
    let options: BuildOptions
    let output: OutputFolder
    let memory: BuildMemory
    /// The ledger of the output folder and the stamp of this build's inputs (`OutputSink.ledger`).
    let ledger: OutputLedger?
    let stamp: Fingerprint?
    /// What is already in place under the same key need not be made again: the ledger of
    /// earlier builds (`gazette build`) or the keys last written (`gazette serve`).
    let placement: FilesInPlace
    var clock = StepClock()

    init(_ options: BuildOptions, output: OutputFolder) {
        self.options = options
        self.output = output
        switch options.sink {
        case .freshFolder:
            memory = BuildMemory(.fresh(siteRoot: options.siteRoot))
            (ledger, stamp) = (nil, nil)
        case .ledger:
            memory = BuildMemory(.disk(siteRoot: options.siteRoot))
            stamp = clock.step("check inputs") { InputStamp.of(options) }
            ledger = OutputLedger.load(siteRoot: options.siteRoot, output: output.url)
        case .inPlace(let kept):
            memory = kept
            (ledger, stamp) = (nil, nil)
        }
        placement = FilesInPlace(
            ledger: ledger, memory: options.sink.updatesInPlace ? memory.written.keys : nil, output: output.url, previous: output.previous)
    }

    /// The report of the site in place, when nothing it was built from has changed and it is
    /// intact: the whole build.
    func unchangedSite() -> BuildReport? {
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
}

/// The last step: the files a build made into its output folder, as its sink says — file by
/// file in place (`serve`), not at all when the folder already holds them all, or into a new
/// folder swapped in, with the ledger of what it holds.
struct SiteWriter {
    let run: BuildRun
    var made: [SiteFile]
    let packets: [DeferredPacket]
    /// The search index's files and page, when they are written after the pages (`SiteBuilder`).
    let search: SearchFiles?
    let renderer: SiteRenderer
    let content: SiteContent
    let summary: OutputLedger.Summary
    /// Updating in place: the search files kept while the index is made on request (from the
    /// keys the placement already copied, not a second copy of every key).
    let searchInPlace: [String: Fingerprint]

    init(
        run: BuildRun, made: [SiteFile], packets: [DeferredPacket], search: SearchFiles?, renderer: SiteRenderer, content: SiteContent,
        summary: OutputLedger.Summary
    ) {
        (self.run, self.made, self.packets, self.search, self.renderer, self.content, self.summary) =
            (run, made, packets, search, renderer, content, summary)
        searchInPlace = run.options.sink.updatesInPlace ? (run.placement.memory ?? [:]).filter { $0.key.hasPrefix(SitePaths.search) } : [:]
    }

    struct Written {
        var files: [String]
        var changed: [String]
        /// Files not made again because one with the same key was in place.
        var reused: Int
    }

    /// Pages are written as soon as they are rendered, a batch at a time, and let go, when
    /// nothing can be reused (at 2,000 journals the rendered pages were 44 % of a build's heap
    /// at its peak). Other builds render first, to know whether anything changed before they write.
    static func streamsPages(_ run: BuildRun) -> Bool {
        if case .freshFolder = run.options.sink { return true }
        return false
    }

    func write(_ clock: inout StepClock) throws -> Written {
        switch run.options.sink {
        case .inPlace(let memory): return try clock.step("update changed files") { try update(memory.written) }
        case .ledger where run.placement.allLive(made): return keepLive()
        case .ledger, .freshFolder: return try replace(&clock)
        }
    }

    /// Writes what was made, links what the live folder holds (into a new folder), and keeps
    /// what is in place.
    func writeMade(_ writer: inout FileWriter) throws {
        try write(made, &writer)
        if run.options.sink.updatesInPlace { for packet in packets { writer.keep(packet.path) } }
        for path in searchInPlace.keys { writer.keep(path) }
    }

    /// Writes `items` that have data, links those the live folder holds (into a new folder), and
    /// keeps the rest.
    func write(_ items: [SiteFile], _ writer: inout FileWriter) throws {
        let inPlace = run.options.sink.updatesInPlace, placement = run.placement
        // The files to write go together, to be written on every core.
        var toWrite: [(path: String, data: Data)] = []
        for item in items {
            let live = placement.source(of: item.path, key: item.key) == .live
            // In place, a file last written under the same key is left alone without reading
            // it back: the search index's 2,000 journal files and shards were each read and
            // compared on every save.
            if let data = item.data, !(inPlace && live) {
                toWrite.append((item.path, data))
            } else if !inPlace, live {
                try writer.link(item.path, from: run.output.url.appendingPathComponent(item.path))
            } else {
                writer.keep(item.path)
            }
        }
        try writer.write(all: toWrite)
    }

    /// `serve`'s folder holds only what its last build wrote, which `written` knows, and packets
    /// typeset after it, which may not be recorded yet.
    func update(_ written: WrittenKeys) throws -> Written {
        var known: Set<String>? = Set(written.keys.keys)
        if known?.isEmpty == true {
            known = nil
        } else {
            let packets = (try? FileManager.default.contentsOfDirectory(atPath: run.output.url.appendingPathComponent("packets").path)) ?? []
            known?.formUnion(packets.map { SitePaths.packetFolder + $0 })
        }
        let writer = try run.output.update(known: known, with: writeMade)
        // Packets typeset after an earlier build stay known while their key holds.
        let packetsInPlace = packets.filter { written.key(of: $0.path) == $0.key }
        written.record(made.map { ($0.path, $0.key) } + packetsInPlace.map { ($0.path, $0.key) } + searchInPlace.map { ($0.key, $0.value) })
        return Written(files: writer.written.sorted(), changed: writer.changed.sorted(), reused: made.count { $0.data == nil })
    }

    /// Nothing differs from the site in place: it stays, and so does the previous one.
    func keepLive() -> Written {
        var kept = run.ledger ?? OutputLedger(engine: OutputLedger.engineStamp)
        kept.inputs = run.stamp
        kept.summary = summary
        kept.save(siteRoot: run.options.siteRoot, output: run.output.url)
        return Written(files: made.map(\.path).sorted(), changed: [], reused: made.count { $0.data == nil })
    }

    /// A new folder with every file, swapped in for the output, and the ledger of what it holds.
    func replace(_ clock: inout StepClock) throws -> Written {
        let streams = Self.streamsPages(run)
        // The pages, then the search page and files, as they are written.
        var streamed: [SiteFile] = []
        var rendered = made.count { $0.data != nil }
        let placement = run.placement, memo = run.memory.pages, batch = run.options.pageBatch
        let writer = try clock.step(streams ? "render and write pages, swap the folder in" : "write changed files and swap the folder in") {
            try run.output.replace(fresh: streams) { writer in
                try writeMade(&writer)
                guard streams else { return }
                let known: @Sendable (String, Fingerprint) -> Bool = { placement.source(of: SitePaths.file($0), key: $1) != nil }
                try renderer.pages(skippingKnown: known, memo: memo, batch: batch) { batch in
                    let files = batch.map { SiteFile(path: SitePaths.file($0.path), key: $0.key, data: $0.html) }
                    try writer.write(all: files.compactMap { file in file.data.map { (file.path, $0) } })
                    rendered += files.count { $0.data != nil }
                    streamed += files.map { SiteFile(path: $0.path, key: $0.key, data: nil) }
                }
                if let search {
                    let files = try search.outputs()
                    try write(files, &writer)
                    rendered += files.count { $0.data != nil }
                    streamed += files.map { SiteFile(path: $0.path, key: $0.key, data: nil) }
                }
                // Pages were rendered just now, some from bodies read again: nothing goes in
                // unless each was read as it was loaded.
                try content.checkBodies()
            }
        }
        let all = made + streamed
        var ledger = OutputLedger(engine: OutputLedger.engineStamp)
        ledger.previous = placement.ledger?.live ?? [:]
        ledger.inputs = run.stamp
        ledger.summary = summary
        for item in all { ledger.live[item.path] = OutputLedger.entry(path: run.output.url.path + "/" + item.path, key: item.key) }
        ledger.save(siteRoot: run.options.siteRoot, output: run.output.url)
        let files = writer.written.sorted()
        return Written(files: files, changed: files, reused: all.count - rendered)
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

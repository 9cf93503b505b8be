import Content
import Foundation
import GazetteModel
import Packet
import Site

/// What `gazette build` is asked to do.
public struct BuildOptions: Sendable {
    public var siteRoot: URL
    public var output: URL
    /// Replaces `base_url` from the config.
    public var baseURL: URL?
    public var includeDrafts: Bool
    /// Parsed files kept between builds (`gazette serve`); nil parses everything.
    public var cache: ContentCache?
    /// Cards measured by earlier builds (`gazette serve`); nil measures every card.
    public var cardCache: CardMeasureCache?
    /// Rewrites only the files whose bytes changed and deletes the ones no longer produced,
    /// instead of swapping in a freshly written folder. `gazette serve` builds this way so the
    /// server never sees a missing folder and the browser reloads only what changed.
    public var updateInPlace: Bool
    /// Write a study packet per week (`--no-pdf` turns this off).
    public var packets: Bool
    /// Link the packets but leave typesetting them to the caller, which gets the work in
    /// `BuildReport.deferredPackets` (`gazette serve`: pages first, packets after, in the
    /// background). Packet files already in the output are kept meanwhile.
    public var deferPackets = false
    /// Leave the search index and the search page to the caller, which gets the work in
    /// `BuildReport.deferredSearch` (`gazette serve`: the edited page is announced without
    /// waiting for the index). The search files already in the output are kept meanwhile. Only
    /// with `updateInPlace`; a build into a fresh folder makes the index as usual.
    public var deferSearch = false
    /// Cut the web fonts to the site's characters (`gazette build`). Off, they keep every
    /// character, so an edit never changes them (`gazette serve`).
    public var subsetFonts: Bool
    /// Seconds to wait for another build writing the same output folder before giving up with
    /// a "busy" error (a running `gazette serve` is never waited for).
    public var lockWait: Double = 120
    /// Ignore what earlier builds left to reuse: write every file into an empty folder.
    public var clean = false
    /// Pages rendered and written together when a build with nothing to reuse streams them:
    /// enough to keep both cores busy between writes, few enough to hold (at most 30 MB of HTML
    /// at 10,000 journals, by heaptrack: a board page is many times a journal page).
    public var pageBatch = 512
    /// Bytes of parsed bodies' HTML and plain text a build keeps (`JournalBodies`); past them a
    /// body is parsed again when its page is rendered. The output is the same either way.
    public var keptBodyBytes = JournalBodies.defaultKeptBytes
    /// When the journal files hold more than this many bytes, their Markdown is left in them
    /// and read again when needed (`SiteContent.load`); `gazette serve` keeps every body.
    public var keptMarkdownBytes = BuildOptions.defaultKeptMarkdownBytes
    /// 256 MiB of journal files: about 33,000 journals of 8 KB.
    public static let defaultKeptMarkdownBytes = 256 << 20
    /// With `updateInPlace` (`gazette serve`): the key of each file last written into the
    /// output, kept between builds, so a page whose key did not change is not rendered again.
    public var written: WrittenKeys?
    /// Bodies parsed by earlier builds (`gazette serve`); nil parses every body.
    public var bodyCache: BodyCache?
    /// Journal pages' inputs and keys from earlier builds (`gazette serve`).
    public var pageMemo: PageMemo?
    /// Card values made by earlier builds (`gazette serve`).
    public var cardContexts: CardContexts?
    /// Journals analysed for the search index by earlier builds (`gazette serve`).
    public var searchCache: SearchIndexCache?

    public init(
        siteRoot: URL, output: URL? = nil, baseURL: URL? = nil, includeDrafts: Bool = false,
        packets: Bool = true, cache: ContentCache? = nil, cardCache: CardMeasureCache? = nil, updateInPlace: Bool = false,
        subsetFonts: Bool? = nil
    ) {
        self.subsetFonts = subsetFonts ?? !updateInPlace
        self.siteRoot = siteRoot
        self.output = output ?? siteRoot.appendingPathComponent("public")
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.cache = cache
        self.cardCache = cardCache
        self.updateInPlace = updateInPlace
        self.packets = packets
    }
}

/// What a build produced, for the summary line and for tests.
public struct BuildReport: Sendable {
    public var output: URL
    /// Every file written, relative to the output folder, sorted.
    public var files: [String]
    /// Files whose bytes changed or that were deleted, sorted; every file unless `updateInPlace`.
    public var changed: [String]
    public var journalCount: Int
    public var articleCount: Int
    public var weekCount: Int
    /// Bytes of the web-font files written under `assets/fonts/`.
    public var fontBytes: Int
    /// Warnings from loading and building.
    public var diagnostics: [Diagnostic]
    /// Seconds each step took, in order, for `--verbose`. Never written into the site.
    public var steps: [StepClock.Step]
    /// Files not made again because a file with the same key was already in place.
    public var reused = 0
    /// With `BuildOptions.deferPackets`: each week's packet, to typeset and write after the build.
    public var deferredPackets: [DeferredPacket] = []
    /// With `BuildOptions.deferSearch`: the search index and page, to make and write after the build.
    public var deferredSearch: DeferredSearch?
}

/// The search index and the search page, made on request after a build that updated a folder
/// in place (`BuildOptions.deferSearch`). They are the same files a full build writes; nothing
/// else in the site names the index, so the other pages can be announced before it is made.
public struct DeferredSearch: Sendable {
    let output: OutputFolder
    let make: @Sendable () throws -> [Output]

    /// Makes the index and the page, writes the files whose key differs from the one `written`
    /// holds (each replaced atomically), deletes the search files no longer made, records the
    /// keys, and returns the paths that changed.
    public func write(recordingIn written: WrittenKeys) throws -> [String] {
        let files = try make()
        let known = Set(written.keys.keys.filter { $0.hasPrefix(SitePaths.search) })
        let writer = try output.update(known: known) { writer in
            for file in files {
                if let data = file.data, written.key(of: file.path) != file.key { try writer.write(file.path, data) } else { writer.keep(file.path) }
            }
        }
        written.replace(prefix: SitePaths.search, with: files.map { ($0.path, $0.key) })
        return writer.changed.sorted()
    }
}

/// One week's study packet, typeset on request after the build (`BuildOptions.deferPackets`).
public struct DeferredPacket: Sendable {
    /// Where it goes, relative to the output folder.
    public let path: String
    /// The fingerprint of what it is made from (`SiteBuilder.packetKey`).
    public let key: Fingerprint
    /// Typesets it, the same bytes a full build writes, or throws `CancellationError` once the
    /// closure it is given says so.
    public let typesetUnless: @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) throws -> Data

    /// Typesets it: the same bytes a full build writes.
    public func typeset() throws -> Data { try typesetUnless { false } }
}

/// The key of every file a build wrote into a folder it updates in place (`gazette serve`).
public final class WrittenKeys: Sendable {
    private let table = Locked<[String: Fingerprint]>([:])

    public init() {}

    var keys: [String: Fingerprint] { table.withLock { $0 } }

    /// Replaces what is known with what a build wrote.
    func record(_ entries: [(path: String, key: Fingerprint)]) {
        table.withLock { table in table = Dictionary(entries, uniquingKeysWith: { _, last in last }) }
    }

    /// Adds a file written after the build (a packet typeset in the background).
    public func record(_ path: String, key: Fingerprint) { table.withLock { $0[path] = key } }

    /// Replaces what is known of the files under `prefix` with `entries` (written after the
    /// build: the search index).
    func replace(prefix: String, with entries: [(path: String, key: Fingerprint)]) {
        table.withLock { table in
            table = table.filter { !$0.key.hasPrefix(prefix) }
            for (path, key) in entries { table[path] = key }
        }
    }

    public func key(of path: String) -> Fingerprint? { table.withLock { $0[path] } }
}

/// One file of the site: where it goes, the key it was made from, and its bytes — nil when a
/// file with that key is already in place (see `Placement`).
struct Output: Sendable {
    var path: String
    var key: Fingerprint
    var data: Data?

    /// A file whose key is its bytes.
    static func bytes(_ path: String, _ data: Data) -> Output { Output(path: path, key: Fingerprint.of(bytes: data), data: data) }
}

/// Where a file with a given key already is: in the previous site or the live output (from the
/// ledger, file statistics checked), or in the folder `gazette serve` updates (from memory).
struct Placement: Sendable {
    let ledger: OutputLedger?
    let memory: [String: Fingerprint]?
    let output: URL
    let previous: URL

    func source(of path: String, key: Fingerprint) -> OutputLedger.Source? {
        if let memory { return memory[path] == key ? .live : nil }
        return ledger?.source(of: path, key: key, output: output, previousFolder: previous)
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
    func allLive(_ outputs: [Output]) -> Bool {
        guard let ledger, ledger.live.count == outputs.count else { return false }
        return outputs.allSatisfy { ledger.live[$0.path]?.key == $0.key && ($0.data == nil || source(of: $0.path, key: $0.key) == .live) }
    }
}

/// Builds a site, step by step. Each step is a function of what the steps before it produced,
/// named as `gazette build -v` reports it.
public enum SiteBuilder {
    public static func build(_ options: BuildOptions) throws -> BuildReport {
        var clock = StepClock()
        // Only a folder updated in place keeps the search files of the last build meanwhile.
        let deferSearch = options.deferSearch && options.updateInPlace
        let output = try OutputFolder(options.output, siteRoot: options.siteRoot)
        // A fresh build locks the output for its whole run; `gazette serve` (updating in place)
        // holds the lock itself for as long as it serves.
        let lock = options.updateInPlace ? nil : try output.lock(purpose: "build", wait: options.lockWait)
        defer { lock?.release() }
        // What killed builds left beside the output goes first, whatever this build then finds
        // to do: a build with nothing to write (below) never reaches `replace`, and left a build
        // killed after its swap with its staging folder for good (BuildCrashTests, under load).
        if lock != nil { output.removeDebris() }
        // Nothing read has changed since the site in place was built, and it is intact: done.
        let stamp = options.updateInPlace || options.clean ? nil : clock.step("check inputs") { InputStamp.of(options) }
        let ledger = options.updateInPlace || options.clean ? nil : OutputLedger.load(siteRoot: options.siteRoot, output: output.url)
        if let stamp, let ledger, ledger.inputs == stamp, let summary = ledger.summary, ledger.liveIsIntact(output.url) {
            var report = BuildReport(
                output: output.url, files: ledger.live.keys.sorted(), changed: [], journalCount: summary.journals,
                articleCount: summary.articles, weekCount: summary.weeks, fontBytes: summary.fontBytes, diagnostics: summary.diagnostics,
                steps: clock.steps)
            report.reused = ledger.live.count
            return report
        }
        let content = try clock.step("load, validate, link and group") {
            try SiteContent.load(
                siteRoot: options.siteRoot, includeDrafts: options.includeDrafts, cache: options.cache, keptBodyBytes: options.keptMarkdownBytes,
                checksLinks: false)
        }
        let (theme, statics) = try clock.step("load theme") { (try Theme.load(siteRoot: options.siteRoot), try SiteAssets.staticFiles(siteRoot: options.siteRoot)) }
        let baseURL = options.baseURL ?? content.config.baseURL
        // `gazette build` keeps parsed bodies on disk between runs; `serve` keeps them in memory.
        // `--clean` neither reads nor writes the file: writing it (35 MB at 2,000 journals) made
        // a clean build 6 % slower, and a file left by an earlier build stays good for every
        // body whose Markdown is unchanged.
        let bodiesFile = options.siteRoot.appendingPathComponent(".gazette/cache/bodies.bin")
        // The fonts are cut mostly on one core; the bodies' file is read and Markdown parsed on
        // all of them meanwhile.
        let ((bodies, bodyCache), fonts) = try clock.step("parse Markdown, cut web fonts") {
            try concurrently(
                {
                    let cache = options.bodyCache ?? (options.clean ? nil : BodyCache(contentsOf: bodiesFile, stamp: OutputLedger.engineStamp))
                    return (try JournalBodies(content, cache: cache, keptBytes: options.keptBodyBytes), cache)
                },
                {
                    try SiteAssets.webFonts(
                        content: content, theme: theme, complete: !options.subsetFonts,
                        cache: options.siteRoot.appendingPathComponent(".gazette/cache/fonts"))
                })
        }
        // The links and raw HTML the bodies drop are found by this parse, not by the loader's.
        let diagnostics = (content.diagnostics + bodies.warnings + theme.refusedLinks + statics.refused).sorted() + (baseURL == nil ? [missingBaseURL] : [])
        // Parsing freed as much as it keeps (cmark's trees, each body's text while it was made).
        FreeMemory.release()
        let layout = MasonryBoardLayout(engine: fonts.engine)
        // `gazette build` keeps its measures on disk between runs; `serve` keeps them in memory.
        let measuresFile = options.siteRoot.appendingPathComponent(".gazette/cache/cards.txt")
        let cardCache = options.cardCache ?? (options.clean ? CardMeasureCache() : CardMeasureCache(contentsOf: measuresFile))
        // What is already in place under the same key need not be made again: the ledger of
        // earlier builds (`gazette build`) or the keys last written (`gazette serve`).
        let placement = Placement(
            ledger: ledger,
            memory: options.updateInPlace ? options.written?.keys : nil, output: output.url, previous: output.previous)
        let inPlace: @Sendable (String, Fingerprint) -> Int? = { placement.size(of: $0, key: $1) }
        // The search index merges its postings on one core; cards are made and measured meanwhile.
        let measure = {
            let cards = CardMaker(content: content, bodies: bodies, memo: options.cardContexts)
            return (cards, try SiteBoards.measure(content, cards: cards, layout: layout, fonts: fonts.fingerprint, cache: cardCache))
        }
        let ((cards, measures), search): ((CardMaker, [String: CardMeasure]), SearchIndex?) =
            try deferSearch
            ? (clock.step("make and measure cards") { try measure() }, nil)
            : clock.step("make and measure cards, build search index") {
                try concurrently(measure, { SearchIndex(content: content, bodies: bodies, cache: options.searchCache, inPlace: inPlace) })
            }
        // The index's postings and keys are gone; only its compressed files are left.
        FreeMemory.release()
        let boards = clock.step("pack boards") { SiteBoards(content, cards: cards, measures: measures, layout: layout, contexts: options.cardContexts ?? CardContexts(keepingAtMost: CardContexts.buildLimit)) }
        let assets = SiteAssets.fingerprintedAssets(
            theme, prefixingStylesheet: [fonts.fontFaceCSS, CardTypography.stylesheet, MasonryBoardLayout.cardCSS, layout.geometry.css].joined(separator: "\n"))
        let packetWeeks = options.packets ? StudyPacket.weeks(in: content) : []
        var renderer = SiteRenderer(
            content: content, theme: theme, bodies: bodies, boards: boards, baseURL: baseURL,
            stylesheet: assets.first { $0.source == "assets/style.css" }?.path ?? "assets/style.css")
        renderer.boardScript = assets.first { $0.source == "assets/board.js" }?.path
        renderer.searchIndex = search?.manifest
        renderer.defersSearchPage = deferSearch
        renderer.searchScript = assets.first { $0.source == "assets/search.js" }?.path
        renderer.webFonts = fonts
        renderer.packetWeeks = Set(packetWeeks)
        // A build with nothing to reuse (`--clean`, or no ledger of an earlier build) writes
        // each run of pages as soon as it is rendered, into the staging folder, and lets it go:
        // at 2,000 journals the rendered pages were 44 % of a build's heap at its peak. Other
        // builds render first, to know whether anything changed before they write.
        let streamsPages = !options.updateInPlace && ledger == nil
        let skipsKnown: @Sendable (String, Fingerprint) -> Bool = { placement.source(of: SitePaths.file($0), key: $1) != nil }
        var outputs = try clock.step(streamsPages ? "render feed and sitemap" : "render pages, feed and sitemap") {
            var outputs: [Output] = []
            if !streamsPages {
                let pages = try renderer.pages(skippingKnown: skipsKnown, memo: options.pageMemo)
                outputs = pages.map { Output(path: SitePaths.file($0.path), key: $0.key, data: $0.html) }
            }
            outputs.append(.bytes("404.html", Data(try renderer.notFoundPage().utf8)))
            outputs.append(.bytes(SitePaths.feed, Data(Feeds.atom(renderer, entries: options.pageMemo?.feedEntries).utf8)))
            // The search page, last in the sitemap, is listed even while it is deferred.
            let listed = renderer.pagePaths + (deferSearch ? [SitePaths.search] : [])
            outputs.append(.bytes("sitemap.xml", Data(Feeds.sitemap(paths: listed, base: baseURL).utf8)))
            outputs += assets.map { .bytes($0.path, $0.data) }
            outputs += fonts.slices.map { Output(path: $0.path, key: $0.key, data: $0.data) }
            if let stylesheet = fonts.pageSliceStylesheet { outputs.append(.bytes(stylesheet.path, stylesheet.data)) }
            outputs += SiteAssets.thumbnails(of: content).map { .bytes($0.path, $0.data) }
            outputs += (search?.files ?? []).map { Output(path: $0.path, key: $0.key, data: $0.data) }
            outputs += statics.files.map { .bytes($0.path, $0.data) }
            return outputs
        }
        var packetBase = Fingerprint()
        packetBase.add(fonts.fingerprint)
        packetBase.add(content.configFingerprint)
        let packets = packetWeeks.map { week in
            let path = SitePaths.packet(week)
            let make = { packetKey(content, week: week, base: packetBase.digest) }
            // In `serve`, a week whose journals and articles are as before keeps its key without
            // fingerprinting every journal again (a tenth of a save's processor time at 2,000).
            let key: Fingerprint
            if let memo = options.pageMemo, let contents = content.weeks.first(where: { $0.week == week }) {
                key = memo.key(
                    path, journals: contents.journals, articles: contents.journals.map(content.article(for:)) + contents.articles.map(Optional.some),
                    shared: packetBase.digest, make: make)
            } else {
                key = make()
            }
            return DeferredPacket(path: path, key: key) { isCancelled in
                try typesetPackets(content, weeks: [week], isCancelled: isCancelled)[0].data
            }
        }
        if !options.deferPackets {
            // One at a time: a packet's pages are already composed on all cores.
            outputs += try clock.step("typeset packets") {
                try packets.map { packet in
                    Output(path: packet.path, key: packet.key, data: placement.source(of: packet.path, key: packet.key) != nil ? nil : try packet.typeset())
                }
            }
        }
        var made = outputs
        var rendered = made.filter { $0.data != nil }.count
        // What a deferred search keeps in place until it is made again.
        // (From the keys the placement already copied, not a second copy of every key.)
        let searchInPlace = deferSearch ? (placement.memory ?? [:]).filter { $0.key.hasPrefix(SitePaths.search) } : [:]

        func writeSite(_ writer: inout FileWriter) throws {
            // The files to write go together, to be written on every core.
            var toWrite: [(path: String, data: Data)] = []
            for item in made {
                // In place (`serve`), a file last written under the same key is left alone
                // without reading it back: the search index's 2,000 journal files and shards
                // were each read and compared on every save.
                let inPlace = options.updateInPlace && placement.source(of: item.path, key: item.key) == .live
                if let data = item.data, !inPlace {
                    toWrite.append((item.path, data))
                } else if !options.updateInPlace, placement.source(of: item.path, key: item.key) == .live {
                    try writer.link(item.path, from: output.url.appendingPathComponent(item.path))
                } else {
                    writer.keep(item.path)
                }
            }
            try writer.write(all: toWrite)
            if options.deferPackets { for packet in packets { writer.keep(packet.path) } }
            for path in searchInPlace.keys { writer.keep(path) }
        }
        options.cardContexts?.forgetUnused()
        let summary = OutputLedger.Summary(
            journals: content.journals.count, articles: content.articles.count, weeks: content.weeks.count, fontBytes: fonts.totalBytes,
            diagnostics: diagnostics)
        var files: [String] = []
        var changed: [String] = []
        // Whatever was made from a body read again from its file, the file must still hold it.
        try content.checkBodies()
        if options.updateInPlace {
            // `serve`'s folder holds only what its last build wrote, which `written` knows, and
            // packets typeset in the background after it, which may not be recorded yet.
            try clock.step("update changed files") {
                let known = options.written.map { Set($0.keys.keys) }.flatMap { $0.isEmpty ? nil : $0 }.map { known in
                    let packets = (try? FileManager.default.contentsOfDirectory(atPath: output.url.appendingPathComponent("packets").path)) ?? []
                    return known.union(packets.map { SitePaths.packetFolder + $0 })
                }
                let writer = try output.update(known: known, with: writeSite)
                files = writer.written.sorted()
                changed = writer.changed.sorted()
                if let written = options.written {
                    // Packets typeset in the background after an earlier build stay known while their key holds.
                    let packetsInPlace = packets.filter { written.key(of: $0.path) == $0.key }
                    written.record(
                        made.map { ($0.path, $0.key) } + packetsInPlace.map { ($0.path, $0.key) } + searchInPlace.map { ($0.key, $0.value) })
                }
            }
        } else if placement.allLive(made) {
            // Nothing differs from the site in place: leave it, and the previous one, as they are.
            files = made.map(\.path).sorted()
            var kept = ledger ?? OutputLedger(engine: OutputLedger.engineStamp)
            kept.inputs = stamp
            kept.summary = summary
            kept.save(siteRoot: options.siteRoot, output: output.url)
        } else {
            var pages: [Output] = []
            try clock.step(streamsPages ? "render and write pages, swap the folder in" : "write changed files and swap the folder in") {
                let writer = try output.replace(fresh: options.clean) { writer in
                    try writeSite(&writer)
                    guard streamsPages else { return }
                    try renderer.pages(skippingKnown: skipsKnown, memo: options.pageMemo, batch: options.pageBatch) { batch in
                        let files = batch.map { Output(path: SitePaths.file($0.path), key: $0.key, data: $0.html) }
                        try writer.write(all: files.compactMap { file in file.data.map { (file.path, $0) } })
                        rendered += files.count { $0.data != nil }
                        pages += files.map { Output(path: $0.path, key: $0.key, data: nil) }
                    }
                    // Pages were rendered just now, some from bodies read again: nothing goes in
                    // unless each was read as it was loaded.
                    try content.checkBodies()
                }
                files = writer.written.sorted()
                changed = files
            }
            made += pages
            var ledger = OutputLedger(engine: OutputLedger.engineStamp)
            ledger.previous = placement.ledger?.live ?? [:]
            ledger.inputs = stamp
            ledger.summary = summary
            for item in made {
                ledger.live[item.path] = OutputLedger.entry(path: output.url.path + "/" + item.path, key: item.key)
            }
            ledger.save(siteRoot: options.siteRoot, output: output.url)
        }
        if options.cardCache == nil, cardCache.changed || !FileManager.default.fileExists(atPath: measuresFile.path) {
            cardCache.save(to: measuresFile)
        }
        if options.bodyCache == nil { bodyCache?.save(to: bodiesFile, stamp: OutputLedger.engineStamp) }
        var report = BuildReport(
            output: output.url, files: files, changed: changed, journalCount: content.journals.count, articleCount: content.articles.count,
            weekCount: content.weeks.count, fontBytes: fonts.totalBytes, diagnostics: diagnostics, steps: clock.steps)
        if options.deferPackets { report.deferredPackets = packets }
        if deferSearch {
            var searchRenderer = renderer
            searchRenderer.defersSearchPage = false
            let finished = searchRenderer
            let cache = options.searchCache
            report.deferredSearch = DeferredSearch(output: output) {
                var renderer = finished
                let index = SearchIndex(content: content, bodies: bodies, cache: cache)
                renderer.searchIndex = index.manifest
                let page = try renderer.keyedSearchPage()
                return [Output(path: SitePaths.file(page.path), key: page.key, data: page.html)]
                    + index.files.map { Output(path: $0.path, key: $0.key, data: $0.data) }
            }
        }
        report.reused = made.count - rendered
        return report
    }

    /// What a week's packet is made from: the config, the fonts, and the week's journals and
    /// articles with every property (and the articles its journals link to, from any week).
    /// `base` covers the config and the fonts.
    static func packetKey(_ content: SiteContent, week: ISOWeek, base: Fingerprint) -> Fingerprint {
        var key = Fingerprint()
        key.add("packet \(week)")
        key.add(base)
        let journals = content.weeks.first { $0.week == week }?.journals ?? []
        for journal in journals {
            key.add(journal)
            content.article(for: journal).map { key.add($0) } ?? key.add(tag: 0)
        }
        for article in content.weeks.first(where: { $0.week == week })?.articles ?? [] { key.add(article) }
        return key.digest
    }

    static let missingBaseURL = Diagnostic.warning(
        "base_url is not set: the feed and sitemap use relative links",
        at: SourceLocation(path: ConfigLoader.fileName, line: 1, column: 1),
        hint: "add base_url: https://example.org/study/ to gazette.yml, or pass --base-url")

    /// The study packet of each week, rendered by the same code as `gazette pdf --week` (and so
    /// with the config's base_url even when --base-url is given, to stay byte-identical to it).
    static func typesetPackets(
        _ content: SiteContent, weeks: [ISOWeek], isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> [(path: String, data: Data)] {
        do {
            return try weeks.map { week in
                let packet = try StudyPacket(content: content, selection: PacketSelection(week: week))
                return (SitePaths.packet(week), try packet.render(isCancelled: isCancelled).data)
            }
        } catch let error as PacketError {
            throw DiagnosticsError([.error(error.description, hint: "or build without packets: gazette build --no-pdf")])
        }
    }

}

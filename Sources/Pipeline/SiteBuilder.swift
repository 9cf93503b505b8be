import Bodies
import Content
import Foundation
import GazetteModel
import Imaging
import Output
import Packet
import Search
import Site
import SiteFonts

/// Builds a site. `build` is the list of steps, in order; each is a function from what it reads
/// to what it makes, timed under the name `gazette build -v` prints. `gazette build` and
/// `gazette serve` run the same steps with a different memory of earlier builds and a different
/// way of reaching the output folder (`OutputSink`, `BuildMemory`).
public enum SiteBuilder {
    public static func build(_ options: BuildOptions) throws -> BuildReport {
        let output = try OutputFolder(options.output, siteRoot: options.siteRoot)
        var clock = StepClock()
        let writer = try options.sink.writer(options, output: output, clock: &clock)
        defer { writer.release() }
        if let unchanged = writer.unchangedSite(clock) { return unchanged }
        var run = BuildRun(options: options, output: output, writer: writer, clock: clock)
        let sources = try load(&run)
        let (parsed, besideSearch) = try parse(sources, &run)
        let memory = run.memory
        let cards = try run.clock.step("make and measure cards") { try measureCards(sources, parsed, memory) }
        let boards = run.clock.step("pack boards") {
            SiteBoards(sources.content, cards: cards.maker, measures: cards.measures, layout: parsed.layout, contexts: memory.cardMemo)
        }
        // A large site's index is made on its own, between the boards and the pages: beside
        // them, the index's postings and the other steps' memory together passed 1.6 GB at
        // 100,000 journals (2.37 GB beside cards, 1.67 GB beside pages).
        var search = besideSearch
        if !indexesBesideSteps(sources.content), let alone = searchIndex(sources.content, parsed.bodies, run) {
            _ = try run.clock.step("make the search index") { try alone.value() }
            search = alone
        }
        let assets = siteAssets(sources, parsed)
        let renderer = renderer(sources, parsed, boards, assets: assets, run)
        let site = BuiltSite(
            sources: sources, parsed: parsed, renderer: renderer, assets: assets, search: search, memory: run.memory, placement: run.placement,
            options: options)
        let artifacts = try run.clock.step("render feed, sitemap and assets") { try SiteArtifacts.files(of: site) }
        var made = try artifacts.pages.flatMap { try run.writer.pagesBeforeWriting($0, &run.clock) ?? [] } + artifacts.made
        let slow = try run.writer.deferred(artifacts.slow) { try make($0, &run) }
        made += slow.files
        let later = slow.later + run.writer.previews(artifacts.previews)
        // Whatever was made from a body read again from its file, the file must still hold it.
        try sources.content.checkBodies()
        let summary = OutputLedger.Summary(
            journals: sources.content.journals.count, articles: sources.content.articles.count, weeks: sources.content.weeks.count,
            fontBytes: parsed.fonts.totalBytes, leftOut: LeftOutCounts(sources.content.leftOut), diagnostics: parsed.diagnostics)
        // The search page and files follow the pages, or are made on request (in place).
        let searchFiles = artifacts.afterPages.compactMap { $0.index.map { SearchFiles(index: $0, renderer: renderer, placement: run.placement) } }
        let deferredSearch = artifacts.afterPages.first { $0.index == nil }.flatMap { run.writer.deferredSearch($0.make) }
        let built = BuiltFiles(
            made: made, pages: artifacts.pages, search: searchFiles, later: later, content: sources.content, summary: summary)
        let written = try run.writer.write(built, &run.clock)
        // The memos and pages' own fonts go to files of their own, side by side (on one core
        // they were the last 20 ms of a 2,000-journal clean build).
        _ = concurrently({ memory.endBuild(cards: cards.cache, bodies: parsed.bodyMemo) }, { parsed.fonts.endBuild(files: written.files.count) })
        if options.endsProcess { ProcessLifetime.keep(run, sources, parsed, cards, boards, search as Any, renderer, site, artifacts, made, built, written) }
        return report(sources, parsed, written, later: later, search: deferredSearch, run)
    }

    /// The site's sources as read: content, theme and static files.
    struct Sources {
        var content: SiteContent
        var theme: Theme
        var statics: (files: [(path: String, data: Data)], refused: [Diagnostic])
        var baseURL: URL?
    }

    static func load(_ run: inout BuildRun) throws -> Sources {
        let options = run.options, memory = run.memory
        // The loader does not parse bodies to warn of the links they drop: `parse` does (once).
        let content = try run.clock.step("load, validate, link and group") {
            try SiteContent.load(
                siteRoot: options.siteRoot, includeDrafts: options.drafts == .shown, scheduled: options.scheduled, cache: memory.content,
                keptBodyBytes: options.keptMarkdownBytes, checksLinks: false)
        }
        let (theme, statics) = try run.clock.step("load theme") {
            (try memory.rememberedTheme(siteRoot: options.siteRoot), try SiteAssets.staticFiles(siteRoot: options.siteRoot))
        }
        return Sources(content: content, theme: theme, statics: statics, baseURL: options.baseURL ?? content.config.baseURL)
    }

    /// Bodies parsed and web fonts cut, and every warning the sources gave.
    struct Parsed {
        var bodies: JournalBodies
        var bodyMemo: BodyMemo?
        var fonts: WebFonts
        var layout: MasonryBoardLayout
        var diagnostics: [Diagnostic]
    }

    /// Bodies parsed and fonts cut, and the search index begun on the bodies when it is made
    /// beside the other steps (`indexesBesideSteps`, `searchIndex`).
    static func parse(_ sources: Sources, _ run: inout BuildRun) throws -> (Parsed, Background<SearchIndex>?) {
        let options = run.options, memory = run.memory, searchRun = run
        // The fonts are cut mostly on one core; meanwhile bodies are read and Markdown parsed
        // on all of them, then the search index begins.
        let ((bodies, bodyMemo, search), fonts) = try run.clock.step("parse Markdown, cut web fonts") {
            try concurrently(
                {
                    let cache = memory.bodies()
                    let bodies = try JournalBodies(
                        sources.content, cache: cache, keptBytes: options.keptBodyBytes, fontCoverage: { WebFonts.textCoverage })
                    return (bodies, cache, indexesBesideSteps(sources.content) ? searchIndex(sources.content, bodies, searchRun) : nil)
                },
                {
                    try SiteAssets.webFonts(
                        content: sources.content, theme: sources.theme, complete: options.fonts == .complete,
                        cache: SiteLayout(siteRoot: options.siteRoot).fontsCache)
                })
        }
        // The links and raw HTML the bodies drop are found by this parse, not by the loader's,
        // and so are the links to pages the site does not have. A date typed a year behind
        // publishes into that week at once: the build says so too.
        let behind = SiteChecks.pastDates(sources.content, now: options.now, memo: memory.content) + SiteChecks.copiedDates(sources.content)
        let found = sources.content.diagnostics + bodies.warnings + SiteChecks.deadLinks(sources.content, bodies) + behind
            + SiteChecks.missingGlyphsInTitles(sources.content)
            + sources.theme.refusedLinks + sources.statics.refused
        let diagnostics = (memory.content?.sorted(found, as: "build") ?? found.sorted()) + (sources.baseURL == nil ? [SiteChecks.missingBaseURL] : [])
        // Parsing freed as much as it keeps (cmark's trees, each body's text while it was made).
        FreeMemory.release()
        let parsed = Parsed(bodies: bodies, bodyMemo: bodyMemo, fonts: fonts, layout: MasonryBoardLayout(engine: fonts.engine), diagnostics: diagnostics)
        return (parsed, search)
    }

    /// Cards made and measured, with the cache of measures they came from.
    struct Cards {
        var maker: CardMaker
        var measures: [String: CardMeasure]
        var cache: CardMeasureMemo
    }

    static func measureCards(_ sources: Sources, _ parsed: Parsed, _ memory: BuildMemory) throws -> Cards {
        let cache = memory.cardMeasures()
        let maker = CardMaker(content: sources.content, bodies: parsed.bodies, memo: memory.pages == nil ? nil : memory.cardMemo)
        let measures = try SiteBoards.measure(sources.content, cards: maker, layout: parsed.layout, fonts: parsed.fonts.fingerprint, cache: cache)
        return Cards(maker: maker, measures: measures, cache: cache)
    }

    /// Journals up to which the search index is made beside the other steps; past them its
    /// postings and the other steps' memory together weigh too much (see `build`).
    static let searchBesideStepsLimit = 20_000

    static func indexesBesideSteps(_ content: SiteContent) -> Bool { content.journals.count <= searchBesideStepsLimit }

    /// The search index, made on a thread of its own from the moment bodies are parsed, while
    /// fonts are cut, cards measured and pages rendered (only the search page and its own
    /// files read it): its merging and cutting of postings run on one core, which those steps,
    /// on every core, fill. None while updating in place: it is made on request
    /// (`deferredSearch`).
    static func searchIndex(_ content: SiteContent, _ bodies: JournalBodies, _ run: BuildRun) -> Background<SearchIndex>? {
        // A search file the ledger finds in place under the same key is not compressed again.
        let placement = run.placement, cache = run.memory.search
        let inPlace: @Sendable (String, Fingerprint) -> Int? = { placement.size(of: $0, key: $1) }
        return run.writer.searchIndex {
            let index = SearchIndex(content: content, bodies: bodies, cache: cache, inPlace: inPlace)
            // The index's postings and keys are gone; only its compressed files are left.
            FreeMemory.release()
            return index
        }
    }

    typealias Assets = [(source: String, path: String, data: Data)]

    static func renderer(_ sources: Sources, _ parsed: Parsed, _ boards: SiteBoards, assets: Assets, _ run: BuildRun) -> SiteRenderer {
        var renderer = SiteRenderer(
            content: sources.content, theme: sources.theme, bodies: parsed.bodies, boards: boards, baseURL: sources.baseURL,
            stylesheet: assets.first { $0.source == "assets/style.css" }?.path ?? "assets/style.css", memo: run.memory.pages)
        renderer.frame.boardScript = assets.first { $0.source == "assets/board.js" }?.path
        // The search page follows the index (`SearchFiles`, or on request in place).
        renderer.defersSearchPage = true
        renderer.frame.searchScript = assets.first { $0.source == "assets/search.js" }?.path
        renderer.frame.webFonts = parsed.fonts
        renderer.packetWeeks = Set(run.options.packets == .perWeek ? StudyPacket.weeks(in: sources.content) : [])
        return renderer
    }

    /// The theme's assets, named by their bytes; the stylesheet begins with the fonts' faces and
    /// the board's geometry.
    static func siteAssets(_ sources: Sources, _ parsed: Parsed) -> Assets {
        let generated = [parsed.fonts.fontFaceCSS, CardTypography.stylesheet, MasonryBoardLayout.cardCSS, parsed.layout.geometry.css]
        return SiteAssets.fingerprintedAssets(sources.theme, prefixingStylesheet: generated.joined(separator: "\n"))
    }

    /// The slow files not already in place, made one at a time: a packet's pages are composed
    /// on all cores.
    static func make(_ files: [DeferredFile], _ run: inout BuildRun) throws -> [SiteFile] {
        let placement = run.placement
        return try run.clock.step("typeset packets") {
            try files.map { file in
                SiteFile(path: file.path, key: file.key, data: placement.source(of: file.path, key: file.key) != nil ? nil : try file.make())
            }
        }
    }

    static func report(
        _ sources: Sources, _ parsed: Parsed, _ written: Written, later: [DeferredFile], search: DeferredSearch?, _ run: BuildRun
    ) -> BuildReport {
        var report = BuildReport(
            output: run.output.url, files: written.files, changed: written.changed, journalCount: sources.content.journals.count,
            articleCount: sources.content.articles.count, weekCount: sources.content.weeks.count, fontBytes: parsed.fonts.totalBytes,
            diagnostics: parsed.diagnostics, steps: run.clock.steps)
        report.leftOut = LeftOutCounts(sources.content.leftOut)
        report.deferredFiles = later
        report.deferredSearch = search
        report.reused = written.reused
        return report
    }
}

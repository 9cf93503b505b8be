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
    /// Cut the web fonts to the site's characters (`gazette build`). Off, they keep every
    /// character, so an edit never changes them (`gazette serve`).
    public var subsetFonts: Bool
    /// Seconds to wait for another build writing the same output folder before giving up with
    /// a "busy" error (a running `gazette serve` is never waited for).
    public var lockWait: Double = 120
    /// Ignore what earlier builds left to reuse: write every file into an empty folder.
    public var clean = false

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
    public var steps: [(name: String, seconds: Double)]
    /// With `BuildOptions.deferPackets`: each week's packet, to typeset and write after the build.
    public var deferredPackets: [DeferredPacket] = []
}

/// One week's study packet, typeset on request after the build (`BuildOptions.deferPackets`).
public struct DeferredPacket: Sendable {
    /// Where it goes, relative to the output folder.
    public let path: String
    /// Typesets it: the same bytes a full build writes.
    public let typeset: @Sendable () throws -> Data
}

/// Times the steps of a build, for `gazette build -v`.
struct StepClock {
    private(set) var steps: [(name: String, seconds: Double)] = []

    mutating func step<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        let started = Date()
        let result = try work()
        steps.append((name, Date().timeIntervalSince(started)))
        return result
    }
}

/// Builds a site, step by step. Each step is a function of what the steps before it produced,
/// named as `gazette build -v` reports it.
public enum SiteBuilder {
    public static func build(_ options: BuildOptions) throws -> BuildReport {
        var clock = StepClock()
        let output = try OutputFolder(options.output, siteRoot: options.siteRoot)
        // A fresh build locks the output for its whole run; `gazette serve` (updating in place)
        // holds the lock itself for as long as it serves.
        let lock = options.updateInPlace ? nil : try output.lock(purpose: "build", wait: options.lockWait)
        defer { lock?.release() }
        let content = try clock.step("load, validate, link and group") {
            try SiteContent.load(siteRoot: options.siteRoot, includeDrafts: options.includeDrafts, cache: options.cache)
        }
        let theme = try clock.step("load theme") { try Theme.load(siteRoot: options.siteRoot) }
        let baseURL = options.baseURL ?? content.config.baseURL
        let diagnostics = content.diagnostics + (baseURL == nil ? [missingBaseURL] : [])
        let bodies = try clock.step("parse Markdown") { try JournalBodies(content) }
        let fonts = try clock.step("subset web fonts") { try SiteAssets.webFonts(content: content, theme: theme, complete: !options.subsetFonts) }
        let layout = MasonryBoardLayout(engine: fonts.engine)
        let cards = CardMaker(content: content, bodies: bodies)
        let measures = try clock.step("measure cards") {
            try SiteBoards.measure(content, cards: cards, layout: layout, fonts: fonts.fingerprint, cache: options.cardCache)
        }
        let boards = clock.step("pack boards") { SiteBoards(content, cards: cards, measures: measures, layout: layout) }
        let assets = SiteAssets.fingerprintedAssets(
            theme, prefixingStylesheet: [fonts.fontFaceCSS, CardTypography.stylesheet, MasonryBoardLayout.cardCSS, layout.geometry.css].joined(separator: "\n"))
        let packetWeeks = options.packets ? StudyPacket.weeks(in: content) : []
        var renderer = SiteRenderer(
            content: content, theme: theme, bodies: bodies, boards: boards, baseURL: baseURL,
            stylesheet: assets.first { $0.source == "assets/style.css" }?.path ?? "assets/style.css")
        renderer.boardScript = assets.first { $0.source == "assets/board.js" }?.path
        renderer.fontPreloads = fonts.preloads
        renderer.packetWeeks = Set(packetWeeks)
        let (pages, notFound, feed, sitemap) = try clock.step("render pages, feed and sitemap") {
            let pages = try renderer.pages()
            return (pages, try renderer.notFoundPage(), Feeds.atom(renderer), Feeds.sitemap(paths: pages.map(\.path), base: baseURL))
        }
        let packets = options.deferPackets ? [] : try clock.step("typeset packets") { try typesetPackets(content, weeks: packetWeeks) }

        func writeSite(_ writer: inout FileWriter) throws {
            for page in pages { try writer.write(SitePaths.file(page.path), page.html) }
            try writer.write("404.html", notFound)
            try writer.write(SitePaths.feed, feed)
            try writer.write("sitemap.xml", sitemap)
            for asset in assets { try writer.write(asset.path, asset.data) }
            for font in fonts.subsets { try writer.write(font.path, font.data) }
            for packet in packets { try writer.write(packet.path, packet.data) }
            if options.deferPackets { for week in packetWeeks { writer.keep(SitePaths.packet(week)) } }
            try SiteAssets.copyStatic(from: options.siteRoot.appendingPathComponent("static"), into: &writer)
        }
        var files: [String] = []
        var changed: [String] = []
        if options.updateInPlace {
            let writer = try clock.step("update changed files") { try output.update(with: writeSite) }
            files = writer.written.sorted()
            changed = writer.changed.sorted()
        } else {
            try clock.step("write changed files and swap the folder in") {
                let writer = try output.replace(fresh: options.clean, with: writeSite)
                files = writer.written.sorted()
                changed = files
            }
        }
        var report = BuildReport(
            output: output.url, files: files, changed: changed, journalCount: content.journals.count, articleCount: content.articles.count,
            weekCount: content.weeks.count, fontBytes: fonts.totalBytes, diagnostics: diagnostics, steps: clock.steps)
        if options.deferPackets {
            report.deferredPackets = packetWeeks.map { week in
                DeferredPacket(path: SitePaths.packet(week)) { try typesetPackets(content, weeks: [week])[0].data }
            }
        }
        return report
    }

    static let missingBaseURL = Diagnostic.warning(
        "base_url is not set: the feed and sitemap use relative links",
        at: SourceLocation(path: ConfigLoader.fileName, line: 1, column: 1),
        hint: "add base_url: https://example.org/study/ to gazette.yml, or pass --base-url")

    /// The study packet of each week, rendered by the same code as `gazette pdf --week` (and so
    /// with the config's base_url even when --base-url is given, to stay byte-identical to it).
    static func typesetPackets(_ content: SiteContent, weeks: [ISOWeek]) throws -> [(path: String, data: Data)] {
        do {
            return try weeks.map { week in
                let packet = try StudyPacket(content: content, selection: PacketSelection(week: week))
                return (SitePaths.packet(week), try packet.render().data)
            }
        } catch let error as PacketError {
            throw DiagnosticsError([.error(error.description, hint: "or build without packets: gazette build --no-pdf")])
        }
    }

}

import Content
import Foundation
import GazetteModel
import Packet

/// What `gazette build` is asked to do.
public struct BuildOptions: Sendable {
    public var siteRoot: URL
    public var output: URL
    /// Replaces `base_url` from the config.
    public var baseURL: URL?
    public var includeDrafts: Bool
    /// How boards are arranged; nil (the default) is the measured masonry board on the site's
    /// web fonts.
    public var board: BoardLayout?
    /// Parsed files kept between builds (`gazette serve`); nil parses everything.
    public var cache: ContentCache?
    /// Rewrites only the files whose bytes changed and deletes the ones no longer produced,
    /// instead of swapping in a freshly written folder. `gazette serve` builds this way so the
    /// server never sees a missing folder and the browser reloads only what changed.
    public var updateInPlace: Bool
    /// Write a study packet per week (`--no-pdf` turns this off).
    public var packets: Bool
    /// Cut the web fonts to the site's characters (`gazette build`). Off, they keep every
    /// character, so an edit never changes them (`gazette serve`).
    public var subsetFonts: Bool
    /// Seconds to wait for another build writing the same output folder before giving up with
    /// a "busy" error (a running `gazette serve` is never waited for).
    public var lockWait: Double = 120

    public init(
        siteRoot: URL, output: URL? = nil, baseURL: URL? = nil, includeDrafts: Bool = false,
        board: BoardLayout? = nil, packets: Bool = true, cache: ContentCache? = nil, updateInPlace: Bool = false,
        subsetFonts: Bool? = nil
    ) {
        self.subsetFonts = subsetFonts ?? !updateInPlace
        self.siteRoot = siteRoot
        self.output = output ?? siteRoot.appendingPathComponent("public")
        self.baseURL = baseURL
        self.includeDrafts = includeDrafts
        self.board = board
        self.cache = cache
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
}

/// Builds a site, step by step: load, validate, render pages, write feeds and assets, swap the
/// finished folder in for the output.
public enum SiteBuilder {
    public static func build(_ options: BuildOptions) throws -> BuildReport {
        var steps: [(String, Double)] = []
        var clock = Date()
        func step(_ name: String) {
            let now = Date()
            steps.append((name, now.timeIntervalSince(clock)))
            clock = now
        }
        let output = try OutputFolder(options.output, siteRoot: options.siteRoot)
        // A fresh build locks the output for its whole run; `gazette serve` (updating in place)
        // holds the lock itself for as long as it serves.
        let lock = options.updateInPlace ? nil : try output.lock(purpose: "build", wait: options.lockWait)
        defer { lock?.release() }
        let content = try SiteContent.load(siteRoot: options.siteRoot, includeDrafts: options.includeDrafts, cache: options.cache)
        step("load and validate content")
        let theme = try Theme.load(siteRoot: options.siteRoot)
        step("load theme")
        var diagnostics = content.diagnostics
        let baseURL = options.baseURL ?? content.config.baseURL
        if baseURL == nil {
            diagnostics.append(
                .warning(
                    "base_url is not set: the feed and sitemap use relative links",
                    at: SourceLocation(path: ConfigLoader.fileName, line: 1, column: 1),
                    hint: "add base_url: https://example.org/study/ to gazette.yml, or pass --base-url"))
        }

        let fonts = try webFonts(content: content, theme: theme, complete: !options.subsetFonts)
        let board = options.board ?? MasonryBoardLayout(engine: fonts.engine)
        step("subset web fonts")
        var generatedCSS = fonts.fontFaceCSS + "\n" + CardTypography.stylesheet + "\n" + MasonryBoardLayout.cardCSS
        if let masonry = board as? MasonryBoardLayout { generatedCSS += "\n" + masonry.geometry.css }
        let assets = fingerprintedAssets(theme, prefixingStylesheet: generatedCSS)
        var renderer = SiteRenderer(
            content: content, theme: theme, board: board, baseURL: baseURL,
            stylesheet: assets.first { $0.source == "assets/style.css" }?.path ?? "assets/style.css")
        let packetWeeks = options.packets ? StudyPacket.weeks(in: content) : []
        renderer.packetWeeks = Set(packetWeeks)
        let pages = try renderer.pages()
        let notFound = try renderer.notFoundPage()
        let feed = Feeds.atom(renderer)
        let sitemap = Feeds.sitemap(paths: pages.map(\.path), base: baseURL)
        step("render pages, feed and sitemap")
        let packets = try typesetPackets(content, weeks: packetWeeks)
        if options.packets { step("typeset \(packets.count) study packets") }

        func writeSite(_ writer: inout FileWriter) throws {
            for page in pages { try writer.write(SitePaths.file(page.path), page.html) }
            try writer.write("404.html", notFound)
            try writer.write(SitePaths.feed, feed)
            try writer.write("sitemap.xml", sitemap)
            for asset in assets { try writer.write(asset.path, asset.data) }
            for font in fonts.subsets { try writer.write(font.path, font.data) }
            for packet in packets { try writer.write(packet.path, packet.data) }
            try copyStatic(from: options.siteRoot.appendingPathComponent("static"), into: &writer)
        }
        var files: [String] = []
        var changed: [String] = []
        if options.updateInPlace {
            let writer = try output.update(with: writeSite)
            files = writer.written.sorted()
            changed = writer.changed.sorted()
            step("update changed files")
        } else {
            try output.replace { staging in
                var writer = FileWriter(root: staging)
                try writeSite(&writer)
                files = writer.written.sorted()
                changed = files
                step("write files")
            }
            step("swap output folder")
        }
        return BuildReport(
            output: output.url, files: files, changed: changed, journalCount: content.journals.count, articleCount: content.articles.count,
            weekCount: content.weeks.count, fontBytes: fonts.totalBytes, diagnostics: diagnostics, steps: steps)
    }

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

    /// Theme assets with a content hash in their names (`assets/style.1a2b3c4d.css`), so hosts
    /// can cache them forever and a changed stylesheet is never served stale.
    static func fingerprintedAssets(_ theme: Theme, prefixingStylesheet generated: String = "") -> [(source: String, path: String, data: Data)] {
        theme.assets.map { asset in
            var asset = asset
            if asset.path == "assets/style.css" && !generated.isEmpty {
                asset.data = Data("/* Generated by gazette build: web fonts, card type and the measured board. */\n\(generated)\n\n".utf8) + asset.data
            }
            let hash = SHA256.hex(asset.data).prefix(8)
            let name = asset.path as NSString
            let ext = name.pathExtension
            let path = ext.isEmpty ? "\(asset.path).\(hash)" : "\(name.deletingPathExtension).\(hash).\(ext)"
            return (asset.path, path, asset.data)
        }
    }

    /// The web fonts cut to every character the site's text can show: journals, articles, the
    /// config, UI strings and the theme's own files.
    /// With `complete` (serve), the fonts keep every character, so edits never change them.
    static func webFonts(content: SiteContent, theme: Theme, complete: Bool) throws -> WebFonts {
        if complete {
            do {
                return try WebFonts.complete()
            } catch {
                throw DiagnosticsError([.error(error.description)])
            }
        }
        var characters = Set<Unicode.Scalar>()
        func add(_ text: String?) { if let text { characters.formUnion(text.unicodeScalars) } }
        for journal in content.journals {
            add(journal.title)
            add(journal.body)
            add(journal.author)
            journal.tags.forEach(add)
        }
        for article in content.articles {
            add(article.title)
            add(article.description)
            add(article.publisher)
            add(article.author)
        }
        add(content.config.title)
        add(content.config.description)
        for author in content.config.authors { add(author.name) }
        for tag in content.config.tags { add(tag.name) }
        for language in SiteLanguage.allCases { UIStrings.table(language).values.forEach(add) }
        for (path, data) in theme.files where path.hasSuffix(".mustache") { add(String(decoding: data, as: UTF8.self)) }
        do {
            return try WebFonts(characters: characters)
        } catch {
            throw DiagnosticsError([.error(error.description)])
        }
    }

    /// Copies the site's `static/` folder into the output verbatim.
    static func copyStatic(from folder: URL, into writer: inout FileWriter) throws {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return }
        let prefix = folder.standardizedFileURL.path + "/"
        var files: [(String, URL)] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append((String(url.standardizedFileURL.path.dropFirst(prefix.count)), url))
        }
        for (relative, url) in files.sorted(by: { $0.0 < $1.0 }) {
            try writer.write(relative, try Data(contentsOf: url))
        }
    }
}

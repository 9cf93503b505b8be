import Content
import Foundation
import GazetteModel
import Imaging
import Packet
import Site

/// What every artifact is made from: the site as the steps before made it, and what is in place.
struct BuiltSite {
    let sources: SiteBuilder.Sources
    let parsed: SiteBuilder.Parsed
    let renderer: SiteRenderer
    let assets: SiteBuilder.Assets
    let memory: BuildMemory
    let placement: FilesInPlace
    let options: BuildOptions
}

/// One kind of file a build makes, besides the pages and the search index (which the writer
/// streams and defers itself): where each file goes, the key of what it is made from, and how it
/// is made. A new kind of file is one type conforming here and one line in `SiteArtifacts`.
protocol SiteArtifact: Sendable {
    /// Its files, made now; a file with no data is in place under its key.
    func files(of site: BuiltSite) throws -> [SiteFile]
}

/// A kind of file slow to make (seconds: a week's packet): each file with its path and key,
/// made now or on request after the build, as the writer says (`OutputWriter.deferred`).
protocol DeferredArtifact: Sendable {
    func files(of site: BuiltSite) -> [DeferredFile]
}

/// The one list of what a build makes besides pages and the search index, in the order they are
/// made (the sitemap names the pages; the search page, last, is the index's).
enum SiteArtifacts {
    static let made: [any SiteArtifact] = [
        NotFoundPage(), AtomFeed(), Sitemap(), ThemeAssets(), WebFontFiles(), Thumbnails(), StaticFiles(), Pictures(), PictureVariants(),
    ]
    static let deferred: [any DeferredArtifact] = [WeekPackets()]
}

/// `404.html`, which static hosts serve for a missing path.
struct NotFoundPage: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] { [.bytes("404.html", Data(try site.renderer.notFoundPage().utf8))] }
}

/// The Atom feed of the newest journals (its entries remembered in `serve`: `FeedMemo`).
struct AtomFeed: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] {
        [.bytes(SitePaths.feed, Data(Feeds.atom(site.renderer, entries: site.memory.pages?.feed).utf8))]
    }
}

/// `sitemap.xml`: every page, the search page last (it is made after the others, or on request).
struct Sitemap: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] {
        let listed = site.renderer.pagePaths + [SitePaths.search]
        return [.bytes("sitemap.xml", Data(Feeds.sitemap(paths: listed, base: site.sources.baseURL).utf8))]
    }
}

/// The theme's stylesheet and scripts, named by their bytes.
struct ThemeAssets: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] { site.assets.map { .bytes($0.path, $0.data) } }
}

/// The web fonts' slices, and the stylesheet of pages' own fonts.
struct WebFontFiles: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] {
        let fonts = site.parsed.fonts
        return fonts.slices.map { SiteFile(path: $0.path, key: $0.key, data: $0.data) }
            + (fonts.pageSliceStylesheet.map { [.bytes($0.path, $0.data)] } ?? [])
    }
}

/// The articles' thumbnails the store keeps (`content/thumbnails/`).
struct Thumbnails: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] { SiteAssets.thumbnails(of: site.sources.content).map { .bytes($0.path, $0.data) } }
}

/// `static/`, as it is.
struct StaticFiles: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] { site.sources.statics.files.map { .bytes($0.path, $0.data) } }
}

/// The pictures beside journals.
struct Pictures: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] { try SiteAssets.pictures(of: site.sources.content).map { .bytes($0.path, $0.data) } }
}

/// The narrower WebP copies of the journals' pictures, keyed by the picture's bytes and the
/// width: one already in place is not encoded again (libvips takes tens of milliseconds a
/// picture); the others are encoded on all cores.
struct PictureVariants: SiteArtifact {
    func files(of site: BuiltSite) throws -> [SiteFile] {
        let content = site.sources.content, placement = site.placement
        let variants = SiteAssets.pictureVariants(of: content)
        guard !variants.isEmpty else { return [] }
        let made = variants.concurrentMap { variant -> Result<SiteFile, any Error> in
            Result {
                let bytes = try Data(contentsOf: content.root.appendingPathComponent(variant.file))
                var key = FingerprintHasher()
                key.add("picture variant 1")
                key.add(bytes: bytes)
                key.add(variant.width)
                let digest = key.digest
                if placement.source(of: variant.path, key: digest) != nil { return SiteFile(path: variant.path, key: digest, data: nil) }
                return SiteFile(path: variant.path, key: digest, data: try Thumbnailer.scaledWebP(bytes, width: variant.width))
            }
        }
        return try made.map { try $0.get() }
    }
}

/// Each week's study packet (`packets/<week>.pdf`), by the same code as `gazette pdf --week`;
/// none with `--no-pdf`.
struct WeekPackets: DeferredArtifact {
    func files(of site: BuiltSite) -> [DeferredFile] {
        guard site.options.packets == .perWeek else { return [] }
        let content = site.sources.content
        var base = FingerprintHasher()
        base.add(site.parsed.fonts.fingerprint)
        base.add(content.configFingerprint)
        let shared = base.digest, memo = site.memory.pages
        return StudyPacket.weeks(in: content).map { week in
            let path = SitePaths.packet(week)
            let make = { Self.key(content, week: week, base: shared) }
            // In `serve`, a week whose journals and articles are as before keeps its key without
            // fingerprinting every journal again (a tenth of a save's processor time at 2,000).
            let key: Fingerprint
            if let memo, let contents = content.weeks.first(where: { $0.week == week }) {
                let articles = contents.journals.map(content.article(for:)) + contents.articles.map(Optional.some)
                key = memo.key(path, journals: contents.journals, articles: articles, shared: shared, make: make)
            } else {
                key = make()
            }
            return DeferredFile(path: path, key: key) { isCancelled in try Self.typeset(content, week: week, isCancelled: isCancelled) }
        }
    }

    /// What a week's packet is made from: the config, the fonts, and the week's journals and
    /// articles with every property (and the articles its journals link to, from any week).
    /// `base` covers the config and the fonts.
    static func key(_ content: SiteContent, week: ISOWeek, base: Fingerprint) -> Fingerprint {
        var key = FingerprintHasher()
        key.add("packet \(week)")
        key.add(base)
        let contents = content.weeks.first { $0.week == week }
        for journal in contents?.journals ?? [] {
            key.add(journal)
            content.article(for: journal).map { key.add($0) } ?? key.add(tag: 0)
        }
        for article in contents?.articles ?? [] { key.add(article) }
        return key.digest
    }

    /// The week's packet, rendered by the same code as `gazette pdf --week` (and so with the
    /// config's base_url even when --base-url is given, to stay byte-identical to it).
    static func typeset(_ content: SiteContent, week: ISOWeek, isCancelled: @escaping @Sendable () -> Bool) throws -> Data {
        do {
            return try StudyPacket(content: content, selection: PacketSelection(week: week)).render(isCancelled: isCancelled).data
        } catch let error as PacketError {
            throw DiagnosticsError([.error(error.description, hint: "or build without packets: gazette build --no-pdf")])
        }
    }
}

import Content
import Foundation
import GazetteModel
import Imaging
import Mail
import Packet
import Search
import Site
import SiteFonts

/// What every artifact is made from: the site as the steps before made it, and what is in place.
struct BuiltSite {
    let sources: SiteBuilder.Sources
    let parsed: SiteBuilder.Parsed
    let renderer: SiteRenderer
    let assets: SiteBuilder.Assets
    /// The search index, begun on a thread of its own while the bodies were parsed, or after the
    /// boards on a large site; nil when the writer has it made on request after the build.
    let search: Background<SearchIndex>?
    let memory: BuildMemory
    let placement: FilesInPlace
    let options: BuildOptions
}

/// The files of one artifact, and when they are made — which is all that tells artifacts apart.
enum ArtifactFiles: Sendable {
    /// Made now.
    case made([SiteFile])
    /// Rendered all before writing or a batch at a time as they are written, as the writer says
    /// (`OutputWriter.pagesBeforeWriting`): the pages.
    case pages(SitePages)
    /// Finished on a thread of their own (`index`) and written after the pages; when the writer
    /// begun none, made by `make` on request after the build (`OutputWriter.deferredSearch`): the
    /// search index and page.
    case afterPages(index: Background<SearchIndex>?, make: DeferredSearch.Make)
    /// Slow (seconds a file): each made now or on request, as the writer says
    /// (`OutputWriter.deferred`): the week packets.
    case slow([DeferredFile])
    /// Never published: made on request where the writer shows previews (`gazette serve`,
    /// `OutputWriter.previews`), listed only there: the week's mail.
    case previews(@Sendable () -> [DeferredFile])
}

/// One kind of file a build makes: where each file goes (its path), the key of what it is made
/// from, how it is made, and when (`ArtifactFiles`). A new kind of file is one type conforming
/// here and one line in `SiteArtifacts.all`.
protocol SiteArtifact: Sendable {
    func files(of site: BuiltSite) throws -> ArtifactFiles
}

/// The one list of what a build makes. Made-now artifacts are made in this order (the sitemap
/// names the pages; the search page is the index's); pages are written first, the search files
/// after them, the slow files last.
enum SiteArtifacts {
    static let all: [any SiteArtifact] = [
        Pages(), NotFoundPage(), AtomFeed(), Sitemap(), ThemeAssets(), WebFontFiles(), Thumbnails(), StaticFiles(), Pictures(), ConvertedPictures(),
        PictureVariants(), SearchIndexFiles(), WeekPackets(), WeekMails(),
    ]

    /// Every artifact's files, gathered by when they are made.
    static func files(of site: BuiltSite) throws -> Gathered {
        var gathered = Gathered()
        for artifact in all {
            switch try artifact.files(of: site) {
            case .made(let files): gathered.made += files
            case .pages(let pages): gathered.pages.append(pages)
            case .afterPages(let index, let make): gathered.afterPages.append((index, make))
            case .slow(let files): gathered.slow += files
            case .previews(let files): gathered.previews.append(files)
            }
        }
        return gathered
    }

    struct Gathered {
        var made: [SiteFile] = []
        var pages: [SitePages] = []
        var afterPages: [(index: Background<SearchIndex>?, make: DeferredSearch.Make)] = []
        var slow: [DeferredFile] = []
        var previews: [@Sendable () -> [DeferredFile]] = []
    }
}

/// An artifact whose files are made now, in the list's order.
protocol MadeNow: SiteArtifact {
    func made(of site: BuiltSite) throws -> [SiteFile]
}

extension MadeNow {
    func files(of site: BuiltSite) throws -> ArtifactFiles { .made(try made(of: site)) }
}

/// Every page of the site (`SiteRenderer`'s plan), each rendered only when no file with its key
/// is in place.
struct Pages: SiteArtifact {
    func files(of site: BuiltSite) throws -> ArtifactFiles {
        .pages(SitePages(renderer: site.renderer, memo: site.memory.pages, placement: site.placement))
    }
}

/// The search index's files and the search page that names its manifest.
struct SearchIndexFiles: SiteArtifact {
    func files(of site: BuiltSite) throws -> ArtifactFiles {
        let content = site.sources.content, bodies = site.parsed.bodies, memo = site.memory.search, renderer = site.renderer
        return .afterPages(index: site.search) { check in
            try SearchFiles.outputs(of: SearchIndex(content: content, bodies: bodies, cache: memo, check: check), renderer: renderer, placement: nil)
        }
    }
}

/// `404.html`, which static hosts serve for a missing path.
struct NotFoundPage: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] { [.bytes("404.html", Data(try site.renderer.notFoundPage().utf8))] }
}

/// The Atom feed of the newest journals (its entries remembered in `serve`: `FeedMemo`).
struct AtomFeed: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] {
        [.bytes(SitePaths.feed, Data(Feeds.atom(site.renderer, entries: site.memory.pages?.feed).utf8))]
    }
}

/// `sitemap.xml`: every page, the search page last (it is made after the others, or on request).
struct Sitemap: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] {
        let listed = site.renderer.pagePaths + [SitePaths.search], base = site.sources.baseURL
        return [site.memory.sitemap(paths: listed, base: base) { .bytes("sitemap.xml", Data(Feeds.sitemap(paths: listed, base: base).utf8)) }]
    }
}

/// The theme's stylesheet and scripts, named by their bytes.
struct ThemeAssets: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] { site.assets.map { .bytes($0.path, $0.data) } }
}

/// The web fonts' slices, their licence, and the stylesheet of pages' own fonts.
struct WebFontFiles: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] {
        let fonts = site.parsed.fonts
        let licence: [SiteFile] = fonts.slices.isEmpty ? [] : [.bytes(FontLicence.path, Data(FontLicence.text(for: fonts.slices.map(\.face)).utf8))]
        return fonts.slices.map { SiteFile(path: $0.path, key: $0.key, data: $0.data) } + licence
            + (fonts.pageSliceStylesheet.map { [.bytes($0.path, $0.data)] } ?? [])
    }
}

/// The articles' thumbnails the store keeps (`content/thumbnails/`).
struct Thumbnails: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] { SiteAssets.thumbnails(of: site.sources.content).map { .bytes($0.path, $0.data) } }
}

/// `static/`, as it is.
struct StaticFiles: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] { site.sources.statics.files.map { .bytes($0.path, $0.data) } }
}

/// The pictures beside journals.
struct Pictures: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] { try SiteAssets.pictures(of: site.sources.content).map { .bytes($0.path, $0.data) } }
}

/// The journals' pictures browsers cannot all show (a phone's HEIC), each as an upright JPEG
/// beside the journal's page.
struct ConvertedPictures: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] {
        let pictures = site.sources.content.publishedPictures.filter(\.converted)
        return try PictureFiles.made(pictures.map { .init(path: $0.path, file: $0.file, kind: "picture as JPEG 1") }, site: site) { job, bytes in
            do {
                return try Thumbnailer.uprightJPEG(bytes)
            } catch {
                throw DiagnosticsError([
                    .error(
                        "picture \(job.file) could not be read: \(error)", at: SourceLocation(path: job.file, line: 1, column: 1),
                        hint: "save it again from the phone or the photo app, or as JPEG")
                ])
            }
        }
    }
}

/// The narrower WebP copies of the journals' pictures.
struct PictureVariants: MadeNow {
    func made(of site: BuiltSite) throws -> [SiteFile] {
        let variants = SiteAssets.pictureVariants(of: site.sources.content)
        return try PictureFiles.made(variants.map { .init(path: $0.path, file: $0.file, kind: "picture variant 3", width: $0.width) }, site: site) { job, bytes in
            // libvips 8.14 (Debian 12's) keeps the picture's Exif, where it was taken among it,
            // in WebP despite `strip`.
            PictureMetadata.stripped(try Thumbnailer.scaledWebP(bytes, width: job.width))
        }
    }
}

/// Files libvips makes from the journals' pictures (tens of milliseconds a picture), each keyed
/// by its kind, width and the picture's bytes (`PictureDigests`): one already in place is not
/// made again, and its picture not read; the others are made on all cores.
enum PictureFiles {
    struct Job: Sendable {
        var path: String, file: String, kind: String, width = 0
    }

    static func made(_ jobs: [Job], site: BuiltSite, make: (Job, Data) throws -> Data) throws -> [SiteFile] {
        guard !jobs.isEmpty else { return [] }
        let root = site.sources.content.root, placement = site.placement
        let made = jobs.concurrentMap { job -> Result<SiteFile, any Error> in
            Result {
                guard let picture = PictureDigests.digest(of: job.file, root: root) else {
                    throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: root.appendingPathComponent(job.file).path])
                }
                var key = FingerprintHasher()
                key.add(job.kind)
                key.add(picture)
                key.add(job.width)
                let digest = key.digest
                if placement.source(of: job.path, key: digest) != nil { return SiteFile(path: job.path, key: digest, data: nil) }
                return SiteFile(path: job.path, key: digest, data: try make(job, try Data(contentsOf: root.appendingPathComponent(job.file))))
            }
        }
        return try made.map { try $0.get() }
    }
}

/// Each week's study packet (`packets/<week>.pdf`), by the same code as `gazette pdf --week`;
/// none with `--no-pdf`.
struct WeekPackets: SiteArtifact {
    func files(of site: BuiltSite) -> ArtifactFiles {
        guard site.options.packets == .perWeek else { return .slow([]) }
        let content = site.sources.content, weekKey = Self.weekKey(site)
        return .slow(
            StudyPacket.weeks(in: content).map { week in
                let contents = content.weeks.first { $0.week == week }
                let key = contents.map(weekKey) ?? Self.key(content, week: week, base: Self.base(site))
                return DeferredFile(path: SitePaths.packet(week), key: key) { isCancelled in
                    try Self.typeset(content, week: week, isCancelled: isCancelled)
                }
            })
    }

    /// What every packet is made from besides its week: the fonts and the config.
    static func base(_ site: BuiltSite) -> Fingerprint {
        var base = FingerprintHasher()
        base.add(site.parsed.fonts.fingerprint)
        base.add(site.sources.content.configFingerprint)
        return base.digest
    }

    /// A week's packet key (`key`). In `serve`, a week whose journals and articles are as before
    /// keeps its key without fingerprinting every journal again (a tenth of a save's processor
    /// time at 2,000); the week's mail asks for the same key and finds it.
    static func weekKey(_ site: BuiltSite) -> @Sendable (WeekContent) -> Fingerprint {
        let content = site.sources.content, memo = site.memory.pages, shared = base(site)
        // Closures written out, not `content.article(for:)` or a `make` kept in a constant:
        // either copies the whole `SiteContent` (dozens of tables to retain and release) into a
        // closure of its own, for every week of every save.
        return { contents in
            let week = contents.week, shared = Self.withPictures(shared, content, contents.journals)
            guard let memo else { return Self.key(content, week: week, base: shared) }
            let articles = contents.journals.map { content.article(for: $0) } + contents.articles.map { Optional.some($0) }
            return memo.key(SitePaths.packet(week), journals: contents.journals, articles: articles, shared: shared) {
                Self.key(content, week: week, base: shared)
            }
        }
    }

    /// `base` and, when `journals` show pictures of the site's own, those pictures' bytes
    /// (`PictureDigests`): a packet draws them, so one replaced under the same name makes the
    /// packet again. The same as `base` for a week without pictures.
    static func withPictures(_ base: Fingerprint, _ content: SiteContent, _ journals: [Journal]) -> Fingerprint {
        guard journals.contains(where: { !content.pictures(of: $0).isEmpty }) else { return base }
        var key = FingerprintHasher()
        key.add(base)
        key.add(PictureDigests.key(of: journals, in: content))
        return key.digest
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

/// Each week's digest by mail, as `gazette mail --week` makes it (links under the site's
/// address, which in `serve` is the server's), shown as a page at `weeks/<week>/mail/`: made on
/// request in `serve`, never published (the week's page is the digest on the web).
struct WeekMails: SiteArtifact {
    func files(of site: BuiltSite) -> ArtifactFiles {
        let content = site.sources.content, baseURL = site.sources.baseURL, weekKey = WeekPackets.weekKey(site)
        return .previews {
            content.weeks.map { contents in
                let week = contents.week, path = SitePaths.file(SitePaths.mailPreview(week))
                // The week's journals and articles and the config (the packet's key, which the
                // packet asked for first), the links' address, and which journals' cards show
                // their article's thumbnail (all its files are there).
                var key = FingerprintHasher()
                key.add("mail preview 2")
                key.add(weekKey(contents))
                key.add(baseURL?.absoluteString ?? "")
                if content.thumbnailFiles.isEmpty {
                    // No card shows one (naming each article's files was most of this key).
                    key.add(tag: 2)
                } else {
                    for journal in contents.journals {
                        key.add(tag: content.article(for: journal).flatMap { content.thumbnails(of: $0) } == nil ? 0 : 1)
                    }
                }
                let digest = key.digest
                return DeferredFile(path: path, key: digest) { _ in
                    do throws(MailError) {
                        return try DigestPreview.page(content: content, week: week, baseURL: baseURL)
                    } catch {
                        throw DiagnosticsError([error.diagnostic])
                    }
                }
            }
        }
    }
}

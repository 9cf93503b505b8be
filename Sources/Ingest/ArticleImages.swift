import Foundation
import GazetteModel
import Imaging

/// Images that could not be used, by address, kept in `.gazette/image-cache.json` so a broken
/// or refused image is not downloaded again on every run. Transient failures (timeouts, 5xx)
/// are not kept: the next run tries again.
enum ImageFailureCache {
    static let file = "image-cache.json"

    static func load(siteRoot: URL) -> [String: String] {
        SiteState.read([String: String].self, file, siteRoot: siteRoot) ?? [:]
    }
}

/// Thumbnails of article images, made when `gazette fetch` stores a new article with an image
/// and, with `--enrich`, for every stored article that names an image and has none yet.
///
/// An image is downloaded with the fetch's client (http and https only, public addresses only
/// as `AddressPolicy` says, its redirect limit, and `NetworkSettings.maxImageBytes`), its format is sniffed from the bytes (never taken from
/// `Content-Type`), and `Thumbnailer` makes the `ArticleThumbnails.sizes` as WebP. The original
/// is never kept. Whatever goes wrong (a 404, HTML served as `image/jpeg`, a decompression bomb,
/// a broken file) means no image for that article, with a warning naming the article and the
/// image's host; it never fails the fetch.
enum ArticleImages {
    static let source = "images"

    /// An article that wants thumbnails.
    struct Wanted: Sendable, Hashable {
        var articleID: String
        /// The image address, as the URL policy cleans it.
        var image: String
        /// File names in `ArticleThumbnails.folder`, one per size.
        var names: [String]
    }

    /// What one image gave: thumbnail bytes per name, or why there are none.
    struct Outcome: Sendable {
        var wanted: Wanted
        var thumbnails: [(name: String, data: Data)] = []
        var failure: String?
        /// The failure may go away by itself (a timeout, a 5xx) or by a change to gazette.yml
        /// (a refused address): not remembered.
        var transient = false
    }

    /// The articles among `articles` that name an image and lack one of its thumbnails, in
    /// order, once per article, leaving out images that failed before (`failures`).
    static func wanting(_ articles: [Article], siteRoot: URL, failures: [String: String]) -> [Wanted] {
        let folder = siteRoot.appendingPathComponent(ArticleThumbnails.folder)
        var seen = Set<String>()
        return articles.compactMap { article in
            let names = ArticleThumbnails.names(for: article)
            guard !names.isEmpty, let image = article.image.flatMap({ SafeURL.allowed($0, in: .absolute) }), failures[image] == nil,
                seen.insert(article.id).inserted,
                !names.allSatisfy({ FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) })
            else { return nil }
            return Wanted(articleID: article.id, image: image, names: names)
        }
    }

    /// Downloads and shrinks every wanted image, at most `limit` at once; returns the summary
    /// row and what each gave, in the order wanted.
    static func run(
        _ wanted: [Wanted], web: WebClient, limit: Int, events: @escaping @Sendable (FetchEvent) -> Void
    ) async -> (row: FetchReport.Row, outcomes: [Outcome]) {
        let job = FetchJob(source: source, query: nil)
        events(.started(job))
        let outcomes = await boundedMap(wanted, limit: max(1, limit)) { item in await thumbnails(for: item, web: web) }
        var row = FetchReport.Row(job: job, found: wanted.count, status: .ok)
        row.thumbnails = outcomes.filter { $0.failure == nil }.count
        row.warnings = outcomes.compactMap { outcome in
            outcome.failure.map { "article \(outcome.wanted.articleID): image from \(host(of: outcome.wanted.image)) not used: \($0)" }
        }
        events(.finished(row))
        return (row, outcomes)
    }

    /// The thumbnails of one image, or why there are none.
    static func thumbnails(for wanted: Wanted, web: WebClient) async -> Outcome {
        var outcome = Outcome(wanted: wanted)
        let response: WebResponse
        do {
            response = try await web.get(
                wanted.image, headers: [("Accept", "image/webp,image/png,image/jpeg;q=0.9,*/*;q=0.1")], limit: web.settings.maxImageBytes)
        } catch {
            outcome.failure = error.message
            // A refused address is not remembered either: refusing costs no request, and an
            // address allowed in gazette.yml afterwards must be fetched on the next run.
            outcome.transient = error.isTransient || error.kind == .refused
            return outcome
        }
        guard response.status == 200 else {
            outcome.failure = response.statusLine
            outcome.transient = response.status >= 500 || response.status == 429
            return outcome
        }
        do throws(ImagingError) {
            let sizes = ArticleThumbnails.sizes.map { (width: $0.width, height: $0.height) }
            let made = try Thumbnailer.thumbnails(of: response.body, sizes: sizes, maxBytes: ArticleThumbnails.maxBytes)
            // libvips 8.14 (Debian 12's) keeps a JPEG's Exif in WebP despite `strip`.
            outcome.thumbnails = zip(wanted.names, made).map { ($0, PictureMetadata.stripped($1.data)) }
        } catch {
            let claimed = response.header("Content-Type").map { " served as \($0)" } ?? ""
            outcome.failure = ImageFormat.sniff(response.body) == nil ? "\(error.message)\(claimed)" : error.message
        }
        return outcome
    }

    /// The files to write for what succeeded (`content/thumbnails/…`), in name order.
    static func items(_ outcomes: [Outcome], siteRoot: URL) -> [AtomicFile.Item] {
        let folder = siteRoot.appendingPathComponent(ArticleThumbnails.folder)
        return outcomes.flatMap(\.thumbnails).sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }.map {
            AtomicFile.Item(
                folder.appendingPathComponent($0.name), $0.data, shownAs: "\(ArticleThumbnails.folder)/\($0.name)",
                folderShownAs: "\(ArticleThumbnails.folder)/")
        }
    }

    /// The thumbnail files in `content/thumbnails/` that no article of `articles` (the whole
    /// store) names any more, by name: only names of Gazette's own pattern
    /// (`ArticleThumbnails.isThumbnailName`), only regular files, never anything in a subfolder.
    static func unused(by articles: [Article], siteRoot: URL) -> [String] {
        let folder = siteRoot.appendingPathComponent(ArticleThumbnails.folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let named = Set(articles.flatMap(ArticleThumbnails.names(for:)))
        return names.filter { name in
            guard ArticleThumbnails.isThumbnailName(name), !named.contains(name),
                let type = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.type] as? FileAttributeType
            else { return false }
            return type == .typeRegular
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Deletes `names` from `content/thumbnails/`, one unlink each (so each file is there or
    /// gone, never half); returns the site-relative paths deleted. A file that cannot be
    /// deleted stays, with a warning: it only costs space.
    static func remove(_ names: [String], siteRoot: URL) -> (removed: [String], warnings: [String]) {
        let folder = siteRoot.appendingPathComponent(ArticleThumbnails.folder)
        var removed: [String] = []
        var warnings: [String] = []
        for name in names {
            let shown = "\(ArticleThumbnails.folder)/\(name)"
            if unlink(folder.appendingPathComponent(name).path) == 0 || errno == ENOENT {
                removed.append(shown)
            } else {
                warnings.append("cannot delete the unused thumbnail \(shown): \(String(cString: strerror(errno)))")
            }
        }
        return (removed, warnings)
    }

    /// The images that failed for good, to remember: address → why.
    static func failures(_ outcomes: [Outcome]) -> [String: String] {
        var failed: [String: String] = [:]
        for outcome in outcomes where !outcome.transient {
            if let failure = outcome.failure { failed[outcome.wanted.image] = failure }
        }
        return failed
    }

    /// The host of an address, for warnings (never the whole address: it may carry a token).
    static func host(of url: String) -> String {
        URL(string: url)?.host ?? "an unreadable address"
    }
}

import Foundation
import GazetteModel

/// `gazette add URL`: one page read for its metadata and stored as a `manual` record, with the
/// thumbnails of its image made as `gazette fetch` makes them for a new article.
///
/// The address given is the user's and is trusted like a configured one; the image the page
/// names is data, checked by `AddressPolicy` like every article image.
public enum ManualAdd {
    public struct Outcome: Sendable {
        public var article: Article
        /// `.new`, `.updated` (it was stored and had fields filled) or `.unchanged`.
        public var change: StoreUpdate.Outcome
        /// The week file it is in (`content/articles/2026-W47.json`).
        public var path: String
        /// Thumbnail files written (`content/thumbnails/…`).
        public var thumbnails: [String] = []
        /// Why the image gave no thumbnail, if it did not: a warning, never a failure.
        public var warnings: [String] = []
        /// The address given, when it was a news portal's copy of the article and the record is
        /// the publisher's own address (`PageMetadata.original`), as `gazette fetch` stores it.
        public var copy: String?
    }

    /// `thumbnails: false` downloads no image (`--no-thumbnails`).
    public static func add(
        _ url: String, config: SiteConfig, siteRoot: URL, network: NetworkSettings, thumbnails: Bool = true, now: Date = Date()
    ) async throws(DiagnosticsError) -> Outcome {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let parts = URLComponents(string: trimmed), let scheme = parts.scheme?.lowercased(),
            ["http", "https"].contains(scheme), parts.host?.isEmpty == false, let id = CanonicalURL.articleID(for: trimmed)
        else {
            let hint = CanonicalURL.meant(url).map { "did you mean '\($0)'?" } ?? "give the article's full address, e.g. https://www.yna.co.kr/view/…"
            throw DiagnosticsError([.error("'\(url)' is not an http or https address", hint: hint)])
        }
        let snapshot = try StoreUpdate.open(siteRoot: siteRoot, timeZone: config.timeZone)
        /// The record of `address`, stored under it or under the site's other host (the mobile
        /// page of a desktop address: `CanonicalURL.addresses`).
        @Sendable func stored(_ address: String) -> Article? {
            (CanonicalURL.canonicalize(address).map(CanonicalURL.addresses(of:)) ?? []).lazy.compactMap(CanonicalURL.articleID(for:))
                .compactMap { snapshot.article($0) }.first
        }
        let known = stored(trimmed)
        if let stored = known, isComplete(stored) {
            return Outcome(article: stored, change: .unchanged, path: snapshot.path(of: stored.id) ?? "")
        }
        let offset = config.timeZone.secondsFromGMT(for: now)
        let made: Made
        do {
            made = try await WebClient.with(network.allowing(config.network)) { web -> Made in
                let metadata: PageMetadata
                do throws(IngestError) {
                    metadata = try await PageMetadata.fetch(trimmed, web: web, source: .configuration).0
                } catch {
                    throw DiagnosticsError([error.diagnostic])
                }
                // A portal's copy (a Naver News page) is the publisher's article: stored under
                // the publisher's address, the record `gazette fetch` makes of it, named by the
                // publisher (the portal's page names itself).
                let original = metadata.original.map { ($0, stored($0)) }
                if let (_, stored) = original, let stored, isComplete(stored) {
                    return Made(article: stored, images: [], complete: true, copy: trimmed)
                }
                let address = original.map { $0.1?.url ?? $0.0 } ?? known?.url ?? trimmed
                let id = CanonicalURL.articleID(for: address) ?? id
                let copy = original == nil ? nil : trimmed
                let publisher =
                    metadata.original == nil
                    ? metadata.siteName ?? Publishers.name(forURL: trimmed) ?? parts.host
                    : Publishers.name(forURL: address) ?? Publishers.name(forURL: trimmed) ?? URLComponents(string: address)?.host
                let article = Article(
                    id: id, url: address, title: metadata.title ?? trimmed, description: metadata.description ?? "", source: "manual",
                    publisher: publisher, author: metadata.author,
                    published: metadata.published ?? PublishedDate.format(now, offset: offset), image: metadata.image, queries: [],
                    language: metadata.language)
                // The record as the store will hold it (a stored image is never replaced), and
                // its thumbnails if it lacks them, as fetch makes them for a new article.
                var preview = snapshot
                _ = preview.merge(article)
                let stored = preview.article(id) ?? article
                let wanted = ArticleImages.wanting([stored], siteRoot: siteRoot, failures: ImageFailureCache.load(siteRoot: siteRoot))
                guard thumbnails, let first = wanted.first else { return Made(article: article, images: [], complete: false, copy: copy) }
                return Made(article: article, images: [await ArticleImages.thumbnails(for: first, web: web)], complete: false, copy: copy)
            }
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([.error("network client failed: \(error)")])
        }
        let (article, copy) = (made.article, made.copy)
        if made.complete {
            return Outcome(article: article, change: .unchanged, path: snapshot.path(of: article.id) ?? "", copy: copy)
        }
        // Read again under the lock: another fetch or add may have written meanwhile.
        return try StoreLock.withLock(siteRoot: siteRoot, purpose: "add") { () throws(DiagnosticsError) in
            var store = try StoreUpdate.open(siteRoot: siteRoot, timeZone: config.timeZone)
            let change = store.merge(article)
            var remembered: [AtomicFile.Item] = []
            let failedBefore = ImageFailureCache.load(siteRoot: siteRoot)
            let failed = failedBefore.merging(ArticleImages.failures(made.images)) { $1 }
            if failed != failedBefore {
                do {
                    remembered.append(try SiteState.item(failed, ImageFailureCache.file, siteRoot: siteRoot))
                } catch {
                    throw DiagnosticsError([.error("cannot encode the image cache: \(error)")])
                }
            }
            // Thumbnails first, then the store: a record is never ahead of its pictures.
            let thumbnails = ArticleImages.items(made.images, siteRoot: siteRoot)
            _ = try store.write(before: thumbnails, also: remembered)
            var outcome = Outcome(article: store.article(article.id) ?? article, change: change, path: store.path(of: article.id) ?? "", copy: copy)
            outcome.thumbnails = thumbnails.map(\.shownAs)
            outcome.warnings = made.images.compactMap { image in
                image.failure.map { "image from \(ArticleImages.host(of: image.wanted.image)) not used: \($0)" }
            }
            return outcome
        }
    }

    /// What reading the page made: the record, its thumbnails, whether the store holds it whole
    /// already, and `Outcome.copy`.
    private struct Made: Sendable {
        var article: Article
        var images: [ArticleImages.Outcome]
        var complete: Bool
        var copy: String?
    }

    /// Whether a stored record has what a page could give it (an image and a description):
    /// adding it again fetches nothing.
    static func isComplete(_ article: Article) -> Bool { article.image != nil && !article.description.isEmpty }
}

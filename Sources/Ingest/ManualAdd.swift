import Foundation
import GazetteModel

/// `gazette add URL`: one page read for its metadata and stored as a `manual` record.
public enum ManualAdd {
    public struct Outcome: Sendable {
        public var article: Article
        /// `.new`, `.updated` (it was stored and had fields filled) or `.unchanged`.
        public var change: StoreUpdate.Outcome
        /// The week file it is in (`content/articles/2026-W47.json`).
        public var path: String
    }

    public static func add(
        _ url: String, config: SiteConfig, siteRoot: URL, network: NetworkSettings, now: Date = Date()
    ) async throws(DiagnosticsError) -> Outcome {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let parts = URLComponents(string: trimmed), let scheme = parts.scheme?.lowercased(),
            ["http", "https"].contains(scheme), parts.host?.isEmpty == false, let id = CanonicalURL.articleID(for: trimmed)
        else {
            throw DiagnosticsError([.error("'\(url)' is not an http or https address", hint: "give the article's full address, e.g. https://www.yna.co.kr/view/…")])
        }
        let snapshot = try StoreUpdate.open(siteRoot: siteRoot, timeZone: config.timeZone)
        if let stored = snapshot.article(id), stored.image != nil, !stored.description.isEmpty {
            return Outcome(article: stored, change: .unchanged, path: snapshot.path(of: id) ?? "")
        }
        let metadata: PageMetadata
        do {
            metadata = try await WebClient.with(network) { web in
                do throws(SourceFailure) {
                    return try await PageMetadata.fetch(trimmed, web: web).0
                } catch {
                    throw DiagnosticsError([.error(error.message)])
                }
            }
        } catch let error as DiagnosticsError {
            throw error
        } catch {
            throw DiagnosticsError([.error("network client failed: \(error)")])
        }
        let offset = config.timeZone.secondsFromGMT(for: now)
        let article = Article(
            id: id, url: trimmed, title: metadata.title ?? trimmed, description: metadata.description ?? "", source: "manual",
            publisher: metadata.siteName ?? Publishers.name(forURL: trimmed) ?? parts.host, author: metadata.author,
            published: metadata.published ?? PublishedDate.format(now, offset: offset), image: metadata.image, queries: [],
            language: metadata.language)
        // Read again under the lock: another fetch or add may have written meanwhile.
        return try StoreLock.withLock(siteRoot: siteRoot, purpose: "add") { () throws(DiagnosticsError) in
            var store = try StoreUpdate.open(siteRoot: siteRoot, timeZone: config.timeZone)
            let change = store.merge(article)
            _ = try store.write()
            return Outcome(article: store.article(id) ?? article, change: change, path: store.path(of: id) ?? "")
        }
    }
}

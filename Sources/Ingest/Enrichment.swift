import Foundation
import GazetteModel

/// What reading one article page gave, kept in `.gazette/enrich-cache.json` so each address
/// is fetched once: a later run fills from the cache without a request.
public struct EnrichEntry: Codable, Sendable, Equatable {
    public var image: String?
    public var description: String?
    /// `ok`, or why the page could not be used (a 404, not HTML…). Transient failures
    /// (timeouts, 5xx) are not cached, so the next run tries again.
    public var status: String
}

enum EnrichCache {
    static let file = "enrich-cache.json"

    static func load(siteRoot: URL) -> [String: EnrichEntry] {
        SiteState.read([String: EnrichEntry].self, file, siteRoot: siteRoot) ?? [:]
    }
}

/// `fetch --enrich`: fills the missing `image` and empty `description` of stored articles
/// from their pages' OpenGraph/Twitter/`<meta>` metadata, once per address.
enum Enrichment {
    static let source = "enrich"

    static func run(
        store: inout StoreUpdate, cache: inout [String: EnrichEntry], web: WebClient, limit: Int,
        events: @escaping @Sendable (FetchEvent) -> Void
    ) async -> FetchReport.Row {
        let job = FetchJob(source: source, query: nil)
        events(.started(job))
        let wanting = store.articles.filter { $0.image == nil || $0.description.isEmpty }
        var seen = Set<String>()
        let addresses = wanting.map(\.url).filter { cache[$0] == nil && seen.insert($0).inserted }
        let fetched = await boundedMap(addresses, limit: max(1, limit)) { url -> (String, Result<PageMetadata, IngestError>) in
            do throws(IngestError) {
                let (metadata, _) = try await PageMetadata.fetch(url, web: web)
                return (url, .success(metadata))
            } catch {
                return (url, .failure(error))
            }
        }
        var failures: [String] = []
        for (url, result) in fetched {
            switch result {
            case .success(let metadata):
                cache[url] = EnrichEntry(image: metadata.image, description: metadata.description, status: "ok")
            case .failure(let failure):
                failures.append(failure.message)
                if !failure.isTransient { cache[url] = EnrichEntry(status: failure.message) }
            }
        }
        var row = FetchReport.Row(job: job, found: addresses.count, status: .ok)
        row.updated = apply(cache, to: &store)
        if !failures.isEmpty {
            row.warnings.append(
                "\(failures.count) page\(failures.count == 1 ? "" : "s") could not be read: "
                    + failures.prefix(3).joined(separator: "; ") + (failures.count > 3 ? "; …" : ""))
        }
        events(.finished(row))
        return row
    }

    /// Fills the stored records that want an image or a description from what `cache` read
    /// of their pages; returns how many records changed. Run again under the store lock, on
    /// the store as it is then, by `Fetch`.
    static func apply(_ cache: [String: EnrichEntry], to store: inout StoreUpdate) -> Int {
        var updated = 0
        for article in store.articles where article.image == nil || article.description.isEmpty {
            guard let entry = cache[article.url], entry.status == "ok" else { continue }
            var patch = article
            patch.image = entry.image
            patch.description = entry.description ?? ""
            if store.merge(patch) == .updated { updated += 1 }
        }
        return updated
    }
}

import Content
import Foundation
import GazetteModel

/// `gazette search QUERY`: an ad-hoc query of the API sources that have keys (configured in
/// `gazette.yml` or not), printed rather than stored unless asked; every query is remembered.
public enum NewsSearch {
    /// What one source answered.
    public struct Result: Sendable {
        public var source: String
        public var articles: [Article] = []
        /// How many results the source has in all, when it says.
        public var total: Int?
        /// Why the source failed or was skipped.
        public var failure: String?
        public var skipped = false
        public var warnings: [String] = []
    }

    public static func run(
        _ query: String, sources names: [String], limit: Int, config: SiteConfig, environment: [String: String],
        network: NetworkSettings, now: Date = Date()
    ) async throws(DiagnosticsError) -> [Result] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DiagnosticsError([.error("the query is empty", hint: "gazette search 금리")]) }
        var wanted = Set(SourcePlan.apiNames)
        if !names.isEmpty {
            wanted = Set(names.map { $0.lowercased() })
            if let unknown = wanted.subtracting(SourcePlan.apiNames).sorted().first {
                let hint = Suggest.closest(to: unknown, in: SourcePlan.apiNames).map { "did you mean '\($0)'? " } ?? ""
                throw DiagnosticsError([.error("unknown source '\(unknown)'", hint: "\(hint)search uses naver, newsapi or mediastack")])
            }
        }
        let secrets = Secrets(environment: environment)
        let (sources, skipped) = SourcePlan.apiSources(config: config.sources, secrets: secrets, names: wanted, requireConfig: false)
        if sources.isEmpty {
            throw DiagnosticsError([
                .error(
                    "no news API key is set",
                    hint: "export NAVER_CLIENT_ID and NAVER_CLIENT_SECRET, NEWSAPI_KEY or MEDIASTACK_KEY")
            ])
        }
        let limit = max(1, min(limit, 100))
        let results: [Result]
        do {
            results = try await WebClient.with(network, secrets: secrets) { web in
                await boundedMap(sources.map { SourceBox(source: $0) }, limit: max(1, network.concurrency)) { box in
                    var result = Result(source: box.source.id)
                    do throws(IngestError) {
                        let found = try await box.source.search(trimmed, limit: limit, web: web, now: now) { _ in }
                        result.articles = found.articles
                        result.total = found.total
                        result.warnings = found.warnings.map { secrets.redact($0) }
                    } catch {
                        result.failure = secrets.redact(error.message)
                    }
                    return result
                }
            }
        } catch {
            throw DiagnosticsError([.error("network client failed: \(secrets.redact("\(error)"))")])
        }
        return skipped.map { Result(source: $0.job.source, failure: $0.message, skipped: true) } + results
    }

    /// Stores what a search found, with the query in each record's `queries`.
    public static func save(_ results: [Result], config: SiteConfig, siteRoot: URL) throws(DiagnosticsError) -> (new: Int, updated: Int, written: [String]) {
        try StoreLock.withLock(siteRoot: siteRoot, purpose: "search --save") { () throws(DiagnosticsError) in
            var store = try StoreUpdate.open(siteRoot: siteRoot, timeZone: config.timeZone)
            var new = 0, updated = 0
            for article in results.flatMap(\.articles) {
                let existed = store.article(article.id) != nil
                switch store.merge(article) {
                case .new: new += 1
                case .updated where existed: updated += 1
                default: break
                }
            }
            return (new, updated, try store.write())
        }
    }

    struct SourceBox: Sendable { var source: any SearchSource }
}

/// The queries `gazette search` was run with (`.gazette/searches.json`): each with how often
/// and when it was last used, listed most used first, then most recent — the recent-keyword
/// list of the original app. Queries are kept lower-cased, as the app did.
public enum SearchHistory {
    public struct Entry: Codable, Sendable, Equatable {
        public var query: String
        public var count: Int
        /// ISO 8601 with the site's offset.
        public var lastUsed: String

        enum CodingKeys: String, CodingKey {
            case query, count
            case lastUsed = "last_used"
        }
    }

    static let file = "searches.json"

    /// Counts one more use of `query` at `now`.
    public static func record(_ query: String, siteRoot: URL, now: Date, timeZone: TimeZone) throws(DiagnosticsError) {
        let key = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !key.isEmpty else { return }
        try StoreLock.withLock(siteRoot: siteRoot, purpose: "search") { () throws(DiagnosticsError) in
            var entries = SiteState.read([Entry].self, file, siteRoot: siteRoot) ?? []
            var entry = Entry(query: key, count: 0, lastUsed: "")
            if let index = entries.firstIndex(where: { $0.query == key }) { entry = entries.remove(at: index) }
            entry.count += 1
            entry.lastUsed = PublishedDate.format(now, offset: timeZone.secondsFromGMT(for: now))
            // The file keeps use order (most recent last), which also breaks ties of equal times.
            entries.append(entry)
            do {
                try AtomicFile.write([try SiteState.item(entries, file, siteRoot: siteRoot)])
            } catch let error as FileWriteError {
                throw DiagnosticsError([error.diagnostic])
            } catch {
                throw DiagnosticsError([.error("cannot encode \(SiteState.folder)/\(file): \(error)")])
            }
        }
    }

    /// Every remembered query, most used first, then most recently used.
    public static func entries(siteRoot: URL) -> [Entry] {
        let stored = SiteState.read([Entry].self, file, siteRoot: siteRoot) ?? []
        return stored.enumerated().sorted { a, b in
            if a.element.count != b.element.count { return a.element.count > b.element.count }
            let da = ISO8601.parse(a.element.lastUsed) ?? .distantPast, db = ISO8601.parse(b.element.lastUsed) ?? .distantPast
            if da != db { return da > db }
            return a.offset > b.offset
        }.map(\.element)
    }
}

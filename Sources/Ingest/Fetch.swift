import Content
import Foundation
import GazetteModel

/// What `gazette fetch` should do.
public struct FetchRequest: Sendable {
    /// Sources to fetch: `naver`, `newsapi`, `mediastack`, `feeds`, or one feed by name
    /// (`hankyung` or `feed:hankyung`). Empty: every configured source.
    public var sources: [String] = []
    /// Fetch only this configured query.
    public var query: String?
    /// Fetch and report, write nothing.
    public var dryRun = false
    /// Fill missing images and descriptions of stored articles from their pages, and make the
    /// thumbnails stored articles with an image lack.
    public var enrich = false
    /// Download the images of new articles (and, with `enrich`, of stored ones without
    /// thumbnails) to make thumbnails; off with `--no-thumbnails`.
    public var thumbnails = true
    public var network = NetworkSettings()
    /// The time records without a date get, and the enrich cache notes.
    public var now = Date()

    public init() {}
}

/// One unit of fetching: a query of an API, or a feed.
public struct FetchJob: Sendable, Hashable, CustomStringConvertible {
    /// `naver`, `newsapi`, `mediastack`, `feed:<name>`, or `enrich`.
    public var source: String
    public var query: String?
    public var description: String { query.map { "\(source) \"\($0)\"" } ?? source }
}

/// What happened, for the summary table: one row per source and query.
public struct FetchReport: Sendable {
    public enum Status: String, Sendable { case ok, notModified = "not modified", skipped, failed }

    public struct Row: Sendable {
        public var job: FetchJob
        public var new = 0
        public var updated = 0
        public var found = 0
        public var status: Status
        /// Why it failed or was skipped.
        public var message: String?
        /// What the user should know although it succeeded (results left out, paging stopped).
        public var warnings: [String] = []
        /// Articles that got thumbnails (the `images` row).
        public var thumbnails = 0
    }

    public var rows: [Row] = []
    /// Store files written (site-relative), or that would be written in a dry run.
    public var written: [String] = []
    /// Thumbnail files written (`content/thumbnails/…`).
    public var thumbnails: [String] = []
    /// Thumbnail files deleted because no stored article names them any more (in a dry run:
    /// that would be deleted).
    public var removedThumbnails: [String] = []
    /// Problems that failed no source (a thumbnail that could not be deleted).
    public var warnings: [String] = []
    /// Requests sent, retries included.
    public var requests = 0
    public var dryRun = false

    /// True when some source or query failed (exit status 3).
    public var failed: Bool { rows.contains { $0.status == .failed } }
}

/// Progress as it happens, for the command line's live display.
public enum FetchEvent: Sendable {
    case started(FetchJob)
    case progress(FetchJob, found: Int)
    case finished(FetchReport.Row)
    case request(RequestRecord)
}

/// `gazette fetch`: every configured source and query, at most `concurrency` requests at a
/// time; one failing source never stops the others; what succeeded is merged into the store
/// (one record per story, queries united) and written atomically at the end.
///
/// The network is asked without holding anything. Only then, under the store lock
/// (`StoreLock`), is the store read again, everything merged into it and the changed files
/// written, so two fetches of one site at once never lose each other's records.
public enum Fetch {
    public static func run(
        _ request: FetchRequest, config: SiteConfig, siteRoot: URL, environment: [String: String],
        events: @escaping @Sendable (FetchEvent) -> Void = { _ in }
    ) async throws(DiagnosticsError) -> FetchReport {
        let secrets = Secrets(environment: environment)
        let plan = try SourcePlan.make(
            config: config.sources, secrets: secrets, names: request.sources, query: request.query, enrich: request.enrich)
        // Read now, so that a broken store stops the fetch before any request.
        var preview = try StoreUpdate.open(siteRoot: siteRoot, timeZone: config.timeZone)
        let snapshot = preview
        var report = FetchReport(dryRun: request.dryRun)
        let counter = Locked(0)
        let validators = SiteState.read([String: HTTPValidators].self, "http-cache.json", siteRoot: siteRoot) ?? [:]
        var enrichCache = EnrichCache.load(siteRoot: siteRoot)
        let startingEnrichCache = enrichCache
        var outcomes: [JobOutcome] = []
        var enrichRow: FetchReport.Row?
        let imageFailures = ImageFailureCache.load(siteRoot: siteRoot)
        var imageRow: FetchReport.Row?
        var images: [ArticleImages.Outcome] = []

        do {
            try await WebClient.with(
                request.network.allowing(config.network), secrets: secrets,
                observe: { record in
                    counter.withLock { $0 += 1 }
                    events(.request(record))
                }
            ) { web in
                outcomes = await boundedMap(plan.jobs, limit: max(1, request.network.concurrency)) { job in
                    await run(job, web: web, validators: validators, now: request.now, events: events)
                }
                // What this run found, merged into the preview: new stories are enriched too,
                // and get thumbnails.
                _ = merge(outcomes, into: &preview, secrets: secrets)
                if request.enrich {
                    enrichRow = await Enrichment.run(store: &preview, cache: &enrichCache, web: web, limit: request.network.concurrency, events: events)
                }
                // A dry run downloads no image.
                let wanted = ArticleImages.wanting(
                    thumbnailCandidates(preview, before: snapshot, enrich: request.enrich), siteRoot: siteRoot, failures: imageFailures)
                if request.thumbnails, !request.dryRun, !wanted.isEmpty {
                    (imageRow, images) = await ArticleImages.run(wanted, web: web, limit: request.network.concurrency, events: events)
                }
            }
        } catch {
            throw DiagnosticsError([.error("network client failed: \(secrets.redact("\(error)"))")])
        }
        report.requests = counter.withLock { $0 }
        // What this run learnt, to lay over the caches as they are when it writes.
        let freshValidators = Dictionary(
            outcomes.compactMap { outcome in outcome.feedURL.flatMap { url in outcome.validators.map { (url, $0) } } }, uniquingKeysWith: { $1 })
        let enriched = enrichCache.filter { startingEnrichCache[$0.key] != $0.value }

        /// Merges everything into `store`; the rows count against the store as given.
        func rows(merging store: inout StoreUpdate) -> [FetchReport.Row] {
            var rows = plan.skipped + merge(outcomes, into: &store, secrets: secrets)
            if var row = enrichRow {
                row.updated = Enrichment.apply(enrichCache, to: &store)
                rows.append(row)
            }
            if let imageRow { rows.append(imageRow) }
            return rows
        }

        if request.dryRun {
            var store = snapshot
            report.rows = rows(merging: &store)
            report.written = store.pendingFiles
            report.removedThumbnails = ArticleImages.unused(by: store.articles, siteRoot: siteRoot).map { "\(ArticleThumbnails.folder)/\($0)" }
            return report
        }
        let extra = { () throws(DiagnosticsError) in
            try cacheFiles(siteRoot: siteRoot, validators: freshValidators, enriched: enriched, images: images)
        }
        try write(into: &report, siteRoot: siteRoot, timeZone: config.timeZone, images: images, caches: extra, rows: rows(merging:))
        return report
    }

    /// Writes the run under the store's lock: the store read again and `rows` merged into it,
    /// thumbnails first, then the store's files, then the caches (`caches`, made under the lock
    /// from the caches as they are then); a cache that says "not modified" must never be ahead
    /// of the records it stands for.
    static func write(
        into report: inout FetchReport, siteRoot: URL, timeZone: TimeZone, images: [ArticleImages.Outcome],
        caches: () throws(DiagnosticsError) -> [AtomicFile.Item], rows: (inout StoreUpdate) -> [FetchReport.Row]
    ) throws(DiagnosticsError) {
        try StoreLock.withLock(siteRoot: siteRoot, purpose: "fetch") { () throws(DiagnosticsError) in
            var store = try StoreUpdate.open(siteRoot: siteRoot, timeZone: timeZone)
            report.rows = rows(&store)
            let extra = try caches()
            let thumbnails = ArticleImages.items(images, siteRoot: siteRoot)
            report.written = try store.write(before: thumbnails, also: extra)
            report.thumbnails = thumbnails.map(\.shownAs)
            // Thumbnails no stored article names any more (its record was edited or deleted
            // by hand) go, now that the store is written and still locked: the whole store
            // was read (a broken store stopped the fetch above), and no other fetch or add can
            // write a thumbnail and its record in between.
            (report.removedThumbnails, report.warnings) = ArticleImages.remove(
                ArticleImages.unused(by: store.articles, siteRoot: siteRoot), siteRoot: siteRoot)
        }
    }

    /// The articles to fetch thumbnails for: the stories new in this run and the images it
    /// filled in; with --enrich, every stored article.
    static func thumbnailCandidates(_ preview: StoreUpdate, before snapshot: StoreUpdate, enrich: Bool) -> [Article] {
        let imageBefore = Dictionary(snapshot.articles.map { ($0.id, $0.image) }, uniquingKeysWith: { first, _ in first })
        return preview.articles.filter { article in
            guard !enrich, let before = imageBefore[article.id] else { return true }
            return before == nil && article.image != nil
        }
    }

    /// What this run learnt laid over the fetch caches as they are now (the feeds' validators,
    /// enrichment, images that failed): the files to write with the store, those that changed.
    static func cacheFiles(
        siteRoot: URL, validators: [String: HTTPValidators], enriched: [String: EnrichEntry], images: [ArticleImages.Outcome]
    ) throws(DiagnosticsError) -> [AtomicFile.Item] {
        var extra: [AtomicFile.Item] = []
        do {
            let cached = SiteState.read([String: HTTPValidators].self, "http-cache.json", siteRoot: siteRoot) ?? [:]
            let cache = cached.merging(validators) { $1 }
            if cache != cached { extra.append(try SiteState.item(cache, "http-cache.json", siteRoot: siteRoot)) }
            let enrichCached = EnrichCache.load(siteRoot: siteRoot)
            let enrichCache = enrichCached.merging(enriched) { $1 }
            if enrichCache != enrichCached { extra.append(try SiteState.item(enrichCache, EnrichCache.file, siteRoot: siteRoot)) }
            let failedBefore = ImageFailureCache.load(siteRoot: siteRoot)
            let failed = failedBefore.merging(ArticleImages.failures(images)) { $1 }
            if failed != failedBefore { extra.append(try SiteState.item(failed, ImageFailureCache.file, siteRoot: siteRoot)) }
        } catch {
            throw DiagnosticsError([.error("cannot encode the fetch caches: \(error)")])
        }
        return extra
    }

    /// Merges the answers into `store` in job order, so the result never depends on which
    /// answer came first; returns a row per job. "updated" counts records stored before;
    /// a story new in this run counts once, as new, for the first query that found it.
    static func merge(_ outcomes: [JobOutcome], into store: inout StoreUpdate, secrets: Secrets) -> [FetchReport.Row] {
        let storedBefore = Set(store.articles.map(\.id))
        var rows: [FetchReport.Row] = []
        for outcome in outcomes {
            var row = FetchReport.Row(job: outcome.job, status: outcome.status, message: outcome.message.map { secrets.redact($0) })
            row.warnings = outcome.found?.warnings.map { secrets.redact($0) } ?? []
            if let found = outcome.found {
                row.found = found.articles.count
                for article in found.articles {
                    let existed = storedBefore.contains(article.id)
                    switch store.merge(article) {
                    case .new: row.new += 1
                    case .updated where existed: row.updated += 1
                    default: break
                    }
                }
            }
            rows.append(row)
        }
        return rows
    }

    struct JobOutcome: Sendable {
        var job: FetchJob
        var found: Found?
        var status: FetchReport.Status
        var message: String?
        var validators: HTTPValidators?
        var feedURL: String?
        var updated = 0
    }

    static func run(
        _ job: SourcePlan.Job, web: WebClient, validators: [String: HTTPValidators], now: Date,
        events: @escaping @Sendable (FetchEvent) -> Void
    ) async -> JobOutcome {
        let id = job.id
        events(.started(id))
        var outcome: JobOutcome
        do {
            switch job {
            case .search(let source, let query):
                let found = try await source.search(query, limit: source.maxResults, web: web, now: now) { count in
                    events(.progress(id, found: count))
                }
                outcome = JobOutcome(job: id, found: found, status: .ok)
            case .feed(let feed):
                let (found, fresh) = try await feed.fetch(web: web, validators: validators[feed.feed.url], now: now)
                outcome = JobOutcome(
                    job: id, found: found, status: found.notModified ? .notModified : .ok, validators: fresh, feedURL: feed.feed.url)
            }
        } catch {
            outcome = JobOutcome(job: id, found: nil, status: .failed, message: error.message)
        }
        var row = FetchReport.Row(job: id, found: outcome.found?.articles.count ?? 0, status: outcome.status, message: outcome.message)
        row.warnings = outcome.found?.warnings ?? []
        events(.finished(row))
        return outcome
    }
}

/// Which sources and queries a run covers, and which configured sources it must skip (no key).
struct SourcePlan {
    enum Job: Sendable {
        case search(any SearchSource, String)
        case feed(FeedSource)

        var id: FetchJob {
            switch self {
            case .search(let source, let query): FetchJob(source: source.id, query: query)
            case .feed(let feed): FetchJob(source: feed.id, query: nil)
            }
        }
    }

    var jobs: [Job] = []
    var skipped: [FetchReport.Row] = []

    static var apiNames: [String] { NewsSources.names }

    /// The API sources for `names` that have keys, configured or not (for `search`), with
    /// skipped rows for those without.
    static func apiSources(config: SiteConfig.Sources, secrets: Secrets, names: Set<String>, requireConfig: Bool) -> (sources: [any SearchSource], skipped: [FetchReport.Row]) {
        var sources: [any SearchSource] = []
        var skipped: [FetchReport.Row] = []
        func skip(_ source: String, _ variables: String) {
            skipped.append(
                FetchReport.Row(
                    job: FetchJob(source: source, query: nil), status: .skipped,
                    message: "\(variables) not set; export \(variables.contains(" and ") ? "them" : "it") to use \(source)"))
        }
        for api in NewsSources.all where names.contains(api.id) && (!requireConfig || api.isConfigured(in: config)) {
            if let source = api.source(config: config, secrets: secrets) {
                sources.append(source)
            } else {
                let variables = api.keyVariables
                skip(api.id, variables.joined(separator: " and ") + (variables.count > 1 ? " are" : " is"))
            }
        }
        return (sources, skipped)
    }

    static func queries(of source: any SearchSource, in config: SiteConfig.Sources) -> [String] {
        type(of: source).queries(in: config)
    }

    /// With `enrich` and no source named, a site without sources gets an empty plan instead of
    /// an error: enriching only reads and fills the store.
    static func make(
        config: SiteConfig.Sources, secrets: Secrets, names: [String], query: String?, enrich: Bool = false
    ) throws(DiagnosticsError) -> SourcePlan {
        var plan = SourcePlan()
        let feedNames = config.feeds.map(\.name)
        let known = apiNames + ["feeds"] + feedNames + feedNames.map { "feed:\($0)" }
        var wanted = Set<String>()
        var wantedFeeds = Set<String>()
        for name in names {
            let key = name.lowercased()
            if apiNames.contains(key) {
                wanted.insert(key)
            } else if key == "feeds" || key == "feed" {
                wantedFeeds.formUnion(feedNames)
            } else if let feed = feedNames.first(where: { $0 == name || "feed:\($0)" == name }) {
                wantedFeeds.insert(feed)
            } else {
                let hint = Suggest.closest(to: name, in: known).map { "did you mean '\($0)'? " } ?? ""
                throw DiagnosticsError([
                    .error("unknown source '\(name)'", hint: "\(hint)sources are \(known.filter { !$0.hasPrefix("feed:") }.joined(separator: ", "))")
                ])
            }
        }
        if names.isEmpty {
            wanted = Set(apiNames)
            wantedFeeds = Set(feedNames)
        }
        let configuredAPIs = NewsSources.all.filter { $0.isConfigured(in: config) }.map { $0.id }
        if !names.isEmpty, let missing = wanted.subtracting(configuredAPIs).sorted().first {
            throw DiagnosticsError([.error("'\(missing)' is not configured", hint: "add sources.\(missing) to gazette.yml")])
        }
        if configuredAPIs.isEmpty && config.feeds.isEmpty {
            if enrich, names.isEmpty, query == nil { return plan }
            throw DiagnosticsError([
                .error("no sources configured", hint: "add sources: to gazette.yml, e.g. naver: { queries: [금리] } (see docs/reference/gazette-yml.md)")
            ])
        }
        let (sources, skipped) = apiSources(config: config, secrets: secrets, names: wanted, requireConfig: true)
        plan.skipped = skipped
        if let query {
            guard config.allQueries.contains(query) else {
                let hint = Suggest.closest(to: query, in: config.allQueries).map { "did you mean '\($0)'? " } ?? ""
                throw DiagnosticsError([
                    .error("'\(query)' is not a configured query", hint: "\(hint)configured: \(config.allQueries.joined(separator: ", "))")
                ])
            }
        }
        for source in sources {
            for item in queries(of: source, in: config) where query == nil || item == query {
                plan.jobs.append(.search(source, item))
            }
        }
        if query == nil {
            for feed in config.feeds where wantedFeeds.contains(feed.name) { plan.jobs.append(.feed(FeedSource(feed: feed))) }
        }
        return plan
    }
}

/// Runs `work` on every item with at most `limit` at once; results in the items' order.
func boundedMap<T: Sendable, R: Sendable>(_ items: [T], limit: Int, _ work: @escaping @Sendable (T) async -> R) async -> [R] {
    await withTaskGroup(of: (Int, R).self) { group in
        var results = [R?](repeating: nil, count: items.count)
        var next = 0
        while next < min(limit, items.count) {
            let index = next
            group.addTask { (index, await work(items[index])) }
            next += 1
        }
        while let (index, result) = await group.next() {
            results[index] = result
            if next < items.count {
                let index = next
                group.addTask { (index, await work(items[index])) }
                next += 1
            }
        }
        return results.compactMap { $0 }
    }
}


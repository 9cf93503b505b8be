import Content
import Foundation
import GazetteModel

/// What one query of one source found: normalised records in the source's order, and what
/// the user should know about the results left out.
public struct Found: Sendable {
    public var articles: [Article] = []
    public var warnings: [String] = []
    /// How many results the source says it has, when it says.
    public var total: Int?
    /// The feed answered 304: nothing changed since the last fetch.
    public var notModified = false

    public init() {}
}

/// The news APIs `gazette fetch` can search: Content's one list (`NewsAPIs.all`), each with
/// how it is asked. An API declared there without a `SearchSource` conformance here is not
/// fetched; `NewsSourcesTests` holds every declared API to one.
enum NewsSources {
    static let all: [any SearchSource.Type] = NewsAPIs.all.compactMap { $0 as? any SearchSource.Type }

    /// Their names: the store's `source` values and `--source`'s.
    static var names: [String] { all.map { $0.id } }

    /// Every environment variable a source reads a key from.
    static var keyVariables: [String] { all.flatMap { $0.keyVariables } }
}

/// A news API (its section of `gazette.yml` is Content's `NewsAPI`) that answers a search
/// query page by page: how it is asked.
protocol SearchSource: NewsAPI {
    /// The documented search address; `endpoint` in the settings replaces its scheme and host.
    static var url: String { get }
    /// The environment variables its keys are read from, in the order `keys` holds them.
    static var keyVariables: [String] { get }
    /// Fetches up to `limit` newest results for `query`; `progress` gets the count so far.
    func search(_ query: String, limit: Int, web: WebClient, now: Date, progress: @Sendable (Int) -> Void)
        async throws(IngestError) -> Found
}

extension SearchSource {
    /// This API with its settings from `config` and its keys from `secrets`; nil when a key is
    /// not set.
    static func source(config: SiteConfig.Sources, secrets: Secrets) -> (any SearchSource)? {
        let keys = keyVariables.compactMap { secrets[$0] }
        guard keys.count == keyVariables.count else { return nil }
        return Self(settings: settings(in: config), keys: keys)
    }
}

/// What one page request of a search source gave: its results (as drafts) and the total the
/// source claims, or the end of paging with a warning for the user.
enum SearchPage {
    case results([Draft], total: Int?)
    case end(warning: String)
}

extension SearchSource {
    /// The store's `source` value: `naver`, `newsapi`, `mediastack`.
    var id: String { Self.id }
    /// The API's name in messages: `Naver`, `NewsAPI`, `MediaStack`.
    var label: String { Self.label }
    /// The newest results configured per query (`max_results`).
    var maxResults: Int { settings.maxResults }

    /// The address of one request: the documented one, or the configured `endpoint`'s.
    func address(_ parameters: [(String, String)]) -> String {
        Endpoint.url(Self.url, endpoint: settings.endpoint, parameters: parameters)
    }

    /// The paging loop every API source shares: asks `page(number, received)` for pages 1, 2, …
    /// of `pageSize` results, normalises up to `limit` of them, and stops when `limit` are in, a
    /// page comes back short, the claimed total is passed, or `page` says `.end`.
    func collect(
        _ query: String, limit: Int, pageSize: Int, now: Date, progress: @Sendable (Int) -> Void,
        page: (_ number: Int, _ received: Int) async throws(IngestError) -> SearchPage
    ) async throws(IngestError) -> Found {
        var found = Found()
        var normalizer = Normalizer(source: id, query: query, now: now)
        var received = 0
        for number in 1... {
            let drafts: [Draft], total: Int?
            switch try await page(number, received) {
            case .end(let warning):
                found.warnings.append(warning)
                found.warnings += normalizer.warnings
                return found
            case .results(let results, let claimed):
                (drafts, total) = (results, claimed)
            }
            found.total = total
            for draft in drafts.prefix(limit - received) {
                received += 1
                if let article = normalizer.article(draft) { found.articles.append(article) }
            }
            progress(found.articles.count)
            if received >= limit || drafts.count < pageSize || number * pageSize >= (total ?? Int.max) { break }
        }
        found.warnings += normalizer.warnings
        return found
    }

    /// One request of this source; a transport failure becomes its network failure.
    func get(_ url: String, headers: [(String, String)] = [], web: WebClient) async throws(IngestError) -> WebResponse {
        do {
            return try await web.get(url, headers: headers, source: .configuration)
        } catch {
            throw error.attributed(to: label)
        }
    }
}

/// A record as a source describes it, before normalisation.
struct Draft {
    var url: String?
    var title: String?
    var description: String?
    var publisher: String?
    var author: String?
    var published: String?
    var image: String?
    var language: String?
    /// Title and description are already plain text (feeds convert by their own type rules);
    /// otherwise they are HTML fragments, as the APIs send them.
    var textIsPlain = false
}

/// Turns drafts into store records and counts what had to be left out or patched, so the user
/// is told rather than records vanishing.
struct Normalizer {
    let source: String
    let query: String?
    let now: Date
    private(set) var withoutURL = 0
    private(set) var withoutDate = 0
    private(set) var removed = 0
    private var seen = Set<String>()

    init(source: String, query: String?, now: Date) {
        self.source = source
        self.query = query
        self.now = now
    }

    /// The record for `draft`, or nil when it has no usable address, was taken down, or
    /// repeats a story this query already returned (pages can overlap while results shift).
    mutating func article(_ draft: Draft) -> Article? {
        guard let raw = draft.url?.trimmingCharacters(in: .whitespacesAndNewlines), let url = CanonicalURL.canonicalize(raw),
            let id = CanonicalURL.articleID(for: url)
        else {
            withoutURL += 1
            return nil
        }
        guard seen.insert(id).inserted else { return nil }
        let text = { (value: String?) in draft.textIsPlain ? PlainText.collapse(value ?? "") : PlainText.from(html: value) }
        let title = text(draft.title)
        // NewsAPI blanks out stories taken down by their publishers.
        if title == "[Removed]" || url.hasPrefix("https://removed.com") {
            removed += 1
            return nil
        }
        var published = PublishedDate.normalize(draft.published)
        if published == nil {
            withoutDate += 1
            published = PublishedDate.format(now, offset: 0)
        }
        func optional(_ text: String?) -> String? {
            guard let text = text.map({ PlainText.from(html: $0) }), !text.isEmpty else { return nil }
            return text
        }
        // An image the URL policy refuses (`htqps://…`, `javascript:`, no host) is left out: the
        // store would only warn about it and pages would drop it anyway.
        let image = draft.image.flatMap { SafeURL.allowed($0, in: .absolute) }
        return Article(
            id: id, url: url, title: title.isEmpty ? url : title, description: text(draft.description),
            source: source, publisher: optional(draft.publisher) ?? Publishers.name(forURL: url), author: optional(draft.author),
            published: published ?? "", image: image, queries: query.map { [$0] } ?? [],
            language: draft.language.flatMap(Self.language))
    }

    /// `ko-KR`, `ko_KR`, `KO` → `ko`.
    static func language(_ text: String) -> String? {
        let code = text.lowercased().prefix { $0.isLetter }
        return code.count == 2 || code.count == 3 ? String(code) : nil
    }

    /// What was left out or patched, in words.
    var warnings: [String] {
        var out: [String] = []
        if withoutURL > 0 { out.append("\(withoutURL) result\(withoutURL == 1 ? "" : "s") without a usable http(s) address left out") }
        if removed > 0 { out.append("\(removed) result\(removed == 1 ? "" : "s") marked [Removed] by the publisher left out") }
        if withoutDate > 0 {
            out.append("\(withoutDate) result\(withoutDate == 1 ? "" : "s") without a readable date stored with the time of this fetch")
        }
        return out
    }
}

/// JSON decoding that turns a body that is not what the API documents into a failure naming it.
func decodeJSON<T: Decodable>(_ type: T.Type, _ response: WebResponse, label: String, expecting: String) throws(IngestError) -> T {
    do {
        return try JSONDecoder().decode(T.self, from: response.body)
    } catch {
        throw IngestError.unexpected(label, response, expecting: expecting)
    }
}

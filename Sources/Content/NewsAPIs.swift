import GazetteModel

/// A news API a site can search, as `gazette.yml` knows it: its id (the store's `source` value,
/// its section under `sources:` and its name on the command line), its name in messages, its
/// settings and the keys of its section. Ingest's `SearchSource` adds how it is asked; the one
/// list of APIs is `NewsAPIs.all`.
public protocol NewsAPI: Sendable {
    associatedtype Settings: APISettings
    /// `naver`, `newsapi`, `mediastack`.
    static var id: String { get }
    /// `Naver`, `NewsAPI`, `MediaStack`.
    static var label: String { get }
    /// The API with its section's settings (the defaults when the site has none) and its keys,
    /// in the order Ingest's `keyVariables` names them.
    init(settings: Settings?, keys: [String])
    var settings: Settings { get }
    var keys: [String] { get }
}

/// An API's section of `gazette.yml`, read by `ConfigLoader`.
protocol NewsAPISection: NewsAPI {
    static var configKeys: [ConfigKey<Settings>] { get }
}

/// The news APIs: the one list. A new API is one type here (its section) with its
/// `SearchSource` conformance in Ingest (how it is asked), and one line in `sections`; the config
/// loader, `gazette schema`, the fetch plan, the keys read and the hints all follow from it.
public enum NewsAPIs {
    static let sections: [any NewsAPISection.Type] = [NaverSource.self, NewsAPISource.self, MediaStackSource.self]

    public static var all: [any NewsAPI.Type] { sections }

    /// The `sources:` keys of every API's section.
    static var configKeys: [ConfigKey<SiteConfig.Sources>] { sections.map { $0.sourcesKey } }
}

extension NewsAPI {
    /// This API's section in `config`, nil when the site has none.
    public static func settings(in config: SiteConfig.Sources) -> Settings? { config.apis[id] as? Settings }

    /// Whether `gazette.yml` has this API's section.
    public static func isConfigured(in config: SiteConfig.Sources) -> Bool { config.apis[id] != nil }

    /// The queries configured for this API.
    public static func queries(in config: SiteConfig.Sources) -> [String] { settings(in: config)?.queries ?? [] }
}

extension NewsAPISection {
    /// `sources.<id>`: a mapping read by `configKeys` into the API's default settings.
    static var sourcesKey: ConfigKey<SiteConfig.Sources> {
        .section(id, set: { sources, settings in sources.apis[id] = settings }, Settings.init, configKeys)
    }
}

extension SiteConfig.Sources {
    /// Every configured query, in the order of `NewsAPIs.all`, without repeats: the order in
    /// which a week page groups its articles.
    public var allQueries: [String] {
        var seen = Set<String>()
        return NewsAPIs.all.flatMap { $0.queries(in: self) }.filter { seen.insert($0).inserted }
    }
}

/// Naver Search API, news: `sources.naver`.
public struct NaverSource: NewsAPISection {
    public static let id = "naver"
    public static let label = "Naver"

    public struct Settings: APISettings {
        public var queries: [String] = []
        public var display = 100
        public var sort = "date"
        public var maxResults = 100
        public var endpoint: String?
        public init() {}
    }

    static var configKeys: [ConfigKey<Settings>] {[
        .list("queries", \.queries),
        .integer("display", \.display, in: 1...100),
        .choice("sort", \.sort, ["sim", "date"], message: "Naver 'sort' must be sim or date"),
        .integer("max_results", \.maxResults, in: ConfigLoader.resultLimits),
        ConfigLoader.endpoint(),
    ]}

    public let settings: Settings
    public let keys: [String]
    public init(settings: Settings?, keys: [String]) { (self.settings, self.keys) = (settings ?? Settings(), keys) }
}

/// NewsAPI.org, everything: `sources.newsapi`.
public struct NewsAPISource: NewsAPISection {
    public static let id = "newsapi"
    public static let label = "NewsAPI"

    public struct Settings: APISettings {
        public var queries: [String] = []
        public var language: String?
        public var sortBy = "publishedAt"
        public var maxResults = 100
        public var endpoint: String?
        public init() {}
    }

    static var configKeys: [ConfigKey<Settings>] {[
        .list("queries", \.queries),
        .text("language", \.language),
        .choice(
            "sort_by", \.sortBy, ["relevancy", "popularity", "publishedAt"],
            message: "NewsAPI 'sort_by' must be relevancy, popularity or publishedAt"),
        .integer("max_results", \.maxResults, in: ConfigLoader.resultLimits),
        ConfigLoader.endpoint(),
    ]}

    public let settings: Settings
    public let keys: [String]
    public init(settings: Settings?, keys: [String]) { (self.settings, self.keys) = (settings ?? Settings(), keys) }
}

/// MediaStack news: `sources.mediastack`. Its search terms are `keywords`.
public struct MediaStackSource: NewsAPISection {
    public static let id = "mediastack"
    public static let label = "MediaStack"

    public struct Settings: APISettings {
        public var keywords: [String] = []
        public var languages: [String] = []
        public var countries: [String] = []
        public var sort: String?
        public var maxResults = 100
        public var endpoint: String?
        public var queries: [String] { keywords }
        public init() {}
    }

    static var configKeys: [ConfigKey<Settings>] {[
        .list("keywords", \.keywords),
        .list("languages", \.languages),
        .list("countries", \.countries),
        .text("sort", \.sort),
        .integer("max_results", \.maxResults, in: ConfigLoader.resultLimits),
        ConfigLoader.endpoint(),
    ]}

    public let settings: Settings
    public let keys: [String]
    public init(settings: Settings?, keys: [String]) { (self.settings, self.keys) = (settings ?? Settings(), keys) }
}

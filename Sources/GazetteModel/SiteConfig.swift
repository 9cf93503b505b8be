import Foundation

/// An entry of the site's vocabulary: the key journals use and the name pages show. `Role`
/// keeps tags and authors apart as types, though they are the same thing.
public struct VocabularyEntry<Role: VocabularyRole>: Hashable, Sendable {
    public var key: String
    public var name: String

    public init(key: String, name: String) {
        self.key = key
        self.name = name
    }
}

/// What a vocabulary entry names.
public protocol VocabularyRole: Sendable {}
public enum TagRole: VocabularyRole {}
public enum AuthorRole: VocabularyRole {}

/// A tag of the site's vocabulary.
public typealias Tag = VocabularyEntry<TagRole>
/// A member who writes journals.
public typealias Author = VocabularyEntry<AuthorRole>

/// The language of a site's interface: strings, date formats and `<html lang>`.
public enum SiteLanguage: String, Sendable, CaseIterable {
    case ko, en
}

/// Paper sizes for study packets.
public enum Paper: String, Sendable, CaseIterable {
    case a4, letter
}

/// A site's `gazette.yml`, typed and validated.
public struct SiteConfig: Sendable, Equatable {
    public var title: String
    public var description: String?
    /// Absolute base URL with a trailing slash, used for feeds, sitemap and Open Graph.
    public var baseURL: URL?
    public var language: SiteLanguage
    public var timeZone: TimeZone
    /// Authors in key order.
    public var authors: [Author]
    /// The tag vocabulary, in the order written in the config (the order of tag navigation).
    public var tags: [Tag]
    public var sources: Sources
    public var packet: PacketSettings
    public var markdown: MarkdownSettings
    public var board = BoardSettings()
    public var publish = PublishSettings()
    public var mail = MailSettings()
    public var network = Network()

    public init(
        title: String, description: String? = nil, baseURL: URL? = nil, language: SiteLanguage = .ko,
        timeZone: TimeZone = TimeZone(identifier: "Asia/Seoul") ?? .current, authors: [Author] = [],
        tags: [Tag]? = nil, sources: Sources = Sources(), packet: PacketSettings = PacketSettings(),
        markdown: MarkdownSettings = MarkdownSettings()
    ) {
        self.title = title
        self.description = description
        self.baseURL = baseURL
        self.language = language
        self.timeZone = timeZone
        self.authors = authors
        self.tags = tags ?? SiteConfig.defaultTags(language)
        self.sources = sources
        self.packet = packet
        self.markdown = markdown
    }

    public func tag(_ key: String) -> Tag? { tags.first { $0.key == key } }
    public func author(_ key: String) -> Author? { authors.first { $0.key == key } }
    /// The name a page shows for a tag key: the vocabulary's, or the key itself.
    public func tagName(_ key: String) -> String { tag(key)?.name ?? key }
    /// The name a page shows for an author key: the vocabulary's, or the key itself.
    public func authorName(_ key: String) -> String { author(key)?.name ?? key }

    /// NewsForce's ten topics, used when a site configures no vocabulary of its own.
    public static func defaultTags(_ language: SiteLanguage) -> [Tag] {
        let table: [(String, String, String)] = [
            ("politics", "정치", "Politics"), ("economy", "경제", "Economy"), ("art", "예술", "Art"),
            ("entertainment", "연예", "Entertainment"), ("science", "과학", "Science"),
            ("technology", "기술", "Technology"), ("health", "건강", "Health"),
            ("lifestyle", "라이프", "Lifestyle"), ("sports", "스포츠", "Sports"), ("world", "글로벌", "World"),
        ]
        return table.map { Tag(key: $0.0, name: language == .ko ? $0.1 : $0.2) }
    }

    /// Settings of the news sources `gazette fetch` reads: each news API's section of
    /// `gazette.yml` by the API's id (the APIs and their sections are declared in Content's
    /// `NewsAPIs`), and the feeds.
    public struct Sources: Sendable, Equatable {
        /// Each configured API's settings, by its id (`naver`, `newsapi`, `mediastack`): only
        /// the sections the file has.
        public var apis: [String: any APISettings]
        public var feeds: [Feed]

        public init(apis: [String: any APISettings] = [:], feeds: [Feed] = []) {
            self.apis = apis
            self.feeds = feeds
        }

        public static func == (a: Sources, b: Sources) -> Bool {
            a.feeds == b.feeds && a.apis.count == b.apis.count
                && a.apis.allSatisfy { id, settings in b.apis[id].map(settings.isEqual) ?? false }
        }

        /// An RSS or Atom feed: a name, and an http(s) address that canonicalizes.
        public struct Feed: Sendable, Hashable {
            public let name: String
            public let url: String
            /// Nil unless `name` is not empty and `url` is an http(s) address.
            public init?(name: String?, url: String?) {
                guard let name, !name.isEmpty, let url, CanonicalURL.canonicalize(url) != nil else { return nil }
                (self.name, self.url) = (name, url)
            }
        }
    }

    /// Layout of study packets (`packet:` in gazette.yml).
    public struct PacketSettings: Sendable, Equatable {
        public var paper: Paper = .a4
        /// Family of the text; the files are pinned (fonts-nanum), see `Packet`'s font table.
        public var font = "NanumGothic"
        /// Family of code.
        public var codeFont = "NanumGothicCoding"
        /// Body text size in points.
        public var size = 10.5
        /// Line height as a multiple of the size.
        public var lineHeight = 1.6
        /// Page margins in points; the running header and footer sit inside them.
        public var margins = Margins(top: 48, right: 56, bottom: 48, left: 56)
        /// Which date orders the journals, oldest first unless `descending`.
        public var order: Order = .updated
        public var descending = false
        public init() {}

        public struct Margins: Sendable, Hashable {
            public var top: Double, right: Double, bottom: Double, left: Double
            public init(top: Double, right: Double, bottom: Double, left: Double) {
                self.top = top
                self.right = right
                self.bottom = bottom
                self.left = left
            }
        }

        public enum Order: String, Sendable, CaseIterable {
            case updated, created, title
        }
    }

    /// What `gazette fetch` and `gazette add` may reach (`network:` in gazette.yml).
    public struct Network: Sendable, Equatable {
        /// Private, loopback and link-local addresses that addresses taken from data (article
        /// pages, article images: what feeds, APIs and the store name) may reach anyway: an
        /// intranet's news server, or a test's loopback server. Empty by default, so data can
        /// never make Gazette request the machine itself, the local network or a cloud
        /// metadata service. Addresses written in gazette.yml (feeds, endpoints) are trusted
        /// and need no entry.
        public var allowPrivate: [IPAddressRange] = []
        public init() {}
    }

    /// What `gazette publish` adds to the published branch.
    public struct PublishSettings: Sendable, Equatable {
        /// The custom domain GitHub Pages serves the site at, written as `CNAME`.
        public var cname: String?
        public init() {}
    }

    /// The weekly digest by mail (`gazette mail`): who it is from and to. The SMTP server and its
    /// credentials come from the environment only, never from here.
    public struct MailSettings: Sendable, Equatable {
        public var from: MailAddress?
        public var to: [MailAddress] = []
        public var replyTo: MailAddress?
        public init() {}
    }

    /// Boards: how many cards a page of the 전체, tag and week boards holds before the rest go
    /// to `page/2/`, `page/3/`…, how many rows a page of their list view holds, and how many
    /// article rows a week shows under its board before they move to pages of their own
    /// (`weeks/<week>/articles/`, that many to a page).
    public struct BoardSettings: Sendable, Equatable {
        public static let defaultPerPage = 30
        public static let defaultListPerPage = 100
        public static let defaultArticlesPerPage = 60
        public var perPage = BoardSettings.defaultPerPage
        public var listPerPage = BoardSettings.defaultListPerPage
        public var articlesPerPage = BoardSettings.defaultArticlesPerPage
        public init() {}
    }

    /// How journal Markdown is rendered.
    public struct MarkdownSettings: Sendable, Equatable {
        /// Pass raw HTML in journals through (GFM's tagfilter still applies); escaped otherwise.
        public var unsafeHTML = false
        /// A line ending inside a paragraph is a line break on pages and in packets, as most
        /// editors' previews show it (Obsidian, Typora, a phone's notes); false, CommonMark's rule:
        /// the lines of a paragraph join, and a break takes a backslash or two spaces at the end.
        public var lineBreaks = false
        public init() {}
    }
}

/// What the settings of every news API have: how many of the newest results a query keeps
/// (`max_results`), and an address replacing the documented one (tests point it at a local server).
public protocol APISettings: Sendable, Equatable {
    /// An API's settings before its section is read: the API's defaults.
    init()
    /// The search terms the section configures (MediaStack calls them keywords).
    var queries: [String] { get }
    var maxResults: Int { get set }
    var endpoint: String? { get set }
}

extension APISettings {
    /// Whether `other` is settings of the same API with the same values.
    public func isEqual(_ other: any APISettings) -> Bool { (other as? Self) == self }
}

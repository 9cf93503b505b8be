import Content
import Foundation
import GazetteModel
import Markdown

/// What a week's digest says, before it is written as HTML and as plain text: the week, its
/// journals (newest first, as the week's board lists them) and its fetched articles grouped by
/// the query that found them, every link absolute under the site's `base_url`.
public struct WeeklyDigest: Sendable {
    public struct Entry: Sendable {
        public var title: String
        public var author: String?
        public var date: String
        public var tags: [String]
        public var excerpt: String
        /// The alt text of the body's pictures, in order: the text part puts each on a line of
        /// its own rather than into the excerpt's prose.
        public var pictures: [String] = []
        public var url: String
        /// The article the journal is about: its title and (absolute) address.
        public var article: (title: String, url: String)?
        public var thumbnail: Thumbnail?
    }

    /// One of the site's own thumbnails, absolute, with its size and text.
    public struct Thumbnail: Sendable {
        public var url: String
        public var width: Int
        public var height: Int
        public var alt: String
    }

    public struct ArticleLink: Sendable {
        public var title: String
        public var url: String
        public var publisher: String?
        public var date: String?
    }

    public struct ArticleGroup: Sendable {
        /// The query (`금리`) or the feed's name.
        public var label: String
        public var articles: [ArticleLink]
    }

    public let siteTitle: String
    public let week: ISOWeek
    /// `2026년 47주차`, and `11월 16일 – 11월 22일`.
    public let weekLabel: String
    public let range: String
    public let language: SiteLanguage
    public let siteURL: String
    public let weekURL: String
    public let packetURL: String?
    public let entries: [Entry]
    public let groups: [ArticleGroup]
    public let articleCount: Int
    let strings: MailStrings

    /// The digest of `week`. Needs `base_url`: a message read in a mail client has no page to
    /// resolve relative links against.
    public init(content: SiteContent, week: ISOWeek, baseURL: URL?) throws(MailError) {
        guard let base = baseURL ?? content.config.baseURL else {
            throw MailError(
                "base_url is not set: a digest's links must be absolute",
                hint: "add base_url: https://example.org/study/ to gazette.yml, or pass --base-url")
        }
        guard let contents = content.weeks.first(where: { $0.week == week }) else {
            let weeks = content.weeks.map(\.week.description).joined(separator: ", ")
            throw MailError("week \(week) has no journals or articles", hint: weeks.isEmpty ? "write a journal first" : "weeks with content: \(weeks)")
        }
        let config = content.config
        let dates = DateStyle(language: config.language, timeZone: config.timeZone)
        func absolute(_ path: String) -> String { base.absoluteString + SitePaths.encode(path) }
        strings = MailStrings(language: config.language)
        siteTitle = config.title
        self.week = week
        weekLabel = dates.week(week)
        range = dates.range(week)
        language = config.language
        siteURL = base.absoluteString
        weekURL = absolute(SitePaths.week(week))
        packetURL = contents.hasPacket ? absolute(SitePaths.packet(week)) : nil
        let excerptLength = Self.excerptLength(journals: contents.journals.count)
        entries = Journal.sortedNewestFirst(contents.journals).map { journal in
            let article = content.article(for: journal)
            let thumbnail = article.flatMap { article -> Thumbnail? in
                // The larger file, shown at the smaller size: sharp on a phone's screen.
                guard let paths = content.thumbnails(of: article), let path = paths.last, let file = path.split(separator: "/").last,
                    let size = ArticleThumbnails.sizes.first
                else { return nil }
                return Thumbnail(url: absolute(SitePaths.thumbnail(String(file))), width: size.width, height: size.height, alt: article.title)
            }
            let document = MarkdownDocument(content.markdown(of: journal))
            let linked = article.map { (title: $0.title, url: $0.url) } ?? journal.articleReference.map { (title: $0, url: $0) }
            return Entry(
                title: journal.title, author: journal.author.map(config.authorName), date: dates.day(journal.created),
                tags: journal.tags.map(config.tagName),
                excerpt: Self.excerpt(document, length: excerptLength),
                pictures: document.links().filter(\.isImage).map { $0.text.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                url: absolute(SitePaths.journal(journal.slug)),
                article: linked.flatMap { link in SafeURL.allowed(link.url, in: .absolute).map { (title: link.title, url: $0) } },
                thumbnail: thumbnail)
        }
        groups = Self.groups(contents.articles, config: config, dates: dates)
        articleCount = contents.articles.count
    }

    /// The heading of articles no query found: the feed's name, or, for what members stored
    /// themselves (`gazette add`, `gazette new URL`), 직접 추가한 기사 / Added by members.
    static func label(ofSource source: String, config: SiteConfig) -> String {
        // An article of an API always has its query; what is left is a feed or the members'.
        source.hasPrefix("feed:") || source == "manual" ? SourceNames.label(source, language: config.language) : source
    }

    /// How long each journal's excerpt is: 200 characters, less in a busy week, so the whole
    /// message stays under Gmail's 102 KB (past it, Gmail cuts the message off): 6,000 characters
    /// of excerpts a week, at least 60 a journal.
    static func excerptLength(journals: Int) -> Int { max(60, min(200, 6_000 / max(1, journals))) }

    /// About the first `length` characters of a body's text, cut at a word.
    static func excerpt(_ document: MarkdownDocument, length: Int) -> String {
        let text = document.plainText(skippingHeadings: true, skippingImages: true)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard text.count > length else { return text }
        let cut = text.prefix(length)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word + "…"
    }

    /// The week's articles by the query that found them, in the order `gazette.yml` lists the
    /// queries, then feeds and what was added by hand; an article two queries found is under
    /// both. Newest first in each.
    static func groups(_ articles: [Article], config: SiteConfig, dates: DateStyle) -> [ArticleGroup] {
        var byLabel: [String: [Article]] = [:]
        for article in articles {
            let labels = article.queries.isEmpty ? [label(ofSource: article.source, config: config)] : article.queries
            for label in labels { byLabel[label, default: []].append(article) }
        }
        let listed = config.sources.allQueries
        let order = listed.filter { byLabel[$0] != nil } + byLabel.keys.filter { !listed.contains($0) }.sorted()
        return order.map { label in
            let sorted = (byLabel[label] ?? []).sorted { ($0.published, $0.id) > ($1.published, $1.id) }
            return ArticleGroup(
                label: label,
                articles: sorted.compactMap { article in
                    SafeURL.allowed(article.url, in: .absolute).map {
                        ArticleLink(title: article.title, url: $0, publisher: article.publisher, date: article.publishedDate.map(dates.plainDay))
                    }
                })
        }.filter { !$0.articles.isEmpty }
    }
}

/// Why a digest could not be made or recorded, with what to do: the project's error shape.
public typealias MailError = GazetteError<MailErrorKind>

public enum MailErrorKind: Sendable, Equatable {
    case mail
}

extension GazetteError where Kind == MailErrorKind {
    public init(_ message: String, hint: String) { self.init(.mail, .error(message, hint: hint)) }
}

/// The digest's own words, in the site's language.
struct MailStrings: Sendable {
    let language: SiteLanguage
    var journals: String { language == .ko ? "이번 주 저널" : "This week's journals" }
    var articles: String { language == .ko ? "이번 주 기사" : "This week's articles" }
    var readOnSite: String { language == .ko ? "사이트에서 읽기" : "Read on the site" }
    var packet: String { language == .ko ? "스터디 자료 (PDF)" : "Study packet (PDF)" }
    var weekPage: String { language == .ko ? "이번 주 보드" : "The week's board" }
    var about: String { language == .ko ? "기사" : "Article" }
    var picture: String { language == .ko ? "그림" : "Picture" }
    var noJournals: String { language == .ko ? "이번 주에는 저널이 없어요." : "No journals this week." }
    var links: String { language == .ko ? "링크" : "Links" }
    func journalCount(_ count: Int) -> String { language == .ko ? "저널 \(count)편" : "\(count) journal\(count == 1 ? "" : "s")" }
    func articleCount(_ count: Int) -> String { language == .ko ? "기사 \(count)건" : "\(count) article\(count == 1 ? "" : "s")" }
}

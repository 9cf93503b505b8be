import Foundation

/// One news story in the article store (`content/articles/YYYY-Www.json`), from a news API, a
/// feed or added by hand. Text fields are plain text.
public struct Article: Hashable, Sendable, Codable {
    /// First 12 hex digits of the SHA-256 of the canonical URL (see `CanonicalURL`).
    public var id: String
    public var url: String
    public var title: String
    public var description: String
    /// `naver`, `newsapi`, `mediastack`, `feed:<name>` or `manual`.
    public var source: String
    public var publisher: String?
    public var author: String?
    /// The publication time as stored (ISO 8601 with offset).
    public var published: String
    public var image: String?
    /// Every configured query that found the story, sorted.
    public var queries: [String]
    public var language: String?

    public init(
        id: String, url: String, title: String, description: String, source: String,
        publisher: String?, author: String?, published: String, image: String?, queries: [String],
        language: String?
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.description = description
        self.source = source
        self.publisher = publisher
        self.author = author
        self.published = published
        self.image = image
        self.queries = queries
        self.language = language
    }

    /// The publication instant, when `published` parses as ISO 8601.
    public var publishedDate: Date? { ISO8601.parse(published) }
}

/// ISO 8601 / RFC 3339 timestamps with an offset, as the article store keeps them.
public enum ISO8601 {
    /// Parses `2026-11-18T09:50:00+09:00`, `…Z`, with or without fractional seconds.
    public static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// `2026-11-18T09:50:00+09:00` in `timeZone` (`Z` for UTC).
    public static func format(_ date: Date, in timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = timeZone
        return formatter.string(from: date)
    }
}

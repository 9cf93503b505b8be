import Content
import Foundation
import GazetteModel

/// Which journals a packet holds: a week, tags, authors, a span of `created` dates and files, all
/// of which must match. Bookmarks (empty bodies) are always left out.
public struct PacketSelection: Sendable, Hashable {
    public var week: ISOWeek?
    /// Tag keys; a journal matches when it has any of them.
    public var tags: [String]
    /// Author keys; a journal matches when it is by any of them.
    public var authors: [String]
    /// First and last day (inclusive, site time zone) of `created`.
    public var since: Date?
    public var until: Date?
    /// Journal files, relative to the site folder.
    public var files: [String]

    public init(
        week: ISOWeek? = nil, tags: [String] = [], authors: [String] = [], since: Date? = nil, until: Date? = nil, files: [String] = []
    ) {
        self.week = week
        self.tags = tags
        self.authors = authors
        self.since = since
        self.until = until
        self.files = files
    }

    /// The journals with a body that match, in the configured packet order.
    public func journals(in content: SiteContent) -> [Journal] {
        let calendar = Self.calendar(content.config.timeZone)
        let sinceStart = since.map { calendar.startOfDay(for: $0) }
        let untilEnd = until.flatMap { calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: $0)) }
        let selected = content.journals.filter { journal in
            guard !journal.isBookmark else { return false }
            if let week, content.week(of: journal) != week { return false }
            if !tags.isEmpty, !journal.tags.contains(where: tags.contains) { return false }
            if !authors.isEmpty, !authors.contains(journal.author ?? "") { return false }
            if let sinceStart, journal.created < sinceStart { return false }
            if let untilEnd, journal.created >= untilEnd { return false }
            if !files.isEmpty, !files.contains(journal.path) { return false }
            return true
        }
        return PacketSelection.ordered(selected, by: content.config.packet)
    }

    /// Packet order: by the configured date (or title), ties by `created` then slug.
    static func ordered(_ journals: [Journal], by settings: SiteConfig.PacketSettings) -> [Journal] {
        let ascending = journals.sorted { a, b in
            switch settings.order {
            case .updated where a.updated != b.updated: return a.updated < b.updated
            case .created where a.created != b.created: return a.created < b.created
            case .title where a.title != b.title: return a.title.utf8Precedes(b.title)
            default:
                if a.created != b.created { return a.created < b.created }
                return a.slug.utf8Precedes(b.slug)
            }
        }
        return settings.descending ? ascending.reversed() : ascending
    }

    /// True when only a week is chosen: the packet `gazette build` writes for that week.
    public var isWholeWeek: Bool { week != nil && tags.isEmpty && authors.isEmpty && since == nil && until == nil && files.isEmpty }

    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

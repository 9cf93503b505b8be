import Foundation
import GazetteModel

/// One journal as a board shows it: the text a card displays and where it links.
public struct Card: Sendable, Hashable {
    public var slug: String
    public var title: String
    public var href: String
    public var updated: String
    public var updatedISO: String
    public var tags: [String]
    public var tagLinks: [String]
    /// The start of the body as styled runs (inline Markdown kept, blocks flattened); empty for a
    /// bookmark.
    public var excerptRuns: [ExcerptRun]
    public var isBookmark: Bool
    /// For bookmarks: the article's title and publisher.
    public var articleTitle: String?
    public var publisher: String?
    public var author: String?

    public init(
        slug: String, title: String, href: String, updated: String, updatedISO: String, tags: [String], tagLinks: [String],
        excerptRuns: [ExcerptRun], isBookmark: Bool, articleTitle: String?, publisher: String?, author: String?
    ) {
        self.slug = slug
        self.title = title
        self.href = href
        self.updated = updated
        self.updatedISO = updatedISO
        self.tags = tags
        self.tagLinks = tagLinks
        self.excerptRuns = excerptRuns
        self.isBookmark = isBookmark
        self.articleTitle = articleTitle
        self.publisher = publisher
        self.author = author
    }

    /// The meta line as displayed: the updated date, then the author.
    public var metaLine: String { author.map { "\(updated) · \($0)" } ?? updated }
    /// The tags line as displayed: `#name` with a word joiner after `#`, so a tag never breaks
    /// right after its sign (the joiner is invisible and zero-width in browsers and in HarfBuzz).
    public var tagLine: String { tags.map { "#\u{2060}\($0)" }.joined(separator: " ") }

    /// What `card.mustache` reads.
    var templateContext: [String: Any] {
        [
            "slug": slug, "title": title, "href": href, "updated": updated,
            "updatedISO": updatedISO, "excerptHTML": ExcerptRun.html(excerptRuns), "hasExcerpt": !excerptRuns.isEmpty,
            "isBookmark": isBookmark, "articleTitle": articleTitle ?? title, "publisher": publisher ?? "",
            "author": author ?? "",
            "hasTags": !tags.isEmpty,
            "tags": zip(tags, tagLinks).map { ["name": $0.0, "href": $0.1] },
        ]
    }
}

/// The seam between the cards a page shows and how they are arranged. A layout turns cards into
/// the template context of `board.mustache`.
public protocol BoardLayout: Sendable {
    func context(for cards: [Card], boardID: String) throws -> [String: Any]
}

/// Cards in DOM order, one after another, with no measured placement: for tests of pages that
/// do not care about the board, and what a theme gets without the masonry CSS.
public struct GridBoardLayout: BoardLayout {
    public init() {}

    public func context(for cards: [Card], boardID: String) -> [String: Any] {
        ["boardID": boardID, "cards": cards.map(\.templateContext), "isEmpty": cards.isEmpty]
    }
}

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
    /// Plain-text excerpt of the body; empty for a bookmark.
    public var excerpt: String
    public var isBookmark: Bool
    /// For bookmarks: the article's title and publisher.
    public var articleTitle: String?
    public var publisher: String?
    public var author: String?
}

/// The seam between the cards a page shows and how they are arranged. A layout turns cards into
/// the template context of `board.mustache`; the masonry layout will compute positions here.
public protocol BoardLayout: Sendable {
    func context(for cards: [Card], boardID: String) -> [String: Any]
}

/// Cards in DOM order in a responsive CSS grid.
public struct GridBoardLayout: BoardLayout {
    public init() {}

    public func context(for cards: [Card], boardID: String) -> [String: Any] {
        [
            "boardID": boardID,
            "cards": cards.map { card -> [String: Any] in
                [
                    "slug": card.slug, "title": card.title, "href": card.href, "updated": card.updated,
                    "updatedISO": card.updatedISO, "excerpt": card.excerpt, "isBookmark": card.isBookmark,
                    "articleTitle": card.articleTitle ?? "", "publisher": card.publisher ?? "",
                    "author": card.author ?? "",
                    "hasTags": !card.tags.isEmpty,
                    "tags": zip(card.tags, card.tagLinks).map { ["name": $0.0, "href": $0.1] },
                ]
            },
            "isEmpty": cards.isEmpty,
        ]
    }
}

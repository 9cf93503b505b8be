import Content
import Foundation
import GazetteModel

/// What one page is rendered from, typed per kind of page: gathered from the site's content by
/// `SiteRenderer.inputs`, and turned into the template's values by `PageFrame.draft` from
/// itself and the frame (what every page shares) alone. So two builds whose inputs for a page
/// are equal (`==`, which the compiler writes over every stored property) and whose frames
/// have one fingerprint render that page to the same bytes, and `gazette serve` takes its key
/// from the last build without drafting it (`PageMemo`).
///
/// The journals a page holds stand for what the frame makes of them — their bodies' HTML and
/// leads — which follow from the journal, its article and the frame; a board page holds its
/// journals as their cards and rows show them (`ShownJournal`), and its packing follows from
/// those cards and the frame.
enum PageInputs: Equatable, Sendable {
    /// A page of a week's board; the home page (the digest) is the newest week's first page.
    case week(WeekPage)
    /// A page of a week's articles, when they are more than its board pages list.
    case weekArticles(WeekArticlesPage)
    case journal(JournalPage)
    /// A page of the 전체 board or a tag's board, or of its list view.
    case board(BoardPage)
    case archive(weeks: [WeekCounts])
    /// The search page: its week filter lists the weeks with journals; `index` is the index's
    /// manifest (`PageFrame.searchIndex`).
    case search(weeks: [ISOWeek], index: String?)
    /// The home page of a site with no week yet.
    case emptyHome

    /// A count of something a page names: a tag, a source, a query.
    struct Count: Equatable, Sendable { var label: String, count: Int }

    /// A week as the archive lists it.
    struct WeekCounts: Equatable, Sendable { var week: ISOWeek, journals: Int, articles: Int }

    /// Where a page is: its site path, and which of how many pages of its board or list it is.
    struct Place: Equatable, Sendable { var path: String, page: Int, pageCount: Int }

    /// The journals on a board page, in board order, as their cards and rows show them (not the
    /// journals: an edit no card or row shows redrafts no board); `id` names the board's packing
    /// (`SiteBoards`), which follows from the cards.
    struct Cards: Equatable, Sendable { var id: String, shown: [ShownJournal] }

    /// An article as a page shows it: with the journals about it and its thumbnails' files.
    struct ShownArticle: Equatable, Sendable { var article: Article, about: [Journal], thumbnails: [String] }

    /// A row of a week's article list: an article under a group (query or source) that found it.
    struct ArticleRow: Equatable, Sendable { var group: String, shown: ShownArticle }

    /// Where a group of a week's article list starts (its first row) and how many rows it has.
    struct GroupStart: Equatable, Sendable { var group: String, first: Int, count: Int }

    /// A week's article list as its board pages show it: every row while they fit one page,
    /// else each group's count, linking to its page of the week's articles.
    enum WeekArticles: Equatable, Sendable {
        case listed([ArticleRow])
        case summary([GroupStart], perPage: Int)
    }

    struct WeekPage: Equatable, Sendable {
        /// The digest (the home page) shows the newest week's first page.
        var place: Place, isDigest: Bool
        var week: ISOWeek, older: ISOWeek?, newer: ISOWeek?
        /// Whether the week has a packet to link.
        var hasPacket: Bool
        var journalCount: Int, articleCount: Int
        var cards: Cards
        var articles: WeekArticles
        /// The chart: articles per source and journals per tag, ranked.
        var sources: [Count], tags: [Count]
    }

    struct WeekArticlesPage: Equatable, Sendable {
        var place: Place, week: ISOWeek, articleCount: Int
        var rows: [ArticleRow]
    }

    struct JournalPage: Equatable, Sendable {
        var path: String, journal: Journal, week: ISOWeek
        /// Its article (nil for a journal whose article is not stored).
        var article: ShownArticle?
        /// A draft's or a scheduled journal's label, when it is shown.
        var status: JournalStatus?
        /// The pictures of the site's own the body shows, for their sizes.
        var pictures: [JournalPicture] = []
        /// The journals whose bodies link to this one (by its page or its file), newest first.
        var linkedFrom: [LinkingJournal] = []
    }

    /// A journal as the page of a journal it links to lists it.
    struct LinkingJournal: Equatable, Sendable { var slug: String, title: String, created: Date }

    struct BoardPage: Equatable, Sendable {
        /// `tag` nil: the 전체 board; `isList`: its list view.
        var place: Place, tag: Tag?, isList: Bool
        /// The board's journals (all its pages'), the site's, and each configured tag's in
        /// config order (the tag navigation).
        var journalCount: Int, allCount: Int, tagCounts: [Int]
        var cards: Cards
    }
}

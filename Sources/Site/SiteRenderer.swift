import Bodies
import Content
import Foundation
import GazetteModel
import Memory
import Markdown
import SiteFonts
import Templating

/// Renders every page of a site to HTML with the theme's templates, from what the earlier steps
/// of the build produced: the content, the parsed bodies, and the measured and packed boards. It
/// only computes: writing files is the pipeline's job (`Pipeline.SiteBuilder`).
///
/// A page is made in three steps: its `PageInputs` gathered from the content (`inputs`), its
/// template values drafted from them and the frame (`PageFrame.draft`), and the template
/// rendered with them, only when the values' fingerprint (the page's key) is not already in
/// place.
public struct SiteRenderer: Sendable {
    let content: SiteContent
    /// What every page shares, and the drafting of pages. The pipeline names in it the assets,
    /// fonts and search files it made (`boardScript`, `webFonts`, `searchIndex`, `searchScript`).
    public var frame: PageFrame
    /// Leave the search page out of `pages`: `gazette serve` renders it with `keyedSearchPage`
    /// once the index is built, after the other pages are written and announced.
    public var defersSearchPage = false
    /// Weeks that have a study packet at `packets/<week>.pdf`, linked from their week pages.
    public var packetWeeks: Set<ISOWeek> = []
    private let weeks: [WeekContent]
    /// Each tag's journals, newest first, gathered once: every board and list page of every tag
    /// asks for them and for their counts.
    private let tagged: [String: [Journal]]
    /// The journals linking to each journal, by its slug (`PageInputs.JournalPage.linkedFrom`),
    /// from the links each body was parsed with (`JournalBodies.siteLinks`, kept between builds).
    private let linkedFrom: [String: [PageInputs.LinkingJournal]]
    /// Each week's article rows and the count of its journals per tag, gathered once: every
    /// board and article page of a week reads them, and a busy week has a thousand articles.
    private var weekFacts: [ISOWeek: WeekFacts] = [:]

    /// What every page of a week reads of the whole week, gathered once per build: a busy
    /// week's thirty board pages each gathering its two thousand rows again was most of a
    /// `serve` save.
    struct WeekFacts: Sendable {
        /// Its articles as rows under the groups that found them (without the journals about
        /// each, gathered only for the rows a page lists).
        let rows: [(group: String, article: Article)]
        let tags: [PageInputs.Count]
        let sources: [PageInputs.Count]
        /// What its board pages show of its articles, and how many pages of their own they take.
        let articles: PageInputs.WeekArticles
        let articlePages: Int
        let older: ISOWeek?
        let newer: ISOWeek?
    }

    /// `memo` (`gazette serve`): each week's article rows and source counts are taken from the
    /// last build while the week's articles and the config are the same.
    public init(
        content: SiteContent, theme: Theme, bodies: JournalBodies, boards: SiteBoards, baseURL: URL?, stylesheet: String, memo: PageMemo? = nil
    ) {
        self.content = content
        frame = PageFrame(content: content, theme: theme, bodies: bodies, boards: boards, baseURL: baseURL, stylesheet: stylesheet)
        weeks = content.weeks
        var tagged: [String: [Journal]] = [:]
        for journal in content.journals {
            for tag in journal.tags { tagged[tag, default: []].append(journal) }
        }
        self.tagged = tagged
        linkedFrom = Self.backlinks(content.journals, bodies: bodies)
        weekFacts = Dictionary(uniqueKeysWithValues: content.weeks.map { ($0.week, gatherFacts($0, memo: memo)) })
    }

    var baseURL: URL? { frame.baseURL }
    var strings: [String: String] { frame.strings }
    func authorName(_ key: String?) -> String? { frame.authorName(key) }

    /// Rendered HTML of a journal body (empty for bookmarks).
    /// A journal's body as its page shows it, pictures named as the build writes them (the feed's).
    func bodyHTML(_ journal: Journal) -> String {
        PictureMarkup.sized(frame.bodies.html(journal), pictures: content.pictures(of: journal), page: SitePaths.journal(journal.slug))
    }

    /// Everything the feed's entries read besides their journals (`Feeds.atom`).
    var sharedInputs: Fingerprint { frame.fingerprint }

    /// One page of the site, before its inputs are gathered.
    enum Page: Sendable {
        case digest(WeekContent?)
        /// A page of a week's board (1 unless the week has more journals than a page holds).
        case week(WeekContent, page: Int)
        /// A page of a week's articles, when they are more than its board pages list.
        case weekArticles(WeekContent, page: Int)
        case journal(Journal)
        /// A page of the 전체 board (nil) or a tag's board.
        case tag(Tag?, page: Int)
        /// A page of the list view of the 전체 board (nil) or a tag's board.
        case list(Tag?, page: Int)
        case archive
        case search

        var path: String {
            switch self {
            case .digest: ""
            case .week(let week, let page): SitePaths.week(week.week, page: page)
            case .weekArticles(let week, let page): SitePaths.weekArticles(week.week, page: page)
            case .journal(let journal): SitePaths.journal(journal.slug)
            case .tag(let tag, let page): SitePaths.tag(tag?.key, page: page)
            case .list(let tag, let page): SitePaths.list(tag?.key, page: page)
            case .archive: SitePaths.archive
            case .search: SitePaths.search
            }
        }
    }

    /// The site path of every page `pages` renders, in the same order.
    public var pagePaths: [String] { plan.map(\.path) }

    /// Every page, in the order they are listed (digest, weeks, journals, tags, lists, archive,
    /// search).
    var plan: [Page] {
        let settings = content.config.board
        func count(_ journals: [Journal], _ perPage: Int) -> Int { SiteBoards.pages(journals, perPage: perPage).count }
        var pages: [Page] = [.digest(content.frontWeek)]
        for week in weeks {
            pages += (1...count(week.journals, settings.perPage)).map { Page.week(week, page: $0) }
            pages += (0..<articlePageCount(week)).map { Page.weekArticles(week, page: $0 + 1) }
        }
        pages += content.journals.map(Page.journal)
        let boards: [(Tag?, [Journal])] = [(nil, content.journals)] + content.config.tags.map { ($0, journals(tagged: $0.key)) }
        for (tag, journals) in boards {
            pages += (1...count(journals, settings.perPage)).map { Page.tag(tag, page: $0) }
        }
        for (tag, journals) in boards {
            pages += (1...count(journals, settings.listPerPage)).map { Page.list(tag, page: $0) }
        }
        return pages + [.archive] + (defersSearchPage ? [] : [.search])
    }

    /// Journals with tag `key`, newest first.
    func journals(tagged key: String?) -> [Journal] {
        // No closure over `self`: it would copy the renderer at every board page.
        guard let key else { return content.journals }
        return tagged[key] ?? []
    }

    /// Page `page` of a board of `journals` (or of its list view), and how many pages it has.
    func boardPage(_ journals: [Journal], page: Int, list: Bool = false) -> (journals: [Journal], count: Int) {
        // `SiteBoards.pages`' cut, of one page only.
        let settings = content.config.board
        let perPage = max(1, list ? settings.listPerPage : settings.perPage)
        let count = max(1, (journals.count + perPage - 1) / perPage)
        let start = min(journals.count, (min(max(page, 1), count) - 1) * perPage)
        return (Array(journals[start..<min(journals.count, start + perPage)]), count)
    }

    /// One page of a build: its site path and the file it is written to, the fingerprint of
    /// everything it is rendered from (template, theme and the values the template reads), and
    /// its HTML as UTF-8 bytes — nil when `known` said a page with that fingerprint is already in
    /// place. Bytes, made as each page is rendered, so a build holds each page once, not as a
    /// string and as bytes too.
    public struct KeyedPage: Sendable {
        public let path: String
        /// `SitePaths.file(path)`: made once per page (a save asks for 2,356 of them).
        public let file: String
        public let key: Fingerprint
        public let html: Data?
    }

    /// Every HTML page, on all cores, each rendered only if `known(file, key)` is false. The
    /// values a page's template reads are drafted first (cheap), fingerprinted, and handed to
    /// the template engine (the cost) only for pages whose fingerprint is new.
    ///
    /// With `memo` (`gazette serve`), a page whose inputs equal those of the last build takes
    /// its key from there without drafting its values at all.
    public func pages(skippingKnown known: @Sendable (String, Fingerprint) -> Bool, memo: PageMemo? = nil) throws -> [KeyedPage] {
        var all: [KeyedPage] = []
        try pages(skippingKnown: known, memo: memo, batch: Int.max) { all += $0 }
        return all
    }

    /// `pages(skippingKnown:memo:)` handed to `each` `batch` pages at a time, in plan order, as
    /// soon as they are rendered: a build writes them and lets them go, and never holds every
    /// page of a site at once (at 2,000 journals they were 44 % of its heap at its peak).
    /// `known` is asked with each page's output file (`KeyedPage.file`).
    public func pages(
        skippingKnown known: @Sendable (String, Fingerprint) -> Bool, memo: PageMemo? = nil, batch: Int,
        each: ([KeyedPage]) throws -> Void
    ) throws {
        let frame = self.frame, shared = frame.fingerprint
        var found: [String] = []
        var recorded: [(String, PageInputs, Fingerprint)] = []
        var lastCount = 0, knownCount = 0, asked = 0
        do {
            // The last build's keys, looked up without the memo's lock: two threads asking it
            // for 2,356 pages took turns at it. Let go before `record` marks them asked, which
            // would otherwise copy the whole table.
            let last = memo?.known()
            lastCount = last?.count ?? 0
            try plan.forEachBatch(of: batch) { pages in
                let keyed = try pages.concurrentMap { page -> (page: KeyedPage, inputs: PageInputs?, found: Bool, known: Bool) in
                    let path = page.path, file = SitePaths.file(path)
                    let inputs = self.inputs(page)
                    let (lastKey, wasKnown) = last?.key(path, inputs, shared: shared) ?? (nil, false)
                    if let key = lastKey {
                        let html = known(file, key) ? nil : Data(try render(inputs, path: path))
                        return (KeyedPage(path: path, file: file, key: key, html: html), nil, true, true)
                    }
                    let draft = frame.draft(inputs)
                    let values = Theme.values(draft.context)
                    let key = frame.theme.key(draft.template, values)
                    let html = known(file, key) ? nil : Data(try withFonts(try frame.theme.render(draft.template, values), path: path))
                    return (KeyedPage(path: path, file: file, key: key, html: html), memo == nil ? nil : inputs, false, wasKnown)
                }
                if memo != nil {
                    asked += keyed.count
                    for (page, inputs, wasFound, known) in keyed {
                        if known { knownCount += 1 }
                        if wasFound { found.append(page.path) } else if let inputs { recorded.append((page.path, inputs, page.key)) }
                    }
                }
                try each(keyed.map(\.page))
            }
        }
        // Every page of the last build asked for again, and no other: the usual save.
        memo?.record(found: found, made: recorded, shared: shared, askedAll: knownCount == lastCount && asked == lastCount)
    }

    /// The search page, keyed and rendered as `pages` renders it (see `defersSearchPage`).
    public func keyedSearchPage() throws -> KeyedPage {
        let draft = frame.draft(inputs(.search))
        let values = Theme.values(draft.context)
        return KeyedPage(
            path: SitePaths.search, file: SitePaths.file(SitePaths.search), key: frame.theme.key(draft.template, values),
            html: Data(try withFonts(try frame.theme.render(draft.template, values), path: SitePaths.search)))
    }

    /// The not-found page (`PageFrame.notFoundPage`).
    public func notFoundPage() throws -> String { try frame.notFoundPage() }

    func render(_ inputs: PageInputs, path: String) throws -> [UInt8] {
        let draft = frame.draft(inputs)
        return try withFonts(try frame.theme.render(draft.template, Theme.values(draft.context)), path: path)
    }

    /// The page with preload links for the font slices its first lines need, and its own font
    /// for the rare syllables it shows (`WebFonts.addingFonts`).
    func withFonts(_ html: [UInt8], path: String) throws -> [UInt8] {
        try frame.webFonts?.addingFonts(to: html, root: SitePaths.root(from: path)) ?? html
    }

    // MARK: - Inputs

    /// What `page` is rendered from: the only place pages read the site's content.
    func inputs(_ page: Page) -> PageInputs {
        switch page {
        case .digest(let latest?): .week(weekInputs(latest, page: 1, isDigest: true))
        case .digest(nil): .emptyHome
        case .week(let week, let number): .week(weekInputs(week, page: number, isDigest: false))
        case .weekArticles(let week, let number): .weekArticles(weekArticlesInputs(week, page: number))
        case .journal(let journal): .journal(journalInputs(journal))
        case .tag(let tag, let number): .board(boardInputs(tag, page: number, list: false))
        case .list(let tag, let number): .board(boardInputs(tag, page: number, list: true))
        case .archive: .archive(weeks: weeks.map { PageInputs.WeekCounts(week: $0.week, journals: $0.journals.count, articles: $0.articles.count) })
        case .search: .search(weeks: weeks.filter { !$0.journals.isEmpty }.map(\.week), index: frame.searchIndex)
        }
    }

    /// A week's page: the journals on its board page and their articles, the week's counts and
    /// chart, its articles (with the journals about each) while they are listed here, else
    /// where each group starts, the neighbouring weeks and its packet. Not every journal of the
    /// week: an edit to one would make each of a busy week's thirty board pages be drafted again.
    func weekInputs(_ week: WeekContent, page: Int, isDigest: Bool) -> PageInputs.WeekPage {
        let board = boardPage(week.journals, page: page)
        let facts = facts(of: week)
        return PageInputs.WeekPage(
            place: .init(path: isDigest ? "" : SitePaths.week(week.week, page: page), page: page, pageCount: board.count), isDigest: isDigest,
            week: week.week, older: facts.older, newer: facts.newer,
            hasPacket: packetWeeks.contains(week.week), journalCount: week.journals.count, articleCount: week.articles.count,
            cards: cards(SiteBoards.weekID(week.week, page: page), board.journals), articles: facts.articles, sources: facts.sources, tags: facts.tags)
    }

    /// A page of a week's articles: its share of the week's rows, with the journals about each.
    func weekArticlesInputs(_ week: WeekContent, page: Int) -> PageInputs.WeekArticlesPage {
        let facts = facts(of: week), rows = facts.rows
        let perPage = content.config.board.articlesPerPage
        let start = min(rows.count, (page - 1) * perPage)
        return PageInputs.WeekArticlesPage(
            place: .init(path: SitePaths.weekArticles(week.week, page: page), page: page, pageCount: facts.articlePages), week: week.week,
            articleCount: week.articles.count, rows: rows[start..<min(rows.count, start + perPage)].map { row($0) })
    }

    /// A journal's page: the journal, its week, its article with the journals about it, and the
    /// journals that link to it.
    func journalInputs(_ journal: Journal) -> PageInputs.JournalPage {
        PageInputs.JournalPage(
            path: SitePaths.journal(journal.slug), journal: journal, week: content.week(of: journal), article: content.article(for: journal).map { shown($0) },
            status: content.status(of: journal), pictures: content.pictures(of: journal), linkedFrom: linkedFrom[journal.slug] ?? [])
    }

    /// For each journal, the journals of `journals` whose bodies link to it (not itself), each
    /// once, newest first (the path breaking a tie).
    static func backlinks(_ journals: [Journal], bodies: JournalBodies) -> [String: [PageInputs.LinkingJournal]] {
        var linking: [String: [Journal]] = [:]
        for journal in journals {
            var targets: Set<String> = []
            for link in bodies.siteLinks(journal) {
                guard let target = SitePaths.linkTarget(link.destination, from: SitePaths.journal(journal.slug)).flatMap(SitePaths.journalSlug(ofPage:)),
                    target != journal.slug, targets.insert(target).inserted
                else { continue }
                linking[target, default: []].append(journal)
            }
        }
        return linking.mapValues { journals in
            journals.sorted { ($0.created, $1.path) > ($1.created, $0.path) }.map { PageInputs.LinkingJournal(slug: $0.slug, title: $0.title, created: $0.created) }
        }
    }

    /// A page of a board or of its list view: its journals and their articles, where it sits,
    /// and the counts of the tag navigation.
    func boardInputs(_ tag: Tag?, page: Int, list: Bool) -> PageInputs.BoardPage {
        let journals = journals(tagged: tag?.key), tagged = self.tagged
        let board = boardPage(journals, page: page, list: list)
        return PageInputs.BoardPage(
            place: .init(path: list ? SitePaths.list(tag?.key, page: page) : SitePaths.tag(tag?.key, page: page), page: page, pageCount: board.count),
            tag: tag, isList: list, journalCount: journals.count, allCount: content.journals.count,
            tagCounts: content.config.tags.map { tagged[$0.key]?.count ?? 0 }, cards: cards(SiteBoards.tagID(tag?.key, page: page), board.journals))
    }

    func cards(_ id: String, _ journals: [Journal]) -> PageInputs.Cards {
        // A closure, not `maker.shown`: a method reference copies the card maker (and every
        // table it holds) into a closure of its own, for each of a save's board pages.
        PageInputs.Cards(id: id, shown: journals.map { frame.boards.cards.shown($0) })
    }

    /// An article with the journals about it and its thumbnails (`fetch --enrich` makes one for
    /// an unchanged record, and the pages that show the article change).
    func shown(_ article: Article) -> PageInputs.ShownArticle {
        PageInputs.ShownArticle(article: article, about: content.journals(about: article), thumbnails: content.thumbnails(of: article) ?? [])
    }

    func row(_ row: (group: String, article: Article)) -> PageInputs.ArticleRow {
        PageInputs.ArticleRow(group: row.group, shown: shown(row.article))
    }

    /// The facts of `week`, gathered with the renderer.
    func facts(of week: WeekContent) -> WeekFacts {
        if let facts = weekFacts[week.week] { return facts }
        return gatherFacts(week)
    }

    /// A week's rows, chart counts, article list or summary, and neighbours.
    func gatherFacts(_ week: WeekContent, memo: PageMemo? = nil) -> WeekFacts {
        // Grouping a busy week's thousand articles into rows and counting their sources was 5 %
        // of a `serve` save; they follow from the week's articles and the config alone.
        func grouped() -> PageMemo.WeekRows {
            var sources: [String: Int] = [:]
            for article in week.articles { sources[SourceNames.label(article.source, language: content.config.language), default: 0] += 1 }
            return PageMemo.WeekRows(rows: articleRows(week), sources: Self.ranked(sources))
        }
        let made = memo?.rows(of: week.week, articles: week.articles, config: content.configFingerprint, make: grouped) ?? grouped()
        var tags: [String: Int] = [:]
        for journal in week.journals {
            for key in journal.tags { tags[content.config.tagName(key), default: 0] += 1 }
        }
        let rows = made.rows
        let perPage = content.config.board.articlesPerPage
        let articlePages = rows.count <= perPage ? 0 : (rows.count + perPage - 1) / perPage
        let articles: PageInputs.WeekArticles
        if articlePages == 0 {
            articles = .listed(rows.map { row($0) })
        } else {
            // Rows come grouped, in the groups' order: one pass finds each group's first row and size.
            var groups: [PageInputs.GroupStart] = []
            for (index, row) in rows.enumerated() {
                if groups.last?.group == row.group { groups[groups.count - 1].count += 1 } else { groups.append(.init(group: row.group, first: index, count: 1)) }
            }
            articles = .summary(groups, perPage: perPage)
        }
        let index = weeks.firstIndex { $0.week == week.week } ?? 0
        return WeekFacts(
            rows: rows, tags: Self.ranked(tags), sources: made.sources, articles: articles, articlePages: articlePages,
            older: index + 1 < weeks.count ? weeks[index + 1].week : nil, newer: index > 0 ? weeks[index - 1].week : nil)
    }

    /// A week's articles as rows, grouped by the query that found them (config order first, then
    /// other queries, then feeds and manual additions by source). An article found by two
    /// queries has a row in both groups.
    func articleRows(_ week: WeekContent) -> [(group: String, article: Article)] {
        var groups: [String: [Article]] = [:]
        for article in week.articles {
            for key in article.queries.isEmpty ? ["source:" + article.source] : article.queries {
                groups[key, default: []].append(article)
            }
        }
        return groupOrder(Set(groups.keys)).flatMap { key in (groups[key] ?? []).map { (group: key, article: $0) } }
    }

    /// Group keys in the order pages list them: configured queries, other queries, sources.
    func groupOrder(_ keys: Set<String>) -> [String] {
        let configured = content.config.sources.allQueries.filter(keys.contains)
        let extra = keys.filter { !configured.contains($0) }.sorted { a, b in
            let sa = a.hasPrefix("source:"), sb = b.hasPrefix("source:")
            return sa != sb ? !sa : a.utf8Precedes(b)
        }
        return configured + extra
    }

    /// How many pages of their own a week's articles take: none while their rows fit one.
    func articlePageCount(_ week: WeekContent) -> Int { facts(of: week).articlePages }

    /// Counts, largest first (ties by name).
    static func ranked(_ counts: [String: Int]) -> [PageInputs.Count] {
        counts.map { PageInputs.Count(label: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.label.utf8Precedes($1.label) }
    }
}

/// The key of each page of the last build by path, with the inputs it was drafted from
/// (`gazette serve`): an edit to one journal leaves the other pages' inputs equal, and their keys
/// are taken from here instead of drafting and fingerprinting every page's values again.
/// Comparing journals is cheap: the content cache hands unchanged journals back with the same
/// string storage. Memos of `Memory`, forgotten as the one rule says (`endBuild`).
public final class PageMemo: Sendable {
    /// What a page was drafted from: the frame shared by every page, then its own inputs
    /// (compared in that order, the cheap one first).
    struct Drafted: Equatable, Sendable {
        var shared: Fingerprint
        var inputs: PageInputs
    }

    /// What a file made from journals and articles (a week's packet) is made from.
    struct Collected: Equatable, Sendable {
        var shared: Fingerprint
        var journals: [Journal]
        var articles: [Article?]
    }

    private let pages = Memo<String, Drafted, Fingerprint>()
    private let files = Memo<String, Collected, Fingerprint>()
    private let weekRows = Memo<ISOWeek, Grouped, WeekRows>()

    /// A week's articles as rows under the groups that found them, and its sources counted.
    struct WeekRows: Sendable {
        let rows: [(group: String, article: Article)]
        let sources: [PageInputs.Count]
    }

    /// What a week's rows are made from.
    struct Grouped: Equatable, Sendable {
        var articles: [Article]
        var config: Fingerprint
    }

    /// A week's rows, made by `make` unless the week had the same articles under the same config
    /// in the last build (unchanged articles compare by identity).
    func rows(of week: ISOWeek, articles: [Article], config: Fingerprint, make: () -> WeekRows) -> WeekRows {
        weekRows.value(week, Grouped(articles: articles, config: config), make: make)
    }
    /// The feed's entries, kept for the same builds.
    public let feed = FeedMemo()

    public init() {}

    /// The pages of the last build, to look up many without the lock (`record` says next which
    /// were used).
    func known() -> Known { Known(pages: pages.known()) }

    struct Known: Sendable {
        let pages: Memo<String, Drafted, Fingerprint>.Known

        var count: Int { pages.count }

        /// The key of the page at `path` when it was drafted from equal inputs, and whether the
        /// last build had a page there at all.
        func key(_ path: String, _ inputs: PageInputs, shared: Fingerprint) -> (key: Fingerprint?, known: Bool) {
            let (key, known) = pages.lookup(path, Drafted(shared: shared, inputs: inputs))
            return (key, known)
        }
    }

    /// The key of a file made from `journals` and `articles` besides `shared` (a week's packet),
    /// taken from the last build when they are the same, else made by `make` and kept.
    public func key(_ path: String, journals: [Journal], articles: [Article?], shared: Fingerprint, make: () -> Fingerprint) -> Fingerprint {
        files.value(path, Collected(shared: shared, journals: journals, articles: articles), make: make)
    }

    /// Says which pages this build took from `known()` and keeps those it fingerprinted.
    /// `askedAll`: the build asked for every page `known()` held (the same pages as before, the
    /// usual save), so no name is looked up again to mark it.
    func record(
        found: [String], made entries: [(path: String, inputs: PageInputs, key: Fingerprint)], shared: Fingerprint, askedAll: Bool
    ) {
        let made = entries.map { ($0.path, Memo<String, Drafted, Fingerprint>.Entry(inputs: Drafted(shared: shared, inputs: $0.inputs), value: $0.key)) }
        if askedAll {
            pages.recordAllFound()
            pages.record(found: [], made: made)
        } else {
            pages.record(found: found, made: made)
        }
    }

    /// The end of a build: pages, files and feed entries it did not ask for are let go.
    public func endBuild() {
        pages.endBuild()
        files.endBuild()
        weekRows.endBuild()
        feed.endBuild()
    }
}

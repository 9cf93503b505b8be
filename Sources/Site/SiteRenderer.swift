import Bodies
import Content
import Foundation
import GazetteModel
import Templating
import Markdown
import SiteFonts

/// Renders every page of a site to HTML with the theme's templates, from what the earlier steps
/// of the build produced: the content, the parsed bodies, and the measured and packed boards. It
/// only computes: writing files is the pipeline's job (`Pipeline.SiteBuilder`).
public struct SiteRenderer: Sendable {
    let content: SiteContent
    let theme: Theme
    let bodies: JournalBodies
    let boards: SiteBoards
    let baseURL: URL?
    /// Fingerprinted stylesheet path, relative to the site root.
    let stylesheet: String
    /// Fingerprinted path of the board's heal script (`assets/board.js`), relative to the site
    /// root; pages with a board load it.
    public var boardScript: String?
    /// The web fonts: each page preloads the slices its first lines are set in.
    public var webFonts: WebFonts?
    /// The search index's manifest (`SearchIndex.manifest`) and the fingerprinted search script
    /// (`assets/search.js`), relative to the site root; the search page names both.
    public var searchIndex: String?
    public var searchScript: String?
    /// Leave the search page out of `pages`: `gazette serve` renders it with `keyedSearchPage`
    /// once the index is built, after the other pages are written and announced.
    public var defersSearchPage = false
    let dates: DateStyle
    let strings: [String: String]
    /// `strings` as the templates read them (`{{strings.digest}}`), typed once.
    private let stringValues: TemplateValue
    /// Weeks that have a study packet at `packets/<week>.pdf`, linked from their week pages.
    public var packetWeeks: Set<ISOWeek> = []
    private let weeks: [WeekContent]
    private let cards: CardMaker
    /// Each tag's journals, newest first, gathered once: every board and list page of every tag
    /// asks for them and for their counts.
    private let tagged: [String: [Journal]]
    /// Each week's article rows and the count of its journals per tag, gathered once: every
    /// board and article page of a week reads them, and a busy week has a thousand articles.
    private var weekFacts: [ISOWeek: WeekFacts] = [:]

    /// What every page of a week reads of the whole week (`articleRows`, `journalsByTag`).
    struct WeekFacts: Sendable {
        let rows: [ArticleRow]
        let tags: [(label: String, count: Int)]
        let summary: [(label: String, count: Int)]
    }

    public init(content: SiteContent, theme: Theme, bodies: JournalBodies, boards: SiteBoards, baseURL: URL?, stylesheet: String) {
        cards = boards.cards
        self.content = content
        self.theme = theme
        self.bodies = bodies
        self.boards = boards
        self.baseURL = baseURL
        self.stylesheet = stylesheet
        dates = DateStyle(language: content.config.language, timeZone: content.config.timeZone)
        strings = UIStrings.table(content.config.language)
        stringValues = .object(TemplateObject(strings.compactMapValues(\.templateValue)))
        weeks = content.weeks
        var tagged: [String: [Journal]] = [:]
        for journal in content.journals {
            for tag in journal.tags { tagged[tag, default: []].append(journal) }
        }
        self.tagged = tagged
        weekFacts = Dictionary(
            uniqueKeysWithValues: content.weeks.map { ($0.week, WeekFacts(rows: gatherArticleRows($0), tags: countJournalsByTag($0), summary: countArticles($0))) })
    }

    /// Rendered HTML of a journal body (empty for bookmarks).
    func bodyHTML(_ journal: Journal) -> String { bodies.html(journal) }

    /// One page of the site, before rendering.
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
        var pages: [Page] = [.digest(weeks.first)]
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
        key.map { tagged[$0] ?? [] } ?? content.journals
    }

    /// Page `page` of a board of `journals` (or of its list view), and how many pages it has.
    func boardPage(_ journals: [Journal], page: Int, list: Bool = false) -> (journals: [Journal], count: Int) {
        let settings = content.config.board
        let pages = SiteBoards.pages(journals, perPage: list ? settings.listPerPage : settings.perPage)
        return (Array(pages[min(max(page, 1), pages.count) - 1]), pages.count)
    }

    /// The page of the other view (board ↔ list) that shows the journal at `index` of a board,
    /// so switching views keeps the reader's place.
    func otherViewPage(index: Int, toList: Bool) -> Int {
        index / max(1, toList ? content.config.board.listPerPage : content.config.board.perPage) + 1
    }

    /// What `pagination.mustache` reads: previous and next links (`rel` prev and next) and a page
    /// list that stays short however many pages there are (the first, the last, and two either
    /// side of the current one, with gaps between). Nil for a board of one page.
    func pagination(current: Int, count: Int, href: (Int) -> String) -> TemplateFields? {
        guard count > 1 else { return nil }
        let shown = Set([1, count] + Array(max(1, current - 2)...min(count, current + 2))).sorted()
        var items: [TemplateFields] = []
        for (index, number) in shown.enumerated() {
            if index > 0 && number - shown[index - 1] > 1 { items.append(["gap": true]) }
            items.append(["number": number, "href": href(number), "current": number == current])
        }
        return [
            "label": "\(strings["pages"] ?? "Pages") \(current)/\(count)",
            "prev": (current > 1 ? ["href": href(current - 1)] : nil),
            "next": (current < count ? ["href": href(current + 1)] : nil),
            "pages": items,
        ]
    }

    /// One page of a build: its site path, the fingerprint of everything it is rendered from
    /// (template, theme and the values the template reads), and its HTML as UTF-8 bytes — nil
    /// when `known` said a page with that fingerprint is already in place. Bytes, made as each
    /// page is rendered, so a build holds each page once, not as a string and as bytes too.
    public struct KeyedPage: Sendable {
        public let path: String
        public let key: Fingerprint
        public let html: Data?
    }

    /// Every HTML page, on all cores, each rendered only if `known(path, key)` is false. The
    /// values a page's template reads are gathered first (cheap), fingerprinted, and handed to
    /// the template engine (the cost) only for pages whose fingerprint is new.
    ///
    /// With `memo` (`gazette serve`), a journal page whose inputs equal those of the last build
    /// takes its key from there without gathering its values at all.
    public func pages(skippingKnown known: @Sendable (String, Fingerprint) -> Bool, memo: PageMemo? = nil) throws -> [KeyedPage] {
        var all: [KeyedPage] = []
        try pages(skippingKnown: known, memo: memo, batch: Int.max) { all += $0 }
        return all
    }

    /// `pages(skippingKnown:memo:)` handed to `each` `batch` pages at a time, in plan order, as
    /// soon as they are rendered: a build writes them and lets them go, and never holds every
    /// page of a site at once (at 2,000 journals they were 44 % of its heap at its peak).
    public func pages(
        skippingKnown known: @Sendable (String, Fingerprint) -> Bool, memo: PageMemo? = nil, batch: Int,
        each: ([KeyedPage]) throws -> Void
    ) throws {
        let shared = memo.map { _ in sharedInputs }
        let plan = self.plan
        var recorded: [(String, PageMemo.Inputs, Fingerprint)] = []
        try plan.forEachBatch(of: batch) { pages in
            let keyed = try pages.concurrentMap { page -> (KeyedPage, PageMemo.Inputs?) in
                var inputs: PageMemo.Inputs?
                if let memo, let shared, let current = memoInputs(page, shared: shared) {
                    if let key = memo.key(page.path, current) {
                        return (KeyedPage(path: page.path, key: key, html: known(page.path, key) ? nil : Data(try render(page))), nil)
                    }
                    inputs = current
                }
                let draft = self.draft(page)
                let values = Theme.values(draft.context)
                let key = theme.key(draft.template, values)
                let html = known(page.path, key) ? nil : Data(try withFonts(try theme.render(draft.template, values), path: page.path))
                return (KeyedPage(path: page.path, key: key, html: html), inputs)
            }
            if memo != nil { recorded += keyed.compactMap { page, inputs in inputs.map { (page.path, $0, page.key) } } }
            try each(keyed.map(\.0))
        }
        memo?.record(recorded)
    }

    /// The search page, keyed and rendered as `pages` renders it (see `defersSearchPage`).
    public func keyedSearchPage() throws -> KeyedPage {
        let draft = searchPage()
        let values = Theme.values(draft.context)
        return KeyedPage(
            path: SitePaths.search, key: theme.key(draft.template, values),
            html: Data(try withFonts(try theme.render(draft.template, values), path: SitePaths.search)))
    }

    /// Everything a journal, board or list page reads, besides `shared` and its own path, for
    /// the page memo; nil for the pages it does not keep (weeks, the archive, search).
    func memoInputs(_ page: Page, shared: Fingerprint) -> PageMemo.Inputs? {
        switch page {
        case .journal(let journal):
            // The journal, its article and the journals about that article.
            let article = content.article(for: journal)
            let about = article.map(content.journals(about:)) ?? []
            return PageMemo.Inputs(
                journals: [journal] + about, articles: [article], numbers: [about.count], shared: shared, labels: thumbnailMarks([article]))
        case .tag(let tag, let number), .list(let tag, let number):
            // Its journals and their articles (cards and rows; measures and packing follow from
            // them and the fonts), where the page sits, and the counts of the tag navigation.
            let isList = if case .list = page { true } else { false }
            let journals = journals(tagged: tag?.key)
            let shown = boardPage(journals, page: number, list: isList)
            let counts = content.config.tags.map { tagged[$0.key]?.count ?? 0 }
            return PageMemo.Inputs(
                journals: shown.journals, articles: shown.journals.map(content.article(for:)),
                numbers: [number, shown.count, journals.count, content.journals.count] + counts, shared: shared)
        case .week(let week, let number):
            return weekInputs(week, page: number, isDigest: false, shared: shared)
        case .digest(let latest?):
            return weekInputs(latest, page: 1, isDigest: true, shared: shared)
        case .weekArticles(let week, let number):
            // Its share of the week's rows, the journals about each, and where it sits.
            let rows = articleRows(week)
            let slice = articleSlice(rows, page: number)
            let about = slice.map { content.journals(about: $0.article) }
            return PageMemo.Inputs(
                journals: about.flatMap { $0 }, articles: slice.map { Optional.some($0.article) },
                numbers: [number, articlePageCount(week), week.articles.count, week.week.year * 100 + week.week.week] + about.map(\.count),
                shared: shared, labels: slice.map(\.group) + thumbnailMarks(slice.map(\.article)))
        case .digest(nil), .archive, .search:
            return nil
        }
    }

    /// What a week page reads: the journals on its board page and their articles, how many
    /// journals and articles the week has and its journals per tag (the chart), its articles
    /// and the journals about each (their cards list them, from any week) while they are listed
    /// here, the neighbouring weeks and its packet. Not every journal of the week: an edit to
    /// one would make each of a busy week's thirty board pages be drafted again.
    func weekInputs(_ week: WeekContent, page: Int, isDigest: Bool, shared: Fingerprint) -> PageMemo.Inputs {
        let index = weeks.firstIndex { $0.week == week.week } ?? 0
        let older = index + 1 < weeks.count ? weeks[index + 1].week : nil
        let newer = index > 0 ? weeks[index - 1].week : nil
        func number(_ week: ISOWeek?) -> Int { week.map { $0.year * 100 + $0.week } ?? -1 }
        let shown = boardPage(week.journals, page: page)
        // The articles are listed under the board while they fit one page; past that the page
        // shows only how many each group and source has, and its key holds only those.
        let paged = articlePageCount(week) > 0
        let listed = paged ? [] : week.articles
        let about = listed.map(content.journals(about:))
        let summary = paged ? articleSummary(week) : []
        let tags = journalsByTag(week)
        return PageMemo.Inputs(
            journals: shown.journals + about.flatMap { $0 },
            articles: listed.map(Optional.some) + shown.journals.map(content.article(for:)),
            numbers: [
                page, shown.count, isDigest ? 1 : 0, packetWeeks.contains(week.week) ? 1 : 0, number(week.week), number(older), number(newer),
                week.journals.count, week.articles.count,
            ] + about.map(\.count) + summary.map(\.count) + tags.map(\.count),
            shared: shared, labels: summary.map(\.label) + tags.map(\.label) + thumbnailMarks(listed))
    }

    /// Whether each article's thumbnails are there (`SiteContent.thumbnails(of:)`): a page shows
    /// them when they are, so `fetch --enrich` making one for an unchanged record changes the
    /// page, and its memo key must see it.
    func thumbnailMarks(_ articles: [Article?]) -> [String] {
        articles.map { article in article.flatMap(content.thumbnails(of:))?.joined(separator: " ") ?? "" }
    }

    /// Everything a memoized page reads besides its own journals, articles and numbers
    /// (`memoInputs`): the config (and with it the language, time zone, tags and authors), the
    /// theme, and the paths of the stylesheet, script and fonts.
    var sharedInputs: Fingerprint {
        var key = Fingerprint()
        key.add(theme.fingerprint)
        key.add(content.configFingerprint)
        key.add(stylesheet)
        key.add(boardScript ?? "")
        // The preloads follow from the page and the fonts' paths, which the stylesheet names.
        key.add(baseURL?.absoluteString ?? "")
        return key.digest
    }

    func render(_ page: Page) throws -> [UInt8] {
        let draft = draft(page)
        return try withFonts(try theme.render(draft.template, Theme.values(draft.context)), path: page.path)
    }

    /// The page with preload links for the font slices its first lines need, and its own font
    /// for the rare syllables it shows (`WebFonts.addingFonts`).
    func withFonts(_ html: [UInt8], path: String) throws -> [UInt8] {
        try webFonts?.addingFonts(to: html, root: SitePaths.root(from: path)) ?? html
    }

    /// A page before rendering: the template and the values it reads.
    struct Draft {
        var template: String
        var context: TemplateFields
    }

    func draft(_ page: Page) -> Draft {
        switch page {
        case .digest(let latest?): weekPage(latest, path: "", isDigest: true, page: 1)
        case .digest(nil): emptyHome()
        case .week(let week, let page): weekPage(week, path: SitePaths.week(week.week, page: page), isDigest: false, page: page)
        case .weekArticles(let week, let page): weekArticlesPage(week, page: page)
        case .journal(let journal): journalPage(journal, path: SitePaths.journal(journal.slug))
        case .tag(let tag, let page): tagPage(tag, page: page)
        case .list(let tag, let page): listPage(tag, page: page)
        case .archive: archivePage()
        case .search: searchPage()
        }
    }

    // MARK: - Pages

    func weekPage(_ week: WeekContent, path: String, isDigest: Bool, page: Int) -> Draft {
        let root = SitePaths.root(from: path)
        let index = weeks.firstIndex { $0.week == week.week } ?? 0
        let older = index + 1 < weeks.count ? weeks[index + 1].week : nil
        let newer = index > 0 ? weeks[index - 1].week : nil
        let label = dates.week(week.week)
        let range = dates.range(week.week)
        let board = boardPage(week.journals, page: page)
        let pageMark = page > 1 ? " (\(page)/\(board.count))" : ""
        var context = base(
            path: path, title: isDigest ? content.config.title : "\(label)\(pageMark) · \(content.config.title)",
            description: "\(label) (\(range)): \(week.journals.count) \(strings["journalCount"] ?? ""), \(week.articles.count) \(strings["articleCount"] ?? "")",
            current: isDigest ? "digest" : "weeks")
        context["week"] = [
            "id": week.week.description, "label": label, "range": range, "isDigest": isDigest,
            "href": root + SitePaths.week(week.week),
            "journalCount": week.journals.count, "articleCount": week.articles.count,
            "packetHref": (packetWeeks.contains(week.week) ? root + SitePaths.packet(week.week) : nil),
            "older": older.map { ["href": root + SitePaths.week($0), "label": dates.week($0)] },
            "newer": newer.map { ["href": root + SitePaths.week($0), "label": dates.week($0)] },
        ]
        context["board"] = boards.context(SiteBoards.weekID(week.week, page: page), cards: board.journals.map { card($0, root: root) })
        context["pagination"] = pagination(current: page, count: board.count) { root + SitePaths.week(week.week, page: $0) }
        let rows = articleRows(week)
        if articlePageCount(week) == 0 {
            context["articleGroups"] = articleGroups(rows, root: root)
        } else {
            // Too many to list here: each group's count, linking to where it starts. Rows come
            // grouped, in the groups' order, so one pass finds each group's first row and size.
            let perPage = content.config.board.articlesPerPage
            var groups: [(key: String, first: Int, count: Int)] = []
            for (index, row) in rows.enumerated() {
                if groups.last?.key == row.group { groups[groups.count - 1].count += 1 } else { groups.append((row.group, index, 1)) }
            }
            context["articleSummary"] = [
                "href": root + SitePaths.weekArticles(week.week), "count": week.articles.count,
                "groups": groups.map { group -> TemplateFields in
                    [
                        "query": groupLabel(group.key), "count": group.count,
                        "href": root + SitePaths.weekArticles(week.week, page: group.first / perPage + 1) + "#" + groupID(group.key),
                    ]
                },
            ]
        }
        context["chart"] = chart(week)
        context["hasArticles"] = !week.articles.isEmpty
        return Draft(template: "week", context: context)
    }

    /// A page of a week's articles, `board.articles_per_page` rows to a page, grouped as under
    /// the board (a group that goes on to the next page starts it again).
    func weekArticlesPage(_ week: WeekContent, page: Int) -> Draft {
        let path = SitePaths.weekArticles(week.week, page: page)
        let root = SitePaths.root(from: path)
        let label = dates.week(week.week)
        let count = articlePageCount(week)
        let pageMark = page > 1 ? " (\(page)/\(count))" : ""
        var context = base(
            path: path, title: "\(label) \(strings["articles"] ?? "")\(pageMark) · \(content.config.title)",
            description: "\(label) (\(dates.range(week.week))): \(week.articles.count) \(strings["articleCount"] ?? "")", current: "weeks")
        context["week"] = [
            "label": label, "range": dates.range(week.week), "href": root + SitePaths.week(week.week), "articleCount": week.articles.count,
        ]
        context["articleGroups"] = articleGroups(articleSlice(articleRows(week), page: page), root: root)
        context["pagination"] = pagination(current: page, count: count) { root + SitePaths.weekArticles(week.week, page: $0) }
        return Draft(template: "week-articles", context: context)
    }

    func emptyHome() -> Draft {
        var context = base(path: "", title: content.config.title, description: content.config.description ?? content.config.title, current: "digest")
        context["board"] = boards.context("home", cards: [])
        return Draft(template: "week", context: context)
    }

    func journalPage(_ journal: Journal, path: String) -> Draft {
        let root = SitePaths.root(from: path)
        let article = content.article(for: journal)
        let plain = journal.isBookmark ? (article?.description ?? journal.title) : bodies.lead(journal)
        var context = base(path: path, title: "\(journal.title) · \(content.config.title)", description: Self.excerpt(plain, limit: 160), current: "")
        let week = content.week(of: journal)
        context["journal"] = [
            "title": journal.title, "html": bodyHTML(journal), "isBookmark": journal.isBookmark, "draft": journal.draft,
            "created": dates.dayAndTime(journal.created), "createdISO": dates.iso(journal.created),
            "updated": dates.dayAndTime(journal.updated), "updatedISO": dates.iso(journal.updated),
            "author": authorName(journal.author) ?? "",
            "tags": tagLinks(journal.tags, root: root), "hasTags": !journal.tags.isEmpty,
            "week": ["href": root + SitePaths.week(week), "label": dates.week(week)],
        ]
        if let article {
            context["article"] = articleContext(article, root: root)
        } else if let reference = journal.articleReference, CanonicalURL.canonicalize(reference) != nil,
            let url = SafeURL.allowed(reference, in: .absolute)
        {
            context["articleLink"] = ["url": url]
        }
        return Draft(template: "journal", context: context)
    }

    func tagPage(_ tag: Tag?, page: Int) -> Draft {
        let path = SitePaths.tag(tag?.key, page: page)
        let root = SitePaths.root(from: path)
        let journals = journals(tagged: tag?.key)
        let board = boardPage(journals, page: page)
        var context = boardViewContext(tag, journals: journals, path: path, page: page, pageCount: board.count, list: false)
        context["board"] = boards.context(SiteBoards.tagID(tag?.key, page: page), cards: board.journals.map { card($0, root: root) })
        return Draft(template: "tag", context: context)
    }

    /// A page of the list view: the journals of a board as compact rows (title, date, author,
    /// tags and a line of the excerpt), with no measurement and no script.
    func listPage(_ tag: Tag?, page: Int) -> Draft {
        let path = SitePaths.list(tag?.key, page: page)
        let root = SitePaths.root(from: path)
        let journals = journals(tagged: tag?.key)
        let list = boardPage(journals, page: page, list: true)
        var context = boardViewContext(tag, journals: journals, path: path, page: page, pageCount: list.count, list: true)
        context["rows"] = list.journals.map { row($0, root: root) }
        return Draft(template: "list", context: context)
    }

    /// What a board page and a list page share: the heading, the tag navigation (which stays in
    /// the same view), the link to the other view at the same place, and the pagination.
    func boardViewContext(_ tag: Tag?, journals: [Journal], path: String, page: Int, pageCount: Int, list: Bool) -> TemplateFields {
        let root = SitePaths.root(from: path)
        let href: (String?, Int) -> String = { key, page in
            root + SitePaths.encode(list ? SitePaths.list(key, page: page) : SitePaths.tag(key, page: page))
        }
        let name = tag?.name ?? strings["all", default: "All"]
        let pageMark = pageCount > 1 ? " (\(page)/\(pageCount))" : ""
        var context = base(
            path: path, title: "\(strings["tags"] ?? "") · \(name)\(pageMark) · \(content.config.title)",
            description: "\(name): \(journals.count) \(strings["journalCount"] ?? "")", current: "tags")
        context["tag"] = ["name": name, "key": tag?.key ?? "", "count": journals.count]
        var nav: [TemplateFields] = [
            ["name": strings["all", default: "All"], "href": href(nil, 1), "current": tag == nil, "count": content.journals.count]
        ]
        for other in content.config.tags {
            nav.append(["name": other.name, "href": href(other.key, 1), "current": other.key == tag?.key, "count": tagged[other.key]?.count ?? 0])
        }
        context["tagNav"] = nav
        let first = (page - 1) * (list ? content.config.board.listPerPage : content.config.board.perPage)
        let otherPage = otherViewPage(index: first, toList: !list)
        context["viewSwitch"] = [
            "label": strings[list ? "viewAsBoard" : "viewAsList"] ?? "",
            "href": root + SitePaths.encode(list ? SitePaths.tag(tag?.key, page: otherPage) : SitePaths.list(tag?.key, page: otherPage)),
        ]
        context["pagination"] = pagination(current: page, count: pageCount) { href(tag?.key, $0) }
        return context
    }

    /// One row of the list view.
    func row(_ journal: Journal, root: String) -> TemplateFields {
        let line: String
        if journal.isBookmark {
            let article = content.article(for: journal)
            line = [article?.title, article?.publisher].compactMap { $0 }.joined(separator: " · ")
        } else {
            line = Self.excerpt(bodies.lead(journal), limit: 140)
        }
        return [
            "title": journal.title, "href": root + SitePaths.encode(SitePaths.journal(journal.slug)),
            "date": dates.day(journal.updated), "dateISO": dates.iso(journal.updated),
            "author": authorName(journal.author) ?? "", "tags": tagLinks(journal.tags, root: root), "hasTags": !journal.tags.isEmpty,
            "excerpt": line, "isBookmark": journal.isBookmark,
        ]
    }

    func archivePage() -> Draft {
        let path = SitePaths.archive
        let root = SitePaths.root(from: path)
        var context = base(path: path, title: "\(strings["archive"] ?? "") · \(content.config.title)", description: "\(weeks.count) weeks", current: "archive")
        context["weeks"] = weeks.map { week -> TemplateFields in
            [
                "id": week.week.description, "label": dates.week(week.week), "range": dates.range(week.week),
                "href": root + SitePaths.week(week.week), "journalCount": week.journals.count,
                "articleCount": week.articles.count,
            ]
        }
        return Draft(template: "archive", context: context)
    }

    /// The search page: a form whose script (`assets/search.js`) reads `?q=`, `tag` and `week`,
    /// loads the index's shards the query needs and lists the journals found. Without the script
    /// it says so and links to the archive and the tag pages.
    func searchPage() -> Draft {
        let path = SitePaths.search
        let root = SitePaths.root(from: path)
        var context = base(path: path, title: "\(strings["search"] ?? "") · \(content.config.title)", description: strings["searchDescription"] ?? "", current: "search")
        // Results show any journal's text: the page links the rules of the page slices too.
        context["fontsStylesheet"] = webFonts?.pageSliceStylesheet.map { root + $0.path }
        context["search"] = [
            "index": searchIndex.map { root + $0 }, "script": searchScript.map { root + $0 }, "root": root.isEmpty ? "./" : root,
            "tags": content.config.tags.map { ["key": $0.key, "name": $0.name, "href": root + SitePaths.encode(SitePaths.tag($0.key))] },
            "weeks": weeks.filter { !$0.journals.isEmpty }.map { ["id": $0.week.description, "label": dates.week($0.week)] },
            "archiveHref": root + SitePaths.archive, "tagsHref": root + SitePaths.tag(nil),
        ]
        return Draft(template: "search", context: context)
    }

    /// The not-found page: served for any missing path, so its links are root-relative to the
    /// base URL's path rather than relative to where it sits.
    public func notFoundPage() throws -> String {
        let rootPath = baseURL?.path.isEmpty == false ? (baseURL?.path ?? "/") : "/"
        var context = base(path: "404.html", title: "404 · \(content.config.title)", description: strings["notFoundTitle"] ?? "", current: "")
        let root = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        context["root"] = root
        context["stylesheet"] = root + stylesheet
        context["nav"] = navigation(root: root, current: "")
        let html = try theme.render("404", Theme.values(context))
        return String(decoding: try webFonts?.addingFonts(to: html, root: root) ?? html, as: UTF8.self)
    }

    // MARK: - Pieces

    func base(path: String, title: String, description: String, current: String) -> TemplateFields {
        let root = SitePaths.root(from: path)
        var site: TemplateFields = [
            "title": content.config.title, "lang": content.config.language.rawValue,
            "description": content.config.description ?? "",
        ]
        site["feedHref"] = root + SitePaths.feed
        var context: TemplateFields = [
            "site": site, "root": root, "stylesheet": root + stylesheet, "strings": stringValues,
            "boardScript": boardScript.map { root + $0 },
            "page": [
                "title": title, "description": description,
                "url": SitePaths.absolute(path == "404.html" ? "" : path, base: baseURL) ?? "",
            ],
            "nav": navigation(root: root, current: current),
        ]
        context["homeHref"] = root.isEmpty ? "./" : root
        return context
    }

    func navigation(root: String, current: String) -> [TemplateFields] {
        [
            ["label": strings["digest"] ?? "", "href": root.isEmpty ? "./" : root, "current": current == "digest"],
            ["label": strings["tags"] ?? "", "href": root + SitePaths.tag(nil), "current": current == "tags"],
            ["label": strings["archive"] ?? "", "href": root + SitePaths.archive, "current": current == "archive" || current == "weeks"],
            ["label": strings["search"] ?? "", "href": root + SitePaths.search, "current": current == "search"],
        ]
    }

    func card(_ journal: Journal, root: String) -> Card { cards.card(journal, root: root) }

    func tagLinks(_ keys: [String], root: String) -> [TemplateFields] {
        keys.map { ["name": content.config.tag($0)?.name ?? $0, "href": root + SitePaths.encode(SitePaths.tag($0))] }
    }

    func authorName(_ key: String?) -> String? {
        key.map { content.config.author($0)?.name ?? $0 }
    }

    func articleContext(_ article: Article, root: String) -> TemplateFields {
        let journals = content.journals(about: article)
        // The store loader already emptied what the URL policy refuses; checked again here because
        // a page must never rely on its caller for that.
        let url = SafeURL.allowed(article.url, in: .absolute)
        // Only the site's own thumbnails, never the image's remote address: a page that
        // hot-links tells the news site who reads it, and breaks when the image moves.
        let thumbnails = (content.thumbnails(of: article) ?? []).map { root + SitePaths.thumbnail(($0 as NSString).lastPathComponent) }
        let sizes = ArticleThumbnails.sizes
        return [
            // `sizes` are one picture at 1×, 2×…: the density is the width over the first.
            "imageSrcset": zip(thumbnails, sizes).map { "\($0) \($1.width / sizes[0].width)x" }.joined(separator: ", "),
            "imageWidth": sizes[0].width, "imageHeight": sizes[0].height,
            "id": article.id, "title": article.title, "url": url ?? "", "hasURL": url != nil, "description": article.description,
            "publisher": article.publisher ?? url.flatMap { URL(string: $0)?.host } ?? "", "author": article.author ?? "",
            "published": article.publishedDate.map(dates.dayAndTime) ?? article.published,
            "publishedISO": article.publishedDate.map(dates.iso) ?? "",
            "image": thumbnails.first ?? "", "source": article.source,
            "journals": journals.map { journal -> TemplateFields in
                ["title": journal.title, "href": root + SitePaths.encode(SitePaths.journal(journal.slug)), "isBookmark": journal.isBookmark]
            },
            "hasJournal": journals.contains { !$0.isBookmark },
            "isBookmarked": !journals.isEmpty && journals.allSatisfy(\.isBookmark),
        ]
    }

    /// One row of a week's article list: an article under a group that found it (a query, or
    /// `source:<source>` for feeds and manual additions).
    struct ArticleRow {
        let group: String
        let article: Article
    }

    /// A week's articles as rows, grouped by the query that found them (config order first, then
    /// other queries, then feeds and manual additions by source). An article found by two
    /// queries has a row in both groups.
    func articleRows(_ week: WeekContent) -> [ArticleRow] { weekFacts[week.week]?.rows ?? gatherArticleRows(week) }

    func gatherArticleRows(_ week: WeekContent) -> [ArticleRow] {
        var groups: [String: [Article]] = [:]
        for article in week.articles {
            for key in article.queries.isEmpty ? ["source:" + article.source] : article.queries {
                groups[key, default: []].append(article)
            }
        }
        return groupOrder(Set(groups.keys)).flatMap { key in (groups[key] ?? []).map { ArticleRow(group: key, article: $0) } }
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

    func groupLabel(_ key: String) -> String { key.hasPrefix("source:") ? sourceLabel(String(key.dropFirst("source:".count))) : key }
    func groupID(_ key: String) -> String { "q-" + SHA256.hex(Array(key.utf8)).prefix(8) }

    /// How many pages of their own a week's articles take: none while their rows fit one.
    func articlePageCount(_ week: WeekContent) -> Int {
        let perPage = content.config.board.articlesPerPage
        let rows = articleRows(week).count
        return rows <= perPage ? 0 : (rows + perPage - 1) / perPage
    }

    /// The rows of page `page` (from 1) of a week's articles.
    func articleSlice(_ rows: [ArticleRow], page: Int) -> ArraySlice<ArticleRow> {
        let perPage = content.config.board.articlesPerPage
        let start = min(rows.count, (page - 1) * perPage)
        return rows[start..<min(rows.count, start + perPage)]
    }

    /// What a week's board pages show of its articles when they have pages of their own: each
    /// group's and each source's count (the chart's), as labels and numbers.
    func articleSummary(_ week: WeekContent) -> [(label: String, count: Int)] { weekFacts[week.week]?.summary ?? countArticles(week) }

    func countArticles(_ week: WeekContent) -> [(label: String, count: Int)] {
        var groups: [String: Int] = [:]
        var sources: [String: Int] = [:]
        for article in week.articles {
            for key in article.queries.isEmpty ? ["source:" + article.source] : article.queries { groups[key, default: 0] += 1 }
            sources[article.source, default: 0] += 1
        }
        return groupOrder(Set(groups.keys)).map { ($0, groups[$0] ?? 0) }
            + sources.keys.sorted { $0.utf8Precedes($1) }.map { ("source " + $0, sources[$0] ?? 0) }
    }

    /// Rows as the templates' groups: a group's rows in a run make one group.
    func articleGroups<Rows: Collection<ArticleRow>>(_ rows: Rows, root: String) -> [TemplateFields] {
        var groups: [(key: String, rows: [ArticleRow])] = []
        for row in rows {
            if groups.last?.key == row.group { groups[groups.count - 1].rows.append(row) } else { groups.append((row.group, [row])) }
        }
        return groups.map { group in
            [
                "query": groupLabel(group.key), "id": groupID(group.key), "count": group.rows.count,
                "articles": group.rows.map { articleContext($0.article, root: root) },
            ]
        }
    }

    /// Articles per source and journals per tag, largest first (ties by name), as inline SVG.
    func chart(_ week: WeekContent) -> String {
        var sources: [String: Int] = [:]
        for article in week.articles { sources[sourceLabel(article.source), default: 0] += 1 }
        return WeekChart(
            series: [
                .init(title: strings["articlesBySource"] ?? "", rows: Self.ranked(sources)),
                .init(title: strings["journalsByTag"] ?? "", rows: journalsByTag(week)),
            ],
            id: "chart-\(week.week)", caption: "\(dates.week(week.week)) · \(strings["atAGlance"] ?? "")"
        ).svg
    }

    /// Counts, largest first (ties by name).
    static func ranked(_ counts: [String: Int]) -> [(label: String, count: Int)] {
        counts.map { (label: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.label.utf8Precedes($1.label) }
    }

    /// A week's journals per tag (by the tag's name), as the chart ranks them.
    func journalsByTag(_ week: WeekContent) -> [(label: String, count: Int)] { weekFacts[week.week]?.tags ?? countJournalsByTag(week) }

    func countJournalsByTag(_ week: WeekContent) -> [(label: String, count: Int)] {
        var tags: [String: Int] = [:]
        for journal in week.journals {
            for key in journal.tags { tags[content.config.tag(key)?.name ?? key, default: 0] += 1 }
        }
        return Self.ranked(tags)
    }

    /// How a source is named on pages: Naver, NewsAPI, MediaStack, a feed's name, or manual.
    func sourceLabel(_ source: String) -> String {
        switch source {
        case "naver": "Naver"
        case "newsapi": "NewsAPI"
        case "mediastack": "MediaStack"
        case let feed where feed.hasPrefix("feed:"): String(feed.dropFirst(5))
        default: source
        }
    }

    /// The first `limit` characters of `text`, cut at a word boundary, with an ellipsis.
    static func excerpt(_ text: String, limit: Int) -> String {
        // Not `text.count`, which walks a whole body by grapheme clusters.
        guard text.utf8.count > limit else { return text }
        if let cut = Self.cutBySingleScalarCharacters(text, limit: limit) { return cut.map(Self.trimmedWithEllipsis) ?? text }
        return Self.excerptByCharacters(text, limit: limit)
    }

    /// `excerpt`, walking `text` by grapheme clusters.
    static func excerptByCharacters(_ text: String, limit: Int) -> String {
        guard let limitIndex = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), limitIndex < text.endIndex
        else { return text }
        let cut = text[..<limitIndex]
        return trimmedWithEllipsis(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut)
    }

    /// `excerpt`'s cut (the first `limit` characters, up to the last space among them) when the
    /// text's first `limit` + 1 scalars are each a character of its own: printable ASCII,
    /// Hangul syllables, CJK ideographs and common punctuation, none of which joins a grapheme
    /// cluster with its neighbour (UAX #29), so characters are scalars. `.some(nil)` when the
    /// text has at most `limit` characters (no cut); nil when another scalar comes first, and
    /// the text must be walked by grapheme clusters. Walking them was about half of rendering a
    /// list page's rows (perf, `serve` saves at 2,000 journals).
    static func cutBySingleScalarCharacters(_ text: String, limit: Int) -> Substring?? {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var lastSpace: String.Index?
        for position in 0...limit {
            guard index < scalars.endIndex else { return .some(nil) }
            let value = scalars[index].value
            guard isOwnCharacter(value) else { return nil }
            if value == 0x20 && position < limit { lastSpace = index }
            if position < limit { index = scalars.index(after: index) }
        }
        return .some(text[..<(lastSpace ?? index)])
    }

    @inline(__always) static func isOwnCharacter(_ value: UInt32) -> Bool {
        (0x20...0x7E).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0x2010...0x2027).contains(value) || value == 0xB7
    }

    static func trimmedWithEllipsis(_ end: Substring) -> String {
        // Foundation's `trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))`,
        // scalar by scalar without bridging to NSString: the categories P* and Zs, tab, and
        // U+200B (a space separator in the Unicode that Foundation's set follows).
        var scalars = end.unicodeScalars[...]
        while let first = scalars.first, Self.isTrimmed(first) { scalars.removeFirst() }
        while let last = scalars.last, Self.isTrimmed(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars)) + "…"
    }

    static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\u{200B}" { return true }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}

/// The inputs and key of each journal, board and list page of the last build (`gazette serve`):
/// an edit to one journal leaves the other pages' inputs equal, and their keys are taken from
/// here instead of gathering and fingerprinting every page's values again. Comparing journals is
/// cheap: the content cache hands unchanged journals back with the same string storage.
public final class PageMemo: Sendable {
    struct Inputs: Equatable, Sendable {
        var journals: [Journal]
        var articles: [Article?]
        var numbers: [Int]
        var shared: Fingerprint
        /// Names a page shows beside its numbers (a week's query groups and sources).
        var labels: [String] = []
    }

    private let table = Locked<[String: (inputs: Inputs, key: Fingerprint)]>([:])
    /// The feed's entries, kept for the same builds.
    public let feedEntries = FeedEntries()

    public init() {}

    func key(_ path: String, _ inputs: Inputs) -> Fingerprint? {
        // Compared outside the lock: a board's inputs are hundreds of journals, and with the
        // comparison inside, the render threads took turns (a third of serve's render step).
        guard let known = table.withLock({ $0[path] }), known.inputs == inputs else { return nil }
        return known.key
    }

    /// The key of a file made from `journals` and `articles` besides `shared` (a week's packet),
    /// taken from the last build when they are the same, else made by `make` and kept.
    public func key(_ path: String, journals: [Journal], articles: [Article?], shared: Fingerprint, make: () -> Fingerprint) -> Fingerprint {
        let inputs = Inputs(journals: journals, articles: articles, numbers: [], shared: shared)
        if let known = key(path, inputs) { return known }
        let made = make()
        record([(path, inputs, made)])
        return made
    }

    /// Keeps the pages this build fingerprinted, beside the ones it took from here.
    func record(_ entries: [(path: String, inputs: Inputs, key: Fingerprint)]) {
        table.withLock { table in
            for entry in entries { table[entry.path] = (entry.inputs, entry.key) }
        }
    }
}

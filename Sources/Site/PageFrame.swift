import Bodies
import Content
import Foundation
import GazetteModel
import SiteFonts
import Templating

/// What every page shares — the config, the theme, the paths of the stylesheet, scripts, fonts
/// and search index, the parsed bodies and the packed boards — and the drafting of a page's
/// values from its `PageInputs`. It holds no site content: a page's values come from its inputs
/// and this, and `fingerprint` covers this.
public struct PageFrame: Sendable {
    let config: SiteConfig
    let configFingerprint: Fingerprint
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
    /// (`assets/search.js`), relative to the site root; the search page names both. The
    /// manifest is in the search page's inputs, not in what every page shares: the index is made
    /// while the other pages render, and an edit that changes it changes no other page.
    public var searchIndex: String?
    public var searchScript: String?
    let dates: DateStyle
    let strings: [String: String]
    /// `strings` as the templates read them (`{{strings.digest}}`), typed once.
    let stringValues: TemplateValue

    init(content: SiteContent, theme: Theme, bodies: JournalBodies, boards: SiteBoards, baseURL: URL?, stylesheet: String) {
        config = content.config
        configFingerprint = content.configFingerprint
        self.theme = theme
        self.bodies = bodies
        self.boards = boards
        self.baseURL = baseURL
        self.stylesheet = stylesheet
        dates = DateStyle(language: content.config.language, timeZone: content.config.timeZone)
        strings = UIStrings.table(content.config.language)
        // Stamped with their fingerprint, made once: every page's key takes the 69 strings as
        // one stamp instead of sorting and hashing them all again.
        let values = strings.compactMapValues(\.templateValue)
        let key = Theme.fingerprint(of: .object(TemplateObject(values)))
        stringValues = .object(TemplateObject(values, stamp: (key.high, key.low)))
    }

    /// Everything a page reads besides its inputs, as one value: the config (and with it the
    /// language, time zone, tags, authors and board settings), the theme, and the paths of the
    /// stylesheet, scripts and fonts. The preloads and page fonts follow from the page and the
    /// fonts, whose paths (content hashes) the stylesheet names. `PageFrameTests` holds every
    /// stored property of the frame to being here or made from what is.
    struct Shared: Encodable {
        let theme: Fingerprint
        let config: Fingerprint
        let baseURL: URL?
        let stylesheet: String
        let boardScript: String?
        let searchScript: String?
        let pageFonts: String?
    }

    var shared: Shared {
        Shared(
            theme: theme.fingerprint, config: configFingerprint, baseURL: baseURL, stylesheet: stylesheet, boardScript: boardScript,
            searchScript: searchScript, pageFonts: webFonts?.pageSliceStylesheet?.path)
    }

    /// The key of `shared`, by its encoding.
    var fingerprint: Fingerprint { Fingerprint.of(encoding: shared) }

    /// A page before rendering: the template and the values it reads.
    struct Draft {
        var template: String
        var context: TemplateFields
    }

    func draft(_ inputs: PageInputs) -> Draft {
        switch inputs {
        case .week(let page): weekPage(page)
        case .weekArticles(let page): weekArticlesPage(page)
        case .journal(let page): journalPage(page)
        case .board(let page): page.isList ? listPage(page) : tagPage(page)
        case .archive(let weeks): archivePage(weeks)
        case .search(let weeks, let index): searchPage(weeks, index: index)
        case .emptyHome: emptyHome()
        }
    }

    // MARK: - Pages

    func weekPage(_ page: PageInputs.WeekPage) -> Draft {
        let place = page.place, root = SitePaths.root(from: place.path)
        let week = page.week
        let label = dates.week(week)
        let range = dates.range(week)
        let pageMark = place.page > 1 ? " (\(place.page)/\(place.pageCount))" : ""
        var context = base(
            path: place.path, title: page.isDigest ? config.title : "\(label)\(pageMark) · \(config.title)",
            description: "\(label) (\(range)): \(page.journalCount) \(strings["journalCount"] ?? ""), \(page.articleCount) \(strings["articleCount"] ?? "")",
            current: page.isDigest ? "digest" : "weeks")
        let neighbour = { (other: ISOWeek) -> TemplateFields in ["href": root + SitePaths.week(other), "label": dates.week(other)] }
        context["week"] = [
            "id": week.description, "label": label, "range": range, "isDigest": page.isDigest,
            "href": root + SitePaths.week(week),
            "journalCount": page.journalCount, "articleCount": page.articleCount,
            "packetHref": page.hasPacket ? root + SitePaths.packet(week) : nil,
            "older": page.older.map(neighbour), "newer": page.newer.map(neighbour),
        ] as TemplateFields
        context["board"] = board(page.cards, root: root)
        context["pagination"] = pagination(place) { root + SitePaths.week(week, page: $0) }
        switch page.articles {
        case .listed(let rows):
            context["articleGroups"] = articleGroups(rows, root: root)
        case .summary(let groups, let perPage):
            // Too many to list here: each group's count, linking to where it starts.
            context["articleSummary"] = [
                "href": root + SitePaths.weekArticles(week), "count": page.articleCount,
                "groups": groups.map { group -> TemplateFields in
                    [
                        "query": groupLabel(group.group), "count": group.count,
                        "href": root + SitePaths.weekArticles(week, page: group.first / perPage + 1) + "#" + Self.groupID(group.group),
                    ]
                },
            ] as TemplateFields
        }
        context["chart"] = chart(week, sources: page.sources, tags: page.tags)
        context["hasArticles"] = page.articleCount > 0
        return Draft(template: "week", context: context)
    }

    /// A page of a week's articles, `board.articles_per_page` rows to a page, grouped as under
    /// the board (a group that goes on to the next page starts it again).
    func weekArticlesPage(_ page: PageInputs.WeekArticlesPage) -> Draft {
        let place = page.place, root = SitePaths.root(from: place.path)
        let label = dates.week(page.week)
        let pageMark = place.page > 1 ? " (\(place.page)/\(place.pageCount))" : ""
        var context = base(
            path: place.path, title: "\(label) \(strings["articles"] ?? "")\(pageMark) · \(config.title)",
            description: "\(label) (\(dates.range(page.week))): \(page.articleCount) \(strings["articleCount"] ?? "")", current: "weeks")
        context["week"] = [
            "label": label, "range": dates.range(page.week), "href": root + SitePaths.week(page.week), "articleCount": page.articleCount,
        ] as TemplateFields
        context["articleGroups"] = articleGroups(page.rows, root: root)
        context["pagination"] = pagination(place) { root + SitePaths.weekArticles(page.week, page: $0) }
        return Draft(template: "week-articles", context: context)
    }

    func emptyHome() -> Draft {
        var context = base(path: "", title: config.title, description: config.description ?? config.title, current: "digest")
        context["board"] = board(PageInputs.Cards(id: "home", shown: []), root: "")
        return Draft(template: "week", context: context)
    }

    func journalPage(_ page: PageInputs.JournalPage) -> Draft {
        let root = SitePaths.root(from: page.path)
        let journal = page.journal
        let plain = journal.isBookmark ? (page.article?.article.description ?? journal.title) : bodies.lead(journal)
        var context = base(path: page.path, title: "\(journal.title) · \(config.title)", description: TextCut.excerpt(plain, limit: 160), current: "")
        context["journal"] = [
            "title": journal.title, "html": PictureMarkup.sized(bodies.html(journal), pictures: page.pictures, page: page.path),
            "isBookmark": journal.isBookmark, "draft": journal.draft,
            "status": page.status.flatMap { strings["\($0.rawValue)Label"] } ?? "",
            "created": journal.createdIsDay ? dates.plainDay(journal.created) : dates.dayAndTime(journal.created), "createdISO": dates.iso(journal.created),
            "updated": journal.updatedIsDay ? dates.plainDay(journal.updated) : dates.dayAndTime(journal.updated), "updatedISO": dates.iso(journal.updated),
            "author": authorName(journal.author) ?? "",
            "tags": tagLinks(journal.tags, root: root), "hasTags": !journal.tags.isEmpty,
            "week": ["href": root + SitePaths.week(page.week), "label": dates.week(page.week)] as TemplateFields,
            "linkedFrom": page.linkedFrom.map { linking -> TemplateFields in
                [
                    "title": linking.title, "href": root + SitePaths.encode(SitePaths.journal(linking.slug)),
                    "created": dates.day(linking.created), "createdISO": dates.iso(linking.created),
                ]
            },
            "hasLinkedFrom": !page.linkedFrom.isEmpty,
        ] as TemplateFields
        if let article = page.article {
            context["article"] = articleContext(article, root: root)
        } else if let reference = journal.articleReference, CanonicalURL.canonicalize(reference) != nil,
            let url = SafeURL.allowed(reference, in: .absolute)
        {
            context["articleLink"] = ["url": url] as TemplateFields
        }
        return Draft(template: "journal", context: context)
    }

    func tagPage(_ page: PageInputs.BoardPage) -> Draft {
        var context = boardViewContext(page)
        context["board"] = board(page.cards, root: SitePaths.root(from: page.place.path))
        return Draft(template: "tag", context: context)
    }

    /// A page of the list view: the journals of a board as compact rows (title, date, author,
    /// tags and a line of the excerpt), with no measurement and no script.
    func listPage(_ page: PageInputs.BoardPage) -> Draft {
        let root = SitePaths.root(from: page.place.path)
        var context = boardViewContext(page)
        context["rows"] = page.cards.shown.map { $0.row.fields(root: root) }
        return Draft(template: "list", context: context)
    }

    /// What a board page and a list page share: the heading, the tag navigation (which stays in
    /// the same view), the link to the other view at the same place, and the pagination.
    func boardViewContext(_ page: PageInputs.BoardPage) -> TemplateFields {
        let place = page.place, root = SitePaths.root(from: place.path)
        let list = page.isList, tag = page.tag
        let href: (String?, Int) -> String = { key, page in
            root + SitePaths.encode(list ? SitePaths.list(key, page: page) : SitePaths.tag(key, page: page))
        }
        let name = tag?.name ?? strings["all", default: "All"]
        let pageMark = place.pageCount > 1 ? " (\(place.page)/\(place.pageCount))" : ""
        var context = base(
            path: place.path, title: "\(strings["tags"] ?? "") · \(name)\(pageMark) · \(config.title)",
            description: "\(name): \(page.journalCount) \(strings["journalCount"] ?? "")", current: "tags")
        context["tag"] = ["name": name, "key": tag?.key ?? "", "count": page.journalCount] as TemplateFields
        var nav: [TemplateFields] = [
            ["name": strings["all", default: "All"], "href": href(nil, 1), "current": tag == nil, "count": page.allCount]
        ]
        for (other, count) in zip(config.tags, page.tagCounts) {
            nav.append(["name": other.name, "href": href(other.key, 1), "current": other.key == tag?.key, "count": count])
        }
        context["tagNav"] = nav
        let first = (place.page - 1) * (list ? config.board.listPerPage : config.board.perPage)
        let otherPage = first / max(1, list ? config.board.perPage : config.board.listPerPage) + 1
        context["viewSwitch"] = [
            "label": strings[list ? "viewAsBoard" : "viewAsList"] ?? "",
            "href": root + SitePaths.encode(list ? SitePaths.tag(tag?.key, page: otherPage) : SitePaths.list(tag?.key, page: otherPage)),
        ] as TemplateFields
        context["pagination"] = pagination(place) { href(tag?.key, $0) }
        return context
    }

    func archivePage(_ weeks: [PageInputs.WeekCounts]) -> Draft {
        let path = SitePaths.archive
        let root = SitePaths.root(from: path)
        var context = base(path: path, title: "\(strings["archive"] ?? "") · \(config.title)", description: "\(weeks.count) weeks", current: "archive")
        context["weeks"] = weeks.map { week -> TemplateFields in
            [
                "id": week.week.description, "label": dates.week(week.week), "range": dates.range(week.week),
                "href": root + SitePaths.week(week.week), "journalCount": week.journals, "articleCount": week.articles,
            ]
        }
        return Draft(template: "archive", context: context)
    }

    /// The search page: a form whose script (`assets/search.js`) reads `?q=`, `tag` and `week`,
    /// loads the index's shards the query needs and lists the journals found. Without the script
    /// it says so and links to the archive and the tag pages.
    func searchPage(_ weeks: [ISOWeek], index: String?) -> Draft {
        let path = SitePaths.search
        let root = SitePaths.root(from: path)
        var context = base(path: path, title: "\(strings["search"] ?? "") · \(config.title)", description: strings["searchDescription"] ?? "", current: "search")
        // Results show any journal's text: the page links the rules of the page slices too.
        context["fontsStylesheet"] = webFonts?.pageSliceStylesheet.map { root + $0.path }
        context["search"] = [
            "index": index.map { root + $0 }, "script": searchScript.map { root + $0 }, "root": root.isEmpty ? "./" : root,
            "tags": config.tags.map { tag -> TemplateFields in ["key": tag.key, "name": tag.name, "href": root + SitePaths.encode(SitePaths.tag(tag.key))] },
            "weeks": weeks.map { week -> TemplateFields in ["id": week.description, "label": dates.week(week)] },
            "archiveHref": root + SitePaths.archive, "tagsHref": root + SitePaths.tag(nil),
        ] as TemplateFields
        return Draft(template: "search", context: context)
    }

    /// The not-found page: served for any missing path, so its links are root-relative to the
    /// base URL's path rather than relative to where it sits.
    func notFoundPage() throws -> String {
        let rootPath = baseURL?.path.isEmpty == false ? (baseURL?.path ?? "/") : "/"
        var context = base(path: "404.html", title: "404 · \(config.title)", description: strings["notFoundTitle"] ?? "", current: "")
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
        var site: TemplateFields = ["title": config.title, "lang": config.language.rawValue, "description": config.description ?? ""]
        site["feedHref"] = root + SitePaths.feed
        var context: TemplateFields = [
            "site": site, "root": root, "stylesheet": root + stylesheet, "strings": stringValues,
            "boardScript": boardScript.map { root + $0 },
            "page": [
                "title": title, "description": description,
                "url": SitePaths.absolute(path == "404.html" ? "" : path, base: baseURL) ?? "",
            ] as TemplateFields,
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

    /// What `pagination.mustache` reads: previous and next links (`rel` prev and next) and a page
    /// list that stays short however many pages there are (the first, the last, and two either
    /// side of the current one, with gaps between). Nil for a board of one page.
    func pagination(_ place: PageInputs.Place, href: (Int) -> String) -> TemplateFields? {
        let current = place.page, count = place.pageCount
        guard count > 1 else { return nil }
        let shown = Set([1, count] + Array(max(1, current - 2)...min(count, current + 2))).sorted()
        var items: [TemplateFields] = []
        for (index, number) in shown.enumerated() {
            if index > 0 && number - shown[index - 1] > 1 { items.append(["gap": true]) }
            items.append(["number": number, "href": href(number), "current": number == current])
        }
        return [
            "label": "\(strings["pages"] ?? "Pages") \(current)/\(count)",
            "prev": current > 1 ? ["href": href(current - 1)] as TemplateFields : nil,
            "next": current < count ? ["href": href(current + 1)] as TemplateFields : nil,
            "pages": items,
        ]
    }

    /// What `board.mustache` reads for a board page's cards.
    func board(_ cards: PageInputs.Cards, root: String) -> TemplateFields {
        boards.context(cards.id, shown: cards.shown, root: root)
    }

    func tagLinks(_ keys: [String], root: String) -> [TemplateFields] {
        keys.map { ["name": config.tagName($0), "href": root + SitePaths.encode(SitePaths.tag($0))] }
    }

    func authorName(_ key: String?) -> String? {
        key.map { config.authorName($0) }
    }

    func articleContext(_ shown: PageInputs.ShownArticle, root: String) -> TemplateFields {
        let article = shown.article, journals = shown.about
        // The store loader already emptied what the URL policy refuses; checked again here because
        // a page must never rely on its caller for that.
        let url = SafeURL.allowed(article.url, in: .absolute)
        // Only the site's own thumbnails, never the image's remote address: a page that
        // hot-links tells the news site who reads it, and breaks when the image moves.
        let thumbnails = shown.thumbnails.map { root + SitePaths.thumbnail(($0 as NSString).lastPathComponent) }
        let sizes = ArticleThumbnails.sizes
        return [
            // `sizes` are one picture at 1×, 2×…: the density is the width over the first.
            "imageSrcset": zip(thumbnails, sizes).map { "\($0) \($1.width / sizes[0].width)x" }.joined(separator: ", "),
            "imageWidth": sizes[0].width, "imageHeight": sizes[0].height,
            "id": article.id, "title": article.title, "url": url ?? "", "hasURL": url != nil, "description": article.description,
            "publisher": article.publisher ?? url.flatMap { URL(string: $0)?.host } ?? "", "author": article.author ?? "",
            "published": article.publishedDate.map { dates.dayAndTime($0) } ?? article.published,
            "publishedISO": article.publishedDate.map { dates.iso($0) } ?? "",
            "image": thumbnails.first ?? "", "source": article.source,
            "journals": journals.map { journal -> TemplateFields in
                ["title": journal.title, "href": root + SitePaths.encode(SitePaths.journal(journal.slug)), "isBookmark": journal.isBookmark]
            },
            "hasJournal": journals.contains { !$0.isBookmark },
            "isBookmarked": !journals.isEmpty && journals.allSatisfy(\.isBookmark),
        ]
    }

    /// Rows as the templates' groups: a group's rows in a run make one group.
    func articleGroups(_ rows: [PageInputs.ArticleRow], root: String) -> [TemplateFields] {
        var groups: [(key: String, rows: [PageInputs.ArticleRow])] = []
        for row in rows {
            if groups.last?.key == row.group { groups[groups.count - 1].rows.append(row) } else { groups.append((row.group, [row])) }
        }
        return groups.map { group in
            [
                "query": groupLabel(group.key), "id": Self.groupID(group.key), "count": group.rows.count,
                "articles": group.rows.map { articleContext($0.shown, root: root) },
            ]
        }
    }

    func groupLabel(_ key: String) -> String {
        key.hasPrefix("source:") ? SourceNames.label(String(key.dropFirst("source:".count)), language: config.language) : key
    }
    static func groupID(_ key: String) -> String { "q-" + SHA256.hex(Array(key.utf8)).prefix(8) }


    /// Articles per source and journals per tag, largest first (ties by name), as inline SVG.
    func chart(_ week: ISOWeek, sources: [PageInputs.Count], tags: [PageInputs.Count]) -> String {
        WeekChart(
            series: [
                .init(title: strings["articlesBySource"] ?? "", rows: sources.map { ($0.label, $0.count) }),
                .init(title: strings["journalsByTag"] ?? "", rows: tags.map { ($0.label, $0.count) }),
            ],
            id: "chart-\(week)", caption: "\(dates.week(week)) · \(strings["atAGlance"] ?? "")"
        ).svg
    }
}

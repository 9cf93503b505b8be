import Foundation
import GazetteModel

/// Everything a site's pages and packets are made from, loaded, validated and linked: the
/// config, the journals (newest first), the article store, and the weeks they fall in.
public struct SiteContent: Sendable {
    public let root: URL
    public let config: SiteConfig
    /// Journals to publish, newest first (`Journal.newestFirst`); drafts only when asked for.
    public let journals: [Journal]
    /// The article store, in store order.
    public let articles: [Article]
    /// Warnings found while loading (errors stop `load`).
    public private(set) var diagnostics: [Diagnostic]
    /// Every week with journals or articles, newest first, each with its journals (newest first)
    /// and articles (store order).
    public let weeks: [WeekContent]
    /// The file names in `content/thumbnails/` (`ArticleThumbnails`).
    public let thumbnailFiles: Set<String>
    /// The fingerprint of every field of `config` as it was loaded, made once: cards, pages,
    /// the search index and packets all key on it, and walking the config by reflection for each
    /// was a few milliseconds of every `serve` save. Made the first time it is asked for:
    /// `gazette check` never asks, and in a fresh process the walk cost it 6 ms, a fifth of the
    /// command (the runtime looks up each type's conformances for the first time).
    public var configFingerprint: Fingerprint { configKey.value }
    private let configKey: ConfigFingerprintOnce

    private let articleIndex: ArticleIndex
    /// Each of `journals` (by `Journal.identity`, which `journals` keeps unique) → the stored
    /// article it matched, or nil for none: resolved once for every page that shows the link.
    /// A miss is kept too: canonicalizing an unstored reference on every page that listed it
    /// was a sixth of rendering a save's pages in `serve` at 2,000 such journals, and hashing
    /// each journal's path to look it up a fifth of what was left.
    private let articleByJournal: [ObjectIdentifier: Article?]
    /// Article id → journals about it, in journal order.
    private let journalsByArticle: [String: [Journal]]
    /// Where the bodies the loader left in their files are read again.
    private let bodyFiles: BodyFiles
    /// Journals loaded but not published (drafts, journals ahead of their date).
    public private(set) var leftOut = LeftOut()
    /// What this content did with journals ahead of the build's now.
    public private(set) var scheduled = Scheduled.published
    /// The journal files not yet in the site's git history, and when each was written.
    public private(set) var newFiles = NewJournalFiles()
    /// The tags `gazette.yml` lists, as written (`config.tags` adds those journals use besides,
    /// for their pages); nil where the content was made without loading a site.
    private var writtenTags: [Tag]?
    /// The site's tag vocabulary: what a journal's tags are checked against.
    public var vocabulary: [Tag] { writtenTags ?? config.tags }
    /// The pictures of the site's own each journal shows (`JournalPictures`), by identity.
    private var picturesByJournal: [ObjectIdentifier: [JournalPicture]] = [:]

    /// Loads and checks a site. Throws `DiagnosticsError` with every diagnostic if any is an error
    /// (unless `throwsOnErrors` is false, as for `gazette check`, which reports every problem of
    /// what did load: the files with errors are left out).
    /// `cache` (kept by `gazette serve` between rebuilds) spares parsing files that did not change.
    /// When the journal files hold more than `keptBodyBytes`, their bodies are left in the files
    /// and read again when asked (`markdown(of:)`): at 100,000 journals, leaving them there took a
    /// build's peak from 2.31 to 1.60 GB. Never with a cache: `serve` keeps every body.
    /// `scheduled`: what becomes of journals dated after the build's now. `checksLinks`: see
    /// `JournalLoader.load`, as `keepsFirstCommits`.
    public static func load(
        siteRoot: URL, includeDrafts: Bool = false, scheduled: Scheduled = .published, cache: ContentMemo? = nil,
        keptBodyBytes: Int = .max, checksLinks: Bool = true, throwsOnErrors: Bool = true, source: (any SiteSource)? = nil,
        keepsFirstCommits: Bool = false
    ) throws -> SiteContent {
        cache?.begin(configData: FileManager.default.contents(atPath: siteRoot.appendingPathComponent(ConfigLoader.fileName).path))
        let (config, configDiagnostics) = ConfigLoader.load(siteRoot: siteRoot, source: source, cache: cache)
        guard let config else { throw DiagnosticsError(configDiagnostics.sorted()) }
        let (journals, journalDiagnostics, newFiles) = JournalLoader.load(
            siteRoot: siteRoot, config: config, cache: cache, keptBodyBytes: cache == nil ? keptBodyBytes : .max, checksLinks: checksLinks,
            source: source, keepsFirstCommits: keepsFirstCommits)
        let (articles, articleDiagnostics) = ArticleStore.load(siteRoot: siteRoot, cache: cache, source: source)
        cache?.end()
        let thumbnails = SiteBoundary(siteRoot: siteRoot).names(in: ArticleThumbnails.folder) { $0.hasSuffix(".webp") && !$0.hasPrefix(".") }
        var leftOut = LeftOut()
        var published: [Journal] = []
        for journal in journals {
            if journal.draft && !includeDrafts {
                leftOut.drafts.append(journal)
            } else if case .heldBack(let now) = scheduled, journal.created > now {
                leftOut.future.append(journal)
            } else {
                published.append(journal)
            }
        }
        published = Journal.sortedNewestFirst(published)
        // Pages show the vocabulary's tags and any other a journal uses (`Vocabulary.pageTags`).
        var shown = config
        shown.tags = Vocabulary.pageTags(config, journals: published)
        var stored = cache?.safeArticles(articles, make: indexed) ?? indexed(articles)
        if case .heldBack(let now) = scheduled {
            // Listed from their date on; journals about them still find them.
            stored.all.removeAll { ($0.publishedDate ?? .distantPast) > now }
        }
        var content = SiteContent(
            root: siteRoot, config: shown, journals: published, articles: stored, diagnostics: [], thumbnailFiles: Set(thumbnails.names),
            configFingerprint: cache?.configFingerprint(shown, make: SiteContent.fingerprint), cache: cache)
        content.leftOut = leftOut
        content.scheduled = scheduled
        content.newFiles = newFiles
        content.writtenTags = config.tags
        let (pictures, pictureErrors) = JournalPictures.find(published, siteRoot: siteRoot, markdown: content.markdown(of:), memo: cache)
        content.picturesByJournal = pictures
        // Cross-reference warnings are computed even when some files failed, so one run of
        // `gazette check` reports every problem.
        let diagnostics = configDiagnostics + journalDiagnostics + articleDiagnostics + thumbnails.refused + pictureErrors
            + content.crossReferenceWarnings(allJournals: journals, vocabulary: config, cache: cache)
        content.diagnostics = cache?.sorted(diagnostics, as: "content") ?? diagnostics.sorted()
        if throwsOnErrors, content.diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticsError(content.diagnostics) }
        return content
    }

    /// Journals loaded but not published by this build.
    public struct LeftOut: Sendable {
        /// Marked `draft: true`, without `--drafts`.
        public var drafts: [Journal] = []
        /// Dated after the build's now (`Scheduled.heldBack`), newest last as loaded.
        public var future: [Journal] = []
    }

    /// What a site does with a journal (or article) dated after the build's now, as Hugo does
    /// without `--buildFuture`: a date a year off is most often a typo, and would take over the
    /// front page.
    public enum Scheduled: Sendable, Equatable {
        /// Published like any other (`--future`; what `check` loads).
        case published
        /// Left out until its date (`gazette build`, `gazette pdf`).
        case heldBack(now: Date)
        /// Shown with a label; the front page stays on the latest week not ahead of `now`
        /// (`gazette serve`).
        case labelled(now: Date)
    }

    /// What a page says of a journal that is not published as it stands: a draft shown with
    /// `--drafts`, or a journal ahead of its date under `serve`.
    public func status(of journal: Journal) -> JournalStatus? {
        if journal.draft { return .draft }
        if case .labelled(let now) = scheduled, journal.created > now { return .scheduled }
        return nil
    }

    /// The pictures of the site's own `journal`'s body shows, in body order.
    public func pictures(of journal: Journal) -> [JournalPicture] { picturesByJournal[journal.identity] ?? [] }

    /// Every picture published beside a journal's page, once per output path, and whether the
    /// build converts it (`JournalPicture.isConverted`).
    public var publishedPictures: [(path: String, file: String, converted: Bool)] {
        var seen = Set<String>()
        var all: [(path: String, file: String, converted: Bool)] = []
        for journal in journals {
            for picture in pictures(of: journal) {
                guard let path = picture.output, seen.insert(path).inserted else { continue }
                all.append((path, picture.file, picture.isConverted))
            }
        }
        return all
    }

    /// The weeks the front page may show, newest first: every week, but under `serve` none
    /// ahead of the build's now.
    public var frontWeek: WeekContent? {
        guard case .labelled(let now) = scheduled else { return weeks.first }
        let current = ISOWeek(containing: now, in: config.timeZone)
        return weeks.first { $0.week <= current } ?? weeks.last
    }

    /// Articles as pages, feeds and packets use them: what the URL policy refuses dropped here,
    /// once, and newest first.
    static func safeAndSorted(_ articles: [Article]) -> [Article] { ArticleStore.sorted(articles.map(\.withSafeURLs)) }

    /// `safeAndSorted`, with their index.
    static func indexed(_ articles: [Article]) -> (all: [Article], index: ArticleIndex) {
        let safe = safeAndSorted(articles)
        return (safe, ArticleIndex(safe))
    }
}

/// The articles by id and by canonical URL, the first of each winning: how journals find
/// theirs. Made once while the store is unchanged (`ContentMemo.safeArticles`): canonicalising
/// two thousand URLs and indexing them again was a fifth of a busy site's `serve` save's loading.
struct ArticleIndex: Sendable {
    let byID: [String: Article]
    let byURL: [String: Article]

    init(_ articles: [Article]) {
        var byID: [String: Article] = [:]
        var byURL: [String: Article] = [:]
        byID.reserveCapacity(articles.count)
        byURL.reserveCapacity(articles.count)
        for article in articles {
            byID[article.id] = byID[article.id] ?? article
            if let canonical = CanonicalURL.canonicalize(article.url) { byURL[canonical] = byURL[canonical] ?? article }
        }
        (self.byID, self.byURL) = (byID, byURL)
    }
}

extension SiteContent {

    public init(
        root: URL, config: SiteConfig, journals: [Journal], articles: [Article], diagnostics: [Diagnostic], thumbnailFiles: Set<String> = []
    ) {
        self.init(
            root: root, config: config, journals: journals, articles: (articles, ArticleIndex(articles)), diagnostics: diagnostics,
            thumbnailFiles: thumbnailFiles)
    }

    init(
        root: URL, config: SiteConfig, journals: [Journal], articles: (all: [Article], index: ArticleIndex), diagnostics: [Diagnostic],
        thumbnailFiles: Set<String>, configFingerprint: Fingerprint? = nil, cache: ContentMemo? = nil
    ) {
        self.root = root
        self.bodyFiles = BodyFiles(root: root)
        self.thumbnailFiles = thumbnailFiles
        self.config = config
        self.configKey = ConfigFingerprintOnce(config, made: configFingerprint)
        self.journals = journals
        self.articles = articles.all
        self.diagnostics = diagnostics
        articleIndex = articles.index
        let byID = articles.index.byID, byURL = articles.index.byURL
        var byJournal: [ObjectIdentifier: Article?] = [:]
        byJournal.reserveCapacity(journals.count)
        var aboutArticle: [String: [Journal]] = [:]
        // A closure, not `\.articleReference`: a key path through `Journal`'s dynamic member is
        // projected at run time, and was a sixth of this loop on a busy save.
        let references = journals.map { $0.articleReference }
        let keys = cache?.articleKeys(references, make: ArticleKey.init) ?? references.map(ArticleKey.init)
        for (journal, key) in zip(journals, keys) {
            let article = key?.article(byID: byID, byURL: byURL)
            byJournal[journal.identity] = .some(article)
            if let article { aboutArticle[article.id, default: []].append(journal) }
        }
        articleByJournal = byJournal
        journalsByArticle = aboutArticle
        weeks = SiteContent.group(journals: journals, articles: articles.all, timeZone: config.timeZone, cache: cache)
    }

    /// How a journal's `article:` is looked up: by id, or by its canonical URL (nil: none, or
    /// one that is neither).
    enum ArticleKey: Equatable, Sendable {
        case id(String)
        case url(String)

        init?(_ reference: String?) {
            guard let reference else { return nil }
            if CanonicalURL.isArticleID(reference) {
                self = .id(reference)
            } else if let url = CanonicalURL.canonicalize(reference) {
                self = .url(url)
            } else {
                return nil
            }
        }

        func article(byID: [String: Article], byURL: [String: Article]) -> Article? {
            switch self {
            case .id(let id): byID[id]
            case .url(let url): CanonicalURL.addresses(of: url).lazy.compactMap { byURL[$0] }.first
            }
        }
    }

    /// `configFingerprint`, made on first use and shared by copies of the content.
    private final class ConfigFingerprintOnce: Sendable {
        private let config: SiteConfig
        private let made: Locked<Fingerprint?>

        init(_ config: SiteConfig, made: Fingerprint?) {
            self.config = config
            self.made = Locked(made)
        }

        var value: Fingerprint {
            made.withLock { made in
                if let made { return made }
                let fingerprint = SiteContent.fingerprint(of: config)
                made = fingerprint
                return fingerprint
            }
        }
    }

    /// Every stored property of `config`, by reflection (so a new setting is in the key without
    /// anyone listing it).
    static func fingerprint(of config: SiteConfig) -> Fingerprint {
        var key = FingerprintHasher()
        key.add(reflecting: config)
        return key.digest
    }

    /// A journal's Markdown body: the one it holds, or, for one the loader left in its file,
    /// the file's, read again (see `checkBodies`).
    public func markdown(of journal: Journal) -> String { journal.body ?? bodyFiles.read(journal) }

    /// Throws if a body left in its file could not be read again as it was loaded. A build
    /// asks before it swaps anything in.
    public func checkBodies() throws { try bodyFiles.check() }

    /// The site-relative paths of `article`'s thumbnails (`content/thumbnails/…`), one per
    /// `ArticleThumbnails.sizes`, or nil unless every one is there: a page shows a local
    /// thumbnail or no image, never the remote one.
    public func thumbnails(of article: Article) -> [String]? {
        let names = ArticleThumbnails.names(for: article)
        guard !names.isEmpty, names.allSatisfy(thumbnailFiles.contains) else { return nil }
        return names.map { "\(ArticleThumbnails.folder)/\($0)" }
    }

    /// The stored article a journal writes about, matched by id or by canonical URL.
    public func article(for journal: Journal) -> Article? {
        if let known = articleByJournal[journal.identity] { return known }
        return ArticleKey(journal.articleReference)?.article(byID: articleIndex.byID, byURL: articleIndex.byURL)
    }

    /// The ISO week a journal belongs to: that of `created`, in the site time zone.
    public func week(of journal: Journal) -> ISOWeek { ISOWeek(containing: journal.created, in: config.timeZone) }

    /// The ISO week of an article's publication, in the site time zone.
    public func week(of article: Article) -> ISOWeek? {
        article.publishedDate.map { ISOWeek(containing: $0, in: config.timeZone) }
    }

    /// Journals and articles by ISO week, newest week first. With `cache`, each one's week is
    /// the last build's when the journal or article at its place is the same (working out a
    /// week asks the time zone for its offset: 4,000 times on every save of a busy fortnight).
    private static func group(journals: [Journal], articles: [Article], timeZone: TimeZone, cache: ContentMemo?) -> [WeekContent] {
        let journalWeeks = cache?.weeks(of: journals, in: timeZone) ?? journals.map { ISOWeek(containing: $0.created, in: timeZone) }
        let articleWeeks = cache?.weeks(of: articles, in: timeZone) ?? articles.map { $0.publishedDate.map { ISOWeek(containing: $0, in: timeZone) } }
        var journalsByWeek: [ISOWeek: [Journal]] = [:]
        var articlesByWeek: [ISOWeek: [Article]] = [:]
        for (journal, week) in zip(journals, journalWeeks) { journalsByWeek[week, default: []].append(journal) }
        for (article, week) in zip(articles, articleWeeks) {
            if let week { articlesByWeek[week, default: []].append(article) }
        }
        let all = Set(journalsByWeek.keys).union(articlesByWeek.keys).sorted(by: >)
        return all.map { WeekContent(week: $0, journals: journalsByWeek[$0] ?? [], articles: articlesByWeek[$0] ?? []) }
    }

    /// Journals that are about `article`.
    public func journals(about article: Article) -> [Journal] { journalsByArticle[article.id] ?? [] }

    /// `vocabulary`: the config as written, whose tags are the known ones (`config` adds the
    /// unknown tags journals use, for their pages).
    func crossReferenceWarnings(allJournals: [Journal], vocabulary: SiteConfig, cache: ContentMemo? = nil) -> [Diagnostic] {
        let checked = allJournals.map { journal in (journal: journal, found: journal.articleReference == nil || article(for: journal) != nil) }
        let make = { SiteContent.crossReferenceWarnings(of: $0, articleFound: $1, vocabulary: vocabulary) }
        return cache?.crossReferences(of: checked, make: make) ?? checked.flatMap(make)
    }

    /// The warnings of one journal: unknown tags and author (against `vocabulary`), an article
    /// not in the store (`articleFound` false). What `check`, `build` and `gazette lsp` say.
    public static func crossReferenceWarnings(of journal: Journal, articleFound found: Bool, vocabulary: SiteConfig) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var written = journal.tags.map { (Vocabulary.Kind.tag, "tags", $0) }
        if let author = journal.author { written.append((.author, "author", author)) }
        for (kind, key, value) in written {
            guard let (message, hint, addable, _) = Vocabulary.unknown(kind, value, in: vocabulary) else { continue }
            let (location, line) = journal.frontMatterLocation(of: key, value: value)
            let until = kind == .tag ? " (until then it has a page of its own, named '\(value)')" : ""
            let add = addable ? Vocabulary.adding(kind) + until : ""
            warnings.append(
                .warning(message, at: location, hint: hint + add, sourceLine: line, code: addable ? nil : value.invisiblesNote == nil ? "tag-comma" : "invisible-character").spanning(found: value, at: location))
        }
        if let reference = journal.articleReference, !found {
            let (location, line) = journal.frontMatterLocation(of: "article", value: reference)
            // A character that shows as nothing copied along into the address: the one meant.
            let hint =
                reference.invisiblesNote.map { "did you mean '\(reference.withoutInvisibles)'? \($0)" }
                ?? "the journal links to the URL as written; 'gazette add URL' stores the article"
            warnings.append(
                .warning("article '\(reference.revealingInvisibles)' is not in the article store", at: location, hint: hint, sourceLine: line)
                    .spanning(found: reference, at: location))
        }
        return warnings
    }
}

extension Diagnostic {
    /// Covering `value` where `Journal.frontMatterLocation` found it (a column past the first:
    /// not found, it gives the key's line at its start).
    fileprivate func spanning(found value: String, at location: SourceLocation) -> Diagnostic {
        location.column > 1 ? spanning(value.unicodeScalars.count) : self
    }
}

/// Why a page labels a journal.
public enum JournalStatus: String, Sendable {
    /// `draft: true`, shown with `--drafts` (or `serve --drafts`).
    case draft
    /// Dated after now, shown by `serve` (a build leaves it out until its date).
    case scheduled
}

/// One ISO week's share of a site.
public struct WeekContent: Sendable {
    public let week: ISOWeek
    public let journals: [Journal]
    public let articles: [Article]

    /// Whether the week gets a study packet: it has a journal with a body (bookmarks are left out).
    public var hasPacket: Bool { journals.contains { !$0.isBookmark } }
}

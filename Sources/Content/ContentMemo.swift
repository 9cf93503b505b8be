import Foundation
import GazetteModel
import Memory

/// Parsed files kept from one build to the next while `gazette serve` runs. A journal or week
/// file whose bytes, dates and config are unchanged is not parsed again.
///
/// A journal file is not even read again when the watcher has said which paths changed
/// (`noteChanges`) and its path is not among them, and its dates are as before: on a 2,000-journal
/// site, reading every file on every save was a third of loading. Its modification time is not
/// even asked for when the commit history is as before and it is no link (`JournalLoader`). A
/// cache nobody notes changes to trusts no path: it reads every file, and parses the changed.
/// Changes noted accumulate until a build has loaded the journals, so a build that failed
/// before reading them loses none.
///
/// Journals are parsed against the config (tags, authors, time zone), so a changed
/// `gazette.yml` empties the journal entries.
public final class ContentMemo: Sendable {
    /// What a journal file was parsed from besides the config: its bytes and its dates.
    fileprivate struct JournalKey: Equatable, Sendable {
        var first: Date?
        var last: Date?
        var data: Data
    }

    fileprivate struct Parsed: Sendable {
        var journal: Journal?
        var diagnostics: [Diagnostic]
    }

    /// What a journal's date check was made from.
    fileprivate struct Dated: Equatable, Sendable {
        var journal: Journal
        var article: Article?
        var zone: TimeZone
        var past: Bool
        /// When a file git does not know yet was written (`NewJournalFiles`).
        var written: Date?
        /// A late first commit (`NewJournalFiles.committedLate`) of a journal dated alone.
        var lateCommit: Date?
    }

    /// A journal as its picture scan reads it: equal to another with the same body.
    fileprivate struct Body: Equatable, Sendable {
        var journal: Journal

        static func == (a: Body, b: Body) -> Bool { a.journal.bodyDigest == b.journal.bodyDigest }
    }

    /// What a journal's cross-reference warnings were made from besides the config.
    fileprivate struct Referenced: Equatable, Sendable {
        var found: Bool
        var journal: Journal
    }

    /// Memos by site-relative path, each with the bytes the file held (read through the
    /// loader's `SiteSource`), forgotten as `Memo`'s one rule says: a file no build reads again
    /// (deleted, renamed) goes at the end of the build that did not read it.
    private let journals = Memo<String, JournalKey, Parsed>()
    private let weekFiles = Memo<String, Data, ArticleStore.WeekFile>()
    /// Each journal's cross-reference warnings, with the journal and whether its article was
    /// found, by its place in the list of journals.
    private let crossReferences = ListMemo<Referenced, [Diagnostic]>()
    /// The store's articles united, by the records the week files hold.
    private let unitedArticles = Memo<String, [Article], [Article]>()
    /// Lists of warnings sorted, by the list unsorted.
    private let sortedLists = Memo<String, [Diagnostic], [Diagnostic]>()
    /// A journal's warning of a date well behind its file's name or its article, by its place.
    private let pastDates = ListMemo<Dated, [Diagnostic]>()
    /// Whether a journal's body has `![` (may show a picture), by its place and body's digest.
    private let pictureMarks = ListMemo<Body, Bool>()
    /// How each journal's `article:` is looked up, by its place and the reference as written.
    private let articleKeys = ListMemo<String?, SiteContent.ArticleKey?>()
    /// Each journal's and article's ISO week, by its place, in the zone of `weeksZone`.
    private let journalWeeks = ListMemo<Journal, ISOWeek>()
    private let articleWeeks = ListMemo<Article, ISOWeek?>()
    private let weeksZone = Locked<TimeZone?>(nil)
    /// The config as parsed from the bytes of `gazette.yml`.
    private let configs = Memo<String, Data, ParsedConfig>()
    /// The slug check over the journals' slugs and paths.
    private let slugChecks = Locked<(journals: [Journal], diagnostics: [Diagnostic])?>(nil)

    struct ParsedConfig: Sendable {
        var config: SiteConfig?
        var diagnostics: [Diagnostic]
    }

    /// Everything else the cache knows, behind one lock.
    private struct State {
        var configData: Data?
        /// The commit `HEAD` named at the last build (nil: no history) and the journals'
        /// commit dates read then; nil before the first build.
        var git: (head: String?, dates: GitDates)?
        /// Journals the current build took unread, and the last build's counts.
        var unread = 0
        var counts = Counts()
        /// Site-relative paths (files or folders) that may have changed since the journals were
        /// last loaded; nil when anything may have.
        var pending: Set<String>? = nil
        /// `pending` as the current build took it at `begin`.
        var changes: Set<String>? = nil
        /// Whether a watcher reports changes (`noteChanges` was called): only then are paths it
        /// did not name taken as unchanged.
        var watched = false
        /// The last build's articles as the stores hold them, and as pages use them (URLs the
        /// policy refuses emptied, newest first).
        var articles: (stored: [Article], safe: (all: [Article], index: ArticleIndex))?
        /// The journal folder's last listing, with its paths as a set; nil when it held a link.
        var listing: Listing?
        /// The last build's config (as pages show it) and its fingerprint.
        var config: (config: SiteConfig, fingerprint: Fingerprint)?
    }

    struct Listing: Sendable {
        var entries: [FileTree.Entry]
        var refused: [Diagnostic]
        var paths: Set<String>
    }

    private let state = Locked(State())

    /// `make(stored)` (the articles safe and sorted, and their index), or the last build's result
    /// when the stores held the same articles: on 2,000 articles checking every URL and sorting
    /// was a fifth of loading a `serve` save, and indexing them another fifth. The
    /// comparison is cheap: unchanged week files hand back the same string storage.
    func safeArticles(_ stored: [Article], make: ([Article]) -> (all: [Article], index: ArticleIndex)) -> (all: [Article], index: ArticleIndex) {
        if let last = state.withLock({ $0.articles }), last.stored == stored { return last.safe }
        let safe = make(stored)
        state.withLock { $0.articles = (stored, safe) }
        return safe
    }

    /// A journal as it was parsed, with the dates it was parsed with.
    struct UnreadJournal {
        var first: Date?
        var last: Date?
        var journal: Journal?
        var diagnostics: [Diagnostic]
    }

    /// The journals a build may take unread (`unreadCandidates`): a snapshot of the cache's
    /// table and of the paths the watcher named, asked path by path on every core.
    struct UnreadCandidates {
        fileprivate var journals: Memo<String, JournalKey, Parsed>.Known?
        fileprivate var changes: Set<String> = []
        /// Each change with a `/` after it: a folder's paths start with it.
        fileprivate var folders: [String] = []

        /// The journal at `path` as last parsed, unless the watcher named it or a folder above it.
        subscript(path: String) -> UnreadJournal? {
            guard !changes.contains(path), !folders.contains(where: { path.hasPrefix($0) }) else { return nil }
            return journals?.read(path) { hit in
                UnreadJournal(first: hit.inputs.first, last: hit.inputs.last, journal: hit.value.journal, diagnostics: hit.value.diagnostics)
            }
        }
    }

    /// How many files the last build took from the cache and how many it parsed; `unread`
    /// counts the reused ones not even read.
    public struct Counts: Sendable, Equatable {
        public var reused = 0
        public var parsed = 0
        public var unread = 0
    }

    public init() {}

    public var lastBuild: Counts { state.withLock { $0.counts } }

    /// Says which site-relative paths changed since the last build (files, or folders whose
    /// whole content may have): what a file watcher reports. nil, or an empty path, means that
    /// anything may have changed (the watcher lost events).
    public func noteChanges(_ paths: [String]?) {
        state.withLock { state in
            state.watched = true
            guard let paths, !paths.contains(""), let known = state.pending else {
                state.pending = nil
                return
            }
            state.pending = known.union(paths)
        }
    }

    /// Starts a build: forgets journals parsed against another config.
    func begin(configData: Data?) {
        let changed = state.withLock { state in
            defer {
                state.configData = configData
                state.unread = 0
                state.changes = state.pending
            }
            return configData != state.configData
        }
        if changed {
            journals.removeAll()
            crossReferences.removeAll()
        }
    }

    /// Ends a build that loaded every file: drops entries of files that no longer exist, and
    /// starts noting changes afresh.
    func end() {
        journals.endBuild()
        weekFiles.endBuild()
        configs.endBuild()
        sortedLists.endBuild()
        unitedArticles.endBuild()
        let (parsed, read) = (journals.lastBuild, weekFiles.lastBuild)
        state.withLock { state in
            state.pending = state.watched ? [] : nil
            state.counts = Counts(reused: parsed.found + read.found, parsed: parsed.made + read.made, unread: state.unread)
        }
    }

    /// `make(config)`, or the last build's fingerprint when the config is equal to its
    /// (synthesized `==`: every stored property). The fingerprint walks the whole config by
    /// reflection, tags and members included: half a millisecond of a `serve` save on the bench site.
    func configFingerprint(_ config: SiteConfig, make: (SiteConfig) -> Fingerprint) -> Fingerprint {
        if let last = state.withLock({ $0.config }), last.config == config { return last.fingerprint }
        let fingerprint = make(config)
        state.withLock { $0.config = (config, fingerprint) }
        return fingerprint
    }

    /// The journal folder's listing (`list`), or the last build's when the watcher named no path
    /// in the folder (nor a `.md` elsewhere in `content/`) but files that listing holds and that
    /// are still there: no journal added, removed or renamed, and no folder named. Walking 2,000 files and sorting them was a sixth
    /// of loading a `serve` save. A listing with a link is never kept (what a link leads to may
    /// change where the watcher does not look); nor is any without a watcher's changes.
    func journalFiles(
        siteRoot: URL, folder: String, list: () -> (entries: [FileTree.Entry], refused: [Diagnostic])
    ) -> (entries: [FileTree.Entry], refused: [Diagnostic]) {
        let (changes, last) = state.withLock { ($0.changes, $0.listing) }
        if let changes, let last {
            let inside = folder + "/"
            // A `.md` saved elsewhere in `content/` is named by the listing too (`strayJournals`).
            let named = changes.filter {
                $0 == folder || $0.hasPrefix(inside) || inside.hasPrefix($0 + "/") || ($0.hasPrefix("content/") && $0.lowercased().hasSuffix(".md"))
            }
            let unchanged = named.allSatisfy { path in
                var isFolder: ObjCBool = false
                return last.paths.contains(path) && FileManager.default.fileExists(atPath: siteRoot.path + "/" + path, isDirectory: &isFolder)
                    && !isFolder.boolValue
            }
            if unchanged { return (last.entries, last.refused) }
        }
        let made = list()
        let kept = made.entries.contains(where: \.maybeLink) ? nil : Listing(entries: made.entries, refused: made.refused, paths: Set(made.entries.map(\.path)))
        state.withLock { $0.listing = kept }
        return made
    }

    /// What a build may take unread: the journals the watcher did not report changed, each with
    /// the dates it was parsed with. Taken once, under one lock, before the journals are loaded
    /// on every core (a snapshot, not a table built for the build: building one was a tenth of
    /// loading on a save); `reuseUnread` then says which were taken.
    func unreadCandidates() -> UnreadCandidates {
        guard let changes = state.withLock({ $0.changes }) else { return UnreadCandidates() }
        return UnreadCandidates(journals: journals.known(), changes: changes, folders: changes.map { $0 + "/" })
    }

    /// Counts the journals a build took unread from `unreadCandidates`, and keeps them.
    func reuseUnread(_ paths: [String]) {
        journals.record(found: paths, made: [])
        state.withLock { state in
            state.unread += paths.count
        }
    }

    func journal(
        _ path: String, data: Data, dates: (Date?, Date?), parse: () -> (Journal?, [Diagnostic])
    ) -> (Journal?, [Diagnostic]) {
        let key = JournalKey(first: dates.0, last: dates.1, data: data)
        if let hit = journals.found(path, key) {
            return (hit.journal, hit.diagnostics)
        }
        let result = parse()
        journals.keep(path, key, Parsed(journal: result.0, diagnostics: result.1))
        return result
    }

    /// The journals' cross-reference warnings, in order: each made by `make` unless the journal
    /// at its place, with its article found or not, is as an earlier build checked it under the
    /// same config. At 2,000 journals naming unstored articles, making them all again was a
    /// fifth of loading in `serve`; asking a memo for each by path, and joining them, a tenth.
    func crossReferences(of journals: [(journal: Journal, found: Bool)], make: (Journal, Bool) -> [Diagnostic]) -> [Diagnostic] {
        crossReferences.joined(journals.map { Referenced(found: $0.found, journal: $0.journal) }) { make($0.journal, $0.found) }
    }

    /// `make(reference)` for each journal's `article:`, taken from the last build where the
    /// reference at its place is the same (canonicalizing 2,000 URLs was 1 % of a `serve` save).
    func articleKeys(_ references: [String?], make: (String?) -> SiteContent.ArticleKey?) -> [SiteContent.ArticleKey?] {
        articleKeys.map(references, make: make)
    }

    /// The ISO week of each journal's `created`, in `zone`.
    func weeks(of journals: [Journal], in zone: TimeZone) -> [ISOWeek] {
        inWeeksZone(zone)
        return journalWeeks.map(journals) { ISOWeek(containing: $0.created, in: zone) }
    }

    /// The ISO week of each article's publication, in `zone` (nil: no date).
    func weeks(of articles: [Article], in zone: TimeZone) -> [ISOWeek?] {
        inWeeksZone(zone)
        return articleWeeks.map(articles) { $0.publishedDate.map { ISOWeek(containing: $0, in: zone) } }
    }

    /// Forgets the weeks worked out in another zone (the config's `timezone` changed).
    private func inWeeksZone(_ zone: TimeZone) {
        let changed = weeksZone.withLock { known in
            defer { known = zone }
            return known != zone
        }
        if changed {
            journalWeeks.removeAll()
            articleWeeks.removeAll()
        }
    }

    /// The config parsed from `data` by `parse`, or as an earlier build parsed the same bytes:
    /// every `serve` save reads `gazette.yml`, and parsing its YAML again was 1 % of a save.
    func config(_ data: Data, parse: (Data) -> (config: SiteConfig?, diagnostics: [Diagnostic])) -> (config: SiteConfig?, diagnostics: [Diagnostic]) {
        let parsed = configs.value("config", data) {
            let (config, diagnostics) = parse(data)
            return ParsedConfig(config: config, diagnostics: diagnostics)
        }
        return (parsed.config, parsed.diagnostics)
    }

    /// `check(journals)`, or the last build's result when its journals had the same slugs and
    /// paths in the same order (an edited journal keeps both; unchanged ones share their
    /// strings' storage, so each compare is a pointer's). Only the last build's is kept.
    func slugCheck(_ journals: [Journal], check: ([Journal]) -> [Diagnostic]) -> [Diagnostic] {
        let diagnostics: [Diagnostic]
        if let last = slugChecks.withLock({ $0 }), last.journals.count == journals.count,
            zip(last.journals, journals).allSatisfy({ $0.slug == $1.slug && $0.path == $1.path })
        {
            diagnostics = last.diagnostics
        } else {
            diagnostics = check(journals)
        }
        // This build's journals, not the last's: an edited journal's old text is let go.
        slugChecks.withLock { $0 = (journals, diagnostics) }
        return diagnostics
    }

    /// The store's articles, each once (`ArticleStore.united`), handed back when the week files'
    /// records are the ones an earlier build united: they are, unless a week file changed (a
    /// save of a journal leaves them; uniting 2,000 again was 2 % of a busy `serve` save).
    func united(_ records: [Article], make: ([Article]) -> [Article]) -> [Article] {
        unitedArticles.value("store", records) { make(records) }
    }

    /// `diagnostics` in file order, handed back from an earlier build that sorted the same list
    /// under `name`: most warnings come from memos unchanged, so comparing the list is a
    /// fraction of sorting it (thousands of warnings, sorted twice, were 6 % of a busy `serve`
    /// save).
    public func sorted(_ diagnostics: [Diagnostic], as name: String) -> [Diagnostic] {
        sortedLists.value(name, diagnostics) { diagnostics.sorted() }
    }

    /// The journals' warnings of a date well behind (`SiteChecks.pastDate`), in order: each made
    /// by `make` unless the journal at its place, with the same article, in the same zone, on
    /// the same side of now, written at the same time if new, was checked in an earlier build. On
    /// a busy fortnight whose journals name stored articles, checking them all again was 8 % of a
    /// `serve` save.
    public func pastDates(
        of journals: [(journal: Journal, article: Article?, written: Date?, lateCommit: Date?)], zone: TimeZone, now: Date,
        make: (Journal, Article?, Date?, Date?) -> Diagnostic?
    ) -> [Diagnostic] {
        let dated = journals.map {
            Dated(journal: $0.journal, article: $0.article, zone: zone, past: $0.journal.created <= now, written: $0.written, lateCommit: $0.lateCommit)
        }
        return pastDates.joined(dated) { dated in make(dated.journal, dated.article, dated.written, dated.lateCommit).map { [$0] } ?? [] }
    }

    /// Whether each of `journals`' body has `![` and so may show a picture, found by `scan`
    /// unless the body at its place was scanned in an earlier build: most bodies have none, and
    /// reading and scanning every body on every save was a fifth of loading in `serve`.
    func mayShowPictures(_ journals: [Journal], scan: (Journal) -> Bool) -> [Bool] {
        pictureMarks.map(journals.map(Body.init)) { scan($0.journal) }
    }

    /// The commit dates of `folder`'s files, read again only when `HEAD` moved (a commit, a
    /// checkout) since the last build: `git log` over a site's whole history on every save was
    /// most of loading in `serve` for a site kept in git. When it moved, the commits since are
    /// read onto the last dates where they allow it (`GitDatesMemory`).
    /// `asBefore` says the history is the one the last build read (or none, both times).
    func gitDates(siteRoot: URL, folder: String) -> (dates: GitDates, asBefore: Bool) {
        let head = GitDates.head(siteRoot: siteRoot)
        let known = state.withLock { $0.git }
        if let known, known.head == head { return (known.dates, true) }
        let previous = known.flatMap { known in known.head.map { GitDatesMemory.Known(head: $0, dates: known.dates) } }
        let (dates, origin) = GitDatesMemory.dates(
            at: head, siteRoot: siteRoot, folder: folder, file: SiteLayout(siteRoot: siteRoot).gitDatesCache, previous: previous)
        // A failed git is asked again on the next save, not taken for a history without dates.
        if origin != .failed { state.withLock { $0.git = (head, dates) } }
        return (dates, false)
    }

    func week(_ path: String, data: Data, decode: () -> ArticleStore.WeekFile) -> ArticleStore.WeekFile {
        weekFiles.value(path, data, make: decode)
    }
}

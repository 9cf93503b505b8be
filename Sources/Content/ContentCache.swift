import Foundation
import GazetteModel

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
public final class ContentCache: Sendable {
    fileprivate struct JournalKey: Equatable {
        var data: Data
        var first: Date?
        var last: Date?
    }

    /// Everything the cache knows, behind one lock.
    private struct State {
        var configData: Data?
        var journals: [String: (key: JournalKey, journal: Journal?, diagnostics: [Diagnostic])] = [:]
        var weekFiles: [String: (data: Data, result: ArticleStore.WeekFile)] = [:]
        /// Each journal's cross-reference warnings, with the journal and whether its article was
        /// found: what they were made from besides the config.
        var crossReferences: [String: (journal: Journal, found: Bool, warnings: [Diagnostic])] = [:]
        /// The commit `HEAD` named at the last build (nil: no history) and the journals'
        /// commit dates read then; nil before the first build.
        var git: (head: String?, dates: GitDates)?
        var counts = Counts()
        /// Files looked up since `begin`; the rest are gone and dropped at `end`.
        var seen: Set<String> = []
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
        fileprivate var journals: [String: (key: JournalKey, journal: Journal?, diagnostics: [Diagnostic])] = [:]
        fileprivate var changes: Set<String> = []
        /// Each change with a `/` after it: a folder's paths start with it.
        fileprivate var folders: [String] = []

        /// The journal at `path` as last parsed, unless the watcher named it or a folder above it.
        subscript(path: String) -> UnreadJournal? {
            guard let hit = journals[path], !changes.contains(path), !folders.contains(where: { path.hasPrefix($0) }) else { return nil }
            return UnreadJournal(first: hit.key.first, last: hit.key.last, journal: hit.journal, diagnostics: hit.diagnostics)
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
        state.withLock { state in
            if configData != state.configData {
                state.journals.removeAll()
                state.crossReferences.removeAll()
            }
            state.configData = configData
            state.counts = Counts()
            state.seen = []
            state.changes = state.pending
        }
    }

    /// Ends a build that loaded every file: drops entries of files that no longer exist, and
    /// starts noting changes afresh.
    func end() {
        state.withLock { state in
            // Every path seen has an entry, and journal and week paths never meet: when the
            // counts agree, every entry was seen and none is dropped (filtering all of them
            // anyway was a tenth of loading on a save).
            if state.seen.count != state.journals.count + state.weekFiles.count {
                state.journals = state.journals.filter { state.seen.contains($0.key) }
                state.weekFiles = state.weekFiles.filter { state.seen.contains($0.key) }
                state.crossReferences = state.crossReferences.filter { state.seen.contains($0.key) }
            }
            state.pending = state.watched ? [] : nil
        }
    }

    /// What a build may take unread: the journals the watcher did not report changed, each with
    /// the dates it was parsed with. Taken once, under one lock, before the journals are loaded
    /// on every core (a snapshot, not a table built for the build: building one was a tenth of
    /// loading on a save); `reuseUnread` then says which were taken.
    func unreadCandidates() -> UnreadCandidates {
        state.withLock { state in
            guard let changes = state.changes else { return UnreadCandidates() }
            return UnreadCandidates(journals: state.journals, changes: changes, folders: changes.map { $0 + "/" })
        }
    }

    /// Counts the journals a build took unread from `unreadCandidates`, and keeps them.
    func reuseUnread(_ paths: [String]) {
        state.withLock { state in
            state.seen.formUnion(paths)
            state.counts.reused += paths.count
            state.counts.unread += paths.count
        }
    }

    func journal(
        _ path: String, data: Data, dates: (Date?, Date?), parse: () -> (Journal?, [Diagnostic])
    ) -> (Journal?, [Diagnostic]) {
        let key = JournalKey(data: data, first: dates.0, last: dates.1)
        let hit: (Journal?, [Diagnostic])? = state.withLock { state in
            state.seen.insert(path)
            guard let hit = state.journals[path], hit.key == key else { return nil }
            state.counts.reused += 1
            return (hit.journal, hit.diagnostics)
        }
        if let hit { return hit }
        let result = parse()
        state.withLock { state in
            state.journals[path] = (key, result.0, result.1)
            state.counts.parsed += 1
        }
        return result
    }

    /// A journal's cross-reference warnings, made by `make` unless the same journal, with its
    /// article found or not as before, was checked in an earlier build under the same config.
    /// At 2,000 journals naming unstored articles, making them all again was a fifth of loading
    /// in `serve`.
    func crossReferences(of journal: Journal, found: Bool, make: () -> [Diagnostic]) -> [Diagnostic] {
        let hit: [Diagnostic]? = state.withLock { state in
            guard let known = state.crossReferences[journal.path], known.found == found, known.journal == journal else { return nil }
            return known.warnings
        }
        if let hit { return hit }
        let warnings = make()
        state.withLock { $0.crossReferences[journal.path] = (journal, found, warnings) }
        return warnings
    }

    /// The commit dates of `folder`'s files, read again only when `HEAD` moved (a commit, a
    /// checkout) since the last build: `git log` over a site's whole history on every save was
    /// most of loading in `serve` for a site kept in git.
    /// `asBefore` says the history is the one the last build read (or none, both times).
    func gitDates(siteRoot: URL, folder: String) -> (dates: GitDates, asBefore: Bool) {
        let head = GitDates.head(siteRoot: siteRoot)
        if let known = state.withLock({ $0.git }), known.head == head { return (known.dates, true) }
        let dates = head == nil ? GitDates() : GitDates(siteRoot: siteRoot, folder: folder)
        state.withLock { $0.git = (head, dates) }
        return (dates, false)
    }

    func week(_ path: String, data: Data, decode: () -> ArticleStore.WeekFile) -> ArticleStore.WeekFile {
        let hit: ArticleStore.WeekFile? = state.withLock { state in
            state.seen.insert(path)
            guard let hit = state.weekFiles[path], hit.data == data else { return nil }
            state.counts.reused += 1
            return hit.result
        }
        if let hit { return hit }
        let result = decode()
        state.withLock { state in
            state.weekFiles[path] = (data, result)
            state.counts.parsed += 1
        }
        return result
    }
}

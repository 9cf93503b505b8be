import Foundation
import GazetteModel

/// Parsed files kept from one build to the next while `gazette serve` runs. A journal or week
/// file whose bytes, dates and config are unchanged is not parsed again.
///
/// A journal file is not even read again when the watcher has said which paths changed
/// (`noteChanges`) and its path is not among them, and its dates are as before: on a 2,000-journal
/// site, reading every file on every save was a third of loading. Changes noted accumulate until
/// a build has loaded the journals, so a build that failed before reading them loses none.
///
/// Journals are parsed against the config (tags, authors, time zone), so a changed
/// `gazette.yml` empties the journal entries.
public final class ContentCache: @unchecked Sendable {
    private struct JournalKey: Equatable {
        var data: Data
        var first: Date?
        var last: Date?
    }

    private let lock = NSLock()
    private var configData: Data?
    private var journals: [String: (key: JournalKey, journal: Journal?, diagnostics: [Diagnostic])] = [:]
    private var weekFiles: [String: (data: Data, result: Result<[Article], Diagnostic>)] = [:]
    private var counts = Counts()
    /// Files looked up since `begin`; the rest are gone and dropped at `end`.
    private var seen: Set<String> = []
    /// Site-relative paths (files or folders) that may have changed since the journals were last
    /// loaded; nil when anything may have.
    private var pending: Set<String>? = nil
    /// `pending` as the current build took it at `begin`.
    private var changes: Set<String>? = nil

    /// How many files the last build took from the cache and how many it parsed; `unread`
    /// counts the reused ones not even read.
    public struct Counts: Sendable, Equatable {
        public var reused = 0
        public var parsed = 0
        public var unread = 0
    }

    public init() {}

    public var lastBuild: Counts { lock.withLock { counts } }

    /// Says which site-relative paths changed since the last build (files, or folders whose
    /// whole content may have): what a file watcher reports. nil, or an empty path, means that
    /// anything may have changed (the watcher lost events).
    public func noteChanges(_ paths: [String]?) {
        lock.withLock {
            guard let paths, !paths.contains(""), let known = pending else {
                pending = nil
                return
            }
            pending = known.union(paths)
        }
    }

    /// Starts a build: forgets journals parsed against another config.
    func begin(configData: Data?) {
        lock.withLock {
            if configData != self.configData { journals.removeAll() }
            self.configData = configData
            counts = Counts()
            seen = []
            changes = pending
        }
    }

    /// Ends a build that loaded every file: drops entries of files that no longer exist, and
    /// starts noting changes afresh.
    func end() {
        lock.withLock {
            journals = journals.filter { seen.contains($0.key) }
            weekFiles = weekFiles.filter { seen.contains($0.key) }
            pending = []
        }
    }

    /// The journal at `path`, unread, when the watcher said it did not change and its dates are
    /// the ones it was parsed with.
    func unchangedJournal(_ path: String, dates: (Date?, Date?)) -> (Journal?, [Diagnostic])? {
        lock.withLock {
            guard let changes, !changes.contains(where: { path == $0 || path.hasPrefix($0 + "/") }),
                let hit = journals[path], hit.key.first == dates.0, hit.key.last == dates.1
            else { return nil }
            seen.insert(path)
            counts.reused += 1
            counts.unread += 1
            return (hit.journal, hit.diagnostics)
        }
    }

    func journal(
        _ path: String, data: Data, dates: (Date?, Date?), parse: () -> (Journal?, [Diagnostic])
    ) -> (Journal?, [Diagnostic]) {
        let key = JournalKey(data: data, first: dates.0, last: dates.1)
        let hit: (Journal?, [Diagnostic])? = lock.withLock {
            seen.insert(path)
            guard let hit = journals[path], hit.key == key else { return nil }
            counts.reused += 1
            return (hit.journal, hit.diagnostics)
        }
        if let hit { return hit }
        let result = parse()
        lock.withLock {
            journals[path] = (key, result.0, result.1)
            counts.parsed += 1
        }
        return result
    }

    func week(_ path: String, data: Data, decode: () -> Result<[Article], Diagnostic>) -> Result<[Article], Diagnostic> {
        let hit: Result<[Article], Diagnostic>? = lock.withLock {
            seen.insert(path)
            guard let hit = weekFiles[path], hit.data == data else { return nil }
            counts.reused += 1
            return hit.result
        }
        if let hit { return hit }
        let result = decode()
        lock.withLock {
            weekFiles[path] = (data, result)
            counts.parsed += 1
        }
        return result
    }
}

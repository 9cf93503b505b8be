import Foundation
import GazetteModel

/// Parsed files kept from one build to the next while `gazette serve` runs. Every rebuild still
/// reads every file (reading is cheap and catches every change, however it was made), but a
/// journal or week file whose bytes, dates and config are unchanged is not parsed again.
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

    /// How many files the last build took from the cache and how many it parsed.
    public struct Counts: Sendable, Equatable {
        public var reused = 0
        public var parsed = 0
    }

    public init() {}

    /// What the build that finished last reused and parsed.
    public var lastBuild: Counts { lock.withLock { counts } }

    /// Starts a build: forgets journals parsed against another config.
    func begin(configData: Data?) {
        lock.withLock {
            if configData != self.configData { journals.removeAll() }
            self.configData = configData
            counts = Counts()
            seen = []
        }
    }

    /// Ends a build: drops entries of files that no longer exist.
    func end() {
        lock.withLock {
            journals = journals.filter { seen.contains($0.key) }
            weekFiles = weekFiles.filter { seen.contains($0.key) }
        }
    }

    func journal(
        _ path: String, data: Data, dates: (Date?, Date?), parse: () -> (Journal?, [Diagnostic])
    ) -> (Journal?, [Diagnostic]) {
        let key = JournalKey(data: data, first: dates.0, last: dates.1)
        lock.withLock { _ = seen.insert(path) }
        if let hit = lock.withLock({ journals[path] }), hit.key == key {
            lock.withLock { counts.reused += 1 }
            return (hit.journal, hit.diagnostics)
        }
        let result = parse()
        lock.withLock {
            journals[path] = (key, result.0, result.1)
            counts.parsed += 1
        }
        return result
    }

    func week(_ path: String, data: Data, decode: () -> Result<[Article], Diagnostic>) -> Result<[Article], Diagnostic> {
        lock.withLock { _ = seen.insert(path) }
        if let hit = lock.withLock({ weekFiles[path] }), hit.data == data {
            lock.withLock { counts.reused += 1 }
            return hit.result
        }
        let result = decode()
        lock.withLock {
            weekFiles[path] = (data, result)
            counts.parsed += 1
        }
        return result
    }
}

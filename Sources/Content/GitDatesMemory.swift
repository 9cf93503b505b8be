import Foundation
import GazetteModel
import Memory

/// The journals' commit times kept between runs (`.gazette/cache/git-dates.bin`), with the `HEAD`
/// they were read at: `git log` over a site's whole history costs more as the site ages — 170 ms
/// for 3,000 commits, most of what `gazette check` took on such a site, on every save an editor
/// or a hook runs it for. A run at the same `HEAD` reads the file and runs no git; a run after
/// new commits reads only those (`git log OLD..HEAD`) when they follow the old `HEAD` in one line,
/// as a member's commits and the fetch workflow's do. Anything else — a merge among them, a
/// rebase, a reset, a missing or damaged file — reads the whole history as before. Each way
/// gives the same dates.
///
/// A `MemoryFile` of kind `git-dates`: the folder, the `HEAD`, the number of paths, then per
/// path (in byte order) the path and its first and last commit times in whole seconds (`%ct`).
public enum GitDatesMemory {
    static let kind = MemoryFile.Kind("git-dates", version: 1)

    /// The dates of `folder` at a known `HEAD`.
    struct Known {
        var head: String
        var dates: GitDates
    }

    /// What `dates` did: for tests and `-v`.
    public enum Origin: Sendable, Equatable {
        /// The site is in no repository, or its branch has no commit.
        case none
        /// The file (or the caller's `previous`) held this `HEAD`'s dates: no git.
        case kept
        /// The dates of this earlier `HEAD`, brought forward by the commits since.
        case since(String)
        /// `git log` over the whole history.
        case history
    }

    /// `folder`'s dates at `head` (`GitDates.head`), doing as little as git allows: the
    /// `previous` dates a caller holds, else the file's, when they are `head`'s; those brought
    /// forward by the commits since when they follow that `HEAD` in one line; otherwise the whole
    /// history. The file is written whenever git was asked (a failure costs the next run time).
    static func dates(at head: String?, siteRoot: URL, folder: String, file: URL?, previous: Known? = nil) -> (dates: GitDates, origin: Origin) {
        guard let head else { return (GitDates(), .none) }
        let earlier = previous ?? file.flatMap { read($0, folder: folder) }
        if let earlier, earlier.head == head { return (earlier.dates, .kept) }
        var dates: GitDates
        let origin: Origin
        if let earlier, let since = commits(after: earlier.head, upTo: head, siteRoot: siteRoot, folder: folder) {
            dates = earlier.dates
            for (path, span) in since.spans { dates.add(path, first: span.first, last: span.last) }
            origin = .since(earlier.head)
        } else {
            dates = GitDates(siteRoot: siteRoot, folder: folder)
            origin = .history
        }
        if let file { try? write(Known(head: head, dates: dates), folder: folder, to: file) }
        return (dates, origin)
    }

    /// The commits after `old` up to `head` touching `folder`'s files, each file's first and last
    /// time among them; nil unless they are a line of single-parent commits from `head` down to
    /// `old`. On that line `git log -- folder` walks exactly these commits before `old`'s history,
    /// which it walks as it did from `old`: what `git log` keeps of a commit depends on it and
    /// its parents only. Both names are checked to be commit ids: read from a file, they never
    /// reach git as options.
    static func commits(after old: String, upTo head: String, siteRoot: URL, folder: String) -> GitDates? {
        guard RepositoryHead.isCommit(old), RepositoryHead.isCommit(head) else { return nil }
        // Every commit of the range with its parents and all of its files under the site, so
        // the line can be checked; only the folder's files are kept.
        guard
            let data = GitDates.git(
                ["-c", "core.quotepath=off", "log", "--format=@@%ct %H %P", "--name-only", "--no-renames", "--relative", "\(old)..\(head)", "--"],
                in: siteRoot)
        else { return nil }
        var dates = GitDates()
        var expected = Substring(head)
        var time: Date?
        let prefix = folder + "/"
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("@@") {
                // "@@time commit parent": a root commit has no parent, a merge more than one.
                let fields = line.dropFirst(2).split(separator: " ")
                guard fields.count == 3, fields[1] == expected, let seconds = Double(fields[0]) else { return nil }
                expected = fields[2]
                time = Date(timeIntervalSince1970: seconds)
            } else if let time, line.hasPrefix(prefix) {
                dates.add(String(line), first: time, last: time)
            }
        }
        return expected == old ? dates : nil
    }

    /// The file's dates of `folder`, or nil when it is missing, damaged, or of another folder.
    static func read(_ file: URL, folder: String) -> Known? {
        MemoryFile.read(file, kind) { reader -> Known? in
            guard reader.string() == folder, let head = reader.string(), RepositoryHead.isCommit(head), let count = reader.count() else { return nil }
            var spans: [String: GitDates.Span] = [:]
            spans.reserveCapacity(count)
            for _ in 0..<count {
                guard let path = reader.string(), let first = reader.integer(), let last = reader.integer() else { return nil }
                spans[path] = GitDates.Span(first: Date(timeIntervalSince1970: Double(first)), last: Date(timeIntervalSince1970: Double(last)))
            }
            return Known(head: head, dates: GitDates(spans: spans))
        }
    }

    /// Writes `known` (atomically). Times are whole seconds, as `%ct` gives them.
    static func write(_ known: Known, folder: String, to file: URL) throws {
        try MemoryFile.write(kind, to: file) { writer in
            writer.string(folder)
            writer.string(known.head)
            let paths = known.dates.spans.keys.sorted { $0.utf8Precedes($1) }
            writer.unsigned(UInt64(paths.count))
            for path in paths {
                guard let span = known.dates.spans[path] else { continue }
                writer.string(path)
                writer.integer(Int(span.first.timeIntervalSince1970))
                writer.integer(Int(span.last.timeIntervalSince1970))
                try writer.flushIfLarge()
            }
        }
    }
}

import Foundation
import GazetteModel
import Memory

/// The journals' commit times kept between runs (`.gazette/cache/git-dates.bin`), with the `HEAD`
/// they were read at: `git log` over a site's whole history costs more as the site ages — 170 ms
/// for 3,000 commits, most of what `gazette check` took on such a site, on every save an editor
/// or a hook runs it for. A run at the same `HEAD` reads the file and runs no git; a run after
/// new commits reads only those (`git log OLD..HEAD`) when they follow the old `HEAD` in one line,
/// as a member's commits and the fetch workflow's do. Anything else — a merge among them, a
/// rebase, a reset, a missing or damaged file, another site's — reads the whole history as
/// before. Each way gives the same dates. Nothing is kept where the history can change under an
/// unchanged `HEAD` (a shallow clone, grafts, replaced objects) or where git failed.
///
/// A `MemoryFile` of kind `git-dates`: the site's folder (absolute), the journals' folder, the
/// `HEAD`, the number of paths, then per path (in byte order) the path and its first and last
/// commit times in whole seconds (`%ct`).
public enum GitDatesMemory {
    static let kind = MemoryFile.Kind("git-dates", version: 2)

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
        /// git failed (not installed, a repository it refuses): no dates, and nothing kept.
        case failed
    }

    /// `folder`'s dates at `head` (`GitDates.head`), doing as little as git allows: the
    /// `previous` dates a caller holds, else the file's, when they are `head`'s; those brought
    /// forward by the commits since when they follow that `HEAD` in one line; otherwise the whole
    /// history. The file is written whenever git was asked (a failure to write costs the next
    /// run time).
    static func dates(at head: String?, siteRoot: URL, folder: String, file: URL?, previous: Known? = nil) -> (dates: GitDates, origin: Origin) {
        guard let head else { return (GitDates(), .none) }
        let keeps = historyIsPlain(siteRoot: siteRoot)
        let place = Place(site: siteRoot.standardizedFileURL.path, folder: folder)
        let earlier = keeps ? previous ?? file.flatMap { read($0, place: place) } : nil
        if let earlier, earlier.head == head { return (earlier.dates, .kept) }
        var dates: GitDates
        let origin: Origin
        if let earlier, let since = commits(after: earlier.head, upTo: head, siteRoot: siteRoot, folder: folder) {
            dates = earlier.dates
            for (path, span) in since.spans { dates.add(path, first: span.first, last: span.last) }
            origin = .since(earlier.head)
        } else if let whole = GitDates.history(siteRoot: siteRoot, folder: folder, at: head) {
            dates = whole
            origin = .history
        } else {
            return (GitDates(), .failed)
        }
        if keeps, let file { try? write(Known(head: head, dates: dates), place: place, to: file) }
        return (dates, origin)
    }

    /// Where the dates are of: a site moved or copied within its repository carries its
    /// `.gazette/` along, and its files' history differs.
    struct Place: Equatable {
        var site: String
        var folder: String
    }

    /// Whether `siteRoot`'s history is what its commits say, so that a `HEAD` names it: a
    /// repository of the plain layout (`RepositoryHead.gitFolder`) that is not shallow and has
    /// no grafts and no replaced objects, with no git variable changing either. `git fetch
    /// --unshallow`, or `git replace`, changes the history under an unchanged `HEAD`.
    static func historyIsPlain(siteRoot: URL) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let variables = ["GIT_SHALLOW_FILE", "GIT_GRAFT_FILE", "GIT_REPLACE_REF_BASE", "GIT_NO_REPLACE_OBJECTS"]
        guard !variables.contains(where: { environment[$0] != nil }), let git = RepositoryHead.gitFolder(from: siteRoot) else { return false }
        let files = FileManager.default
        if files.fileExists(atPath: git + "/shallow") || files.fileExists(atPath: git + "/info/grafts") { return false }
        if let replaced = try? files.contentsOfDirectory(atPath: git + "/refs/replace"), !replaced.isEmpty { return false }
        if let packed = files.contents(atPath: git + "/packed-refs"), packed.range(of: Data(" refs/replace/".utf8)) != nil { return false }
        return true
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
                [
                    "-c", "core.quotepath=off", "log", "--format=\(LogLines.mark)@@%ct %H %P", "--name-only", "--no-renames", "--relative",
                    "\(old)..\(head)", "--",
                ],
                in: siteRoot)
        else { return nil }
        var dates = GitDates()
        var expected = Substring(head)
        var time: Date?
        let prefix = folder + "/"
        for line in LogLines(data) {
            switch line {
            case .commit(let fields):
                // "time commit parent": a root commit has no parent, a merge more than one.
                guard fields.count == 3, fields[1] == expected, let seconds = Double(fields[0]) else { return nil }
                expected = fields[2]
                time = Date(timeIntervalSince1970: seconds)
            case .path(let path):
                if let time, path.hasPrefix(prefix) { dates.add(path, first: time, last: time) }
            }
        }
        return expected == old ? dates : nil
    }

    /// The file's dates of `place`, or nil when it is missing, damaged, or of another place.
    static func read(_ file: URL, place: Place) -> Known? {
        MemoryFile.read(file, kind) { reader -> Known? in
            guard reader.string() == place.site, reader.string() == place.folder, let head = reader.string(), RepositoryHead.isCommit(head),
                let count = reader.count()
            else { return nil }
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
    static func write(_ known: Known, place: Place, to file: URL) throws {
        try MemoryFile.write(kind, to: file) { writer in
            writer.string(place.site)
            writer.string(place.folder)
            writer.string(known.head)
            let spans = known.dates.spans.sorted { $0.key.utf8Precedes($1.key) }
            writer.unsigned(UInt64(spans.count))
            for (path, span) in spans {
                writer.string(path)
                writer.integer(Int(span.first.timeIntervalSince1970))
                writer.integer(Int(span.last.timeIntervalSince1970))
                try writer.flushIfLarge()
            }
        }
    }
}

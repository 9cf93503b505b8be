import Foundation

/// First and last commit times of every file under a folder, from one `git log` pass.
///
/// Journals without `created`/`updated` take their dates from history, never from the build's
/// clock; a file git doesn't know falls back to its modification time.
public struct GitDates: Sendable {
    struct Span {
        var first: Date
        var last: Date
    }

    /// Site-relative path → commit span.
    private(set) var spans: [String: Span] = [:]

    init() {}

    init(spans: [String: Span]) { self.spans = spans }

    /// Runs `git log` once in `siteRoot` for `folder` (site-relative). No git, not a repository,
    /// or no history: an empty table.
    init(siteRoot: URL, folder: String) {
        guard
            let data = Self.git(
                ["-c", "core.quotepath=off", "log", "--format=@@%ct", "--name-only", "--no-renames", "--relative", "--", folder],
                in: siteRoot)
        else { return }
        var time: Date?
        // Newest commit first: the first time seen for a file is its last commit, the final one its first.
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("@@") {
                time = Double(line.dropFirst(2)).map { Date(timeIntervalSince1970: $0) }
            } else if let time {
                add(String(line), first: time, last: time)
            }
        }
    }

    /// Widens `path`'s span to take in `first` and `last`.
    mutating func add(_ path: String, first: Date, last: Date) {
        if var span = spans[path] {
            span.first = min(span.first, first)
            span.last = max(span.last, last)
            spans[path] = span
        } else {
            spans[path] = Span(first: first, last: last)
        }
    }

    /// The commit `HEAD` names in the repository holding `siteRoot`, or nil when there is none
    /// (no git, not a repository, no commit yet): the history `git log` reads follows from it,
    /// so `serve` runs that only when it moved (`ContentMemo.gitDates`). One `rev-parse` costs
    /// about 2 ms; the `log` of a 2,000-journal site with 100 commits cost 90 ms on every save.
    ///
    /// `serve` asks on every save, so the repository's own files answer where their layout is
    /// the plain one (`RepositoryHead`): a site outside any repository runs no git at all, and
    /// one inside reads `HEAD` and its branch's ref. Anything else asks `git rev-parse`.
    static func head(siteRoot: URL) -> String? {
        switch RepositoryHead.read(from: siteRoot) {
        case .commit(let commit): return commit
        case .none: return nil
        case .askGit: break
        }
        guard let data = git(["rev-parse", "--verify", "-q", "HEAD"], in: siteRoot) else { return nil }
        let head = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return head.isEmpty ? nil : head
    }

    /// `git` run in `folder` with `arguments`: its output, or nil when it could not run or failed.
    /// The one place Content and what builds on it run git (`AuthorIdentity` reads user.name).
    public static func git(_ arguments: [String], in folder: URL) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readToEndRetrying()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }
}

/// The commit `HEAD` names, read from the repository's files as git would find them, for the
/// layout most repositories have: a `.git` folder in the site's folder or above it, `HEAD` naming
/// a branch whose ref is a loose file or a line of `packed-refs`, or a commit itself. Worktrees
/// and submodules (`.git` is a file), the reftable format, symbolic refs of refs, and git's
/// environment variables (`GIT_DIR` and the rest) are left to git itself.
enum RepositoryHead: Equatable {
    /// `HEAD` names this commit.
    case commit(String)
    /// No repository holds the folder, or its branch has no commit yet.
    case none
    /// A layout this reading does not cover.
    case askGit

    static func read(from folder: URL) -> RepositoryHead {
        let environment = ProcessInfo.processInfo.environment
        let discovery = ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"]
        if discovery.contains(where: { environment[$0] != nil }) { return .askGit }
        let files = FileManager.default
        var directory = folder.standardizedFileURL.path
        while true {
            let dotGit = (directory as NSString).appendingPathComponent(".git")
            var isFolder: ObjCBool = false
            if files.fileExists(atPath: dotGit, isDirectory: &isFolder) {
                return isFolder.boolValue ? head(gitFolder: dotGit) : .askGit
            }
            if directory == "/" || directory.isEmpty { return .none }
            directory = (directory as NSString).deletingLastPathComponent
        }
    }

    private static func head(gitFolder: String) -> RepositoryHead {
        func text(_ name: String) -> String? {
            guard let data = FileManager.default.contents(atPath: (gitFolder as NSString).appendingPathComponent(name)) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
        if FileManager.default.fileExists(atPath: (gitFolder as NSString).appendingPathComponent("reftable")) { return .askGit }
        guard let head = text("HEAD")?.trimmingCharacters(in: .whitespacesAndNewlines) else { return .askGit }
        if isCommit(head) { return .commit(head) }
        guard head.hasPrefix("ref: ") else { return .askGit }
        let name = String(head.dropFirst(5))
        guard name.hasPrefix("refs/"), !name.contains(".."), !name.hasSuffix("/") else { return .askGit }
        if let loose = text(name)?.trimmingCharacters(in: .whitespacesAndNewlines) {
            return isCommit(loose) ? .commit(loose) : .askGit
        }
        for line in (text("packed-refs") ?? "").split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("^") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2, fields[1] == name {
                let commit = String(fields[0])
                return isCommit(commit) ? .commit(commit) : .askGit
            }
        }
        return .none  // a branch with no commit yet: `rev-parse --verify HEAD` fails
    }

    /// A full object name: 40 hexadecimal digits (SHA-1) or 64 (SHA-256), lower-case.
    static func isCommit(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

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
        self = Self.history(siteRoot: siteRoot, folder: folder) ?? GitDates()
    }

    /// `folder`'s dates over the whole history of `head` (a commit id; `HEAD` when nil, as it
    /// is when `git log` runs), or nil when git fails: a failure is not a history without
    /// dates, and is never kept as one (`GitDatesMemory`).
    static func history(siteRoot: URL, folder: String, at head: String? = nil) -> GitDates? {
        let revision = head.map { RepositoryHead.isCommit($0) ? [$0] : [] } ?? []
        guard let data = git(["-c", "core.quotepath=off", "log", "--format=\(LogLines.mark)@@%ct", "--name-only", "--no-renames", "--relative"] + revision + ["--", folder], in: siteRoot)
        else { return nil }
        var dates = GitDates()
        var time: Date?
        // Newest commit first: the first time seen for a file is its last commit, the final one its first.
        for line in LogLines(data) {
            switch line {
            case .commit(let fields): time = fields.first.flatMap { Double($0) }.map { Date(timeIntervalSince1970: $0) }
            case .path(let path): if let time { dates.add(path, first: time, last: time) }
            }
        }
        return dates
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
        switch find(from: folder) {
        case .folder(let gitFolder): head(gitFolder: gitFolder)
        case .other: .askGit
        case .none: .none
        }
    }

    /// The `.git` folder of the repository holding `folder` where its layout is the plain one
    /// (no git environment variable, `.git` a folder); nil otherwise.
    static func gitFolder(from folder: URL) -> String? {
        if case .folder(let gitFolder) = find(from: folder) { gitFolder } else { nil }
    }

    private enum Found {
        case folder(String)
        /// A `.git` file, or git's environment choosing the repository.
        case other
        case none
    }

    private static func find(from folder: URL) -> Found {
        let environment = ProcessInfo.processInfo.environment
        let discovery = ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"]
        if discovery.contains(where: { environment[$0] != nil }) { return .other }
        let files = FileManager.default
        var directory = folder.standardizedFileURL.path
        while true {
            let dotGit = (directory as NSString).appendingPathComponent(".git")
            var isFolder: ObjCBool = false
            if files.fileExists(atPath: dotGit, isDirectory: &isFolder) {
                return isFolder.boolValue ? .folder(dotGit) : .other
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

/// The lines of `git log --format=<mark>@@… --name-only` output: a commit's line (its fields
/// after `@@`, split at spaces) or a path. The mark is a control character, which git quotes in
/// any path that holds one, so no file name can pass for a commit; a path git quoted (one with a
/// `"`, `\\`, a tab or a newline, even with `core.quotepath=off`) is read back to its bytes.
struct LogLines: Sequence {
    enum Line: Equatable {
        case commit([Substring])
        case path(String)
    }

    /// The unit separator, before `@@` on each commit's line.
    static let mark = "%x1f"
    private static let markByte: UInt8 = 0x1F

    let lines: [Substring]

    init(_ data: Data) { lines = String(decoding: data, as: UTF8.self).split(separator: "\n") }

    func makeIterator() -> AnyIterator<Line> {
        var index = lines.startIndex
        return AnyIterator {
            while index < lines.endIndex {
                let line = lines[index]
                index += 1
                if line.utf8.first == Self.markByte {
                    guard line.utf8.dropFirst().starts(with: "@@".utf8) else { continue }
                    return .commit(line.dropFirst(3).split(separator: " "))
                }
                return .path(Self.unquoted(line))
            }
            return nil
        }
    }

    /// A path as git wrote it: as is, or, in double quotes, with C escapes (`\\"`, `\\\\`, `\\t`,
    /// `\\n`… and three octal digits a byte) undone.
    static func unquoted(_ line: Substring) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count >= 2, bytes.first == 0x22, bytes.last == 0x22 else { return String(line) }
        var out: [UInt8] = []
        var index = 1
        let end = bytes.count - 1
        while index < end {
            let byte = bytes[index]
            index += 1
            guard byte == 0x5C, index < end else {
                out.append(byte)
                continue
            }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0")...UInt8(ascii: "3"):
                let octal = UInt8(ascii: "0")...UInt8(ascii: "7")
                if index + 2 <= end, octal.contains(bytes[index]), octal.contains(bytes[index + 1]) {
                    out.append((escaped - 0x30) << 6 | (bytes[index] - 0x30) << 3 | (bytes[index + 1] - 0x30))
                    index += 2
                } else {
                    out.append(escaped)
                }
            default: out.append(escaped)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The journal files git does not know yet, in a site whose journal folder has git history:
/// files a member is writing and has not committed. What a new file is dated can be held
/// against when it was written (`SiteChecks.pastDate`): a year typed wrong shows there.
/// And the committed journals dated long before git first saw them, with that first commit:
/// a year typed wrong in a journal committed as it was (`SiteChecks.pastDate` asks which).
public struct NewJournalFiles: Sendable, Equatable {
    /// The journal folder has git history; without it no file can be told new from old.
    public var history: Bool
    /// Site-relative path → when the file was last written (its modification time).
    public var files: [String: Date]
    /// Site-relative path → its first commit, for committed journals dated more than
    /// `lateCommitDays` before it.
    public var committedLate: [String: Date]
    /// Site-relative path → its first commit, for every committed journal; kept only when the
    /// load is asked to (`gazette lsp`, where a date typed in the editor is held against the
    /// commit whatever the file on disk says).
    public var firstCommits: [String: Date]

    /// How many days before its first commit a journal is dated before its commit is kept.
    public static let lateCommitDays = 300

    /// Whether a journal dated `created` and first committed at `first` is dated late enough
    /// before it to be asked about (`lateCommitDays`).
    public static func isLate(committed first: Date, created: Date) -> Bool {
        first.timeIntervalSince(created) > Double(lateCommitDays) * 86_400
    }

    public init(history: Bool = false, files: [String: Date] = [:], committedLate: [String: Date] = [:], firstCommits: [String: Date] = [:]) {
        (self.history, self.files, self.committedLate, self.firstCommits) = (history, files, committedLate, firstCommits)
    }

    /// The first commit of the journal at `path`, where it is known and may be held against
    /// its date.
    public func firstCommit(_ path: String) -> Date? { committedLate[path] ?? firstCommits[path] }
}

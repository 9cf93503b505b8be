@testable import Content
import Foundation
import Testing
import TestSupport

/// `serve` asks which commit `HEAD` names on every save; the repository's files answer, and the
/// answer is git's own in every state a study group's clone goes through.
@Suite struct RepositoryHeadTests {
    @discardableResult
    func git(_ arguments: [String], in folder: TemporaryFolder) throws -> String {
        try TestGit.run(arguments, in: folder.url).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What `git rev-parse --verify -q HEAD` says, as `GitDates.head` asked before.
    func revParse(_ folder: TemporaryFolder) throws -> RepositoryHead {
        let commit = try git(["rev-parse", "--verify", "-q", "HEAD"], in: folder)
        return commit.isEmpty ? .none : .commit(commit)
    }

    @Test func readsWhatGitSays() throws {
        let folder = try TemporaryFolder("gazette-repository-head")
        try folder.write("content/journals/a.md", "---\ntitle: A\n---\nA\n")
        let site = folder.url.appendingPathComponent("content")  // a folder inside the work tree
        // Outside any repository (the temporary folder is not in one): nothing to ask git.
        #expect(RepositoryHead.read(from: folder.url) == .none)
        try git(["init", "-q"], in: folder)
        #expect(RepositoryHead.read(from: folder.url) == .none)  // no commit yet
        #expect(try revParse(folder) == .none)
        try git(["add", "."], in: folder)
        try git(["commit", "-qm", "first"], in: folder)
        let first = try revParse(folder)
        #expect(first != .none)
        #expect(RepositoryHead.read(from: folder.url) == first)
        #expect(RepositoryHead.read(from: site) == first)
        try folder.write("content/journals/b.md", "---\ntitle: B\n---\nB\n")
        try git(["add", "."], in: folder)
        try git(["commit", "-qm", "second"], in: folder)
        let second = try revParse(folder)
        #expect(second != first && RepositoryHead.read(from: site) == second)
        // Refs packed (as `git gc` does), then a detached HEAD, then a new branch without commits.
        try git(["pack-refs", "--all"], in: folder)
        #expect(RepositoryHead.read(from: folder.url) == second)
        try git(["checkout", "-q", "--detach", "HEAD~1"], in: folder)
        let detached = try revParse(folder)
        #expect(RepositoryHead.read(from: folder.url) == first && detached == first)
        try git(["checkout", "-q", "--orphan", "empty"], in: folder)
        let orphan = try revParse(folder)
        #expect(RepositoryHead.read(from: folder.url) == .none && orphan == .none)
    }

    @Test func leavesWorktreesToGit() throws {
        let folder = try TemporaryFolder("gazette-repository-worktree")
        try folder.write("a.md", "a\n")
        try git(["init", "-q"], in: folder)
        try git(["add", "."], in: folder)
        try git(["commit", "-qm", "first"], in: folder)
        let other = folder.url.appendingPathComponent("other")
        try git(["worktree", "add", "-q", other.path], in: folder)
        // `.git` is a file there: git is asked, and GitDates.head gives its answer.
        #expect(RepositoryHead.read(from: other) == .askGit)
        let expected = try revParse(folder)
        #expect(GitDates.head(siteRoot: other).map(RepositoryHead.commit) == expected)
    }
}

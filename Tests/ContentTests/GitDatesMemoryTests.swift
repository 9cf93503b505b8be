@testable import Content
import Foundation
import Testing
import TestSupport

/// The journals' commit times kept between runs: whichever way they are found — kept, brought
/// forward by the commits since, or read from the whole history — they are the dates `git log`
/// over the whole history gives, in every state a study group's clone goes through.
@Suite struct GitDatesMemoryTests {
    let folder = "content/journals"

    /// git in `site`, each commit at `date` (seconds) so the spans tell commits apart.
    @discardableResult
    func git(_ arguments: [String], in site: TemporaryFolder, at date: Int = 1_790_000_000) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=T", "-c", "user.email=t@example.org", "-c", "init.defaultBranch=main"] + arguments
        process.currentDirectoryURL = site.url
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": site.path, "GIT_COMMITTER_DATE": "@\(date) +0000", "GIT_AUTHOR_DATE": "@\(date) +0000",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func commit(_ files: [String: String], in site: TemporaryFolder, at date: Int) throws {
        for (path, text) in files { try site.write(path, text) }
        try git(["add", "-A"], in: site)
        try git(["commit", "-qm", "at \(date)"], in: site, at: date)
    }

    /// Path → [first, last] in seconds.
    func table(_ dates: GitDates) -> [String: [Double]] {
        dates.spans.mapValues { [$0.first.timeIntervalSince1970, $0.last.timeIntervalSince1970] }
    }

    /// The dates as `dates(at:)` finds them, with the whole history's beside them.
    func found(_ site: TemporaryFolder) -> (found: [String: [Double]], origin: GitDatesMemory.Origin, whole: [String: [Double]]) {
        let file = site.url.appendingPathComponent(".gazette/cache/git-dates.bin")
        let (dates, origin) = GitDatesMemory.dates(at: GitDates.head(siteRoot: site.url), siteRoot: site.url, folder: folder, file: file)
        return (table(dates), origin, table(GitDates(siteRoot: site.url, folder: folder)))
    }

    @Test func newCommitsAreReadOntoTheKeptDates() throws {
        let site = try TemporaryFolder("gazette-git-dates")
        try git(["init", "-q"], in: site)
        try commit(["content/journals/a.md": "a1", "gazette.yml": "title: t\n"], in: site, at: 1_790_000_000)
        try commit(["content/journals/b.md": "b1", "content/journals/a.md": "a2"], in: site, at: 1_790_000_100)
        let first = found(site)
        #expect(first.origin == .history && first.found == first.whole && first.whole.count == 2)
        #expect(first.found["content/journals/a.md"] == [1_790_000_000, 1_790_000_100])
        // The same HEAD: the file's dates, no git.
        let again = found(site)
        #expect(again.origin == .kept && again.found == first.whole)

        let old = try git(["rev-parse", "HEAD"], in: site)
        try commit(["content/journals/c.md": "c1", "content/journals/a.md": "a3"], in: site, at: 1_790_000_200)
        try commit(["content/articles/2026-W45.jsonl": "{}\n"], in: site, at: 1_790_000_300)  // no journal
        // A clock set back: a commit older than the ones before it widens `first`.
        try commit(["content/journals/b.md": "b2", "content/journals/sub/d.md": "d1"], in: site, at: 1_789_999_000)
        let later = found(site)
        #expect(later.origin == .since(old))
        #expect(later.found == later.whole && later.whole.count == 4)
        #expect(later.found["content/journals/b.md"] == [1_789_999_000, 1_790_000_100])
        #expect(later.found["content/journals/a.md"] == [1_790_000_000, 1_790_000_200])
        #expect(found(site).origin == .kept)
    }

    @Test func rewrittenOrMergedHistoryIsReadWhole() throws {
        let site = try TemporaryFolder("gazette-git-dates-rewrite")
        try git(["init", "-q"], in: site)
        try commit(["content/journals/a.md": "a1"], in: site, at: 1_790_000_000)
        try commit(["content/journals/b.md": "b1"], in: site, at: 1_790_000_100)
        #expect(found(site).origin == .history)
        // The last commit amended: the kept HEAD is no ancestor of the new one.
        try site.write("content/journals/c.md", "c1")
        try git(["add", "-A"], in: site)
        try git(["commit", "-q", "--amend", "-m", "amended"], in: site, at: 1_790_000_150)
        let amended = found(site)
        #expect(amended.origin == .history && amended.found == amended.whole)
        #expect(amended.found["content/journals/c.md"] == [1_790_000_150, 1_790_000_150])
        // A branch merged in: a merge among the new commits.
        try git(["checkout", "-q", "-b", "side"], in: site)
        try commit(["content/journals/side.md": "s1"], in: site, at: 1_790_000_200)
        try git(["checkout", "-q", "main"], in: site)
        try commit(["content/journals/main.md": "m1"], in: site, at: 1_790_000_300)
        try git(["merge", "-q", "--no-edit", "side"], in: site, at: 1_790_000_400)
        let merged = found(site)
        #expect(merged.origin == .history && merged.found == merged.whole && merged.whole.count == 5)
        // Reset back to an older commit: nothing after the kept HEAD leads to it.
        try git(["reset", "-q", "--hard", "HEAD~2"], in: site)
        let reset = found(site)
        #expect(reset.origin == .history && reset.found == reset.whole)
    }

    @Test func aDamagedOrForeignFileIsReadWhole() throws {
        let site = try TemporaryFolder("gazette-git-dates-damaged")
        try git(["init", "-q"], in: site)
        try commit(["content/journals/a.md": "a1"], in: site, at: 1_790_000_000)
        #expect(found(site).origin == .history)
        let file = site.url.appendingPathComponent(".gazette/cache/git-dates.bin")
        let kept = try Data(contentsOf: file)
        try Data(kept.prefix(kept.count - 3)).write(to: file)  // torn
        #expect(found(site).origin == .history)
        // Another folder's dates, or a HEAD that is not a commit id, are not these.
        let head = try git(["rev-parse", "HEAD"], in: site)
        try GitDatesMemory.write(GitDatesMemory.Known(head: head, dates: GitDates()), folder: "elsewhere", to: file)
        #expect(found(site).origin == .history)
        try GitDatesMemory.write(GitDatesMemory.Known(head: "--output=x", dates: GitDates()), folder: folder, to: file)
        let foreign = found(site)
        #expect(foreign.origin == .history && foreign.found == foreign.whole && foreign.whole.count == 1)
        // Outside any repository: no dates and no file.
        let plain = try TemporaryFolder("gazette-git-dates-none")
        try plain.write("content/journals/a.md", "a1")
        let none = found(plain)
        #expect(none.origin == .none && none.found.isEmpty && !plain.exists(".gazette"))
    }
}

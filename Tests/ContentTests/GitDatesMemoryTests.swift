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
        let result = try TestGit.run(arguments, in: site.url, date: date)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
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
        let place = GitDatesMemory.Place(site: site.url.standardizedFileURL.path, folder: folder)
        try GitDatesMemory.write(GitDatesMemory.Known(head: head, dates: GitDates()), place: .init(site: place.site, folder: "elsewhere"), to: file)
        #expect(found(site).origin == .history)
        try GitDatesMemory.write(GitDatesMemory.Known(head: "--output=x", dates: GitDates()), place: place, to: file)
        let foreign = found(site)
        #expect(foreign.origin == .history && foreign.found == foreign.whole && foreign.whole.count == 1)
        // The file's own dates, kept at this HEAD, are read back: the format holds them.
        let readBack = found(site)
        #expect(readBack.origin == .kept && readBack.found == readBack.whole)
        // Outside any repository: no dates and no file.
        let plain = try TemporaryFolder("gazette-git-dates-none")
        try plain.write("content/journals/a.md", "a1")
        let none = found(plain)
        #expect(none.origin == .none && none.found.isEmpty && !plain.exists(".gazette"))
    }

    @Test func namesGitQuotesOrThatLookLikeCommitsAreFilesLikeAnyOther() throws {
        let site = try TemporaryFolder("gazette-git-dates-names")
        try git(["init", "-q"], in: site)
        // git quotes a path with a quote, a backslash or a tab even with core.quotepath=off; a
        // name like a commit's line must not pass for one.
        let odd = ["content/journals/q\"x.md", "content/journals/back\\slash.md", "content/journals/tab\there.md", "content/journals/@@1 a b.md", "content/journals/한글 제목.md"]
        try commit(Dictionary(uniqueKeysWithValues: odd.map { ($0, "1") }), in: site, at: 1_790_000_000)
        #expect(found(site).origin == .history)
        try commit(Dictionary(uniqueKeysWithValues: odd.map { ($0, "2") }), in: site, at: 1_790_000_100)
        let later = found(site)
        #expect(later.origin != .history && later.found == later.whole)
        for path in odd { #expect(later.found[path] == [1_790_000_000, 1_790_000_100], "\(path)") }
    }

    @Test func nothingIsKeptWhereGitFailsOrTheHistoryCanChangeUnderTheSameHead() throws {
        let origin = try TemporaryFolder("gazette-git-dates-origin")
        try git(["init", "-q"], in: origin)
        try commit(["content/journals/a.md": "a1"], in: origin, at: 1_790_000_000)
        try commit(["content/journals/a.md": "a2"], in: origin, at: 1_790_000_100)
        // A shallow clone: `git fetch --unshallow` would change the history under the same HEAD.
        let shallow = try TemporaryFolder("gazette-git-dates-shallow")
        try git(["clone", "-q", "--depth", "1", "file://" + origin.path, "."], in: shallow)
        let once = found(shallow)
        #expect(once.origin == .history && once.found == once.whole && !shallow.exists(".gazette/cache/git-dates.bin"))
        #expect(found(shallow).origin == .history)

        // A site moved within its repository, carrying its `.gazette/`: another place, read whole.
        try origin.write("a/content/journals/x.md", "x1")
        try git(["add", "-A"], in: origin)
        try git(["commit", "-qm", "a"], in: origin, at: 1_790_000_200)
        let first = GitDatesMemory.dates(
            at: GitDates.head(siteRoot: origin.url.appendingPathComponent("a")), siteRoot: origin.url.appendingPathComponent("a"), folder: folder,
            file: origin.url.appendingPathComponent("a/.gazette/cache/git-dates.bin"))
        #expect(first.origin == .history)
        try git(["mv", "a", "c"], in: origin)  // the folder renamed whole, `.gazette/` with it
        try git(["commit", "-qm", "moved"], in: origin, at: 1_790_000_300)
        #expect(origin.exists("c/.gazette/cache/git-dates.bin"))
        let moved = GitDatesMemory.dates(
            at: GitDates.head(siteRoot: origin.url.appendingPathComponent("c")), siteRoot: origin.url.appendingPathComponent("c"), folder: folder,
            file: origin.url.appendingPathComponent("c/.gazette/cache/git-dates.bin"))
        #expect(moved.origin == .history && table(moved.dates)["content/journals/x.md"] == [1_790_000_300, 1_790_000_300])

        // git failing (the HEAD commit's object gone): no dates, and no file to be taken for them.
        let broken = try TemporaryFolder("gazette-git-dates-broken")
        try git(["init", "-q"], in: broken)
        try commit(["content/journals/a.md": "a1"], in: broken, at: 1_790_000_000)
        let head = try git(["rev-parse", "HEAD"], in: broken)
        try FileManager.default.removeItem(at: broken.url.appendingPathComponent(".git/objects/\(head.prefix(2))/\(head.dropFirst(2))"))
        let failed = found(broken)
        #expect(failed.origin == .failed && failed.found.isEmpty && !broken.exists(".gazette/cache/git-dates.bin"))
    }
}

import Foundation
import Testing
import TestSupport

/// `gazette publish` against a local bare repository, through the command a person runs.
@Suite struct PublishCommandTests {
    static let config = """
        title: 게시 시험
        timezone: Asia/Seoul
        authors: { me: { name: 나 } }
        tags: { economy: 경제 }
        publish: { cname: news.example.org }

        """

    @Test func firstUnchangedEditedAndRejectedPublishes() throws {
        let repo = try SiteWithRemote("gazette-publish", config: Self.config)
        let built = try repo.gazette(["build", "--no-pdf", "-q"])
        try #require(built.status == 0, "\(built.stderr)")
        let before = try repo.localState()

        // First publish: a new branch holding public/, .nojekyll and CNAME.
        let first = try repo.gazette(["publish"])
        try #require(first.status == 0, "\(first.stderr)")
        let tip = try #require(try repo.remoteTip())
        #expect(first.stdout.hasPrefix("Published "))
        #expect(first.stdout.contains("to origin gh-pages: \(tip.prefix(12)) (a new branch)"))
        let published = Set(try repo.remoteGit(["ls-tree", "-r", "--name-only", "gh-pages"]).split(separator: "\n").map(String.init))
        let files = Set(Repository.snapshot(repo.site.appendingPathComponent("public")).keys)
        #expect(published == files.union([".nojekyll", "CNAME"]))
        #expect(try repo.remoteGit(["show", "gh-pages:CNAME"]) == "news.example.org")
        #expect(try repo.remoteGit(["show", "gh-pages:index.html"]) == (try String(contentsOf: repo.site.appendingPathComponent("public/index.html"), encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines))
        // The site's weeks (weeks/ holds other files too, in no set order): one, or two when the
        // scaffold's journal, dated now, falls in the week after its article's (a Monday in Seoul).
        let weeks = try FileManager.default.contentsOfDirectory(atPath: repo.site.appendingPathComponent("public/weeks").path)
            .filter { $0.wholeMatch(of: /[0-9]{4}-W[0-9]{2}/) != nil }.sorted().joined(separator: ", ")
        #expect(!weeks.isEmpty)
        #expect(try repo.remoteGit(["log", "-1", "--format=%s", "gh-pages"]) == "Publish 게시 시험: \(weeks)")
        #expect(try repo.remoteGit(["log", "-1", "--format=%b", "gh-pages"]).contains("Weeks: \(weeks)\n"))
        // The person's repository is as it was: same HEAD, branch, refs, status and index.
        #expect(try repo.localState() == before)
        #expect(try repo.remoteTip("main") == (try git(["rev-parse", "HEAD"], in: repo.site)))

        // A clone that never fetched gh-pages builds the same site: the branch's commit is
        // fetched to compare with, and nothing is published twice.
        let clone = repo.scratch.url.appendingPathComponent("clone")
        try git(["clone", "-q", "--single-branch", "-b", "main", repo.remote.path, clone.path], in: repo.scratch.url)
        #expect(try git(["for-each-ref", "--format=%(refname)"], in: clone).contains("gh-pages") == false)
        try #require(try GazetteCommand.run(["build", "--no-pdf", "-q", "--site", clone.path]).status == 0)
        let fromClone = try GazetteCommand.run(["publish", "--site", clone.path])
        #expect(fromClone.status == 0, "\(fromClone.stderr)")
        #expect(fromClone.stdout == "origin gh-pages already holds this build (\(tip.prefix(12))): nothing to publish.\n")

        // Nothing changed: no new commit.
        let again = try repo.gazette(["publish"])
        #expect(again.status == 0)
        #expect(again.stdout == "origin gh-pages already holds this build (\(tip.prefix(12))): nothing to publish.\n")
        #expect(try repo.remoteTip() == tip)

        // An edit, built: one commit on top.
        let journal = try #require(
            try FileManager.default.contentsOfDirectory(atPath: repo.site.appendingPathComponent("content/journals").path).first)
        let journalURL = repo.site.appendingPathComponent("content/journals/\(journal)")
        try (try String(contentsOf: journalURL, encoding: .utf8) + "\n한 줄 더.\n").write(to: journalURL, atomically: true, encoding: .utf8)
        let editedState = try repo.localState()
        #expect(editedState[3] == "M content/journals/\(journal)")
        let stale = try repo.gazette(["publish"])
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("error: public/ is older than the content: content/journals/\(journal) changed after the last build — run gazette build, then gazette publish"))
        #expect(stale.stdout == "Nothing was published.\n")
        #expect(try repo.remoteTip() == tip)
        try #require(try repo.gazette(["build", "--no-pdf", "-q"]).status == 0)
        let edited = try repo.gazette(["publish", "--remote", "origin", "--branch", "gh-pages"])
        try #require(edited.status == 0, "\(edited.stderr)")
        let second = try #require(try repo.remoteTip())
        #expect(second != tip)
        #expect(try repo.remoteGit(["rev-parse", "\(second)^"]) == tip)
        #expect(try repo.remoteGit(["rev-list", "--count", "gh-pages"]) == "2")
        #expect(try repo.remoteGit(["show", "\(second):index.html"]).contains("한 줄 더"))

        // A push the remote refuses: the branch keeps its commit, and the error says so.
        try "#!/bin/sh\necho 'branch is protected' >&2\nexit 1\n".write(
            to: repo.remote.appendingPathComponent("hooks/pre-receive"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: repo.remote.appendingPathComponent("hooks/pre-receive").path)
        try (try String(contentsOf: journalURL, encoding: .utf8) + "\n또 한 줄.\n").write(to: journalURL, atomically: true, encoding: .utf8)
        try #require(try repo.gazette(["build", "--no-pdf", "-q"]).status == 0)
        let refused = try repo.gazette(["publish"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: origin refused the push to gh-pages, which stays as it was: "))
        #expect(refused.stderr.contains("pre-receive hook declined"))
        #expect(refused.stderr.contains("if someone published meanwhile, run gazette publish again"))
        #expect(try repo.remoteTip() == second)
        #expect(try repo.localState() == editedState)
    }

    @Test func refusesWhatCannotBePublished() throws {
        let repo = try SiteWithRemote("gazette-publish-refusals")
        // No build yet.
        let missing = try repo.gazette(["publish"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: public/ does not exist: there is nothing to publish — run gazette build first\n")
        try #require(try repo.gazette(["build", "--no-pdf", "-q"]).status == 0)
        // A remote that is not there, a branch name git refuses.
        let unknown = try repo.gazette(["publish", "--remote", "upstream"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: the site's repository has no remote named 'upstream' (it has: origin) — add it with git remote add upstream URL, or pass --remote NAME-or-URL\n")
        let badBranch = try repo.gazette(["publish", "--branch", "gh..pages"])
        #expect(badBranch.stderr.hasPrefix("error: 'gh..pages' is not a valid branch name"))
        // A URL with a password that cannot be reached: the password is never printed.
        let secret = try repo.gazette(["publish", "--remote", "http://user:s3cret-token@127.0.0.1:9/site.git"])
        #expect(secret.status == 1)
        #expect(secret.stderr.contains("could not read http://***@127.0.0.1:9/site.git"))
        #expect(!(secret.stderr + secret.stdout).contains("s3cret-token"))
        #expect(try repo.remoteTip() == nil)
        // Run from a git hook, say: the variables that point git elsewhere are not followed.
        let hooked = try repo.gazette(["publish"], environment: ["GIT_DIR": "/nonexistent", "GIT_INDEX_FILE": "/nonexistent/index"])
        #expect(hooked.status == 0, "\(hooked.stderr)")
        #expect(try repo.remoteTip() != nil)
        // Outside git.
        try FileManager.default.removeItem(at: repo.site.appendingPathComponent(".git"))
        let noGit = try repo.gazette(["publish"])
        #expect(noGit.status == 1)
        #expect(noGit.stderr.contains("is not in a git repository, so there is no remote to publish to"))
    }
}

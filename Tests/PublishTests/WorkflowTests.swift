import Content
import Foundation
import GazetteModel
import Testing
import TestSupport
import Yams

/// The workflow `gazette init` writes: actionlint's verdict, and its steps run as GitHub runs
/// them (`bash --noprofile --norc -eo pipefail`, in order, `GITHUB_PATH` honoured) in a
/// temporary site against local bare repositories. Two commands stand in for what needs root, the
/// network or minutes: `apt-get` and `swift` record how they were called (`swift build
/// --show-bin-path` answers with the folder a Gazette was installed to by `make install-files`).
@Suite struct WorkflowTests {
    static let workflowPath = ".github/workflows/publish.yml"

    @Test func passesActionlintWithShellcheck() throws {
        let actionlint = Repository.root.appendingPathComponent(".build/tools/venv/bin/actionlint")
        try #require(
            FileManager.default.isExecutableFile(atPath: actionlint.path), "actionlint is missing: run make test-tools (make test does)")
        // actionlint checks run: scripts only when shellcheck is on PATH.
        try #require(try Program.run(command: "shellcheck", ["--version"]).status == 0, "shellcheck is missing: run make test-deps")
        let scratch = try TemporaryFolder("gazette-actionlint")
        try #require(try GazetteCommand.run(["init", scratch.path, "-q"]).status == 0)
        let result = try Program.run(actionlint, ["-color=false", Self.workflowPath], in: scratch.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// The project's release workflow: actionlint-clean, and its first check refuses a tag that
    /// is not the version the source declares (a release whose archive `gazette init` would not
    /// pin).
    @Test func releaseWorkflowPassesActionlintAndRefusesAWrongTag() throws {
        let actionlint = Repository.root.appendingPathComponent(".build/tools/venv/bin/actionlint")
        try #require(FileManager.default.isExecutableFile(atPath: actionlint.path), "actionlint is missing: run make test-tools (make test does)")
        let release = ".github/workflows/release.yml"
        let lint = try Program.run(actionlint, ["-color=false", release], in: Repository.root)
        #expect(lint.status == 0 && lint.stdout.isEmpty, "\(lint.stdout)\(lint.stderr)")

        let text = try String(contentsOf: Repository.root.appendingPathComponent(release), encoding: .utf8)
        let document = try #require(try Yams.load(yaml: text) as? [String: Any])
        let job = try #require((document["jobs"] as? [String: Any])?["release"] as? [String: Any])
        let steps = try #require(job["steps"] as? [[String: Any]])
        let check = try #require(steps.first { ($0["name"] as? String)?.hasPrefix("The tag names the version") == true }?["run"] as? String)
        let scratch = try TemporaryFolder("gazette-release-tag")
        let file = try scratch.write("check.sh", check)
        func run(tag: String) throws -> Program.Result {
            try Program.run(
                URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", file.path], in: Repository.root,
                environment: ["PATH": "/usr/bin:/bin", "GITHUB_REF_NAME": tag])
        }
        #expect(try run(tag: "v\(GazetteRelease.version)").status == 0)
        let wrong = try run(tag: "v0.0.0-wrong")
        #expect(wrong.status != 0)
        #expect(wrong.stdout.contains("::error::the tag is v0.0.0-wrong but GazetteRelease.version is \(GazetteRelease.version)"))
        // What it uploads is what make dist and make deb write.
        #expect(text.contains("make dist deb") && text.contains("dist/gazette-*-linux-*.tar.gz.sha256") && text.contains("dist/gazette_*.deb"))
    }

    /// One step of the workflow as written.
    struct Step {
        var name: String
        var uses: String?
        var run: String?
        var condition: String?
        var environment: [String: String]
        var with: [String: Any]
    }

    /// The workflow's env and the steps of its publish job.
    static func steps(ofSite site: URL) throws -> (env: [String: String], steps: [Step]) {
        let (env, job) = try job("publish", ofSite: site)
        return (env, job.steps)
    }

    /// One job of the workflow as written: its `env`, `container` and steps.
    struct Job {
        var env: [String: String]
        var container: String?
        var steps: [Step]
    }

    static func job(_ name: String, ofSite site: URL) throws -> (env: [String: String], job: Job) {
        let text = try String(contentsOf: site.appendingPathComponent(workflowPath), encoding: .utf8)
        let document = try #require(try Yams.load(yaml: text) as? [String: Any])
        let env = (document["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
        let jobs = try #require(document["jobs"] as? [String: Any])
        let job = try #require(jobs[name] as? [String: Any])
        let raw = try #require(job["steps"] as? [[String: Any]])
        let steps = raw.map { step in
            Step(
                name: step["name"] as? String ?? step["uses"] as? String ?? "?", uses: step["uses"] as? String, run: step["run"] as? String,
                condition: step["if"] as? String, environment: (step["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" },
                with: step["with"] as? [String: Any] ?? [:])
        }
        return (env, Job(env: (job["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" }, container: job["container"] as? String, steps: steps))
    }

    /// A step's `if:` as Actions would evaluate it here: terms joined by `&&`, each
    /// `env.NAME == ''` or `!= ''`, or the cache's hit (never: the cache is empty, as on a first run).
    static func holds(_ condition: String, environment: [String: String]) -> Bool {
        condition.components(separatedBy: " && ").allSatisfy { term in
            if term == "steps.gazette-cache.outputs.cache-hit != 'true'" { return true }
            // The event, from GITHUB_EVENT_NAME as Actions sets it.
            for (operation, equal) in [(" == '", true), (" != '", false)] where term.hasPrefix("github.event_name" + operation) && term.hasSuffix("'") {
                let event = String(term.dropFirst(("github.event_name" + operation).count).dropLast())
                return (environment["GITHUB_EVENT_NAME"] == event) == equal
            }
            for (operation, empty) in [(" == ''", true), (" != ''", false)] where term.hasPrefix("env.") && term.hasSuffix(operation) {
                let name = String(term.dropFirst(4).dropLast(operation.count))
                return (environment[name] ?? "").isEmpty == empty
            }
            Issue.record("a condition the test cannot evaluate: \(term)")
            return false
        }
    }

    /// Writes an executable script.
    static func script(_ url: URL, _ text: String) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    /// On a pull request the workflow only checks: its one step that runs after the set-up is
    /// `gazette check --format github`, whose annotations mark the changed lines; nothing is
    /// fetched, committed, built, published or mailed.
    @Test func pullRequestsAreCheckedNotPublished() throws {
        let site = try TemporaryFolder("gazette-workflow-pr")
        #expect(try GazetteCommand.run(["init", site.path, "--force", "-q"]).status == 0)
        let (_, publish) = try Self.job("publish", ofSite: site.url)
        var setUp = true
        var ran: [Step] = []
        for step in publish.steps {
            if step.name.hasPrefix("Check the pull request") { setUp = false }
            if setUp { continue }
            if let condition = step.condition, !Self.holds(condition, environment: ["GITHUB_EVENT_NAME": "pull_request"]) { continue }
            ran.append(step)
        }
        #expect(ran.map(\.name) == ["Check the pull request's journals (each problem marked on its line)"])
        let script = try #require(ran.first?.run)
        #expect(script.trimmingCharacters(in: .whitespacesAndNewlines) == "gazette check --format github")
        // Run in the site, with a member's misspelt tag: an annotation on the line.
        try site.write("content/journals/typo.md", "---\ntitle: 오타\ntags: [economi]\nauthor: me\ncreated: 2026-11-20 10:00\n---\n본문\n")
        let path = GazetteCommand.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try Program.run(URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", "-c", script], in: site.url, environment: ["PATH": path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("::warning file=content/journals/typo.md,line=3,col=8,endColumn=14,title=gazette unknown-tag::unknown tag 'economi'"))
        // Scheduled, the check is skipped and the week's steps run.
        let scheduled = publish.steps.filter { step in step.condition.map { Self.holds($0, environment: ["GITHUB_EVENT_NAME": "schedule"]) } ?? true }
        #expect(!scheduled.contains { $0.name.hasPrefix("Check the pull request") })
        #expect(scheduled.contains { $0.name == "Build the site" })
    }

    /// The whole workflow, with Gazette from its release archive or, for a version that has
    /// none, built from source.
    @Test(arguments: [false, true]) func stepsFetchCommitBuildAndPublish(fromRelease: Bool) throws {
        let scratch = try TemporaryFolder("gazette-workflow")
        let root = scratch.url
        let server = try FixtureServer(routes: [
            ["path": "/rss", "match": [String: String](), "responses": [["status": 200, "body_file": "rss.xml", "headers": ["Content-Type": "application/rss+xml"]]]]
        ])

        // Gazette installed as `make install` does, from the debug build.
        let manual = try scratch.write("gazette.1", ".TH GAZETTE 1\n")
        let installed = try InstallTests.install(into: root.appendingPathComponent("installed"), manual: manual)

        // A stand-in for Gazette's repository: its package list at a commit, fetchable by id as on GitHub.
        let gazetteRepo = root.appendingPathComponent("gazette-work")
        try FileManager.default.createDirectory(at: gazetteRepo, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("debian-packages.txt"), to: gazetteRepo.appendingPathComponent("debian-packages.txt"))
        try git(["init", "-q", "-b", "main"], in: gazetteRepo)
        try git(["add", "-A"], in: gazetteRepo)
        try git(["commit", "-q", "-m", "Gazette"], in: gazetteRepo, environment: gitIdentity)
        let pinned = try git(["rev-parse", "HEAD"], in: gazetteRepo)
        let gazetteBare = root.appendingPathComponent("gazette.git")
        try git(["clone", "-q", "--bare", gazetteRepo.path, gazetteBare.path], in: root)
        try git(["--git-dir", gazetteBare.path, "config", "uploadpack.allowAnySHA1InWant", "true"], in: root)

        // The study group's site on its remote, with one feed to fetch from the loopback server.
        let repo = try SiteWithRemote(
            "gazette-workflow-site",
            config: """
                title: 워크플로 시험
                authors: { me: { name: 나 } }
                tags: { economy: 경제 }
                sources:
                  feeds: [ { name: test, url: "\(server.base)/rss" } ]

                """)
        let first = try git(["rev-parse", "HEAD"], in: repo.site)
        let workspace = root.appendingPathComponent("workspace")
        // Empty until checkout, as on a runner: steps before it run there too.
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let (workflowEnv, publish) = try Self.job("publish", ofSite: repo.site)
        let steps = publish.steps
        #expect(publish.container == "${{ needs.release.outputs.archive != '' && 'debian:bookworm' || 'swift:6.3-bookworm' }}")
        #expect(publish.env == ["GAZETTE_ARCHIVE": "${{ needs.release.outputs.archive }}"])

        // The runner: stand-ins first on PATH, a home of its own, the variables Actions sets.
        let stubs = root.appendingPathComponent("stubs"), logs = root.appendingPathComponent("logs")
        for folder in [stubs, logs, root.appendingPathComponent("home")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Self.script(stubs.appendingPathComponent("apt-get"), "#!/bin/sh\necho \"$*\" >> \"$STUB_LOGS/apt-get\"\n")
        try Self.script(
            stubs.appendingPathComponent("swift"),
            "#!/bin/sh\necho \"$*\" >> \"$STUB_LOGS/swift\"\ncase \" $* \" in *\" --show-bin-path \"*) echo \"$INSTALLED_BIN\";; esac\n")
        let githubPath = root.appendingPathComponent("github-path")
        _ = FileManager.default.createFile(atPath: githubPath.path, contents: nil)
        let secrets = ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET", "NEWSAPI_KEY", "MEDIASTACK_KEY"]
        // The mail secrets are not set here, as in a repository that has not set up mail.
        let unsetSecrets = ["SMTP_URL", "SMTP_USERNAME", "SMTP_PASSWORD"]
        let secretValue = { (name: String) in "s3cret-\(name.lowercased())-value" }
        let path = stubs.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var runner = workflowEnv
        runner["GAZETTE_REPOSITORY"] = "file://" + gazetteBare.path
        runner["GAZETTE_VERSION"] = pinned
        runner["GAZETTE_SOURCE"] = root.appendingPathComponent("opt-gazette").path
        runner["GITHUB_WORKSPACE"] = workspace.path
        runner["GITHUB_REF_NAME"] = "main"
        runner["GITHUB_EVENT_NAME"] = "schedule"
        runner["GITHUB_PATH"] = githubPath.path
        runner["HOME"] = root.appendingPathComponent("home").path
        runner["GIT_CONFIG_NOSYSTEM"] = "1"
        runner["CI"] = "true"
        runner["STUB_LOGS"] = logs.path
        runner["INSTALLED_BIN"] = installed.path
        runner["RUNNER_TEMP"] = root.appendingPathComponent("runner-temp").path
        runner["GAZETTE_HOME"] = root.appendingPathComponent("gazette-release").path
        try FileManager.default.createDirectory(at: root.appendingPathComponent("runner-temp"), withIntermediateDirectories: true)

        // Release archives as GitHub serves them, by tag, here from a folder. With `fromRelease`
        // the pinned version has one: the installed Gazette and two runtime packages to install.
        let releases = root.appendingPathComponent("releases")
        runner["GAZETTE_RELEASES"] = "file://" + releases.path
        let archiveName = "gazette-\(pinned)-linux-x86_64"
        let runtimePackages = ["libvips42", "fonts-nanum"]
        if fromRelease {
            let folder = root.appendingPathComponent("archive/\(archiveName)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.script(folder.appendingPathComponent("gazette"), "#!/bin/sh\nexec \"\(installed.path)/gazette\" \"$@\"\n")
            try (runtimePackages.joined(separator: "\n") + "\n").write(
                to: folder.appendingPathComponent("runtime-packages.txt"), atomically: true, encoding: .utf8)
            let tagFolder = releases.appendingPathComponent(pinned)
            try FileManager.default.createDirectory(at: tagFolder, withIntermediateDirectories: true)
            try #require(
                try Program.run(command: "tar", ["-czf", tagFolder.appendingPathComponent("\(archiveName).tar.gz").path, "-C", folder.deletingLastPathComponent().path, archiveName]).status == 0)
            let sum = try Program.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), ["\(archiveName).tar.gz"], in: tagFolder)
            try sum.stdout.write(to: tagFolder.appendingPathComponent("\(archiveName).tar.gz.sha256"), atomically: true, encoding: .utf8)
        }

        // The first job: whether the version has an archive.
        let (_, release) = try Self.job("release", ofSite: repo.site)
        let find = try #require(release.steps.first)
        let outputs = root.appendingPathComponent("github-output")
        _ = FileManager.default.createFile(atPath: outputs.path, contents: nil)
        var findEnvironment = runner
        findEnvironment["GITHUB_OUTPUT"] = outputs.path
        findEnvironment["PATH"] = path
        let findScript = try scratch.write("find.sh", try #require(find.run))
        let found = try Program.run(
            URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", findScript.path], in: root, environment: findEnvironment)
        try #require(found.status == 0, "\(found.stdout)\(found.stderr)")
        let archive = try String(contentsOf: outputs, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("archive=") }
            .map { String($0.dropFirst("archive=".count)) } ?? ""
        #expect(archive == (fromRelease ? "file://\(releases.path)/\(pinned)/\(archiveName).tar.gz" : ""))
        runner["GAZETTE_ARCHIVE"] = archive
        #expect(workflowEnv["GAZETTE_REPOSITORY"] == "https://github.com/gazette-news/gazette")

        var output = ""
        var ran: [String] = []
        var memberCommit: String?
        for step in steps {
            if let uses = step.uses {
                if uses.hasPrefix("actions/checkout@") {
                    #expect("\(step.with["fetch-depth"] ?? "")" == "0", "journal dates need the full history")
                    try git(["clone", "-q", "-b", "main", repo.remote.path, workspace.path], in: root)
                } else {
                    #expect(uses.hasPrefix("actions/cache@"), "a step the test cannot stand in for: \(uses)")
                }
                continue
            }
            let script = try #require(step.run, "\(step.name) neither uses nor runs anything")
            if step.name.hasPrefix("Commit the articles back") {
                #expect(!script.contains("--force") && !script.contains("push -f") && !script.contains("+HEAD"), "the workflow must never force-push")
                memberCommit = try Self.memberPushes(into: repo.remote, fetchedIn: workspace, scratch: root)
            }
            if let condition = step.condition, !Self.holds(condition, environment: runner) { continue }
            var environment = runner
            for (name, value) in step.environment {
                if let secret = secrets.first(where: { value == "${{ secrets.\($0) }}" }) {
                    environment[name] = secretValue(secret)
                } else if unsetSecrets.contains(where: { value == "${{ secrets.\($0) }}" }) {
                    environment[name] = ""
                } else {
                    #expect(!value.contains("${{"), "an expression the test cannot evaluate: \(value)")
                    environment[name] = value
                }
            }
            // Actions puts the lines of GITHUB_PATH before PATH for the steps after.
            let added = try String(contentsOf: githubPath, encoding: .utf8).split(separator: "\n").reversed().map(String.init)
            environment["PATH"] = (added + [path]).joined(separator: ":")
            let file = root.appendingPathComponent("step-\(ran.count).sh")
            try script.write(to: file, atomically: true, encoding: .utf8)
            let result = try Program.run(
                URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", file.path], in: workspace,
                environment: environment)
            output += result.stdout + result.stderr
            try #require(result.status == 0, "step '\(step.name)' failed (\(result.status)):\n\(result.stdout)\(result.stderr)")
            ran.append(step.name)
        }
        #expect(ran.count == (fromRelease ? 8 : 10), "\(ran)")
        #expect(output.contains("::notice::no SMTP_URL secret: the digest is not mailed"))

        // The packages installed are exactly the repository's one list, from the pinned source.
        let packages = try String(contentsOf: Repository.root.appendingPathComponent("debian-packages.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        #expect(packages.contains("libcmark-gfm-dev") && packages.contains("fonts-nanum"))
        let apt = try String(contentsOf: logs.appendingPathComponent("apt-get"), encoding: .utf8)
        let source = runner["GAZETTE_SOURCE"] ?? ""
        if fromRelease {
            // No compiler, no source: the archive's own package list, and its Gazette on PATH.
            #expect(apt == "update -qq\ninstall -y -qq --no-install-recommends \(runtimePackages.joined(separator: " "))\n")
            #expect(!FileManager.default.fileExists(atPath: logs.appendingPathComponent("swift").path))
            #expect(!FileManager.default.fileExists(atPath: source))
            #expect(try String(contentsOf: githubPath, encoding: .utf8) == (runner["GAZETTE_HOME"] ?? "") + "\n")
        } else {
            #expect(apt == "update -qq\ninstall -y -qq --no-install-recommends \(packages.joined(separator: " "))\n")
            #expect(try git(["rev-parse", "HEAD"], in: URL(fileURLWithPath: source)) == pinned)
            let swift = try String(contentsOf: logs.appendingPathComponent("swift"), encoding: .utf8)
            #expect(
                swift == "build -c release --product gazette --package-path \(source)\nbuild -c release --show-bin-path --package-path \(source)\n")
        }
        // The installed Gazette was the one on PATH.
        #expect(output.contains("0.1.0 (commit "))

        // The week's articles went back to main, on top of what was there.
        let main = try #require(try repo.remoteTip("main"))
        // The member's commit, pushed while the workflow ran, is kept (never force-pushed over):
        // the articles went on top of it.
        let member = try #require(memberCommit)
        #expect(main != first)
        #expect(try repo.remoteGit(["rev-parse", "\(main)^"]) == member)
        #expect(try repo.remoteGit(["rev-parse", "\(member)^"]) == first)
        #expect(try repo.remoteGit(["log", "-1", "--format=%s", "main"]).hasPrefix("Articles fetched "))
        let changed = try repo.remoteGit(["diff", "--name-only", member, main]).split(separator: "\n")
        #expect(!changed.isEmpty && changed.allSatisfy { $0.hasPrefix("content/articles/") && $0.hasSuffix(".jsonl") })
        // Both sides' articles of the week, each once, in what was pushed.
        let pushed = root.appendingPathComponent("pushed")
        try git(["clone", "-q", "-b", "main", repo.remote.path, pushed.path], in: root)
        let stored = ArticleStore.load(siteRoot: pushed)
        #expect(stored.diagnostics.isEmpty)
        #expect(stored.articles.count == Set(stored.articles.map(\.id)).count)
        #expect(stored.articles.contains { $0.url == Self.memberArticleURL })
        #expect(stored.articles.contains { $0.source == "feed:test" })

        // The site went to gh-pages, built from the fetched articles.
        let pages = Set(try repo.remoteGit(["ls-tree", "-r", "--name-only", "gh-pages"]).split(separator: "\n").map(String.init))
        #expect(pages.contains("index.html") && pages.contains(".nojekyll") && pages.contains("feed.xml"))
        // What was published has the member's journal, pushed while the workflow ran.
        #expect(pages.contains("journals/member-journal/index.html"), "\(pages.sorted())")
        #expect(try repo.remoteGit(["log", "-1", "--format=%s", "gh-pages"]).hasPrefix("Publish 워크플로 시험: "))
        #expect(try repo.remoteGit(["log", "-1", "--format=%b", "gh-pages"]).contains("Site source: \(main)"))

        // No key reached the output.
        for name in secrets { #expect(!output.contains(secretValue(name))) }
    }

    @Test func fetchStepWithoutSourcesGoesOn() throws {
        let scratch = try TemporaryFolder("gazette-workflow-nosources")
        try #require(try GazetteCommand.run(["init", scratch.path, "-q"]).status == 0)
        let step = try #require(try Self.steps(ofSite: scratch.url).steps.first { $0.name == "Fetch the week's articles" })
        let file = try scratch.write("step.sh", try #require(step.run))
        let bin = GazetteCommand.executable.deletingLastPathComponent().path
        let result = try Program.run(
            URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", file.path], in: scratch.url,
            environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("::notice::gazette.yml has no sources: nothing to fetch"))
    }

    static let memberArticleURL = "https://news.example.org/member-story"

    /// A member's push while the workflow runs: a journal, and an article in the week file the
    /// fetch just wrote into (in the member's clone, a file of its own: git meets two additions
    /// of one file). Returns the member's commit.
    static func memberPushes(into remote: URL, fetchedIn workspace: URL, scratch: URL) throws -> String {
        let member = scratch.appendingPathComponent("member")
        try git(["clone", "-q", "-b", "main", remote.path, member.path], in: scratch)
        let fetched = try git(["status", "--porcelain", "--untracked-files=all", "content/articles"], in: workspace)
            .split(separator: "\n").map { String($0.dropFirst(3)) }.filter { $0.hasSuffix(".jsonl") }
        let week = try #require(fetched.first, "the fetch wrote no week file")
        let weekFile = member.appendingPathComponent(week)
        let earlier = (try? String(contentsOf: weekFile, encoding: .utf8)) ?? ""
        let fetchedWeek = try #require(ArticleStore.load(siteRoot: workspace).articles.first { week.hasSuffix("\(ISOWeek(containing: $0.publishedDate ?? Date(), in: TimeZone(identifier: "Asia/Seoul") ?? .gmt)).jsonl") })
        let article = Article(
            id: CanonicalURL.articleID(for: memberArticleURL) ?? "", url: memberArticleURL, title: "멤버가 저장한 기사", description: "d",
            source: "manual", publisher: nil, author: nil, published: fetchedWeek.published, image: nil, queries: [], language: "ko")
        try FileManager.default.createDirectory(at: weekFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (earlier + ArticleStore.line(article) + "\n").write(to: weekFile, atomically: true, encoding: .utf8)
        try """
            ---
            title: 멤버의 저널
            article: \(memberArticleURL)
            author: me
            created: 2026-11-18 21:00
            ---
            워크플로가 도는 동안 올린 저널.

            """.write(to: member.appendingPathComponent("content/journals/member-journal.md"), atomically: true, encoding: .utf8)
        try git(["add", "-A"], in: member)
        try git(["commit", "-q", "-m", "A member's journal"], in: member, environment: gitIdentity)
        try git(["push", "-q", "origin", "main"], in: member)
        return try git(["rev-parse", "HEAD"], in: member)
    }
}

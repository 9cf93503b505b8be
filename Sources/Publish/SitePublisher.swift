import Content
import Foundation
import GazetteModel
import Output

/// Publishes an output folder to a branch of a git remote, as one commit on top of that branch.
///
/// Nothing of the site's repository that a person works with is touched: the files are staged
/// in a temporary index outside it (`GIT_INDEX_FILE`, with the output folder as the work tree),
/// the tree and the commit are made with `write-tree` and `commit-tree`, and the commit is pushed
/// by id. The working tree, the index, HEAD and the local branches stay as they were; git only
/// gains objects (and may update its remote-tracking ref of the branch on fetch). The push is
/// a plain fast-forward: if the branch moved meanwhile, the remote refuses it and keeps what it
/// had. Pushing through the site's repository uses its remote's URL and credentials (for example
/// those `actions/checkout` leaves in CI).
public enum SitePublisher {
    public struct Request: Sendable {
        public var siteRoot: URL
        /// The output folder a build wrote (`public/` by default).
        public var output: URL
        /// A remote's name in the site's repository, or a URL or path git can push to.
        public var remote: String
        public var branch: String
        /// Who made the site, for the commit message (`gazette 0.1.0 (commit …)`).
        public var generator: String

        public init(siteRoot: URL, output: URL, remote: String = "origin", branch: String = "gh-pages", generator: String) {
            self.siteRoot = siteRoot
            self.output = output
            self.remote = remote
            self.branch = branch
            self.generator = generator
        }
    }

    public struct Result: Sendable {
        /// False when the branch already held exactly these files: no commit was made or pushed.
        public var published: Bool
        /// The branch's commit afterwards.
        public var commit: String
        /// The branch's commit before, nil when the branch is new.
        public var previous: String?
        /// The ISO weeks the published site holds, oldest first (`2026-W47`).
        public var weeks: [String]
        /// Files in the published tree, `.nojekyll` and `CNAME` included.
        public var files: Int
        public var message: String
    }

    /// Empty: tells GitHub Pages to serve the files as they are, without Jekyll.
    static let noJekyll = ".nojekyll"

    /// Publishes the output folder: checked to be this site's last build, staged into a tree of
    /// its own, committed on top of the branch and pushed by id.
    public static func publish(_ request: Request) throws -> Result {
        let git = Git()
        let site = request.siteRoot.standardizedFileURL
        let output = request.output.standardizedFileURL
        let (config, configDiagnostics) = ConfigLoader.load(siteRoot: site)
        guard let config else { throw DiagnosticsError(configDiagnostics.filter { $0.severity == .error }) }
        let shown = relative(output, to: site)
        let lock = try lockLastBuild(output, site: site, shown: shown)
        defer { lock.release() }
        let target = try Target(request, site: site, shown: shown, git: git)
        let previous = try target.branchCommit(site: site, git: git)
        let (tree, files) = try stageTree(output, site: site, shown: shown, cname: config.publish.cname, gitDir: target.gitDir, git: git)
        let weeks = publishedWeeks(output)
        if let previous, try git.run(["rev-parse", "\(previous)^{tree}"], in: site).line == tree {
            return Result(published: false, commit: previous, previous: previous, weeks: weeks, files: files, message: "")
        }
        let source = try git.run(["rev-parse", "--verify", "-q", "HEAD"], in: site)
        let message = commitMessage(
            title: config.title, weeks: weeks, files: files, source: source.ok ? source.line : nil, generator: request.generator)
        let commit = try target.commitAndPush(tree: tree, on: previous, message: message, site: site, git: git)
        return Result(published: true, commit: commit, previous: previous, weeks: weeks, files: files, message: message)
    }

    /// Locks the output folder, which must exist, be this site's last build, and be newer than
    /// every input.
    static func lockLastBuild(_ output: URL, site: URL, shown: String) throws -> FileLock {
        guard (try? output.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else {
            throw DiagnosticsError([.error("\(shown) does not exist: there is nothing to publish", hint: "run gazette build first")])
        }
        let lock = try OutputFolder(output, siteRoot: site).lock(purpose: "publish", wait: 120)
        guard FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path),
            let built = LastBuild.date(siteRoot: site, output: output)
        else {
            lock.release()
            throw DiagnosticsError([
                .error("\(shown) was not built by gazette build in \(site.path)", hint: "run gazette build, then gazette publish")
            ])
        }
        // Equal times count as stale: file times are kept to the kernel's tick, and a build reads
        // its inputs well before it records itself, so only an input written after the reading
        // can share the record's tick.
        if let changed = LastBuild.inputs(changedSince: built, siteRoot: site).first {
            lock.release()
            let what = FileManager.default.fileExists(atPath: site.appendingPathComponent(changed).path + "/.") ? "a file was added to or removed from \(changed)/" : "\(changed) changed"
            throw DiagnosticsError([
                .error("\(shown) is older than the content: \(what) after the last build", hint: "run gazette build, then gazette publish")
            ])
        }
        return lock
    }

    /// The site's repository, the branch and the remote, checked.
    struct Target {
        let gitDir: String
        let remote: String
        let branch: String
        var ref: String { "refs/heads/\(branch)" }
        /// The remote as it may be shown (`Git.redacted`).
        var shownRemote: String { Git.redacted(remote) }

        init(_ request: Request, site: URL, shown: String, git: Git) throws {
            let gitDir = try git.run(["rev-parse", "--absolute-git-dir"], in: site)
            guard gitDir.ok, !gitDir.line.isEmpty else {
                throw DiagnosticsError([
                    .error(
                        "\(site.path) is not in a git repository, so there is no remote to publish to",
                        hint: "run git init and git remote add origin URL in the site, or upload \(shown) to your host yourself")
                ])
            }
            guard try git.run(["check-ref-format", "refs/heads/\(request.branch)"]).ok, !request.branch.hasPrefix("-") else {
                throw DiagnosticsError([.error("'\(request.branch)' is not a valid branch name", hint: "pass --branch gh-pages or another plain name")])
            }
            let named = try git.run(["remote", "get-url", "--push", request.remote], in: site)
            let looksLikeLocation = request.remote.contains("/") || request.remote.contains(":")
            guard named.ok || looksLikeLocation, !request.remote.hasPrefix("-") else {
                let remotes = try git.run(["remote"], in: site).stdout.split(separator: "\n").joined(separator: ", ")
                throw DiagnosticsError([
                    .error(
                        "the site's repository has no remote named '\(request.remote)'"
                            + (remotes.isEmpty ? "" : " (it has: \(remotes))"),
                        hint: "add it with git remote add \(request.remote) URL, or pass --remote NAME-or-URL")
                ])
            }
            (self.gitDir, remote, branch) = (gitDir.line, request.remote, request.branch)
        }

        /// The branch's commit now (nil when it is new), fetched so the new commit can sit on top of it.
        func branchCommit(site: URL, git: Git) throws -> String? {
            let listed = try git.run(["ls-remote", "--heads", remote, ref], in: site)
            guard listed.ok else {
                throw DiagnosticsError([
                    .error("could not read \(shownRemote): \(Git.reason(listed))", hint: "check its URL and your access with git ls-remote \(shownRemote)")
                ])
            }
            let previous = listed.stdout.split(separator: "\n").first { $0.hasSuffix("\t" + ref) }.map { String($0.prefix { $0 != "\t" }) }
            if let previous, !(try git.run(["cat-file", "-e", "\(previous)^{commit}"], in: site).ok) {
                let fetched = try git.run(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", remote, ref], in: site)
                guard fetched.ok, try git.run(["cat-file", "-e", "\(previous)^{commit}"], in: site).ok else {
                    throw DiagnosticsError([
                        .error("could not fetch \(shownRemote) \(branch): \(Git.reason(fetched))", hint: "check your access with git fetch \(shownRemote) \(branch)")
                    ])
                }
            }
            return previous
        }

        /// One commit of `tree` on top of the branch, pushed by id; its id.
        func commitAndPush(tree: String, on previous: String?, message: String, site: URL, git: Git) throws -> String {
            var identity: [String: String] = [:]
            if !(try git.run(["var", "GIT_COMMITTER_IDENT"], in: site).ok) {
                identity = [
                    "GIT_AUTHOR_NAME": "Gazette", "GIT_AUTHOR_EMAIL": "gazette@localhost",
                    "GIT_COMMITTER_NAME": "Gazette", "GIT_COMMITTER_EMAIL": "gazette@localhost",
                ]
            }
            let commit = try git.run(
                ["commit-tree", tree] + (previous.map { ["-p", $0] } ?? []) + ["-F", "-"], in: site, input: Data(message.utf8), extra: identity)
            guard commit.ok, !commit.line.isEmpty else { throw DiagnosticsError([.error("could not make the commit: \(Git.reason(commit))")]) }
            let pushed = try git.run(["push", "--quiet", "--no-verify", "--porcelain", remote, "\(commit.line):\(ref)"], in: site)
            guard pushed.ok else {
                throw DiagnosticsError([
                    .error(
                        "\(shownRemote) refused the push to \(branch), which stays as it was: \(Git.pushReason(pushed))",
                        hint: previous == nil
                            ? "check your access (git push \(shownRemote)); if the branch appeared meanwhile, run gazette publish again"
                            : "if someone published meanwhile, run gazette publish again; otherwise check your access (git push \(shownRemote))")
                ])
            }
            return commit.line
        }
    }

    /// The output folder staged in an index of its own, with `.nojekyll` and the CNAME, made into
    /// a tree: its id and how many files it holds.
    static func stageTree(_ output: URL, site: URL, shown: String, cname: String?, gitDir: String, git: Git) throws -> (tree: String, files: Int) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-publish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let index = ["GIT_INDEX_FILE": scratch.appendingPathComponent("index").path]
        let staging = [
            "--git-dir", gitDir, "--work-tree", output.path, "-c", "core.autocrlf=false", "-c", "core.safecrlf=false",
            "-c", "core.sparseCheckout=false",
        ]
        let added = try git.run(staging + ["add", "--all", "--force", "--", "."], in: output, extra: index)
        guard added.ok else { throw DiagnosticsError([.error("could not stage \(shown): \(Git.reason(added))")]) }
        var extras: [(String, String)] = [(noJekyll, "")]
        if let cname { extras.append(("CNAME", cname + "\n")) }
        for (name, text) in extras {
            let blob = try git.run(["hash-object", "-w", "--stdin"], in: site, input: Data(text.utf8))
            let entered = try git.run(["update-index", "--add", "--cacheinfo", "100644,\(blob.line),\(name)"], in: site, extra: index)
            guard blob.ok, entered.ok else {
                throw DiagnosticsError([.error("could not add \(name): \(Git.reason(blob.ok ? entered : blob))")])
            }
        }
        let tree = try git.run(["write-tree"], in: site, extra: index)
        let listing = try git.run(["ls-files", "-z"], in: site, extra: index)
        guard tree.ok, listing.ok else { throw DiagnosticsError([.error("could not make the tree of \(shown): \(Git.reason(tree.ok ? listing : tree))")]) }
        return (tree.line, listing.stdout.split(separator: "\0").count)
    }

    /// A remote as it may be shown: a user name or password in its URL becomes `***`.
    public static func shown(remote: String) -> String { Git.redacted(remote) }

    /// The `YYYY-Www` folders under `weeks/`, oldest first.
    static func publishedWeeks(_ output: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("weeks").path)) ?? []
        return names.filter { ISOWeek($0) != nil }.sorted()
    }

    /// `Publish 뉴스 스터디: 2026-W45, 2026-W46` — every week in the body, the commits the site
    /// and the generator came from below.
    static func commitMessage(title: String, weeks: [String], files: Int, source: String?, generator: String) -> String {
        let subject: String
        switch weeks.count {
        case 0: subject = "no weeks yet"
        case 1...3: subject = weeks.joined(separator: ", ")
        default: subject = "\(weeks[0]) to \(weeks[weeks.count - 1]) (\(weeks.count) weeks)"
        }
        return """
            Publish \(title): \(subject)

            Weeks: \(weeks.isEmpty ? "none" : weeks.joined(separator: ", "))
            Files: \(files)
            Site source: \(source ?? "not committed")
            Built with: \(generator)

            """
    }

    static func relative(_ url: URL, to root: URL) -> String {
        let path = url.path, prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) + "/" : path
    }
}

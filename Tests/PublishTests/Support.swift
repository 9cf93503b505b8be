import Foundation
import Testing
import TestSupport

/// Runs git in `folder` and returns its output; a failure fails the test with git's words.
@discardableResult
func git(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> String {
    let result = try Program.run(command: "git", ["-C", folder.path] + arguments, environment: environment)
    try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// git for a test's own commits: a fixed identity, no system or user configuration.
let gitIdentity = [
    "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org", "GIT_COMMITTER_NAME": "Test",
    "GIT_COMMITTER_EMAIL": "test@example.org", "GIT_CONFIG_NOSYSTEM": "1",
]

/// A scaffolded site (`gazette init`) committed on `main`, with a bare repository as `origin`.
struct SiteWithRemote {
    let scratch: TemporaryFolder
    var site: URL { scratch.url.appendingPathComponent("site") }
    var remote: URL { scratch.url.appendingPathComponent("remote.git") }

    init(_ label: String, config: String? = nil) throws {
        scratch = try TemporaryFolder(label)
        let initialised = try GazetteCommand.run(["init", site.path, "-q"])
        try #require(initialised.status == 0, "\(initialised.stderr)")
        if let config { try Data(config.utf8).write(to: site.appendingPathComponent("gazette.yml")) }
        try git(["init", "-q", "--bare", "-b", "main", remote.path], in: scratch.url)
        try git(["init", "-q", "-b", "main"], in: site)
        try git(["add", "-A"], in: site)
        try git(["commit", "-q", "-m", "New site"], in: site, environment: gitIdentity)
        try git(["remote", "add", "origin", remote.path], in: site)
        try git(["push", "-q", "origin", "main"], in: site)
    }

    func gazette(_ arguments: [String], environment: [String: String] = [:]) throws -> Program.Result {
        try GazetteCommand.run(arguments + ["--site", site.path], environment: environment)
    }

    /// The remote branch's commit, nil when it does not exist.
    func remoteTip(_ branch: String = "gh-pages") throws -> String? {
        let result = try Program.run(command: "git", ["--git-dir", remote.path, "rev-parse", "--verify", "-q", "refs/heads/\(branch)"])
        return result.status == 0 ? result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    func remoteGit(_ arguments: [String]) throws -> String {
        try git(["--git-dir", remote.path] + arguments, in: scratch.url)
    }

    /// What a person's repository looks like: HEAD, the branches, the status and the index's bytes.
    func localState() throws -> [String] {
        let index = try Data(contentsOf: site.appendingPathComponent(".git/index"))
        return [
            try git(["rev-parse", "HEAD"], in: site), try git(["symbolic-ref", "HEAD"], in: site),
            try git(["for-each-ref", "--format=%(refname)", "refs/heads", "refs/tags"], in: site),
            try git(["--no-optional-locks", "status", "--porcelain"], in: site), "\(index.count):\(index.hashValue)",
        ]
    }
}

import Foundation

/// git for a test's own repositories: a fixed identity, `main` as the first branch, no system or
/// user configuration, and every commit dated `date` (seconds since 1970) when one is given.
public enum TestGit {
    public static func run(_ arguments: [String], in folder: URL, date: Int? = nil) throws -> Program.Result {
        var environment = [
            "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.org",
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
        ]
        if let date { (environment["GIT_AUTHOR_DATE"], environment["GIT_COMMITTER_DATE"]) = ("@\(date) +0000", "@\(date) +0000") }
        return try Program.run(command: "git", ["-c", "init.defaultBranch=main", "-C", folder.path] + arguments, environment: environment)
    }
}

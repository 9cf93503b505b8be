import Foundation
import GazetteModel

/// Runs `git` (found on PATH) to its end. Output is collected in files, so a chatty command can
/// never block on a full pipe. `GIT_TERMINAL_PROMPT=0`: a remote that wants a password fails at
/// once instead of waiting for a person who is not there (CI).
struct Git {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var ok: Bool { status == 0 }
        /// The first line of standard output, trimmed.
        var line: String { stdout.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
    }

    /// Variables added to every command's environment.
    var environment: [String: String] = ["GIT_TERMINAL_PROMPT": "0"]

    func run(_ arguments: [String], in folder: URL? = nil, input: Data? = nil, extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        if let folder { process.currentDirectoryURL = folder }
        var env = ProcessInfo.processInfo.environment
        // The repository is found from the folder, never from a hook's or a caller's variables.
        for key in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_PREFIX"] {
            env[key] = nil
        }
        for (key, value) in environment.merging(extra, uniquingKeysWith: { $1 }) { env[key] = value }
        process.environment = env
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        let inURL = scratch.appendingPathComponent("in")
        for url in [outURL, errURL, inURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        if let input { try input.write(to: inURL) }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let stdin = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        do {
            try process.run()
        } catch {
            throw DiagnosticsError([
                .error("could not run git: \(error.localizedDescription)", hint: "install git (apt-get install git) and try again")
            ])
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        try stdin.close()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// git's own words for a failure, for an error message: its `error:`/`fatal:`/`!` lines, or
    /// the last line it printed, with any user name or password inside a URL replaced by `***`.
    static func reason(_ result: Result) -> String {
        let lines = result.stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let telling = lines.filter { $0.hasPrefix("error:") || $0.hasPrefix("fatal:") || $0.hasPrefix("! ") || $0.hasPrefix("remote: error") }
        let text = (telling.isEmpty ? Array(lines.suffix(1)) : telling).joined(separator: "; ")
        return redacted(text.isEmpty ? "git exited with status \(result.status)" : text)
    }

    /// Why a push failed: the remote's own lines (`remote: …`, a hook's message) and each
    /// refused ref's reason from `--porcelain` (`[remote rejected] (pre-receive hook declined)`).
    static func pushReason(_ result: Result) -> String {
        let remote = result.stderr.split(separator: "\n").filter { $0.hasPrefix("remote: ") }.map { $0.dropFirst(8).trimmingCharacters(in: .whitespaces) }
        let refused = result.stdout.split(separator: "\n").filter { $0.hasPrefix("!") }.map { line in
            line.split(separator: "\t").dropFirst(2).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        }
        let text = (refused + remote).filter { !$0.isEmpty }.joined(separator: "; ")
        return text.isEmpty ? reason(result) : redacted(text)
    }

    /// `https://user:token@host/x` → `https://***@host/x`: credentials never reach the output.
    static func redacted(_ text: String) -> String {
        guard let pattern = try? NSRegularExpression(pattern: "([A-Za-z][A-Za-z0-9+.-]*://)[^/@\\s]+@") else { return text }
        return pattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1***@")
    }
}

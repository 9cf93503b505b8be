import Foundation

/// Paths of the repository, for tests that build the example site.
public enum Repository {
    /// The repository root (the folder holding Package.swift).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    /// Every regular file under `folder`, relative path → bytes.
    public static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = folder.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return files
        }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = FileManager.default.contents(atPath: url.path)
        }
        return files
    }

    /// Copies the example site (config, content, templates) into `folder`.
    public static func copyExampleSite(to folder: URL) throws {
        for item in ["gazette.yml", "content", "templates"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
    }
}

/// Runs a program to its end, output collected in files (so a chatty program can never block
/// on a full pipe), with `NO_COLOR` set. The one runner behind `GazetteCommand`, `PDFTools`,
/// the site-quality checkers and `HTTPExchange`.
public enum Program {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `command`, found on PATH.
    public static func run(command: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments, environment: environment)
    }

    public static func run(_ program: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Runs the `gazette` executable the package builds, for tests of what a person sees.
public enum GazetteCommand {
    public typealias Result = Program.Result

    /// The debug build of the executable: `swift build` puts it beside the test bundle, which is
    /// under `.build/debug/` unless `--scratch-path` chose another folder.
    public static var executable: URL {
        let runner = URL(fileURLWithPath: ProcessInfo.processInfo.arguments.first ?? "").standardizedFileURL
        for folder in [runner.deletingLastPathComponent(), runner.deletingLastPathComponent().deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("gazette")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return Repository.root.appendingPathComponent(".build/debug/gazette")
    }

    public static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        try Program.run(executable, arguments, in: folder, environment: environment)
    }

    /// Runs a shell command line (`/bin/sh -c`) with the same environment handling.
    public static func runShell(_ command: String, environment: [String: String] = [:]) throws -> Result {
        try Program.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: environment)
    }
}

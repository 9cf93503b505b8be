import Foundation

/// A program left running while a test talks to it (`gazette serve`, `curl -N`), with its output
/// collected in files the test can poll.
public final class BackgroundProcess: @unchecked Sendable {
    private let process = Process()
    private let scratch: URL
    private let outURL: URL
    private let errURL: URL

    public init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-bg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        outURL = scratch.appendingPathComponent("out")
        errURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    /// Runs a program found on PATH.
    public convenience init(command: String, _ arguments: [String]) throws {
        try self.init(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments)
    }

    deinit {
        terminate()
        try? FileManager.default.removeItem(at: scratch)
    }

    public var stdout: String { String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self) }
    public var stderr: String { String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self) }
    public var isRunning: Bool { process.isRunning }

    /// Polls standard output until `predicate` holds, the process ends, or `timeout` passes.
    /// Returns the output that satisfied it, or nil.
    ///
    /// The output is read once more after the deadline: a test process whose threads are all
    /// busy with other tests can resume this loop only after the deadline has passed, and what
    /// the program printed meanwhile still counts.
    public func waitForOutput(timeout: TimeInterval, where predicate: (String) -> Bool) async -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let text = stdout
            if predicate(text) { return text }
            if !process.isRunning { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        let text = stdout
        return predicate(text) ? text : nil
    }

    /// Sends SIGTERM (SIGINT may be ignored by a process started in the background), waits up
    /// to five seconds, then kills.
    public func terminate() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// One HTTP exchange made with curl, as a browser would make it (no redirects followed).
public struct HTTPExchange: Sendable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: Data
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// `seconds`: how long the whole exchange may take (a packet is typeset when asked for).
    public static func get(_ url: String, method: String = "GET", seconds: Int = 10) throws -> HTTPExchange {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let headerFile = scratch.appendingPathComponent("headers"), bodyFile = scratch.appendingPathComponent("body")
        var arguments = ["-s", "--path-as-is", "--max-time", String(seconds), "-D", headerFile.path, "-o", bodyFile.path]
        arguments += method == "HEAD" ? ["-I"] : ["-X", method]
        _ = try Program.run(command: "curl", arguments + [url])
        let rawHeaders = String(decoding: (try? Data(contentsOf: headerFile)) ?? Data(), as: UTF8.self)
        var lines = rawHeaders.components(separatedBy: "\r\n")
        let statusLine = lines.isEmpty ? "" : lines.removeFirst()
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
        // With -I curl writes the headers where the body would go; a HEAD response has no body.
        let body = method == "HEAD" ? Data() : (try? Data(contentsOf: bodyFile)) ?? Data()
        return HTTPExchange(status: status, headers: headers, body: body)
    }
}

/// A pid that belonged to a process which has ended.
public func deadPID() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
}

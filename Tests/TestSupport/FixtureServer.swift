import Foundation

/// A real HTTP server on 127.0.0.1 for tests of code that talks to the network: the scripted
/// Python server in `Tests/Fixtures/ingest/server.py`, started with a script of routes and
/// stopped when the value is released. Every request it saw can be read back.
public final class FixtureServer: @unchecked Sendable {
    /// One request as the server logged it.
    public struct Request: Decodable, Sendable {
        public var method: String
        public var path: String
        public var query: [String: [String]]
        public var headers: [String: String]
        /// Requests the server was answering when this one arrived, itself included.
        public var in_flight: Int

        /// The first value of a query parameter.
        public subscript(_ name: String) -> String? { query[name]?.first }
    }

    public static let fixtures = Repository.root.appendingPathComponent("Tests/Fixtures/ingest")

    public let port: Int
    private let process: Process
    /// The server's standard input: closing it (here, or by this process ending) stops it.
    private let lifeline = Pipe()
    private let folder: URL
    private let log: URL

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public var base: String { "http://127.0.0.1:\(port)" }

    /// Starts a server answering `routes` (the `routes` array of the script format).
    public init(routes: [[String: Any]]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("script.json")
        log = folder.appendingPathComponent("log.jsonl")
        try JSONSerialization.data(withJSONObject: ["routes": routes]).write(to: script)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.fixtures.appendingPathComponent("server.py").path, script.path, log.path]
        let output = Pipe()
        process.standardOutput = output
        // Never the test's own output: a server left running would hold it open.
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = lifeline
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "fixture server did not start"])
        }
        self.port = port
    }

    deinit { stop() }

    /// Stops the server (also done on release).
    public func stop() {
        // Not waitUntilExit: on Linux it spins a run loop, which never wakes inside a test's
        // async task. SIGKILL, because a child spawned from a dispatch worker thread inherits
        // its blocked SIGTERM; closing stdin stops the server as well. Foundation reaps it.
        try? lifeline.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every request so far, in the order they arrived.
    public func requests() throws -> [Request] {
        let text = try String(contentsOf: log, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// The requests for one path.
    public func requests(to path: String) throws -> [Request] { try requests().filter { $0.path == path } }
}

import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `gazette lsp` driven as an editor drives it: the real executable on two pipes, frames
/// written and read, every byte of its standard output parsed as frames.
final class LSPClient: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Notifications read while waiting for something else, oldest first.
    var notifications: [[String: Any]] = []
    /// Bytes on stdout that were not a frame (must stay empty).
    var stray: [UInt8] = []

    /// `environment`: variables set for the server beside this process's (`GAZETTE_AUTHOR`).
    init(environment: [String: String] = [:]) throws {
        process.executableURL = GazetteCommand.executable
        process.arguments = ["lsp"]
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given } }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    deinit { if process.isRunning { process.terminate() } }

    func send(_ object: [String: Any]) throws {
        var message = object
        message["jsonrpc"] = "2.0"
        let body = try JSONSerialization.data(withJSONObject: message)
        sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func sendRaw(_ data: Data) { input.fileHandleForWriting.write(data) }

    func notify(_ method: String, _ params: Any) throws { try send(["method": method, "params": params]) }

    /// Sends a request and returns its response (the whole message), keeping notifications.
    func request(_ method: String, _ params: Any) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(["id": id, "method": method, "params": params])
        while true {
            let message = try read()
            if (message["id"] as? Int) == id { return message }
            // Notifications, and the server's own requests (which have an id and a method).
            if message["id"] == nil || message["method"] != nil { notifications.append(message) }
        }
    }

    func result(_ method: String, _ params: Any) throws -> Any? { try request(method, params)["result"] }

    /// The next `textDocument/publishDiagnostics` for `uri`.
    func diagnostics(for uri: String) throws -> [[String: Any]] {
        if let index = notifications.firstIndex(where: { isDiagnostics($0, uri) }) {
            let found = notifications.remove(at: index)
            return ((found["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
        }
        while true {
            let message = try read()
            if isDiagnostics(message, uri) { return ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? [] }
            notifications.append(message)
        }
    }

    /// The diagnostics last published for `uri` once the server has answered everything sent
    /// before (a request is the barrier: one thread answers in order), nil if none were.
    func settledDiagnostics(for uri: String) throws -> [[String: Any]]? {
        _ = try request("gazette/barrier", [String: Any]())
        let found = notifications.filter { isDiagnostics($0, uri) }
        notifications.removeAll { isDiagnostics($0, uri) }
        return found.last.map { (($0["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? [] }
    }

    private func isDiagnostics(_ message: [String: Any], _ uri: String) -> Bool {
        message["method"] as? String == "textDocument/publishDiagnostics" && (message["params"] as? [String: Any])?["uri"] as? String == uri
    }

    struct Timeout: Error {}

    /// The next frame, within 60 seconds.
    func read() throws -> [String: Any] {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
                    stray += buffer[..<(end + 4)]
                    buffer.removeFirst(end + 4)
                    continue
                }
                while buffer.count < end + 4 + length { try fill() }
                let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return (try JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
            }
            try fill()
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func fill() throws {
        let fd = output.fileHandleForReading.fileDescriptor
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 60_000) > 0 else { throw Timeout() }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { throw Timeout() }
        buffer += chunk[0..<count]
    }

    /// Ends the session as an editor does; the exit status.
    func finish(shutdown: Bool = true) throws -> Int32 {
        if shutdown { _ = try request("shutdown", NSNull()) }
        try notify("exit", NSNull())
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        // Whatever is left on stdout must be frames too.
        while let rest = try? output.fileHandleForReading.readToEnd(), !rest.isEmpty { buffer += rest }
        while !buffer.isEmpty, headerEnd() != nil { _ = try? read() }
        stray += buffer
        return process.terminationStatus
    }

    var stderr: String { String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self) }
}

/// `[String: Any]` lookups for the tests.
extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    func objects(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    func string(_ key: String) -> String? { self[key] as? String }
    func int(_ key: String) -> Int? { self[key] as? Int }
}

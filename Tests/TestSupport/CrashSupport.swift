import Foundation

/// What the crash and failed-write tests need besides running `gazette`: a process killed at a
/// chosen moment, and the privileges to make a small or read-only file system.
public enum Sandbox {
    /// Root ignores permission bits, so a folder made read-only with chmod stays writable to it.
    public static var isRoot: Bool { geteuid() == 0 }

    /// True when this process may make a private mount namespace (`unshare -m`) and mount a
    /// tmpfs or a read-only bind mount in it: root with CAP_SYS_ADMIN, as in this project's
    /// containers. Mounts made there vanish with the namespace and are never seen outside it.
    public static let canMount: Bool = {
        guard let folder = try? TemporaryFolder("gazette-mount-probe") else { return false }
        let result = try? Program.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "command -v unshare >/dev/null && unshare -m /bin/sh -c 'mount -t tmpfs -o size=64k tmpfs \"$0\" && touch \"$0/x\"' \"$1\"", "sh", folder.path])
        return result?.status == 0
    }()

    /// Runs `script` with /bin/sh in a private mount namespace; `arguments` are `$1`, `$2`….
    public static func runInMountNamespace(_ script: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Program.Result {
        try Program.run(URL(fileURLWithPath: "/usr/bin/env"), ["unshare", "-m", "/bin/sh", "-c", script, "sh"] + arguments, environment: environment)
    }

    /// Runs `gazette` with `arguments` under a file-size limit of `blocks` 512-byte blocks
    /// (`ulimit -f` of /bin/sh).
    public static func runWithFileSizeLimit(blocks: Int, _ arguments: [String], environment: [String: String] = [:]) throws -> Program.Result {
        let command = "ulimit -f \(blocks) && exec \"$0\" \"$@\""
        return try Program.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command, GazetteCommand.executable.path] + arguments, environment: environment)
    }
}

/// A `gazette` process started now, to be killed at some moment of its run.
public final class KillableRun: @unchecked Sendable {
    private let process = Process()
    public let started: Date

    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = GazetteCommand.executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        started = Date()
        try process.run()
    }

    /// Waits for the end; returns the exit status, or nil when a signal ended it.
    @discardableResult
    public func wait() -> Int32? {
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// Sends SIGKILL `delay` seconds after the start (at once if that has passed) and waits.
    /// Returns true when the kill came while the process ran, false when it had already ended.
    public func kill(after delay: Double) -> Bool {
        let left = delay - Date().timeIntervalSince(started)
        if left > 0 { usleep(UInt32(left * 1_000_000)) }
        let running = process.isRunning
        if running { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return running && process.terminationReason == .uncaughtSignal
    }

    /// Polls `event` every millisecond until it holds or the process has ended; returns the
    /// seconds since the start when it held, or nil.
    public func waitFor(_ event: () -> Bool) -> Double? {
        while process.isRunning {
            if event() { return Date().timeIntervalSince(started) }
            usleep(1_000)
        }
        return nil
    }

    /// Runs `arguments` to the end: how long it took from spawn to exit, its status, and how
    /// long before the end `event` (polled every millisecond) first held — the length of the
    /// phase that starts with it, such as writing.
    public static func measure(
        _ arguments: [String], environment: [String: String] = [:], watching event: () -> Bool = { false }
    ) throws -> (seconds: Double, status: Int32?, phase: Double?) {
        let run = try KillableRun(arguments, environment: environment)
        var at: Double?
        // Polled rather than waited for: waitUntilExit returns some milliseconds late.
        while run.process.isRunning {
            if at == nil, event() { at = Date().timeIntervalSince(run.started) }
            usleep(1_000)
        }
        let seconds = Date().timeIntervalSince(run.started)
        let status = run.wait()
        return (seconds, status, at.map { seconds - $0 })
    }
}

/// Counts of what the kills of a test hit, printed at its end (a note, not an assertion).
public struct KillTally: CustomStringConvertible {
    public private(set) var counts: [String: Int] = [:]
    public init() {}
    public mutating func add(_ outcome: String) { counts[outcome, default: 0] += 1 }
    public var description: String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}

extension Repository {
    /// Every name in `folder`, dot files included, sorted; [] when it does not exist.
    public static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

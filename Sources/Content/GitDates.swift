import Foundation

/// First and last commit times of every file under a folder, from one `git log` pass.
///
/// Journals without `created`/`updated` take their dates from history, never from the build's
/// clock; a file git doesn't know falls back to its modification time.
struct GitDates {
    struct Span {
        var first: Date
        var last: Date
    }

    /// Site-relative path → commit span.
    private(set) var spans: [String: Span] = [:]

    /// Runs `git log` once in `siteRoot` for `folder` (site-relative). No git, not a repository,
    /// or no history: an empty table.
    init(siteRoot: URL, folder: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "git", "-c", "core.quotepath=off", "log", "--format=@@%ct", "--name-only", "--no-renames",
            "--relative", "--", folder,
        ]
        process.currentDirectoryURL = siteRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return }
        var time: Date?
        // Newest commit first: the first time seen for a file is its last commit, the final one its first.
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("@@") {
                time = Double(line.dropFirst(2)).map { Date(timeIntervalSince1970: $0) }
            } else if let time {
                let path = String(line)
                if var span = spans[path] {
                    span.first = min(span.first, time)
                    span.last = max(span.last, time)
                    spans[path] = span
                } else {
                    spans[path] = Span(first: time, last: time)
                }
            }
        }
    }
}

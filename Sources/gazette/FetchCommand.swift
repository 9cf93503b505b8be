import ArgumentParser
import Content
import Foundation
import GazetteModel
import Ingest

/// Options of the commands that go to the network.
struct NetworkOptions: ParsableArguments {
    @Option(name: .long, help: "Seconds a whole request may take (connecting: at most 5).")
    var timeout: Double = 30

    @Option(name: .long, help: "Extra attempts after a timeout or a server error.")
    var retries: Int = 2

    @Option(name: .long, help: "Requests in flight at once.")
    var jobs: Int = 4

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds") }
        guard (0...10).contains(retries) else { throw ValidationError("--retries must be between 0 and 10") }
        guard (1...32).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 32") }
    }

    var settings: NetworkSettings { Self.settings(timeout: timeout, retries: retries, jobs: jobs) }

    /// The settings the options' defaults give, for a command that fetches without the options.
    static var defaults: NetworkSettings { settings(timeout: 30, retries: 2, jobs: 4) }

    private static func settings(timeout: Double, retries: Int, jobs: Int) -> NetworkSettings {
        var settings = NetworkSettings()
        settings.requestTimeout = timeout
        settings.connectTimeout = min(5, timeout)
        settings.retries = retries
        settings.concurrency = jobs
        settings.userAgent = NetworkSettings.userAgent(version: Gazette.configuration.version)
        return settings
    }
}

/// Loads `gazette.yml` for a command, printing its warnings; exits 1 on errors.
func loadConfig(_ root: URL, console: Console) throws -> SiteConfig {
    let (config, diagnostics) = ConfigLoader.load(siteRoot: root)
    console.report(diagnostics)
    guard let config else { throw ExitCode(1) }
    return config
}

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch articles from the configured sources into content/articles/.",
        discussion: """
            Keys come from the environment only: NAVER_CLIENT_ID and NAVER_CLIENT_SECRET, NEWSAPI_KEY, \
            MEDIASTACK_KEY; a source without its key is skipped. Exit status: 0 when every source succeeded, \
            3 when some failed (what succeeded is stored), 1 for errors in the config or the store.
            """ + "\n\n" + Docs.see("guides/fetching-news.md"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Option(name: .long, help: "Only this source: naver, newsapi, mediastack, feeds or a feed's name. Repeatable.")
    var source: [String] = []

    @Option(name: .long, help: "Only this configured query.")
    var query: String?

    @Flag(name: .long, help: "Fetch and report, but write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Also fill missing images and descriptions of stored articles from their pages, and make missing thumbnails.")
    var enrich = false

    @Flag(name: .long, help: "Download no article image: make no thumbnail.")
    var noThumbnails = false

    func run() async throws {
        let console = Console(quiet: global.quiet)
        let config = try loadConfig(global.siteRoot, console: console)
        var request = FetchRequest()
        request.thumbnails = !noThumbnails
        request.sources = source
        request.query = query
        request.dryRun = dryRun
        request.enrich = enrich
        request.network = network.settings
        let progress = FetchProgress(console: console, verbose: global.verbose)
        let started = Date()
        let report: FetchReport
        do {
            report = try await Ingest.Fetch.run(
                request, config: config, siteRoot: global.siteRoot, environment: ProcessInfo.processInfo.environment,
                events: { progress.handle($0) })
        } catch {
            progress.finish()
            console.report(error.diagnostics)
            throw ExitCode(1)
        }
        progress.finish()
        for row in report.rows {
            if row.status == .failed, let message = row.message { console.report([.error(message)]) }
            if row.status == .skipped, let message = row.message { console.report([.warning(message)]) }
            console.report(row.warnings.map { .warning("\(row.job): \($0)") })
        }
        console.report(report.warnings.map { .warning($0) })
        console.summary(FetchProgress.table(report.rows))
        let new = report.rows.reduce(0) { $0 + $1.new }, updated = report.rows.reduce(0) { $0 + $1.updated }
        var written = report.written
        if !report.thumbnails.isEmpty { written.append("\(count(report.thumbnails.count, "thumbnail")) in \(ArticleThumbnails.folder)/") }
        var changes: [String] = []
        if !written.isEmpty { changes.append((dryRun ? "would write " : "wrote ") + written.joined(separator: ", ")) }
        if !report.removedThumbnails.isEmpty {
            changes.append((dryRun ? "would delete " : "deleted ") + count(report.removedThumbnails.count, "unused thumbnail"))
        }
        let files = changes.isEmpty ? "no file changed" : changes.joined(separator: ", ")
        console.summary(
            "\(dryRun ? "Dry run: " : "")\(count(new, "new article")), \(updated) updated, \(count(report.requests, "request")) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s; \(files).")
        if report.failed { throw ExitCode(3) }
    }
}

/// Live progress of a fetch: on a terminal one status line redrawn in place, per source;
/// otherwise one plain line per finished query. `--quiet` shows neither; `--verbose` adds
/// every request (with keys redacted).
final class FetchProgress: Sendable {
    private let console: Console
    private let verbose: Bool
    private let live: Bool
    /// What has been seen and whether a status line is on screen; writing to the terminal happens
    /// under the lock too, so lines from two sources never interleave.
    private let state = Locked(State())

    fileprivate struct State {
        var found: [String: Int] = [:]
        var running: [String: Int] = [:]
        var failed: Set<String> = []
        var order: [String] = []
        var perJob: [FetchJob: Int] = [:]
        var requests = 0
        var drawn = false
    }

    init(console: Console, verbose: Bool) {
        self.console = console
        self.verbose = verbose
        live = !console.quiet && isatty(STDERR_FILENO) == 1
    }

    /// Groups feeds under one name in the live line.
    private func group(_ job: FetchJob) -> String { job.source.hasPrefix("feed:") ? "feeds" : job.source }

    func handle(_ event: FetchEvent) {
        state.withLock { state in
            switch event {
            case .started(let job):
                let name = group(job)
                if !state.order.contains(name) { state.order.append(name) }
                state.running[name, default: 0] += 1
            case .progress(let job, let count):
                state.found[group(job), default: 0] += count - (state.perJob[job] ?? 0)
                state.perJob[job] = count
            case .finished(let row):
                let name = group(row.job)
                state.running[name, default: 1] -= 1
                state.found[name, default: 0] += row.found - (state.perJob[row.job] ?? 0)
                state.perJob[row.job] = row.found
                if row.status == .failed { state.failed.insert(name) }
                if !live && !console.quiet {
                    let what: String =
                        switch row.status {
                        case .failed: "failed"
                        case .notModified: "not modified"
                        case .skipped: "skipped"
                        case .ok:
                            switch row.job.source {
                            case "enrich": "\(row.updated) filled"
                            case "images": "\(row.thumbnails) of \(row.found) with thumbnails"
                            default: "\(row.found) found"
                            }
                        }
                    Self.write("\(row.job): \(what)\n")
                }
            case .request(let record):
                state.requests += 1
                if verbose && !console.quiet {
                    let outcome = record.status.map { "\($0)" } ?? (record.error ?? "no answer")
                    state.clearLine()
                    Self.write("GET \(record.url) → \(outcome) (\(String(format: "%.2f", record.seconds)) s\(record.attempt > 1 ? ", attempt \(record.attempt)" : ""))\n")
                }
            }
            if live { state.redraw() }
        }
    }

    func finish() {
        state.withLock { $0.clearLine() }
    }

    fileprivate static func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    /// The summary: source, query, new, updated, status.
    static func table(_ rows: [FetchReport.Row]) -> String {
        var lines = [["source", "query", "new", "updated", "status"]]
        for row in rows {
            let status: String =
                switch row.status {
                case .ok: row.warnings.isEmpty ? "ok" : "ok (\(count(row.warnings.count, "warning")))"
                case .notModified: "not modified"
                case .skipped: "skipped (no key)"
                case .failed: "failed"
                }
            // The images row's "new" is the articles that got thumbnails.
            let new = row.job.source == "images" ? row.thumbnails : row.new
            lines.append([row.job.source, row.job.query ?? "-", "\(new)", "\(row.updated)", status])
        }
        let widths = (0..<5).map { column in lines.map { $0[column].displayWidth }.max() ?? 0 }
        return lines.map { line in
            line.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.displayWidth)
                return column == 2 || column == 3 ? pad + cell : (column == 4 ? cell : cell + pad)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

extension FetchProgress.State {
    mutating func redraw() {
        let parts = order.map { name -> String in
            let mark = (running[name] ?? 0) > 0 ? "…" : (failed.contains(name) ? "✗" : "✓")
            return "\(name) \(found[name] ?? 0)\(mark)"
        }
        FetchProgress.write("\r\u{1B}[Kfetching: \(parts.joined(separator: "  ")) · \(requests) requests")
        drawn = true
    }

    mutating func clearLine() {
        if drawn {
            FetchProgress.write("\r\u{1B}[K")
            drawn = false
        }
    }
}

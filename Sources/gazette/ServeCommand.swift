import ArgumentParser
import Foundation
import GazetteModel
import Serve

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve on 127.0.0.1, rebuild on change and reload open pages.",
        discussion: """
            Builds into .gazette/serve/ (not public/), watches gazette.yml, content/, templates/ and static/, \
            and rebuilds on every save. Open pages reload when they change; a failed build is shown in \
            the page and here, and the last good site keeps being served. Stop with Ctrl-C.
            """ + "\n\n" + Docs.see("getting-started.md"))

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Port to listen on (0: any free port).")
    var port: Int = 8000

    @Option(name: .long, help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "Folder to build into (default: .gazette/serve/ in the site).")
    var output: String?

    @Flag(name: .long, help: "Include journals marked draft: true.")
    var drafts = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let console = Console(quiet: global.quiet)
        let verbose = global.verbose
        let options = ServeOptions(
            siteRoot: global.siteRoot,
            output: output.map(commandLineURL),
            host: host, port: port, includeDrafts: drafts)
        // Warnings a rebuild repeats from the build before are counted, not printed again: a site
        // with a thousand journals linking unstored articles would scroll the one that matters
        // (from the file just saved) out of sight on every save.
        let shown = Locked<Set<Diagnostic>>([])
        let session = Task {
            try await ServeSession.run(options) { event in
                switch event {
                case .listening(let url, let network):
                    let others = network.isEmpty ? "" : " and on your network at \(network.map(\.absoluteString).joined(separator: ", "))"
                    console.summary("Serving \(options.output.path) at \(url.absoluteString)\(others) — watching for changes, Ctrl-C to stop")
                case .built(let report, let seconds, let reused, let parsed, let trigger):
                    let earlier = shown.withLock { earlier in
                        defer { earlier = Set(report.diagnostics) }
                        return earlier
                    }
                    let fresh = report.diagnostics.filter { $0.severity == .error || !earlier.contains($0) }
                    console.report(fresh)
                    let repeated = report.diagnostics.count - fresh.count
                    let pages = report.files.filter { $0.hasSuffix(".html") }.count
                    let cause = trigger.isEmpty ? "Built" : "Rebuilt after \(Self.describe(trigger))"
                    var line = "\(cause): \(count(pages, "page")), \(count(report.changed.count, "file")) changed, in \(String(format: "%.0f", seconds * 1000)) ms"
                    if verbose { line += " (\(parsed) parsed, \(reused) reused, \(report.reused) files in place)" }
                    if repeated > 0 && !global.quiet { line += "; \(count(repeated, "earlier warning")) still \(repeated == 1 ? "applies" : "apply")" }
                    console.summary(line)
                    if verbose {
                        for step in report.steps { console.say(step.line) }
                    }
                case .failed(let diagnostics, let trigger):
                    console.report(diagnostics)
                    let errors = diagnostics.filter { $0.severity == .error }.count
                    let cause = trigger.isEmpty ? "" : " after \(Self.describe(trigger))"
                    console.summary("Build failed\(cause): \(count(errors, "error")); still serving the last good site.")
                }
            }
        }
        // Ctrl-C and SIGTERM stop the server cleanly, even when the shell started us with SIGINT
        // ignored (as background jobs are).
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { session.cancel() }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        try await console.exitOnDiagnostics {
            do {
                try await session.value
            } catch is CancellationError {
                console.summary("Stopped.")
            } catch where !(error is DiagnosticsError) {
                console.report([Self.bindFailure(error, host: host, port: port)])
                throw ExitCode(1)
            }
        }
    }

    /// What a failure to listen means, in words (NIO's errors read
    /// `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`).
    static func bindFailure(_ error: any Error, host: String, port: Int) -> Diagnostic {
        let text = "\(error)"
        let (problem, hint): (String, String) =
            if text.contains("Address already in use") || text.contains("errno: 98") {
                ("port \(port) is already in use by another program (another gazette serve?)", "pass --port N, or --port 0 for any free port")
            } else if text.contains("Permission denied") || text.contains("errno: 13") {
                ("this user may not listen on port \(port)", "use a port above 1023, such as --port 8000")
            } else if text.contains("Cannot assign requested address") || text.contains("errno: 99") {
                ("no network interface of this machine has the address \(host)", "use --host 127.0.0.1, or --host 0.0.0.0 for every interface")
            } else if text.contains("UnknownHost") || text.contains("unknownHost") {
                ("'\(host)' is not an address or a host name this machine knows", "use --host 127.0.0.1, or --host 0.0.0.0 for every interface")
            } else {
                ("the server stopped: \(text)", "run it again; if it keeps failing, report it with this message")
            }
        return .error("cannot serve on \(host):\(port): \(problem)", hint: hint)
    }

    static func describe(_ trigger: [String]) -> String {
        let shown = trigger.filter { !$0.isEmpty }
        guard let first = shown.first else { return "a change" }
        return shown.count == 1 ? first : "\(first) and \(shown.count - 1) more"
    }
}

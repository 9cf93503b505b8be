import Content
import Foundation
import GazetteModel
import Pipeline
import Output

/// What `gazette serve` is asked to do.
public struct ServeOptions: Sendable {
    public var siteRoot: URL
    /// Where the served build goes. The default, `.gazette/serve/`, keeps `public/` (and its
    /// real base URL) for `gazette build`.
    public var output: URL
    public var host: String
    public var port: Int
    public var includeDrafts: Bool

    public init(siteRoot: URL, output: URL? = nil, host: String = "127.0.0.1", port: Int = 8000, includeDrafts: Bool = false) {
        self.siteRoot = siteRoot
        self.output = output ?? SiteLayout(siteRoot: siteRoot).serveOutput
        self.host = host
        self.port = port
        self.includeDrafts = includeDrafts
    }
}

/// What the session tells the terminal.
public enum ServeEvent: Sendable {
    /// The server is listening; pages are at `url`, and from other machines at `network` (each
    /// interface's address, when the server listens on all of them).
    case listening(URL, network: [URL])
    /// A build succeeded. `trigger` lists the site files whose change caused it (empty for the
    /// first build); `report.changed` the output files rewritten or deleted.
    case built(BuildReport, seconds: Double, reused: Int, parsed: Int, trigger: [String])
    /// A build failed; the last good site is still served and open pages show `diagnostics`.
    case failed([Diagnostic], trigger: [String])
}

/// `gazette serve`: serve the output folder, build into it, then rebuild on every change to the
/// site and tell open pages to reload.
///
/// Rebuilds are incremental where that is safe: unchanged journal and week files are not parsed
/// again (`ContentMemo`), and only output files whose bytes changed are rewritten, so pages
/// that did not change do not reload. Pages depend on every journal (boards, tags, weeks), so
/// rendering itself always runs in full; at this site's size it takes tens of milliseconds.
public enum ServeSession {
    public static func run(_ options: ServeOptions, report: @escaping @Sendable (ServeEvent) -> Void) async throws {
        // Outside a site there is nothing to serve or watch: say so and write nothing (no
        // `.gazette/` left behind). A broken gazette.yml is served, its errors shown over the page.
        guard FileManager.default.fileExists(atPath: options.siteRoot.appendingPathComponent(SiteLayout.config).path) else {
            throw DiagnosticsError(ConfigLoader.load(siteRoot: options.siteRoot).diagnostics)
        }
        let live = LiveReload()
        let watcher = try SiteWatcher(siteRoot: options.siteRoot)
        // Refuse a bad output folder before anything listens.
        let output = try OutputFolder(options.output, siteRoot: options.siteRoot)
        // Held for the whole session: serve writes the folder on every change, and a
        // `gazette build` into it meanwhile would swap the folder out from under the server.
        let lock = try output.lock(purpose: "serve", wait: 120)
        defer { lock.release() }
        try FileManager.default.createDirectory(at: options.output, withIntermediateDirectories: true)
        let builder = Rebuilder(options: options)
        let server = DevServer(folder: options.output, live: live) { path in await builder.deferred.make(path) }
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await server.run(host: options.host, port: options.port) { port in
                        portContinuation.yield(port)
                        portContinuation.finish()
                    }
                } catch {
                    portContinuation.finish()
                    throw error
                }
            }
            var boundPort: Int?
            for await port in ports { boundPort = port }
            guard let port = boundPort else {
                try await group.next()
                return
            }
            // Listening on every interface, the site is opened at a real address: this machine's
            // loopback, or one of its interfaces' from a phone. "0.0.0.0" is neither, so pages
            // are built for loopback and their canonical links name base_url when it is set.
            let wildcard = LANAddresses.isWildcard(options.host)
            let shownHost = wildcard ? "127.0.0.1" : options.host
            let hostPart = shownHost.contains(":") ? "[\(shownHost)]" : shownHost
            guard let base = URL(string: "http://\(hostPart):\(port)/") else { return }
            let network = wildcard ? LANAddresses.ipv4().compactMap { URL(string: "http://\($0):\(port)/") } : []
            let buildBase = wildcard ? (ConfigLoader.load(siteRoot: options.siteRoot).config?.baseURL ?? base) : base

            await builder.build(trigger: [], baseURL: buildBase, live: live, report: report)
            report(.listening(base, network: network))

            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(15))
                    await live.ping()
                }
            }
            group.addTask {
                for await burst in watcher.changes() {
                    await builder.build(trigger: burst, baseURL: buildBase, live: live, report: report)
                }
                // Serving on without watching would leave every page stale without a word.
                if let failure = watcher.failure { throw SiteWatcher.WatchError.unavailable(failure) }
            }
            try await group.next()
            group.cancelAll()
            await live.close()
        }
    }
}

/// Builds into the served folder, one build at a time, with parsed files and measured cards
/// kept between builds. Pages are written and announced first; then the search index and page
/// are made and written in the background. A newer save supersedes them: the index stops at its
/// next step, its files are not written, and the newer build's own index follows it. A build
/// and an index's writing never update the folder at once (`folder`). Week packets and mail
/// previews are made only when asked for (`DeferredShelf`).
private struct Rebuilder: Sendable {
    let options: ServeOptions
    /// Everything one build makes that the next can take, kept from save to save.
    let memory = BuildMemory()
    let deferred: DeferredShelf
    /// The search index and page of the last build, made after its pages were announced, and
    /// whether a newer build has superseded them.
    let searchWrite = Locked<SearchWrite?>(nil)
    /// Held by a build while it runs, and by the search files while they are written: a build
    /// keeps the files the last write recorded, so neither may update the folder beside the other.
    let folder = DispatchSemaphore(value: 1)

    init(options: ServeOptions) {
        self.options = options
        deferred = DeferredShelf(output: options.output, written: memory.written)
    }

    func build(trigger: [String], baseURL: URL, live: LiveReload, report: @escaping @Sendable (ServeEvent) -> Void) async {
        let started = Date()
        // The last build's index is out of date now: it stops at its next step, and this build
        // does not wait for it, only for its files if they are being written (waiting for the
        // index held a save that came within half a second of the last one for the rest of a
        // real-Korean index, 0.3-0.4 s).
        let last = searchWrite.withLock { $0 }
        last?.supersede()
        // The watcher's paths: journals outside them are not read again. The first build (no
        // trigger) reads everything.
        memory.noteChanges(trigger.isEmpty ? nil : trigger)
        let buildOptions = BuildOptions(
            siteRoot: options.siteRoot, output: options.output, baseURL: baseURL, drafts: options.includeDrafts ? .shown : .leftOut, sink: .inPlace(memory),
            scheduled: .labelled(now: Date()))
        do {
            // Off the cooperative pool: a build is seconds of blocking work on a big site.
            let result = try await Self.offPool { [folder] in
                folder.wait()
                defer { folder.signal() }
                return try SiteBuilder.build(buildOptions)
            }
            let counts = memory.lastBuild
            let seconds = Date().timeIntervalSince(started)
            // Pages hear of the change first: the report then sorts out which of the warnings
            // (2,000 on the bench site) are new, and the reload need not wait for that.
            await live.built(changed: result.changed)
            report(.built(result, seconds: seconds, reused: counts.reused, parsed: counts.parsed, trigger: trigger))
            let search = result.deferredSearch.map { writeSearch($0, after: last, live: live, report: report, trigger: trigger) }
            searchWrite.withLock { $0 = search }
            await deferred.replace(with: result.deferredFiles)
        } catch {
            // The folder still holds the last good site: its index, superseded for nothing, is
            // written after all.
            let search = last.map { writeSearch($0.deferred, after: last, live: live, report: report, trigger: $0.trigger) }
            searchWrite.withLock { $0 = search }
            if let error = error as? DiagnosticsError {
                report(.failed(error.diagnostics, trigger: trigger))
                let errors = error.diagnostics.filter { $0.severity == .error }
                await live.failed(errors.map(\.rendered).joined(separator: "\n\n"))
            } else {
                let diagnostic = Diagnostic.error("the build failed: \(error)")
                report(.failed([diagnostic], trigger: trigger))
                await live.failed(diagnostic.rendered)
            }
        }
    }

    /// The search index and page of a build being made and written, after the reload event.
    struct SearchWrite: Sendable {
        let deferred: DeferredSearch
        let trigger: [String]
        let task: Task<Void, Never>
        let superseded: Locked<Bool>

        /// Stops the index at its next step, and its files from being written.
        func supersede() {
            superseded.withLock { $0 = true }
            task.cancel()
        }
    }

    /// Makes `deferred`'s index and page once `searchDelay` has passed and the `last` index has
    /// stopped, and writes them unless a newer build supersedes them meanwhile.
    private func writeSearch(
        _ deferred: DeferredSearch, after last: SearchWrite?, live: LiveReload, report: @escaping @Sendable (ServeEvent) -> Void,
        trigger: [String]
    ) -> SearchWrite {
        let superseded = Locked(false)
        let task = Task.detached(priority: .userInitiated) { [folder] in
            // The open pages fetch what changed first: begun at once, the index (both cores
            // for tens of milliseconds on a real-Korean site) held back the reload event's
            // delivery and the page's request behind it.
            do {
                try await Task.sleep(for: Self.searchDelay)
                // One index at a time: the last one is stopped by now, or nearly.
                await last?.task.value
                let isSuperseded = { @Sendable in superseded.withLock { $0 } }
                let changed = try await Self.offPool {
                    let files = try deferred.make(unless: isSuperseded)
                    folder.wait()
                    defer { folder.signal() }
                    // A newer build may have run while the files were made: they are stale.
                    if isSuperseded() { throw CancellationError() }
                    return try deferred.commit(files)
                }
                // Not a build: after a failed one this is the last good build's index, and the
                // error stays up (a `reload` here cleared it while the site was still broken).
                if !changed.isEmpty { await live.updated(changed: changed) }
            } catch is CancellationError {
                // A newer save's build supersedes this index; its own index follows it.
            } catch {
                report(.failed([Diagnostic.error("the search index could not be written: \(error)")], trigger: trigger))
            }
        }
        return SearchWrite(deferred: deferred, trigger: trigger, task: task, superseded: superseded)
    }

    /// How long the search files wait after the reload event.
    static let searchDelay = Duration.milliseconds(150)

    /// Runs blocking work on a Dispatch worker, not on a thread of Swift's cooperative pool.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// The slow files of the last build (`DeferredFile`: the week packets), made when the served
/// folder is asked for one, not after every save: a busy week's packet is seconds of work on
/// every core, and typeset in the background it took them from the next save's build (a save's
/// page came 1–2 s late on a 2,000-journal fortnight). A file whose key is what was last written
/// is served as it is; a request for one being made waits for it; a save that changes a file
/// cancels its making, and a request waiting for it then makes the new one.
actor DeferredShelf {
    private let output: URL
    private let written: WrittenKeys
    private var latest: [String: DeferredFile] = [:]
    private var running: [String: (key: Fingerprint, task: Task<Outcome, Never>)] = [:]

    enum Outcome: Sendable { case written, cancelled, failed }

    init(output: URL, written: WrittenKeys) {
        self.output = output
        self.written = written
    }

    /// The slow files a build left; making one whose key changed stops.
    func replace(with files: [DeferredFile]) {
        latest = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
        for (path, run) in running where latest[path]?.key != run.key { run.task.cancel() }
    }

    /// Makes `path` current if it is a slow file of the last build: returns once it is written
    /// (or failed: the request then finds the last file written, or none).
    func make(_ path: String) async {
        while let packet = latest[path], written.key(of: path) != packet.key {
            let run: (key: Fingerprint, task: Task<Outcome, Never>)
            if let current = running[path], current.key == packet.key {
                run = current
            } else {
                run = (packet.key, Self.typeset(packet, into: output, recordingIn: written))
                running[path] = run
            }
            let outcome = await run.task.value
            if running[path]?.key == run.key { running[path] = nil }
            guard outcome == .cancelled else { return }
        }
    }

    /// Makes a file off the cooperative pool and replaces the served one atomically; a
    /// cancelled task stops soon (a packet between journals and pages).
    private static func typeset(_ packet: DeferredFile, into output: URL, recordingIn written: WrittenKeys) -> Task<Outcome, Never> {
        Task.detached(priority: .userInitiated) {
            let stop = Locked(false)
            return await withTaskCancellationHandler {
                do {
                    try await Rebuilder.offPool {
                        let data = try packet.makeUnless { stop.withLock { $0 } }
                        let file = output.appendingPathComponent(packet.path)
                        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                        // The served folder is remade by every serve: nothing in it needs flushing.
                        try AtomicFile.write(data, to: file, durable: false)
                    }
                    written.record(packet.path, key: packet.key)
                    return .written
                } catch is CancellationError {
                    return .cancelled
                } catch {
                    return stop.withLock { $0 } ? .cancelled : .failed
                }
            } onCancel: {
                stop.withLock { $0 = true }
            }
        }
    }
}

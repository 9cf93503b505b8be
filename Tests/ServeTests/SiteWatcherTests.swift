import Foundation
import Testing
import TestSupport

@testable import Serve

@Suite("Watching a site for changes")
struct SiteWatcherTests {
    @Test func editsNewFoldersAndTheConfigAreSeenAndScratchFilesAreNot() async throws {
        let site = try TemporaryFolder("watch")
        try site.write("gazette.yml", "title: T\n")
        try site.write("content/journals/a.md", "---\ntitle: A\n---\n")
        try site.write("public/index.html", "built")
        // Each step below is one burst: `settle` as long as `quiet`, so a step's files (a folder
        // and the file in it; a write, a delete and a rename) are not split by a loaded machine.
        let changes = try Watching(site, quiet: 0.05, settle: 0.05)

        try site.write("content/journals/a.md", "---\ntitle: A2\n---\n")
        // Bound first, so a failure shows what came instead (once, under make test with two
        // busy loops, it was not this burst; what it was went unrecorded).
        let first = await changes.next()
        #expect(first == ["content/journals/a.md"], "\(String(describing: first))")

        // A folder made after the watch started is watched too.
        try site.write("content/journals/2026-12/b.md", "---\ntitle: B\n---\n")
        let burst = await changes.next() ?? []
        #expect(burst.contains("content/journals/2026-12"))
        try site.write("content/journals/2026-12/b.md", "---\ntitle: B2\n---\n")
        #expect(await changes.next() == ["content/journals/2026-12/b.md"])

        // Output, editor scratch files and unrelated root files cause nothing; the config does.
        try site.write("public/index.html", "rebuilt")
        try site.write("content/journals/.a.md.swp", "x")
        try site.write("content/journals/a.md~", "x")
        try site.write("notes.txt", "x")
        try site.write("gazette.yml", "title: T2\n")
        #expect(await changes.next() == ["gazette.yml"])

        // A save by rename (what many editors do) is one burst naming the file.
        try site.write("content/journals/.tmp-a", "---\ntitle: A3\n---\n")
        try FileManager.default.removeItem(at: site.url.appendingPathComponent("content/journals/a.md"))
        try FileManager.default.moveItem(
            at: site.url.appendingPathComponent("content/journals/.tmp-a"), to: site.url.appendingPathComponent("content/journals/a.md"))
        let renamed = await changes.next() ?? []
        #expect(renamed.contains("content/journals/a.md"))
    }

    /// A closed file ends its burst after `settle`, without waiting out `quiet` (here longer than
    /// the test may run), but not while another file is still open for writing: that one holds
    /// the burst until it is closed too. (The burst's limit is as long as `quiet` here: with the
    /// default second, a loaded machine that resumed the test's sleeps late ended the burst while
    /// b.md was still open, and its close then made a burst of its own.)
    @Test func aFinishedWriteEndsTheBurstButAnOpenOneHoldsIt() async throws {
        let site = try TemporaryFolder("watch-settle")
        try site.write("content/journals/a.md", "---\ntitle: A\n---\n")
        let changes = try Watching(site, quiet: 3600, settle: 0.01, limit: 3600)

        try site.write("content/journals/a.md", "---\ntitle: A2\n---\n")
        #expect(await changes.next() == ["content/journals/a.md"])

        // b.md is opened and written, not closed; c.md is written and closed meanwhile.
        let b = try site.write("content/journals/b.md", "")
        #expect(await changes.next() == ["content/journals/b.md"])
        let handle = try FileHandle(forWritingTo: b)
        try handle.write(contentsOf: Data("---\ntitle: B\n---\n".utf8))
        try await Task.sleep(for: .milliseconds(300))
        try site.write("content/journals/c.md", "---\ntitle: C\n---\n")
        try await Task.sleep(for: .milliseconds(300))
        try handle.write(contentsOf: Data("More.\n".utf8))
        try handle.close()
        #expect(await changes.next() == ["content/journals/b.md", "content/journals/c.md"])
        // Nothing of b.md was left for a burst of its own: the next one is d.md alone.
        try site.write("content/journals/d.md", "---\ntitle: D\n---\n")
        #expect(await changes.next() == ["content/journals/d.md"])
    }

    /// A file held open for writing holds its burst back for `limit` at most. The file exists
    /// before the watch starts, so the held write is the only burst there can be (made by the
    /// test, it split in two on a loaded machine: its create ended at the limit, its close made a
    /// burst of its own, and that one could answer for the held write).
    @Test func aFileHeldOpenEndsItsBurstAtTheLimit() async throws {
        let site = try TemporaryFolder("watch-limit")
        let file = try site.write("content/journals/open.md", "")
        let changes = try Watching(site, quiet: 3600, settle: 0.01, limit: 0.2)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("---\ntitle: Open\n---\n".utf8))
        // Never closed while the test waits: only the limit can end this burst (the watchdog
        // would end the stream, and the test, with nil).
        let held = await changes.next()
        #expect(held == ["content/journals/open.md"], "\(String(describing: held))")
    }

    /// A descriptor taken from under the watcher (another library's double close can do that,
    /// and the number is then reused) ends the stream with the reason, instead of a silent spin
    /// that misses every save. /dev/null is put in its place, not a close, so that the
    /// watcher's own close later closes nothing another test owns.
    @Test func aDescriptorTakenFromUnderTheWatcherEndsTheStreamAndSaysWhy() async throws {
        let site = try TemporaryFolder("watch-broken")
        try site.write("content/journals/a.md", "---\ntitle: A\n---\n")
        let changes = try Watching(site, quiet: 0.05, settle: 0.01)
        let watcher = changes.watcher
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(null >= 0)
        defer { close(null) }
        try #require(dup2(null, watcher.descriptor) == watcher.descriptor)
        // Without the check the watcher would spin until the watchdog stopped it, no failure set.
        #expect(await changes.next() == nil)
        #expect(watcher.failure != nil)
    }

    @Test func sourceNamesEndASaveAndTemporaryOnesDoNot() {
        for name in ["a.md", "2026-W47.jsonl", "gazette.yml", "page.mustache", "style.css", "A.MD"] { #expect(SiteWatcher.isSource(name), "\(name)") }
        for name in [".dat.nosync1a2b.x3", "a.md.tmp", "a.md___jb_tmp___", ".goutputstream-AB12", "4913", "a.md~", "README"] {
            #expect(!SiteWatcher.isSource(name), "\(name)")
        }
    }

    @Test func editorScratchNames() {
        for name in [".#a.md", "a.md~", ".a.md.swp", ".a.md.swx", "4913", ".x.tmp"] { #expect(SiteWatcher.isEditorScratch(name), "\(name)") }
        for name in ["a.md", "2026-W47.jsonl", "style.css", "tmp.md"] { #expect(!SiteWatcher.isEditorScratch(name), "\(name)") }
    }
}

/// A watcher on a site, stopped by a watchdog after 300 s and when released. Stopping ends the
/// stream, so a missed event fails a test instead of hanging it. The limit is generous: the tests
/// await on the cooperative pool, which other suites' long synchronous builds can hold for tens
/// of seconds on a loaded 2-core machine (30 s for a whole test once ran out there, and its last
/// burst was then reported as missing).
final class Watching {
    let watcher: SiteWatcher
    private var changes: AsyncStream<[String]>.Iterator
    private let watchdog: Task<Void, any Error>

    init(_ site: TemporaryFolder, quiet: TimeInterval, settle: TimeInterval, limit: TimeInterval = 1) throws {
        let watcher = try SiteWatcher(siteRoot: site.url)
        self.watcher = watcher
        changes = watcher.changes(quiet: quiet, settle: settle, limit: limit).makeAsyncIterator()
        watchdog = Task {
            try await Task.sleep(for: .seconds(300))
            watcher.stop()
        }
    }

    deinit {
        watchdog.cancel()
        watcher.stop()
    }

    /// The next burst, or nil once stopped.
    func next() async -> [String]? { await changes.next() }
}

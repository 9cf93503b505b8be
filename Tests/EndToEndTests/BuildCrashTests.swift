import Foundation
import Output
import Site
import Testing
import TestSupport

/// Issue 13, point 3, for the site: `gazette build` killed with SIGKILL at random moments, two
/// builds at once, and writes that fail (file-size limit, read-only folder, a full file system).
/// The output is always the old site or the new one, byte for byte; a failure says what
/// happened and where; after the next build nothing is left beside the output.
@Suite(.serialized) struct BuildCrashTests {
    static func leftovers(_ parent: URL) throws -> [String] {
        // `.public.previous` is no debris: it is the site before last, kept for the next build.
        try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".public.") && $0 != ".public.previous" }.sorted()
    }

    static func isWholeSite(_ output: URL) -> Bool {
        ["index.html", "feed.xml", "sitemap.xml", "404.html", "archive/index.html"].allSatisfy {
            FileManager.default.fileExists(atPath: output.appendingPathComponent($0).path)
        }
    }

    /// The example site's config with another title: every page and packet changes with it.
    static func setTitle(_ title: String, in site: URL) throws {
        let file = site.appendingPathComponent("gazette.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let line = text.split(separator: "\n", omittingEmptySubsequences: false).first(where: { $0.hasPrefix("title:") }) else {
            Issue.record("gazette.yml has no title line")
            return
        }
        try text.replacingOccurrences(of: String(line), with: "title: \(title)").write(to: file, atomically: true, encoding: .utf8)
    }

    /// 60 builds (packets included) killed (SIGKILL) at random moments spread over a timed run, the
    /// input switching between two titles so that the old site and the new differ in every
    /// page: after each kill the output is exactly one of the two, and the next complete build
    /// leaves nothing beside it — no staging or retired folder, no lock file.
    @Test func killedBuildsLeaveTheOldOrTheNewSiteAndTheNextBuildLeavesNoDebris() throws {
        let site = try TemporaryFolder("gazette-kill")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent("public")
        let arguments = ["build", "--site", site.path, "-q"]
        let titles = ["뉴스 스터디 A", "뉴스 스터디 B"]
        var sites: [[String: Data]] = []
        for title in titles {
            try Self.setTitle(title, in: site.url)
            #expect(try GazetteCommand.run(arguments).status == 0)
            sites.append(Repository.snapshot(output))
        }
        #expect(sites[0] != sites[1] && sites.allSatisfy { Self.isWholeSite(output) && !$0.isEmpty })
        var current = 1
        // Six rounds: a complete build, timed (the kills that follow are spread over its
        // length, which on a loaded machine changes from minute to minute, or over its writing,
        // which starts when the staging folder appears) and checked to leave nothing of the
        // kills before it; then 10 kills that land (at most 30 tries).
        var tally = KillTally()
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var lengths: [Double] = []
        let writing = { Repository.names(in: site.url).contains { $0.hasPrefix(".public.staging-") } }
        let started = Date()
        for _ in 0..<6 {
            current = 1 - current
            try Self.setTitle(titles[current], in: site.url)
            let (seconds, status, phase) = try KillableRun.measure(arguments, watching: writing)
            #expect(status == 0)
            #expect(Repository.snapshot(output) == sites[current])
            #expect(try Self.leftovers(site.url) == [])
            lengths.append(seconds)
            var landed = 0
            for attempt in 0..<30 where landed < 10 {
                let target = 1 - current
                try Self.setTitle(titles[target], in: site.url)
                let run = try KillableRun(arguments)
                // Every other kill anywhere in the run, the rest from the staging folder's
                // appearance to the end (writing, swap, clean-up).
                let delay: Double
                if attempt.isMultiple(of: 2) {
                    delay = Double.random(in: 0...seconds, using: &generator)
                } else {
                    delay = (run.waitFor(writing) ?? seconds) + Double.random(in: 0...max(0.005, 0.8 * (phase ?? 0)), using: &generator)
                }
                let killed = run.kill(after: delay)
                let now = Repository.snapshot(output)
                let which = sites.firstIndex(of: now)
                #expect(which != nil, "a killed build left a site that is neither the old nor the new (\(now.count) files)")
                current = which ?? current
                guard killed else {
                    tally.add("finished before the kill")
                    continue
                }
                landed += 1
                let debris = try Self.leftovers(site.url)
                let kinds = Set(debris.map { $0.split(separator: "-").first.map(String.init) ?? $0 }).sorted()
                tally.add((which == target ? "killed after the swap" : "killed before the swap") + (kinds.isEmpty ? "" : " (left \(kinds.joined(separator: ", ")))"))
            }
            kills += landed
        }
        #expect(kills >= 50)
        let killing = Date().timeIntervalSince(started)
        try Self.setTitle(titles[0], in: site.url)
        let last = try GazetteCommand.run(arguments)
        #expect(last.status == 0, "\(last.stderr)")
        let debris = try Self.leftovers(site.url)
        #expect(debris == [], "\(last.stdout)\n\(last.stderr)")
        #expect(Repository.snapshot(output) == sites[0])
        // Not an assertion on chance, only a note of what the kills hit.
        let range = "\(String(format: "%.2f", lengths.min() ?? 0))–\(String(format: "%.2f", lengths.max() ?? 0))"
        print("build kills (a complete build takes \(range) s; \(kills) kills in \(String(format: "%.1f", killing)) s): \(tally)")
    }

    /// Two builds at once: the second waits for the first (the output lock), both succeed,
    /// and one whole site with nothing beside it is the result.
    @Test func twoBuildsAtOnceBothSucceedIntoOneWholeSite() throws {
        let site = try TemporaryFolder("gazette-twice")
        try Repository.copyExampleSite(to: site.url)
        let arguments = ["build", "--site", site.path, "--no-pdf", "-q"]
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            results.add((try? GazetteCommand.run(arguments))?.status ?? -1)
        }
        #expect(results.values == [0, 0])
        #expect(Self.isWholeSite(site.url.appendingPathComponent("public")))
        #expect(try Self.leftovers(site.url) == [])
    }

    /// A build into a folder another build holds waits for it, then builds: here the holder is
    /// this test, which lets go after a while; the build is still waiting then, and succeeds.
    @Test func aBuildWaitsForTheBuildThatHoldsTheFolder() throws {
        let site = try TemporaryFolder("gazette-wait")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent("public")
        let lock = try OutputLock.acquire(output, purpose: "build", wait: 0)
        let run = try KillableRun(["build", "--site", site.path, "--no-pdf", "-q"])
        Thread.sleep(forTimeInterval: 2)
        #expect(!FileManager.default.fileExists(atPath: output.path), "the build wrote while another held the folder")
        lock.release()
        #expect(run.wait() == 0)
        #expect(Self.isWholeSite(output))
        #expect(try Self.leftovers(site.url) == [])
    }

    /// Over the file-size limit (`ulimit -f`) the build is not killed by SIGXFSZ: it says which
    /// file it could not write and why, removes its staging folder, and the site is as it was.
    @Test func aFileSizeLimitLeavesTheSiteAsItWas() throws {
        let site = try TemporaryFolder("gazette-fsize")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent("public")
        let first = try GazetteCommand.run(["build", "--site", site.path, "--no-pdf", "-q"])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let before = Repository.snapshot(output)
        try Self.setTitle("바뀐 제목", in: site.url)
        // 100 blocks of 512 bytes: less than a web font.
        let result = try Sandbox.runWithFileSizeLimit(blocks: 100, ["build", "--site", site.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("error: cannot write "), "\(result.stderr)")
        #expect(
            result.stderr.contains("the file would be larger than the limit on file size for this process (ulimit -f) — raise the limit"),
            "\(result.stderr)")
        #expect(result.stdout.contains("Build failed: 1 error; nothing was written."), "\(result.stdout)")
        #expect(Repository.snapshot(output) == before)
        #expect(try Self.leftovers(site.url) == [])
        let again = try GazetteCommand.run(["build", "--site", site.path, "--no-pdf", "-q"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Repository.snapshot(output) != before)
    }

    /// An output whose folder cannot be written: chmod for an ordinary user; for root, which
    /// ignores permission bits, a read-only bind mount in a private mount namespace. The build
    /// says so, naming the folder, and the site there is as it was.
    @Test(.enabled(if: !Sandbox.isRoot || Sandbox.canMount, "root ignores chmod, and this root cannot make a read-only mount"))
    func aReadOnlyOutputFolderLeavesTheSiteAsItWas() throws {
        let site = try TemporaryFolder("gazette-readonly")
        try Repository.copyExampleSite(to: site.url)
        let parent = try TemporaryFolder("gazette-readonly-out")
        let output = parent.url.appendingPathComponent("public")
        let arguments = ["build", "--site", site.path, "--output", output.path, "--no-pdf"]
        #expect(try GazetteCommand.run(arguments + ["-q"]).status == 0)
        let before = Repository.snapshot(output)
        try Self.setTitle("바뀐 제목", in: site.url)
        let result: Program.Result
        let expected: String
        if Sandbox.isRoot {
            result = try Sandbox.runInMountNamespace(
                "p=\"$1\" g=\"$2\"; shift 2; mount --bind \"$p\" \"$p\" && mount -o remount,bind,ro \"$p\" && exec \"$g\" \"$@\"",
                [parent.path, GazetteCommand.executable.path] + arguments)
            expected = "the file system holding \(parent.path) is read-only"
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: parent.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path) }
            result = try GazetteCommand.run(arguments)
            expected = "permission denied: \(parent.path) is not writable"
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot create the lock file \(parent.path)/.public.lock: \(expected)"), "\(result.stderr)")
        #expect(result.stderr.contains("a build writes its lock and the new site beside the output folder"), "\(result.stderr)")
        #expect(Repository.snapshot(output) == before)
        #expect(try Self.leftovers(parent.url) == [])
    }

    /// A file system with no room left (a full tmpfs in a private mount namespace): the build
    /// says the disk is full, the site is as it was, and with room made the next build
    /// succeeds and leaves nothing beside the output.
    @Test(.enabled(if: Sandbox.canMount, "mounting a small tmpfs needs root with CAP_SYS_ADMIN (ulimit -f covers the same failure)"))
    func aFullFileSystemLeavesTheSiteAsItWas() throws {
        let site = try TemporaryFolder("gazette-full")
        try Repository.copyExampleSite(to: site.url)
        #expect(try GazetteCommand.run(["build", "--site", site.path, "--no-pdf", "-q"]).status == 0)
        let before = Repository.snapshot(site.url.appendingPathComponent("public"))
        try Self.setTitle("바뀐 제목", in: site.url)
        let mount = try TemporaryFolder("gazette-tmpfs")
        let out = try TemporaryFolder("gazette-tmpfs-out")
        let script = """
            mount -t tmpfs -o size=32m tmpfs "$1" || exit 100
            cp -a "$2" "$1/site" || exit 101
            dd if=/dev/zero of="$1/fill" bs=64k 2>/dev/null
            "$3" build --site "$1/site" --no-pdf >"$4/full.out" 2>"$4/full.err"; echo $? >"$4/full.status"
            cp -a "$1/site" "$4/after-full" || exit 102
            rm "$1/fill"
            "$3" build --site "$1/site" --no-pdf -q >"$4/room.out" 2>"$4/room.err"; echo $? >"$4/room.status"
            cp -a "$1/site" "$4/after-room" || exit 103
            """
        let result = try Sandbox.runInMountNamespace(script, [mount.path, site.path, GazetteCommand.executable.path, out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try out.read("full.status") == "1\n")
        let full = try out.read("full.err")
        #expect(full.contains("error: cannot write "), "\(full)")
        #expect(full.contains("the disk is full (no space left on the device)"), "\(full)")
        #expect(try out.read("full.out").contains("Build failed: 1 error; nothing was written."))
        #expect(Repository.snapshot(out.url.appendingPathComponent("after-full/public")) == before)
        #expect(try Self.leftovers(out.url.appendingPathComponent("after-full")) == [])
        #expect(try out.read("room.status") == "0\n", "\((try? out.read("room.err")) ?? "")")
        let rebuilt = Repository.snapshot(out.url.appendingPathComponent("after-room/public"))
        #expect(rebuilt != before && Self.isWholeSite(out.url.appendingPathComponent("after-room/public")))
        #expect(try Self.leftovers(out.url.appendingPathComponent("after-room")) == [])
    }
}

final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int32] = []
    func add(_ value: Int32) { lock.withLock { list.append(value) } }
    var values: [Int32] { lock.withLock { list } }
}

import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

/// Issue 13, point 3, for the store: `gazette fetch` killed with SIGKILL at random moments, two
/// fetches of one site at once, and writes that fail (file-size limit, read-only folder, a full
/// file system). The store is always old or new file by file, never half-written or broken; no
/// record is ever lost; a failure says what happened and where; nothing is left behind.
@Suite(.serialized) struct FetchCrashTests {
    static let keys = ["NAVER_CLIENT_ID": "nid-crash", "NAVER_CLIENT_SECRET": "nsecret-crash"]
    static let zone = TimeZone(identifier: "Asia/Seoul") ?? .current

    /// The Wednesday 10:00 (Seoul) of the `week`-th week from 2 January 2023.
    static func wednesday(_ week: Int) -> Date {
        Date(timeIntervalSince1970: 1_672_621_200 + Double(week) * 7 * 86_400 + 2 * 86_400)
    }

    static func record(_ url: String, _ title: String, _ date: Date) -> Article {
        Article(
            id: CanonicalURL.articleID(for: url) ?? "", url: url, title: title, description: "\(title)에 관한 설명 — 저장소를 크게 만드는 문장.",
            source: "manual", publisher: "Example", author: nil, published: ISO8601.format(date, in: zone), image: nil, queries: [],
            language: "ko")
    }

    /// Naver's answer with one item per given date, addresses under `prefix`.
    static func naverAnswer(prefix: String, dates: [Date]) -> [String: Any] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let items: [[String: Any]] = dates.enumerated().map { n, date in
            [
                "title": "<b>\(prefix)</b> 기사 \(n)", "originallink": "https://news.example.com/\(prefix)/\(n)", "link": "",
                "description": "설명 \(n)", "pubDate": formatter.string(from: date),
            ]
        }
        return ["status": 200, "json": ["total": items.count, "start": 1, "display": items.count, "items": items]]
    }

    static func route(_ path: String, _ response: [String: Any]) -> [String: Any] {
        ["path": path, "match": [String: String](), "responses": [response]]
    }

    /// A site whose Naver source is `server`, with `weeks` week files of `perWeek` records each.
    static func site(_ server: FixtureServer, weeks: Int, perWeek: Int, label: String) throws -> TemporaryFolder {
        let site = try TemporaryFolder(label)
        try site.write("gazette.yml", "title: t\nsources:\n  naver: { queries: [q], endpoint: \"\(server.base)\" }\n")
        for week in 0..<weeks {
            let date = wednesday(week)
            let records = (0..<perWeek).map { record("https://stored.example.com/\(week)/\($0)", "저장된 기사 \(week)-\($0)", date) }
            try site.write("\(ArticleStore.folder)/\(ISOWeek(containing: date, in: zone)).jsonl", ArticleStore.encode(records))
        }
        return site
    }

    /// The week files (temporary files are `debris`).
    static func store(_ site: TemporaryFolder) -> [String: Data] {
        Repository.snapshot(site.url.appendingPathComponent(ArticleStore.folder)).filter { $0.key.hasSuffix(".jsonl") && !$0.key.hasPrefix(".") }
    }

    static func ids(_ site: TemporaryFolder) -> (ids: Set<String>, problems: [Diagnostic]) {
        let (articles, diagnostics) = ArticleStore.load(siteRoot: site.url)
        return (Set(articles.map(\.id)), diagnostics.filter { $0.severity == .error })
    }

    /// Temporary files of writers (ours or anyone's) in the store and state folders.
    static func debris(_ site: TemporaryFolder) -> [String] {
        let store = Repository.names(in: site.url.appendingPathComponent(ArticleStore.folder)).filter { (!$0.hasSuffix(".jsonl") || $0.hasPrefix(".")) && $0 != ArticleStore.attributesName }
        let state = Repository.names(in: site.url.appendingPathComponent(".gazette")).filter { $0 != "store.lock" }
        return store.map { "\(ArticleStore.folder)/\($0)" } + state.map { ".gazette/\($0)" }
    }

    static func restore(_ site: TemporaryFolder, to files: [String: Data]) throws {
        let folder = site.url.appendingPathComponent(ArticleStore.folder)
        for name in Repository.names(in: folder) where name.hasSuffix(".jsonl") && !name.hasPrefix(".") && files[name] == nil {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
    }

    // MARK: Kills

    /// 60 fetches killed (SIGKILL) at random moments spread over a timed run: 30 week files of 40
    /// records each, and an answer that adds a story to every one of them, so that much of
    /// the run is the writing. After each kill every week file is its old bytes or its new
    /// ones, and the store holds every old record; the next complete fetch removes whatever
    /// the killed ones left and ends with the new store.
    @Test func killedFetchesLeaveEachWeekFileOldOrNewAndTheNextFetchLeavesNoDebris() throws {
        let weeks = 30
        let server = try FixtureServer(routes: [Self.route("/v1/search/news.json", Self.naverAnswer(prefix: "k", dates: (0..<weeks).map(Self.wednesday)))])
        let site = try Self.site(server, weeks: weeks, perWeek: 40, label: "gazette-fetch-kill")
        let arguments = ["fetch", "--no-thumbnails", "--site", site.path, "--quiet"]
        let old = Self.store(site), oldIDs = Self.ids(site).ids

        // One complete run gives the new store.
        let first = try GazetteCommand.run(arguments, environment: Self.keys)
        #expect(first.status == 0, "\(first.stderr)")
        let new = Self.store(site), newIDs = Self.ids(site).ids
        #expect(newIDs.count == oldIDs.count + weeks && newIDs.isSuperset(of: oldIDs))
        #expect(Set(new.keys) == Set(old.keys) && new.allSatisfy { old[$0.key] != $0.value }, "every week file changes")

        // Six rounds: a complete run, timed (the kills that follow are spread over its length,
        // which on a loaded machine changes from minute to minute, or over its writing, which
        // starts when the first temporary file appears) and checked to leave no debris of the
        // kills before it; then 10 kills that land (at most 30 tries).
        var tally = KillTally()
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var lengths: [Double] = []
        let store = site.url.appendingPathComponent(ArticleStore.folder)
        let writing = { Repository.names(in: store).contains { $0.hasPrefix(".") && $0.hasSuffix(".tmp") } }
        let started = Date()
        for _ in 0..<6 {
            try Self.restore(site, to: old)
            let (seconds, status, phase) = try KillableRun.measure(arguments, environment: Self.keys, watching: writing)
            #expect(status == 0)
            #expect(Self.store(site) == new)
            #expect(Self.debris(site) == [])
            lengths.append(seconds)
            var landed = 0
            for attempt in 0..<30 where landed < 10 {
                try Self.restore(site, to: old)
                let run = try KillableRun(arguments, environment: Self.keys)
                // Every other kill anywhere in the run, the rest in its writing.
                let delay: Double
                if attempt.isMultiple(of: 2) {
                    delay = Double.random(in: 0...seconds, using: &generator)
                } else {
                    delay = (run.waitFor(writing) ?? seconds) + Double.random(in: 0...max(0.005, 0.8 * (phase ?? 0)), using: &generator)
                }
                guard run.kill(after: delay) else {
                    tally.add("finished before the kill")
                    continue
                }
                landed += 1
                let now = Self.store(site)
                let changed = now.filter { new[$0.key] == $0.value }.count
                let broken = now.filter { old[$0.key] != $0.value && new[$0.key] != $0.value }.map(\.key)
                #expect(broken.isEmpty, "week files neither old nor new after a kill: \(broken)")
                #expect(Set(now.keys) == Set(old.keys))
                let (ids, problems) = Self.ids(site)
                #expect(problems.isEmpty, "\(problems.map(\.summary))")
                #expect(ids.isSuperset(of: oldIDs) && ids.isSubset(of: newIDs))
                let temporary = !Self.debris(site).isEmpty
                tally.add(
                    changed == 0
                        ? (temporary ? "killed while writing temporary files (left)" : "killed before writing")
                        : changed == now.count ? "killed after the renames" + (temporary ? " (left temporary files)" : "")
                        : "killed between renames" + (temporary ? " (left temporary files)" : ""))
            }
            kills += landed
        }
        #expect(kills >= 50)
        let killing = Date().timeIntervalSince(started)

        try Self.restore(site, to: old)
        let last = try GazetteCommand.run(arguments, environment: Self.keys)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(Self.store(site) == new)
        #expect(Self.debris(site) == [])
        #expect(Repository.names(in: site.url.appendingPathComponent(".gazette")) == ["store.lock"])
        let range = "\(String(format: "%.2f", lengths.min() ?? 0))–\(String(format: "%.2f", lengths.max() ?? 0))"
        print("fetch kills (a complete run takes \(range) s; \(kills) kills in \(String(format: "%.1f", killing)) s): \(tally)")
    }

    // MARK: Two at once

    /// Two fetches of one site at once, from two servers with disjoint stories in the same
    /// week file, answering slowly so that both have read the store before either writes:
    /// the store ends with the union, three times over.
    @Test func twoFetchesAtOnceNeverLoseARecord() throws {
        for round in 0..<3 {
            let date = Self.wednesday(45)
            var naver = Self.naverAnswer(prefix: "a\(round)", dates: Array(repeating: date, count: 25))
            naver["delay"] = 1
            let a = try FixtureServer(routes: [Self.route("/v1/search/news.json", naver)])
            let items: [[String: Any]] = (0..<25).map { n in
                [
                    "source": ["id": NSNull(), "name": "Example"], "author": NSNull(), "title": "Story b\(round) \(n)", "description": NSNull(),
                    "url": "https://world.example.com/b\(round)/\(n)", "urlToImage": NSNull(), "publishedAt": ISO8601.format(date, in: Self.zone),
                    "content": NSNull(),
                ]
            }
            let b = try FixtureServer(routes: [
                Self.route("/v2/everything", ["status": 200, "delay": 1, "json": ["status": "ok", "totalResults": 25, "articles": items]])
            ])
            let site = try Self.site(a, weeks: 0, perWeek: 0, label: "gazette-two-fetches")
            try site.write(
                "gazette.yml",
                "title: t\nsources:\n  naver: { queries: [q], endpoint: \"\(a.base)\" }\n  newsapi: { queries: [q], endpoint: \"\(b.base)\" }\n")
            // A stored record of the same week, which both must keep.
            let kept = Self.record("https://stored.example.com/kept", "kept", date)
            try site.write("\(ArticleStore.folder)/\(ISOWeek(containing: date, in: Self.zone)).jsonl", ArticleStore.encode([kept]))
            let environment = Self.keys.merging(["NEWSAPI_KEY": "newsapi-crash"]) { $1 }
            let results = Results()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let source = index == 0 ? "naver" : "newsapi"
                let result = try? GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path, "--source", source], environment: environment)
                results.add(source, result)
            }
            for (source, result) in results.values {
                #expect(result?.status == 0, "\(source): \(result?.stderr ?? "did not run")")
                #expect(result?.stdout.contains("25 new articles") == true, "\(source): \(result?.stdout ?? "")")
            }
            let (articles, diagnostics) = ArticleStore.load(siteRoot: site.url)
            #expect(diagnostics.isEmpty)
            #expect(articles.count == 51, "round \(round): \(articles.count) of 51 records kept")
            #expect(articles.filter { $0.url.contains("/a\(round)/") }.count == 25)
            #expect(articles.filter { $0.url.contains("/b\(round)/") }.count == 25)
            #expect(articles.contains { $0.id == kept.id })
            #expect(Self.debris(site) == [])
        }
    }

    // MARK: Failed writes

    /// Over the file-size limit (`ulimit -f`), fetch is not killed by SIGXFSZ: it says which
    /// file it could not write and why, and the store is exactly as it was — not even the
    /// small new week file that did fit is written. With the limit lifted, it succeeds.
    @Test func aFileSizeLimitLeavesTheStoreAsItWas() throws {
        let server = try FixtureServer(routes: [
            Self.route("/v1/search/news.json", Self.naverAnswer(prefix: "f", dates: [Self.wednesday(0), Self.wednesday(10)]))
        ])
        let site = try Self.site(server, weeks: 0, perWeek: 0, label: "gazette-fetch-fsize")
        let bigWeek = ISOWeek(containing: Self.wednesday(10), in: Self.zone)
        let records = (0..<60).map { Self.record("https://stored.example.com/big/\($0)", "큰 주의 기사 \($0)", Self.wednesday(10)) }
        try site.write("\(ArticleStore.folder)/\(bigWeek).jsonl", ArticleStore.encode(records))
        let before = Self.store(site)
        let size = before["\(bigWeek).jsonl"]?.count ?? 0
        let result = try Sandbox.runWithFileSizeLimit(blocks: size / 512, ["fetch", "--no-thumbnails", "--site", site.path], environment: Self.keys)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "error: cannot write content/articles/\(bigWeek).jsonl: the file would be larger than the limit on file size for this process (ulimit -f); nothing was written, the article store is as it was — raise the limit"
            ), "\(result.stderr)")
        #expect(Self.store(site) == before)
        #expect(Self.debris(site) == [])
        let again = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path], environment: Self.keys)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.ids(site).ids.count == 62)
        #expect(Self.debris(site) == [])
    }

    /// A store folder that cannot be written: chmod for an ordinary user; for root, which
    /// ignores permission bits, a read-only bind mount in a private mount namespace.
    @Test(.enabled(if: !Sandbox.isRoot || Sandbox.canMount, "root ignores chmod, and this root cannot make a read-only mount"))
    func aReadOnlyStoreFolderLeavesTheStoreAsItWas() throws {
        let server = try FixtureServer(routes: [Self.route("/v1/search/news.json", Self.naverAnswer(prefix: "r", dates: [Self.wednesday(3)]))])
        let site = try Self.site(server, weeks: 4, perWeek: 5, label: "gazette-fetch-readonly")
        let folder = site.url.appendingPathComponent(ArticleStore.folder)
        let before = Self.store(site)
        let result: Program.Result
        if Sandbox.isRoot {
            result = try Sandbox.runInMountNamespace(
                "mount --bind \"$1\" \"$1\" && mount -o remount,bind,ro \"$1\" && exec \"$2\" fetch --site \"$3\"",
                [folder.path, GazetteCommand.executable.path, site.path], environment: Self.keys)
            #expect(result.stderr.contains("the file system holding content/articles/ is read-only"), "\(result.stderr)")
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
            result = try GazetteCommand.run(["fetch", "--no-thumbnails", "--site", site.path], environment: Self.keys)
            #expect(result.stderr.contains("permission denied: content/articles/ is not writable"), "\(result.stderr)")
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot write content/articles/"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written, the article store is as it was"))
        #expect(Self.store(site) == before)
        #expect(Self.debris(site) == [])
    }

    /// A file system with no room left (a full tmpfs in a private mount namespace): fetch says
    /// the disk is full and names the file, the store is as it was; with room made, the next
    /// fetch succeeds and leaves nothing behind.
    @Test(.enabled(if: Sandbox.canMount, "mounting a small tmpfs needs root with CAP_SYS_ADMIN (ulimit -f covers the same failure)"))
    func aFullFileSystemLeavesTheStoreAsItWas() throws {
        let server = try FixtureServer(routes: [Self.route("/v1/search/news.json", Self.naverAnswer(prefix: "d", dates: [Self.wednesday(1), Self.wednesday(2)]))])
        let site = try Self.site(server, weeks: 3, perWeek: 20, label: "gazette-fetch-full")
        let mount = try TemporaryFolder("gazette-tmpfs")
        let out = try TemporaryFolder("gazette-tmpfs-out")
        let script = """
            mount -t tmpfs -o size=2m tmpfs "$1" || exit 100
            cp -a "$2" "$1/site" || exit 101
            dd if=/dev/zero of="$1/fill" bs=4k 2>/dev/null
            "$3" fetch --site "$1/site" >"$4/full.out" 2>"$4/full.err"; echo $? >"$4/full.status"
            cp -a "$1/site" "$4/after-full" || exit 102
            rm "$1/fill"
            "$3" fetch --site "$1/site" >"$4/room.out" 2>"$4/room.err"; echo $? >"$4/room.status"
            cp -a "$1/site" "$4/after-room" || exit 103
            """
        let result = try Sandbox.runInMountNamespace(
            script, [mount.path, site.path, GazetteCommand.executable.path, out.path], environment: Self.keys)
        #expect(result.status == 0, "\(result.stderr)")
        let before = Self.store(site)
        #expect(try out.read("full.status") == "1\n")
        let full = try out.read("full.err")
        #expect(full.contains("error: cannot write content/articles/"), "\(full)")
        #expect(full.contains("the disk is full (no space left on the device); nothing was written, the article store is as it was"), "\(full)")
        #expect(Repository.snapshot(out.url.appendingPathComponent("after-full/\(ArticleStore.folder)")) == before)
        #expect(Repository.names(in: out.url.appendingPathComponent("after-full/\(ArticleStore.folder)")) == Repository.names(in: site.url.appendingPathComponent(ArticleStore.folder)))
        #expect(try out.read("room.status") == "0\n", "\((try? out.read("room.err")) ?? "")")
        // The store's .gitattributes comes with the first write (this seeded store had none).
        let after = Repository.snapshot(out.url.appendingPathComponent("after-room/\(ArticleStore.folder)")).filter { $0.key != ArticleStore.attributesName }
        #expect(after.count == before.count && after != before)
        #expect(
            Repository.names(in: out.url.appendingPathComponent("after-room/\(ArticleStore.folder)")).allSatisfy {
                !$0.hasPrefix(".") || $0 == ArticleStore.attributesName
            })
        #expect(Repository.names(in: out.url.appendingPathComponent("after-room/.gazette")) == ["store.lock"])
    }
}

/// Results of concurrent runs, gathered under a lock.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [(String, Program.Result?)] = []
    func add(_ label: String, _ result: Program.Result?) { lock.withLock { list.append((label, result)) } }
    var values: [(String, Program.Result?)] { lock.withLock { list } }
}

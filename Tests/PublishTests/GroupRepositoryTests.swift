import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

/// A study group's week in one repository: members store articles (`add`, `fetch`,
/// `search --save`) and write journals in their own clones, and `git pull` brings it together
/// with no conflict, no set-up beyond `git clone` and nothing lost.
@Suite struct GroupRepositoryTests {
    static let keys = ["NEWSAPI_KEY": "GroupNewsApiKey42"]

    /// A member's clone of `remote`, made with nothing but `git clone`.
    struct Member {
        let folder: URL
        let name: String

        init(_ name: String, cloning remote: URL, into scratch: URL) throws {
            self.name = name
            folder = scratch.appendingPathComponent(name)
            try git(["clone", "-q", remote.path, folder.path], in: scratch, environment: gitIdentity)
        }

        func gazette(_ arguments: [String]) throws -> Program.Result {
            try GazetteCommand.run(arguments + ["--site", folder.path], environment: GroupRepositoryTests.keys)
        }

        @discardableResult
        func run(_ arguments: [String]) throws -> Program.Result {
            let result = try gazette(arguments)
            try #require(result.status == 0, "\(name): gazette \(arguments.joined(separator: " ")) exited \(result.status):\n\(result.stderr)")
            return result
        }

        func commitAll(_ message: String) throws {
            try git(["add", "-A"], in: folder)
            try git(["commit", "-q", "-m", message], in: folder, environment: gitIdentity)
        }

        /// `git pull` as a member types it; its status and words.
        func pull(_ extra: [String] = []) throws -> Program.Result {
            try Program.run(command: "git", ["-C", folder.path, "pull", "-q", "--no-edit"] + extra + ["origin", "main"], environment: gitIdentity)
        }

        var articles: [Article] { ArticleStore.load(siteRoot: folder).articles }
    }

    /// A page `gazette add` reads: OpenGraph title and publication time.
    static func page(_ title: String, published: String) -> [String: Any] {
        [
            "status": 200, "headers": ["Content-Type": "text/html; charset=utf-8"],
            "body": """
            <!DOCTYPE html><html lang="ko"><head><meta charset="utf-8"><title>\(title)</title>
            <meta property="og:title" content="\(title)"><meta property="og:description" content="\(title)에 대한 기사">
            <meta property="og:site_name" content="예시일보"><meta property="article:published_time" content="\(published)">
            </head><body><p>본문</p></body></html>
            """,
        ]
    }

    /// An RSS answer with one item per (path, title, published).
    static func feed(_ items: [(path: String, title: String, published: String)], summary: String = "요약") -> [String: Any] {
        let rendered = items.map { item in
            "<item><title>\(item.title)</title><link>https://news.example.org\(item.path)</link><description>\(item.title) \(summary)</description><pubDate>\(item.published)</pubDate></item>"
        }
        return [
            "status": 200, "headers": ["Content-Type": "application/rss+xml"],
            "body": "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>통신</title><link>https://news.example.org/</link><description>d</description>"
                + rendered.joined() + "</channel></rss>",
        ]
    }

    /// A NewsAPI answer with one article per (path, title, publishedAt).
    static func newsAPI(_ items: [(path: String, title: String, published: String)]) -> [String: Any] {
        let articles: [[String: Any]] = items.map { item in
            [
                "source": ["id": NSNull(), "name": "Example Wire"], "author": NSNull(), "title": item.title, "description": "\(item.title) summary",
                "url": "https://wire.example.org\(item.path)", "urlToImage": NSNull(), "publishedAt": item.published, "content": NSNull(),
            ]
        }
        return ["status": 200, "json": ["status": "ok", "totalResults": articles.count, "articles": articles], "headers": [String: String]()]
    }

    static func route(_ path: String, match: [String: String] = [:], _ responses: [String: Any]...) -> [String: Any] {
        ["path": path, "match": match, "responses": responses]
    }

    static func config(_ server: FixtureServer) -> String {
        """
        title: 같이 읽는 뉴스
        timezone: Asia/Seoul
        authors: { me: { name: 나 } }
        tags: { economy: 경제 }
        network: { allow_private: [127.0.0.1] }
        sources:
          newsapi: { queries: [chips], endpoint: "\(server.base)" }
          feeds: [ { name: wire, url: "\(server.base)/rss" } ]

        """
    }

    /// Every article of `members` after the merge is in each store once, with every query any
    /// side gave it; `check` is clean and `build` succeeds.
    static func expectMerged(_ member: Member, ids expected: Set<String>) throws {
        let stored = member.articles
        #expect(stored.count == Set(stored.map(\.id)).count, "an article is stored twice")
        #expect(Set(stored.map(\.id)) == expected)
        let check = try member.gazette(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let build = try member.gazette(["build", "--no-pdf", "-q"])
        #expect(build.status == 0, "\(build.stderr)")
    }

    /// Two members store articles of one week, one in common, with `add`, `fetch` and
    /// `search --save`; the second pulls the first's push: no conflict, each article once.
    @Test func twoMembersStoringOneWeekMergeWithPlainGit() throws {
        let week = "2026-11-1"  // 2026-W47 in Seoul: 16–22 November
        let server = try FixtureServer(routes: [
            Self.route("/a1", Self.page("민지의 첫 기사", published: "\(week)7T09:00:00+09:00")),
            Self.route("/a2", Self.page("민지의 둘째 기사", published: "\(week)7T10:00:00+09:00")),
            Self.route("/b1", Self.page("준호의 첫 기사", published: "\(week)8T09:00:00+09:00")),
            Self.route("/b2", Self.page("준호의 둘째 기사", published: "\(week)8T10:00:00+09:00")),
            Self.route("/both", Self.page("둘 다 저장한 기사", published: "\(week)9T09:00:00+09:00")),
            // The feed answers each member's fetch in turn; one story is in both answers.
            Self.route(
                "/rss",
                Self.feed([("/f1", "통신 하나", "Tue, 17 Nov 2026 08:00:00 +0900"), ("/common", "통신 공통", "Wed, 18 Nov 2026 08:00:00 +0900")]),
                Self.feed([("/f2", "통신 둘", "Thu, 19 Nov 2026 08:00:00 +0900"), ("/common", "통신 공통", "Wed, 18 Nov 2026 08:00:00 +0900")], summary: "고친 요약")),
            Self.route(
                "/v2/everything",
                Self.newsAPI([("/s1", "Chips one", "2026-11-17T01:00:00Z"), ("/shared", "Chips shared", "2026-11-18T01:00:00Z")]),
                Self.newsAPI([("/s2", "Chips two", "2026-11-19T01:00:00Z"), ("/shared", "Chips shared", "2026-11-18T01:00:00Z")])),
        ])
        let repo = try SiteWithRemote("gazette-group", config: Self.config(server))
        // `gazette init` stored a sample article of its own week.
        let sample = Set(ArticleStore.load(siteRoot: repo.site).articles.map(\.id))
        #expect(sample.count == 1)
        let minji = try Member("minji", cloning: repo.remote, into: repo.scratch.url)
        let junho = try Member("junho", cloning: repo.remote, into: repo.scratch.url)

        for member in [minji, junho] {
            let own = member.name == "minji" ? ["/a1", "/a2"] : ["/b1", "/b2"]
            for path in own + ["/both"] { try member.run(["add", "\(server.base)\(path)", "--no-thumbnails", "-q"]) }
            try member.run(["fetch", "--source", "feeds", "--no-thumbnails", "-q"])
            try member.run(["search", "chips", "--source", "newsapi", "--save", "-q"])
            try member.run(["new", "--title", "\(member.name)의 저널", "--tag", "economy", "--author", "me"])
            try member.commitAll("\(member.name)'s week")
        }
        // The story both found on the feed has another summary on each side: two lines of
        // one article meet in the merge.
        try git(["push", "-q", "origin", "main"], in: minji.folder)
        // git ≥ 2.33 asks how to reconcile diverged branches until told once (pull.rebase):
        // a merge here, a rebase below.
        let pulled = try junho.pull(["--no-rebase"])
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)")
        #expect(try git(["status", "--porcelain"], in: junho.folder).isEmpty)
        // git kept both sides' lines (the union driver): the story with two summaries is on two
        // lines until a command tidies the store; reading makes it one article already.
        let merged = try String(contentsOf: junho.folder.appendingPathComponent("content/articles/2026-W47.jsonl"), encoding: .utf8)
        #expect(merged.split(separator: "\n").filter { $0.contains("news.example.org/common") }.count == 2)
        let urls = ["/a1", "/a2", "/b1", "/b2", "/both"].map { "\(server.base)\($0)" }
            + ["/f1", "/f2", "/common"].map { "https://news.example.org\($0)" } + ["/s1", "/s2", "/shared"].map { "https://wire.example.org\($0)" }
        let week47 = Set(urls.compactMap(CanonicalURL.articleID(for:)))
        #expect(week47.count == 11)
        let expected = week47.union(sample)
        try Self.expectMerged(junho, ids: expected)
        let tracked = try git(["ls-files", "content/articles"], in: junho.folder).split(separator: "\n")
        #expect(tracked.contains("content/articles/.gitattributes") && tracked.contains("content/articles/2026-W47.jsonl"))
        #expect(tracked.allSatisfy { $0.hasSuffix(".jsonl") || $0.hasSuffix("/.gitattributes") }, "\(tracked)")
        // Both journals are there, each on its page.
        #expect(FileManager.default.fileExists(atPath: junho.folder.appendingPathComponent("public/journals").path))
        let journals = try FileManager.default.contentsOfDirectory(atPath: junho.folder.appendingPathComponent("content/journals").path)
        #expect(journals.filter { $0.contains("minji") || $0.contains("junho") || $0.hasSuffix(".md") }.count >= 3)

        // The next command that writes the store leaves it tidy, and then a fetch that finds
        // nothing new changes no byte.
        try junho.run(["add", "\(server.base)/both", "--no-thumbnails", "-q"])
        try junho.run(["fetch", "--source", "feeds", "--no-thumbnails", "-q"])
        let tidy = try Data(contentsOf: junho.folder.appendingPathComponent("content/articles/2026-W47.jsonl"))
        #expect(String(decoding: tidy, as: UTF8.self).split(separator: "\n").count == 11)
        try junho.run(["fetch", "--source", "feeds", "--no-thumbnails", "-q"])
        #expect(try Data(contentsOf: junho.folder.appendingPathComponent("content/articles/2026-W47.jsonl")) == tidy)

        // Pushed back, the first member pulls with --rebase: the same store on both sides.
        try junho.commitAll("Tidy")
        try git(["push", "-q", "origin", "main"], in: junho.folder)
        let rebased = try minji.pull(["--rebase"])
        #expect(rebased.status == 0, "\(rebased.stdout)\(rebased.stderr)")
        #expect(Set(minji.articles.map(\.id)) == expected)
        let common = try #require(minji.articles.first { $0.url.hasSuffix("/shared") })
        #expect(common.queries == ["chips"])
    }

    /// Ten articles on each side in each of three weeks, fetched in a random order over several
    /// commits, a few stories found on both sides with other summaries: a merge and a rebase
    /// both bring every article in once.
    @Test func manyArticlesInSeveralWeeksMergeInAnyOrder() throws {
        var random = SeededGenerator(seed: 0x6A7E_7731)
        // 2026-W46, W47 and W48 in Seoul.
        let days = ["Tue, 10 Nov 2026", "Fri, 20 Nov 2026", "Wed, 25 Nov 2026"]
        func items(_ side: String) -> [(path: String, title: String, published: String)] {
            days.enumerated().flatMap { week, day in
                (0..<10).map { n in ("/\(side)/\(week)/\(n)", "\(side) \(week)주 \(n)번 기사", "\(day) \(String(format: "%02d", 8 + n)):00:00 +0900") }
            }
        }
        let common = (0..<3).map { week in ("/common/\(week)", "공통 \(week)", "\(days[week]) 07:30:00 +0900") }
        var sides = [items("a") + common, items("b") + common].map { $0.shuffled(using: &random) }
        // Three fetches a side, each answering a random third of that side's stories.
        var answers: [[String: Any]] = []
        for side in sides.indices {
            let all = sides[side]
            for batch in 0..<3 {
                let part = Array(all[(batch * all.count / 3)..<((batch + 1) * all.count / 3)])
                answers.append(Self.feed(part, summary: side == 0 ? "요약" : "다른 요약"))
            }
        }
        sides = []
        let server = try FixtureServer(routes: [["path": "/rss", "match": [String: String](), "responses": answers]])
        let repo = try SiteWithRemote("gazette-group-many", config: Self.config(server))
        let sample = Set(ArticleStore.load(siteRoot: repo.site).articles.map(\.id))
        let a = try Member("a", cloning: repo.remote, into: repo.scratch.url)
        let b = try Member("b", cloning: repo.remote, into: repo.scratch.url)
        for member in [a, b] {
            for batch in 0..<3 {
                try member.run(["fetch", "--source", "feeds", "--no-thumbnails", "-q"])
                try member.commitAll("\(member.name): fetch \(batch)")
            }
        }
        let expected = Set((items("a") + items("b") + common).map { "https://news.example.org\($0.path)" }.compactMap(CanonicalURL.articleID(for:)))
            .union(sample)
        #expect(expected.count == 64)
        try git(["push", "-q", "origin", "main"], in: a.folder)
        let merged = try b.pull(["--no-rebase"])
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        try Self.expectMerged(b, ids: expected)
        let weeks = try git(["ls-files", "content/articles"], in: b.folder).split(separator: "\n")
        for week in ["2026-W46", "2026-W47", "2026-W48"] { #expect(weeks.contains("content/articles/\(week).jsonl")) }

        // The other way round, by rebase, from the pushed merge.
        try git(["push", "-q", "origin", "main"], in: b.folder)
        try a.run(["new", "--title", "a의 저널", "--author", "me"])
        try a.commitAll("a writes")
        let rebased = try a.pull(["--rebase"])
        #expect(rebased.status == 0, "\(rebased.stdout)\(rebased.stderr)")
        #expect(Set(a.articles.map(\.id)).isSuperset(of: expected))
        #expect(a.articles.count == Set(a.articles.map(\.id)).count)
    }

    /// A site whose store is in the earlier layout (one JSON array a week): each member's next
    /// write moves it, and the two moves merge; nothing is lost on the way.
    @Test func storesOfTheEarlierLayoutMoveAndStillMerge() throws {
        let server = try FixtureServer(routes: [
            Self.route("/one", Self.page("하나", published: "2026-11-17T09:00:00+09:00")),
            Self.route("/two", Self.page("둘", published: "2026-11-18T09:00:00+09:00")),
        ])
        let repo = try SiteWithRemote("gazette-group-legacy", config: Self.config(server))
        // The earlier layout, as versions before it wrote it: pretty-printed arrays.
        let store = repo.site.appendingPathComponent(ArticleStore.folder)
        for name in try FileManager.default.contentsOfDirectory(atPath: store.path) { try FileManager.default.removeItem(at: store.appendingPathComponent(name)) }
        let legacy = (0..<6).map { n in
            Article(
                id: CanonicalURL.articleID(for: "https://old.example.org/\(n)") ?? "", url: "https://old.example.org/\(n)", title: "옛 기사 \(n)",
                description: "d", source: "manual", publisher: nil, author: nil, published: "2026-11-1\(n < 3 ? 0 : 7)T09:00:00+09:00", image: nil,
                queries: n == 0 ? ["금리"] : [], language: "ko")
        }
        for (name, records) in [("2026-W46.json", Array(legacy[0..<3])), ("2026-W47.json", Array(legacy[3...]))] {
            let array = try JSONSerialization.data(withJSONObject: records.map(Self.object), options: [.prettyPrinted, .sortedKeys])
            try (array + Data("\n".utf8)).write(to: store.appendingPathComponent(name))
        }
        try git(["add", "-A"], in: repo.site)
        try git(["commit", "-q", "-m", "Store of the earlier layout"], in: repo.site, environment: gitIdentity)
        try git(["push", "-q", "origin", "main"], in: repo.site)
        #expect(ArticleStore.load(siteRoot: repo.site).articles.count == 6)

        let a = try Member("a", cloning: repo.remote, into: repo.scratch.url)
        let b = try Member("b", cloning: repo.remote, into: repo.scratch.url)
        try a.run(["add", "\(server.base)/one", "--no-thumbnails", "-q"])
        try b.run(["add", "\(server.base)/two", "--no-thumbnails", "-q"])
        for member in [a, b] {
            let names = try FileManager.default.contentsOfDirectory(atPath: member.folder.appendingPathComponent(ArticleStore.folder).path).sorted()
            #expect(names == [".gitattributes", "2026-W46.jsonl", "2026-W47.jsonl"])
            try member.commitAll("\(member.name) adds")
        }
        try git(["push", "-q", "origin", "main"], in: a.folder)
        let pulled = try b.pull(["--no-rebase"])
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)")
        let ids = Set(legacy.map(\.id) + ["/one", "/two"].compactMap { CanonicalURL.articleID(for: "\(server.base)\($0)") })
        try Self.expectMerged(b, ids: ids)
        #expect(b.articles.first { $0.url.hasSuffix("/0") }?.queries == ["금리"])
    }

    static func object(_ article: Article) -> [String: Any] {
        [
            "id": article.id, "url": article.url, "title": article.title, "description": article.description, "source": article.source,
            "publisher": NSNull(), "author": NSNull(), "published": article.published, "image": NSNull(), "queries": article.queries,
            "language": article.language ?? NSNull(),
        ]
    }

    /// Where git leaves conflict markers (here: a clone whose `.git/info/attributes` turns the
    /// union driver off, as a tool that ignores attributes would), `check` and `build` stop at
    /// each marker line of a journal, `gazette.yml` and the store; the next `add` repairs the
    /// store, keeping both sides.
    @Test func mergeLeftoversStopTheBuildAndTheStoreRepairsItself() throws {
        let server = try FixtureServer(routes: [
            Self.route("/one", Self.page("하나", published: "2026-11-17T09:00:00+09:00")),
            Self.route("/two", Self.page("둘", published: "2026-11-18T09:00:00+09:00")),
            Self.route("/three", Self.page("셋", published: "2026-11-19T09:00:00+09:00")),
        ])
        let repo = try SiteWithRemote("gazette-group-leftovers", config: Self.config(server))
        let a = try Member("a", cloning: repo.remote, into: repo.scratch.url)
        let b = try Member("b", cloning: repo.remote, into: repo.scratch.url)
        try "*.jsonl merge=text\n".write(to: b.folder.appendingPathComponent(".git/info/attributes"), atomically: true, encoding: .utf8)
        let journal = try #require(JournalLoader.journalPaths(siteRoot: b.folder).first)
        for (member, page) in [(a, "/one"), (b, "/two")] {
            try member.run(["add", "\(server.base)\(page)", "--no-thumbnails", "-q"])
            for file in ["gazette.yml", journal] {
                let url = member.folder.appendingPathComponent(file)
                let text = try String(contentsOf: url, encoding: .utf8)
                try text.replacingOccurrences(of: file == journal ? "title: 첫 저널" : "title: 같이 읽는 뉴스", with: "title: \(member.name)의 제목")
                    .write(to: url, atomically: true, encoding: .utf8)
            }
            try member.commitAll("\(member.name) edits")
        }
        try git(["push", "-q", "origin", "main"], in: a.folder)
        #expect(try b.pull(["--no-rebase"]).status != 0)

        let check = try b.gazette(["check"])
        #expect(check.status == 1)
        #expect(check.stderr.contains("gazette.yml:1:1: error: unresolved merge conflict: git left the line '<<<<<<< HEAD'"), "\(check.stderr)")
        #expect(check.stderr.contains("resolve the merge: keep one side"))
        let build = try b.gazette(["build", "--no-pdf"])
        #expect(build.status == 1)
        #expect(!FileManager.default.fileExists(atPath: b.folder.appendingPathComponent("public").path))

        // gazette.yml resolved: now the journal and the store are named, at their marker lines.
        try git(["checkout", "--theirs", "gazette.yml"], in: b.folder)
        let again = try b.gazette(["check"])
        #expect(again.status == 1)
        let store = try String(contentsOf: b.folder.appendingPathComponent("content/articles/2026-W47.jsonl"), encoding: .utf8)
        let marker = try #require(store.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<<<<<<<") })
        #expect(again.stderr.contains("content/articles/2026-W47.jsonl:\(marker + 1):1: error: unresolved merge conflict"), "\(again.stderr)")
        #expect(again.stderr.contains("or run 'gazette fetch' or 'gazette add', which does that"))
        let journalText = try String(contentsOf: b.folder.appendingPathComponent(journal), encoding: .utf8)
        let journalMarker = try #require(journalText.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<<<<<<<") })
        #expect(again.stderr.contains("\(journal):\(journalMarker + 1):1: error: unresolved merge conflict"), "\(again.stderr)")
        #expect(try b.gazette(["build", "--no-pdf"]).status == 1)

        // The journal resolved by hand, the store by the next add: both sides' articles, once.
        try git(["checkout", "--ours", journal], in: b.folder)
        try b.run(["add", "\(server.base)/three", "--no-thumbnails", "-q"])
        let repaired = try String(contentsOf: b.folder.appendingPathComponent("content/articles/2026-W47.jsonl"), encoding: .utf8)
        #expect(!repaired.contains("<<<<<<<") && !repaired.contains("=======") && !repaired.contains(">>>>>>>"))
        #expect(repaired.split(separator: "\n").count == 3)
        let final = try b.gazette(["check"])
        #expect(final.status == 0, "\(final.stderr)")
        #expect(try b.gazette(["build", "--no-pdf", "-q"]).status == 0)
    }
}

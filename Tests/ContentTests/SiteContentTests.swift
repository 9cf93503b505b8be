import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

@Suite struct SiteContentTests {
    func site(_ files: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("gazette-content")
        try folder.write("gazette.yml", "title: Test\ntags: { economy: 경제 }\nauthors: { heedon: 함희돈 }\n")
        for (path, text) in files { try folder.write(path, text) }
        return folder
    }

    @Test func duplicateSlugsNameBothFiles() throws {
        let folder = try site([
            "content/journals/2026-11-18-rate-hike.md": "---\ntitle: a\n---\n",
            "content/journals/english/rate-hike.md": "---\ntitle: b\n---\n",
        ])
        #expect(throws: DiagnosticsError.self) { try SiteContent.load(siteRoot: folder.url) }
        do {
            _ = try SiteContent.load(siteRoot: folder.url)
        } catch let error as DiagnosticsError {
            #expect(
                error.diagnostics.map(\.summary) == [
                    "content/journals/english/rate-hike.md:1:1: error: slug 'rate-hike' is used by both content/journals/2026-11-18-rate-hike.md and content/journals/english/rate-hike.md — rename one of the files: a journal's page is journals/<slug>/"
                ])
        }
    }

    /// Two names that look the same: the same Hangul in two Unicode forms (a Mac's NFD beside
    /// NFC), saved side by side on Linux: the error says why two identical-looking paths clash.
    @Test func lookAlikeNamesSayWhyTheyClash() throws {
        let composed = "금리-인상"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(composed.unicodeScalars.count != decomposed.unicodeScalars.count)
        // (Swift's `==` holds the two names equal: no dictionary literal can hold both.)
        let folder = try site([:])
        try folder.write("content/journals/\(composed).md", "---\ntitle: a\ncreated: 2026-11-18\n---\n")
        try folder.write("content/journals/\(decomposed).md", "---\ntitle: b\ncreated: 2026-11-18\n---\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("content/journals").path).count == 2)
        do {
            _ = try SiteContent.load(siteRoot: folder.url)
            Issue.record("two files for one page were accepted")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.message.hasSuffix("(the same name in two Unicode forms: one file was most likely saved on a Mac, which writes Hangul in pieces; delete the copy you did not mean to keep)") == true, "\(error.diagnostics)")
        }
    }

    /// A journal saved where no build looks is named, with where it should be: another
    /// Markdown extension, a `.txt` an editor added or chose, a `.md` elsewhere in `content/`.
    /// Notes in `.txt`, editors' backups and hidden files are left alone.
    @Test func aJournalSavedWhereNoBuildLooksIsNamed() throws {
        let journal = "---\ntitle: a\n---\n본문\n"
        let folder = try site([
            "content/journals/ok.md": journal, "content/journals/a.markdown": journal, "content/journals/2026/b.MKD": journal,
            "content/journals/c.md.txt": journal, "content/journals/d.txt": "\u{FEFF}" + journal, "content/journals/notes.txt": "메모\n",
            "content/journals/ok.md~": journal, "content/journals/.ok.md.swp": journal, "content/e.md": journal, "content/journal/2026/f.md": journal,
            "content/articles/2026-W47.jsonl": "", "README.md": "# 스터디\n",
        ])
        let content = try SiteContent.load(siteRoot: folder.url)
        #expect(content.journals.map(\.path) == ["content/journals/ok.md"])
        #expect(
            content.diagnostics.filter { $0.code == "stray-journal" }.map(\.summary) == [
                "content/e.md:1:1: warning: this file is not read as a journal: journals are in content/journals/ — move it to content/journals/e.md",
                "content/journal/2026/f.md:1:1: warning: this file is not read as a journal: journals are in content/journals/ — move it to content/journals/2026/f.md",
                "content/journals/2026/b.MKD:1:1: warning: this file is not read as a journal: a journal's file name ends in .md — rename it content/journals/2026/b.md",
                "content/journals/a.markdown:1:1: warning: this file is not read as a journal: a journal's file name ends in .md — rename it content/journals/a.md",
                "content/journals/c.md.txt:1:1: warning: this file is not read as a journal: a journal's file name ends in .md (the editor added .txt) — rename it content/journals/c.md",
                "content/journals/d.txt:1:1: warning: this file is not read as a journal: a journal's file name ends in .md — rename it content/journals/d.md",
            ])
    }

    /// A second copy of a journal that a sync app or a file manager made beside it (Dropbox's
    /// conflicted copy, Syncthing's, iCloud's ` 2`, Google Drive's ` (1)`, the Finder's ` 사본`,
    /// Windows' ` - Copy`) is not read, and said of which journal it copies; a name like one
    /// with no such journal beside it is a journal.
    @Test func aSyncAppsSecondCopyOfAJournalIsNotReadTwice() throws {
        let journal = "---\ntitle: 금리\ncreated: 2026-12-03\n---\n본문\n"
        let copies = [
            "2026-12-03-rate (conflicted copy 2026-12-04).md", "2026-12-03-rate (지우의 충돌 사본 2026-12-04).md",
            "2026-12-03-rate.sync-conflict-20261204-093000-ABCDEFG.md", "2026-12-03-rate (1).md", "2026-12-03-rate 2.md",
            "2026-12-03-rate copy.md", "2026-12-03-rate 사본 2.md", "2026-12-03-rate - Copy.md", "2026-12-03-rate - 복사본 (2).md",
        ]
        var files = ["content/journals/2026-12-03-rate.md": journal, "content/journals/2026-12-03-g20 (1).md": journal]
        for copy in copies { files["content/journals/" + copy] = journal }
        let folder = try site(files)
        let content = try SiteContent.load(siteRoot: folder.url)
        #expect(content.journals.map(\.path).sorted() == ["content/journals/2026-12-03-g20 (1).md", "content/journals/2026-12-03-rate.md"])
        let said = content.diagnostics.filter { $0.code == "journal-copy" }
        #expect(Set(said.compactMap { $0.location?.path }) == Set(copies.map { "content/journals/" + $0 }))
        #expect(said.first?.message.contains("it is a second copy of content/journals/2026-12-03-rate.md") == true)
    }

    /// Front matter closes at the first `---` or `...` line after the opening one, and the body
    /// is everything after that line, as written (the split looks at no line of the body).
    @Test func frontMatterEndsAtItsFirstClosingLine() throws {
        let folder = try site([
            "content/journals/dashes.md": "---\ntitle: a\n---\nline 1\n---\nline 3\n",
            "content/journals/dots.md": "---\ntitle: b\n...  \n\nafter a blank line",
            "content/journals/bare.md": "---\ntitle: c\n---",
        ])
        let content = try SiteContent.load(siteRoot: folder.url)
        let bodies = Dictionary(uniqueKeysWithValues: content.journals.map { ($0.slug, content.markdown(of: $0)) })
        #expect(bodies == ["dashes": "line 1\n---\nline 3\n", "dots": "\nafter a blank line", "bare": ""])
        #expect(content.journals.map(\.title).sorted() == ["a", "b", "c"])
    }

    /// Past `keptBodyBytes`, bodies stay in their files: each is read again, the same text, when
    /// asked; one changed since it was loaded reads as empty and fails `checkBodies`, naming it.
    @Test func bodiesLeftInTheirFilesAreReadAgainAndAChangeSinceLoadingIsCaught() throws {
        let folder = try site([
            "content/journals/a.md": "\u{FEFF}---\r\ntitle: a\r\ncreated: 2026-11-18 21:40\r\nupdated: 2026-11-18 21:40\r\n---\r\n첫 줄\r\n**둘째** 줄\r\n",
            "content/journals/b.md": "---\ntitle: b\ncreated: 2026-11-19 09:00\nupdated: 2026-11-19 09:00\n---\n경제 [링크](https://example.org/)\n",
            "content/journals/c.md": "---\ntitle: c\ncreated: 2026-11-20 09:00\nupdated: 2026-11-20 09:00\n---\n\n",
        ])
        let kept = try SiteContent.load(siteRoot: folder.url)
        let left = try SiteContent.load(siteRoot: folder.url, keptBodyBytes: 0)
        #expect(kept.journals.allSatisfy { $0.body != nil })
        #expect(left.journals.allSatisfy { $0.body == nil })
        #expect(left.journals.map(\.bodyDigest) == kept.journals.map(\.bodyDigest))
        #expect(left.journals.map(\.isBookmark) == [true, false, false])
        #expect(left.journals.map(left.markdown(of:)) == kept.journals.map(kept.markdown(of:)))
        #expect(left.markdown(of: left.journals[2]) == "첫 줄\n**둘째** 줄\n")
        try left.checkBodies()
        // Enough room for all three: kept.
        #expect(try SiteContent.load(siteRoot: folder.url, keptBodyBytes: 1 << 20).journals.allSatisfy { $0.body != nil })

        try folder.write("content/journals/b.md", "---\ntitle: b\ncreated: 2026-11-19 09:00\nupdated: 2026-11-19 09:00\n---\n경제 [바뀐 링크](https://example.org/)\n")
        let b = try #require(left.journals.first { $0.slug == "b" })
        #expect(left.markdown(of: b) == "")
        #expect(left.markdown(of: left.journals[2]) == "첫 줄\n**둘째** 줄\n")
        do {
            try left.checkBodies()
            Issue.record("a body changed since loading went unnoticed")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.map(\.summary) == [
                "content/journals/b.md:1:1: error: content/journals/b.md changed while the site was being built — build again; the site in place was left as it was"
            ])
        }
    }

    @Test func errorsFromEveryFileAreCollected() throws {
        let folder = try site([
            "content/journals/a.md": "---\ntitle:\n---\n",
            "content/journals/b.md": "no front matter\n",
            "content/journals/c.md": "---\ntitle: fine\n---\nok\n",
        ])
        do {
            _ = try SiteContent.load(siteRoot: folder.url)
            Issue.record("load succeeded")
        } catch let error as DiagnosticsError {
            #expect(error.diagnostics.map { $0.location?.path ?? "" } == ["content/journals/a.md", "content/journals/b.md"])
        }
    }

    @Test func linksByCanonicalURLOrIDAndWarnsOtherwise() throws {
        let url = "https://www.yna.co.kr/view/AKR1"
        let id = try #require(CanonicalURL.articleID(for: url))
        let store = String(
            decoding: ArticleStore.encode([
                Article(
                    id: id, url: url, title: "기사", description: "", source: "naver", publisher: "연합뉴스", author: nil,
                    published: "2026-11-18T09:50:00+09:00", image: nil, queries: ["금리"], language: "ko")
            ]), as: UTF8.self)
        let folder = try site([
            "content/articles/2026-W47.jsonl": store,
            "content/journals/by-url.md": "---\ntitle: a\narticle: HTTPS://WWW.YNA.CO.KR/view/AKR1?utm_source=x#top\ncreated: 2026-11-18\nupdated: 2026-11-18\n---\n",
            "content/journals/by-id.md": "---\ntitle: b\narticle: \"\(id)\"\ncreated: 2026-11-19\nupdated: 2026-11-19\n---\n",
            "content/journals/elsewhere.md": "---\ntitle: c\narticle: https://blog.example.org/post\ncreated: 2026-11-20\nupdated: 2026-11-20\ntags: [economy, econmy]\nauthor: nobody\n---\n",
        ])
        let content = try SiteContent.load(siteRoot: folder.url)
        let bySlug = Dictionary(uniqueKeysWithValues: content.journals.map { ($0.slug, $0) })
        #expect(bySlug["by-url"].flatMap(content.article(for:))?.id == id)
        #expect(bySlug["by-id"].flatMap(content.article(for:))?.id == id)
        #expect(bySlug["elsewhere"].flatMap(content.article(for:)) == nil)
        #expect(
            content.diagnostics.map(\.summary) == [
                "content/journals/elsewhere.md:3:10: warning: article 'https://blog.example.org/post' is not in the article store — the journal links to the URL as written; 'gazette add URL' stores the article",
                "content/journals/elsewhere.md:6:17: warning: unknown tag 'econmy' — did you mean 'economy'? known tags: economy; add it under 'tags:' in gazette.yml (until then it has a page of its own, named 'econmy')",
                "content/journals/elsewhere.md:7:9: warning: unknown author 'nobody' — known authors: heedon; add it under 'authors:' in gazette.yml",
            ])
        #expect(content.weeks.map(\.week.description) == ["2026-W47"])
        #expect(content.journals.map(\.slug) == ["elsewhere", "by-id", "by-url"])
        // The unknown tag has its page, after the vocabulary's tags (issue 48, item 4).
        #expect(content.config.tags.map(\.key) == ["economy", "econmy"])
    }

    /// With a cache (`serve`), a journal's cross-reference warnings are kept between loads, and
    /// made again when what they depend on changes: the article store, the config, the journal.
    @Test func crossReferenceWarningsFollowTheStoreTheConfigAndTheJournal() throws {
        let url = "https://blog.example.org/post"
        let folder = try site([
            "content/journals/a.md": "---\ntitle: a\narticle: \(url)\ncreated: 2026-11-20\nupdated: 2026-11-20\ntags: [economy, climate]\n---\n"
        ])
        let cache = ContentMemo()
        func warnings() throws -> [String] {
            try SiteContent.load(siteRoot: folder.url, cache: cache).diagnostics.map(\.message)
        }
        let unstored = "article '\(url)' is not in the article store"
        let unknownTag = "unknown tag 'climate'"
        #expect(try warnings() == [unstored, unknownTag])
        #expect(try warnings() == [unstored, unknownTag])

        let article = Article(
            id: try #require(CanonicalURL.articleID(for: url)), url: url, title: "글", description: "", source: "manual", publisher: nil,
            author: nil, published: "2026-11-20T09:00:00+09:00", image: nil, queries: [], language: "ko")
        try folder.write("content/articles/2026-W47.jsonl", String(decoding: ArticleStore.encode([article]), as: UTF8.self))
        #expect(try warnings() == [unknownTag])

        try folder.write("gazette.yml", "title: Test\ntags: { economy: 경제, climate: 기후 }\n")
        #expect(try warnings() == [])

        try folder.write("content/journals/a.md", "---\ntitle: a\narticle: \(url)\ncreated: 2026-11-20\nupdated: 2026-11-20\ntags: [energy]\n---\n")
        #expect(try warnings() == ["unknown tag 'energy'"])
    }

    /// A journal naming the mobile page of an article the store holds under its desktop address
    /// (as a member shares it from a phone) is about that article; the desktop page of a
    /// mobile address too. Another site's page is not.
    @Test func theMobilePageOfAStoredArticleIsThatArticle() throws {
        let stored = ["https://www.yna.co.kr/view/AKR1", "https://m.hankyung.com/article/2"].map { url in
            Article(
                id: CanonicalURL.articleID(for: url) ?? "", url: url, title: url.hasSuffix("1") ? "연합" : "한경", description: "", source: "naver",
                publisher: nil, author: nil, published: "2026-11-20T09:00:00+09:00", image: nil, queries: [], language: "ko")
        }
        var files = ["content/articles/2026-W47.jsonl": String(decoding: ArticleStore.encode(stored), as: UTF8.self)]
        for (name, url) in [("a", "https://m.yna.co.kr/view/AKR1"), ("b", "https://www.hankyung.com/article/2"), ("c", "https://m.example.org/view/AKR1")] {
            files["content/journals/\(name).md"] = "---\ntitle: \(name)\narticle: \(url)\ncreated: 2026-11-20\n---\n본문\n"
        }
        let folder = try site(files)
        let content = try SiteContent.load(siteRoot: folder.url, throwsOnErrors: false)
        #expect(content.journals.sorted { $0.slug < $1.slug }.map { content.article(for: $0)?.title } == ["연합", "한경", nil])
        #expect(content.diagnostics.filter { $0.message.contains("is not in the article store") }.count == 1)
    }

    /// With a cache, the slug check and the config follow the files: two journals of one slug
    /// are an error until one is renamed, and again once it is named back (the same journals,
    /// in the same order, as the check remembered them); an edited config is read again.
    @Test func theSlugCheckAndTheConfigFollowTheFilesUnderACache() throws {
        let folder = try site([
            "content/journals/2026-11/same.md": "---\ntitle: a\ncreated: 2026-11-20\n---\n",
            "content/journals/2026-12/same.md": "---\ntitle: b\ncreated: 2026-11-21\n---\n",
        ])
        let cache = ContentMemo()
        func load() throws -> (slugErrors: Int, title: String) {
            let content = try SiteContent.load(siteRoot: folder.url, cache: cache, throwsOnErrors: false)
            return (content.diagnostics.count { $0.message.hasPrefix("slug 'same' is used by both") }, content.config.title)
        }
        #expect(try load().slugErrors == 1)
        #expect(try load().slugErrors == 1, "the remembered check says it again")
        let root = folder.url.appendingPathComponent("content/journals/2026-12")
        try FileManager.default.moveItem(at: root.appendingPathComponent("same.md"), to: root.appendingPathComponent("other.md"))
        #expect(try load().slugErrors == 0)
        try FileManager.default.moveItem(at: root.appendingPathComponent("other.md"), to: root.appendingPathComponent("same.md"))
        #expect(try load().slugErrors == 1)
        let title = try load().title
        try folder.write("gazette.yml", "title: 새 이름\n")
        #expect(try load().title == "새 이름" && title != "새 이름")
    }

    /// With a cache, each journal's and article's week, and the article a journal names, are
    /// remembered by place: a time zone changed in the config moves a journal written near
    /// midnight to the week it now falls in, and a journal naming another article finds it.
    @Test func weeksAndArticlesFollowTheZoneAndTheReferenceUnderACache() throws {
        let first = "https://news.example.com/a", second = "https://news.example.com/b"
        let folder = try site([
            // Monday 02:00 in Seoul is Sunday 17:00 in UTC: week 48 in Seoul, 47 in UTC (the
            // article, an hour earlier, too).
            "content/journals/a.md": "---\ntitle: a\ncreated: 2026-11-23T02:00:00+09:00\narticle: \(first)\n---\nbody\n"
        ])
        func article(_ url: String) throws -> Article {
            Article(
                id: try #require(CanonicalURL.articleID(for: url)), url: url, title: url, description: "", source: "manual", publisher: nil,
                author: nil, published: "2026-11-23T01:00:00+09:00", image: nil, queries: [], language: "ko")
        }
        try folder.write("content/articles/2026-W48.jsonl", String(decoding: ArticleStore.encode([try article(first), try article(second)]), as: UTF8.self))
        let cache = ContentMemo()
        func load() throws -> (journalWeek: String, articleWeeks: [String], article: String?) {
            let content = try SiteContent.load(siteRoot: folder.url, cache: cache, throwsOnErrors: false)
            let journal = try #require(content.journals.first)
            return (
                content.weeks.first { $0.journals.contains(journal) }?.week.description ?? "none",
                content.weeks.filter { !$0.articles.isEmpty }.map(\.week.description),
                content.article(for: journal)?.url
            )
        }
        try folder.write("gazette.yml", "title: Test\ntimezone: Asia/Seoul\n")
        var loaded = try load()
        #expect(loaded.journalWeek == "2026-W48" && loaded.articleWeeks == ["2026-W48"] && loaded.article == first)
        #expect(try load().journalWeek == "2026-W48")
        try folder.write("gazette.yml", "title: Test\ntimezone: UTC\n")
        loaded = try load()
        #expect(loaded.journalWeek == "2026-W47" && loaded.articleWeeks == ["2026-W47"], "\(loaded)")
        try folder.write("content/journals/a.md", "---\ntitle: a\ncreated: 2026-11-23T02:00:00+09:00\narticle: \(second)\n---\nbody\n")
        #expect(try load().article == second)
    }

    /// With a cache, whether a body may show a picture is remembered by the body: a picture
    /// written into a body that had none is found, and a file added for a picture already
    /// written is found too (the files are looked for on every load).
    @Test func picturesAreFoundAsBodiesAndFilesChange() throws {
        let folder = try site(["content/journals/a.md": "---\ntitle: a\ncreated: 2026-11-20\n---\nno picture\n"])
        let images = try TestImages()
        try folder.write("content/journals/chart.png", try images.data("photo.png"))
        let cache = ContentMemo()
        func pictures() throws -> (files: [String], errors: [String]) {
            let content = try SiteContent.load(siteRoot: folder.url, cache: cache, throwsOnErrors: false)
            return (content.journals.flatMap { content.pictures(of: $0).map(\.file) }, content.diagnostics.map(\.message))
        }
        #expect(try pictures().files.isEmpty)
        #expect(try pictures().files.isEmpty)
        try folder.write("content/journals/a.md", "---\ntitle: a\ncreated: 2026-11-20\n---\n![차트](chart.png) ![표](table.png)\n")
        let written = try pictures()
        #expect(written.files == ["content/journals/chart.png"])
        #expect(written.errors.contains { $0.contains("table.png") }, "\(written.errors)")
        try folder.write("content/journals/table.png", try images.data("photo.png"))
        #expect(try pictures().files == ["content/journals/chart.png", "content/journals/table.png"])
    }

    /// A link to another journal of the site would publish it twice: left out and said; a link
    /// whose file was moved or deleted is said, not passed over. A link to a file elsewhere in
    /// the site is a journal as before.
    @Test func linksToJournalsAndLinksToNothingAreSaid() throws {
        let folder = try site([
            "content/journals/real.md": "---\ntitle: 진짜\ncreated: 2026-11-20\n---\n본문\n",
            "drafts/elsewhere.md": "---\ntitle: 다른 곳\ncreated: 2026-11-21\n---\n본문\n",
        ])
        let journals = folder.url.appendingPathComponent("content/journals")
        try FileManager.default.createSymbolicLink(atPath: journals.appendingPathComponent("alias.md").path, withDestinationPath: "real.md")
        try FileManager.default.createSymbolicLink(atPath: journals.appendingPathComponent("gone.md").path, withDestinationPath: "moved-away.md")
        try FileManager.default.createSymbolicLink(atPath: journals.appendingPathComponent("linked.md").path, withDestinationPath: "../../drafts/elsewhere.md")
        let content = try SiteContent.load(siteRoot: folder.url, throwsOnErrors: false)
        #expect(content.journals.map(\.path).sorted() == ["content/journals/linked.md", "content/journals/real.md"])
        let said = content.diagnostics.map(\.summary)
        #expect(said.contains { $0.hasPrefix("content/journals/alias.md:1:1: warning: content/journals/alias.md is a symbolic link to the journal content/journals/real.md: left out") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("content/journals/gone.md:1:1: warning: content/journals/gone.md is a symbolic link to moved-away.md, which does not exist") }, "\(said)")
    }

    /// With a cache, a journal the watcher did not name is taken as it was without a `stat`,
    /// unless it is a link: its target can change where no watched folder sees it.
    @Test func aLinkedJournalEditedOutsideTheWatchedFoldersIsReadAgain() throws {
        let folder = try site(["outside/real.md": "---\ntitle: linked\ncreated: 2026-11-20\n---\nfirst\n"])
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("content/journals"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("content/journals/linked.md").path, withDestinationPath: "../../outside/real.md")
        let cache = ContentMemo()
        cache.noteChanges(nil)  // watched from the start, as in serve
        func body() throws -> String? {
            let content = try SiteContent.load(siteRoot: folder.url, cache: cache)
            return content.journals.first.map(content.markdown(of:))
        }
        #expect(try body() == "first\n")
        try folder.write("outside/real.md", "---\ntitle: linked\ncreated: 2026-11-20\n---\nsecond\n")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: folder.url.appendingPathComponent("outside/real.md").path)
        cache.noteChanges([])
        #expect(try body() == "second\n")
    }

    /// `check` and `gazette new` share one vocabulary check; both suggest the closest author, as
    /// they did the closest tag (`check` used to list the authors without a suggestion).
    @Test func unknownKeysAreAnsweredWithTheClosestKnownOne() {
        let config = SiteConfig(title: "T", authors: [Author(key: "heedon", name: "함희돈")], tags: [Tag(key: "economy", name: "경제")])
        #expect(Vocabulary.unknown(.author, "heedon", in: config) == nil)
        #expect(Vocabulary.unknown(.author, "heedoon", in: config)?.message == "unknown author 'heedoon'")
        #expect(Vocabulary.unknown(.author, "heedoon", in: config)?.hint == "did you mean 'heedon'? known authors: heedon")
        #expect(Vocabulary.unknown(.tag, "econmy", in: config)?.hint == "did you mean 'economy'? known tags: economy")
        // Two tags joined by the comma of a Korean input method: the comma is the slip.
        let comma = Vocabulary.unknown(.tag, "economy，politics、world", in: config)
        #expect(comma?.message == "unknown tag 'economy，politics、world': '，' is not the comma that separates tags")
        #expect(comma?.hint == "did you mean 'economy, politics, world'? type the comma with the input method in English mode" && comma?.addable == false)
        // The list's brackets typed in that mode too: one fix, the list meant in ASCII brackets
        // (a tag written by its name given by its key), not the brackets kept for a second round.
        let both = Vocabulary.unknown(.tag, "［경제，world］", in: config)
        #expect(both?.hint == "did you mean '[economy, world]'? type the comma and brackets with the input method in English mode", "\(String(describing: both))")
        let bracketed = Vocabulary.unknown(.tag, "【경제】", in: config)
        #expect(bracketed?.message == "unknown tag '【경제】': '【' and '】' are not the brackets of a list")
        #expect(bracketed?.hint == "did you mean '[economy]'? type the brackets with the input method in English mode" && bracketed?.addable == false)
        #expect(Vocabulary.unknown(.author, "anyone", in: SiteConfig(title: "T")) == nil)
    }

    /// A key with a character that shows as nothing in it (a zero width space copied along):
    /// the message shows where it is, the hint the key meant.
    @Test func aKeyWithAnInvisibleCharacterIsShownWithIt() {
        let config = SiteConfig(title: "T", authors: [Author(key: "heedon", name: "함희돈")], tags: [Tag(key: "economy", name: "경제")])
        let tag = Vocabulary.unknown(.tag, "econ\u{200B}omy", in: config)
        #expect(tag?.message == "unknown tag 'econ<U+200B>omy'")
        #expect(tag?.hint.hasPrefix("did you mean 'economy'? it holds a character that shows as nothing (written here as <U+…>)") == true)
        #expect(Vocabulary.unknown(.author, "\u{FEFF}heedon", in: config)?.hint.hasPrefix("did you mean 'heedon'?") == true)
        #expect("금리\u{00AD}인상".revealingInvisibles == "금리<U+00AD>인상" && "금리 인상".invisiblesNote == nil)
        // A joiner that makes an emoji is no slip.
        #expect("👩\u{200D}💻".revealingInvisibles == "👩\u{200D}💻")
    }

    /// A picture's name with a character that shows as nothing copied along (`chart​.png`) is
    /// named with the file meant, not as a slip of case.
    @Test func aPictureNameWithAnInvisibleCharacterIsShownWithIt() throws {
        let folder = try site([
            "content/journals/a.md": "---\ntitle: a\ncreated: 2026-11-18\n---\n![차트](chart\u{200B}.png)\n",
            "content/journals/chart.png": "png",
        ])
        let content = try SiteContent.load(siteRoot: folder.url, throwsOnErrors: false)
        let missing = try #require(content.diagnostics.first { $0.message.hasPrefix("picture ") })
        #expect(missing.message == "picture 'chart<U+200B>.png' has no file: content/journals/chart<U+200B>.png is missing")
        #expect(missing.hint?.hasPrefix("did you mean 'chart.png'? it holds a character that shows as nothing") == true)
    }

    @Test func draftsOnlyWhenAskedFor() throws {
        let folder = try site([
            "content/journals/a.md": "---\ntitle: a\ndraft: true\ncreated: 2026-11-18\n---\nx\n",
            "content/journals/b.md": "---\ntitle: b\ncreated: 2026-11-18\n---\nx\n",
        ])
        #expect(try SiteContent.load(siteRoot: folder.url).journals.map(\.slug) == ["b"])
        #expect(try SiteContent.load(siteRoot: folder.url, includeDrafts: true).journals.count == 2)
    }

    /// Runs git in `folder` with author and committer dated `date`.
    func git(_ arguments: [String], date: String, in folder: TemporaryFolder) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=T", "-c", "user.email=t@example.org"] + arguments
        process.currentDirectoryURL = folder.url
        process.environment = ["GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    @Test func datesComeFromGitHistoryWhenNotWritten() throws {
        let folder = try site(["content/journals/from-git.md": "---\ntitle: from git\n---\nfirst\n"])
        try git(["init", "-q"], date: "2026-11-10T10:00:00+09:00", in: folder)
        try git(["add", "."], date: "2026-11-10T10:00:00+09:00", in: folder)
        try git(["commit", "-qm", "first"], date: "2026-11-10T10:00:00+09:00", in: folder)
        try folder.write("content/journals/from-git.md", "---\ntitle: from git\n---\nsecond\n")
        try git(["commit", "-qam", "second"], date: "2026-11-12T18:30:00+09:00", in: folder)
        let journal = try #require(try SiteContent.load(siteRoot: folder.url).journals.first)
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        #expect(ISO8601.format(journal.created, in: seoul) == "2026-11-10T10:00:00+09:00")
        #expect(ISO8601.format(journal.updated, in: seoul) == "2026-11-12T18:30:00+09:00")
    }

    /// `serve` keeps the commit dates while `HEAD` stays put, and reads them again once it
    /// moves, here by a commit that changes no file the watcher would report.
    @Test func keptCommitDatesFollowHead() throws {
        let folder = try site(["content/journals/from-git.md": "---\ntitle: from git\n---\nfirst\n"])
        try git(["init", "-q"], date: "2026-11-10T10:00:00+09:00", in: folder)
        try git(["add", "."], date: "2026-11-10T10:00:00+09:00", in: folder)
        try git(["commit", "-qm", "first"], date: "2026-11-10T10:00:00+09:00", in: folder)
        let cache = ContentMemo()
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        func updated() throws -> String {
            let journal = try #require(try SiteContent.load(siteRoot: folder.url, cache: cache).journals.first)
            return ISO8601.format(journal.updated, in: seoul)
        }
        #expect(try updated() == "2026-11-10T10:00:00+09:00")
        cache.noteChanges([])
        #expect(try updated() == "2026-11-10T10:00:00+09:00")
        try git(["commit", "--amend", "-qm", "first, dated again"], date: "2026-11-14T08:00:00+09:00", in: folder)
        cache.noteChanges([])
        #expect(try updated() == "2026-11-14T08:00:00+09:00")
    }

    @Test func modificationTimeOutsideGit() throws {
        let folder = try site(["content/journals/loose.md": "---\ntitle: loose\n---\nx\n"])
        let stamp = Date(timeIntervalSince1970: 1_763_000_000)
        try FileManager.default.setAttributes(
            [.modificationDate: stamp], ofItemAtPath: folder.url.appendingPathComponent("content/journals/loose.md").path)
        let journal = try #require(try SiteContent.load(siteRoot: folder.url).journals.first)
        #expect(journal.created == stamp)
        #expect(journal.updated == stamp)
    }
}

/// `lfLines` finds lines on UTF-8 bytes; it must give exactly what splitting by characters gives.
@Suite struct LineSplittingTests {
    @Test func lfLinesEqualsSplittingByCharacter() {
        let pieces = ["", "\n", "a", "한글", "👩‍💻", " ", "---", "\n\n", "e\u{301}", "x\ny"]
        var state: UInt64 = 7
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1
                text += pieces[Int(state >> 33) % pieces.count]
            }
            #expect(text.lfLines().map(String.init) == text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), "\(text.debugDescription)")
        }
    }
}

import Authoring
import Content
import Site
import Foundation
import GazetteModel
import Testing
import TestSupport

@Suite struct SiteScaffoldTests {
    let now = ISO8601.parse("2026-11-18T21:40:00+09:00")!

    @Test func scaffoldIsAWorkingSite() throws {
        let folder = try TemporaryFolder("gazette-init")
        let result = try SiteScaffold.create(in: folder.url, force: false, now: now)
        #expect(
            result.created.sorted() == [
                ".github/workflows/publish.yml", ".gitignore", "content/articles/.gitattributes", "content/articles/2026-W47.jsonl",
                "content/journals/2026-11-18-first-journal.md", "gazette.schema.json", "gazette.yml",
            ])
        let content = try SiteContent.load(siteRoot: folder.url)
        #expect(content.diagnostics.map(\.summary) == [])
        #expect(content.journals.count == 1)
        #expect(content.journals.first.flatMap(content.article(for:)) != nil)
        // A new group's lines end where its members end them (a 세 줄 요약 is three lines).
        #expect(content.config.markdown.lineBreaks)
        #expect(try folder.read(".gitignore").contains("public/\n.public.lock\n.public.previous/\n.gazette/\n"))
        // Every key the README documents is in the commented config.
        let config = try folder.read("gazette.yml")
        for key in ["title:", "description:", "base_url:", "language:", "timezone:", "authors:", "tags:", "sources:", "naver:", "newsapi:", "mediastack:", "feeds:", "max_results", "endpoint", "packet:", "markdown:", "line_breaks:", "unsafe_html:", "board:", "publish:", "cname:"] {
            #expect(config.contains(key), "gazette.yml lacks \(key)")
        }
    }

    /// Whoever runs `gazette init` (git's user.name, quotes and all) is its first member, `me`:
    /// `gazette new` finds them by that name without --author.
    @Test func theFirstMemberIsWhoeverRanInit() throws {
        let folder = try TemporaryFolder("gazette-init-member")
        let name = "김민지 \"MJ\" \\ Kim"
        _ = try SiteScaffold.create(in: folder.url, force: false, now: now, member: name)
        let content = try SiteContent.load(siteRoot: folder.url)
        #expect(content.diagnostics.map(\.summary) == [])
        #expect(content.config.authors.map(\.name) == [name])
        #expect(AuthorIdentity(named: nil, gitName: name, gitEmail: nil).member(in: content.config) == .found("me"))
        let plain = try TemporaryFolder("gazette-init-no-member")
        _ = try SiteScaffold.create(in: plain.url, force: false, now: now)
        #expect(try SiteContent.load(siteRoot: plain.url).config.authors.map(\.name) == ["나"])
    }

    /// Every setting gazette.yml offers in a comment, turned on at once (each `#` before a key
    /// taken off, its indent kept), is a configuration the loader takes without a word: no two
    /// commented lines set the same key.
    @Test func everyCommentedSettingCanBeTurnedOnAtOnce() throws {
        let folder = try TemporaryFolder("gazette-init-uncommented")
        _ = try SiteScaffold.create(in: folder.url, force: false, now: now)
        let lines = try folder.read("gazette.yml").split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let found = line.firstMatch(of: /^(\s*)# ?(\s*[a-z_]+:.*)$/) else { return String(line) }
            return String(found.1 + found.2)
        }
        try folder.write("gazette.yml", lines.joined(separator: "\n"))
        let content = try SiteContent.load(siteRoot: folder.url)
        #expect(content.diagnostics.filter { $0.severity == .error }.map(\.summary) == [])
        #expect(content.config.sources.apis.keys.sorted() == ["mediastack", "naver", "newsapi"] && content.config.sources.feeds.count == 1)
        #expect(content.config.board.articlesPerPage == 60 && content.config.board.perPage == 30)
    }

    @Test func workflowBuildsThePinnedGazette() throws {
        let folder = try TemporaryFolder("gazette-init-workflow")
        let commit = "0123456789abcdef0123456789abcdef01234567"
        _ = try SiteScaffold.create(in: folder.url, force: false, now: now, gazetteVersion: commit)
        let workflow = try folder.read(".github/workflows/publish.yml")
        #expect(workflow.contains("\n  GAZETTE_VERSION: \(commit)\n"))
        // The repository is written once, at the top; every step reads it from there.
        #expect(workflow.components(separatedBy: GazetteRelease.repository).count == 2)
        #expect(workflow.contains("\n  GAZETTE_REPOSITORY: \(GazetteRelease.repository)\n"))
        #expect(workflow.contains("fetch-depth: 0"))
        #expect(workflow.contains("\"$GAZETTE_SOURCE/debian-packages.txt\""))
        #expect(workflow.contains("gazette publish --remote origin --branch gh-pages"))
        // Without a commit (a build outside git), the release's tag.
        let untagged = try TemporaryFolder("gazette-init-workflow-tag")
        _ = try SiteScaffold.create(in: untagged.url, force: false, now: now)
        #expect(try untagged.read(".github/workflows/publish.yml").contains("\n  GAZETTE_VERSION: v\(GazetteRelease.version)\n"))
    }

    @Test func refusesANonEmptyFolderAndNeverOverwrites() throws {
        let folder = try TemporaryFolder("gazette-init-full")
        try folder.write("gazette.yml", "title: Mine\n")
        #expect(throws: DiagnosticsError.self) { try SiteScaffold.create(in: folder.url, force: false, now: now) }
        #expect(!folder.exists("content"))
        let result = try SiteScaffold.create(in: folder.url, force: true, now: now)
        #expect(result.kept == ["gazette.yml"])
        #expect(try folder.read("gazette.yml") == "title: Mine\n")
        #expect(folder.exists("content/journals/2026-11-18-first-journal.md"))
    }
}

@Suite struct NewJournalTests {
    let now = ISO8601.parse("2026-11-19T08:05:00+09:00")!

    func site() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("gazette-new")
        try Repository.copyExampleSite(to: folder.url)
        return folder
    }

    @Test func fromAStoredArticleByID() throws {
        let folder = try site()
        let content = try SiteContent.load(siteRoot: folder.url)
        let article = try #require(content.articles.first { $0.title.contains(":") || $0.title.contains("\"") } ?? content.articles.first)
        let path = try NewJournal.create(.init(article: article.id, tags: ["economy", "politics"], author: "heedon", now: now), siteRoot: folder.url)
        #expect(path.hasPrefix("content/journals/2026-11-19-"))
        let text = try folder.read(path)
        #expect(text.hasPrefix("---\ntitle: \""))
        #expect(text.contains("\narticle: \"\(article.url)\"\ntags: [economy, politics]\nauthor: heedon\ncreated: 2026-11-19 08:05\n---\n"))
        // The file loads back as a bookmark about that article, with the article's title.
        let reloaded = try SiteContent.load(siteRoot: folder.url, includeDrafts: true)
        let journal = try #require(reloaded.journals.first { $0.path == path })
        #expect(journal.title == article.title)
        #expect(journal.isBookmark)
        #expect(reloaded.article(for: journal)?.id == article.id)
    }

    @Test func hangulTitleAndSlugClashGetASuffix() throws {
        let folder = try site()
        let first = try NewJournal.create(
            .init(article: "https://blog.example.org/x", title: "기후 적응 예산", author: "sam", now: now), siteRoot: folder.url)
        // 기후-적응-예산 is already taken by an example journal.
        #expect(first == "content/journals/2026-11-19-기후-적응-예산-2.md")
        let second = try NewJournal.create(.init(title: "기후 적응 예산", author: "sam", now: now), siteRoot: folder.url)
        #expect(second == "content/journals/2026-11-19-기후-적응-예산-3.md")
        #expect(try folder.read(first).contains("article: \"https://blog.example.org/x\""))
    }

    @Test func unknownTagsAndIDsListCloseMatches() throws {
        let folder = try site()
        let content = try SiteContent.load(siteRoot: folder.url)
        let id = try #require(content.articles.first?.id)
        let typo = String(id.dropLast()) + (id.last == "0" ? "1" : "0")
        do {
            _ = try NewJournal.create(.init(article: typo, tags: ["econmy"], author: "heedoon", now: now), siteRoot: folder.url)
            Issue.record("created a journal with an unknown id, tag and author")
        } catch let error as DiagnosticsError {
            let messages = error.diagnostics.map(\.summary)
            #expect(messages.count == 3)
            #expect(messages[0] == "error: no article with id '\(typo)' in content/articles/ — did you mean \(id)?")
            #expect(messages[1].hasPrefix("error: unknown tag 'econmy' — did you mean 'economy'? known tags: politics, economy"))
            #expect(messages[2] == "error: unknown author 'heedoon' — did you mean 'heedon'? known authors: heedon, jiwoo, sam")
        }
        #expect(JournalLoader.journalPaths(siteRoot: folder.url).count == content.journals.count + 1)  // + the draft
        // A tag new to the group: how to add it to the vocabulary.
        #expect {
            _ = try NewJournal.create(.init(title: "메모", tags: ["금리"], author: "sam", now: now), siteRoot: folder.url)
        } throws: { error in
            let said = (error as? DiagnosticsError)?.diagnostics.map(\.summary) ?? []
            return said.count == 1 && said[0].hasPrefix("error: unknown tag '금리' — known tags: politics, economy, ")
                && said[0].hasSuffix("; add it under 'tags:' in gazette.yml (금리: the name pages show)")
        }
    }

    /// What a newcomer types for the article (a title, an address without its scheme) is
    /// refused with the command they meant; nothing is written.
    @Test func aTitleOrABareAddressGivenAsTheArticleSaysWhatToType() throws {
        let folder = try site()
        let before = JournalLoader.journalPaths(siteRoot: folder.url).count
        let cases = [
            (NewJournal.Request(article: "오늘의 \"금리\" 뉴스", author: "sam", now: now), "gazette new --title \"오늘의 \\\"금리\\\" 뉴스\""),
            (NewJournal.Request(article: "news.example.org/economy/1", author: "sam", now: now), "gazette new https://news.example.org/economy/1"),
            (NewJournal.Request(article: "금리 뉴스", title: "금리", author: "sam", now: now), "its \"id\" in content/articles/"),
        ]
        for (request, wanted) in cases {
            do {
                _ = try NewJournal.create(request, siteRoot: folder.url)
                Issue.record("created a journal for \(request.article ?? "")")
            } catch let error as DiagnosticsError {
                let summary = error.diagnostics.map(\.summary).joined(separator: "\n")
                #expect(summary.contains("is neither an article id nor an http(s) URL"), "\(summary)")
                #expect(summary.contains(wanted), "\(summary)")
            }
        }
        #expect(JournalLoader.journalPaths(siteRoot: folder.url).count == before)
    }

    /// The title in that hint is one shell word that a shell reads back as the title, whatever
    /// it holds: a `$` or a backquote in double quotes would be expanded when the member pastes
    /// the command, and a `!` by an interactive bash.
    @Test func theHintsTitleIsOneShellWordThatReadsBackAsTheTitle() throws {
        let folder = try site()
        for title in ["오늘의 \"금리\" 뉴스", "금리 $100 인상!", "`date` 기사", "백슬래시 \\ 와 '따옴표'", "$(echo 주의) 뉴스"] {
            do {
                _ = try NewJournal.create(.init(article: title, author: "sam", now: now), siteRoot: folder.url)
                Issue.record("created a journal for \(title)")
            } catch let error as DiagnosticsError {
                let summary = error.diagnostics.map(\.summary).joined(separator: "\n")
                let marker = "gazette new --title "
                let word = try #require(summary.range(of: marker).map { String(summary[$0.upperBound...].prefix { $0 != "\n" }) }, "\(summary)")
                let echoed = try Program.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf %s " + word])
                #expect(echoed.status == 0 && echoed.stdout == title, "\(word) read back as \(echoed.stdout)")
                if title.contains("!") { #expect(word.hasPrefix("'"), "\(word): an interactive bash expands ! in double quotes") }
            }
        }
    }

    @Test func titlesWithYAMLSyntaxRoundTrip() throws {
        let folder = try site()
        let title = "금리: \"동결\" \\ 또는 [인상]? #속보"
        let path = try NewJournal.create(.init(title: title, author: "jiwoo", now: now), siteRoot: folder.url)
        let reloaded = try SiteContent.load(siteRoot: folder.url)
        #expect(reloaded.journals.first { $0.path == path }?.title == title)
    }

    // MARK: gazette new as a helper (issue 48, item 9)

    static let nobody = AuthorIdentity(named: nil, gitName: nil, gitEmail: nil)

    @Test func theBodyHoldsTheGroupsPromptsAndIsABookmarkUntilAnswered() throws {
        let folder = try site()
        let path = try NewJournal.create(.init(title: "금리", author: "heedon", now: now, identity: Self.nobody), siteRoot: folder.url)
        let text = try folder.read(path)
        #expect(text.hasSuffix("---\n\n## 요약\n\n\n\n## 내 생각\n\n\n\n## 면접 질문\n\n- \n"))
        // Unanswered, the prompts publish nothing: the journal is a bookmark.
        var journal = try #require(try SiteContent.load(siteRoot: folder.url).journals.first { $0.path == path })
        #expect(journal.isBookmark)
        try folder.write(path, text.replacingOccurrences(of: "## 내 생각\n\n", with: "## 내 생각\n\n동결이 맞다고 본다.\n"))
        journal = try #require(try SiteContent.load(siteRoot: folder.url).journals.first { $0.path == path })
        #expect(!journal.isBookmark)
        // English sites get English prompts.
        #expect(JournalTemplate.defaultBody(.en).hasPrefix("## Summary\n"))
    }

    @Test func theSitesOwnTemplateReplacesThePrompts() throws {
        let folder = try site()
        try folder.write("templates/journal.md", "> {{article.title}} ({{article.publisher}})\n\n# {{title}}\n\n1. \n")
        let content = try SiteContent.load(siteRoot: folder.url)
        let article = try #require(content.articles.first)
        let path = try NewJournal.create(.init(article: article.id, author: "heedon", now: now, identity: Self.nobody), siteRoot: folder.url)
        #expect(try folder.read(path).hasSuffix("---\n\n> \(article.title) (\(article.publisher ?? ""))\n\n# \(article.title)\n\n1. \n"))
        // The template is not a page template: the theme still loads and builds.
        #expect(throws: Never.self) { try Theme.load(siteRoot: folder.url) }
    }

    @Test func theAuthorIsTheMemberThisMachineNames() throws {
        let folder = try site()
        func author(_ identity: AuthorIdentity) throws -> String? {
            let path = try NewJournal.create(.init(title: "누가 썼나", now: now, identity: identity), siteRoot: folder.url)
            return try SiteContent.load(siteRoot: folder.url, includeDrafts: true).journals.first { $0.path == path }?.author
        }
        #expect(try author(AuthorIdentity(named: "jiwoo", gitName: "Someone", gitEmail: nil)) == "jiwoo")
        #expect(try author(AuthorIdentity(named: nil, gitName: "SAM", gitEmail: nil)) == "sam")
        #expect(try author(AuthorIdentity(named: nil, gitName: "Kim", gitEmail: "heedon@example.org")) == "heedon")
        do {
            _ = try NewJournal.create(
                .init(title: "누구?", now: now, identity: AuthorIdentity(named: nil, gitName: "Kim", gitEmail: "kim@example.org")), siteRoot: folder.url)
            Issue.record("a journal without a known author was written")
        } catch let error as DiagnosticsError {
            #expect(
                error.diagnostics.map(\.summary) == [
                    "error: who is writing? git's user.name 'Kim' and user.email 'kim@example.org' is none of the members — pass --author KEY, or set GAZETTE_AUTHOR=KEY; members: heedon (함희돈), jiwoo (박지우), sam (Sam Carter)"
                ])
        }
    }
}

import Content
import Foundation
import GazetteModel
import Mail
import Pipeline
import Site
import Testing
import TestSupport

/// An incremental build is byte-identical to a clean build of the same input. A random sequence
/// of edits — to every input a page shows: bodies, titles, tags, authors, dates, drafts, renames,
/// deletions, new journals, config, theme, static files, the article store's records and the
/// articles' thumbnails (the first edit is always a thumbnail: `fetch --enrich` makes them for
/// records that do not change) — is applied to the example site; after each, the site is built
/// three ways and compared file by file:
/// - `gazette build` reusing its ledger and the previous site (`public/`),
/// - `gazette serve`'s in-place rebuild with its caches and known page keys (`serve/`), told
///   which source files changed as its watcher would tell it,
/// - a clean build into a fresh folder, which renders and writes its pages three at a time and
///   reads every body again from its file, keeping none.
///
/// The seed is printed; `GAZETTE_IDENTITY_SEED=N` replays a run.
@Suite(.serialized) struct IncrementalIdentityTests {
    @Test func incrementalBuildsMatchCleanBuildsAfterRandomEdits() throws {
        let seed = ProcessInfo.processInfo.environment["GAZETTE_IDENTITY_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        print("incremental identity: seed \(seed) (replay with GAZETTE_IDENTITY_SEED=\(seed))")
        var random = SeededGenerator(seed: seed)
        let site = try TemporaryFolder("gazette-identity")
        try Repository.copyExampleSite(to: site.url)
        let memory = BuildMemory()
        var reused = (build: 0, serve: 0)
        func incremental() throws {
            reused.build += try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public"))).reused
        }
        func serve() throws {
            // As `gazette serve` does: the search index and page made and written after the
            // other pages, packets typeset when asked for.
            let options = BuildOptions(
                siteRoot: site.url, output: site.url.appendingPathComponent("serve"), sink: .inPlace(memory), fonts: .siteCharacters)
            let report = try SiteBuilder.build(options)
            reused.serve += report.reused
            // The pass before the search index neither writes nor deletes a search file.
            #expect(!report.changed.contains { $0.hasPrefix("search/") }, "\(report.changed)")
            let deferred = try #require(report.deferredSearch)
            _ = try deferred.write()
            // Then every slow file and preview (the week packets and mails) as a request for it
            // makes it: only those whose key changed, written and recorded as serve does.
            #expect(!report.deferredFiles.isEmpty)
            for file in report.deferredFiles where memory.written.key(of: file.path) != file.key {
                let url = options.output.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.make().write(to: url, options: .atomic)
                memory.written.record(file.path, key: file.key)
            }
        }
        func clean() throws -> [String: Data] {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-clean-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: output) }
            var options = BuildOptions(siteRoot: site.url, output: output, sink: .freshFolder)
            // A clean build renders and writes its pages a batch at a time: small batches here,
            // so that the site's few dozen pages come in many of them.
            options.pageBatch = 3
            // And it holds no body: each is read again from its file, and every page's HTML is
            // made again from it, as at 100,000 journals. The other builds keep them all.
            options.keptMarkdownBytes = 0
            options.keptBodyBytes = 0
            _ = try SiteBuilder.build(options)
            return Repository.snapshot(output)
        }
        // What serve's watcher would report after each edit: the source files that changed.
        func sources() -> [String: Data] {
            var files: [String: Data] = [:]
            for folder in ["content", "templates", "static"] {
                for (path, data) in Repository.snapshot(site.url.appendingPathComponent(folder)) { files[folder + "/" + path] = data }
            }
            files["gazette.yml"] = FileManager.default.contents(atPath: site.url.appendingPathComponent("gazette.yml").path)
            return files
        }
        try incremental()
        memory.noteChanges(nil)
        try serve()
        for step in 1...10 {
            let sourcesBefore = sources()
            let edit = step == 1 ? try Self.thumbnails(site, &random) : try Self.edit(site, &random)
            let sourcesAfter = sources()
            memory.noteChanges(Set(sourcesBefore.keys).union(sourcesAfter.keys).filter { sourcesBefore[$0] != sourcesAfter[$0] }.sorted())
            let before = reused
            try incremental()
            try serve()
            // A static file changes no page: every page must come from the earlier build. (An
            // edit to a body may add a character to the subset fonts, whose new names change
            // every page.)
            if edit == "a static file" {
                #expect(reused.build - before.build > 20 && reused.serve - before.serve > 20, "after \(edit): nothing reused")
            }
            let expected = try clean()
            Self.compare(Repository.snapshot(site.url.appendingPathComponent("public")), expected, "build after step \(step) (\(edit))")
            // Built again with nothing changed: the input stamp matches and nothing is written.
            let again = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: site.url.appendingPathComponent("public")))
            #expect(again.changed.isEmpty && again.steps.map(\.name) == ["check inputs"], "a build with nothing changed did work after step \(step)")
            Self.compare(Repository.snapshot(site.url.appendingPathComponent("public")), expected, "unchanged build after step \(step)")
            // Every artifact, the packets too: serve's folder after its requests is a clean build's.
            let served = Repository.snapshot(site.url.appendingPathComponent("serve"))
            let previews = served.filter { $0.key.hasSuffix("/mail/index.html") }
            Self.compare(served.filter { previews[$0.key] == nil }, expected, "serve after step \(step) (\(edit))")
            // Its previews (each week's mail) are what the mail would be made from the site now.
            let content = try SiteContent.load(siteRoot: site.url)
            let fresh = try content.weeks.map {
                (SitePaths.file(SitePaths.mailPreview($0.week)), try DigestPreview.page(content: content, week: $0.week, baseURL: content.config.baseURL))
            }
            Self.compare(previews, Dictionary(uniqueKeysWithValues: fresh), "serve's mail previews after step \(step) (\(edit))")
        }
        // Not a comparison of two full renders: most pages were taken from the earlier build.
        print("incremental identity: pages reused \(reused.build) by build, \(reused.serve) by serve")
        #expect(reused.build > 0 && reused.serve > 0)
    }

    static func compare(_ found: [String: Data], _ expected: [String: Data], _ label: String) {
        let missing = Set(expected.keys).subtracting(found.keys).sorted()
        let extra = Set(found.keys).subtracting(expected.keys).sorted()
        let differing = expected.keys.filter { found[$0] != nil && found[$0] != expected[$0] }.sorted()
        #expect(missing.isEmpty && extra.isEmpty && differing.isEmpty, "\(label): missing \(missing), extra \(extra), differing \(differing)")
    }

    /// Applies one random edit and says what it was.
    static func edit(_ site: TemporaryFolder, _ random: inout SeededGenerator) throws -> String {
        let journals = try journalFiles(site)
        let pick = journals[Int.random(in: 0..<journals.count, using: &random)]
        let path = "content/journals/" + pick
        var text = try site.read(path)
        switch Int.random(in: 0..<15, using: &random) {
        case 0:
            try site.write(path, text + "\n\n덧붙임 \(random.next() % 1000): 한 문단 더, with a [link](https://example.org/\(random.next() % 100)).\n")
            return "body of \(pick)"
        case 1:
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasPrefix("title:") ? "title: 수정한 제목 \(random.next() % 100)" : String($0)
            }.joined(separator: "\n")
            try site.write(path, text)
            return "title of \(pick)"
        case 2:
            let tags = ["economy", "politics", "art", "science", "world"].shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
            text = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasPrefix("tags:") ? "tags: [\(tags.joined(separator: ", "))]" : String($0)
            }.joined(separator: "\n")
            try site.write(path, text)
            return "tags of \(pick)"
        case 3:
            let renamed = path.replacingOccurrences(of: ".md", with: "-moved.md")
            try FileManager.default.moveItem(at: site.url.appendingPathComponent(path), to: site.url.appendingPathComponent(renamed))
            return "renamed \(pick)"
        case 4 where journals.count > 4:
            try FileManager.default.removeItem(at: site.url.appendingPathComponent(path))
            return "deleted \(pick)"
        case 5:
            let day = Int.random(in: 10...28, using: &random)
            _ = try site.write(
                "content/journals/2026-11-\(day)-new-\(random.next() % 10000).md",
                "---\ntitle: 새 저널 \(day)\ntags: [economy]\nauthor: jiwoo\ncreated: 2026-11-\(day) 09:00\n---\n\n새로 쓴 저널의 본문입니다. A new journal.\n")
            return "added a journal on the \(day)th"
        case 6:
            var config = try site.read("gazette.yml")
            config = config.replacingOccurrences(of: "title: 뉴스 스터디", with: "title: 뉴스 스터디 \(random.next() % 100)")
                .replacingOccurrences(of: "  art: 예술", with: "  art: 미술")
            try site.write("gazette.yml", config)
            return "config title and a tag name"
        case 7:
            _ = try site.write("templates/journal.mustache", try theme("journal.mustache").replacingOccurrences(of: "</article>", with: "<p>theme \(random.next() % 100)</p></article>"))
            return "theme: journal template"
        case 8:
            _ = try site.write("static/notes-\(random.next() % 3).txt", "static \(random.next() % 100)\n")
            return "a static file"
        case 10:
            return try thumbnails(site, &random)
        case 11:
            try site.write(path, frontMatter(text, "author", "author: \(["jiwoo", "minjun", "seoyeon"].randomElement(using: &random) ?? "jiwoo")"))
            return "author of \(pick)"
        case 12:
            try site.write(path, frontMatter(text, "updated", "updated: 2026-11-\(Int.random(in: 20...28, using: &random)) 10:00"))
            return "updated date of \(pick)"
        case 13:
            let drafted = text.contains("\ndraft: true")
            try site.write(path, frontMatter(text, "draft", drafted ? "draft: false" : "draft: true"))
            return drafted ? "\(pick) published" : "\(pick) made a draft"
        case 14:
            return try storeRecord(site, &random) { record, random in
                record["publisher"] = "출판사 \(random.next() % 100)"
                record["queries"] = ["질의 \(random.next() % 10)"]
            } ?? "nothing"
        default:
            let store = "content/articles/2026-W47.jsonl"
            // One record per line: a hand edit of one line's title.
            var lines = try site.read(store).split(separator: "\n").map(String.init)
            guard !lines.isEmpty else { return "nothing" }
            let index = Int.random(in: 0..<lines.count, using: &random)
            guard var record = try JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any] else { return "nothing" }
            record["title"] = "기사 제목 \(random.next() % 1000)"
            lines[index] = String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self)
            try site.write(store, lines.joined(separator: "\n") + "\n")
            return "an article's title in the store"
        }
    }

    /// Writes the thumbnails of an article with an image that a journal links to (as `fetch
    /// --enrich` does for a record it does not change), or removes them if it has them.
    static func thumbnails(_ site: TemporaryFolder, _ random: inout SeededGenerator) throws -> String {
        let content = try SiteContent.load(siteRoot: site.url)
        let linked = content.journals.compactMap(content.article(for:)).filter { !ArticleThumbnails.names(for: $0).isEmpty }
        guard let article = linked.sorted(by: { $0.id < $1.id }).randomElement(using: &random) else { return "nothing" }
        let names = ArticleThumbnails.names(for: article)
        if content.thumbnails(of: article) == nil {
            for name in names { try site.write("\(ArticleThumbnails.folder)/\(name)", "webp \(name) \(random.next() % 1000)") }
            return "thumbnails made for \(article.id)"
        }
        for name in names { try FileManager.default.removeItem(at: site.url.appendingPathComponent("\(ArticleThumbnails.folder)/\(name)")) }
        return "thumbnails removed for \(article.id)"
    }

    /// `text` with its front matter's `key:` line replaced by `line`, or `line` added.
    static func frontMatter(_ text: String, _ key: String, _ line: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let end = lines.dropFirst().firstIndex(of: "---") ?? 1
        if let index = lines[1..<end].firstIndex(where: { $0.hasPrefix(key + ":") }) {
            lines[index] = line
        } else {
            lines.insert(line, at: end)
        }
        return lines.joined(separator: "\n")
    }

    /// One record of a store file changed by `change`, written back on its line.
    static func storeRecord(
        _ site: TemporaryFolder, _ random: inout SeededGenerator, _ change: (inout [String: Any], inout SeededGenerator) -> Void
    ) throws -> String? {
        let stores = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("content/articles").path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        guard let name = stores.randomElement(using: &random) else { return nil }
        let store = "content/articles/" + name
        var lines = try site.read(store).split(separator: "\n").map(String.init)
        guard !lines.isEmpty else { return nil }
        let index = Int.random(in: 0..<lines.count, using: &random)
        guard var record = try JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any] else { return nil }
        change(&record, &random)
        lines[index] = String(decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self)
        try site.write(store, lines.joined(separator: "\n") + "\n")
        return "an article's publisher and queries in \(name)"
    }

    static func journalFiles(_ site: TemporaryFolder) throws -> [String] {
        let root = site.url.appendingPathComponent("content/journals")
        let prefix = root.standardizedFileURL.path + "/"
        var files: [String] = []
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) ?? .init() where url.pathExtension == "md" {
            files.append(String(url.standardizedFileURL.path.dropFirst(prefix.count)))
        }
        return files.sorted()
    }

    /// A file of the default theme, as the site would copy it to override it.
    static func theme(_ name: String) throws -> String {
        let file = Repository.root.appendingPathComponent("templates/\(name)")
        return try String(contentsOf: file, encoding: .utf8)
    }
}

import Foundation
import GazetteModel
import Markdown
import Markup
import Yams

/// Loads every `content/journals/**/*.md` of a site into `Journal` values, collecting every
/// problem of every file as diagnostics.
public enum JournalLoader {
    public static let folder = SiteLayout.journals
    static let keys = frontMatterKeys
    /// The keys a journal's front matter may hold, in the order `gazette new` writes them.
    public static let frontMatterKeys = ["title", "article", "tags", "author", "created", "updated", "draft"]
    /// Keys other static site generators' front matter has for these, which a member who wrote
    /// there types by habit: each is named with the key meant.
    static let keyAliases: [String: (key: String, whose: String)] = [
        "date": ("created", "Hugo's and Zola's"), "publishDate": ("created", "Hugo's"), "lastmod": ("updated", "Hugo's"),
        "categories": ("tags", "Hugo's and Jekyll's"), "authors": ("author", "Zola's"),
    ]

    /// Every journal file under the site's journals folder, site-relative, in byte order.
    public static func journalPaths(siteRoot: URL) -> [String] { journalFiles(siteRoot: siteRoot).entries.map(\.path) }

    /// `journalPaths`, each saying whether it may be reached through a symbolic link, and a
    /// warning for each link that leads out of the site (`SiteBoundary`), which is not read.
    /// With them, a warning for each file that looks like a journal but is not read
    /// (`strayJournals`).
    static func journalFiles(siteRoot: URL) -> (entries: [FileTree.Entry], refused: [Diagnostic]) {
        let (entries, refused) = SiteBoundary(siteRoot: siteRoot).files(under: folder)
        let markdown = entries.filter { $0.path.lowercased().hasSuffix(".md") }
        let (copies, saidOfCopies) = syncCopies(markdown.map(\.path))
        let (aliases, saidOfAliases) = linkedJournals(markdown, siteRoot: siteRoot)
        let journals = markdown.filter { !copies.contains($0.path) && !aliases.contains($0.path) }.map {
            FileTree.Entry(path: folder + "/" + $0.path, maybeLink: $0.maybeLink)
        }
        return (journals, refused + saidOfCopies + saidOfAliases + strayJournals(siteRoot: siteRoot, beside: entries.map(\.path)))
    }

    /// The journal files (relative to the journals folder) that are symbolic links to another
    /// journal file of the site, which would publish it twice under two names: each left out,
    /// with a warning naming the file it leads to. One `realpath` per file that may be a link.
    static func linkedJournals(_ files: [FileTree.Entry], siteRoot: URL) -> (aliases: Set<String>, diagnostics: [Diagnostic]) {
        guard files.contains(where: \.maybeLink) else { return ([], []) }
        let base = siteRoot.standardizedFileURL.path + "/" + folder
        let journals = (SiteBoundary.resolved(base) ?? base) + "/"
        var aliases: Set<String> = []
        var said: [Diagnostic] = []
        for file in files where file.maybeLink {
            var status = stat()
            guard lstat(base + "/" + file.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
                let target = SiteBoundary.resolved(base + "/" + file.path), target.hasPrefix(journals), target.lowercased().hasSuffix(".md")
            else { continue }
            aliases.insert(file.path)
            said.append(
                .warning(
                    "\(folder)/\(file.path) is a symbolic link to the journal \(folder)/\(target.dropFirst(journals.count)): left out, which the site would show twice",
                    at: SourceLocation(path: folder + "/" + file.path, line: 1, column: 1),
                    hint: "remove the link; to start a new journal from it, copy the file instead"))
        }
        return (aliases, said)
    }

    /// The journal files that are such a copy of another journal file of the same folder, which
    /// the site would show twice: each left out, with a warning that says of which.
    static func syncCopies(_ files: [String]) -> (copies: Set<String>, diagnostics: [Diagnostic]) {
        // The names sync apps and file managers give a second copy of a file, after its name:
        // Dropbox and Nextcloud (` (conflicted copy 2026-12-04)`, ` (충돌 사본 …)`), Syncthing
        // (`.sync-conflict-20261204-093000-ABCDEFG`), Google Drive and browsers (` (1)`), iCloud
        // and the Finder (` 2`, ` copy`, ` 사본`), Windows (` - Copy`, ` - 복사본 (2)`).
        let copySuffix =
            /( \([^)]*(?:conflicted copy|충돌)[^)]*\)|\.sync-conflict-\d{8}-\d{6}(?:-[A-Za-z0-9]+)?| \(\d+\)| \d+| (?:copy|사본)(?: \d+)?| - (?:Copy|복사본)(?: \(\d+\))?)$/
        let present = Set(files)
        var copies: Set<String> = []
        var said: [Diagnostic] = []
        for file in files {
            let stem = file.dropLast(3)
            // Every such name has a space or a `.sync-conflict-`; the names `gazette new` gives, none.
            guard stem.utf8.contains(0x20) || stem.contains(".sync-conflict-") else { continue }
            guard let suffix = stem.firstMatch(of: copySuffix), case let original = String(stem[..<suffix.range.lowerBound]) + ".md", present.contains(original)
            else { continue }
            copies.insert(file)
            said.append(
                .warning(
                    "this file is not read as a journal: it is a second copy of \(folder)/\(original), as a sync app (Dropbox, iCloud, Google Drive, Syncthing) or a file manager names one, and the site would show the journal twice",
                    at: SourceLocation(path: folder + "/" + file, line: 1, column: 1),
                    hint: "keep what you want of it in \(folder)/\(original), then delete this file", code: "journal-copy"))
        }
        return (copies, said)
    }

    /// Other Markdown extensions, which editors offer and Hugo reads: `.md` only is a journal here.
    static let otherMarkdownExtensions = [".markdown", ".mdown", ".mkdn", ".mkd", ".mdwn"]

    /// What a newcomer saves where no build looks, said rather than left out in silence: a
    /// journal with another Markdown extension (`x.markdown`), one an editor saved as text
    /// (`x.md.txt`, or a `.txt` that starts with front matter) in `content/journals/`, and a
    /// `.md` file elsewhere in `content/` (`content/x.md`, `content/journal/x.md`). `beside`:
    /// the files of `content/journals/`, relative to it.
    static func strayJournals(siteRoot: URL, beside files: [String]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for file in files where !(file as NSString).lastPathComponent.hasPrefix(".") {
            let path = folder + "/" + file
            if let said = stray(path, head: { FileHandle(forReadingAtPath: siteRoot.path + "/" + path).map { $0.readData(ofLength: 8) } }) { found.append(said) }
        }
        // `.md` files in `content/` outside `content/journals/`; the store and thumbnails hold none.
        let content = siteRoot.path + "/content"
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: content)) ?? []).sorted { $0.utf8Precedes($1) }
        for name in others where !name.hasPrefix(".") && !["journals", "articles", "thumbnails"].contains(name) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: content + "/" + name, isDirectory: &isFolder) else { continue }
            let inside = isFolder.boolValue ? SiteBoundary(siteRoot: siteRoot).files(under: "content/" + name, skippingHidden: true).entries.map { name + "/" + $0.path } : [name]
            for file in inside {
                if let said = stray("content/" + file, head: { nil }) { found.append(said) }
            }
        }
        return found
    }

    /// Why the file at site-relative `path` is not read as a journal though it looks like one,
    /// if it is so (the rules of `strayJournals`): asked of each file by loading, and by
    /// `gazette lsp` of a document open in the editor. `head`: the file's first bytes, read only
    /// for a `.txt` file in the journals' folder.
    public static func stray(_ path: String, head: () -> Data?) -> Diagnostic? {
        func stray(_ message: String, _ hint: String) -> Diagnostic {
            .warning("this file is not read as a journal: \(message)", at: SourceLocation(path: path, line: 1, column: 1), hint: hint, code: "stray-journal")
        }
        let lowered = path.lowercased()
        if path.hasPrefix(folder + "/") {
            if let ext = otherMarkdownExtensions.first(where: lowered.hasSuffix) {
                return stray("a journal's file name ends in .md", "rename it \(path.dropLast(ext.count)).md")
            } else if lowered.hasSuffix(".md.txt") {
                return stray("a journal's file name ends in .md (the editor added .txt)", "rename it \(path.dropLast(4))")
            } else if lowered.hasSuffix(".txt"), let head = head(), String(decoding: head, as: UTF8.self).drop(while: { $0 == "\u{FEFF}" }).hasPrefix("---") {
                return stray("a journal's file name ends in .md", "rename it \(path.dropLast(4)).md")
            }
            return nil
        }
        // `.md` files in `content/` outside `content/journals/`; the store and thumbnails hold none.
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "content", lowered.hasSuffix(".md"), !["articles", "thumbnails"].contains(parts[1]) else { return nil }
        let rest = parts.count > 2 ? parts.dropFirst(2).joined(separator: "/") : String(parts[1])
        return stray("journals are in \(folder)/", "move it to \(folder)/\(rest)")
    }

    /// Loads all journals. Files with errors are left out of `journals` and reported. With a
    /// cache, files unchanged since the last load are not parsed again. When the files hold
    /// more than `keptBodyBytes`, every body is left in its file (`Journal.leaveBodyInFile`).
    /// `checksLinks`: parse each body to warn of the links and raw HTML it drops; false when the
    /// caller parses the bodies anyway and warns then (`gazette build`: `JournalBodies`).
    /// `source`: where files are read (the disk unless given; an editor's buffers for `gazette lsp`).
    /// Also returns the journal files git does not know yet (`NewJournalFiles`), and every
    /// committed journal's first commit if `keepsFirstCommits`.
    public static func load(
        siteRoot: URL, config: SiteConfig, cache: ContentMemo? = nil, keptBodyBytes: Int = .max, checksLinks: Bool = true,
        source: (any SiteSource)? = nil, keepsFirstCommits: Bool = false
    ) -> (journals: [Journal], diagnostics: [Diagnostic], newFiles: NewJournalFiles) {
        var (files, refused) = cache?.journalFiles(siteRoot: siteRoot, folder: folder) { journalFiles(siteRoot: siteRoot) } ?? journalFiles(siteRoot: siteRoot)
        if let source {
            let known = Set(files.map(\.path))
            for path in source.unsavedPaths where path.hasPrefix(folder + "/") && path.lowercased().hasSuffix(".md") && !known.contains(path) {
                files.append(FileTree.Entry(path: path, maybeLink: false))
            }
            files.sort { $0.path.utf8Precedes($1.path) }
        }
        let paths = files.map(\.path)
        // Every file read comes through the one provider: the disk, or an editor's buffers.
        let reader = source ?? DiskSource(root: siteRoot)
        let (git, gitAsBefore) =
            cache?.gitDates(siteRoot: siteRoot, folder: folder)
            ?? (GitDatesMemory.dates(
                at: GitDates.head(siteRoot: siteRoot), siteRoot: siteRoot, folder: folder, file: SiteLayout(siteRoot: siteRoot).gitDatesCache
            ).dates, false)
        let root = siteRoot.path
        // All or none, so that which bodies are read again never depends on the order of files.
        let keepsBodies = keptBodyBytes == .max || paths.concurrentMap { FileTree.size(atPath: root + "/" + $0) }.reduce(0, +) <= keptBodyBytes
        // Each file on its own, on all cores, in two passes: the journals the cache's snapshot
        // holds unread, and the dates of the others; then, the snapshot let go, those others read
        // and parsed. Held while the cache is asked for them, the snapshot made the cache copy
        // its whole table on every save (`Memo.Known` shares the table's storage).
        let taken: [Taken]
        do {
            let unread = cache?.unreadCandidates()
            taken = files.concurrentMap { entry -> Taken in
                let path = entry.path
                let hit = unread?[path]
                let dates: (Date?, Date?)
                if let span = git.spans[path] {
                    dates = (span.first, span.last)
                } else if let hit, gitAsBefore, !entry.maybeLink {
                    // Not named by the watcher, so not written or touched since it was parsed, and
                    // its dates came from its modification time then as now (the history is as
                    // before): no `stat`. A link's target may change outside the watched folders.
                    dates = (hit.first, hit.last)
                } else {
                    let modified = FileTree.modificationDate(atPath: root + "/" + path)
                    dates = (modified, modified)
                }
                if let hit, hit.first == dates.0, hit.last == dates.1 { return .unread(hit.journal, hit.diagnostics, written: dates.1) }
                return .toRead(dates)
            }
        }
        let read = taken.indices.filter { if case .toRead = taken[$0] { true } else { false } }
        let parsed = read.concurrentMap { index -> (journal: Journal?, diagnostics: [Diagnostic]) in
            guard case .toRead(let dates) = taken[index] else { return (nil, []) }
            let path = files[index].path
            guard let data = reader.contents(path) else {
                return (nil, [.error("cannot read \(path)", at: SourceLocation(path: path, line: 1, column: 1))])
            }
            let parseFile = { parse(data, path: path, config: config, fallbackDates: dates, checksLinks: checksLinks) }
            var (journal, diagnostics) = cache?.journal(path, data: data, dates: dates, parse: parseFile) ?? parseFile()
            if !keepsBodies { journal?.leaveBodyInFile() }
            return (journal, diagnostics)
        }
        var loaded = taken.map { taken -> (journal: Journal?, diagnostics: [Diagnostic], unread: Bool) in
            if case .unread(let journal, let diagnostics, _) = taken { return (journal, diagnostics, true) }
            return (nil, [], false)
        }
        for (index, result) in zip(read, parsed) { loaded[index] = (result.journal, result.diagnostics, false) }
        cache?.reuseUnread(zip(paths, loaded).compactMap { $1.unread ? $0 : nil })
        let journals = loaded.compactMap(\.journal)
        var diagnostics = refused + loaded.flatMap(\.diagnostics)
        diagnostics += cache?.slugCheck(journals, check: checkSlugs) ?? checkSlugs(journals)
        let late = journals.compactMap { journal -> (String, Date)? in
            guard let first = git.spans[journal.path]?.first, NewJournalFiles.isLate(committed: first, created: journal.created) else { return nil }
            return (journal.path, first)
        }
        return (
            journals, diagnostics,
            NewJournalFiles(
                history: !git.spans.isEmpty, files: newFiles(git, taken: taken, paths: paths),
                committedLate: Dictionary(late) { first, _ in first },
                firstCommits: keepsFirstCommits ? git.spans.mapValues(\.first) : [:])
        )
    }

    /// The files git does not know in a folder with history, with the time each was last
    /// written (its modification time: the first pass's dates for a file outside the history).
    private static func newFiles(_ git: GitDates, taken: [Taken], paths: [String]) -> [String: Date] {
        guard !git.spans.isEmpty else { return [:] }
        var found: [String: Date] = [:]
        for (path, taken) in zip(paths, taken) where git.spans[path] == nil {
            switch taken {
            case .unread(_, _, let written?), .toRead((_, let written?)): found[path] = written
            default: break
            }
        }
        return found
    }

    /// A file as the first pass of `load` found it: taken unread from the cache (with its last
    /// commit or modification), or to read with these dates.
    private enum Taken {
        case unread(Journal?, [Diagnostic], written: Date?)
        case toRead((Date?, Date?))
    }

    /// Parses one journal file. `fallbackDates` are (first, last) commit or modification times.
    /// A journal with an error is left out (nil), with the error saying why.
    public static func parse(
        _ data: Data, path: String, config: SiteConfig, fallbackDates: (Date?, Date?), checksLinks: Bool = true
    ) -> (Journal?, [Diagnostic]) {
        let read = read(data, path: path, config: config, fallbackDates: fallbackDates, checksLinks: checksLinks)
        return (read.refused ? nil : read.journal, read.diagnostics)
    }

    /// One journal file as `parse` reads it, and, for a journal its front matter's errors leave
    /// out (a date half typed, a tag with a space), the journal as it would be were they mended
    /// (`refused`): what checks look at for its other problems — a tag or member unknown, a
    /// picture with no file, a link leading nowhere — so one run of `check`, or the editor while
    /// a value is being typed, shows every problem. Its dates are then the file's (`fallbackDates`)
    /// where its own are wrong; nil when YAML cannot read the front matter.
    public static func read(
        _ data: Data, path: String, config: SiteConfig, fallbackDates: (Date?, Date?), checksLinks: Bool = true
    ) -> (journal: Journal?, refused: Bool, diagnostics: [Diagnostic]) {
        let diagnostics = DiagnosticCollector()
        guard let (parts, source, map) = frontMatter(data, path: path, diagnostics: diagnostics) else { return (nil, true, diagnostics.all) }
        // `title​:` with a character that shows as nothing: the missing title's error names it.
        let invisibleTitle = map.keyNode("title") == nil ? map.invisiblyWritten("title") : nil
        map.warnUnknownKeys(keys, aliases: keyAliases, skipping: invisibleTitle?.written)
        let firstLine = SourceLocation(path: path, line: 1, column: 1)
        let title = map.string("title").map { UTF8Search.trimmingWhiteSpace($0, newlines: true) } ?? ""
        // A non-text title was reported by `string`; an empty or missing one is reported here.
        let titleNode = map.value("title")
        if title.isEmpty, titleNode == nil || titleNode?.scalar != nil {
            if let key = map.keyNode("title") {
                diagnostics.report(source.error("'title' is empty", at: key, hint: "write the journal's title after 'title:'"))
            } else if let (written, node) = invisibleTitle {
                var error = source.error(
                    "'title' is missing: the key '\(written.revealingInvisibles)' is another key", at: node,
                    hint: "did you mean 'title'? \(written.invisiblesNote ?? "")")
                error.namedCode = "invisible-character"
                diagnostics.report(error.spanning(written.unicodeScalars.count))
            } else {
                diagnostics.report(
                    .error("'title' is missing", at: firstLine, hint: "add 'title: …' to the front matter", sourceLine: "---"))
            }
        }
        var article = map.string("article").map { UTF8Search.trimmingWhiteSpace($0) }
        if let written = article, let node = map.value("article"), !CanonicalURL.isArticleID(written) {
            if CanonicalURL.canonicalize(written) == nil {
                diagnostics.report(
                    source.error(
                        "'article' must be an http(s) URL or a 12-character article id, not '\(written)'", at: node,
                        hint: CanonicalURL.meant(written).map { "did you mean '\($0)'?" }))
                // Checked as read (`read`), the journal names no article: not also one the store lacks.
                article = nil
            } else if written.contains(where: \.isWhitespace) {
                // Copied across a line break: browsers would ask for the address with `%20` in it.
                diagnostics.report(
                    source.error(
                        "'article' has a space in its address: '\(written)'", at: node,
                        hint: "did you mean '\(written.filter { !$0.isWhitespace })'? a web address has no spaces"))
                article = nil
            }
        }
        var tags: [String] = []
        for written in map.stringList("tags") ?? [] {
            let tag = UTF8Search.trimmingWhiteSpace(written)
            guard Vocabulary.isTagKey(tag) else {
                let node = map.value("tags").flatMap { node in node.sequence?.first { $0.scalar?.string == written } ?? node }
                let joined = tag.split { $0 == "/" || $0 == "\\" || $0.isWhitespace }.joined(separator: "-")
                diagnostics.report(
                    source.error(
                        "tag '\(tag)' must be one word without '/' or spaces", at: node,
                        hint: Self.tagHint(tag, joined: joined, known: config.tags.map(\.key), names: Dictionary(config.tags.map { ($0.name, $0.key) }, uniquingKeysWith: { first, _ in first }))))
                continue
            }
            if !tags.contains(tag) { tags.append(tag) }
        }
        let author = map.string("author")
        let draft = map.bool("draft") ?? false
        let (created, updated) = dates(map, source: source, config: config, fallbackDates: fallbackDates, diagnostics: diagnostics)
        // A journal left out always says why with an error, even when warnings came first.
        if !diagnostics.hasErrors, created == nil {
            diagnostics.report(.error("no date for this journal", at: firstLine, hint: "add 'created: 2026-11-18 21:40'", sourceLine: "---"))
        }
        let refused = diagnostics.hasErrors
        if checksLinks {
            let document = MarkdownDocument(
                parts.body, options: MarkdownOptions(unsafeHTML: config.markdown.unsafeHTML, lineBreaks: config.markdown.lineBreaks))
            diagnostics.report(contentsOf: refusedLinkWarnings(document, body: parts.body, bodyStartLine: parts.bodyStartLine, path: path))
        }
        guard let created = created ?? fallbackDates.0 ?? fallbackDates.1 else { return (nil, true, diagnostics.all) }
        // A day written alone is shown as a day; so is `updated` taken from it (a file saved before
        // the day it is dated).
        let createdIsDay = map.string("created").map(JournalDate.isDay) ?? false
        let journal = Journal(
            path: path, slug: SitePaths.journalSlug(forFile: path), title: title, articleReference: article, tags: tags, author: author,
            created: created, updated: updated, draft: draft, body: parts.body, bodyStartLine: parts.bodyStartLine,
            frontMatterLines: source.fileLines.prefix(parts.bodyStartLine - 1).map(String.init),
            createdIsDay: createdIsDay, updatedIsDay: map.string("updated").map(JournalDate.isDay) ?? (createdIsDay && updated == created))
        return (journal, refused, diagnostics.all)
    }

    /// The file as text split at its front matter, which must be a YAML mapping; nil, with what
    /// was wrong reported, if it is not (or the file holds a merge's leftovers).
    static func frontMatter(_ data: Data, path: String, diagnostics: DiagnosticCollector) -> (FrontMatter, YAMLSource, YAMLMapping)? {
        let leftovers = MergeLeftovers.diagnostics(in: data, path: path)
        guard leftovers.isEmpty else {
            diagnostics.report(contentsOf: leftovers)
            return nil
        }
        func value<T>(_ result: Result<T, Diagnostic>) -> T? {
            if case .failure(let diagnostic) = result { diagnostics.report(diagnostic) }
            return try? result.get()
        }
        guard let text = value(SourceText.decode(data, path: path)) else { return nil }
        if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) {
            // A file just made in an editor (or saved before anything was typed): nothing to
            // publish and nothing to lose, so it is left out with a warning, not an error that
            // stops every build of the group's site.
            diagnostics.report(
                .warning(
                    "this journal is empty: builds leave it out until it is written", at: SourceLocation(path: path, line: 1, column: 1),
                    hint: "start it with front matter: '---', 'title: …', 'created: …', '---' (gazette new writes them, and gazette lsp's quick fix in an editor)",
                    sourceLine: ""))
            return nil
        }
        guard let parts = value(FrontMatter.split(text, path: path)) else { return nil }
        if let hashtag = hashtagValue(parts.yaml, path: path) {
            diagnostics.report(hashtag)
            return nil
        }
        if let cut = titleCutByComment(parts.yaml, path: path) { diagnostics.report(cut) }
        let source = YAMLSource(path: path, fileLines: text.lfLines(), lineOffset: 1)
        switch source.compose(parts.yaml) {
        case .failure(let diagnostic):
            diagnostics.report(diagnostic)
            return nil
        case .success(nil):
            let firstLine = SourceLocation(path: path, line: 1, column: 1)
            diagnostics.report(.error("the front matter is empty", at: firstLine, hint: "add at least 'title: …'", sourceLine: "---"))
            return nil
        case .success(let root?):
            guard let map = YAMLMapping(root, source: source, name: "the front matter", diagnostics: diagnostics) else { return nil }
            return (parts, source, map)
        }
    }

    /// A value written as a hashtag (`tags: [#경제, #금리]`, `tags: #경제`, `- #금리`): YAML starts a
    /// comment at a `#` where a value would start, so the value is lost without a word (or the
    /// list is never closed, which is all YAML would say). A comment proper (`# 메모`, a space
    /// after its `#`) is left alone. `yaml`'s first line is the file's line 2.
    static func hashtagValue(_ yaml: String, path: String) -> Diagnostic? {
        // Read for a '#' first: the patterns below, run on every line of 2,000 front matters,
        // made a clean build of short journals twice as slow.
        guard yaml.utf8.contains(UInt8(ascii: "#")) else { return nil }
        for (index, line) in yaml.lfLines().enumerated() where line.utf8.contains(UInt8(ascii: "#")) {
            // At a key's value, a list's first or later item (`[a, #b]`, no quote before it), or a
            // `- ` item: what comes before the `#` is more than indentation.
            guard let match = line.firstMatch(of: /^(\s*(?:-\s+)?(?:([A-Za-z_][A-Za-z0-9_-]*):\s+(?:\[(?:[^\]"'#]*,)?\s*)?)?)#[^\s#]/),
                !match.output.1.allSatisfy(\.isWhitespace)
            else { continue }
            let column = match.output.1.unicodeScalars.count + 1
            let written = String(line)
            let key = match.output.2.map(String.init)
            let hint: String
            let value = line[match.output.1.endIndex...]
            if key == "tags" || key == nil {
                // Tags are words; the theme shows them with their '#'.
                let words = value.split { $0.isWhitespace || $0 == "," }.map { $0.drop { $0 == "#" } }.filter { !$0.isEmpty }
                if key == "tags", !match.output.1.contains("["), words.count > 1 {
                    // `tags: #economy #science`: two hashtags are two tags, a list.
                    hint = "write tags without '#', as a list: tags: [\(words.joined(separator: ", "))]"
                } else {
                    hint = "write tags without '#': " + written.replacing(/#(?=[^\s#])/, with: "").trimmingCharacters(in: .whitespaces)
                }
            } else {
                hint = "quote it: \(key ?? ""): \"\(value.trimmingCharacters(in: .whitespaces))\""
            }
            let hashtag = line[match.output.1.endIndex...].prefix { !$0.isWhitespace && $0 != "," && $0 != "]" }
            return .error(
                "'\(hashtag)' is read as a comment, not a value: YAML starts a comment at '#'",
                at: SourceLocation(path: path, line: index + 2, column: column), hint: hint, sourceLine: written)
        }
        return nil
    }

    /// A title with a hashtag in it (`title: 금리 #동결 이후`): YAML ends a plain value at ` #`,
    /// so the page's title was `금리` without a word. A comment proper (`# 메모`, a space after
    /// its `#`) and a quoted title are left alone.
    static func titleCutByComment(_ yaml: String, path: String) -> Diagnostic? {
        guard yaml.utf8.contains(UInt8(ascii: "#")) else { return nil }
        for (index, line) in yaml.lfLines().enumerated() where line.hasPrefix("title:") && line.utf8.contains(UInt8(ascii: "#")) {
            guard let match = line.firstMatch(of: /^title:[ \t]+([^"'\s#][^#]*?)[ \t]+(#[^\s#].*)$/) else { continue }
            let (kept, cut) = (match.output.1, match.output.2)
            let written = "\(kept) \(cut)".trimmingCharacters(in: .whitespaces)
            let quoted = written.contains("\"") ? "'\(written.replacingOccurrences(of: "'", with: "''"))'" : "\"\(written.replacingOccurrences(of: "\\", with: "\\\\"))\""
            let hashtag = cut.prefix { !$0.isWhitespace }
            return .warning(
                "the title ends before '\(hashtag)': YAML reads ' #…' as a comment, so the title is '\(kept)'",
                at: SourceLocation(path: path, line: index + 2, column: line[..<cut.startIndex].unicodeScalars.count + 1),
                hint: "quote the title to keep it whole: title: \(quoted)", sourceLine: String(line), code: "title-comment")
        }
        return nil
    }

    /// What to write instead of a tag that is not one word: several tags written as one
    /// (`tags: economy, politics`, or `tags: economy politics` when each is a tag of the
    /// vocabulary, `known`) are a list; anything else is joined into one word.
    static func tagHint(_ tag: String, joined: String, known: [String] = [], names: [String: String] = [:]) -> String {
        // Brackets, commas or a dash typed in an input method's full-width mode (`［economy］`,
        // `economy，politics`, `－ economy`): the list meant, in the marks YAML reads.
        let normal = tag.precomposedStringWithCompatibilityMapping
        if normal != tag {
            var text = normal.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
            if text.hasPrefix("- ") { text = String(text.dropFirst(2)) }
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let wide = tag.unicodeScalars.filter { $0.isFullWidthForm || $0.value == 0x3000 }.map { "'\($0)'" }
            if !items.isEmpty, items.allSatisfy(Vocabulary.isTagKey), !wide.isEmpty {
                return "\(wide.joined(separator: ", ")) typed in the input method's full-width mode: write tags: [\(items.joined(separator: ", "))] in English mode"
            }
        }
        let parts = tag.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if parts.count > 1, parts.allSatisfy(Vocabulary.isTagKey) { return "tags are a list: write tags: [\(parts.joined(separator: ", "))]" }
        // Words with spaces between them, as hashtags are typed (`[경제 금리]`), one of them a tag of
        // the vocabulary or its name: a list, names written as their keys.
        // A block list typed askew (`  - economy` then `    - politics`, `-economy`, `• economy`):
        // YAML reads one value holding the marks; the items are the words without them.
        let bullets: Set<String> = ["-", "•", "·", "ㆍ", "*", "+", "○", "▶", "‣"]
        let written = tag.split(whereSeparator: \.isWhitespace).map(String.init)
        let words = written.filter { !bullets.contains($0) }.map { word in
            word.count > 1 && bullets.contains(String(word.prefix(1))) ? String(word.dropFirst()) : word
        }
        let marked = words != written
        if words.count >= (marked ? 1 : 2), words.allSatisfy(Vocabulary.isTagKey), words.contains(where: { known.contains($0) || names[$0] != nil }) {
            let list = "tags: [\(words.map { known.contains($0) ? $0 : names[$0] ?? $0 }.joined(separator: ", "))]"
            return marked
                ? "a list's items are written '  - economy', a dash and a space, each on a line of its own at the same indent under tags: — or write \(list)"
                : "tags are a list: write \(list)"
        }
        return joined.isEmpty ? "remove it from 'tags:'" : "write \(joined) (a tag's page is tags/<tag>/)"
    }

    /// `created` (written, else the first commit or modification, else `updated`) and `updated`
    /// (written, else the later of `created` and the last commit or modification).
    static func dates(
        _ map: YAMLMapping, source: YAMLSource, config: SiteConfig, fallbackDates: (Date?, Date?), diagnostics: DiagnosticCollector
    ) -> (created: Date?, updated: Date) {
        func date(_ key: String) -> Date? {
            guard let node = map.value(key), let text = map.string(key) else { return nil }
            guard let date = JournalDate.parse(text, timeZone: config.timeZone) else {
                // A date written without its year (`12월 5일`) takes the year the file was written.
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = config.timeZone
                let year = fallbackDates.0.map { calendar.component(.year, from: $0) }
                let found = JournalDate.suggestions(for: text, timeZone: config.timeZone, year: year)
                // `오늘`, `어제 오후 3시`, `지금`: a day (or a moment) that would move on, read as
                // the file's own (its first commit or save), so the journal keeps the day it was
                // written.
                let written = text.trimmingCharacters(in: .whitespaces)
                let words = written.split(separator: " ", maxSplits: 1)
                let relative = ["오늘": 0, "금일": 0, "today": 0, "어제": -1, "yesterday": -1, "그제": -2, "그저께": -2][words.first.map { $0.lowercased() } ?? ""]
                let time = words.count > 1 ? JournalDate.clock(words[1].trimmingCharacters(in: .whitespaces)) : ""
                let day = relative.flatMap { back in fallbackDates.0.flatMap { calendar.date(byAdding: .day, value: back, to: $0) } }
                let now = ["지금", "방금", "현재", "now", "just now"].contains(written.lowercased()) ? fallbackDates.0 : nil
                let asWritten = "(\(written) as of the file's first commit or save: a journal keeps the day it was written)"
                let hint: String? =
                    if let day, let time {
                        "write \(key): \(ISO8601.format(day, in: config.timeZone).prefix(10))\(time) \(asWritten)"
                    } else if let now {
                        "write \(key): \(ISO8601.minute(now, in: config.timeZone)) \(asWritten)"
                    } else {
                        switch found.count {
                        case 1: "write \(key): \(found[0].written)"
                        case 2: "write \(key): \(found[0].written) if it is \(found[0].reading), or \(key): \(found[1].written) if \(found[1].reading)"
                        default: nil
                        }
                    }
                // In the right form but past a calendar's or a clock's end: which part, first.
                let example = "write \(key): 2026-11-18 21:40 (time and offset optional)"
                diagnostics.report(
                    source.error(
                        "'\(key)' is not a date: '\(text)'", at: node, hint: hint ?? JournalDate.outOfRange(written).map { "\($0); \(example)" } ?? example))
                return nil
            }
            return date
        }
        let writtenCreated = date("created")
        let writtenUpdated = date("updated")
        let created = writtenCreated ?? fallbackDates.0 ?? writtenUpdated
        let updated = writtenUpdated ?? max(created ?? .distantPast, fallbackDates.1 ?? .distantPast)
        if let writtenCreated, let writtenUpdated, writtenUpdated < writtenCreated, let node = map.value("updated") {
            // A day typed wrong in one of them (the year, most often): the two as written.
            diagnostics.report(
                source.warning(
                    "'updated' is earlier than 'created'", at: node,
                    hint: "'created' is \(map.string("created") ?? ""): fix the date typed wrong, or remove 'updated:' (the file's last change is used)"))
        }
        return (created, updated)
    }

    /// A warning for each link or image of the body the URL policy refuses (`SafeURL`): pages and
    /// packets show its text without the address; for each piece of raw HTML the sanitizer
    /// removes; and, while raw HTML is off, for each kind of tag the page shows as typed (`<br>`,
    /// `<b>`: habits of blog editors), at its first place, with the Markdown that does it.
    /// `document` is `body` parsed (with any options: the links are those written).
    public static func refusedLinkWarnings(_ document: MarkdownDocument, body: String, bodyStartLine: Int, path: String) -> [Diagnostic] {
        let refused = document.refusedLinks
        let raw = document.rawHTMLRemovals()
        let shown = document.htmlShownAsText
        let notes = document.commentsShownAsText
        guard !refused.isEmpty || !raw.isEmpty || !shown.isEmpty || !notes.isEmpty else { return [] }
        let lines = body.lfLines()
        let noteWarnings = notes.map { note -> Diagnostic in
            let bodyLine = max(1, note.line)
            let sourceLine = bodyLine <= lines.count ? String(lines[bodyLine - 1]) : nil
            let column = sourceLine?.scalarColumn(ofByteColumn: note.column) ?? 1
            let at = SourceLocation(path: path, line: bodyStartLine + bodyLine - 1, column: column)
            let written = UTF8Search.trimmingWhiteSpace(note.text)
            let span = written.unicodeScalars.count
            let quoted = written.count > 24 ? String(written.prefix(24)) + "…" : written
            if !note.closed {
                return .warning(
                    "the note '\(quoted)' is never closed with '-->', so the page shows it as typed with what follows it",
                    at: at, hint: "did you mean '\(written) -->'? a note in <!-- --> ends with '-->', and the page leaves it out",
                    sourceLine: sourceLine, code: "html-shown"
                ).spanning(span)
            }
            // Closed on its first line: the text after it is what the member meant to show.
            if let end = UTF8Search.range(of: "-->", in: written) {
                let comment = written[..<end.upperBound], after = UTF8Search.trimmingWhiteSpace(written[end.upperBound...])
                if !after.isEmpty, UTF8Search.firstIndex(of: "<!--", in: String(after)) == nil {
                    return .warning(
                        "the note '\(comment)' is shown as typed with the text after it: a line that starts with '<!--' is raw HTML to Markdown",
                        at: at, hint: "did you mean '\(after) \(comment)'? a note after the text on its line, or on a line of its own, is left out of the page",
                        sourceLine: sourceLine, code: "html-shown"
                    ).spanning(span)
                }
            }
            return .warning(
                "the note '\(quoted)' is shown as typed with the text beside it: a line that starts with '<!--' is raw HTML to Markdown",
                at: at, hint: "put the note on lines of its own, or after the text: the page leaves it out then", sourceLine: sourceLine, code: "html-shown")
        }
        var shownWarnings: [Diagnostic] = []
        var seen: Set<String> = []
        for found in shown where seen.insert(found.tag).inserted {
            let bodyLine = max(1, found.line)
            let column = bodyLine <= lines.count ? lines[bodyLine - 1].scalarColumn(ofByteColumn: found.column) : 1
            let times = shown.filter { $0.tag == found.tag }.count
            // Typora's picture resized in place: the Markdown picture it stands for.
            let image = found.tag == "img" && bodyLine <= lines.count ? ImageTag.read(Array(lines[bodyLine - 1].utf8), at: found.column - 1) : nil
            // A video embedded as its site's share button writes it: the page it shows.
            let frame = found.tag == "iframe" && bodyLine <= lines.count ? framedPage(String(lines[bodyLine - 1])) : nil
            let hint = htmlHint(found.tag, lineBreaks: document.options.lineBreaks, image: image, frame: frame)
            shownWarnings.append(
                .warning(
                    "'<\(found.tag)>' is shown as typed\(times > 1 ? " (\(times) times)" : ""): this site keeps no raw HTML in journals",
                    at: SourceLocation(path: path, line: bodyStartLine + bodyLine - 1, column: column),
                    hint: hint, sourceLine: bodyLine <= lines.count ? String(lines[bodyLine - 1]) : nil, code: "html-shown"))
        }
        let rawWarnings = raw.map { found -> Diagnostic in
            let bodyLine = max(1, found.line)
            let column = bodyLine <= lines.count ? lines[bodyLine - 1].scalarColumn(ofByteColumn: found.column) : 1
            // An element replaced by its text (`<font>`, `<center>`): what it was typed for.
            let replaced = found.removed.first { $0.hasPrefix("<") && !HTMLSanitizer.removes(String($0.dropFirst().dropLast())) }
            return .warning(
                "raw HTML not kept: \(found.removed.joined(separator: ", "))",
                at: SourceLocation(path: path, line: bodyStartLine + bodyLine - 1, column: column),
                hint: replaced.map { "the site keeps no \($0), only its text: for emphasis write **굵게**; scripts, event handlers, styles and addresses other than http(s), mailto and links within the site are removed too" }
                    ?? "scripts, event handlers, styles and addresses other than http(s), mailto and links within the site are removed",
                sourceLine: bodyLine <= lines.count ? String(lines[bodyLine - 1]) : nil)
        }
        return noteWarnings + shownWarnings + rawWarnings + refused.map { link in
            let bodyLine = max(1, link.line)
            let column = bodyLine <= lines.count ? lines[bodyLine - 1].scalarColumn(ofByteColumn: link.column) : 1
            let at = SourceLocation(path: path, line: bodyStartLine + bodyLine - 1, column: column)
            let sourceLine = bodyLine <= lines.count ? String(lines[bodyLine - 1]) : nil
            if let name = LocalFilePath.fileName(of: link.destination) {
                // Dragged in from a folder outside the site: the file is on the member's computer.
                // A picture is an error, as one at `/Users/…` is (`JournalPictures`): the page
                // would show a hole where the member meant a picture. A link's text still reads.
                let message = "\(link.isImage ? "picture" : "link") '\(link.destination)' is a file on this computer, which no page can show"
                let hint = LocalFilePath.hint(name: name, text: link.text, isPicture: link.isImage, folder: (path as NSString).deletingLastPathComponent)
                return link.isImage
                    ? .error(message, at: at, hint: hint, sourceLine: sourceLine, code: "local-file")
                    : .warning(message, at: at, hint: hint, sourceLine: sourceLine, code: "local-file")
            }
            let reason: String
            if case .failure(let refusal) = SafeURL.check(link.destination, in: .body) { reason = refusal.reason } else { reason = "refused" }
            return .warning(
                "\(link.isImage ? "image" : "link") address dropped: \(reason)",
                at: SourceLocation(path: path, line: bodyStartLine + bodyLine - 1, column: column),
                hint: "only http(s), mailto and links within the site are kept",
                sourceLine: bodyLine <= lines.count ? String(lines[bodyLine - 1]) : nil)
        }
    }


    /// What Markdown does what the tag `tag` was typed for, or how to keep it; `lineBreaks`:
    /// the site breaks a line where the journal's line ends (`markdown.line_breaks`).
    static func htmlHint(_ tag: String, lineBreaks: Bool = false, image: ImageTag? = nil, frame: String? = nil) -> String {
        let keep = "or set markdown.unsafe_html: true in gazette.yml to keep safe HTML (scripts, styles and event handlers are still removed)"
        if let image { return "write it as a Markdown picture, \(image.markdown)\(image.isLocalFile ? ", and copy the file beside the journal" : ""), \(keep)" }
        if tag == "iframe" {
            // Frames are removed even with raw HTML kept: a link is what stays.
            return "link what it shows instead, \(frame.map { "[영상](\($0))" } ?? "[영상](https://…)"): the site keeps no frames, even with markdown.unsafe_html"
        }
        switch tag {
        case "br" where lineBreaks: return "start a new line there instead: this site breaks the line where the journal's line ends (markdown.line_breaks), \(keep)"
        case "br": return "end the line with a backslash (첫 줄\\) or two spaces to break it there (markdown.line_breaks: true in gazette.yml breaks every line where it ends), \(keep)"
        case "b", "strong": return "write bold as **굵게**, \(keep)"
        case "i", "em": return "write italics as *기울임*, \(keep)"
        case "s", "del", "strike": return "write ~~취소~~, \(keep)"
        case "code": return "write code between backticks: `code`, \(keep)"
        case "a": return "write a link as [글자](https://…), \(keep)"
        case "img": return "write a picture as ![설명](picture.png), \(keep)"
        case "h1", "h2", "h3", "h4", "h5", "h6": return "write a heading as ## 제목, \(keep)"
        case "p", "div": return "leave a blank line between paragraphs instead, \(keep)"
        case "hr": return "write a rule as --- on a line of its own, \(keep)"
        case _ where !HTMLSanitizer.keeps(tag) && !HTMLSanitizer.removes(tag):
            // `<font>`, `<center>`: raw HTML kept would not keep them either.
            return "Markdown has no <\(tag)>: delete it (for emphasis, write **굵게**); the site keeps no <\(tag)> even with markdown.unsafe_html, only its text"
        default: return "Markdown has no <\(tag)>: delete it, \(keep)"
        }
    }

    /// The page an `<iframe>` on `line` shows, as a reader opens it: a YouTube player's
    /// (`youtube.com/embed/ID`, `youtube-nocookie.com/embed/ID`) as `watch?v=ID`, another
    /// http(s) frame's address as it is. Nil without one.
    static func framedPage(_ line: String) -> String? {
        guard let source = line.firstMatch(of: /<iframe\b[^>]*?\ssrc\s*=\s*["']?([^"'\s>]+)/.ignoresCase())?.1,
            source.lowercased().hasPrefix("https://") || source.lowercased().hasPrefix("http://")
        else { return nil }
        if let video = source.firstMatch(of: /^https?:\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([A-Za-z0-9_-]{6,})/)?.1 {
            return "https://www.youtube.com/watch?v=\(video)"
        }
        return String(source)
    }

    /// The error of two journal files whose pages would be one (`journals/<slug>/`), said on
    /// `path`'s first line. Names that look alike say why they clash: the same text in two
    /// Unicode forms (a Mac writes Hangul file names decomposed), or in two cases.
    public static func slugClash(_ slug: String, other: String, path: String) -> Diagnostic {
        let why: String
        // (Swift's `==` holds the two forms equal: their bytes are compared.)
        if !other.utf8.elementsEqual(path.utf8), other.precomposedStringWithCanonicalMapping == path.precomposedStringWithCanonicalMapping {
            why = " (the same name in two Unicode forms: one file was most likely saved on a Mac, which writes Hangul in pieces; delete the copy you did not mean to keep)"
        } else if other.lowercased() == path.lowercased(), other != path {
            why = " (the names differ only in upper and lower case)"
        } else {
            why = ""
        }
        return .error(
            "slug '\(slug)' is used by both \(other) and \(path)\(why)", at: SourceLocation(path: path, line: 1, column: 1),
            hint: "rename one of the files: a journal's page is journals/<slug>/", sourceLine: "---")
    }

    static func checkSlugs(_ journals: [Journal]) -> [Diagnostic] {
        var seen: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for journal in journals {
            if let other = seen[journal.slug] {
                diagnostics.append(slugClash(journal.slug, other: other, path: journal.path))
            } else {
                seen[journal.slug] = journal.path
            }
        }
        return diagnostics
    }
}

import Authoring
import Bodies
import Content
import Foundation
import GazetteModel
import Site

/// What the server knows of the site: the site loaded through the editor's buffers laid over
/// the disk (`OverlaySource`), the open documents, and lookups the features share. Loading the
/// whole site happens when the server starts and when a file other than a journal changes;
/// typing in a journal parses only that journal and puts it in the indexes in place of what
/// was there (`update(_:)`), so the others are checked against it at once.
final class Workspace {
    let root: URL
    var documents: [String: TextDocument] = [:]
    private(set) var content: SiteContent?
    /// The config as written (its tags are the vocabulary's, not the unknown ones pages add).
    private(set) var config: SiteConfig?
    private(set) var articles: [Article] = []
    private var articleByID: [String: Article] = [:]
    private var articleByURL: [String: Article] = [:]
    /// Every journal by site-relative path: as loaded, then as each open buffer last parsed.
    private(set) var journals: [String: Journal] = [:]
    /// Slug → the paths of the journals that have it (more than one is an error).
    private var pathsBySlug: [String: Set<String>] = [:]
    private(set) var tagCounts: [String: Int] = [:]
    /// The article each journal is about (`SiteChecks.articleKey`) → the paths of the journals about it.
    private var pathsByArticle: [String: Set<String>] = [:]
    /// Pages a link may reach (the home page, weeks, tags, …), journals' kept with the journals.
    private var linkTargets: Set<String> = []
    /// Each open journal's parse (by URI) for the text it was made from, so diagnostics and
    /// the indexes parse a buffer once per change.
    private var parses: [String: (text: String, refused: Bool, read: Journal?, diagnostics: [Diagnostic])] = [:]

    init(root: URL) { self.root = root.standardizedFileURL }

    /// The buffers as the loaders read them.
    var source: OverlaySource {
        OverlaySource(root: root, buffers: Dictionary(documents.values.compactMap { document in document.path.map { ($0, document.text) } }) { a, _ in a })
    }

    /// Loads the whole site again (the config, the store, every journal), through the buffers.
    func reload() {
        let source = self.source
        let (loaded, _) = ConfigLoader.load(siteRoot: root, source: source)
        config = loaded
        content = try? SiteContent.load(siteRoot: root, includeDrafts: true, throwsOnErrors: false, source: source, keepsFirstCommits: true)
        articles = content?.articles ?? ArticleStore.load(siteRoot: root).articles
        articleByID = [:]
        articleByURL = [:]
        for article in articles {
            if articleByID[article.id] == nil { articleByID[article.id] = article }
            if let url = CanonicalURL.canonicalize(article.url), articleByURL[url] == nil { articleByURL[url] = article }
        }
        journals = [:]
        pathsBySlug = [:]
        tagCounts = [:]
        pathsByArticle = [:]
        parses = [:]
        for journal in content?.journals ?? [] { index(journal) }
        linkTargets = content.map(SiteChecks.linkTargets) ?? []
    }

    /// Parses an open journal's buffer and puts the journal in the indexes in place of the one
    /// at its path. True when what other journals are checked against changed (its slug, the
    /// article it is about, its date, its tags): their diagnostics are to be published again.
    @discardableResult
    func update(_ document: TextDocument, now: Date) -> Bool {
        guard let path = document.path, Self.isJournal(path) else { return false }
        let before = journals[path]
        let parsed = parse(document, now: now).journal
        if let before { unindex(before) }
        if let parsed { index(parsed) }
        return facts(before) != facts(parsed)
    }

    /// The file at `path` as the disk holds it counts again (its buffer was closed).
    @discardableResult
    func revert(_ path: String, now: Date) -> Bool {
        guard Self.isJournal(path) else { return false }
        let before = journals[path]
        let parsed = DiskSource(root: root).contents(path).flatMap { parse($0, path: path, now: now).journal }
        if let before { unindex(before) }
        if let parsed { index(parsed) }
        return facts(before) != facts(parsed)
    }

    static func isJournal(_ path: String) -> Bool {
        path.hasPrefix(JournalLoader.folder + "/") && path.lowercased().hasSuffix(".md")
    }

    /// The path of the journal with `slug` (the first by name when two share it).
    func journalPath(slug: String) -> String? { pathsBySlug[slug]?.min() }

    /// Headings' ids by the digest of the body they were read from: a body is parsed for them
    /// when a link names one of its sections or it is edited, and again once it changed.
    private var anchorsByBody: [Fingerprint: [String]] = [:]

    /// The ids of the headings of the journal `slug` (as it stands in its buffer when open), nil
    /// when there is none.
    func anchors(slug: String) -> [String]? {
        guard let path = journalPath(slug: slug), let journal = journals[path] else { return nil }
        return anchors(of: journal)
    }

    private func anchors(of journal: Journal) -> [String] {
        if let kept = anchorsByBody[journal.bodyDigest] { return kept }
        // Bounded: a long session types many bodies.
        if anchorsByBody.count >= 4096 { anchorsByBody = [:] }
        let ids = JournalBodies.anchors(ofBody: journal.body ?? content?.markdown(of: journal) ?? "")
        anchorsByBody[journal.bodyDigest] = ids
        return ids
    }

    /// `journal` nil when an error leaves it out of builds; `read` the journal as it would be
    /// were that error mended (`JournalLoader.read`), which the other checks still look at.
    private func parse(_ document: TextDocument, now: Date) -> (journal: Journal?, read: Journal?, diagnostics: [Diagnostic]) {
        if let kept = parses[document.uri], kept.text == document.text { return (kept.refused ? nil : kept.read, kept.read, kept.diagnostics) }
        guard let path = document.path else { return (nil, nil, []) }
        let parsed = parse(Data(document.text.utf8), path: path, now: now)
        parses[document.uri] = (document.text, parsed.journal == nil, parsed.read, parsed.diagnostics)
        return parsed
    }

    /// One journal's text parsed against the config; a journal with no date of its own gets the
    /// one a build gives it: its first commit, or when the file was written (a buffer not saved
    /// yet: now). So does `created: 오늘`'s hint, whatever `created` the file on disk has.
    private func parse(_ data: Data, path: String, now: Date) -> (journal: Journal?, read: Journal?, diagnostics: [Diagnostic]) {
        guard let config else { return (nil, nil, []) }
        let known = journals[path]
        let read = JournalLoader.read(
            data, path: path, config: config, fallbackDates: (firstWritten(path) ?? known?.created ?? now, known?.updated ?? now))
        return (read.refused ? nil : read.journal, read.journal, read.diagnostics)
    }

    /// When the journal at `path` was first written, as a build dates a journal without its own
    /// date: its first commit, else when its file (git does not know yet) was last written.
    func firstWritten(_ path: String) -> Date? { content?.newFiles.firstCommit(path) ?? content?.newFiles.files[path] }

    /// Who is writing on this machine (`GAZETTE_AUTHOR`, git's user name and email), asked of
    /// git once per session.
    private lazy var identity = AuthorIdentity(folder: root)

    /// How the journal at `path`, whose buffer holds `text` without front matter, is begun: as
    /// `gazette new` would write it, by the member this machine names, dated as a build dates
    /// it (its first commit, or when its file was written, or now). Nil outside journals.
    func start(_ path: String, text: String, now: Date) -> JournalStart.Edit? {
        guard let config, Self.isJournal(path) else { return nil }
        let author: String? = if case .found(let key) = identity.member(in: config) { key } else { nil }
        return JournalStart.edit(path: path, text: text, author: author, created: min(firstWritten(path) ?? now, now), config: config, siteRoot: root)
    }

    /// A journal git does not know yet, in a site whose journals have history: a file the load
    /// found outside the history, or a buffer not saved to disk yet. Its buffer is being written
    /// now, so its date is held against now (`SiteChecks.pastDate`).
    private func isNew(_ path: String) -> Bool {
        guard let newFiles = content?.newFiles, newFiles.history else { return false }
        return newFiles.files[path] != nil || !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// The first commit of a committed journal, when no other journal is dated near it
    /// (`SiteChecks.alone`): what `pastDate` holds its date against, as it stands in the editor
    /// (a year typed wrong into the buffer is asked about before it is saved).
    private func lateCommit(_ journal: Journal, zone: TimeZone) -> Date? {
        guard let first = content?.newFiles.firstCommit(journal.path), NewJournalFiles.isLate(committed: first, created: journal.created) else { return nil }
        let days = (journals.values.filter { $0.path != journal.path } + [journal]).map { ISO8601.day(of: $0.created, in: zone) }.sorted()
        return SiteChecks.alone(journal, days: days, zone: zone) ? first : nil
    }

    /// What other journals' diagnostics depend on.
    private func facts(_ journal: Journal?) -> [String] {
        guard let journal else { return [] }
        // Its headings' ids too: a link's `#…` in another journal names one.
        return [journal.slug, articleKey(journal) ?? "", "\(journal.created.timeIntervalSince1970)"] + journal.tags + ["#"] + anchors(of: journal)
    }

    private func articleKey(_ journal: Journal) -> String? {
        journal.articleReference.flatMap(article)?.id ?? journal.articleReference.flatMap(CanonicalURL.canonicalize)
    }

    private func index(_ journal: Journal) {
        journals[journal.path] = journal
        pathsBySlug[journal.slug, default: []].insert(journal.path)
        linkTargets.insert(SitePaths.journal(journal.slug))
        for tag in journal.tags { tagCounts[tag, default: 0] += 1 }
        if let key = articleKey(journal) { pathsByArticle[key, default: []].insert(journal.path) }
    }

    private func unindex(_ journal: Journal) {
        journals[journal.path] = nil
        pathsBySlug[journal.slug]?.remove(journal.path)
        if pathsBySlug[journal.slug]?.isEmpty == true {
            pathsBySlug[journal.slug] = nil
            linkTargets.remove(SitePaths.journal(journal.slug))
        }
        for tag in journal.tags {
            tagCounts[tag, default: 0] -= 1
            if tagCounts[tag] == 0 { tagCounts[tag] = nil }
        }
        if let key = articleKey(journal) {
            pathsByArticle[key]?.remove(journal.path)
            if pathsByArticle[key]?.isEmpty == true { pathsByArticle[key] = nil }
        }
    }

    /// The stored article a front-matter value names (an id or a URL).
    func article(_ reference: String) -> Article? {
        let trimmed = reference.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        if CanonicalURL.isArticleID(trimmed) { return articleByID[trimmed] }
        guard let url = CanonicalURL.canonicalize(trimmed) else { return nil }
        return CanonicalURL.addresses(of: url).lazy.compactMap { self.articleByURL[$0] }.first
    }

    /// The site-relative path of a `file://` URI inside the site, or nil.
    func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let full = url.standardizedFileURL.path
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : nil
    }

    func uri(of path: String) -> String { root.appendingPathComponent(path).absoluteString }

    // MARK: - Diagnostics

    /// The errors of the site's files as the last load found them on disk, by site-relative
    /// path: what stops `gazette build` (a journal's front matter, a picture with no file, a
    /// merge's leftovers in the store or gazette.yml), shown for files not open in the editor.
    var errorsOnDisk: [String: [Diagnostic]] {
        Dictionary(grouping: (content?.diagnostics ?? []).filter { $0.severity == .error && $0.location != nil }) { $0.location?.path ?? "" }
    }

    /// Every problem `check` would find in `document`, as Gazette's diagnostics.
    func problems(in document: TextDocument, now: Date) -> [Diagnostic] {
        guard let path = document.path else { return [] }
        if path == ConfigLoader.fileName { return ConfigLoader.parse(Data(document.text.utf8), path: path).diagnostics }
        guard Self.isJournal(path) else {
            // A journal saved where builds do not look (`content/journal/x.md`, `x.markdown`).
            return JournalLoader.stray(path, head: { Data(document.text.utf8.prefix(8)) }).map { [$0] } ?? []
        }
        guard let config else { return MergeLeftovers.diagnostics(in: Data(document.text.utf8), path: path) }
        let (parsed, read, found) = parse(document, now: now)
        var diagnostics = found
        // Left out for an error (a date half typed): its other problems still shown, as read.
        guard let journal = parsed ?? read else { return diagnostics }
        // The same rules, in the same words, as check and build.
        let stored = journal.articleReference.flatMap(article)
        diagnostics += SiteContent.crossReferenceWarnings(of: journal, articleFound: journal.articleReference == nil || stored != nil, vocabulary: config)
        func rank(_ journal: Journal) -> (Int, Date, String) { SiteChecks.duplicateRank(journal, new: isNew(journal.path)) }
        if parsed != nil, let key = articleKey(journal),
            let earlier = (pathsByArticle[key] ?? []).filter({ $0 != path }).compactMap({ journals[$0] }).min(by: { rank($0) < rank($1) }),
            rank(earlier) < rank(journal)
        {
            diagnostics.append(SiteChecks.duplicateArticle(journal, earlier: earlier))
        }
        if let other = (pathsBySlug[journal.slug] ?? []).filter({ $0 != path }).min() {
            diagnostics.append(JournalLoader.slugClash(journal.slug, other: other, path: path))
        }
        if !journal.isBookmark, let body = journal.body {
            diagnostics += JournalPictures.pictures(of: journal, body: body, siteRoot: root).1
            // The journal itself is in the indexes (`update` put it there before it is checked).
            diagnostics += SiteChecks.bodyLinks(
                of: journal, body: body, targets: linkTargets, siteRoot: root, anchors: anchors(slug:),
                journals: { [journals] in journals.values.map { ($0.slug, $0.path) } })
            diagnostics += SiteChecks.writing(of: journal, body: body, lineBreaks: config.markdown.lineBreaks, vocabulary: config.tags)
        }
        // What depends on the journal's date waits until its date reads.
        guard parsed != nil else { return diagnostics.sorted() }
        if isNew(path), let written = content?.newFiles.files {
            // This buffer is being written now; the others as the load found them.
            var files = written
            files[path] = now
            if let source = SiteChecks.copySource(of: journal, among: Array(journals.values), written: files) {
                diagnostics.append(SiteChecks.copiedDate(journal, from: source, written: now, zone: config.timeZone))
            }
        }
        if let ahead = SiteChecks.futureDate(of: journal, zone: config.timeZone, now: now) { diagnostics.append(ahead) }
        if let behind = SiteChecks.pastDate(
            of: journal, article: stored, zone: config.timeZone, now: now, written: isNew(path) ? now : nil, lateCommit: lateCommit(journal, zone: config.timeZone))
        {
            diagnostics.append(behind)
        }
        return diagnostics.sorted()
    }
}

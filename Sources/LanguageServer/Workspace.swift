import Content
import Foundation
import GazetteModel
import Site

/// What the server knows of the site: the site loaded through the editor's buffers laid over
/// the disk (`OverlaySource`), the open documents, and lookups the features share. Loading the
/// whole site happens when the server starts and when a file other than an open journal
/// changes; typing in a journal parses only that journal, against what was loaded.
final class Workspace {
    let root: URL
    var documents: [String: TextDocument] = [:]
    private(set) var content: SiteContent?
    /// The config as written (its tags are the vocabulary's, not the unknown ones pages add).
    private(set) var config: SiteConfig?
    private(set) var articles: [Article] = []
    private var articleByID: [String: Article] = [:]
    private var articleByURL: [String: Article] = [:]
    /// Journal slug → site-relative path, of the journals on disk and in buffers.
    private(set) var journalBySlug: [String: String] = [:]
    private(set) var tagCounts: [String: Int] = [:]
    /// The article each journal is about (`SiteChecks.articleKey`) → the journals about it.
    private var journalsByArticle: [String: [Journal]] = [:]
    private var linkTargets: Set<String> = []

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
        content = try? SiteContent.load(siteRoot: root, includeDrafts: true, throwsOnErrors: false, source: source)
        articles = content?.articles ?? ArticleStore.load(siteRoot: root).articles
        articleByID = [:]
        articleByURL = [:]
        for article in articles {
            if articleByID[article.id] == nil { articleByID[article.id] = article }
            if let url = CanonicalURL.canonicalize(article.url), articleByURL[url] == nil { articleByURL[url] = article }
        }
        journalBySlug = [:]
        tagCounts = [:]
        journalsByArticle = [:]
        for journal in content?.journals ?? [] {
            journalBySlug[journal.slug] = journal.path
            for tag in journal.tags { tagCounts[tag, default: 0] += 1 }
            if let content, let key = SiteChecks.articleKey(of: journal, in: content) { journalsByArticle[key, default: []].append(journal) }
        }
        linkTargets = content.map(SiteChecks.linkTargets) ?? []
    }

    /// The stored article a front-matter value names (an id or a URL).
    func article(_ reference: String) -> Article? {
        let trimmed = reference.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        if CanonicalURL.isArticleID(trimmed) { return articleByID[trimmed] }
        return CanonicalURL.canonicalize(trimmed).flatMap { articleByURL[$0] }
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

    /// Every problem `check` would find in `document`, as Gazette's diagnostics.
    func problems(in document: TextDocument, now: Date) -> [Diagnostic] {
        guard let path = document.path else { return [] }
        let data = Data(document.text.utf8)
        if path == ConfigLoader.fileName { return ConfigLoader.parse(data, path: path).diagnostics }
        guard path.hasPrefix(JournalLoader.folder + "/"), path.lowercased().hasSuffix(".md") else { return [] }
        guard let config else { return MergeLeftovers.diagnostics(in: data, path: path) }
        let (parsed, found) = JournalLoader.parse(data, path: path, config: config, fallbackDates: (now, now))
        var diagnostics = found
        guard let journal = parsed else { return diagnostics }
        // The same rules, in the same words, as check and build.
        let stored = journal.articleReference.flatMap(article)
        diagnostics += SiteContent.crossReferenceWarnings(of: journal, articleFound: journal.articleReference == nil || stored != nil, vocabulary: config)
        if let key = stored?.id ?? journal.articleReference.flatMap(CanonicalURL.canonicalize),
            let earlier = (journalsByArticle[key] ?? []).filter({ $0.path != path }).min(by: { ($0.created, $0.path) < ($1.created, $1.path) }),
            (earlier.created, earlier.path) < (journal.created, path)
        {
            diagnostics.append(SiteChecks.duplicateArticle(journal, earlier: earlier))
        }
        if let other = journalBySlug[journal.slug], other != path {
            diagnostics.append(
                .error(
                    "slug '\(journal.slug)' is used by both \(other) and \(path)", at: SourceLocation(path: path, line: 1, column: 1),
                    hint: "rename one of the files: a journal's page is journals/<slug>/", sourceLine: "---"))
        }
        if !journal.isBookmark, let body = journal.body {
            diagnostics += JournalPictures.pictures(of: journal, body: body, siteRoot: root).1
            var targets = linkTargets
            targets.insert(SitePaths.journal(journal.slug))
            diagnostics += SiteChecks.bodyLinks(of: journal, body: body, targets: targets, siteRoot: root)
        }
        if let ahead = SiteChecks.futureDate(of: journal, zone: config.timeZone, now: now) { diagnostics.append(ahead) }
        return diagnostics.sorted()
    }
}

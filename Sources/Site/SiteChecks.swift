import Content
import Foundation
import GazetteModel
import Markdown

/// The checks `gazette check` adds to loading: problems a build tolerates but a reader would
/// meet — several journals about one article, dates in the future, links inside bodies that lead
/// nowhere on the site, images without alt text.
public enum SiteChecks {
    /// Warnings for `content`. `now` is only used for the future-date check, never for output.
    public static func run(_ content: SiteContent, now: Date) -> [Diagnostic] {
        duplicateArticles(content) + futureDates(content, now: now) + bodyLinks(content)
    }

    /// What a build without a base URL (neither `base_url` nor `--base-url`) warns of; `check`
    /// warns the same.
    public static let missingBaseURL = Diagnostic.warning(
        "base_url is not set: the feed and sitemap use relative links",
        at: SourceLocation(path: ConfigLoader.fileName, line: 1, column: 1),
        hint: "add base_url: https://example.org/study/ to gazette.yml, or pass --base-url")

    /// The links of `static/` and `templates/` that lead out of the site, which a build neither
    /// reads nor publishes (`SiteBoundary`); loading reports those of `content/` itself.
    public static func refusedLinks(siteRoot: URL) -> [Diagnostic] {
        let boundary = SiteBoundary(siteRoot: siteRoot)
        return [SiteAssets.staticFolder, Theme.folder].flatMap { boundary.files(under: $0).refused }
    }

    static func duplicateArticles(_ content: SiteContent) -> [Diagnostic] {
        var first: [String: Journal] = [:]
        var warnings: [Diagnostic] = []
        // Oldest first, so the later journal is the one flagged.
        for journal in content.journals.sorted(by: { ($0.created, $0.path) < ($1.created, $1.path) }) {
            guard let key = articleKey(of: journal, in: content) else { continue }
            if let earlier = first[key] {
                warnings.append(duplicateArticle(journal, earlier: earlier))
            } else {
                first[key] = journal
            }
        }
        return warnings
    }

    /// What identifies the article a journal is about: its stored id, else its canonical URL.
    public static func articleKey(of journal: Journal, in content: SiteContent) -> String? {
        content.article(for: journal)?.id ?? journal.articleReference.flatMap(CanonicalURL.canonicalize)
    }

    /// The warning that `journal` is about the article `earlier` (an older journal) is about.
    public static func duplicateArticle(_ journal: Journal, earlier: Journal) -> Diagnostic {
        let (at, line) = journal.frontMatterLocation(of: "article")
        return .warning(
            "\(earlier.path) is already about this article", at: at,
            hint: "merge the two journals, or keep both if that is intended", sourceLine: line, code: "duplicate-article")
    }

    /// A journal created after `now` is left out of builds until then; one updated after it is
    /// published but most likely mistyped.
    static func futureDates(_ content: SiteContent, now: Date) -> [Diagnostic] {
        content.journals.compactMap { futureDate(of: $0, zone: content.config.timeZone, now: now) }
    }

    /// The warning of one journal dated ahead of `now`, if it is.
    public static func futureDate(of journal: Journal, zone: TimeZone, now: Date) -> Diagnostic? {
        if journal.created > now {
            let (at, line) = journal.frontMatterLocation(of: "created")
            let day = ISO8601.format(journal.created, in: zone).prefix(10)
            return .warning(
                "dated \(day), \(ahead(journal.created.timeIntervalSince(now))) — a typo?", at: at,
                hint: "it is published from that date; `--future` includes it now", sourceLine: line)
        }
        if journal.updated > now {
            let (at, line) = journal.frontMatterLocation(of: "updated")
            return .warning(
                "'updated' is in the future (\(ISO8601.format(journal.updated, in: zone)))", at: at,
                hint: "check the year and the time zone of the date", sourceLine: line)
        }
        return nil
    }

    /// "15 weeks ahead", "3 days ahead", "later today".
    static func ahead(_ seconds: TimeInterval) -> String {
        let days = Int(seconds / 86_400)
        if days >= 14 { return "\(days / 7) weeks ahead" }
        if days >= 1 { return "\(days) day\(days == 1 ? "" : "s") ahead" }
        return "later today"
    }

    /// Relative links in bodies are resolved against the journal's page (`journals/<slug>/`)
    /// and must reach a page the build writes or a file in `static/`.
    static func bodyLinks(_ content: SiteContent) -> [Diagnostic] {
        let targets = linkTargets(content)
        return content.journals.filter { !$0.isBookmark }.flatMap { journal in
            bodyLinks(of: journal, body: content.markdown(of: journal), targets: targets, siteRoot: content.root)
        }
    }

    /// The site paths a build writes that a body may link to: home, archive, tags, feed,
    /// sitemap, every week's page, journal's and tag's.
    public static func linkTargets(_ content: SiteContent) -> Set<String> {
        var targets: Set<String> = ["", SitePaths.archive, SitePaths.tag(nil), SitePaths.feed, "sitemap.xml"]
        for week in content.weeks { targets.insert(SitePaths.week(week.week)) }
        for journal in content.journals { targets.insert(SitePaths.journal(journal.slug)) }
        for tag in content.config.tags { targets.insert(SitePaths.tag(tag.key)) }
        return targets
    }

    /// One journal's links that reach nothing (`targets`, or a file of `static/`), and its
    /// images without alt text: what `check` and `gazette lsp` say of a body.
    public static func bodyLinks(of journal: Journal, body: String, targets: Set<String>, siteRoot: URL) -> [Diagnostic] {
        let staticRoot = siteRoot.appendingPathComponent(SiteLayout.statics)
        var warnings: [Diagnostic] = []
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        for link in MarkdownDocument(body).links() {
            // Autolinks from the GFM extension carry no position (line 0): point at the body's start.
            let bodyLine = max(1, link.line)
            let shown = bodyLine <= lines.count ? String(lines[bodyLine - 1]) : nil
            let column = shown?.scalarColumn(ofByteColumn: link.column) ?? 1
            let at = SourceLocation(path: journal.path, line: journal.bodyStartLine + bodyLine - 1, column: column)
            if link.isImage, link.text.trimmingCharacters(in: .whitespaces).isEmpty {
                warnings.append(
                    .warning("image without alt text", at: at, hint: "describe the image: ![what it shows](\(link.destination))", sourceLine: shown))
            }
            // Pictures of the site's own are checked where the site is loaded (`JournalPictures`).
            guard !link.isImage, let target = internalTarget(link.destination, from: SitePaths.journal(journal.slug)) else { continue }
            let asFolder = target.hasSuffix("/") || target.isEmpty ? target : target + "/"
            let exists = targets.contains(target) || targets.contains(asFolder)
                || FileManager.default.fileExists(atPath: staticRoot.appendingPathComponent(target).path)
            if !exists {
                warnings.append(
                    .warning(
                        "link to '\(link.destination)' leads to no page of this site", at: at,
                        hint: "journal pages are journals/<slug>/: from a journal, write ../<slug>/", sourceLine: shown))
            }
        }
        return warnings
    }

    /// The site path a link reaches from `page`, or nil for external links, anchors and mail.
    static func internalTarget(_ destination: String, from page: String) -> String? {
        let trimmed = destination.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("//"),
            URLComponents(string: trimmed)?.scheme == nil
        else { return nil }
        let path = String(trimmed.prefix { $0 != "#" && $0 != "?" })
        var parts: [Substring] = trimmed.hasPrefix("/") ? [] : page.split(separator: "/")
        for piece in path.split(separator: "/", omittingEmptySubsequences: true) {
            if piece == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else if piece != "." {
                parts.append(piece)
            }
        }
        let joined = parts.joined(separator: "/").removingPercentEncoding ?? parts.joined(separator: "/")
        return path.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
    }
}

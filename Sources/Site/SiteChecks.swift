import Bodies
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
        duplicateArticles(content) + futureDates(content, now: now) + pastDates(content, now: now) + copiedDates(content) + bodies(content)
    }

    /// The other problems of the journals an error in their front matter left out (a date half
    /// typed, a tag with a space), each read as if that error were mended (`JournalLoader.read`):
    /// an unknown tag or member, an article not stored, a picture with no file, a link leading
    /// nowhere, the body's slips — so that one run of `check` shows every problem, not the first
    /// and then the rest once it is mended. What depends on the journal's date is left until its
    /// date reads; the errors its reading found were reported by the load.
    public static func refused(_ content: SiteContent) -> [Diagnostic] {
        let loaded = Set(content.journals.map(\.path))
        let paths = Set(
            content.diagnostics.compactMap { diagnostic -> String? in
                guard diagnostic.severity == .error, let path = diagnostic.location?.path, !loaded.contains(path),
                    path.hasPrefix(JournalLoader.folder + "/"), path.lowercased().hasSuffix(".md")
                else { return nil }
                return path
            })
        guard !paths.isEmpty else { return [] }
        var vocabulary = content.config
        vocabulary.tags = content.vocabulary
        let targets = linkTargets(content)
        var found: [Diagnostic] = []
        let disk = DiskSource(root: content.root)
        for path in paths.sorted() {
            guard let data = disk.contents(path) else { continue }
            let read = JournalLoader.read(data, path: path, config: content.config, fallbackDates: (Date(timeIntervalSince1970: 0), nil), checksLinks: false)
            guard read.refused, let journal = read.journal else { continue }
            found += SiteContent.crossReferenceWarnings(
                of: journal, articleFound: journal.articleReference == nil || content.article(for: journal) != nil, vocabulary: vocabulary)
            guard !journal.isBookmark, let body = journal.body else { continue }
            found += JournalPictures.pictures(of: journal, body: body, siteRoot: content.root).1
            found += bodyLinks(
                of: journal, body: body, targets: targets, siteRoot: content.root,
                anchors: { slug in content.journals.first { $0.slug == slug }.map { JournalBodies.anchors(ofBody: content.markdown(of: $0)) } },
                journals: { content.journals.map { ($0.slug, $0.path) } })
            found += writing(of: journal, body: body, lineBreaks: content.config.markdown.lineBreaks, vocabulary: content.vocabulary)
        }
        return found
    }

    /// Each body's links (`bodyLinks`) and slips (`writing`), a journal at a time on every core:
    /// one after another, parsing every body for its links was most of `gazette check` on a large
    /// site while the other core idled (0.45 s of 0.7 s at 2,000 journals). In journal order,
    /// each journal's links before its slips.
    /// Each body is parsed once, for its links and its headings' ids; the links are checked
    /// once every body's ids are known (a link's `#…` names a heading of another).
    static func bodies(_ content: SiteContent) -> [Diagnostic] {
        let targets = linkTargets(content)
        let journals = content.journals.filter { !$0.isBookmark }
        let parsed = journals.concurrentMap { journal in
            let body = content.markdown(of: journal)
            let document = MarkdownDocument(body, options: JournalBodies.anchorOptions)
            return (body: body, links: document.links(), anchors: document.headingIDs())
        }
        let anchors = Dictionary(zip(journals, parsed).map { ($0.slug, $1.anchors) }) { first, _ in first }
        return zip(journals, parsed).map { ($0, $1) }.concurrentMap { journal, parsed in
            bodyLinks(
                of: journal, body: parsed.body, links: parsed.links, targets: targets, siteRoot: content.root, anchors: { anchors[$0] },
                journals: { content.journals.map { ($0.slug, $0.path) } })
                + writing(of: journal, body: parsed.body, lineBreaks: content.config.markdown.lineBreaks, vocabulary: content.vocabulary)
        }.flatMap { $0 }
    }

    /// The ids of a journal's headings by its slug (nil: no such journal), for the `#…` of links.
    public typealias Anchors = (_ slug: String) -> [String]?

    /// Every journal's slug and file (site-relative path), asked for only when a link to a
    /// journal leads nowhere: what it is compared with for the journal it meant.
    public typealias JournalFiles = () -> [(slug: String, path: String)]

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
        // Committed journals before files git does not know yet, then oldest first: the journal
        // being written now, or else the later one, is flagged.
        let new = content.newFiles.files
        for journal in content.journals.sorted(by: { duplicateRank($0, new: new[$0.path] != nil) < duplicateRank($1, new: new[$1.path] != nil) }) {
            guard let key = articleKey(of: journal, in: content) else { continue }
            if let earlier = first[key] {
                warnings.append(duplicateArticle(journal, earlier: earlier))
            } else {
                first[key] = journal
            }
        }
        return warnings
    }

    /// Which of two journals about one article is warned about (the larger): a file git does
    /// not know yet (being written now) after a committed one, else the later, else by path.
    public static func duplicateRank(_ journal: Journal, new: Bool) -> (Int, Date, String) {
        (new ? 1 : 0, journal.created, journal.path)
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

    /// Journals dated well before the day their file is named for, before their article was
    /// published, or before a new file was written: a year or a month typed wrong, which a build
    /// would publish in that earlier week (and, a year behind, in a packet of its own) —
    /// `gazette build` and `serve` warn of them too.
    /// `memo` (kept by `gazette serve`) hands back the warning of a journal checked as it is before.
    public static func pastDates(_ content: SiteContent, now: Date, memo: ContentMemo? = nil) -> [Diagnostic] {
        let zone = content.config.timeZone
        let newFiles = content.newFiles.files
        let late = content.newFiles.committedLate
        // The days journals are dated, sorted, only where some journal was committed late.
        let days = late.isEmpty ? [] : content.journals.map { ISO8601.day(of: $0.created, in: zone) }.sorted()
        let dated = content.journals.map { journal in
            (
                journal: journal, article: content.article(for: journal), written: newFiles.isEmpty ? nil : newFiles[journal.path],
                lateCommit: late.isEmpty ? nil : late[journal.path].flatMap { alone(journal, days: days, zone: zone) ? $0 : nil }
            )
        }
        func make(_ journal: Journal, _ article: Article?, _ written: Date?, _ lateCommit: Date?) -> Diagnostic? {
            pastDate(of: journal, article: article, zone: zone, now: now, written: written, lateCommit: lateCommit)
        }
        return memo?.pastDates(of: dated, zone: zone, now: now, make: make) ?? dated.compactMap(make)
    }

    /// New journal files dated the same moment as another journal of the same member: a journal
    /// copied to start the next one (the quickest way to its front matter), its `created` kept —
    /// so published in the week of the journal it was copied from, under that journal's moment.
    /// Git tells the copy: a file it does not know yet, beside a committed journal or a new file
    /// written before it. A journal dated by its day alone is left out (a journal a day is dated
    /// alike). `gazette build` and `serve` warn of them too.
    public static func copiedDates(_ content: SiteContent) -> [Diagnostic] {
        let written = content.newFiles.files
        guard !written.isEmpty else { return [] }
        let new = content.journals.filter { written[$0.path] != nil && !$0.createdIsDay }
        let moments = Set(new.map(\.created))
        guard !moments.isEmpty else { return [] }
        let alike = Dictionary(grouping: content.journals.filter { moments.contains($0.created) }) { $0.created }
        return new.compactMap { journal in
            guard let source = copySource(of: journal, among: alike[journal.created] ?? [], written: written) else { return nil }
            return copiedDate(journal, from: source, written: written[journal.path] ?? journal.updated, zone: content.config.timeZone)
        }
    }

    /// The journal `journal` (a new file) was copied from, among `alike` (journals dated as it
    /// is): the same member's, committed, or new and written before it; the first by path.
    public static func copySource(of journal: Journal, among alike: [Journal], written: [String: Date]) -> Journal? {
        guard let mine = written[journal.path], !journal.createdIsDay else { return nil }
        return alike.filter { other in
            other.path != journal.path && other.created == journal.created && other.author == journal.author && !other.createdIsDay
                && written[other.path].map { ($0, other.path) < (mine, journal.path) } ?? true
        }.min { $0.path < $1.path }
    }

    /// The warning that `journal`, a file written at `written`, keeps the moment of `source`.
    public static func copiedDate(_ journal: Journal, from source: Journal, written: Date, zone: TimeZone) -> Diagnostic {
        func minute(_ date: Date) -> String { ISO8601.minute(date, in: zone) }
        let (at, line) = journal.frontMatterLocation(of: "created")
        let title = journal.title == source.title ? "; its title is that journal's too" : ""
        return .warning(
            "dated \(minute(journal.created)), the same moment as \(source.path) — copied from it, with its date?", at: at,
            hint: "did you mean 'created: \(minute(written))'? (when this file was written) a journal keeps the moment it was written, and builds publish it in the week of that date\(title)",
            sourceLine: line, code: "date-copied")
    }

    /// How many days either side of a journal's date no other journal may be dated for it to
    /// stand alone (`alone`).
    static let aloneDays = 30

    /// Whether no other journal is dated within `aloneDays` of `journal`: `days`, every
    /// journal's day (`journal`'s among them), sorted. A year typed wrong leaves a journal alone
    /// in a year the group did not write in; journals imported from another tool, or written
    /// about a week long past, have their neighbours.
    public static func alone(_ journal: Journal, days: [Int], zone: TimeZone) -> Bool {
        let day = ISO8601.day(of: journal.created, in: zone)
        // The first day at or after `day - aloneDays`; alone when only its own follows in range.
        var low = 0, high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle] < day - aloneDays { low = middle + 1 } else { high = middle }
        }
        var near = 0
        for index in low..<days.count {
            guard days[index] <= day + aloneDays else { break }
            near += 1
        }
        return near <= 1
    }

    /// How many days apart a journal's `created` and the day its file is named for
    /// (`YYYY-MM-DD-slug.md`, as `gazette new` names it) may be before `check` asks.
    static let fileDaySlack = 7

    /// How many days before a new file was written (`NewJournalFiles`) it may be dated before
    /// `check` asks: a fortnight, since a journal may be begun and finished over some days before
    /// it is committed; a month or a year typed wrong is further.
    static let newFileSlack = 14

    /// How many days from a whole number of years before its first commit a journal committed
    /// late may be dated for `pastDate` to ask: a year typed wrong keeps the month and the day.
    static let yearOffSlack = 21

    /// The warning of one journal dated more than a week before the day in its file name, more
    /// than a day before its stored article was published, more than a fortnight before it
    /// was `written` (a file git does not know yet: when it was last saved), or about a whole
    /// number of years before `lateCommit` (its first commit, given for a committed journal no
    /// other journal is dated near: `alone`) in a file named for no day, if it is. A journal
    /// dated ahead of `now` is `futureDate`'s.
    public static func pastDate(
        of journal: Journal, article: Article?, zone: TimeZone, now: Date, written: Date? = nil, lateCommit: Date? = nil
    ) -> Diagnostic? {
        guard journal.created <= now else { return nil }
        // Days as numbers: builds and every `serve` save run this over every journal, and
        // writing each date out to read it back was a sixth of a 2,000-journal save. The text of
        // a date, and where `created` is written, are made only for a journal warned of.
        let created = ISO8601.day(of: journal.created, in: zone)
        func day(_ date: Date) -> String { String(ISO8601.format(date, in: zone).prefix(10)) }
        func place() -> (SourceLocation, String?) { journal.frontMatterLocation(of: "created") }
        let hint = "builds publish it in the week of that date; check the year and the month"
        /// The hint, led by `created` as written with its year moved to within `slack` days of
        /// `days` later, where only the year was typed wrong.
        func mending(_ base: String, days: Int, slack: Int, line: String?) -> String {
            let years = Int((Double(days) / 365.2425).rounded())
            guard years != 0, abs(Double(days) - Double(years) * 365.2425) <= Double(slack),
                let mended = mendedYear(line, by: years, zone: zone)
            else { return base }
            return "did you mean '\(mended)'? " + base
        }
        if let named = fileDay(journal.path), abs(named.number - created) > fileDaySlack {
            let days = named.number - created
            let side = days > 0 ? "before" : "after"
            let (at, line) = place()
            return .warning(
                "dated \(day(journal.created)), \(abs(days)) days \(side) the day its file is named for (\(named.text)) — a typo?",
                at: at, hint: mending(hint, days: days, slack: fileDaySlack, line: line), sourceLine: line, code: "date-off-file-name")
        }
        if let published = article?.publishedDate, case let days = ISO8601.day(of: published, in: zone) - created, days > 1 {
            let (at, line) = place()
            return .warning(
                "dated \(day(journal.created)), \(days) days before its article was published (\(day(published))) — a typo?",
                at: at, hint: hint, sourceLine: line, code: "date-before-article")
        }
        if let written, case let days = ISO8601.day(of: min(written, now), in: zone) - created, days > newFileSlack {
            let (at, line) = place()
            return .warning(
                "dated \(day(journal.created)), \(days) days before this new file was written (\(day(min(written, now)))) — a typo?",
                at: at, hint: mending(hint + "; if it is right, this goes once the file is committed", days: days, slack: newFileSlack, line: line),
                sourceLine: line, code: "date-off-new-file")
        }
        if let lateCommit, fileDay(journal.path) == nil, case let days = ISO8601.day(of: lateCommit, in: zone) - created,
            days > NewJournalFiles.lateCommitDays, case let years = Int((Double(days) / 365.2425).rounded()), years >= 1,
            abs(Double(days) - Double(years) * 365.2425) <= Double(yearOffSlack)
        {
            let (at, line) = place()
            let path = journal.path as NSString
            let named = path.deletingLastPathComponent + "/" + day(journal.created) + "-" + path.lastPathComponent
            return .warning(
                "dated \(day(journal.created)), \(years == 1 ? "a year" : "\(years) years") before it was first committed (\(day(lateCommit))), and no other journal is dated within a month of it — a typo?",
                at: at,
                hint: mending(
                    "builds publish it in the week of that date; check the year; if the date is right, name the file for it (\(named)) and this goes",
                    days: days, slack: yearOffSlack, line: line),
                sourceLine: line, code: "date-off-commit")
        }
        return nil
    }

    /// A front-matter line `created: 2025-12-01 09:00` (quoted or not) with its year moved by
    /// `years`, as `created: 2026-12-01 09:00`; nil when the line is not so, or the day is not in
    /// that year (29 February).
    static func mendedYear(_ line: String?, by years: Int, zone: TimeZone) -> String? {
        guard let line, let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon]
        var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote { value = String(value.dropFirst().dropLast()) }
        guard value.utf8.count >= 10, let year = Int(value.prefix(4)), value.dropFirst(4).first == "-" else { return nil }
        let mended = String(year + years) + value.dropFirst(4)
        guard JournalDate.parse(mended, timeZone: zone) != nil else { return nil }
        return "\(key): \(mended)"
    }

    /// The day a journal's file is named for (`2026-12-01-slug.md`), if its name starts with one.
    static func fileDay(_ path: String) -> CivilDay? {
        let utf8 = path.utf8
        let name = utf8.lastIndex(of: 0x2F).map { utf8[utf8.index(after: $0)...] } ?? utf8[...]
        guard name.count > 11, name[name.index(name.startIndex, offsetBy: 10)] == 0x2D else { return nil }
        return CivilDay(name.prefix(10))
    }

    /// "15 weeks ahead", "3 days ahead", "later today".
    static func ahead(_ seconds: TimeInterval) -> String {
        let days = Int(seconds / 86_400)
        if days >= 14 { return "\(days / 7) weeks ahead" }
        if days >= 1 { return "\(days) day\(days == 1 ? "" : "s") ahead" }
        return "later today"
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
    /// images without alt text: what `check` and `gazette lsp` say of a body. Relative links are
    /// resolved against the journal's page (`journals/<slug>/`) and must reach a page the build
    /// writes or a file in `static/`.
    public static func bodyLinks(
        of journal: Journal, body: String, targets: Set<String>, siteRoot: URL, anchors: Anchors, journals: JournalFiles
    ) -> [Diagnostic] {
        bodyLinks(
            of: journal, body: body, links: MarkdownDocument(body).links(), targets: targets, siteRoot: siteRoot, anchors: anchors,
            journals: journals)
    }

    /// The same, of the links `body` was parsed into.
    static func bodyLinks(
        of journal: Journal, body: String, links: [MarkdownDocument.Link], targets: Set<String>, siteRoot: URL, anchors: Anchors,
        journals: JournalFiles
    ) -> [Diagnostic] {
        guard !links.isEmpty else { return [] }
        let staticRoot = siteRoot.appendingPathComponent(SiteLayout.statics)
        var warnings: [Diagnostic] = []
        let lines = body.lfLines()
        for link in links {
            // Autolinks from the GFM extension carry no position (line 0): point at the body's start.
            let bodyLine = max(1, link.line)
            let shown = bodyLine <= lines.count ? String(lines[bodyLine - 1]) : nil
            let column = shown?.scalarColumn(ofByteColumn: link.column) ?? 1
            let at = SourceLocation(path: journal.path, line: journal.bodyStartLine + bodyLine - 1, column: column)
            // The address as Markdown reads it back: in <> when it has a space.
            let address = link.destination.contains(" ") ? "<\(link.destination)>" : link.destination
            if link.isImage, link.text.trimmingCharacters(in: .whitespaces).isEmpty {
                warnings.append(
                    .warning("image without alt text", at: at, hint: "describe the image: ![what it shows](\(address))", sourceLine: shown))
            } else if link.isImage, isPlaceholderAlt(link.text, of: link.destination) {
                warnings.append(
                    .warning(
                        "image described as '\(link.text.trimmingCharacters(in: .whitespaces))', what an editor or a phone writes in place of a description",
                        at: at,
                        hint: "describe what it shows: ![what it shows](\(address)) — readers who cannot see it, screen readers and the packet read this",
                        sourceLine: shown))
            }
            if !link.isImage, !link.destination.isEmpty, link.text.trimmingCharacters(in: .whitespaces).isEmpty {
                // `[](https://…)`: a link the page draws as nothing to click.
                warnings.append(
                    .warning(
                        "link with no text: the page shows nothing to click", at: at,
                        hint: "write its text between the brackets: [기사](\(address)) — or <\(link.destination)> to show the address itself",
                        sourceLine: shown, code: "empty-link"))
            }
            // Pictures of the site's own are checked where the site is loaded (`JournalPictures`).
            guard !link.isImage,
                let warning = deadLink(
                    link.destination, in: journal, at: at, sourceLine: shown, targets: targets, staticRoot: staticRoot, anchors: anchors,
                    journals: journals)
            else { continue }
            warnings.append(warning)
        }
        return warnings
    }

    /// Whether `alt` is what an editor or a tool writes where a picture's description goes:
    /// VS Code's `alt text`, `image` (GitHub's and others'), Notion's `Untitled`, Obsidian's
    /// `Pasted image …`, or the file's own name where a camera, a phone or a screenshot made it
    /// (`IMG_1234`, `KakaoTalk_20261207_143055123`, `image-20261207143055123`, `스크린샷 …`).
    /// A name a member gave (`금리-차트`) is a description.
    static func isPlaceholderAlt(_ alt: String, of destination: String) -> Bool {
        let text = alt.trimmingCharacters(in: .whitespaces).lowercased()
        if ["alt text", "alt", "image", "img", "untitled", "picture", "photo", "screenshot", "이미지"].contains(text) || text.hasPrefix("pasted image") {
            return true
        }
        let file = (destination.removingPercentEncoding ?? destination).split(separator: "/").last.map(String.init) ?? ""
        let stem = ((file as NSString).deletingPathExtension).lowercased()
        guard !stem.isEmpty, text == stem else { return false }
        let digits = stem.split { !$0.isNumber }.map(\.count).max() ?? 0
        return ["img_", "img-", "image", "screenshot", "스크린샷", "kakaotalk_", "photo_", "dsc", "pxl_"].contains { stem.hasPrefix($0) } || digits >= 8
    }

    /// The links of every body that reach no page of the site and no file of `static/`: what
    /// `gazette build` says of the bodies it parsed (`JournalBodies.siteLinks`, kept with each
    /// body between builds), the same warnings as `bodyLinks` gives `check` and `gazette lsp`.
    /// A link checked once per build: a journal that gains the page it links to stops warning
    /// without its body parsed again.
    public static func deadLinks(_ content: SiteContent, _ bodies: JournalBodies) -> [Diagnostic] {
        let targets = linkTargets(content)
        let staticRoot = content.root.appendingPathComponent(SiteLayout.statics)
        let journals = Dictionary(content.journals.map { ($0.slug, $0) }) { first, _ in first }
        let anchors: Anchors = { slug in journals[slug].map(bodies.anchors) }
        return content.journals.flatMap { journal in
            bodies.siteLinks(journal).compactMap { link in
                deadLink(
                    link.destination, in: journal, at: SourceLocation(path: journal.path, line: journal.bodyStartLine + link.line - 1, column: link.column),
                    sourceLine: link.sourceLine, targets: targets, staticRoot: staticRoot, anchors: anchors,
                    journals: { content.journals.map { ($0.slug, $0.path) } })
            }
        }
    }

    /// The warning for a link of `journal`'s body to `destination`, if it reaches a path of the
    /// site that is neither one of its pages (`targets`) nor a file of `static/`, or names with
    /// its `#…` no heading of the journal it leads to (this one for `#…` alone).
    static func deadLink(
        _ destination: String, in journal: Journal, at: SourceLocation, sourceLine: String?, targets: Set<String>, staticRoot: URL,
        anchors: Anchors, journals: JournalFiles
    ) -> Diagnostic? {
        if destination.isEmpty {
            // `[기사]()`: a placeholder never filled in, a link back to this page.
            return .warning(
                "link with no address: it leads back to this page", at: at,
                hint: "write its address between the parentheses: [기사](https://…) — or, if it is no link, write the text without the brackets",
                sourceLine: sourceLine, code: "empty-link")
        }
        let fragment = destination.firstIndex(of: "#").map { String(destination[destination.index(after: $0)...]) }.map { $0.removingPercentEncoding ?? $0 }
        if destination.hasPrefix("#") {
            return deadSection(fragment, of: journal.slug, own: true, link: destination, at: at, sourceLine: sourceLine, anchors: anchors)
        }
        guard let target = SitePaths.linkTarget(destination, from: SitePaths.journal(journal.slug)) else { return nil }
        let asFolder = target.hasSuffix("/") || target.isEmpty ? target : target + "/"
        guard !targets.contains(target), !targets.contains(asFolder),
            !FileManager.default.fileExists(atPath: staticRoot.appendingPathComponent(target).path)
        else {
            guard let slug = SitePaths.journalSlug(ofPage: target) else { return nil }
            return deadSection(fragment, of: slug, own: slug == journal.slug, link: destination, at: at, sourceLine: sourceLine, anchors: anchors)
        }
        // `/Users/me/report.pdf`: a file on the member's own computer (`static/` has no such file).
        if let name = LocalFilePath.fileName(of: destination) {
            return .warning(
                "link '\(destination)' is a file on this computer, which no page can show", at: at,
                hint: LocalFilePath.hint(name: name, text: nil, isPicture: false, folder: (journal.path as NSString).deletingLastPathComponent),
                sourceLine: sourceLine, code: "local-file")
        }
        // `www.hankyung.com/…` is a web address missing its scheme, which browsers read as a
        // path of this site.
        let web = CanonicalURL.startsWithHost(destination)
        // `https//…` (its colon forgotten) is a path too; `https:/…` browsers mend themselves.
        let mistyped = destination.firstMatch(of: #/^(?i)(https?)//?([^/].*)$/#).map { "\($0.output.1.lowercased())://\($0.output.2)" }
        // `“https://…”`: an address in the quotes an editor's autocorrect (Word, macOS, a phone)
        // wrote around it.
        let unquoted = destination.trimmingCharacters(in: CharacterSet(charactersIn: "“”‘’\"「」『』"))
        let quoted = unquoted != destination && (unquoted.lowercased().hasPrefix("http://") || unquoted.lowercased().hasPrefix("https://")) ? unquoted : nil
        let meant = mistyped == nil && !web && quoted == nil ? meantJournal(destination, target: target, targets: targets, journals: journals) : nil
        let hint =
            if let quoted { "the address is in quotes, which an editor's autocorrect writes around it; without them: write \(quoted)" }
            else if let mistyped { "a web address starts with https:// (a colon and two slashes): write \(mistyped)" }
            else if web { "a web address starts with https://: write https://\(destination)" }
            else if let meant { "did you mean '\(meant.link)'? the journal of \(meant.path)" }
            else if SitePaths.journalFileLink(destination) != nil {
                "no journal of the site (drafts and journals dated ahead left out) is in a file of that name: link a file of content/journals/"
            } else { "journal pages are journals/<slug>/: from a journal, write ../<slug>/" }
        return .warning("link to '\(destination)' leads to no page of this site", at: at, hint: hint, sourceLine: sourceLine)
    }

    /// The journal a dead link to a journal's page or file most likely meant — one renamed since
    /// (`금리-동결` → `금리-동결-메모`) or a slug mistyped — and the link to it written the way
    /// `destination` is (its page or its file, `#…` kept). Nil when no journal is near enough, or
    /// two are equally near. Only journals with a page (`targets`) are meant.
    static func meantJournal(_ destination: String, target: String, targets: Set<String>, journals: JournalFiles) -> (link: String, path: String)? {
        let file = SitePaths.journalFileLink(destination) != nil
        guard let slug = SitePaths.journalSlug(ofPage: file ? SitePaths.linkTarget(destination, from: "") ?? target : target), !slug.isEmpty,
            let meant = nearestSlug(slug, among: journals().filter { targets.contains(SitePaths.journal($0.slug)) })
        else { return nil }
        let end = destination.firstIndex { $0 == "#" || $0 == "?" } ?? destination.endIndex
        let path = destination[..<end], rest = destination[end...]
        if file {
            // The file's name in place of the one written, in the folder written.
            let name = (meant.path as NSString).lastPathComponent
            let folder = path.lastIndex(of: "/").map { path[...$0] } ?? ""
            let written = name.contains(" ") ? name.replacingOccurrences(of: " ", with: "%20") : name
            return (folder + written + rest, meant.path)
        }
        // The slug in place of the one written, as written (percent-encoded or not).
        let encoded = slug.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? slug
        for (old, new) in [(slug, meant.slug), (encoded, meant.slug.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? meant.slug)] {
            if let range = path.range(of: old, options: .backwards) {
                return (path.replacingCharacters(in: range, with: new) + rest, meant.path)
            }
        }
        return ("../\(meant.slug)/" + rest, meant.path)
    }

    /// The slug of `journals` nearest `slug`: a word or more added or dropped (one holds the
    /// other at a hyphen), or a few letters mistyped (edit distance up to a third of the shorter),
    /// the fewest edits first. Nil for none, or a tie.
    static func nearestSlug(_ slug: String, among journals: [(slug: String, path: String)]) -> (slug: String, path: String)? {
        let wanted = Array(slug.unicodeScalars)
        var best: (slug: String, path: String)?, bestDistance = Int.max, tied = false
        for journal in journals where journal.slug != slug {
            let candidate = Array(journal.slug.unicodeScalars)
            let shorter = min(wanted.count, candidate.count)
            let holds = shorter >= 2 && (journal.slug.hasPrefix(slug + "-") || journal.slug.hasSuffix("-" + slug) || journal.slug.contains("-" + slug + "-")
                || slug.hasPrefix(journal.slug + "-") || slug.hasSuffix("-" + journal.slug) || slug.contains("-" + journal.slug + "-"))
            let limit = holds ? max(wanted.count, candidate.count) : max(1, shorter / 3)
            guard abs(wanted.count - candidate.count) <= limit, let distance = editDistance(wanted, candidate, limit: limit) else { continue }
            if distance < bestDistance {
                (best, bestDistance, tied) = (journal, distance, false)
            } else if distance == bestDistance {
                tied = true
            }
        }
        return tied ? nil : best
    }

    /// Levenshtein distance between `a` and `b`, or nil once it must exceed `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var smallest = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                smallest = min(smallest, current[j])
            }
            if smallest > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// The warning for a link whose `#fragment` names no heading of the journal `slug` (nor an
    /// id its page has of its own): the page opens at its top instead of the section.
    static func deadSection(
        _ fragment: String?, of slug: String, own: Bool, link: String, at: SourceLocation, sourceLine: String?, anchors: Anchors
    ) -> Diagnostic? {
        // `#top` is the page's top in every browser, with no element of that id.
        guard let fragment, !fragment.isEmpty, fragment.lowercased() != "top", let ids = anchors(slug), !ids.contains(fragment),
            !JournalBodies.pageIDs.contains(fragment)
        else { return nil }
        let hint =
            ids.isEmpty
            ? "the journal has no headings: link its page without #\(fragment)"
            : "its headings' ids are \(ids.map { "#" + $0 }.joined(separator: ", ")) (a heading's text, lower-cased, spaces and marks as '-')"
        return .warning(
            "link to '\(link)' leads to no heading '#\(fragment)' of \(own ? "this" : "that") journal", at: at, hint: hint, sourceLine: sourceLine,
            code: "broken-anchor")
    }
}

/// A calendar day written `YYYY-MM-DD`, numbered so that consecutive days differ by one (days
/// since 1970-01-01 in the proleptic Gregorian calendar): date arithmetic without a clock or a
/// time zone, for comparing the days a member typed.
struct CivilDay {
    let text: String
    let number: Int

    /// `2026-12-01`: four digits, two and two, a real month and a day up to 31.
    init?(_ text: String) { self.init(text.utf8[...]) }

    init?(_ bytes: Substring.UTF8View) {
        guard bytes.count == 10 else { return nil }
        var digits: [Int] = []
        digits.reserveCapacity(8)
        for (offset, byte) in bytes.enumerated() {
            if offset == 4 || offset == 7 {
                guard byte == 0x2D else { return nil }
            } else {
                guard (0x30...0x39).contains(byte) else { return nil }
                digits.append(Int(byte - 0x30))
            }
        }
        let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        let month = digits[4] * 10 + digits[5], day = digits[6] * 10 + digits[7]
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        self.text = String(Substring(bytes))
        number = ISO8601.daysFromCivil(year, month, day)
    }
}

import Content
import GazetteModel
import Memory
import Markdown

/// Every journal body parsed once (a step of the build): its HTML, its plain text (headings
/// skipped, for descriptions and search), the start of that, and the start of the body as a card
/// shows it. Bookmarks have none.
///
/// The HTML and the whole plain text are kept for as many bodies as fit in `keptBytes`, in
/// journal order; past that a body keeps only its lead, headings and card excerpt, and its HTML
/// and plain text are made again from its Markdown when a page or the search index asks: the
/// same bytes, for one more parse. At 100,000 journals, keeping all of them was 1.8 GB of a
/// 4 GB build.
public struct JournalBodies: Sendable {
    /// One parsed body, shared, never changed: the maps of a build and of `BodyMemo` hold
    /// the same one (copying five strings and an array for each of 2,000 bodies, twice, was
    /// a third of a `serve` save's parse step).
    final class Body: Sendable {
        /// The HTML and the whole plain text, or nil past the budget.
        let full: (html: String, plainText: String)?
        /// The first `leadCharacters` characters of the plain text: enough for every excerpt
        /// a page shows (`TextCut.excerpt` cuts at most 160).
        let lead: String
        /// The headings' text (which the plain text leaves out), for the search index.
        let headings: String
        let excerpt: [ExcerptRun]
        /// The links and raw HTML the body drops, as warnings at lines of the body (line 1 its
        /// first) in no file: `JournalBodies.warnings` places them in the journal's file, so a
        /// body kept from an earlier build warns at the right line after its front matter grew.
        let warnings: [Diagnostic]
        /// The links to paths of the site, which each build checks against the pages it writes.
        let siteLinks: [SiteLink]
        /// The headings' ids, which a link's `#…` to this body may name.
        let anchors: [String]

        init(
            full: (html: String, plainText: String)?, lead: String, headings: String, excerpt: [ExcerptRun], warnings: [Diagnostic],
            siteLinks: [SiteLink], anchors: [String]
        ) {
            self.anchors = anchors
            self.full = full
            self.lead = lead
            self.headings = headings
            self.excerpt = excerpt
            self.warnings = warnings
            self.siteLinks = siteLinks
        }

        /// Bytes kept for the HTML and the plain text.
        var fullBytes: Int { full.map { $0.html.utf8.count + $0.plainText.utf8.count } ?? 0 }

        /// The same body without its HTML and plain text.
        var trimmed: Body { Body(full: nil, lead: lead, headings: headings, excerpt: excerpt, warnings: warnings, siteLinks: siteLinks, anchors: anchors) }
    }

    /// A link of a body to a path of the site (`../other-slug/`, `/about.pdf`) where it was
    /// written: line 1 is the body's first, the column counts characters, `sourceLine` is that
    /// line as written.
    public struct SiteLink: Sendable, Hashable {
        public var destination: String
        public var line: Int
        public var column: Int
        public var sourceLine: String

        /// `document`'s links to the site, placed in `markdown`, the text it was parsed from.
        static func all(in document: MarkdownDocument, markdown: String) -> [SiteLink] {
            let links = document.siteLinks
            guard !links.isEmpty else { return [] }
            let lines = markdown.lfLines()
            return links.map { link in
                // Autolinks carry no position (line 0): the body's first line.
                let line = max(1, link.line)
                let shown = line <= lines.count ? String(lines[line - 1]) : ""
                return SiteLink(destination: link.destination, line: line, column: shown.scalarColumn(ofByteColumn: link.column), sourceLine: shown)
            }
        }
    }

    /// Bytes of HTML and plain text kept for the whole build (256 MiB: every body of a
    /// 10,000-journal site, about 16 KB each).
    public static let defaultKeptBytes = 256 << 20
    /// The ids a journal's page has of its own (the theme's), which no heading of its body takes.
    public static let pageIDs = SitePaths.journalPageIDs
    /// What gives a body's headings the ids its page gives them, whatever else it is parsed for.
    public static let anchorOptions = MarkdownOptions(headingIDs: true, reservedIDs: pageIDs)
    /// Characters of plain text every body keeps.
    static let leadCharacters = 200
    /// Bodies parsed together, on all cores, before the budget is applied to them.
    static let batch = 1024

    private let bodies: [String: Body]
    private let options: MarkdownOptions
    /// Where a body not kept is read from again.
    private let content: SiteContent

    /// Parses every body with cmark-gfm, on all cores, keeping the HTML and plain text of
    /// those that fit in `keptBytes`; with `cache` (`gazette serve`), only bodies not parsed by
    /// an earlier build with the same options. `fontCoverage` is what the site's fonts show
    /// (`WebFonts.textCoverage`), for the warning of hanja they lack (`BodyWriting.missingGlyphs`).
    public init(
        _ content: SiteContent, cache: BodyMemo? = nil, keptBytes: Int = JournalBodies.defaultKeptBytes,
        fontCoverage: @Sendable () -> Set<Unicode.Scalar>? = { nil }
    ) throws {
        let strings = UIStrings.table(content.config.language)
        let options = MarkdownOptions(
            unsafeHTML: content.config.markdown.unsafeHTML, topHeadingLevel: 2,
            taskLabels: TaskLabels(done: strings["taskDone", default: "Done"], todo: strings["taskTodo", default: "To do"]),
            remoteImagesAsLinks: true, siteRootFromPage: SitePaths.root(from: SitePaths.journal("x")), headingIDs: true,
            reservedIDs: Self.pageIDs, lineBreaks: content.config.markdown.lineBreaks, footnoteBack: strings["footnoteBack", default: "Back to the text"])
        self.options = options
        self.content = content
        let journals = content.journals.filter { !$0.isBookmark }
        var optionsKey = FingerprintHasher()
        optionsKey.add(reflecting: options)
        // A line of hashtags is named with the vocabulary's keys (`BodyWriting.hashtagLines`).
        let vocabulary = content.vocabulary
        optionsKey.add(reflecting: vocabulary)
        let parsedWith = optionsKey.digest
        let known = cache?.known()
        var parsed: [(body: Body, known: Bool)] = []
        parsed.reserveCapacity(journals.count)
        var kept = 0
        journals.forEachBatch(of: Self.batch) { batch in
            // Once the budget is spent, the HTML of the bodies after is not even made.
            let keepsFull = kept < keptBytes
            let bodies = batch.concurrentMap { journal -> (body: Body, known: Bool) in
                if let hit = known?.value(journal.slug, BodyMemo.Parsed(journal, options: parsedWith)) { return (hit, true) }
                let markdown = content.markdown(of: journal)
                let document = MarkdownDocument(markdown, options: options)
                let blocks = document.blocks()
                let plainText = document.plainText(skippingHeadings: true)
                // Search finds a picture by its alt text; a list row or a page's description
                // reads the lead as prose, so there the alt text is left out.
                let prose = MarkdownBlock.containImage(blocks) ? document.plainText(skippingHeadings: true, skippingImages: true) : plainText
                let body = Body(
                    full: keepsFull ? (document.html(), plainText) : nil, lead: String(prose.prefix(Self.leadCharacters)),
                    headings: Self.headings(blocks), excerpt: ExcerptRun.runs(from: blocks),
                    warnings: JournalLoader.refusedLinkWarnings(document, body: markdown, bodyStartLine: 1, path: "")
                        + BodyWriting.warnings(
                            markdown, title: journal.title, lineBreaks: options.lineBreaks, tags: .init(written: journal.tags, vocabulary: vocabulary)) + BodyWriting.missingGlyphs(markdown, covered: fontCoverage),
                    siteLinks: SiteLink.all(in: document, markdown: markdown), anchors: document.headingIDs())
                return (body, false)
            }
            // In journal order, whichever core parsed them: the same bodies are kept every time.
            for (found, wasKnown) in bodies {
                let body = kept + found.fullBytes > keptBytes && found.full != nil ? found.trimmed : found
                kept += body.fullBytes
                parsed.append((body, wasKnown && body === found))
            }
        }
        var table: [String: Body] = [:]
        table.reserveCapacity(journals.count)
        var found: [String] = []
        var made: [(String, BodyMemo.Entry)] = []
        for (journal, (body, wasKnown)) in zip(journals, parsed) where table[journal.slug] == nil {
            table[journal.slug] = body
            if wasKnown {
                found.append(journal.slug)
            } else {
                made.append((journal.slug, .init(inputs: BodyMemo.Parsed(journal, options: parsedWith), value: body)))
            }
        }
        cache?.record(found: found, made: made)
        bodies = table
    }

    /// Rendered HTML of a journal body (empty for bookmarks).
    public func html(_ journal: Journal) -> String {
        guard let body = bodies[journal.slug] else { return "" }
        return body.full?.html ?? MarkdownDocument(content.markdown(of: journal), options: options).html()
    }
    /// Plain text of a body, headings skipped.
    public func plainText(_ journal: Journal) -> String {
        guard let body = bodies[journal.slug] else { return "" }
        return body.full?.plainText ?? MarkdownDocument(content.markdown(of: journal), options: options).plainText(skippingHeadings: true)
    }
    /// The first 200 characters of `plainText`, for excerpts of at most that many.
    public func lead(_ journal: Journal) -> String { bodies[journal.slug]?.lead ?? "" }
    /// The text of a body's headings, one line each (the search index adds them to `plainText`).
    public func headings(_ journal: Journal) -> String { bodies[journal.slug]?.headings ?? "" }

    static func headings(_ blocks: [MarkdownBlock]) -> String {
        var lines: [String] = []
        func visit(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block {
                case .heading(_, let inlines): lines.append(MarkdownInline.plainText(inlines))
                case .blockQuote(let inner): visit(inner)
                case .list(let list): list.items.forEach { visit($0.blocks) }
                default: break
                }
            }
        }
        visit(blocks)
        return lines.joined(separator: "\n")
    }

    /// A warning for each link and piece of raw HTML the bodies drop, in their journals' files
    /// (the loader leaves them to this parse when `gazette build` asks it to).
    public var warnings: [Diagnostic] {
        content.journals.flatMap { journal in Self.placed(bodies[journal.slug]?.warnings ?? [], in: journal) }
    }

    /// Warnings at lines of a body (line 1 its first, no file) at their places in `journal`'s file.
    public static func placed(_ warnings: [Diagnostic], in journal: Journal) -> [Diagnostic] {
        warnings.map { relative in
            var warning = relative
            warning.location = relative.location.map {
                SourceLocation(path: journal.path, line: $0.line + journal.bodyStartLine - 1, column: $0.column)
            }
            return warning
        }
    }

    /// The ids of a body's headings (`MarkdownDocument.headingIDs`), for links to its sections.
    public func anchors(_ journal: Journal) -> [String] { bodies[journal.slug]?.anchors ?? [] }

    /// The ids of the headings of `markdown`, a journal's body, as its page gives them: for
    /// `check` and `gazette lsp`, which parse bodies with other options.
    public static func anchors(ofBody markdown: String) -> [String] {
        MarkdownDocument(markdown, options: anchorOptions).headingIDs()
    }

    /// A body's links to paths of the site, for `SiteChecks.deadLinks`.
    public func siteLinks(_ journal: Journal) -> [SiteLink] { bodies[journal.slug]?.siteLinks ?? [] }

    /// The start of a body as a card shows it.
    public func excerpt(_ journal: Journal) -> [ExcerptRun] { bodies[journal.slug]?.excerpt ?? [] }
}

/// Bodies parsed by earlier builds, by slug, with the options they were parsed with and the
/// digest of their Markdown (`Journal.bodyDigest`, made once when the file is loaded): an edit
/// to one journal parses one body again. A `Memo`, kept in memory by `gazette serve` and in
/// `.gazette/cache/bodies.bin` by `gazette build` (`BodyMemoFile`).
public final class BodyMemo: Sendable {
    /// What a body was parsed from.
    struct Parsed: Equatable, Sendable {
        var options: Fingerprint
        var digest: Fingerprint

        /// What `journal`'s body was parsed from: its Markdown, and its title and tags, which the
        /// body's warnings read (`BodyWriting.repeatedTitle`, `BodyWriting.hashtagLines`).
        init(_ journal: Journal, options: Fingerprint) {
            var digest = FingerprintHasher()
            digest.add(journal.bodyDigest)
            digest.add(journal.title)
            for tag in journal.tags { digest.add(tag) }
            (self.options, self.digest) = (options, digest.digest)
        }

        init(options: Fingerprint, digest: Fingerprint) { (self.options, self.digest) = (options, digest) }
    }

    typealias Entry = Memo<String, Parsed, JournalBodies.Body>.Entry

    private let memo: Memo<String, Parsed, JournalBodies.Body>

    /// The bodies of a build by slug, with the digest of the Markdown each was parsed from: what
    /// the file holds (the options once).
    struct Table: Sendable {
        var bodies: [String: JournalBodies.Body] = [:]
        var digests: [String: Fingerprint] = [:]
    }

    public init() { memo = Memo() }

    /// A table read back from disk as the last build's.
    init(restoring options: Fingerprint, _ table: Table) {
        var entries: [String: Entry] = [:]
        for (slug, body) in table.bodies {
            guard let digest = table.digests[slug] else { continue }
            entries[slug] = Entry(inputs: Parsed(options: options, digest: digest), value: body)
        }
        memo = Memo(restoring: entries)
    }

    func known() -> Memo<String, Parsed, JournalBodies.Body>.Known { memo.known() }

    func record(found: [String], made: [(String, Entry)]) { memo.record(found: found, made: made) }

    /// The end of a build: bodies of journals it did not show are let go.
    public func endBuild() { memo.endBuild() }

    /// The table, if a build changed it since it was restored or last taken (all parsed with
    /// one build's options: the others were let go at its end).
    func takeChanged() -> (options: Fingerprint, table: Table)? {
        guard let entries = memo.takeChanged() else { return nil }
        var table = Table()
        let options = entries.first?.value.inputs.options ?? Fingerprint()
        for (slug, entry) in entries where entry.inputs.options == options {
            table.bodies[slug] = entry.value
            table.digests[slug] = entry.inputs.digest
        }
        return (options, table)
    }
}

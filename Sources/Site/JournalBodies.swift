import Content
import GazetteModel
import Markdown

/// Every journal body parsed once (a step of the build): its HTML, its plain text (headings
/// skipped, for descriptions) and the start of it as a card shows it. Bookmarks have none.
public struct JournalBodies: Sendable {
    struct Body: Sendable {
        var html: String
        var plainText: String
        /// The headings' text (which `plainText` leaves out), for the search index.
        var headings: String
        var excerpt: [ExcerptRun]
    }

    private let bodies: [String: Body]

    /// Parses every body with cmark-gfm, on all cores; with `cache` (`gazette serve`), only
    /// bodies not parsed by an earlier build with the same options.
    public init(_ content: SiteContent, cache: BodyCache? = nil) throws {
        let strings = UIStrings.table(content.config.language)
        let options = MarkdownOptions(
            unsafeHTML: content.config.markdown.unsafeHTML, topHeadingLevel: 2,
            taskLabels: TaskLabels(done: strings["taskDone", default: "Done"], todo: strings["taskTodo", default: "To do"]),
            remoteImagesAsLinks: true)
        let journals = content.journals.filter { !$0.isBookmark }
        var optionsKey = Fingerprint()
        optionsKey.add(reflecting: options)
        let known = cache?.begin(options: optionsKey.digest) ?? [:]
        let parsed = journals.concurrentMap { journal in
            if let hit = known[journal.slug], hit.markdown == journal.body { return hit.body }
            let document = MarkdownDocument(journal.body, options: options)
            let blocks = document.blocks()
            return Body(
                html: document.html(), plainText: document.plainText(skippingHeadings: true), headings: Self.headings(blocks),
                excerpt: ExcerptRun.runs(from: blocks))
        }
        cache?.end(
            options: optionsKey.digest,
            Dictionary(zip(journals.map(\.slug), zip(journals.map(\.body), parsed).map { (markdown: $0, body: $1) }), uniquingKeysWith: { first, _ in first }))
        bodies = Dictionary(uniqueKeysWithValues: zip(journals.map(\.slug), parsed))
    }

    /// Rendered HTML of a journal body (empty for bookmarks).
    public func html(_ journal: Journal) -> String { bodies[journal.slug]?.html ?? "" }
    /// Plain text of a body, headings skipped.
    public func plainText(_ journal: Journal) -> String { bodies[journal.slug]?.plainText ?? "" }
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
    /// The start of a body as a card shows it.
    public func excerpt(_ journal: Journal) -> [ExcerptRun] { bodies[journal.slug]?.excerpt ?? [] }
}

/// Bodies parsed by earlier builds of the same process (`gazette serve`), by their Markdown, for
/// the options they were parsed with: an edit to one journal parses one body again.
public final class BodyCache: Sendable {
    /// By slug, with the Markdown each was parsed from. A journal the content cache hands back
    /// unchanged shares its body's storage with the one kept here, so the comparison costs
    /// nothing; fingerprinting every body instead hashed 6 MB on each save at 2,000 journals.
    private let table = Locked<(options: Fingerprint, bodies: [String: (markdown: String, body: JournalBodies.Body)])>((Fingerprint(), [:]))

    public init() {}

    /// What earlier builds parsed with `options` (nothing if they used others).
    func begin(options: Fingerprint) -> [String: (markdown: String, body: JournalBodies.Body)] {
        table.withLock { $0.options == options ? $0.bodies : [:] }
    }

    /// Keeps what this build parsed, and only that.
    func end(options: Fingerprint, _ bodies: [String: (markdown: String, body: JournalBodies.Body)]) {
        table.withLock { $0 = (options, bodies) }
    }
}

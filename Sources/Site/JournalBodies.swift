import Content
import GazetteModel
import Markdown

/// Every journal body parsed once (a step of the build): its HTML, its plain text (headings
/// skipped, for descriptions) and the start of it as a card shows it. Bookmarks have none.
public struct JournalBodies: Sendable {
    struct Body: Sendable {
        var html: String
        var plainText: String
        var excerpt: [ExcerptRun]
    }

    private let bodies: [String: Body]

    /// Parses every body with cmark-gfm, on all cores.
    public init(_ content: SiteContent) throws {
        let strings = UIStrings.table(content.config.language)
        let options = MarkdownOptions(
            unsafeHTML: content.config.markdown.unsafeHTML, topHeadingLevel: 2,
            taskLabels: TaskLabels(done: strings["taskDone", default: "Done"], todo: strings["taskTodo", default: "To do"]))
        let journals = content.journals.filter { !$0.isBookmark }
        let parsed = try journals.concurrentMap { journal in
            let document = MarkdownDocument(journal.body, options: options)
            return Body(
                html: document.html(), plainText: document.plainText(skippingHeadings: true),
                excerpt: ExcerptRun.runs(from: document.blocks()))
        }
        bodies = Dictionary(uniqueKeysWithValues: zip(journals.map(\.slug), parsed))
    }

    /// Rendered HTML of a journal body (empty for bookmarks).
    public func html(_ journal: Journal) -> String { bodies[journal.slug]?.html ?? "" }
    /// Plain text of a body, headings skipped.
    public func plainText(_ journal: Journal) -> String { bodies[journal.slug]?.plainText ?? "" }
    /// The start of a body as a card shows it.
    public func excerpt(_ journal: Journal) -> [ExcerptRun] { bodies[journal.slug]?.excerpt ?? [] }
}

import Bodies
import Foundation
import GazetteModel

/// What `gazette check` and `gazette lsp` say of how a body is written (`BodyWriting`'s rules),
/// placed in the journal's file. Builds say the same through the parsed bodies
/// (`JournalBodies.warnings`).
extension SiteChecks {
    /// Every writing warning of one journal's body (bookmarks are not checked); `lineBreaks`:
    /// the site's `markdown.line_breaks`.
    public static func writing(of journal: Journal, body: String, lineBreaks: Bool) -> [Diagnostic] {
        journal.isBookmark
            ? [] : JournalBodies.placed(BodyWriting.warnings(body, title: journal.title, lineBreaks: lineBreaks), in: journal) + missingGlyphs(of: journal, body: body)
    }

    /// The prompts left empty of a body (`BodyWriting.emptyPrompts`), in the journal's file.
    public static func emptyPrompts(of journal: Journal, body: String) -> [Diagnostic] {
        JournalBodies.placed(BodyWriting.emptyPrompts(body), in: journal)
    }

    /// The markup a page would show as typed (`BodyWriting.markupSlips`), in the journal's file.
    public static func markupSlips(of journal: Journal, body: String) -> [Diagnostic] {
        JournalBodies.placed(BodyWriting.markupSlips(body), in: journal)
    }
}

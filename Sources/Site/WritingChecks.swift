import Bodies
import Foundation
import GazetteModel

/// What `gazette check` and `gazette lsp` say of how a body is written (`BodyWriting`'s rules),
/// placed in the journal's file. Builds say the same through the parsed bodies
/// (`JournalBodies.warnings`).
extension SiteChecks {
    /// Every writing warning of one journal's body (bookmarks are not checked).
    public static func writing(of journal: Journal, body: String) -> [Diagnostic] {
        journal.isBookmark ? [] : placed(BodyWriting.warnings(body), in: journal)
    }

    /// The prompts left empty of a body (`BodyWriting.emptyPrompts`), in the journal's file.
    public static func emptyPrompts(of journal: Journal, body: String) -> [Diagnostic] {
        placed(BodyWriting.emptyPrompts(body), in: journal)
    }

    /// The markup a page would show as typed (`BodyWriting.markupSlips`), in the journal's file.
    public static func markupSlips(of journal: Journal, body: String) -> [Diagnostic] {
        placed(BodyWriting.markupSlips(body), in: journal)
    }

    static func placed(_ warnings: [Diagnostic], in journal: Journal) -> [Diagnostic] {
        warnings.map { relative in
            var warning = relative
            warning.location = relative.location.map {
                SourceLocation(path: journal.path, line: $0.line + journal.bodyStartLine - 1, column: $0.column)
            }
            return warning
        }
    }
}

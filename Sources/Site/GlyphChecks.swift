import Bodies
import Content
import Foundation
import GazetteModel
import SiteFonts

/// Hanja and kana the site's fonts cannot show (`BodyWriting.missingGlyphs`), in titles and
/// bodies, placed in the journals' files.
extension SiteChecks {
    /// The warnings for `journal`'s title and `body`.
    public static func missingGlyphs(of journal: Journal, body: String) -> [Diagnostic] {
        missingGlyphs(inTitleOf: journal) + JournalBodies.placed(BodyWriting.missingGlyphs(body) { WebFonts.textCoverage }, in: journal)
    }

    /// The warning for the title of `journal`, at the first character the fonts lack.
    public static func missingGlyphs(inTitleOf journal: Journal) -> [Diagnostic] {
        guard BodyWriting.mayLackGlyphs(journal.title), let covered = WebFonts.textCoverage else { return [] }
        let missing = BodyWriting.missingGlyphs(in: journal.title, covered: covered)
        guard let first = missing.first else { return [] }
        let (location, line) = journal.frontMatterLocation(of: "title", value: String(first))
        return [BodyWriting.missingGlyphsWarning(missing, at: location, sourceLine: line)]
    }

    /// The titles' warnings of every journal of `content` (a build: the bodies' come with
    /// their parse, `JournalBodies`).
    public static func missingGlyphsInTitles(_ content: SiteContent) -> [Diagnostic] {
        content.journals.filter { !$0.isBookmark }.flatMap(missingGlyphs(inTitleOf:))
    }
}

import Bodies
import Foundation
import GazetteModel

/// What `gazette check` and `gazette lsp` say of how a body is written (`BodyWriting`'s rules),
/// placed in the journal's file. Builds say the same through the parsed bodies
/// (`JournalBodies.warnings`).
extension SiteChecks {
    /// Every writing warning of one journal's body (bookmarks are not checked); `lineBreaks`:
    /// the site's `markdown.line_breaks`; `vocabulary`: its tags, which a line of hashtags is
    /// named with (none given, such a line is not named).
    public static func writing(of journal: Journal, body: String, lineBreaks: Bool, vocabulary: [Tag]? = nil) -> [Diagnostic] {
        journal.isBookmark
            ? []
            : JournalBodies.placed(
                BodyWriting.warnings(
                    body, title: journal.title, lineBreaks: lineBreaks, tags: vocabulary.map { .init(written: journal.tags, vocabulary: $0) }),
                in: journal) + missingGlyphs(of: journal, body: body)
                + (articleInBody(of: journal, body: body).map { [$0] } ?? [])
    }

    /// A journal that names no article but opens its body with an article's address alone on a
    /// line (`https://www.yna.co.kr/view/…`, `<https://…>`, `[기사](https://…)`, `원문: https://…`),
    /// as a member writes who made the file by hand: the page shows a link where the article's
    /// card would be, its week lists no article and `gazette fetch` stores nothing. Named at
    /// that line with the front-matter line to write (the language server's fix moves it there).
    static func articleInBody(of journal: Journal, body: String) -> Diagnostic? {
        guard journal.articleReference == nil, body.utf8.count > 10 else { return nil }
        let lines = body.split(separator: "\n", maxSplits: 40, omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }),
            // An address, alone or after a short label (`원문:`), in <> or as a link's.
            let found = lines[index].trimmingCharacters(in: .whitespaces).wholeMatch(
                of: #/(?:[^\s:/]{1,10}\s*:\s*)?(?:<(https?://[^>\s]+)>|\[[^\]]*\]\((https?://[^)\s]+)\)|(https?://\S+))/#),
            let url = found.output.1 ?? found.output.2 ?? found.output.3, CanonicalURL.canonicalize(String(url)) != nil
        else { return nil }
        let line = String(lines[index])
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        return Diagnostic.warning(
            "this journal names no article: the address on its first line is only a link in the body",
            at: SourceLocation(path: journal.path, line: journal.bodyStartLine + index, column: indent + 1),
            hint: "did you mean 'article: \(url)'? in the front matter, the page shows the article's card, its week lists it and gazette fetch stores it",
            sourceLine: line
        ).spanning(line.trimmingCharacters(in: .whitespaces).unicodeScalars.count)
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

import Content
import Foundation
import GazetteModel
import Markdown

/// The links between journals: what renaming a journal's file edits (`linksAfterMoving`) and
/// what "find references" lists (`textDocument/references`) — the journals that link to one,
/// its backlinks.
extension Features {
    /// A link of a journal's body to a journal, by its page or its file.
    struct JournalLink {
        /// The linking journal's file, site-relative.
        var path: String
        /// The destination as written, and where it is in the linking file.
        var raw: String
        var range: LSPRange
        /// The journal it leads to.
        var slug: String
    }

    /// Every link of every journal's body (open buffers as they stand) to a journal whose slug
    /// `wanted` accepts, files in path order, links in text order.
    func journalLinks(to wanted: (String) -> Bool) -> [JournalLink] {
        var found: [JournalLink] = []
        for (path, journal) in workspace.journals.sorted(by: { $0.key < $1.key }) {
            guard let body = journal.body, body.contains("](") else { continue }
            let lines = body.lfLines()
            // A reference link (`[a][ref]`) has no `](` of its own: the next link's on its line
            // is found for it, and must be counted once.
            var seen: Set<[Int]> = []
            for link in MarkdownDocument(body).links() where !link.isImage && link.line >= 1 && link.line <= lines.count {
                let line = lines[link.line - 1]
                guard let (raw, start) = Self.destination(in: line, from: link.column), seen.insert([link.line, start]).inserted,
                    let slug = SitePaths.linkTarget(raw, from: SitePaths.journal(journal.slug)).flatMap(SitePaths.journalSlug(ofPage:)),
                    wanted(slug)
                else { continue }
                let before = line.utf8.prefix(start), through = line.utf8.prefix(start + raw.utf8.count)
                let fileLine = journal.bodyStartLine - 1 + link.line - 1
                let range = LSPRange(
                    start: Position(line: fileLine, character: encoding.length(String(decoding: before, as: UTF8.self))),
                    end: Position(line: fileLine, character: encoding.length(String(decoding: through, as: UTF8.self))))
                found.append(JournalLink(path: path, raw: raw, range: range, slug: slug))
            }
        }
        return found
    }

    /// The links to a journal from every journal: the one a link at the cursor leads to, else
    /// the journal being edited (its backlinks). With `includeDeclaration`, the journal's own
    /// file first, as editors list a definition with its uses.
    func references(_ document: TextDocument, _ position: Position, includeDeclaration: Bool) -> [Location] {
        let place = place(document, position)
        let linked = place.inFrontMatter ? nil : linkedJournal(place)?.path
        guard let path = linked ?? document.path, let slug = workspace.journals[path]?.slug else { return [] }
        let links = journalLinks(to: { $0 == slug }).map { Location(uri: workspace.uri(of: $0.path), range: $0.range) }
        let top = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))
        return (includeDeclaration ? [Location(uri: workspace.uri(of: path), range: top)] : []) + links
    }
}

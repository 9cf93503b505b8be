import Authoring
import Bodies
import Content
import Foundation
import GazetteModel

/// The language features, each a function of the site (`Workspace`), the document and a position.
struct Features {
    let workspace: Workspace
    let encoding: PositionEncoding

    // MARK: - Where the cursor is

    /// Where a position is in a journal: in the front matter, under which key (a `- item` line
    /// belongs to the key above it), or in the body.
    struct Place {
        var lineIndex: Int
        var line: Substring
        /// Scalars of the line before the cursor.
        var before: Substring
        var inFrontMatter: Bool
        var key: String?
    }

    func place(_ document: TextDocument, _ position: Position) -> Place {
        let lines = document.lines
        let index = min(max(0, position.line), max(0, lines.count - 1))
        let line = lines.isEmpty ? "" : lines[index]
        let scalars = encoding.scalars(in: line, upTo: position.character)
        let before = Substring(String(String.UnicodeScalarView(line.unicodeScalars.prefix(scalars))))
        let close = lines.indices.dropFirst().first { lines[$0].trimmingCharacters(in: .whitespaces) == "---" }
        let inFront = lines.first?.trimmingCharacters(in: .whitespaces) == "---" && index > 0 && index < (close ?? Int.max)
        var key: String?
        if inFront {
            var probe = index
            while probe > 0 {
                let text = lines[probe]
                if let colon = text.firstIndex(of: ":"), !text.hasPrefix(" "), !text.hasPrefix("-"), !text.hasPrefix("\t") {
                    // The key of this line counts once the cursor is past its colon.
                    if probe != index || before.count > text.distance(from: text.startIndex, to: colon) {
                        key = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
                    }
                    break
                }
                probe -= 1
            }
        }
        return Place(lineIndex: index, line: line, before: before, inFrontMatter: inFront, key: key)
    }

    /// The word around the cursor: letters, digits, `-`, `_`, `.`, `/`, `:`, `%`, `@` (a tag key,
    /// an id, a URL), and its range.
    func word(_ place: Place) -> (text: String, range: LSPRange)? {
        let scalars = Array(place.line.unicodeScalars)
        let stops: Set<Unicode.Scalar> = [" ", ",", "[", "]", "{", "}", "\"", "'", "\t", "(", ")"]
        let cursor = place.before.unicodeScalars.count
        var start = cursor, end = cursor
        while start > 0, !stops.contains(scalars[start - 1]) { start -= 1 }
        while end < scalars.count, !stops.contains(scalars[end]) { end += 1 }
        // A front-matter key's own word ends at its colon.
        var text = String(String.UnicodeScalarView(scalars[start..<end]))
        if place.inFrontMatter, let key = place.key, text.hasPrefix(key + ":") { return nil }
        if text.hasSuffix(":"), !text.contains("/") { text.removeLast() }
        guard !text.isEmpty else { return nil }
        let lines = [place.line]
        let from = encoding.position(line: 1, column: start + 1, in: lines), to = encoding.position(line: 1, column: start + 1 + text.unicodeScalars.count, in: lines)
        return (text, LSPRange(start: Position(line: place.lineIndex, character: from.character), end: Position(line: place.lineIndex, character: to.character)))
    }

    // MARK: - Completion

    func completion(_ document: TextDocument, _ position: Position) -> CompletionList {
        guard let path = document.path else { return CompletionList(isIncomplete: false, items: []) }
        let place = place(document, position)
        if path == ConfigLoader.fileName { return CompletionList(isIncomplete: false, items: configKeys(document, place)) }
        guard let config = workspace.config else { return CompletionList(isIncomplete: false, items: []) }
        // A journal file just made: on its first line (empty, or the dashes of a fence begun),
        // the beginning `gazette new` would write.
        if place.lineIndex == 0, !place.inFrontMatter, place.line.trimmingCharacters(in: .whitespacesAndNewlines).allSatisfy({ $0 == "-" }),
            document.lines.dropFirst().allSatisfy({ $0.allSatisfy(\.isWhitespace) }),
            let start = workspace.start(path, text: "", now: Date())
        {
            let typed = LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: encoding.length(place.line)))
            return CompletionList(isIncomplete: false, items: [
                CompletionItem(
                    label: "---", kind: 15, detail: "begin the journal: title, article, tags, author, created",
                    filterText: "---", textEdit: TextEdit(range: typed, newText: start.text))
            ])
        }
        let typed = typedValue(place)
        let replace = LSPRange(
            start: Position(line: place.lineIndex, character: position.character - encoding.length(typed)), end: position)
        if place.inFrontMatter {
            switch place.key {
            case "article":
                return CompletionList(isIncomplete: true, items: articleItems(typed, replace))
            case "tags":
                let counts = workspace.tagCounts
                return CompletionList(isIncomplete: false, items: config.tags.enumerated().map { index, tag in
                    CompletionItem(
                        label: tag.key, kind: 20, detail: "\(tag.name) · \(counts[tag.key] ?? 0) journals", sortText: String(format: "%04d", index),
                        filterText: "\(tag.key) \(tag.name)", textEdit: TextEdit(range: replace, newText: tag.key))
                })
            case "title":
                // The headline of the stored article the journal is about, as `gazette new` titles it.
                let named = document.lines.first { $0.hasPrefix("article:") }.map { String($0.dropFirst("article:".count)) }
                guard let named, let article = workspace.article(named.trimmingCharacters(in: .whitespaces)) else {
                    return CompletionList(isIncomplete: false, items: [])
                }
                let title = JSONString.quoted(article.title)
                let whole = LSPRange(
                    start: Position(line: place.lineIndex, character: encoding.length("title:") + (place.line.dropFirst(6).hasPrefix(" ") ? 1 : 0)),
                    end: Position(line: place.lineIndex, character: encoding.length(place.line)))
                return CompletionList(isIncomplete: false, items: [
                    CompletionItem(
                        label: article.title, kind: 12, detail: ["the article's headline", article.publisher].compactMap { $0 }.joined(separator: " · "),
                        filterText: String(place.before.dropFirst(6)).trimmingCharacters(in: .whitespaces) + " " + article.title,
                        textEdit: TextEdit(range: whole, newText: title))
                ])
            case "created", "updated":
                // The moment as `gazette new` writes it, the day alone, and for a committed
                // journal the moment it was first committed (what a build dates it by).
                let now = Date(), zone = config.timeZone
                var moments = [(ISO8601.minute(now, in: zone), "now"), (NewJournal.dayStamp(now, zone), "today, the day alone")]
                if let first = workspace.content?.newFiles.firstCommit(path), NewJournal.dayStamp(first, zone) != moments[1].0 {
                    moments.append((ISO8601.minute(first, in: zone), "when this journal was first committed"))
                }
                return CompletionList(isIncomplete: false, items: moments.enumerated().map { index, moment in
                    CompletionItem(
                        label: moment.0, kind: 12, detail: moment.1, sortText: String(index), filterText: moment.0,
                        textEdit: TextEdit(range: replace, newText: moment.0))
                })
            case "author":
                return CompletionList(isIncomplete: false, items: config.authors.map { author in
                    CompletionItem(label: author.key, kind: 6, detail: author.name, filterText: "\(author.key) \(author.name)",
                        textEdit: TextEdit(range: replace, newText: author.key))
                })
            case nil:
                let present = Set(document.lines.compactMap { $0.split(separator: ":").first.map(String.init) })
                return CompletionList(isIncomplete: false, items: JournalLoader.frontMatterKeys.filter { !present.contains($0) }.map { key in
                    CompletionItem(label: key, kind: 10, detail: "front matter", textEdit: TextEdit(range: replace, newText: key + ": "))
                })
            default:
                return CompletionList(isIncomplete: false, items: [])
            }
        }
        // In a link, after its `#`: the sections of the journal it leads to (this one's for `](#`).
        if let match = place.before.firstMatch(of: /\]\(([^)\s#]*)#([^)\s#]*)$/) {
            let own = SitePaths.journalSlug(forFile: path)
            let destination = String(match.output.1)
            let slug = destination.isEmpty ? own : SitePaths.linkTarget(destination, from: SitePaths.journal(own)).flatMap(SitePaths.journalSlug(ofPage:))
            let start = Position(line: place.lineIndex, character: position.character - encoding.length(String(match.output.2)))
            return CompletionList(isIncomplete: false, items: (slug.flatMap(workspace.anchors(slug:)) ?? []).map { id in
                CompletionItem(label: "#" + id, kind: 18, detail: "heading", filterText: id, textEdit: TextEdit(range: LSPRange(start: start, end: position), newText: id))
            })
        }
        // After `[^`: the journal's footnotes, by label, each with its note (a note written
        // first, its reference after, or the other way round).
        if let match = place.before.firstMatch(of: /\[\^([^\]\s]*)$/) {
            let start = Position(line: place.lineIndex, character: position.character - encoding.length(String(match.output.1)))
            return CompletionList(isIncomplete: false, items: BodyWriting.footnoteLabels(document.text).map { label, note in
                CompletionItem(
                    label: "[^\(label)]", kind: 18, detail: note.map { "note: \($0)" } ?? "no note yet", filterText: label,
                    textEdit: TextEdit(range: LSPRange(start: start, end: position), newText: label + "]"))
            })
        }
        // In a picture, after `](`: the pictures beside the journal, then those of `static/`.
        if let match = place.before.firstMatch(of: /!\[[^\]]*\]\(([^)\s]*)$/) {
            let start = Position(line: place.lineIndex, character: position.character - encoding.length(String(match.output.1)))
            let pictures = JournalPictures.candidates(forJournalAt: path, siteRoot: workspace.root)
            return CompletionList(isIncomplete: false, items: pictures.enumerated().map { index, picture in
                let size = picture.size.map { "\($0.width) × \($0.height)" }
                return CompletionItem(
                    label: picture.address, kind: 17,
                    detail: [size, picture.shared ? "static/, shared" : "beside the journal"].compactMap { $0 }.joined(separator: " · "),
                    sortText: String(format: "%04d", index), textEdit: TextEdit(range: LSPRange(start: start, end: position), newText: picture.address))
            })
        }
        // In the body, after `](`: links to the other journals, by title.
        if place.before.hasSuffix("](") || place.before.range(of: #"\]\(\.\./[^)\s]*$"#, options: .regularExpression) != nil {
            let written = place.before.range(of: #"\]\([^)\s]*$"#, options: .regularExpression).map { String(place.before[$0].dropFirst(2)) } ?? ""
            let start = Position(line: place.lineIndex, character: position.character - encoding.length(written))
            let others = workspace.journals.values.filter { $0.path != path }.sorted { $0.slug < $1.slug }
            return CompletionList(isIncomplete: false, items: others.map { journal in
                let (slug, title) = (journal.slug, journal.title.isEmpty ? journal.slug : journal.title)
                return CompletionItem(
                    label: title, kind: 18, detail: "../\(slug)/", filterText: "\(title) \(slug)",
                    textEdit: TextEdit(range: LSPRange(start: start, end: position), newText: "../\(SitePaths.encode(slug))/"))
            })
        }
        return CompletionList(isIncomplete: false, items: [])
    }

    /// What is typed of the value at the cursor: after the colon, a `[`, a comma or a `- `, and
    /// an opening quote.
    func typedValue(_ place: Place) -> String {
        var text = place.before
        if let last = text.lastIndex(where: { [":", "[", ",", "-", " ", "\"", "'", "\t"].contains($0) }) {
            // URLs hold ':' and '-', dates '-', ':' and a space: for these values, everything
            // after the key's colon is typed.
            if ["article", "created", "updated"].contains(place.key), let colon = text.firstIndex(of: ":") {
                text = text[text.index(after: colon)...]
                return text.trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
            }
            text = text[text.index(after: last)...]
        }
        return String(text)
    }

    /// The stored articles, newest first, filtered by what is typed (in the id, the URL, the
    /// headline or the outlet, Korean included, any case).
    func articleItems(_ typed: String, _ replace: LSPRange) -> [CompletionItem] {
        let needle = typed.lowercased()
        var items: [CompletionItem] = []
        for article in workspace.articles {
            let day = article.published.prefix(10)
            let haystack = "\(article.id) \(article.url) \(article.title) \(article.publisher ?? "")".lowercased()
            guard needle.isEmpty || haystack.contains(needle) else { continue }
            items.append(
                CompletionItem(
                    label: article.title, kind: 18, detail: [article.publisher, String(day)].compactMap { $0 }.joined(separator: " · "),
                    documentation: article.description.isEmpty ? article.url : "\(article.description)\n\n\(article.url)",
                    sortText: String(format: "%06d", items.count), filterText: typed.isEmpty ? article.url : "\(typed) \(article.title)",
                    textEdit: TextEdit(range: replace, newText: article.url)))
            if items.count == 200 { break }
        }
        return items
    }

    /// In gazette.yml: the keys of the section the cursor is in.
    func configKeys(_ document: TextDocument, _ place: Place) -> [CompletionItem] {
        let lines = document.lines
        let indent = place.line.prefix { $0 == " " }.count
        var section: [String] = []
        var level = indent
        var probe = place.lineIndex - 1
        while probe >= 0, level > 0 {
            let text = lines[probe]
            let own = text.prefix { $0 == " " }.count
            if own < level, let colon = text.firstIndex(of: ":"), !text.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                section.insert(text[..<colon].trimmingCharacters(in: .whitespaces), at: 0)
                level = own
            }
            probe -= 1
        }
        let prefix = section.isEmpty ? "" : section.joined(separator: ".") + "."
        var keys: [String] = []
        for path in ConfigLoader.keyPaths where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            let key = String(rest.prefix { $0 != "." })
            if !key.isEmpty, !keys.contains(key) { keys.append(key) }
        }
        return keys.map { CompletionItem(label: $0, kind: 10, detail: prefix.isEmpty ? "gazette.yml" : String(prefix.dropLast())) }
    }
}

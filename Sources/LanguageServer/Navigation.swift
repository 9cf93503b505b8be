import Bodies
import Content
import Foundation
import GazetteModel
import Markdown

extension Features {
    // MARK: - Hover

    func hover(_ document: TextDocument, _ position: Position) -> Hover? {
        let place = place(document, position)
        if !place.inFrontMatter, let (path, fragment) = linkedJournal(place), let journal = workspace.journals[path] {
            return Hover(contents: MarkupContent(value: journalCard(journal, section: fragment)), range: nil)
        }
        guard place.inFrontMatter, let (word, range) = word(place), let config = workspace.config else { return nil }
        switch place.key {
        case "article":
            let value = place.line.split(separator: ":", maxSplits: 1).last.map(String.init) ?? word
            guard let article = workspace.article(value) else { return nil }
            var text = "**\(article.title)**\n\n\([article.publisher, String(article.published.prefix(10))].compactMap { $0 }.joined(separator: " · "))"
            if !article.description.isEmpty { text += "\n\n\(article.description)" }
            text += "\n\n\(article.url)"
            return Hover(contents: MarkupContent(value: text), range: range)
        case "tags":
            guard let tag = config.tag(word) else { return nil }
            let count = workspace.tagCounts[word] ?? 0
            return Hover(contents: MarkupContent(value: "**#\(tag.name)** (`\(tag.key)`) · \(count) journal\(count == 1 ? "" : "s")"), range: range)
        case "author":
            guard let author = config.author(word) else { return nil }
            return Hover(contents: MarkupContent(value: "**\(author.name)** (`\(author.key)`)"), range: range)
        default:
            return nil
        }
    }

    /// The journals whose title, slug, tags (keys or names) or author hold every word of
    /// `query` (any case), newest first, at most `limit`: `workspace/symbol`, the editor's "go to
    /// symbol in workspace", as a way to open any journal by what it is about.
    func journalSymbols(_ query: String, limit: Int = 200) -> [SymbolInformation] {
        let words = query.lowercased().split(separator: " ")
        let config = workspace.config
        let zone = config?.timeZone ?? TimeZone(secondsFromGMT: 0) ?? .current
        let journals = workspace.journals.values.sorted { ($0.created, $1.path) > ($1.created, $0.path) }
        var found: [SymbolInformation] = []
        for journal in journals where found.count < limit {
            let author = journal.author.map { config?.author($0)?.name ?? $0 }
            let tags = journal.tags.flatMap { [$0, config?.tag($0)?.name ?? ""] }
            let haystack = ([journal.title, journal.slug, author ?? ""] + tags).joined(separator: " ").lowercased()
            guard words.allSatisfy({ haystack.contains($0) }) else { continue }
            let day = String(ISO8601.format(journal.created, in: zone).prefix(10))
            found.append(
                SymbolInformation(
                    name: journal.title.isEmpty ? journal.slug : journal.title, kind: 1,
                    location: Location(uri: workspace.uri(of: journal.path), range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0))),
                    containerName: [day, author].compactMap { $0 }.joined(separator: " · ")))
        }
        return found
    }

    /// A linked journal as a hover shows it: its title, date and author, the start of its body,
    /// and whether the section a link names is one of its headings.
    func journalCard(_ journal: Journal, section: String?) -> String {
        let author = journal.author.map { key in workspace.config?.author(key)?.name ?? key }
        let day = ISO8601.format(journal.created, in: workspace.config?.timeZone ?? TimeZone(secondsFromGMT: 0) ?? .current).prefix(10)
        var text = "**\(journal.title)**\n\n\([String(day), author].compactMap { $0 }.joined(separator: " · "))"
        let lead = MarkdownDocument(journal.body ?? "").plainText(skippingHeadings: true)
        if !lead.isEmpty { text += "\n\n" + (lead.count > 160 ? lead.prefix(160) + "…" : lead) }
        if let section, !section.isEmpty {
            let ids = workspace.anchors(slug: journal.slug) ?? []
            text += ids.contains(section) ? "\n\n→ #\(section)" : "\n\nno heading #\(section): \(ids.isEmpty ? "it has none" : ids.map { "#" + $0 }.joined(separator: ", "))"
        }
        return text
    }

    // MARK: - Definition

    func definition(_ document: TextDocument, _ position: Position) -> Location? {
        let place = place(document, position)
        if place.inFrontMatter, let (word, _) = word(place) {
            switch place.key {
            case "article":
                let value = place.line.split(separator: ":", maxSplits: 1).last.map(String.init) ?? word
                guard let article = workspace.article(value) else { return nil }
                return storeLine(of: article)
            case "tags": return configLine(section: "tags", key: word)
            case "author": return configLine(section: "authors", key: word)
            default: return nil
            }
        }
        guard let (path, _) = linkedJournal(place) else { return nil }
        return Location(uri: workspace.uri(of: path), range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))
    }

    /// The journal a link of the body at the cursor leads to, by its page (`../<slug>/`) or its
    /// file (`2026-11-10-<slug>.md`): its path, and the link's `#…` if it has one.
    func linkedJournal(_ place: Place) -> (path: String, fragment: String?)? {
        let line = String(place.line)
        let cursor = place.before.count
        for match in line.matches(of: /\]\(([^)\s]+)\)/) {
            let start = line.distance(from: line.startIndex, to: match.range.lowerBound)
            let end = line.distance(from: line.startIndex, to: match.range.upperBound)
            guard cursor >= start, cursor <= end else { continue }
            let destination = String(match.1)
            guard let slug = SitePaths.linkTarget(destination, from: SitePaths.journal("x")).flatMap(SitePaths.journalSlug(ofPage:)),
                let path = workspace.journalPath(slug: slug)
            else { return nil }
            let fragment = destination.split(separator: "#", maxSplits: 1).dropFirst().first.map { String($0).removingPercentEncoding ?? String($0) }
            return (path, fragment)
        }
        return nil
    }

    /// The line of the article store that holds `article`.
    func storeLine(of article: Article) -> Location? {
        let folder = workspace.root.appendingPathComponent(SiteLayout.articles)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
        let needle = "\"id\":\"\(article.id)\""
        for name in names {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { continue }
            for (index, line) in text.editorLines().enumerated() where line.contains(needle) {
                let end = Position(line: index, character: encoding.length(line))
                return Location(uri: workspace.uri(of: SiteLayout.articles + "/" + name), range: LSPRange(start: Position(line: index, character: 0), end: end))
            }
        }
        return nil
    }

    /// The line of gazette.yml where `key` is defined under `section`.
    func configLine(section: String, key: String) -> Location? {
        guard let lines = configLines() else { return nil }
        var inside = false
        for (index, line) in lines.enumerated() {
            if !line.hasPrefix(" "), !line.hasPrefix("#"), line.contains(":") {
                inside = line.hasPrefix(section + ":")
                continue
            }
            let trimmed = line.drop { $0 == " " }
            if inside, trimmed.hasPrefix(key + ":") {
                let column = line.count - trimmed.count
                let start = Position(line: index, character: column)
                return Location(uri: workspace.uri(of: ConfigLoader.fileName), range: LSPRange(start: start, end: Position(line: index, character: column + encoding.length(key))))
            }
        }
        return nil
    }

    /// gazette.yml as the editor holds it, else as saved.
    func configLines() -> [Substring]? {
        if let open = workspace.documents.values.first(where: { $0.path == ConfigLoader.fileName }) { return open.lines }
        guard let text = try? String(contentsOf: workspace.root.appendingPathComponent(ConfigLoader.fileName), encoding: .utf8) else { return nil }
        return text.editorLines()
    }

    // MARK: - Symbols

    /// The journal's headings (outside code blocks).
    func symbols(_ document: TextDocument) -> [DocumentSymbol] {
        var symbols: [DocumentSymbol] = []
        var fence: Substring?
        var inFront = false
        for (index, line) in document.lines.enumerated() {
            if index == 0, line.trimmingCharacters(in: .whitespaces) == "---" { inFront = true; continue }
            if inFront { if line.trimmingCharacters(in: .whitespaces) == "---" { inFront = false }; continue }
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = trimmed.prefix(3)
                fence = fence == nil ? marker : (fence == marker ? nil : fence)
                continue
            }
            guard fence == nil else { continue }
            let hashes = trimmed.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), trimmed.dropFirst(hashes).first == " " else { continue }
            let name = trimmed.dropFirst(hashes).trimmingCharacters(in: CharacterSet(charactersIn: " #"))
            guard !name.isEmpty else { continue }
            let range = LSPRange(start: Position(line: index, character: 0), end: Position(line: index, character: encoding.length(line)))
            symbols.append(DocumentSymbol(name: name, detail: String(repeating: "#", count: hashes), kind: 15, range: range, selectionRange: range))
        }
        return symbols
    }

    // MARK: - Rename

    /// A tag or author key under the cursor, in a journal's front matter or in gazette.yml's
    /// `tags:` or `authors:`: what it is and its range. Nothing else can be renamed.
    func renameTarget(_ document: TextDocument, _ position: Position) -> (kind: Vocabulary.Kind, key: String, range: LSPRange)? {
        guard let config = workspace.config else { return nil }
        let place = place(document, position)
        if document.path == ConfigLoader.fileName {
            guard place.line.hasPrefix(" "), let colon = place.line.firstIndex(of: ":") else { return nil }
            let key = place.line[..<colon].trimmingCharacters(in: .whitespaces)
            var probe = place.lineIndex - 1
            let lines = document.lines
            while probe >= 0, lines[probe].hasPrefix(" ") || lines[probe].isEmpty { probe -= 1 }
            guard probe >= 0 else { return nil }
            let section = lines[probe].split(separator: ":").first.map(String.init)
            let kind: Vocabulary.Kind? = section == "tags" ? .tag : section == "authors" ? .author : nil
            guard let kind, Vocabulary.keys(kind, in: config).contains(key) else { return nil }
            let column = place.line.prefix { $0 == " " }.count
            let range = LSPRange(start: Position(line: place.lineIndex, character: column), end: Position(line: place.lineIndex, character: column + encoding.length(key)))
            return (kind, key, range)
        }
        guard place.inFrontMatter, let (word, range) = word(place) else { return nil }
        switch place.key {
        case "tags" where config.tag(word) != nil: return (.tag, word, range)
        case "author" where config.author(word) != nil: return (.author, word, range)
        default: return nil
        }
    }

    /// Every use of the key renamed: each journal's front matter (open buffers as they are,
    /// the others as saved) and its line in gazette.yml.
    func rename(_ kind: Vocabulary.Kind, _ key: String, to newKey: String) -> WorkspaceEdit {
        var changes: [String: [TextEdit]] = [:]
        let field = kind == .tag ? "tags" : "author"
        let source = workspace.source
        for path in JournalLoader.journalPaths(siteRoot: workspace.root) + source.unsavedPaths {
            guard let data = source.contents(path) else { continue }
            let lines = String(decoding: data, as: UTF8.self).editorLines()
            var edits: [TextEdit] = []
            var current: String?
            for (index, line) in lines.enumerated().dropFirst() {
                if line.trimmingCharacters(in: .whitespaces) == "---" { break }
                if let colon = line.firstIndex(of: ":"), !line.hasPrefix(" "), !line.hasPrefix("-") {
                    current = String(line[..<colon])
                }
                guard current == field else { continue }
                edits += occurrences(of: key, in: line).map { column in
                    TextEdit(
                        range: LSPRange(start: Position(line: index, character: encoding.length(line.unicodeScalars.prefix(column).map(String.init).joined())),
                            end: Position(line: index, character: encoding.length(line.unicodeScalars.prefix(column + key.unicodeScalars.count).map(String.init).joined()))),
                        newText: newKey)
                }
            }
            if !edits.isEmpty { changes[workspace.uri(of: path)] = edits }
        }
        if let location = configLine(section: kind == .tag ? "tags" : "authors", key: key) {
            changes[location.uri, default: []].append(TextEdit(range: location.range, newText: newKey))
        }
        return WorkspaceEdit(changes: changes)
    }

    /// Scalar offsets where `key` stands as a whole value in a front-matter line.
    func occurrences(of key: String, in line: Substring) -> [Int] {
        let scalars = Array(line.unicodeScalars), wanted = Array(key.unicodeScalars)
        let stops: Set<Unicode.Scalar> = [" ", ",", "[", "]", "\"", "'", ":", "\t"]
        var found: [Int] = []
        var index = 0
        while index + wanted.count <= scalars.count {
            if Array(scalars[index..<index + wanted.count]) == wanted,
                index == 0 || stops.contains(scalars[index - 1]) || scalars[index - 1] == "-",
                index + wanted.count == scalars.count || stops.contains(scalars[index + wanted.count])
            {
                // Not the key of the line (`tags:` itself).
                if !(index + wanted.count < scalars.count && scalars[index + wanted.count] == ":") { found.append(index) }
                index += wanted.count
            } else {
                index += 1
            }
        }
        return found
    }

    // MARK: - Quick fixes

    /// The command a quick fix runs to store an article the store lacks.
    static let storeCommand = "gazette.storeArticle"
    /// The command a quick fix runs to copy a picture from the member's computer beside the
    /// journal that shows it (`PictureCopy`).
    static let copyPictureCommand = "gazette.copyPicture"
    /// The command a quick fix runs to rename a picture file named for another kind than it
    /// holds (`PictureRename`).
    static let renamePictureCommand = "gazette.renamePicture"
    /// The command a quick fix runs to download a picture from another site beside the journal
    /// that shows it, then write it as the file's name (`PictureDownload`).
    static let downloadPictureCommand = "gazette.downloadPicture"

    /// A line of hashtags moved into the front matter (`body-hashtags`): `tags:` written as the
    /// list the warning gives (a list on one line or under the key replaced, else a line added
    /// above the closing `---`), and the hashtags' line taken out of the body (with the blank
    /// line above it when nothing follows).
    func hashtagEdits(_ document: TextDocument, _ diagnostic: LSPDiagnostic) -> (tags: String, edits: [TextEdit])? {
        guard let tags = diagnostic.data?.string, tags.hasPrefix("tags: ["),
            let fence = document.path.flatMap({ workspace.journals[$0] }).map({ $0.bodyStartLine - 2 }), fence > 0
        else { return nil }
        let lines = document.text.lfLines()
        let line = diagnostic.range.start.line
        guard line > fence, line < lines.count else { return nil }
        func blank(_ index: Int) -> Bool { lines[index].allSatisfy(\.isWhitespace) }
        let last = lines.indices.dropFirst(line + 1).allSatisfy(blank)
        let from = last && line - 1 > fence && blank(line - 1) ? line - 1 : line
        let body = TextEdit(range: LSPRange(start: Position(line: from, character: 0), end: Position(line: line + 1, character: 0)), newText: "")
        let front: TextEdit
        if let key = (1..<fence).first(where: { lines[$0].hasPrefix("tags:") }) {
            // The key's line and the items under it (`  - economy`).
            var end = key + 1
            while end < fence, let first = lines[end].first, first == " " || first == "-" || first == "\t" { end += 1 }
            front = TextEdit(range: LSPRange(start: Position(line: key, character: 0), end: Position(line: end, character: 0)), newText: tags + "\n")
        } else {
            let above = Position(line: fence, character: 0)
            front = TextEdit(range: LSPRange(start: above, end: above), newText: tags + "\n")
        }
        return (tags, [front, body])
    }

    func codeActions(_ document: TextDocument, diagnostics: [LSPDiagnostic]) -> [CodeAction] {
        var actions: [CodeAction] = []
        for diagnostic in diagnostics where diagnostic.source == "gazette" {
            // A picture this computer has, named by a path on it: copied by the preferred fix.
            let copy = diagnostic.code == "local-file" ? document.path.flatMap { PictureCopy(message: diagnostic.message, journal: $0, root: workspace.root) } : nil
            // The diagnostic's range holds what its suggestion replaces: a tag, an author, a
            // heading's marks and first word (`##요약` → `## 요약`), a link's address, a
            // front-matter line whose value must be quoted, or a key whose colon is followed by
            // a space YAML does not take for one.
            if let suggestion = diagnostic.data?.string, ["unknown-tag", "unknown-author", "unknown-time-zone", "markup-shown", "html-shown", "tag-comma", "broken-link", "yaml-syntax", "title-comment", "yaml-odd-space", "local-file", "date-off-file-name", "date-off-new-file", "date-off-commit", "date-copied", "picture-address-mark", "bad-tag", "invisible-character", "unknown-key", "article-not-stored", "yaml-unclosed-quote"].contains(diagnostic.code) {
                actions.append(
                    CodeAction(
                        title: "Replace with '\(suggestion)'", diagnostics: [diagnostic], isPreferred: copy == nil,
                        edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: diagnostic.range, newText: suggestion)]])))
            }
            if diagnostic.code == "bad-value", diagnostic.message.hasPrefix("'article' "), let address = diagnostic.data?.string {
                actions.append(
                    CodeAction(
                        title: "Replace with '\(address)'", diagnostics: [diagnostic], isPreferred: true,
                        edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: diagnostic.range, newText: address)]])))
            }
            if diagnostic.code == "bad-value", diagnostic.message.contains("' is not a date: '"), let data = diagnostic.data {
                // A date in another form, as it must be written; one whose day and month read
                // both ways, each reading, neither preferred (only the member knows the day).
                let readings: [String] =
                    switch data {
                    case .string(let one): [one]
                    case .array(let many): many.compactMap(\.string)
                    default: []
                    }
                for reading in readings {
                    actions.append(
                        CodeAction(
                            title: "Replace with '\(reading)'", diagnostics: [diagnostic], isPreferred: readings.count == 1,
                            edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: diagnostic.range, newText: reading)]])))
                }
            }
            if diagnostic.code == "html-shown", let tag = diagnostic.message.firstMatch(of: /^'<([a-z][a-z0-9-]*)>'/)?.1 {
                let edits = htmlFixes(document, tag: String(tag))
                if !edits.isEmpty {
                    actions.append(
                        CodeAction(
                            title: "Write \(tag == "br" ? "each line break" : "each <\(tag)>") of this journal as Markdown", diagnostics: [diagnostic],
                            isPreferred: true, edit: WorkspaceEdit(changes: [document.uri: edits])))
                }
            }
            if diagnostic.code == "title-repeated" {
                // The line and its end (and the `===` under a heading written so): the title
                // stays in the front matter.
                let line = diagnostic.range.start.line
                let lines = diagnostic.message.contains("and the line under it") ? 2 : 1
                let whole = LSPRange(start: Position(line: line, character: 0), end: Position(line: line + lines, character: 0))
                actions.append(
                    CodeAction(
                        title: "Delete the title repeated in the body", diagnostics: [diagnostic], isPreferred: true,
                        edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: whole, newText: "")]])))
            }
            if diagnostic.code == "article-in-body", let written = diagnostic.data?.string, written.hasPrefix("article: ") {
                // The address moved into the front matter, above its closing `---` (the line before
                // the body); its line (and the blank line after it) leaves the body.
                let lines = document.text.lfLines()
                let start = diagnostic.range.start.line
                if let fence = document.path.flatMap({ workspace.journals[$0] }).map({ $0.bodyStartLine - 2 }), fence > 0, fence < start {
                    let end = start + 1 < lines.count && lines[start + 1].allSatisfy(\.isWhitespace) ? start + 2 : start + 1
                    let above = Position(line: fence, character: 0)
                    actions.append(
                        CodeAction(
                            title: "Move the address into the front matter: \(written)", diagnostics: [diagnostic], isPreferred: true,
                            edit: WorkspaceEdit(changes: [
                                document.uri: [
                                    TextEdit(range: LSPRange(start: above, end: above), newText: written + "\n"),
                                    TextEdit(range: LSPRange(start: Position(line: start, character: 0), end: Position(line: end, character: 0)), newText: ""),
                                ]
                            ])))
                }
            }
            if diagnostic.code == "body-hashtags", let edits = hashtagEdits(document, diagnostic) {
                actions.append(
                    CodeAction(
                        title: "Move the hashtags to the front matter: \(edits.tags)", diagnostics: [diagnostic], isPreferred: true,
                        edit: WorkspaceEdit(changes: [document.uri: edits.edits])))
            }
            if diagnostic.code == "empty-journal"
                || (diagnostic.code == "front-matter" && (diagnostic.message.hasPrefix("a journal must start") || Self.onlyFence(document.lines))),
                let edit = startEdit(document)
            {
                actions.append(
                    CodeAction(
                        title: "Begin the journal: write its front matter (title, article, tags, author, created)", diagnostics: [diagnostic],
                        isPreferred: true, edit: WorkspaceEdit(changes: [document.uri: [edit]])))
            }
            if diagnostic.code == "dashed-heading", diagnostic.range.end.character - diagnostic.range.start.character >= 3 {
                // A blank line above the dashes: they divide the journal, the paragraph stays one.
                let above = Position(line: diagnostic.range.start.line, character: 0)
                actions.append(
                    CodeAction(
                        title: "Put a blank line above the dashes: a dividing line, not a heading", diagnostics: [diagnostic], isPreferred: true,
                        edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: LSPRange(start: above, end: above), newText: "\n")]])))
            }
            if diagnostic.code == "remote-picture", let path = document.path,
                case let written = document.text[document.index(of: diagnostic.range.start, encoding: encoding)..<document.index(of: diagnostic.range.end, encoding: encoding)],
                let url = written.firstMatch(of: /^!\[[^\]]*\]\(\s*<?([^)\s>]+)/)?.1
            {
                // Downloaded first; the journal is changed only once the picture is saved.
                // The name the warning gives; the bytes decide the extension in the end.
                let name = BodyWriting.pictureName(for: String(url))
                let target = (path as NSString).deletingLastPathComponent + "/" + name
                actions.append(
                    CodeAction(
                        title: "Download the picture beside the journal as \(name)", diagnostics: [diagnostic], isPreferred: true,
                        command: Command(
                            title: "Download the picture", command: Features.downloadPictureCommand,
                            arguments: [String(url), target, document.uri, String(diagnostic.range.start.line)])))
            }
            if diagnostic.code == "joined-line" {
                // A blank line above: the member's line is a paragraph of its own. A quote's
                // line may be meant as quoted too.
                let above = Position(line: diagnostic.range.start.line, character: 0)
                actions.append(
                    CodeAction(
                        title: "Put a blank line above it: a paragraph of its own", diagnostics: [diagnostic], isPreferred: true,
                        edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: LSPRange(start: above, end: above), newText: "\n")]])))
                if diagnostic.message.contains("inside the quote") {
                    actions.append(
                        CodeAction(
                            title: "Quote it too: start it with '> '", diagnostics: [diagnostic],
                            edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: LSPRange(start: diagnostic.range.start, end: diagnostic.range.start), newText: "> ")]])))
                }
            }
            if diagnostic.code == "table-shown", let delimiter = diagnostic.message.firstMatch(of: /must be (\|[-|]+)/)?.1 {
                // The line that makes the rows a table, under the first.
                let under = Position(line: diagnostic.range.start.line + 1, character: 0)
                actions.append(
                    CodeAction(
                        title: "Put \(delimiter) under the first row: read as a table", diagnostics: [diagnostic], isPreferred: true,
                        edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: LSPRange(start: under, end: under), newText: delimiter + "\n")]])))
            }
            if diagnostic.code == "bullet-glyph" {
                let edits = bulletFixes(document, line: diagnostic.range.start.line)
                if !edits.isEmpty {
                    actions.append(
                        CodeAction(
                            title: "Write these lines as a Markdown list (\(edits.first?.newText.trimmingCharacters(in: .whitespaces) ?? "-") …)", diagnostics: [diagnostic],
                            isPreferred: true, edit: WorkspaceEdit(changes: [document.uri: edits])))
                }
            }
            if diagnostic.code == "indented-code" {
                let edits = indentFixes(document, blockLine: diagnostic.range.start.line)
                if !edits.isEmpty {
                    actions.append(
                        CodeAction(
                            title: "Remove the indent: write this as a paragraph", diagnostics: [diagnostic], isPreferred: true,
                            edit: WorkspaceEdit(changes: [document.uri: edits])))
                }
            }
            if let copy, let suggestion = diagnostic.data?.string {
                // The picture exists on this computer: copied beside the journal, then written
                // as Markdown (the edit first, then the command, as LSP runs an action with both).
                actions.insert(
                    CodeAction(
                        title: "Copy \(copy.name) beside the journal and write \(suggestion)", diagnostics: [diagnostic], isPreferred: true,
                        edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: diagnostic.range, newText: suggestion)]]),
                        command: Command(title: "Copy the picture", command: Features.copyPictureCommand, arguments: [copy.source, copy.target])),
                    at: 0)
            }
            if diagnostic.code == "misnamed-picture", let rename = PictureRename(message: diagnostic.message, root: workspace.root),
                case let range = document.text[document.index(of: diagnostic.range.start, encoding: encoding)..<document.index(of: diagnostic.range.end, encoding: encoding)],
                range.hasPrefix("!["), range.hasSuffix("(" + rename.written + ")")
            {
                // The file renamed as the hint says, and the picture (its range, `![…](…)`)
                // written with the new name.
                actions.append(
                    CodeAction(
                        title: "Rename the file to \(rename.name) and write \(rename.picture)", diagnostics: [diagnostic], isPreferred: true,
                        edit: WorkspaceEdit(changes: [document.uri: [TextEdit(range: diagnostic.range, newText: rename.picture)]]),
                        command: Command(title: "Rename the picture", command: Features.renamePictureCommand, arguments: [rename.source, rename.target])))
            }
            if diagnostic.code == "article-not-stored", let url = diagnostic.message.split(separator: "'").dropFirst().first.map(String.init),
                CanonicalURL.canonicalize(url) != nil
            {
                actions.append(
                    CodeAction(
                        title: "Store this article (as gazette add does)", diagnostics: [diagnostic],
                        command: Command(
                            title: "Store this article", command: Features.storeCommand, arguments: [url, document.uri, String(diagnostic.range.start.line)])))
            }
            if diagnostic.code == "unknown-tag", let key = diagnostic.message.split(separator: "'").dropFirst().first.map(String.init),
                let insertion = vocabularyInsertion(section: "tags", line: "  \(key): \(key)")
            {
                actions.append(
                    CodeAction(
                        title: "Add '\(key)' to the tags in gazette.yml", diagnostics: [diagnostic],
                        edit: WorkspaceEdit(changes: [workspace.uri(of: ConfigLoader.fileName): [insertion]])))
            }
        }
        return actions
    }

    /// The edit beginning a journal that has no front matter and no attempt at one (a file just
    /// made in the editor, or text typed before any `---`): what `gazette new` writes, the first
    /// line's `# heading` taken for the title. Nil where a fence is written: its own hint mends it.
    /// Whether the text is a front matter's first `---` alone, just typed: a beginning to
    /// complete, not front matter to mend.
    static func onlyFence(_ lines: [Substring]) -> Bool {
        let written = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return written == ["---"]
    }

    func startEdit(_ document: TextDocument) -> TextEdit? {
        let lines = document.lines
        let attempted = !Self.onlyFence(lines) && lines.prefix(12).contains { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.count >= 3 && trimmed.allSatisfy { "-—–―−ー－+".contains($0) }
        }
        guard !attempted, let path = document.path, let start = workspace.start(path, text: document.text, now: Date()) else { return nil }
        let end =
            start.replacedLines < lines.count
            ? Position(line: start.replacedLines, character: 0)
            : Position(line: max(0, lines.count - 1), character: encoding.length(lines.last ?? ""))
        return TextEdit(range: LSPRange(start: Position(line: 0, character: 0), end: end), newText: start.text)
    }

    /// An edit adding `line` as the last entry of `section:` in gazette.yml.
    func vocabularyInsertion(section: String, line: String) -> TextEdit? {
        guard let lines = configLines(), let start = lines.firstIndex(where: { $0.hasPrefix(section + ":") }) else { return nil }
        var last = start
        for index in lines.indices.dropFirst(start + 1) {
            let text = lines[index]
            if text.hasPrefix(" ") { last = index } else if !text.isEmpty { break }
        }
        let at = Position(line: last + 1, character: 0)
        return TextEdit(range: LSPRange(start: at, end: at), newText: line + "\n")
    }
}

import Content
import Foundation
import GazetteModel

/// The article store opened for changes. Every record stays in the week it was read from; a
/// new story goes to the file of its publication week in the site's time zone.
///
/// Merging never loses anything a person may have written: an existing record only gains
/// queries and has empty fields filled (`description`, `publisher`, `author`, `image`,
/// `language`); a non-empty value is never replaced, so hand edits survive every re-fetch.
///
/// Writing also tidies what `git pull` and older versions left: an article stored more than
/// once becomes one (`ArticleStore.united`), the marker lines of a merge git could not finish
/// are dropped with the records of both sides kept, week files of the earlier layout
/// (`2026-W47.json`) are moved into the current one (`2026-W47.jsonl`), and the store's
/// `.gitattributes` is written when it is missing. Only files whose bytes change are written,
/// each atomically. Open, merge and write under the store lock (`StoreLock.withLock`), so that
/// a second writer merges into what the first wrote.
public struct StoreUpdate: Sendable {
    public enum Outcome: Sendable, Equatable { case new, updated, unchanged }

    public let siteRoot: URL
    public let timeZone: TimeZone
    /// Every article, once, by id.
    private var records: [String: Article] = [:]
    /// The week file (current layout) each article belongs in.
    private var home: [String: String] = [:]
    /// The bytes of every week file read, by name (either layout), and of the attributes file.
    private var original: [String: Data] = [:]
    private var originalAttributes: Data?

    /// Reads every week file. A file with lines that are not records stops the update:
    /// writing beside it could lose the records it holds. Merge leftovers do not: their marker
    /// lines are dropped and the records of both sides kept.
    public static func open(siteRoot: URL, timeZone: TimeZone) throws(DiagnosticsError) -> StoreUpdate {
        var update = StoreUpdate(siteRoot: siteRoot, timeZone: timeZone)
        let folder = siteRoot.appendingPathComponent(ArticleStore.folder)
        var problems: [Diagnostic] = []
        var stored: [String: [Article]] = [:]
        for name in ArticleStore.weekFiles(siteRoot: siteRoot).names {
            let path = "\(ArticleStore.folder)/\(name)"
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                problems.append(.error("cannot read \(path)"))
                continue
            }
            let file = ArticleStore.decode(data, path: path)
            if ArticleStore.isLegacy(name) && !file.leftoverLines.isEmpty {
                // An array with markers inside holds no line that is a record by itself.
                problems += file.diagnostics.filter { $0.severity == .error }
                continue
            }
            problems += file.damage
            update.original[name] = data
            for record in file.records {
                if update.home[record.id] == nil { update.home[record.id] = ArticleStore.currentName(of: name) }
                stored[record.id, default: []].append(record)
            }
        }
        if !problems.isEmpty {
            throw DiagnosticsError(problems.map { problem in
                var problem = problem
                problem.hint = "fix or restore the file (git checkout) and run again; nothing was fetched or written"
                return problem
            })
        }
        for (id, copies) in stored { update.records[id] = ArticleStore.unite(copies) }
        update.originalAttributes = FileManager.default.contents(atPath: folder.appendingPathComponent(ArticleStore.attributesName).path)
        return update
    }

    private init(siteRoot: URL, timeZone: TimeZone) {
        self.siteRoot = siteRoot
        self.timeZone = timeZone
    }

    /// The stored record with `id`.
    public func article(_ id: String) -> Article? { records[id] }

    /// Every record, once each: by week file, in the store's order within one.
    public var articles: [Article] {
        let files = Dictionary(grouping: records.values) { home[$0.id] ?? "" }
        return files.keys.sorted { $0.utf8Precedes($1) }.flatMap { ArticleStore.sorted(files[$0] ?? []) }
    }

    /// The week file a record with `id` is in (`content/articles/2026-W47.jsonl`).
    public func path(of id: String) -> String? { home[id].map { "\(ArticleStore.folder)/\($0)" } }

    /// Adds `article`, or merges it into the record with the same id.
    @discardableResult
    public mutating func merge(_ article: Article) -> Outcome {
        guard let existing = records[article.id] else {
            let week = ISOWeek(containing: article.publishedDate ?? Date(), in: timeZone)
            records[article.id] = article
            home[article.id] = ArticleStore.fileName(of: week)
            return .new
        }
        var record = existing
        let queries = Set(existing.queries).union(article.queries)
        if queries.count != existing.queries.count || !Set(existing.queries).isSuperset(of: article.queries) {
            record.queries = queries.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        if record.description.isEmpty { record.description = article.description }
        record.publisher = record.publisher ?? article.publisher
        record.author = record.author ?? article.author
        record.image = record.image ?? article.image
        record.language = record.language ?? article.language
        guard record != existing else { return .unchanged }
        records[article.id] = record
        return .updated
    }

    /// What writing would do: each week file's new bytes (only those that change), the files
    /// to remove, and the attributes file's bytes when they change.
    private var changes: (files: [(name: String, data: Data)], removed: [String], attributes: Data?) {
        let byFile = Dictionary(grouping: records.values) { home[$0.id] ?? "" }
        let files = byFile.keys.sorted { $0.utf8Precedes($1) }.compactMap { name -> (name: String, data: Data)? in
            let data = ArticleStore.encode(byFile[name] ?? [])
            return data == original[name] ? nil : (name, data)
        }
        // Files of the earlier layout, and any file whose every record belongs in another
        // (the article was stored in two weeks), are removed once the others are written.
        // A file that holds no record at all is left as it is.
        let removed = original.keys.filter { name in
            ArticleStore.isLegacy(name) || (byFile[name] == nil && original[name]?.contains { $0 != 0x0A && $0 != 0x20 && $0 != 0x0D } == true)
        }.sorted { $0.utf8Precedes($1) }
        var attributes: Data?
        let wanted = "*.jsonl merge=union"
        if files.isEmpty && removed.isEmpty {
            attributes = nil
        } else if let present = originalAttributes {
            // By any line ending: a clone on Windows may hold the file with `\r\n`, which is one
            // `Character`, so splitting at "\n" read it as one line and added the line again.
            let lines = String(decoding: present, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            if !lines.contains(wanted) { attributes = present + (present.last == 0x0A || present.isEmpty ? Data() : Data("\n".utf8)) + ArticleStore.attributes }
        } else {
            attributes = ArticleStore.attributes
        }
        return (files, removed, attributes)
    }

    /// The store paths that `write()` would change (or remove).
    public var pendingFiles: [String] {
        let (files, removed, _) = changes
        return (files.map(\.name) + removed).sorted { $0.utf8Precedes($1) }.map { "\(ArticleStore.folder)/\($0)" }
    }

    /// Writes `before` (thumbnails), every changed week file, the store's `.gitattributes` when
    /// missing, and `also` (state files under `.gazette/`), all or nothing as far as a failure
    /// goes (`AtomicFile.write(_:)`); then removes the week files whose records are all in the
    /// files just written (those of the earlier layout, and any emptied by uniting). Returns the site-relative paths of the week files
    /// written or removed. Callers hold the store lock (`StoreLock`). A failure throws a
    /// diagnostic naming the file and saying that the store was left as it was.
    public mutating func write(before first: [AtomicFile.Item] = [], also extra: [AtomicFile.Item] = []) throws(DiagnosticsError) -> [String] {
        let folder = siteRoot.appendingPathComponent(ArticleStore.folder)
        let (files, removed, attributes) = changes
        var items = files.map { file in
            AtomicFile.Item(
                folder.appendingPathComponent(file.name), file.data, shownAs: "\(ArticleStore.folder)/\(file.name)",
                folderShownAs: "\(ArticleStore.folder)/")
        }
        if let attributes {
            items.append(
                AtomicFile.Item(
                    folder.appendingPathComponent(ArticleStore.attributesName), attributes,
                    shownAs: "\(ArticleStore.folder)/\(ArticleStore.attributesName)", folderShownAs: "\(ArticleStore.folder)/"))
        }
        if first.isEmpty && items.isEmpty && extra.isEmpty && removed.isEmpty { return [] }
        do throws(FileWriteError) {
            try AtomicFile.write(first + items + extra)
        } catch {
            throw DiagnosticsError([
                .error("\(error.description); nothing was written, the article store is as it was", hint: error.hint)
            ])
        }
        // Killed before this, both layouts are there; reading unites them, nothing is lost.
        for name in removed { unlink(folder.appendingPathComponent(name).path) }
        for file in files { original[file.name] = file.data }
        for name in removed { original[name] = nil }
        if let attributes { originalAttributes = attributes }
        return (files.map(\.name) + removed).sorted { $0.utf8Precedes($1) }.map { "\(ArticleStore.folder)/\($0)" }
    }
}

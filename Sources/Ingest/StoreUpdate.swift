import Content
import Foundation
import GazetteModel

/// The article store opened for changes. Every record stays in the week file it was read
/// from; a new story goes to the file of its publication week in the site's time zone.
///
/// Merging never loses anything a person may have written: an existing record only gains
/// queries and has empty fields filled (`description`, `publisher`, `author`, `image`,
/// `language`); a non-empty value is never replaced, so hand edits survive every re-fetch.
/// Only files whose bytes change are written, each atomically. Open, merge and write under the
/// store lock (`StoreLock.withLock`), so that a second writer merges into what the first wrote.
public struct StoreUpdate: Sendable {
    public enum Outcome: Sendable, Equatable { case new, updated, unchanged }

    public let siteRoot: URL
    public let timeZone: TimeZone
    private var files: [String: [Article]] = [:]
    private var original: [String: Data] = [:]
    private var index: [String: (file: String, position: Int)] = [:]
    private var dirty: Set<String> = []

    /// Reads every week file. A file that is not a valid store file stops the update: writing
    /// beside it could lose the records it holds.
    public static func open(siteRoot: URL, timeZone: TimeZone) throws(DiagnosticsError) -> StoreUpdate {
        var update = StoreUpdate(siteRoot: siteRoot, timeZone: timeZone)
        let folder = siteRoot.appendingPathComponent(ArticleStore.folder)
        let names = ArticleStore.weekFileNames(in: folder)
        var problems: [Diagnostic] = []
        for name in names {
            let path = "\(ArticleStore.folder)/\(name)"
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                problems.append(.error("cannot read \(path)"))
                continue
            }
            switch ArticleStore.decode(data, path: path) {
            case .failure(let diagnostic): problems.append(diagnostic)
            case .success(let records):
                update.original[name] = data
                update.files[name] = records
                for (position, record) in records.enumerated() where update.index[record.id] == nil {
                    update.index[record.id] = (name, position)
                }
            }
        }
        if !problems.isEmpty {
            throw DiagnosticsError(problems.map { problem in
                var problem = problem
                problem.hint = "fix or restore the file (git checkout) and run again; nothing was fetched or written"
                return problem
            })
        }
        return update
    }

    private init(siteRoot: URL, timeZone: TimeZone) {
        self.siteRoot = siteRoot
        self.timeZone = timeZone
    }

    /// The stored record with `id`.
    public func article(_ id: String) -> Article? {
        index[id].flatMap { files[$0.file]?[$0.position] }
    }

    /// Every record, once each (the first where an id is stored twice), in file order.
    public var articles: [Article] {
        files.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.flatMap { name in
            (files[name] ?? []).enumerated().filter { index[$0.element.id]?.file == name && index[$0.element.id]?.position == $0.offset }
                .map(\.element)
        }
    }

    /// The week file a record with `id` is in (`content/articles/2026-W47.json`).
    public func path(of id: String) -> String? { index[id].map { "\(ArticleStore.folder)/\($0.file)" } }

    /// Adds `article`, or merges it into the record with the same id.
    @discardableResult
    public mutating func merge(_ article: Article) -> Outcome {
        guard let (file, position) = index[article.id], let existing = files[file]?[position] else {
            let week = ISOWeek(containing: article.publishedDate ?? Date(), in: timeZone)
            let name = "\(week).json"
            files[name, default: []].append(article)
            index[article.id] = (name, (files[name]?.count ?? 1) - 1)
            dirty.insert(name)
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
        files[file]?[position] = record
        dirty.insert(file)
        return .updated
    }

    /// The store paths that `write()` would change.
    public var pendingFiles: [String] {
        dirty.filter { name in ArticleStore.encode(files[name] ?? []) != original[name] }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { "\(ArticleStore.folder)/\($0)" }
    }

    /// Writes `before` (thumbnails), every changed week file, and `also` (state files under
    /// `.gazette/`), all or nothing as far as a failure goes (`AtomicFile.write(_:)`); returns
    /// the site-relative paths of the week files written. Callers hold the store lock (`StoreLock`). A failure throws a
    /// diagnostic naming the file and saying that the store was left as it was.
    public mutating func write(before first: [AtomicFile.Item] = [], also extra: [AtomicFile.Item] = []) throws(DiagnosticsError) -> [String] {
        let folder = siteRoot.appendingPathComponent(ArticleStore.folder)
        var items: [AtomicFile.Item] = []
        var written: [(name: String, data: Data)] = []
        for name in dirty.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let data = ArticleStore.encode(files[name] ?? [])
            guard data != original[name] else { continue }
            items.append(
                AtomicFile.Item(
                    folder.appendingPathComponent(name), data, shownAs: "\(ArticleStore.folder)/\(name)",
                    folderShownAs: "\(ArticleStore.folder)/"))
            written.append((name, data))
        }
        if first.isEmpty && items.isEmpty && extra.isEmpty { return [] }
        do throws(FileWriteError) {
            try AtomicFile.write(first + items + extra)
        } catch {
            throw DiagnosticsError([
                .error("\(error.description); nothing was written, the article store is as it was", hint: error.hint)
            ])
        }
        for (name, data) in written { original[name] = data }
        dirty.removeAll()
        return written.map { "\(ArticleStore.folder)/\($0.name)" }
    }
}

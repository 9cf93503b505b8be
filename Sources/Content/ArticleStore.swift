import Foundation
import GazetteModel

/// The article store: `content/articles/<YYYY-Www>.jsonl`, one file per ISO week holding one
/// record per line (compact JSON, keys sorted), lines sorted by `published` descending then
/// `id`, each ending in a newline, so that writing back what was read changes no byte.
///
/// Several clones write the store and meet in `git pull`. One record per line makes every
/// addition a line of its own, and `content/articles/.gitattributes` (written with the store,
/// so it travels with every clone) merges week files with git's built-in `union` driver: where
/// two clones added lines at one place, both are kept, never a conflict. Reading unites what a
/// merge leaves: an id on several lines, in one file or several, is one article (`united`).
///
/// Stores of the earlier layout (`<YYYY-Www>.json`, one pretty-printed JSON array per week) are
/// still read, beside the new files; the next command that writes the store moves them.
public enum ArticleStore {
    public static let folder = SiteLayout.articles
    /// What the store's own `.gitattributes` says: week files merge by union.
    public static let attributesName = ".gitattributes"
    public static let attributes = Data(
        """
        # Written by gazette: each line of a week file is one article, so a merge keeps the lines
        # of both sides (git's built-in union driver) and gazette unites an article stored twice.
        *.jsonl merge=union

        """.utf8)

    /// The week file of `week` in the current layout.
    public static func fileName(of week: ISOWeek) -> String { "\(week).jsonl" }

    /// Whether `name` is a week file of the earlier layout (a JSON array).
    public static func isLegacy(_ name: String) -> Bool { name.hasSuffix(".json") }

    /// The week file of the current layout for the week file `name` of either layout.
    public static func currentName(of name: String) -> String { isLegacy(name) ? name + "l" : name }

    /// The week files of the store folder `root`, in byte order: every `*.jsonl`, and every
    /// `*.json` of the earlier layout, that is not hidden. A dot-file (`._2026-W47.jsonl` from a
    /// macOS copy, an editor's `.#2026-W47.jsonl`) is not part of the store; `build` and `fetch`
    /// both skip it, so neither reads records the other cannot see.
    /// A link that leads out of the site (`SiteBoundary`) is no week file either: it is
    /// refused with a warning, never read, and so never written back into the store.
    public static func weekFiles(siteRoot: URL) -> (names: [String], refused: [Diagnostic]) {
        SiteBoundary(siteRoot: siteRoot).names(in: folder) { ($0.hasSuffix(".jsonl") || $0.hasSuffix(".json")) && !$0.hasPrefix(".") }
    }

    /// One week file read: the records it holds (each valid line, or the array's elements),
    /// every problem found (errors for lines that are not records and for merge leftovers,
    /// warnings for refused URLs), and the lines of merge leftovers apart, which a writer of the
    /// store may drop (`StoreUpdate`) while a build stops on them.
    public struct WeekFile: Sendable {
        public var records: [Article] = []
        public var diagnostics: [Diagnostic] = []
        /// The lines git left (`<<<<<<<`, `=======`, `>>>>>>>`), 1-based.
        public var leftoverLines: [Int] = []

        /// The errors that are not merge leftovers.
        public var damage: [Diagnostic] {
            diagnostics.filter { $0.severity == .error && !leftoverLines.contains($0.location?.line ?? 0) }
        }
    }

    /// Loads every week file; an article stored more than once (after a merge) is one, united.
    /// Lines that are not records are reported, the rest are kept. With a cache, week files
    /// unchanged since the last load are not decoded again.
    /// `source`: where the week files are read (the disk unless given; an editor's buffers).
    public static func load(
        siteRoot: URL, cache: ContentMemo? = nil, source: (any SiteSource)? = nil
    ) -> (articles: [Article], diagnostics: [Diagnostic]) {
        // Every file read comes through the one provider: the disk, or an editor's buffers.
        let reader = source ?? DiskSource(root: siteRoot)
        var records: [Article] = []
        let (names, refused) = weekFiles(siteRoot: siteRoot)
        var diagnostics = refused
        for name in names {
            let path = "\(folder)/\(name)"
            guard let data = reader.contents(path) else {
                diagnostics.append(.error("cannot read \(path)", at: SourceLocation(path: path, line: 1, column: 1)))
                continue
            }
            let file = cache?.week(path, data: data, decode: { decode(data, path: path) }) ?? decode(data, path: path)
            records += file.records
            diagnostics += file.diagnostics
        }
        return (cache?.united(records, make: united) ?? united(records), diagnostics)
    }

    /// The records of `records`, each id once: an article stored several times (both sides of
    /// a merge kept it, or two week files hold it) is `unite`d, whatever order they come in.
    /// First appearances keep their order.
    public static func united(_ records: [Article]) -> [Article] {
        var order: [String] = []
        var byID: [String: [Article]] = [:]
        for record in records {
            if byID[record.id] == nil { order.append(record.id) }
            byID[record.id, default: []].append(record)
        }
        guard order.count != records.count else { return records }
        return order.compactMap { id in byID[id].flatMap(unite) }
    }

    /// One article from several records of it: the richest (most fields filled; on a tie the
    /// one whose line sorts first, so the result never depends on which side of a merge came
    /// first) with its empty fields filled from the others and every record's queries.
    public static func unite(_ records: [Article]) -> Article? {
        guard records.count > 1 else { return records.first }
        let ranked = records.map { ($0, richness($0), line($0)) }.sorted { a, b in
            a.1 != b.1 ? a.1 > b.1 : a.2.utf8Precedes(b.2)
        }
        guard var article = ranked.first?.0 else { return nil }
        var queries = Set(article.queries)
        for (other, _, _) in ranked.dropFirst() {
            if article.description.isEmpty { article.description = other.description }
            article.publisher = article.publisher ?? other.publisher
            article.author = article.author ?? other.author
            article.image = article.image ?? other.image
            article.language = article.language ?? other.language
            queries.formUnion(other.queries)
        }
        article.queries = queries.sorted { $0.utf8Precedes($1) }
        return article
    }

    /// How many of a record's optional fields hold something, and how many queries it has.
    static func richness(_ article: Article) -> Int {
        let filled = [article.publisher, article.author, article.image, article.language].filter { !($0 ?? "").isEmpty }.count
        return (filled + (article.description.isEmpty ? 0 : 1)) * 1_000 + article.queries.count
    }

    /// Decodes one week file of either layout. Errors point at the offending line and column,
    /// with the line and a caret, as journal errors do.
    public static func decode(_ data: Data, path: String) -> WeekFile {
        isLegacy(path) ? decodeArray(data, path: path) : decodeLines(data, path: path)
    }

    /// A week file of the current layout: each line one record. The lines are decoded at once
    /// as one array; only when that fails is each line decoded alone, to say which is wrong.
    static func decodeLines(_ data: Data, path: String) -> WeekFile {
        var file = WeekFile()
        let leftovers = MergeLeftovers.markers(in: data)
        file.leftoverLines = leftovers.map(\.line)
        file.diagnostics = MergeLeftovers.diagnostics(in: data, path: path, hint: leftoverHint)
        // (line number, bytes) of every line that should hold a record.
        var lines: [(number: Int, bytes: Data)] = []
        var number = 0
        let skip = Set(file.leftoverLines)
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            number += 1
            let line = data[start..<end]
            if !skip.contains(number), line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                lines.append((number, Data(line)))
            }
            start = end < data.endIndex ? data.index(after: end) : end
        }
        var joined = Data("[".utf8)
        for (index, line) in lines.enumerated() {
            if index > 0 { joined.append(0x2C) }
            joined.append(line.bytes)
        }
        joined.append(0x5D)
        if let records = try? JSONDecoder().decode([Article].self, from: joined) {
            file.records = records
        } else {
            let decoder = JSONDecoder()
            var kept: [(number: Int, bytes: Data)] = []
            for line in lines {
                do {
                    file.records.append(try decoder.decode(Article.self, from: line.bytes))
                    kept.append(line)
                } catch {
                    var diagnostic = explain(error, line.bytes, path: path, array: false)
                    diagnostic.location?.line += line.number - 1
                    file.diagnostics.append(diagnostic)
                }
            }
            lines = kept
        }
        for (record, line) in zip(file.records, lines) {
            file.diagnostics += recordWarnings(record) { key in
                var (at, shown) = JSONLocator(line.bytes, path: path).location(of: [Index(key)])
                at.line += line.number - 1
                return (at, shown)
            }
        }
        return file
    }

    /// A week file of the earlier layout: one JSON array.
    static func decodeArray(_ data: Data, path: String) -> WeekFile {
        var file = WeekFile()
        file.leftoverLines = MergeLeftovers.markers(in: data).map(\.line)
        if !file.leftoverLines.isEmpty {
            file.diagnostics = MergeLeftovers.diagnostics(in: data, path: path)
            return file
        }
        do {
            file.records = try JSONDecoder().decode([Article].self, from: data)
        } catch {
            file.diagnostics = [explain(error, data, path: path, array: true)]
            return file
        }
        var locator: JSONLocator?
        for (index, record) in file.records.enumerated() {
            file.diagnostics += recordWarnings(record) { key in
                let found = locator ?? JSONLocator(data, path: path)
                locator = found
                return found.location(of: [Index(index), Index(key)])
            }
        }
        return file
    }

    /// Warnings for a record's `url` and `image` the URL policy refuses (see `SafeURL`) and for
    /// a `published` that is no date, each at the value in the file (`locate` finds a key).
    /// Records are kept: `SiteContent` shows them without the refused link.
    static func recordWarnings(_ article: Article, locate: (String) -> (SourceLocation, String?)) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (key, value) in [("url", Optional(article.url)), ("image", article.image)] {
            guard let value, case .failure(let refusal) = SafeURL.check(value, in: .absolute) else { continue }
            let (at, line) = locate(key)
            warnings.append(
                .warning(
                    "article \(article.id): '\(key)' dropped: \(refusal.reason)", at: at,
                    hint: key == "url" ? "only http(s) addresses are linked; the article is shown without a link" : "only http(s) images are shown",
                    sourceLine: line))
        }
        if article.publishedDate == nil {
            let (at, line) = locate("published")
            warnings.append(
                .warning(
                    "article \(article.id) has an unreadable 'published' date '\(article.published)'",
                    at: at, hint: "use ISO 8601 with an offset, e.g. 2026-11-18T09:50:00+09:00", sourceLine: line))
        }
        return warnings
    }

    /// The error for JSON that did not decode into records: a record (`array`: a list of them).
    static func explain(_ error: any Error, _ data: Data, path: String, array: Bool) -> Diagnostic {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let record = array || !context.codingPath.isEmpty ? "record \(describe(context.codingPath))" : "the record"
            return failure(data, path, "\(record) has no '\(key.stringValue)'", at: context.codingPath)
        case DecodingError.valueNotFound(_, let context):
            let field = context.codingPath.last.map { "'\($0.stringValue)'" } ?? "a value"
            return failure(data, path, "\(field) must not be null (\(describe(context.codingPath)))", at: context.codingPath)
        case DecodingError.typeMismatch(let type, let context):
            let field = context.codingPath.last.map { "'\($0.stringValue)'" } ?? (array ? "the file" : "the line")
            let expected =
                type == String.self ? "text" : type is [Any].Type || (array && context.codingPath.isEmpty) ? "a list" : context.codingPath.isEmpty ? "one record ({…})" : "\(type)"
            return failure(data, path, "\(field) must be \(expected) (\(describe(context.codingPath)))", at: context.codingPath)
        default:
            let locator = JSONLocator(data, path: path)
            if case .failure(let syntax) = locator.parse() {
                let (at, line) = locator.location(at: syntax.offset)
                return .error("not valid JSON: \(syntax.message)", at: at, hint: restoreHint, sourceLine: line)
            }
            return failure(data, path, "not valid JSON: \(error.localizedDescription)", at: [])
        }
    }

    /// What to do about merge leftovers in a week file.
    static let leftoverHint =
        "a merge left this: keep the article lines of both sides and delete the marker lines, or run 'gazette fetch' or 'gazette add', which does that"

    private static let restoreHint = "the store is written by 'gazette fetch'; restore the file from git if it was edited by hand"

    private static func failure(_ data: Data, _ path: String, _ message: String, at codingPath: [any CodingKey]) -> Diagnostic {
        let (at, line) = JSONLocator(data, path: path).location(of: codingPath)
        return .error(message, at: at, hint: restoreHint, sourceLine: line)
    }

    private static func describe(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    /// A coding key for locating values: an array index or an object key.
    struct Index: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ int: Int) {
            intValue = int
            stringValue = "\(int)"
        }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.init(intValue) }
    }

    /// The store's order: `published` descending (as instants), then `id`.
    public static func sorted(_ articles: [Article]) -> [Article] {
        // Each date parsed once, not at each of the n log n comparisons: parsing in the
        // comparator was a tenth of a `serve` save on 2,000 articles.
        articles.map { ($0, $0.publishedDate ?? .distantPast) }.sorted { a, b in
            if a.1 != b.1 { return a.1 > b.1 }
            return a.0.id.utf8Precedes(b.0.id)
        }.map(\.0)
    }

    /// The bytes of a week file holding `articles`: sorted, one record per line, keys sorted,
    /// non-ASCII and `/` unescaped, every line ending in a newline.
    public static func encode(_ articles: [Article]) -> Data {
        var out = ""
        for article in sorted(articles) { out += line(article) + "\n" }
        return Data(out.utf8)
    }

    /// One record as its line of a week file, without the newline.
    public static func line(_ article: Article) -> String {
        let fields: [(String, String)] = [
            ("author", json(article.author)), ("description", json(article.description)), ("id", json(article.id)),
            ("image", json(article.image)), ("language", json(article.language)), ("published", json(article.published)),
            ("publisher", json(article.publisher)), ("queries", "[" + article.queries.map { json($0) }.joined(separator: ",") + "]"),
            ("source", json(article.source)), ("title", json(article.title)), ("url", json(article.url)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    static func json(_ value: String?) -> String { value.map(JSONString.quoted) ?? "null" }
}

import Foundation
import GazetteModel

/// The article store: `content/articles/<YYYY-Www>.json`, one JSON array per ISO week, sorted by
/// `published` descending then `id`, pretty-printed with sorted keys and one trailing newline,
/// so that writing back what was read changes no byte.
public enum ArticleStore {
    public static let folder = "content/articles"

    /// The week files of the store folder `root`, in byte order: every `*.json` that is not
    /// hidden. A dot-file (`._2026-W47.json` from a macOS copy, an editor's `.#2026-W47.json`) is
    /// not part of the store; `build` and `fetch` both skip it, so neither reads records the other
    /// cannot see.
    public static func weekFileNames(in root: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .sorted { $0.utf8Precedes($1) }
    }

    /// Loads every week file. Records that fail to decode are reported, the rest are kept. With
    /// a cache, week files unchanged since the last load are not decoded again.
    public static func load(siteRoot: URL, cache: ContentCache? = nil) -> (articles: [Article], diagnostics: [Diagnostic]) {
        let root = siteRoot.appendingPathComponent(folder)
        let names = weekFileNames(in: root)
        var articles: [Article] = []
        var diagnostics: [Diagnostic] = []
        var seen: [String: String] = [:]
        for name in names {
            let path = "\(folder)/\(name)"
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) else {
                diagnostics.append(.error("cannot read \(path)", at: SourceLocation(path: path, line: 1, column: 1)))
                continue
            }
            switch cache?.week(path, data: data, decode: { decode(data, path: path) }) ?? decode(data, path: path) {
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
            case .success(let records):
                diagnostics += unsafeURLWarnings(records, data: data, path: path)
                let locator = JSONLocator(data, path: path)
                for (index, article) in records.enumerated() {
                    if let first = seen[article.id] {
                        let (at, line) = locator.location(of: [Index(index), Index("id")])
                        diagnostics.append(
                            .warning(
                                "article \(article.id) is stored twice (also in \(first)); the first is used",
                                at: at, sourceLine: line))
                        continue
                    }
                    seen[article.id] = path
                    if article.publishedDate == nil {
                        let (at, line) = locator.location(of: [Index(index), Index("published")])
                        diagnostics.append(
                            .warning(
                                "article \(article.id) has an unreadable 'published' date '\(article.published)'",
                                at: at, hint: "use ISO 8601 with an offset, e.g. 2026-11-18T09:50:00+09:00", sourceLine: line))
                    }
                    articles.append(article)
                }
            }
        }
        return (articles, diagnostics)
    }

    /// Warnings for every `url` and `image` the URL policy refuses (see `SafeURL`), each at the
    /// value in the file. Records are kept: `SiteContent` shows them without the refused link.
    static func unsafeURLWarnings(_ records: [Article], data: Data, path: String) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var locator: JSONLocator?
        for (index, article) in records.enumerated() {
            for (key, value) in [("url", Optional(article.url)), ("image", article.image)] {
                guard let value, case .failure(let refusal) = SafeURL.check(value, in: .absolute) else { continue }
                let found = locator ?? JSONLocator(data, path: path)
                locator = found
                let (at, line) = found.location(of: [Index(index), Index(key)])
                warnings.append(
                    .warning(
                        "article \(article.id): '\(key)' dropped: \(refusal.reason)", at: at,
                        hint: key == "url" ? "only http(s) addresses are linked; the article is shown without a link" : "only http(s) images are shown",
                        sourceLine: line))
            }
        }
        return warnings
    }

    /// Decodes one week file. Errors point at the offending line and column, with the line and
    /// a caret, as journal errors do.
    public static func decode(_ data: Data, path: String) -> Result<[Article], Diagnostic> {
        do {
            return .success(try JSONDecoder().decode([Article].self, from: data))
        } catch let DecodingError.keyNotFound(key, context) {
            return .failure(failure(data, path, "record \(describe(context.codingPath)) has no '\(key.stringValue)'", at: context.codingPath))
        } catch let DecodingError.valueNotFound(_, context) {
            let field = context.codingPath.last.map { "'\($0.stringValue)'" } ?? "a value"
            return .failure(failure(data, path, "\(field) must not be null (\(describe(context.codingPath)))", at: context.codingPath))
        } catch let DecodingError.typeMismatch(type, context) {
            let field = context.codingPath.last.map { "'\($0.stringValue)'" } ?? "the file"
            let expected = type == String.self ? "text" : type is [Any].Type || context.codingPath.isEmpty ? "a list" : "\(type)"
            return .failure(failure(data, path, "\(field) must be \(expected) (\(describe(context.codingPath)))", at: context.codingPath))
        } catch {
            let locator = JSONLocator(data, path: path)
            if case .failure(let syntax) = locator.parse() {
                let (at, line) = locator.location(at: syntax.offset)
                return .failure(
                    .error("not valid JSON: \(syntax.message)", at: at, hint: restoreHint, sourceLine: line))
            }
            return .failure(failure(data, path, "not valid JSON: \(error.localizedDescription)", at: []))
        }
    }

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
        articles.sorted { a, b in
            let da = a.publishedDate ?? .distantPast, db = b.publishedDate ?? .distantPast
            if da != db { return da > db }
            return a.id.utf8Precedes(b.id)
        }
    }

    /// The bytes of a week file holding `articles`: sorted, two-space indented, keys sorted,
    /// non-ASCII and `/` unescaped, one trailing newline.
    public static func encode(_ articles: [Article]) -> Data {
        var out = "["
        for (index, article) in sorted(articles).enumerated() {
            out += index == 0 ? "\n" : ",\n"
            let fields: [(String, String)] = [
                ("author", json(article.author)), ("description", json(article.description)), ("id", json(article.id)),
                ("image", json(article.image)), ("language", json(article.language)), ("published", json(article.published)),
                ("publisher", json(article.publisher)),
                ("queries", article.queries.isEmpty ? "[]" : "[\n" + article.queries.map { "      " + json($0) }.joined(separator: ",\n") + "\n    ]"),
                ("source", json(article.source)), ("title", json(article.title)), ("url", json(article.url)),
            ]
            out += "  {\n" + fields.map { "    \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n  }"
        }
        out += articles.isEmpty ? "]\n" : "\n]\n"
        return Data(out.utf8)
    }

    static func json(_ value: String?) -> String { value.map(JSONString.quoted) ?? "null" }
}

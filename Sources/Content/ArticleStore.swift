import Foundation
import GazetteModel

/// The article store: `content/articles/<YYYY-Www>.json`, one JSON array per ISO week, sorted by
/// `published` descending then `id`, pretty-printed with sorted keys and one trailing newline,
/// so that writing back what was read changes no byte.
public enum ArticleStore {
    public static let folder = "content/articles"

    /// Loads every week file. Records that fail to decode are reported, the rest are kept. With
    /// a cache, week files unchanged since the last load are not decoded again.
    public static func load(siteRoot: URL, cache: ContentCache? = nil) -> (articles: [Article], diagnostics: [Diagnostic]) {
        let root = siteRoot.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
            .filter { $0.hasSuffix(".json") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
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
                for article in records {
                    if let first = seen[article.id] {
                        diagnostics.append(
                            .warning(
                                "article \(article.id) is stored twice (also in \(first)); the first is used",
                                at: SourceLocation(path: path, line: 1, column: 1)))
                        continue
                    }
                    seen[article.id] = path
                    if article.publishedDate == nil {
                        diagnostics.append(
                            .warning(
                                "article \(article.id) has an unreadable 'published' date '\(article.published)'",
                                at: SourceLocation(path: path, line: 1, column: 1),
                                hint: "use ISO 8601 with an offset, e.g. 2026-11-18T09:50:00+09:00"))
                    }
                    articles.append(article)
                }
            }
        }
        return (articles, diagnostics)
    }

    /// Decodes one week file.
    public static func decode(_ data: Data, path: String) -> Result<[Article], Diagnostic> {
        do {
            return .success(try JSONDecoder().decode([Article].self, from: data))
        } catch let DecodingError.keyNotFound(key, context) {
            return .failure(failure(path, "record \(describe(context.codingPath)) has no '\(key.stringValue)'"))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            return .failure(failure(path, "\(describe(context.codingPath)): \(context.debugDescription)"))
        } catch {
            return .failure(failure(path, "not valid JSON: \(error.localizedDescription)"))
        }
    }

    private static func failure(_ path: String, _ message: String) -> Diagnostic {
        .error(message, at: SourceLocation(path: path, line: 1, column: 1),
            hint: "the store is written by 'gazette fetch'; restore the file from git if it was edited by hand")
    }

    private static func describe(_ path: [CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }

    /// The store's order: `published` descending (as instants), then `id`.
    public static func sorted(_ articles: [Article]) -> [Article] {
        articles.sorted { a, b in
            let da = a.publishedDate ?? .distantPast, db = b.publishedDate ?? .distantPast
            if da != db { return da > db }
            return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
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

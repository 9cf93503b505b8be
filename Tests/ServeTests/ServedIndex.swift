import Foundation
import GazetteModel
import Testing

/// A served folder's search index read as search.js reads it: the manifest the search page
/// names, the shard whose range holds a key, the journals its postings number. Shared by the
/// suites that check the index serve writes (`SearchIndexUpdateTests`, `ServeCommandTests`).
enum ServedIndex {
    static func json(_ url: URL) throws -> [String: Any] {
        let data = try #require(Deflate.decompress(try Data(contentsOf: url)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The journals the index lists under `key`, by page, read as search.js reads the files.
    static func journals(under key: String, output: URL) throws -> [String] {
        let page = try String(contentsOf: output.appendingPathComponent("search/index.html"), encoding: .utf8)
        let manifestPath = try #require(page.firstMatch(of: /data-index="\.\.\/([^"]+)"/)?.1)
        let search = output.appendingPathComponent("search")
        let manifest = try json(output.appendingPathComponent(String(manifestPath)))
        let shards = try #require(manifest["c"] as? [[Any]])
        guard let shard = shards.last(where: { ($0[0] as? String).map { !key.utf16.lexicographicallyPrecedes($0.utf16) } ?? false }),
            let name = shard[1] as? String
        else { return [] }
        let body = try json(search.appendingPathComponent(name))
        let keys = try #require(body["k"] as? [String])
        guard let index = keys.firstIndex(of: key), let postings = (body["p"] as? [[Int]])?[index] else { return [] }
        var doc = 0
        var pages: [String] = []
        for offset in stride(from: 0, to: postings.count, by: 2) {
            doc += postings[offset]
            let fragment = try json(search.appendingPathComponent("doc/\(doc).json.gz"))
            pages.append(fragment["u"] as? String ?? "?")
        }
        return pages
    }
}

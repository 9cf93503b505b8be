import Foundation
import GazetteModel

/// Where each page lives in the output, and how one page links to another. Pages link with
/// relative URLs so a site works under any sub-path and from any static host.
public enum SitePaths {
    static func week(_ week: ISOWeek, page: Int = 1) -> String { "weeks/\(week)/" + paged(page) }
    static func journal(_ slug: String) -> String { "journals/\(slug)/" }
    static func tag(_ key: String?, page: Int = 1) -> String { (key.map { "tags/\($0)/" } ?? "tags/") + paged(page) }
    /// Page 1 of a board is its folder; page n is `page/n/` inside it.
    static func paged(_ page: Int) -> String { page > 1 ? "page/\(page)/" : "" }
    static let archive = "archive/"
    public static let feed = "feed.xml"
    public static func packet(_ week: ISOWeek) -> String { "packets/\(week).pdf" }
    /// Where a thumbnail of `content/thumbnails/` is served from (`assets/thumbnails/<name>`).
    public static func thumbnail(_ name: String) -> String { "\(ArticleThumbnails.outputFolder)/\(name)" }

    /// The file a folder URL is served from: `journals/x/` → `journals/x/index.html`.
    public static func file(_ page: String) -> String { page.isEmpty || page.hasSuffix("/") ? page + "index.html" : page }

    /// `../` repeated once per folder level of `page`, to reach the site root from it.
    static func root(from page: String) -> String {
        String(repeating: "../", count: file(page).split(separator: "/").count - 1)
    }

    /// A site path percent-encoded for use in an `href` (Hangul slugs become `%EA%B8%88…`).
    static func encode(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: unreserved) ?? path
    }

    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    /// Absolute URL of a site path, when the site has a base URL.
    static func absolute(_ path: String, base: URL?) -> String? {
        base.map { $0.absoluteString + encode(path) }
    }
}

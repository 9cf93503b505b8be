import Foundation

/// Where each page lives in the output, and how one page links to another: the site's URL
/// layout, written once for the pages (Site), the packets' links (Packet), the digest by mail
/// and the tools that write into the output. Pages link with relative URLs so a site works
/// under any sub-path and from any static host.
public enum SitePaths {
    public static func week(_ week: ISOWeek, page: Int = 1) -> String { "weeks/\(week)/" + paged(page) }
    /// The pages of a week's articles when they are too many to list under its board.
    public static func weekArticles(_ week: ISOWeek, page: Int = 1) -> String { "weeks/\(week)/articles/" + paged(page) }
    public static func journal(_ slug: String) -> String { "journals/\(slug)/" }
    public static func tag(_ key: String?, page: Int = 1) -> String { (key.map { "tags/\($0)/" } ?? "tags/") + paged(page) }
    /// The list view of the 전체 board (nil) or a tag's board. It has a tree of its own, since any
    /// word (`list` too) can be a tag key.
    public static func list(_ key: String?, page: Int = 1) -> String { (key.map { "list/\($0)/" } ?? "list/") + paged(page) }
    /// Page 1 of a board is its folder; page n is `page/n/` inside it.
    public static func paged(_ page: Int) -> String { page > 1 ? "page/\(page)/" : "" }
    public static let archive = "archive/"
    public static let search = "search/"
    public static let feed = "feed.xml"
    public static let packetFolder = "packets/"
    public static func packet(_ week: ISOWeek) -> String { "\(packetFolder)\(week).pdf" }
    /// The week's digest by mail as a page (`gazette serve` only).
    public static func mailPreview(_ week: ISOWeek) -> String { "weeks/\(week)/mail/" }
    /// Where a thumbnail of `content/thumbnails/` is served from (`assets/thumbnails/<name>`).
    public static func thumbnail(_ name: String) -> String { "\(ArticleThumbnails.outputFolder)/\(name)" }

    /// The file a folder URL is served from: `journals/x/` → `journals/x/index.html`.
    public static func file(_ page: String) -> String { page.isEmpty || page.hasSuffix("/") ? page + "index.html" : page }

    /// `../` repeated once per folder level of `page`, to reach the site root from it.
    public static func root(from page: String) -> String {
        String(repeating: "../", count: file(page).split(separator: "/").count - 1)
    }

    /// A site path percent-encoded for use in an `href` (Hangul slugs become `%EA%B8%88…`).
    public static func encode(_ path: String) -> String {
        // Most paths are plain ASCII already; Foundation's encoder copies through NSString.
        if path.utf8.allSatisfy(isUnreserved) { return path }
        return path.addingPercentEncoding(withAllowedCharacters: unreserved) ?? path
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"): true
        default: false
        }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    /// The site path a link reaches from `page` (`journals/x/`), or nil for a link out of the
    /// site, an anchor or mail: `../y/` → `journals/y/`, `/images/a.png` → `images/a.png`; a
    /// fragment or query is left out, percent-escapes decoded.
    public static func linkTarget(_ destination: String, from page: String) -> String? {
        let trimmed = destination.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("//"),
            URLComponents(string: trimmed)?.scheme == nil
        else { return nil }
        let path = String(trimmed.prefix { $0 != "#" && $0 != "?" })
        var parts: [Substring] = trimmed.hasPrefix("/") ? [] : page.split(separator: "/")
        for piece in path.split(separator: "/", omittingEmptySubsequences: true) {
            if piece == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else if piece != "." {
                parts.append(piece)
            }
        }
        let joined = parts.joined(separator: "/").removingPercentEncoding ?? parts.joined(separator: "/")
        return path.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
    }

    /// Absolute URL of a site path, when the site has a base URL.
    public static func absolute(_ path: String, base: URL?) -> String? {
        base.map { $0.absoluteString + encode(path) }
    }
}

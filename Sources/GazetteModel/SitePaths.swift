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
    /// site, an anchor or mail: `../y/` → `journals/y/`, `/images/a.png` → `images/a.png`, a
    /// journal's file (`2026-11-20-y.md`) → its page `journals/y/`; a fragment or query is left
    /// out, percent-escapes decoded.
    public static func linkTarget(_ destination: String, from page: String) -> String? {
        let trimmed = destination.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("//"),
            URLComponents(string: trimmed)?.scheme == nil
        else { return nil }
        if let file = journalFile(trimmed) { return journal(journalSlug(forFile: file.name)) }
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

    /// The ids a journal's page has of its own (the stock theme's `main`), which no heading of its
    /// body takes: the site and packets give headings the same ids.
    public static let journalPageIDs = ["main"]

    /// The slug of the journal whose page a site path is (`journals/<slug>/`, what `linkTarget`
    /// gives), nil for any other page or file.
    public static func journalSlug(ofPage target: String) -> String? {
        let folder = journal("").dropLast()  // `journals/`
        guard target.hasPrefix(folder) else { return nil }
        return target.dropFirst(folder.count).split(separator: "/").first.map(String.init)
    }

    /// A link to a journal's Markdown file, as an editor completes a path and as GitHub shows
    /// the repository (`2026-11-20-rates.md`, `./rates.md#요약`, `../2026/rates.md`), made a link
    /// to its page from the site's root: `journals/rates/#요약`. Nil for anything else, and for
    /// a root path (`/notes.md`, a file of `static/`). A journal's page is named by its file's
    /// name alone, whatever folder it is in.
    public static func journalFileLink(_ destination: String) -> String? {
        journalFile(destination).map { encode(journal(journalSlug(forFile: $0.name))) + $0.rest }
    }

    /// The file name (percent-escapes decoded) a relative link to a `.md` file names, and what
    /// follows the path (`#…`, `?…`) as written.
    private static func journalFile(_ destination: String) -> (name: String, rest: Substring)? {
        guard !destination.hasPrefix("/"), SafeURL.scheme(destination) == nil else { return nil }
        let end = destination.firstIndex { $0 == "#" || $0 == "?" } ?? destination.endIndex
        let path = destination[..<end]
        guard let name = path.split(separator: "/").last, !path.hasSuffix("/"), name.count > 3, name.lowercased().hasSuffix(".md") else { return nil }
        return (String(name).removingPercentEncoding ?? String(name), destination[end...])
    }

    /// The URL segment of a journal: its file name without `.md` and without a leading
    /// `YYYY-MM-DD-`, Unicode-normalised (NFC), lower-cased, with runs of anything but letters,
    /// digits, `-` and `_` made a single `-`.
    public static func journalSlug(forFile path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if name.lowercased().hasSuffix(".md") { name.removeLast(3) }
        let scalars = Array(name.unicodeScalars)
        if scalars.count > 11, scalars[4] == "-", scalars[7] == "-", scalars[10] == "-",
            [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ ("0"..."9").contains(Character(scalars[$0])) })
        {
            name = String(String.UnicodeScalarView(scalars[11...]))
        }
        return slugify(name)
    }

    /// A URL-safe segment from any text: NFC, lower-cased, letters (Hangul included), digits,
    /// `-` and `_` kept, every other run made one `-`.
    public static func slugify(_ name: String) -> String {
        var slug = ""
        // Text of Latin letters below U+0300 and Hangul syllables is in NFC already: Foundation's
        // normalisation (through NSString) was most of making a heading's id.
        let composed = name.unicodeScalars.allSatisfy { $0.value < 0x300 || (0xAC00...0xD7A3).contains($0.value) }
        for character in (composed ? name : name.precomposedStringWithCanonicalMapping).lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasPrefix("-") { slug.removeFirst() }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "journal" : slug
    }

    /// Absolute URL of a site path, when the site has a base URL.
    public static func absolute(_ path: String, base: URL?) -> String? {
        base.map { $0.absoluteString + encode(path) }
    }
}

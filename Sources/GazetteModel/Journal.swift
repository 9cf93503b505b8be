import Foundation

/// A member's writing about an article: a Markdown file with front matter under
/// `content/journals/`. An empty body makes it a bookmark: the article is saved, nothing written.
public struct Journal: Hashable, Sendable {
    /// Path relative to the site folder, e.g. `content/journals/2026-11/rate-hike.md`.
    public var path: String
    /// URL segment from the file name, a leading `YYYY-MM-DD-` dropped; unique in a site.
    public var slug: String
    public var title: String
    /// The `article:` value as written: a URL or an article id.
    public var articleReference: String?
    /// Tag keys in the order written, without repeats.
    public var tags: [String]
    /// Author key as written.
    public var author: String?
    public var created: Date
    public var updated: Date
    public var draft: Bool
    /// The Markdown body (front matter removed), or nil when the loader left it in its file to
    /// keep a large site's memory down: `SiteContent.markdown(of:)` reads it again when asked.
    public private(set) var body: String?
    /// The fingerprint of the body, kept either way: what caches and page keys compare.
    public private(set) var bodyDigest: Fingerprint
    /// A bookmark has no body: only whitespace after the front matter.
    public private(set) var isBookmark: Bool
    /// 1-based line of the file where the body starts, for diagnostics inside the body.
    public var bodyStartLine: Int
    /// The file's front-matter lines, fences included (line 1 is the opening `---`), so later
    /// checks can point at a key without reading the file again.
    public var frontMatterLines: [String]

    public init(
        path: String, slug: String, title: String, articleReference: String?, tags: [String],
        author: String?, created: Date, updated: Date, draft: Bool, body: String, bodyStartLine: Int,
        frontMatterLines: [String] = []
    ) {
        self.path = path
        self.slug = slug
        self.title = title
        self.articleReference = articleReference
        self.tags = tags
        self.author = author
        self.created = created
        self.updated = updated
        self.draft = draft
        self.bodyDigest = Fingerprint()
        self.isBookmark = true
        self.bodyStartLine = bodyStartLine
        self.frontMatterLines = frontMatterLines
        setBody(body)
    }

    /// Where `key:` is written in the front matter (line 1 when absent), with the column of
    /// `value` on that line when given and found, and the line's text for a caret display.
    public func frontMatterLocation(of key: String, value: String? = nil) -> (location: SourceLocation, line: String?) {
        let index = frontMatterLines.firstIndex { $0.hasPrefix("\(key):") } ?? 0
        let line = frontMatterLines.isEmpty ? nil : frontMatterLines[index]
        var column = 1
        // The value's first occurrence after the key, found in the UTF-8 bytes (Foundation's
        // `range(of:)` was half of `serve`'s cross-reference check at 2,000 warnings); a match
        // of whole UTF-8 text starts on a scalar, so the column counts the scalars before it.
        if let value, let line, let offset = Self.firstOffset(of: Array(value.utf8), in: Array(line.utf8), from: key.utf8.count) {
            column = line.utf8.prefix(offset).reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        }
        return (SourceLocation(path: path, line: index + 1, column: column), line)
    }

    private static func firstOffset(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start <= haystack.count, haystack.count - start >= needle.count else { return nil }
        for offset in start...(haystack.count - needle.count) where haystack[offset] == needle[0] {
            if haystack[offset..<offset + needle.count].elementsEqual(needle) { return offset }
        }
        return nil
    }

    /// Gives the journal a body, with its digest and whether it is a bookmark (the initializer,
    /// and tests that edit one).
    public mutating func setBody(_ text: String) {
        body = text
        bodyDigest = Self.digest(of: text)
        isBookmark = text.allSatisfy(\.isWhitespace)
    }

    /// Drops the body from memory; its digest and whether it is a bookmark stay.
    public mutating func leaveBodyInFile() { body = nil }

    /// `bodyDigest` of a body's text.
    public static func digest(of body: String) -> Fingerprint {
        var key = Fingerprint()
        key.add(body)
        return key.digest
    }

    /// Newest first by `updated`, then `created`, then slug: the order of every board.
    public static func newestFirst(_ a: Journal, _ b: Journal) -> Bool {
        if a.updated != b.updated { return a.updated > b.updated }
        if a.created != b.created { return a.created > b.created }
        return a.slug.utf8.lexicographicallyPrecedes(b.slug.utf8)
    }

    /// `journals` in `newestFirst` order. Sorts positions by the three keys instead of the
    /// journals themselves: moving and comparing whole journals (a dozen reference-counted
    /// fields each) was a third of loading a 2,000-journal site in `serve`.
    public static func sortedNewestFirst(_ journals: [Journal]) -> [Journal] {
        let keys = journals.map { (updated: $0.updated, created: $0.created, slug: $0.slug) }
        let order = keys.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if a.updated != b.updated { return a.updated > b.updated }
            if a.created != b.created { return a.created > b.created }
            return a.slug.utf8.lexicographicallyPrecedes(b.slug.utf8)
        }
        return order.map { journals[$0] }
    }
}

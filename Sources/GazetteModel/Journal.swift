import Foundation

/// A member's writing about an article: a Markdown file with front matter under
/// `content/journals/`. An empty body makes it a bookmark: the article is saved, nothing written.
///
/// A value, held in one copy-on-write box: every step of a build copies journals into its own
/// arrays and maps, and copying a dozen reference-counted fields one by one was 12–14 % of a
/// build's samples (`initializeWithCopy for Journal`, perf, 2,000 journals in `serve`).
@dynamicMemberLookup
public struct Journal: Hashable, Sendable, CustomReflectable {
    /// The fields as plain values, read and set as the journal's own (`journal.title`). Their
    /// encoding is what a journal is keyed by (`Fingerprint.add(_ journal:)`): a field added here
    /// is in every key at once.
    public struct Fields: Hashable, Sendable, Encodable {
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
        /// `created` and `updated` written as a day alone (`created: 2026-12-07`): pages and
        /// packets show the day, not a time the member did not write (midnight).
        public var createdIsDay: Bool
        public var updatedIsDay: Bool
        public var draft: Bool
        /// The Markdown body (front matter removed), or nil when the loader left it in its file
        /// to keep a large site's memory down: `SiteContent.markdown(of:)` reads it again when
        /// asked. Counted by its digest: a body left in its file is the same journal.
        @NotInKey public internal(set) var body: String?
        /// The fingerprint of the body, kept either way: what caches and page keys compare.
        public internal(set) var bodyDigest: Fingerprint
        /// A bookmark has no body: only whitespace after the front matter.
        public internal(set) var isBookmark: Bool
        /// 1-based line of the file where the body starts, for diagnostics inside the body.
        public var bodyStartLine: Int
        /// The file's front-matter lines, fences included (line 1 is the opening `---`), so later
        /// checks can point at a key without reading the file again.
        public var frontMatterLines: [String]
    }

    /// The fields, never written once boxed: a setter puts the changed fields in a new box.
    @usableFromInline var box: FieldsBox<Fields>

    /// Changes the fields through a fresh box: boxes are never written once made.
    private mutating func update(_ change: (inout Fields) -> Void) {
        box = box.changed(change)
    }

    /// A field, as `journal.title`.
    @inlinable public subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value { box.fields[keyPath: field] }

    /// A field to read or set, as `journal.title = "…"`: the changed fields go in a new box.
    @inlinable public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: field] }
        set { box = box.changed { $0[keyPath: field] = newValue } }
    }

    public init(
        path: String, slug: String, title: String, articleReference: String?, tags: [String],
        author: String?, created: Date, updated: Date, draft: Bool, body: String, bodyStartLine: Int,
        frontMatterLines: [String] = [], createdIsDay: Bool = false, updatedIsDay: Bool = false
    ) {
        box = FieldsBox(
            Fields(
                path: path, slug: slug, title: title, articleReference: articleReference, tags: tags, author: author,
                created: created, updated: updated, createdIsDay: createdIsDay, updatedIsDay: updatedIsDay, draft: draft, body: body,
                bodyDigest: Self.digest(of: body),
                isBookmark: Self.isBookmark(body), bodyStartLine: bodyStartLine, frontMatterLines: frontMatterLines))
    }

    /// The same for every copy of this value and for no other value while it lives: a cheap
    /// key for maps built over a site's journals (a path hashes its whole text). A changed
    /// copy gets its own.
    public var identity: ObjectIdentifier { ObjectIdentifier(box) }

    /// The fields, as a struct of them would show (printing, and the test that every one is
    /// fingerprinted).
    public var customMirror: Mirror { Mirror(self, children: Mirror(reflecting: box.fields).children) }

    /// What the journal is keyed by: every field, the body by its digest.
    public func addKey(to fingerprint: inout FingerprintHasher) { fingerprint.add(box.key) }

    public static func == (a: Journal, b: Journal) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.path)
        hasher.combine(self.slug)
        hasher.combine(self.bodyDigest)
        hasher.combine(self.updated)
    }

    /// Where `key:` is written in the front matter (line 1 when absent), with the column of
    /// `value` on that line when given and found, and the line's text for a caret display.
    public func frontMatterLocation(of key: String, value: String? = nil) -> (location: SourceLocation, line: String?) {
        let keyIndex = self.frontMatterLines.firstIndex { $0.hasPrefix("\(key):") }
        var index = keyIndex ?? 0
        var column = 1
        // The value's first occurrence after the key, found in the UTF-8 bytes (Foundation's
        // `range(of:)` was half of `serve`'s cross-reference check at 2,000 warnings); a match
        // of whole UTF-8 text starts on a scalar, so the column counts the scalars before it.
        // Not on the key's line, it is looked for in the key's block below (`tags:` then
        // `  - economy` lines), up to the next key.
        if let value, let keyIndex {
            let needle = Array(value.utf8)
            var candidate = keyIndex, from = key.utf8.count
            while candidate < self.frontMatterLines.count {
                let line = self.frontMatterLines[candidate]
                if candidate > keyIndex, !(line.first == " " || line.first == "\t" || line.first == "-") { break }
                if let offset = Self.firstOffset(of: needle, in: Array(line.utf8), from: from) {
                    index = candidate
                    column = line.utf8.prefix(offset).reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
                    break
                }
                candidate += 1
                from = 0
            }
        }
        return (SourceLocation(path: self.path, line: index + 1, column: column), self.frontMatterLines.isEmpty ? nil : self.frontMatterLines[index])
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
        update {
            $0.body = text
            $0.bodyDigest = Self.digest(of: text)
            $0.isBookmark = Self.isBookmark(text)
        }
    }

    /// Drops the body from memory; its digest and whether it is a bookmark stay.
    public mutating func leaveBodyInFile() { update { $0.body = nil } }

    /// A bookmark has no writing of its own: its body is only whitespace, or only the prompts
    /// `gazette new` starts a journal with, left unanswered: headings and empty list items, at
    /// least two of them (a body of one heading is a journal, if a short one). Stops at the
    /// first line of writing, which is the first or third line of most bodies.
    static func isBookmark(_ body: String) -> Bool {
        var rest = Substring(body)
        var prompts = 0
        while !rest.isEmpty {
            let end = rest.utf8.firstIndex(of: 0x0A) ?? rest.endIndex
            switch line(rest[..<end]) {
            case .blank: break
            case .prompt: prompts += 1
            case .writing: return false
            }
            rest = end == rest.endIndex ? "" : rest[rest.utf8.index(after: end)...]
        }
        return prompts != 1
    }

    private enum BodyLine { case blank, prompt, writing }

    /// A prompt is an ATX heading (`## 요약`) or a list item with nothing in it (`- `, `1.`).
    private static func line(_ line: Substring) -> BodyLine {
        let text = UTF8Search.trimmingWhiteSpace(line)
        if text.isEmpty { return .blank }
        if text == "-" || text == "*" || text == "+" || text == "1." { return .prompt }
        let hashes = text.prefix { $0 == "#" }.count
        return (1...6).contains(hashes) && (text.count == hashes || text.dropFirst(hashes).first == " ") ? .prompt : .writing
    }

    /// `bodyDigest` of a body's text.
    public static func digest(of body: String) -> Fingerprint {
        var key = FingerprintHasher()
        key.add(body)
        return key.digest
    }

    /// Newest first by `updated`, then `created`, then slug: the order of every board.
    public static func newestFirst(_ a: Journal, _ b: Journal) -> Bool {
        if a.updated != b.updated { return a.updated > b.updated }
        if a.created != b.created { return a.created > b.created }
        return a.slug.utf8Precedes(b.slug)
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
            return a.slug.utf8Precedes(b.slug)
        }
        return order.map { journals[$0] }
    }
}

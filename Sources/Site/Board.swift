import Bodies
import Foundation
import GazetteModel
import Templating
import TextLayout

/// One journal as a board shows it: the text a card displays (`text`, its fields read as the
/// card's own: `card.title`) and where it links.
@dynamicMemberLookup
public struct Card: Sendable, Hashable, Codable {
    public var slug: String
    public var href: String
    public var updatedISO: String
    public var tagLinks: [String]
    /// What the card shows as text: all its measurement depends on.
    public var text: CardText

    public init(slug: String, href: String, updatedISO: String, tagLinks: [String], text: CardText) {
        (self.slug, self.href, self.updatedISO, self.tagLinks, self.text) = (slug, href, updatedISO, tagLinks, text)
    }

    public init(
        slug: String, title: String, href: String, updated: String, updatedISO: String, tags: [String], tagLinks: [String],
        excerptRuns: [ExcerptRun], isBookmark: Bool, articleTitle: String?, publisher: String?, author: String?
    ) {
        let text = CardText(
            title: title, updated: updated, author: author, tags: tags, excerptRuns: excerptRuns, isBookmark: isBookmark,
            articleTitle: articleTitle, publisher: publisher)
        self.init(slug: slug, href: href, updatedISO: updatedISO, tagLinks: tagLinks, text: text)
    }

    /// A field of the card's text, as `card.title`.
    public subscript<Value>(dynamicMember field: KeyPath<CardText.Fields, Value>) -> Value { text[dynamicMember: field] }

    public var metaLine: String { text.metaLine }
    public var tagLine: String { text.tagLine }

    /// What `card.mustache` reads, with no explicit breaks.
    var templateContext: TemplateFields { templateContext(breaks: [:]) }

    /// What `card.mustache` reads. Each block's HTML carries the explicit line breaks the
    /// measurement forced (`<br class="w272">`, shown only where cards are that wide).
    func templateContext(breaks: [CardBlock: [TextPosition: [Int]]]) -> TemplateFields {
        func marked(_ block: CardBlock, run: Int = 0, _ text: String, from offset: Int = 0) -> String {
            BreakMarkup.html(text, breaks: breaks[block] ?? [:], run: run, offset: offset)
        }
        // The meta line is measured as one run: the date, then " · author".
        let dateLength = self.updated.unicodeScalars.count
        var meta = "<time datetime=\"\(Feeds.escape(updatedISO))\">\(marked(.meta, self.updated))</time>"
        if let author = self.author { meta += marked(.meta, " · \(author)", from: dateLength) }
        // The tag line is measured as one run: `#⁠name` joined by spaces. A break before a tag
        // goes inside its list item, before the link.
        var tagItems: [String] = []
        var offset = 0
        for (name, link) in zip(self.tags, tagLinks) {
            let opening = (breaks[.tags] ?? [:])[TextPosition(run: 0, offset: offset)].map(BreakMarkup.tag) ?? ""
            let label = marked(.tags, name, from: offset + 2)
            tagItems.append("<li>\(opening)<a href=\"\(Feeds.escape(link))\">#&#x2060;\(label)</a></li>")
            offset += 2 + name.unicodeScalars.count + 1
        }
        // A bookmark's article line is measured as two runs: the title, then " · publisher".
        var article = marked(.article, self.articleTitle ?? self.title)
        if let publisher = self.publisher, !publisher.isEmpty {
            article += " <span class=\"publisher\">\(marked(.article, run: 1, "· \(publisher)", from: 1))</span>"
        }
        let excerpt = self.excerptRuns.enumerated().map { index, run in
            ExcerptRun.wrap(marked(.excerpt, run: index, run.text), run.kind)
        }.joined()
        return [
            "slug": slug, "title": self.title, "href": href, "updated": self.updated,
            "updatedISO": updatedISO, "excerptHTML": excerpt, "hasExcerpt": !self.excerptRuns.isEmpty,
            "isBookmark": self.isBookmark, "articleTitle": self.articleTitle ?? self.title, "publisher": self.publisher ?? "",
            "author": self.author ?? "",
            "hasTags": !self.tags.isEmpty,
            "tags": zip(self.tags, tagLinks).map { ["name": $0.0, "href": $0.1] },
            "titleHTML": marked(.title, self.title), "metaHTML": meta, "tagsHTML": tagItems.joined(separator: " "),
            "articleHTML": article,
        ]
    }
}

/// Text escaped for HTML with explicit line breaks put in.
enum BreakMarkup {
    /// The `<br>` for a break needed at these card widths.
    static func tag(_ widths: [Int]) -> String {
        "<br class=\"\(widths.sorted().map(BoardGeometry.breakClass).joined(separator: " "))\">"
    }

    /// `text` escaped, with a break before each scalar that `breaks` names in run `run`;
    /// `offset` is where `text` starts in that run (scalars).
    static func html(_ text: String, breaks: [TextPosition: [Int]], run: Int, offset: Int) -> String {
        let scalars = text.unicodeScalars
        let here = breaks.filter { $0.key.run == run && $0.key.offset >= offset && $0.key.offset < offset + scalars.count }
        guard !here.isEmpty else { return Feeds.escape(text) }
        var result = ""
        var index = scalars.startIndex
        var position = offset
        for (at, widths) in here.sorted(by: { $0.key < $1.key }) {
            let end = scalars.index(index, offsetBy: at.offset - position)
            result += Feeds.escape(String(scalars[index..<end])) + tag(widths)
            index = end
            position = at.offset
        }
        return result + Feeds.escape(String(scalars[index...]))
    }
}

/// What a card shows as text, without its links: everything its measurement depends on, so a
/// journal shown on a week, a tag and the 전체 board (with links relative to each page) is
/// measured once. Its fields are boxed (`text.title` reads them): a `serve` save hands every
/// card's text from the last build to the boards again, and copying eight fields each (16
/// retains and releases) was 4–5 % of a 2,000-journal save's processor time.
@dynamicMemberLookup
public struct CardText: Sendable, Hashable, Codable, KeyedByBox {
    public struct Fields: Sendable, Hashable, Codable {
        public var title: String
        public var updated: String
        public var author: String?
        public var tags: [String]
        public var excerptRuns: [ExcerptRun]
        public var isBookmark: Bool
        public var articleTitle: String?
        public var publisher: String?
    }

    @usableFromInline let box: FieldsBox<Fields>

    public init(
        title: String, updated: String, author: String?, tags: [String], excerptRuns: [ExcerptRun], isBookmark: Bool,
        articleTitle: String?, publisher: String?
    ) {
        box = FieldsBox(
            Fields(
                title: title, updated: updated, author: author, tags: tags, excerptRuns: excerptRuns, isBookmark: isBookmark,
                articleTitle: articleTitle, publisher: publisher))
    }

    /// A field, as `text.title`.
    @inlinable public subscript<Value>(dynamicMember field: KeyPath<Fields, Value>) -> Value { box.fields[keyPath: field] }

    public static func == (a: CardText, b: CardText) -> Bool { a.box === b.box || a.box.fields == b.box.fields }

    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// Encoded as its fields.
    public init(from decoder: any Decoder) throws { box = FieldsBox(try Fields(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try box.fields.encode(to: encoder) }

    /// Keyed by its box's digest (`KeyedByBox`).
    public var boxKey: Fingerprint { box.key }

    /// The meta line as displayed: the updated date, then the author.
    public var metaLine: String { self.author.map { "\(self.updated) · \($0)" } ?? self.updated }
    /// The tags line as displayed: `#name` with a word joiner after `#`, so a tag never breaks
    /// right after its sign (the joiner is invisible and zero-width in browsers and in HarfBuzz).
    public var tagLine: String { self.tags.map { "#\u{2060}\($0)" }.joined(separator: " ") }
}

import Bodies
import Content
import Foundation
import GazetteModel
import Memory
import Templating

/// Journals as cards: the text and links a board shows for each.
public struct CardMaker: Sendable {
    let content: SiteContent
    let bodies: JournalBodies
    let dates: DateStyle
    /// How each journal is shown, made once: a journal is on several boards, each with links
    /// relative to its own page. By journal (`Journal.identity`): a board page's inputs look up
    /// every journal it shows, on every `serve` save.
    private let shown: [ObjectIdentifier: ShownJournal]

    /// `memo` (`gazette serve`) keeps what earlier builds showed, so unchanged journals are not
    /// read again.
    public init(content: SiteContent, bodies: JournalBodies, memo: CardMemo? = nil) {
        let dates = DateStyle(language: content.config.language, timeZone: content.config.timeZone)
        self.content = content
        self.bodies = bodies
        self.dates = dates
        let bySlug: [String: ShownJournal]
        let tagLinks = Self.tagLinks(content)
        if let memo {
            bySlug = memo.shown(content.journals.map { ($0, content.article(for: $0)) }, config: content.configFingerprint) {
                Self.shown($0, content: content, bodies: bodies, dates: dates, tagLinks: tagLinks)
            }
        } else {
            let made = content.journals.concurrentMap { Self.shown($0, content: content, bodies: bodies, dates: dates, tagLinks: tagLinks) }
            bySlug = Dictionary(zip(content.journals.map(\.slug), made), uniquingKeysWith: { first, _ in first })
        }
        shown = Dictionary(
            content.journals.compactMap { journal in bySlug[journal.slug].map { (journal.identity, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// "초안" / "Draft", "공개 예정" / "Scheduled", or nil for a published journal.
    static func statusLabel(_ journal: Journal, content: SiteContent) -> String? {
        content.status(of: journal).flatMap { UIStrings.table(content.config.language)["\($0.rawValue)Label"] }
    }

    static func text(_ journal: Journal, content: SiteContent, bodies: JournalBodies, dates: DateStyle) -> CardText {
        let article = content.article(for: journal)
        return CardText(
            title: agreeingBreaks(journal.title), updated: dates.day(journal.updated),
            // A draft or scheduled journal says so after its author, in the meta line the card is
            // measured with.
            author: [journal.author.map(content.config.authorName), statusLabel(journal, content: content)]
                .compactMap { $0 }.joined(separator: " · ").nilIfEmpty,
            tags: journal.tags.map(content.config.tagName),
            excerptRuns: journal.isBookmark ? [] : bodies.excerpt(journal).map { ExcerptRun(agreeingBreaks($0.text), $0.kind) },
            isBookmark: journal.isBookmark, articleTitle: journal.isBookmark ? article.map { agreeingBreaks($0.title) } : nil,
            publisher: journal.isBookmark ? article?.publisher : nil)
    }

    /// How `journal` is shown: its card and its list row, links from the site root.
    ///
    /// Every journal's is kept for the build, so its card and row share what they both show
    /// (the day, the time, a tag's link: each string made once, not twice, and a tag's link once
    /// for the site) and the row keeps the part of the body's lead it shows, not a copy: at
    /// 100,000 journals the copies were 58 MB of what the build holds from the cards on.
    static func shown(
        _ journal: Journal, content: SiteContent, bodies: JournalBodies, dates: DateStyle, tagLinks: [String: String] = [:]
    ) -> ShownJournal {
        let config = content.config, href = SitePaths.encode(SitePaths.journal(journal.slug))
        let links = journal.tags.map { tagLinks[$0] ?? SitePaths.encode(SitePaths.tag($0)) }
        let iso = dates.iso(journal.updated)
        let text = text(journal, content: content, bodies: bodies, dates: dates)
        let card = Card(slug: journal.slug, href: href, updatedISO: iso, tagLinks: links, text: text)
        let line: ListRow.Line
        if journal.isBookmark {
            let article = content.article(for: journal)
            line = .whole([article?.title, article?.publisher].compactMap { $0 }.joined(separator: " · "))
        } else {
            let (kept, cut) = TextCut.excerptParts(bodies.lead(journal), limit: ListRow.excerptCharacters)
            line = .excerpt(kept, ellipsis: cut)
        }
        let row = ListRow(
            title: journal.title, href: href, date: text.updated, dateISO: iso, author: journal.author.map { config.authorName($0) } ?? "",
            tags: zip(journal.tags, links).map { ListRow.Tag(name: config.tagName($0), href: $1) }, line: line, isBookmark: journal.isBookmark)
        return ShownJournal(card: card, row: row)
    }

    /// Each tag's link from the site root, made once for the site.
    static func tagLinks(_ content: SiteContent) -> [String: String] {
        var links: [String: String] = [:]
        for journal in content.journals {
            for tag in journal.tags where links[tag] == nil { links[tag] = SitePaths.encode(SitePaths.tag(tag)) }
        }
        return links
    }

    /// How `journal` is shown (every journal of the content it was made with).
    func shown(_ journal: Journal) -> ShownJournal {
        shown[journal.identity] ?? Self.shown(journal, content: content, bodies: bodies, dates: dates)
    }

    /// What a journal's card shows.
    func text(_ journal: Journal) -> CardText { shown(journal).card.text }

    /// A journal's card with links relative to a page at `root`.
    func card(_ journal: Journal, root: String) -> Card { shown(journal).card.rooted(root) }

    /// `text` with a word joiner (U+2060, invisible and zero-width) after each character after
    /// which engines disagree whether a line may break when a letter follows, where a non-space
    /// follows it, so no engine breaks there: Firefox breaks after `/` in a URL (Chromium does
    /// not), and under `word-break: keep-all` keeps a hyphen and a middle dot with what follows
    /// (Chromium breaks after them). Cards are measured with the same text, so the prediction
    /// and every engine agree by construction.
    static func agreeingBreaks(_ text: String) -> String {
        var text = text
        let joined: String? = text.withUTF8 { bytes in
            // Read on the bytes: `/` (2F), `-` (2D) and U+00B7 (C2 B7). A card's title, its
            // lead and its article's title go through here; as scalars, appended one at a time
            // with a property lookup each, this was 1.7 % of a clean build of short journals.
            guard bytes.contains(where: { $0 == 0x2F || $0 == 0x2D || $0 == 0xB7 }) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 12)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let length = byte == 0x2F || byte == 0x2D ? 1 : byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xB7 ? 2 : 0
                guard length > 0 else {
                    result.append(byte)
                    index += 1
                    continue
                }
                result.append(contentsOf: bytes[index..<(index + length)])
                index += length
                guard index < bytes.count, let (next, _) = UTF8Search.scalar(in: bytes, at: index, end: bytes.count) else { continue }
                let isSpace = next < 0x80 ? next == 0x20 || (0x09...0x0D).contains(next) : Unicode.Scalar(next)?.properties.isWhitespace ?? false
                if !isSpace && next != 0x2060 { result += [0xE2, 0x81, 0xA0] }
            }
            return String(decoding: result, as: UTF8.self)
        }
        return joined ?? text
    }
}

/// Every board of the site, measured and packed — two steps of the build. Each journal's card is
/// measured once (it may show on its week's board, the 전체 board and a board per tag); then each
/// board is packed on its own, which is arithmetic only.
public struct SiteBoards: Sendable {
    let layout: MasonryBoardLayout
    /// The cards the boards were measured with; pages take theirs from here.
    let cards: CardMaker
    /// Journal slug → its card measured at every card width.
    let measures: [String: CardMeasure]
    /// Each measure's `CardMemo.measureKey`, by slug: made once, not on every board.
    let measureKeys: [String: Fingerprint]
    /// Board ID → the board packed.
    let packed: [String: PackedBoard]
    /// Card values made for one board and reused by the others (and, in `gazette serve`, by
    /// later builds).
    let contexts: CardMemo

    static func weekID(_ week: ISOWeek, page: Int = 1) -> String { "week-\(week)" + paged(page) }
    static func tagID(_ key: String?, page: Int = 1) -> String { "tag-\(key ?? "all")" + paged(page) }
    private static func paged(_ page: Int) -> String { page > 1 ? "-p\(page)" : "" }

    /// A board's journals (newest first) cut into pages of `perPage`: always at least one page,
    /// empty for a board with no journals.
    public static func pages(_ journals: [Journal], perPage: Int) -> [ArraySlice<Journal>] {
        guard !journals.isEmpty else { return [journals[...]] }
        return stride(from: 0, to: journals.count, by: max(1, perPage)).map { journals[$0..<min($0 + max(1, perPage), journals.count)] }
    }

    /// Which journals each board shows, newest first: a board per week, 전체, and one per tag.
    static func plan(_ content: SiteContent) -> [(id: String, journals: [Journal])] {
        let perPage = content.config.board.perPage
        func paged(_ journals: [Journal], id: (Int) -> String) -> [(id: String, journals: [Journal])] {
            pages(journals, perPage: perPage).enumerated().map { (id($0.offset + 1), Array($0.element)) }
        }
        return content.weeks.flatMap { week in paged(week.journals) { weekID(week.week, page: $0) } }
            + paged(content.journals) { tagID(nil, page: $0) }
            + content.config.tags.flatMap { tag in paged(content.journals.filter { $0.tags.contains(tag.key) }) { tagID(tag.key, page: $0) } }
    }

    /// Measures every journal's card (text layout, on all cores), or takes it from `cache` when
    /// an earlier build measured the same text on the same fonts.
    public static func measure(
        _ content: SiteContent, cards: CardMaker, layout: MasonryBoardLayout, fonts: String, cache: CardMeasureMemo?
    ) throws -> [String: CardMeasure] {
        let texts = content.journals.map(cards.text)
        let measured: [CardMeasure]
        if let cache {
            measured = try cache.measures(of: texts, fonts: fonts, measure: layout.measureEach)
        } else {
            measured = try layout.measureEach(texts)
        }
        var measures: [String: CardMeasure] = [:]
        for (journal, measure) in zip(content.journals, measured) { measures[journal.slug] = measure }
        return measures
    }

    /// Packs every board of the plan on the measured heights.
    public init(
        _ content: SiteContent, cards: CardMaker, measures: [String: CardMeasure], layout: MasonryBoardLayout, contexts: CardMemo = CardMemo()
    ) {
        self.contexts = contexts
        self.layout = layout
        self.cards = cards
        self.measures = measures
        let entries = Array(measures)
        measureKeys = Dictionary(uniqueKeysWithValues: zip(entries.map(\.key), entries.concurrentMap { CardMemo.measureKey($0.value) }))
        let boards = Self.plan(content).map { id, journals in (id, journals.map { measures[$0.slug] ?? CardMeasure() }) }
        packed = contexts.packed(boards) { layout.pack($0) }
    }

    /// What `board.mustache` reads for board `id`, whose cards are `shown` (in board order), on
    /// a page at `root`.
    func context(_ id: String, shown: [ShownJournal], root: String) -> TemplateFields {
        let measures = shown.map { self.measures[$0.card.slug] ?? CardMeasure() }
        let keys = zip(shown, measures).map { shown, measure in
            CardMemo.key(card: shown.box.cardKey, root: root, measure: measureKeys[shown.card.slug] ?? CardMemo.measureKey(measure))
        }
        let packed = self.packed[id] ?? layout.pack(measures)
        return layout.context(
            cards: shown.map { $0.card.rooted(root) }, measures: measures, keys: keys, packed: packed, boardID: id, memo: contexts)
    }
}

/// Cards measured by earlier builds: an edit to one journal measures one card again, not all of
/// them. Kept in memory by `gazette serve` and in `.gazette/cache/cards.bin` by `gazette build` (`CardMeasureFile`).
/// Keyed by the fingerprint of the fonts measured with and the card's text (not by the text
/// itself: hashing Swift strings normalises them, which cost 10 % of a build).
public final class CardMeasureMemo: Sendable {
    /// Named by the fingerprint of the card's text and fonts (`CardText.fingerprint`).
    private let memo: Memo<Fingerprint, NoInputs, CardMeasure>

    /// Each card's key by its place in the last build's list (`ListMemo`: a `serve` save hands
    /// the same texts in the same order, unchanged ones in the same boxes), forgotten when the
    /// fonts change; and the last build's keys and measures: a save whose keys are all as before
    /// takes the last measures whole. The 2,000 fingerprints, lookups and names marked in the
    /// memo were 5 % of a save's build. Only in the memory of `serve`'s saves (nil otherwise):
    /// a build of its own asks once, and would hold every card's text and key to its end.
    private let keysByPlace: ListMemo<CardText, Fingerprint>?
    private let last = Locked<(fonts: String, keys: [Fingerprint], measures: [CardMeasure])?>(nil)

    /// How many measures the last build found and made.
    var lastBuild: Memo<Fingerprint, NoInputs, CardMeasure>.Counts { memo.lastBuild }

    /// `forSaves`: asked by the builds of one process, one after another (`gazette serve`), so
    /// each card's key is kept by its place; a build of its own passes false.
    public init(forSaves: Bool = true) {
        memo = Memo()
        keysByPlace = forSaves ? ListMemo() : nil
    }

    /// Entries a file written by `save` holds, for one build; an unreadable file is an empty cache.
    public init(contentsOf file: URL) {
        let table = FileManager.default.contents(atPath: file.path).flatMap(CardMeasureFile.decode) ?? [:]
        memo = Memo(restoring: table.mapValues { .init(inputs: NoInputs(), value: $0) })
        keysByPlace = nil
    }

    /// Writes every measure held to `file`, atomically; a failure costs the next build time only.
    public func save(to file: URL) { Self.write(memo.entries, to: file) }

    private static func write(_ entries: [Fingerprint: Memo<Fingerprint, NoInputs, CardMeasure>.Entry], to file: URL) {
        try? CardMeasureFile.write(entries.mapValues(\.value), to: file)
        // The text file of Gazette before the one memory format, beside it, is of no more use.
        try? FileManager.default.removeItem(at: file.deletingLastPathComponent().appendingPathComponent("cards.txt"))
    }

    /// The end of a build: measures of cards it did not show are let go. With `file`, what is
    /// left is written there when the build changed it (or the file is missing).
    public func endBuild(savingTo file: URL? = nil) {
        memo.endBuild()
        guard let file else { return }
        let missing = !FileManager.default.fileExists(atPath: file.path)
        if let entries = memo.takeChanged() ?? (missing ? memo.entries : nil) { Self.write(entries, to: file) }
    }

    /// The measure of each of `texts`, in order, measuring only those not seen before with these
    /// fonts.
    func measures(of texts: [CardText], fonts: String, measure: ([CardText]) throws -> [CardMeasure]) rethrows -> [CardMeasure] {
        guard let keysByPlace else {
            return try measuredAnew(texts, keys: texts.map { $0.fingerprint(fonts: fonts) }, measure: measure)
        }
        let previous = last.withLock { $0 }.flatMap { $0.fonts == fonts ? $0 : nil }
        if previous == nil { keysByPlace.removeAll() }
        let keys = keysByPlace.map(texts) { $0.fingerprint(fonts: fonts) }
        // Every card as the last build's: the memo holds just what that build asked for, the
        // same keys.
        if let previous, previous.keys == keys {
            memo.recordAllFound()
            return previous.measures
        }
        let measured = try measuredAnew(texts, keys: keys, measure: measure)
        last.withLock { $0 = (fonts, keys, measured) }
        return measured
    }

    private func measuredAnew(_ texts: [CardText], keys: [Fingerprint], measure: ([CardText]) throws -> [CardMeasure]) rethrows -> [CardMeasure] {
        let known = memo.known()
        // Each card not known measured once, found again by its key: a table keyed by the text
        // hashed every card's normalised strings three times in a clean build.
        var missing: [CardText] = []
        var missingIndex: [Fingerprint: Int] = [:]
        var found: [Fingerprint] = []
        for (text, key) in zip(texts, keys) {
            if known[key] != nil {
                found.append(key)
            } else if missingIndex[key] == nil {
                missingIndex[key] = missing.count
                missing.append(text)
            }
        }
        let fresh = try measure(missing)
        memo.record(found: found, made: missingIndex.map { ($0.key, .init(inputs: NoInputs(), value: fresh[$0.value])) })
        return keys.map { key in known[key]?.value ?? missingIndex[key].map { fresh[$0] } ?? CardMeasure() }
    }
}

extension CardText {
    /// Everything a card's measurement depends on, with the fonts it is measured with: the text's
    /// box digest, made once per text (a `serve` save hands the last build's texts to the boards
    /// again, and hashing every card's strings was a tenth of the save's card step).
    func fingerprint(fonts: String) -> Fingerprint {
        var key = FingerprintHasher()
        key.add(fonts)
        key.add(boxKey)
        return key.digest
    }
}

/// A journal as boards show it: its card and its row in the list view, links from the site
/// root. A board page's inputs hold these, not the journals: a save that leaves a journal's card
/// and row as they were (a line added at the end of its body) leaves its boards' pages alone.
///
/// Boxed: a board page's inputs are compared on every `serve` save, and a journal shown as before
/// is the same box (kept by the card memo), so most comparisons and copies are of one reference.
public struct ShownJournal: Sendable, Equatable {
    final class Box: Sendable {
        let card: Card
        let row: ListRow
        /// `CardMemo.cardKey(card)`, made once for every board that shows the card.
        let cardKey: Fingerprint
        init(card: Card, row: ListRow) { (self.card, self.row, self.cardKey) = (card, row, CardMemo.cardKey(card)) }
    }

    let box: Box
    public var card: Card { box.card }
    public var row: ListRow { box.row }

    init(card: Card, row: ListRow) { box = Box(card: card, row: row) }

    public static func == (a: ShownJournal, b: ShownJournal) -> Bool {
        a.box === b.box || (a.box.card == b.box.card && a.box.row == b.box.row)
    }
}

/// A journal as a list page's row shows it (title, date, author, tags and a line of the
/// excerpt), links from the site root.
public struct ListRow: Sendable, Equatable {
    public struct Tag: Sendable, Equatable {
        var name: String
        var href: String
    }

    /// The row's line of text: a journal's is the part of its body's lead it shows (in the
    /// string the parsed body keeps, not a copy), made into text with its ellipsis when the row
    /// is shown; a bookmark's its article's title and publisher.
    enum Line: Sendable, Equatable {
        case excerpt(Substring, ellipsis: Bool)
        case whole(String)
    }

    static let excerptCharacters = 140

    var title: String
    var href: String
    var date: String
    var dateISO: String
    var author: String
    var tags: [Tag]
    var line: Line
    var isBookmark: Bool

    var excerpt: String {
        switch line {
        case .excerpt(let kept, let ellipsis): ellipsis ? String(kept) + "…" : String(kept)
        case .whole(let text): text
        }
    }

    /// The template's values, links relative to a page at `root`.
    func fields(root: String) -> TemplateFields {
        [
            "title": title, "href": root + href, "date": date, "dateISO": dateISO, "author": author,
            "tags": tags.map { ["name": $0.name, "href": root + $0.href] as TemplateFields }, "hasTags": !tags.isEmpty,
            "excerpt": excerpt, "isBookmark": isBookmark,
        ]
    }
}

extension Card {
    /// The card with its links (made from the site root) relative to a page at `root`.
    func rooted(_ root: String) -> Card {
        guard !root.isEmpty else { return self }
        var card = self
        card.href = root + href
        card.tagLinks = tagLinks.map { root + $0 }
        return card
    }
}

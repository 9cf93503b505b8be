import GazetteModel
import Templating

/// Template values made once and shared by many pages — a card's values, which show on its
/// week's board, the 전체 board and each of its tags' boards — already typed
/// and fingerprinted (the object's stamp), so neither is done again for every page that shows
/// them.
public struct PrebuiltContext: Sendable {
    let object: TemplateObject

    init(_ values: TemplateFields) {
        let fields = values.fields
        self.init(fields: fields, fingerprint: Theme.fingerprint(of: .object(TemplateObject(fields))))
    }

    private init(fields: [String: TemplateValue], fingerprint: Fingerprint) {
        object = TemplateObject(fields, stamp: (fingerprint.high, fingerprint.low))
    }

    var fingerprint: Fingerprint {
        guard let stamp = object.stamp else { return Fingerprint() }
        return Fingerprint(high: stamp.high, low: stamp.low)
    }

    /// These values with `more` added (plain values, typed and fingerprinted here, and only
    /// these: the fingerprint is this one's and theirs together).
    func adding(_ more: TemplateFields) -> PrebuiltContext {
        let extra = more.fields
        var key = Fingerprint()
        key.add(fingerprint)
        key.add(Theme.fingerprint(of: .object(TemplateObject(extra))))
        return PrebuiltContext(fields: object.fields.merging(extra) { _, new in new }, fingerprint: key.digest)
    }
}

extension PrebuiltContext: TemplateConvertible {
    public var templateValue: TemplateValue? { .object(object) }
}

/// Card values by card and measure, for one build or, in `gazette serve`, kept between builds
/// for the cards that are still shown.
public final class CardContexts: Sendable {
    private let table = Locked<[Fingerprint: PrebuiltContext]>([:])
    private let used = Locked<Set<Fingerprint>>([])
    /// What each journal's card showed, by slug, with the journal, article and config it was
    /// made from (`CardMaker`): an edit to one journal makes one card's text again.
    private let texts = Locked<CardTexts>(CardTexts())

    /// The card texts of the last build, by slug, with what each was made from.
    private struct CardTexts {
        var entries: [String: (journal: Journal, article: Article?, config: Fingerprint)] = [:]
        var texts: [String: CardText] = [:]
    }

    /// Each board's packing, by board id, with the measures it was packed from.
    private let packings = Locked<[String: (measures: [CardMeasure], board: PackedBoard)]>([:])

    /// The most cards whose values are kept (nil: all of them).
    private let limit: Int?

    /// A card shows on several boards (its week's, the 전체 board, one per tag), and its values
    /// are made once and shared by them, up to `limit` cards: past it a card's values are made
    /// for each board that shows it. `gazette build` keeps at most `buildLimit`; `gazette serve`
    /// keeps all, between builds too.
    public init(keepingAtMost limit: Int? = nil) {
        self.limit = limit
    }

    /// The cards a build keeps the values of: every card of a 10,000-journal site (about 8 KB
    /// each, 84 MB at 10,000 journals), and no more than 140 MB or so however large the site.
    public static let buildLimit = 16_384

    /// Packs each board of `boards` with `pack`, on all cores, unless the last build packed a
    /// board of that id from the same measures; forgets boards no longer asked for.
    func packed(_ boards: [(id: String, measures: [CardMeasure])], pack: @Sendable ([CardMeasure]) -> PackedBoard) -> [String: PackedBoard] {
        let known = packings.withLock { $0 }
        let made = boards.concurrentMap { id, measures -> PackedBoard in
            if let entry = known[id], entry.measures == measures { return entry.board }
            return pack(measures)
        }
        var table: [String: (measures: [CardMeasure], board: PackedBoard)] = [:]
        var result: [String: PackedBoard] = [:]
        for (board, packed) in zip(boards, made) {
            table[board.id] = (board.measures, packed)
            result[board.id] = packed
        }
        packings.withLock { $0 = table }
        return result
    }

    /// The card text of each of `journals` (with their articles), made by `make` only for those
    /// whose journal, article or config differ from the last build's; forgets the others. By
    /// slug, the first journal of a slug winning. When every card is as before, the last
    /// build's table is handed back as it is: building it again was a third of making a
    /// `serve` save's cards at 2,000 journals.
    func texts(
        _ journals: [(journal: Journal, article: Article?)], config: Fingerprint, make: (Journal) -> CardText
    ) -> [String: CardText] {
        let known = texts.withLock { $0 }
        let made = journals.concurrentMap { journal, article -> CardText? in
            if let entry = known.entries[journal.slug], entry.journal == journal, entry.article == article, entry.config == config {
                return nil
            }
            return make(journal)
        }
        if known.entries.count == journals.count, made.allSatisfy({ $0 == nil }) { return known.texts }
        var table = CardTexts()
        for (pair, text) in zip(journals, made) where table.entries[pair.journal.slug] == nil {
            table.entries[pair.journal.slug] = (pair.journal, pair.article, config)
            table.texts[pair.journal.slug] = text ?? known.texts[pair.journal.slug]
        }
        texts.withLock { $0 = table }
        return table.texts
    }

    func context(_ card: Card, _ measure: CardMeasure, make: () -> TemplateFields) -> PrebuiltContext {
        let key = Self.key(card, measure)
        used.withLock { _ = $0.insert(key) }
        if let hit = table.withLock({ $0[key] }) { return hit }
        let made = PrebuiltContext(make())
        table.withLock { table in
            if limit.map({ table.count < $0 }) ?? true { table[key] = made }
        }
        return made
    }

    /// The fingerprint of a card and its measure: everything its values are made from (not
    /// `Hashable`, whose string hashing normalises text and cost 10 % of a build).
    static func key(_ card: Card, _ measure: CardMeasure) -> Fingerprint {
        var key = Fingerprint()
        key.add(card.text.fingerprint(fonts: ""))
        for text in [card.slug, card.href, card.updatedISO] { key.add(text) }
        key.add(card.tagLinks.count)
        for link in card.tagLinks { key.add(link) }
        for (width, height) in measure.heights.sorted(by: { $0.key < $1.key }) {
            key.add(width)
            key.add(height)
        }
        key.add(tag: 1)
        for (block, breaks) in measure.breaks.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            key.add(block.rawValue)
            for (position, widths) in breaks.sorted(by: { $0.key < $1.key }) {
                key.add(position.run)
                key.add(position.offset)
                key.add(widths.count)
                for width in widths { key.add(width) }
            }
        }
        return key.digest
    }

    /// Forgets the cards no build asked for since the last call.
    public func forgetUnused() {
        let keep = used.withLock { set in
            defer { set = [] }
            return set
        }
        table.withLock { table in table = table.filter { keep.contains($0.key) } }
    }
}

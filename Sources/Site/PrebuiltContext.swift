import GazetteModel
import Memory
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
        var key = FingerprintHasher()
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
public final class CardMemo: Sendable {
    /// Card values by `key(card, measure)`.
    private let contexts: Memo<Fingerprint, NoInputs, PrebuiltContext>
    /// How each journal was shown (its card and list row), by slug, with the journal, article and
    /// config it was made from (`CardMaker`): an edit to one journal makes one again.
    private let shown = Memo<String, TextInputs, ShownJournal>()
    /// Each board's packing, by board id, with the measures it was packed from.
    private let packings = Memo<String, [CardMeasure], PackedBoard>()

    struct TextInputs: Equatable, Sendable {
        var config: Fingerprint
        var journal: Journal
        var article: Article?
    }

    /// A card shows on several boards (its week's, the 전체 board, one per tag), and its values
    /// are made once and shared by them, up to `limit` cards: past it a card's values are made
    /// for each board that shows it. `gazette build` keeps at most `buildLimit`; `gazette serve`
    /// keeps all, between builds too.
    public init(keepingAtMost limit: Int? = nil) {
        contexts = Memo(keepingAtMost: limit)
    }

    /// The cards a build keeps the values of: every card of a 10,000-journal site (about 8 KB
    /// each, 84 MB at 10,000 journals), and no more than 140 MB or so however large the site.
    public static let buildLimit = 16_384

    /// Packs each board of `boards` with `pack`, on all cores, unless the last build packed a
    /// board of that id from the same measures.
    func packed(_ boards: [(id: String, measures: [CardMeasure])], pack: @Sendable ([CardMeasure]) -> PackedBoard) -> [String: PackedBoard] {
        let known = packings.known()
        let made = boards.concurrentMap { id, measures -> PackedBoard? in known.value(id, measures) == nil ? pack(measures) : nil }
        var result: [String: PackedBoard] = [:]
        var found: [String] = []
        var fresh: [(String, Memo<String, [CardMeasure], PackedBoard>.Entry)] = []
        for (board, packed) in zip(boards, made) {
            if let packed {
                fresh.append((board.id, .init(inputs: board.measures, value: packed)))
                result[board.id] = packed
            } else {
                found.append(board.id)
                result[board.id] = known[board.id]?.value
            }
        }
        packings.record(found: found, made: fresh)
        return result
    }

    /// How each of `journals` (with their articles) is shown, made by `make` only for those whose
    /// journal, article or config differ from the last build's. By slug, the first journal of a
    /// slug winning.
    func shown(
        _ journals: [(journal: Journal, article: Article?)], config: Fingerprint, make: (Journal) -> ShownJournal
    ) -> [String: ShownJournal] {
        let known = shown.known()
        let made = journals.concurrentMap { journal, article -> ShownJournal? in
            known.value(journal.slug, TextInputs(config: config, journal: journal, article: article)) == nil ? make(journal) : nil
        }
        func entry(_ pair: (journal: Journal, article: Article?), _ text: ShownJournal) -> (String, Memo<String, TextInputs, ShownJournal>.Entry) {
            (pair.journal.slug, .init(inputs: TextInputs(config: config, journal: pair.journal, article: pair.article), value: text))
        }
        // As many cards as the last build had, and each one made again (none, or the journal
        // edited: the usual save) under a slug it had: the last table with those put in.
        // Building the whole table again, and marking 2,000 slugs found, was half of making a
        // save's cards.
        let changed = zip(journals, made).compactMap { pair, text in text.map { (pair, $0) } }
        if known.count == journals.count, changed.allSatisfy({ known[$0.0.journal.slug] != nil }) {
            var table = known.values
            for (pair, text) in changed { table[pair.journal.slug] = text }
            shown.recordAllFound()
            if !changed.isEmpty { shown.record(found: [], made: changed.map(entry)) }
            return table
        }
        var table: [String: ShownJournal] = [:]
        table.reserveCapacity(journals.count)
        var found: [String] = []
        var fresh: [(String, Memo<String, TextInputs, ShownJournal>.Entry)] = []
        for (pair, text) in zip(journals, made) where table[pair.journal.slug] == nil {
            let slug = pair.journal.slug
            if let text {
                fresh.append(entry(pair, text))
                table[slug] = text
            } else {
                found.append(slug)
                table[slug] = known[slug]?.value
            }
        }
        shown.record(found: found, made: fresh)
        return table
    }

    /// The values of the card whose `key` (`key(card:root:measure:)`) this is, made by `make`
    /// the first time.
    func context(_ key: Fingerprint, make: () -> TemplateFields) -> PrebuiltContext {
        contexts.value(key, NoInputs()) { PrebuiltContext(make()) }
    }

    /// The fingerprint of a card and its measure: everything its values are made from. The card
    /// (as made from the site root) and the measure are fingerprinted once per build, and
    /// combined here with the root of the page showing it, on every board: hashing the card's
    /// encoding and the measure's tables for each of the 10,000 cards the boards of 2,000
    /// journals show was 2 % of a clean build's processor time.
    static func key(card: Fingerprint, root: String, measure: Fingerprint) -> Fingerprint {
        var key = FingerprintHasher()
        key.add(card)
        key.add(root)
        key.add(measure)
        return key.digest
    }

    /// A card by its encoding: a property added to `Card` is in the key without a line here.
    static func cardKey(_ card: Card) -> Fingerprint {
        var key = FingerprintHasher()
        key.add(encoding: card)
        return key.digest
    }

    /// A measure by its own `add(to:)`.
    static func measureKey(_ measure: CardMeasure) -> Fingerprint {
        var key = FingerprintHasher()
        measure.add(to: &key)
        return key.digest
    }

    /// The key of `card` and `measure` shown from the site root.
    static func key(_ card: Card, _ measure: CardMeasure) -> Fingerprint {
        key(card: cardKey(card), root: "", measure: measureKey(measure))
    }

    /// The end of a build: card values, journals shown and packings it did not ask for are let go.
    public func endBuild() {
        contexts.endBuild()
        shown.endBuild()
        packings.endBuild()
    }
}

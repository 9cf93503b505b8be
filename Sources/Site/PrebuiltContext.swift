import GazetteModel
import Mustache

/// Template values made once and shared by many pages — a card's values, which show on its
/// week's board, the 전체 board and each of its tags' boards — already pruned (`Theme.prune`)
/// and fingerprinted, so neither is done again for every page that shows them. Templates read
/// it as they read a dictionary.
///
/// `@unchecked Sendable`: the values (`[String: Any]`, which Swift cannot prove Sendable) are
/// only strings, numbers, flags and arrays and dictionaries of these, never changed after
/// `init`, so sharing them between the threads rendering pages is safe.
public final class PrebuiltContext: MustacheParent, @unchecked Sendable {
    let values: [String: Any]
    let fingerprint: Fingerprint

    init(_ values: [String: Any]) {
        let pruned = Theme.prune(values) as? [String: Any] ?? [:]
        self.values = pruned
        fingerprint = Theme.fingerprint(of: pruned)
    }

    private init(values: [String: Any], fingerprint: Fingerprint) {
        self.values = values
        self.fingerprint = fingerprint
    }

    public func child(named name: String) -> Any? { values[name] }

    /// These values with `more` added (plain values, pruned and fingerprinted here).
    func adding(_ more: [String: Any]) -> PrebuiltContext {
        let extra = Theme.prune(more) as? [String: Any] ?? [:]
        var key = Fingerprint()
        key.add(fingerprint)
        key.add(Theme.fingerprint(of: extra))
        return PrebuiltContext(values: values.merging(extra) { _, new in new }, fingerprint: key.digest)
    }
}

/// Card values by card and measure, for one build or, in `gazette serve`, kept between builds
/// for the cards that are still shown.
public final class CardContexts: Sendable {
    struct Key: Hashable {
        var card: Card
        var measure: CardMeasure
    }
    private let table = Locked<[Key: PrebuiltContext]>([:])
    private let used = Locked<Set<Key>>([])

    public init() {}

    func context(_ card: Card, _ measure: CardMeasure, make: () -> [String: Any]) -> PrebuiltContext {
        let key = Key(card: card, measure: measure)
        used.withLock { _ = $0.insert(key) }
        if let hit = table.withLock({ $0[key] }) { return hit }
        let made = PrebuiltContext(make())
        table.withLock { $0[key] = made }
        return made
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

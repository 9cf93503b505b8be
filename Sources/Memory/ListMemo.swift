import GazetteModel

/// A value made for each item of a list, remembered by its place in the last build's list: the
/// item at a place equal to the one there last time takes that one's value. `gazette serve`
/// hands the same journals in the same order save after save, and comparing each with the one
/// at its place (unchanged journals share their storage: one pointer compare) is a fraction of
/// hashing its name and taking a lock, as a `Memo` asked item by item does — 2,000 times for
/// each check of a save.
///
/// The one rule holds by construction: the memo keeps the last list only. An item added or
/// taken away shifts the places after it, and their values are made again (the cost of a build
/// without the memo, once).
public final class ListMemo<Inputs: Equatable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline
    struct Last: Sendable {
        @usableFromInline var inputs: [Inputs]
        @usableFromInline var values: [Value]
        /// The values joined, when a caller asked for them so (`joined`): kept while every
        /// item is equal to the one at its place.
        @usableFromInline var joined: Value?

        @inlinable
        init(inputs: [Inputs], values: [Value]) { (self.inputs, self.values, joined) = (inputs, values, nil) }
    }

    // Inlinable, as `Memo` is: asked across modules for thousands of items, its generic code
    // unspecialized (values copied through witness tables) cost more than the memo saved.
    @usableFromInline let last = Locked<Last?>(nil)

    @inlinable
    public init() {}

    /// `make(item)` for each of `inputs`, in order, each taken from the last list where the item
    /// at its place was equal.
    @inlinable
    public func map(_ inputs: [Inputs], make: (Inputs) throws -> Value) rethrows -> [Value] {
        try values(inputs, make: make).values
    }

    /// Forgets the last list (what the values were made against changed as a whole).
    @inlinable
    public func removeAll() { last.withLock { $0 = nil } }

    @inlinable
    func values(_ inputs: [Inputs], make: (Inputs) throws -> Value) rethrows -> (values: [Value], joined: Value?) {
        let previous = last.withLock { $0 }
        var values: [Value] = []
        values.reserveCapacity(inputs.count)
        var unchanged = previous?.inputs.count == inputs.count
        for (place, item) in inputs.enumerated() {
            if let previous, place < previous.inputs.count, previous.inputs[place] == item {
                values.append(previous.values[place])
            } else {
                unchanged = false
                values.append(try make(item))
            }
        }
        // This list's items are kept even when all were equal: an equal item in another box (a
        // journal parsed again after the config changed) would otherwise be compared field by
        // field, body and all, on every later save.
        var kept = Last(inputs: inputs, values: values)
        if unchanged { kept.joined = previous?.joined }
        last.withLock { [kept] in $0 = kept }
        return (values, kept.joined)
    }

    @inlinable
    func keep(joined: Value) { last.withLock { $0?.joined = joined } }
}

extension ListMemo where Value: RangeReplaceableCollection, Value: Sendable {
    /// Each item's list, joined in order: the last join handed back while every item is as it
    /// was (joining copies every element — thousands of warnings on every save).
    @inlinable
    public func joined(_ inputs: [Inputs], make: (Inputs) throws -> Value) rethrows -> Value {
        let (values, kept) = try values(inputs, make: make)
        if let kept { return kept }
        var joined = Value()
        for value in values { joined.append(contentsOf: value) }
        keep(joined: joined)
        return joined
    }
}

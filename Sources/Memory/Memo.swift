import Dispatch
import GazetteModel

/// One thing builds remember: values by name, each with the inputs it was made from. A value is
/// used again when it is asked for under the same name with equal inputs, and made otherwise —
/// Typst's `comemo` by hand: the memo never decides whether a value is stale, the inputs do.
///
/// **One rule for forgetting**: a value lives while builds ask for it. Whatever a build asks for,
/// found or made, is kept; `endBuild` lets go of everything that build did not ask for. So a
/// memory kept from save to save (`gazette serve`) follows the site — a deleted journal's page
/// key, card and feed entry go with the next build — and holds one build's worth at most.
/// A build that fails before its end forgets nothing: the next one ends for both.
///
/// The inputs are compared by `==`, outside the lock: a board's inputs are hundreds of journals,
/// and with the comparison inside, threads asking at once took turns. Comparing unchanged
/// journals is cheap: the content loader hands them back with the same string storage. Where
/// the inputs are large or many, the name is their fingerprint instead and the inputs are
/// `NoInputs` (a card's measure by the fingerprint of its text and fonts).
public final class Memo<Name: Hashable & Sendable, Inputs: Equatable & Sendable, Value: Sendable>: Sendable {
    /// A value and what it was made from.
    public struct Entry: Sendable {
        public var inputs: Inputs
        public var value: Value

        public init(inputs: Inputs, value: Value) { (self.inputs, self.value) = (inputs, value) }
    }

    /// An entry in a box of its own: a table's value is copied out whenever it is read
    /// (`Dictionary.Values`' subscript copies), and a copy of the entry itself retains and
    /// releases every value it holds — a journal's file, its parse and its warnings, 2,000 times
    /// a save. A copy of the box is one retain.
    @usableFromInline
    final class Box: Sendable {
        @usableFromInline let entry: Entry

        @inlinable
        init(_ entry: Entry) { self.entry = entry }
    }

    /// An entry with the build that last asked for it.
    @usableFromInline
    struct Stored: Sendable {
        @usableFromInline let box: Box
        @usableFromInline var build: Int

        @inlinable
        init(entry: Entry, build: Int) { (box, self.build) = (Box(entry), build) }
    }

    @usableFromInline
    struct State: Sendable {
        @usableFromInline var table: [Name: Stored] = [:]
        /// The build asking now (`endBuild` counts them).
        @usableFromInline var build = 1
        /// Names this build asked for so far (each once).
        @usableFromInline var asked = 0
        /// Values this build made.
        @usableFromInline var made = 0
        /// Whether this build asked for every entry at once (`recordAllFound`).
        @usableFromInline var askedAll = false
        /// What the last build found and made.
        @usableFromInline var lastBuild = Counts()
        /// Whether the table differs from what it was restored from or last taken (`takeChanged`).
        @usableFromInline var changed = false

        @inlinable
        init() {}

        /// Marks `name`'s entry as asked for by this build, and hands it back (one hash).
        @inlinable
        @discardableResult
        mutating func ask(_ name: Name) -> Stored? {
            guard let index = table.index(forKey: name) else { return nil }
            let stored = table.values[index]
            if !askedAll, stored.build != build {
                table.values[index].build = build
                asked += 1
            }
            return stored
        }

        /// Keeps `entry` under `name` for this build, unless the memo is full.
        @inlinable
        mutating func store(_ name: Name, _ entry: Entry, limit: Int?) {
            let previous = table[name]?.build
            if previous == nil, let limit, table.count >= limit { return }
            table[name] = Stored(entry: entry, build: build)
            if previous != build, !askedAll { asked += 1 }
            made += 1
        }
    }

    @usableFromInline let state: Locked<State>
    /// The most values kept (nil: as many as a build asks for); past it a value is made and
    /// handed back, not kept.
    @usableFromInline let limit: Int?

    @inlinable
    public init(keepingAtMost limit: Int? = nil) {
        self.limit = limit
        state = Locked(State())
    }

    /// A memo holding `entries` (read back from disk) as the last build's.
    @inlinable
    public init(restoring entries: [Name: Entry], keepingAtMost limit: Int? = nil) {
        self.limit = limit
        var state = State()
        state.table = entries.mapValues { Stored(entry: $0, build: 0) }
        self.state = Locked(state)
    }

    /// The value under `name` made from `inputs`: the remembered one when its inputs are equal,
    /// else made by `make` and kept.
    @inlinable
    public func value(_ name: Name, _ inputs: Inputs, make: () throws -> Value) rethrows -> Value {
        if let found = found(name, inputs) { return found }
        let value = try make()
        keep(name, inputs, value)
        return value
    }

    /// The value under `name` when it was made from inputs equal to `inputs` (and then kept for
    /// this build); nil otherwise. The name counts as asked for either way, under one lock: a
    /// value not found is made and kept under it next (`value`, `keep`).
    @inlinable
    public func found(_ name: Name, _ inputs: Inputs) -> Value? {
        let stored = state.withLock { state in state.ask(name) }
        guard let stored, stored.box.entry.inputs == inputs else { return nil }
        return stored.box.entry.value
    }

    /// Keeps `value`, made from `inputs`, under `name` for this build.
    @inlinable
    public func keep(_ name: Name, _ inputs: Inputs, _ value: Value) {
        state.withLock { state in state.store(name, Entry(inputs: inputs, value: value), limit: limit) }
    }

    /// What the memo holds now, to look up many names without the lock (a build's cards, its
    /// feed entries); `record` then says which were used and what was made.
    @inlinable
    public func known() -> Known { Known(table: state.withLock { $0.table }) }

    /// The entries of `known()`: looked up by name and inputs.
    public struct Known: Sendable {
        @usableFromInline let table: [Name: Stored]

        @inlinable
        init(table: [Name: Stored]) { self.table = table }

        /// Nothing known.
        @inlinable
        public init() { table = [:] }

        @inlinable
        public var count: Int { table.count }

        @inlinable
        public subscript(name: Name) -> Entry? { table[name]?.box.entry }

        /// What `pick` takes from the entry under `name`, read where it is stored: a copy of
        /// the entry retains and releases every value it holds (a journal's file and parse),
        /// 2,000 times a save.
        @inlinable
        public func read<Picked>(_ name: Name, _ pick: (borrowing Entry) -> Picked) -> Picked? {
            guard let index = table.index(forKey: name) else { return nil }
            return pick(table.values[index].box.entry)
        }

        /// Every value by name (no name hashed again).
        @inlinable
        public var values: [Name: Value] { table.mapValues(\.box.entry.value) }

        /// The value under `name` when it was made from inputs equal to `inputs`.
        @inlinable
        public func value(_ name: Name, _ inputs: Inputs) -> Value? {
            lookup(name, inputs).value
        }

        /// The value under `name` when it was made from inputs equal to `inputs`, and whether
        /// there was an entry under `name` at all. The entry is compared where it is stored,
        /// not copied out first (a page's inputs are hundreds of values to retain and release).
        @inlinable
        public func lookup(_ name: Name, _ inputs: Inputs) -> (value: Value?, known: Bool) {
            guard let index = table.index(forKey: name) else { return (nil, false) }
            let box = table.values[index].box
            return box.entry.inputs == inputs ? (box.entry.value, true) : (nil, true)
        }
    }

    /// Says, under one lock, which names this build found in `known()` and used, and keeps what
    /// it made.
    @inlinable
    public func record(found: some Sequence<Name>, made: some Sequence<(Name, Entry)>) {
        state.withLock { state in
            for name in found { state.ask(name) }
            for (name, entry) in made { state.store(name, entry, limit: limit) }
        }
    }

    /// Says that this build found every entry `known()` handed it, and used them all: no name
    /// is looked up (a `serve` save whose every card text is as before).
    @inlinable
    public func recordAllFound() {
        state.withLock { state in
            state.askedAll = true
            state.asked = state.table.count
        }
    }

    /// How many values a build found and made.
    public struct Counts: Sendable, Equatable {
        public var found = 0
        public var made = 0

        @inlinable
        public init(found: Int = 0, made: Int = 0) { (self.found, self.made) = (found, made) }
    }

    /// What the last build that ended found and made.
    public var lastBuild: Counts { state.withLock { $0.lastBuild } }

    /// The end of a build: lets go of every value it did not ask for. True when what the memo
    /// holds changed in this build (a value made or let go).
    @discardableResult
    public func endBuild() -> Bool {
        var before: [Name: Stored] = [:]
        let changed = state.withLock { state in
            let dropped = !state.askedAll && state.asked != state.table.count
            if dropped {
                let build = state.build
                before = state.table
                state.table = state.table.filter { $0.value.build == build }
            }
            let changed = state.made > 0 || dropped
            state.changed = state.changed || changed
            state.lastBuild = Counts(found: max(0, state.asked - state.made), made: state.made)
            state.build += 1
            state.asked = 0
            state.made = 0
            state.askedAll = false
            return changed
        }
        if !before.isEmpty {
            let dropped = Locked(before)
            before = [:]
            Self.letGo(dropped)
        }
        return changed
    }

    /// Frees what a build let go of on another thread: a `serve` save drops the card values of
    /// every board page it did not draft again (thousands at 2,000 journals), and freeing them
    /// before the save's reload event was 4 % of the save. The lock's box is the table's one
    /// owner, so the last release is the other thread's whichever runs first (a closure
    /// capturing the table beside the caller's copy freed it on the caller's thread whenever the
    /// other had finished first: 6 ms of a real-Korean save, by `perf`).
    private static func letGo(_ dropped: Locked<[Name: Stored]>) {
        DispatchQueue.global(qos: .utility).async { dropped.withLock { $0 = [:] } }
    }

    /// Forgets everything (what the values were made against changed as a whole: the config
    /// journals are parsed with).
    public func removeAll() {
        state.withLock { state in
            state.changed = state.changed || !state.table.isEmpty
            state.table = [:]
            state.asked = 0
            state.askedAll = false
        }
    }

    /// Every entry, to be saved (`MemoryFile`), when the memo changed since it was restored or
    /// last taken; nil otherwise.
    public func takeChanged() -> [Name: Entry]? {
        state.withLock { state in
            defer { state.changed = false }
            return state.changed ? state.table.mapValues(\.box.entry) : nil
        }
    }

    /// Every entry as it is.
    public var entries: [Name: Entry] { state.withLock { $0.table.mapValues(\.box.entry) } }

    public var count: Int { state.withLock { $0.table.count } }
}


/// The inputs of a memo whose names are the fingerprints of what its values are made from: all
/// equal, the name says it all.
public struct NoInputs: Equatable, Sendable {
    public init() {}
}

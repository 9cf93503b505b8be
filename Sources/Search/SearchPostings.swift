/// The index's keys as small numbers, kept by `gazette serve` from build to build: an id for each
/// key ever seen, its text and the UTF-16 code units it sorts by. Ids say nothing about order
/// (the shards are sorted by text), so which id a key gets never shows in the output.
struct SearchKeyTable: Sendable {
    private(set) var texts: [String] = []
    private(set) var utf16: [[UInt16]] = []
    /// The first four UTF-16 code units, packed high to low (zeros past the end): most keys
    /// are one or two syllables, so comparing these settles most comparisons of the sort.
    private(set) var prefixes: [UInt64] = []
    /// Open addressing on the two numbers of a `NumberedKey` (id + 1; 0 is empty): a
    /// `Dictionary` hashes every probe with SipHash, which was 40 % of merging 740,000 postings.
    private var slots: [(lo: UInt64, hi: UInt64, id: UInt32)] = Array(repeating: (0, 0, 0), count: 4096)
    private var words: [String: UInt32] = [:]

    var count: Int { texts.count }

    mutating func id(_ key: NumberedKey) -> UInt32 {
        var slot = Self.slot(key, slots.count - 1)
        while true {
            let entry = slots[slot]
            if entry.id == 0 {
                let id = add(key.text)
                slots[slot] = (key.lo, key.hi, id + 1)
                if texts.count * 2 > slots.count { grow() }
                return id
            }
            if entry.lo == key.lo && entry.hi == key.hi { return entry.id - 1 }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    mutating func id(_ word: String) -> UInt32 {
        if let id = words[word] { return id }
        let id = add(word)
        words[word] = id
        return id
    }

    private mutating func add(_ text: String) -> UInt32 {
        texts.append(text)
        let units = Array(text.utf16)
        utf16.append(units)
        prefixes.append(units.prefix(4).enumerated().reduce(0) { $0 | UInt64($1.element) << (48 - 16 * UInt64($1.offset)) })
        return UInt32(texts.count - 1)
    }

    /// Whether key `a`'s text sorts before key `b`'s, by UTF-16 code units (JavaScript's order).
    @inline(__always)
    func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
        let first = prefixes[Int(a)], second = prefixes[Int(b)]
        return first != second ? first < second : utf16[Int(a)].lexicographicallyPrecedes(utf16[Int(b)])
    }

    @inline(__always)
    private static func slot(_ key: NumberedKey, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: ((key.lo ^ (key.hi &* 0xC2B2_AE3D_27D4_EB4F)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, 0, 0), count: old.count * 2)
        for entry in old where entry.id != 0 {
            var slot = Self.slot(NumberedKey(lo: entry.lo, hi: entry.hi), slots.count - 1)
            while slots[slot].id != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = entry
        }
    }
}

/// Every key's postings, merged from the journals' documents, and each key's JSON as the shards
/// hold it. With the previous build's (`gazette serve`), a key whose postings are unchanged keeps
/// its JSON, and the keys' order is sorted again only when the set of keys changed: an edit to
/// one journal writes the JSON of its own keys only.
struct SearchPostings: Sendable {
    var table = SearchKeyTable()
    /// By key id: the postings (`PostingList`, docs ascending) and their JSON, `"key"` then
    /// `[delta,value,…]`, with where the second starts.
    var postings: [PostingList] = []
    var json: [(bytes: [UInt8], split: Int)] = []
    /// The ids that have postings, sorted by their text's UTF-16 code units.
    var order: [UInt32] = []
    /// By document number, the journal's slug and its keys as ids (id << 32 | value), kept by
    /// `merge` for the next build's: empty after `add`.
    var slugs: [String] = []
    var documentIDs: [[UInt64]] = []
    /// The keys whose JSON `merge` made again from the last build's postings (their postings
    /// changed, or they have postings now and had none); nil when it merged everything.
    private(set) var remade: [UInt32]?
    /// The shards these postings were cut into (`keep(cut:)`), by their first key's id: the last
    /// key's, how many keys, the shard.
    private(set) var cut: [UInt32: (last: UInt32, count: Int, shard: SearchIndex.Shard)] = [:]

    /// The postings of `documents` (doc numbers are their offsets), each document's keys as ids
    /// from `ids` where an earlier build worked them out (else nil), with `previous` the last
    /// build's postings, whose table the ids are from. Returns the ids of each document.
    /// `check` is called every `checkEvery` documents and keys and may throw to stop (a newer
    /// save in `gazette serve`): nothing outside `self` has changed then.
    ///
    /// When the documents are the last build's but a few (`mostChanged`), at the same numbers
    /// (an edit, or a journal added as the newest), only the keys of those few are merged again,
    /// before and after: on 2,000 journals of real Korean text, a save's index merged 740,000
    /// postings again for the few hundred keys of one journal. The result is the same.
    mutating func merge(
        _ documents: [SearchIndex.Document], ids known: [[UInt64]?], slugs: [String], previous: SearchPostings?,
        check: () throws -> Void = {}
    ) rethrows -> [[UInt64]] {
        if let previous, let ids = try update(previous, documents, ids: known, slugs: slugs, check: check) { return ids }
        table = previous?.table ?? SearchKeyTable()
        postings = []
        remade = nil
        var documentIDs: [[UInt64]] = []
        documentIDs.reserveCapacity(documents.count)
        for (number, document) in documents.enumerated() {
            if number % Self.checkEvery == 0 { try check() }
            documentIDs.append(add(document, number: number, ids: known[number]))
        }
        try finish(previous: previous, check: check)
        self.slugs = slugs
        self.documentIDs = documentIDs
        return documentIDs
    }

    /// At most this many of `count` documents changed for `merge` to start from the last build's
    /// postings.
    static func mostChanged(_ count: Int) -> Int { max(16, count / 16) }

    /// `merge` from `previous` when at most `mostChanged` documents differ from those of
    /// `previous` at the same number (another slug, other ids, added or gone); nil otherwise,
    /// with `self` as it was.
    private mutating func update(
        _ previous: SearchPostings, _ documents: [SearchIndex.Document], ids known: [[UInt64]?], slugs: [String],
        check: () throws -> Void
    ) rethrows -> [[UInt64]]? {
        guard previous.documentIDs.count == previous.slugs.count, !previous.slugs.isEmpty else { return nil }
        var changed: [Int] = []
        for number in 0..<max(documents.count, previous.slugs.count) {
            if number < documents.count, number < previous.slugs.count, let ids = known[number], previous.slugs[number] == slugs[number],
                ids == previous.documentIDs[number]
            {
                continue
            }
            changed.append(number)
            if changed.count > Self.mostChanged(documents.count) { return nil }
        }
        try check()
        var next = previous
        let gone = Set(changed.map(UInt32.init))
        // Each changed document's postings, by key; every key a changed document had or has.
        var added: [UInt32: [(document: UInt32, value: UInt32)]] = [:]
        var affected = Set<UInt32>()
        next.documentIDs.removeLast(max(0, previous.slugs.count - documents.count))
        for number in changed {
            if number < previous.slugs.count {
                for packed in previous.documentIDs[number] { affected.insert(UInt32(packed >> 32)) }
            }
            guard number < documents.count else { continue }
            let ids = known[number] ?? next.ids(of: documents[number])
            for packed in ids {
                let id = UInt32(packed >> 32)
                affected.insert(id)
                added[id, default: []].append((UInt32(number), UInt32(truncatingIfNeeded: packed)))
            }
            if number < next.documentIDs.count { next.documentIDs[number] = ids } else { next.documentIDs.append(ids) }
        }
        if next.postings.count < next.table.count {
            next.postings += Array(repeating: PostingList(), count: next.table.count - next.postings.count)
            next.json += Array(repeating: ([], 0), count: next.table.count - next.json.count)
        }
        var appeared: [UInt32] = []
        var vanished = Set<UInt32>()
        var remade: [UInt32] = []
        for (index, id) in affected.enumerated() {
            if index % (Self.checkEvery * 64) == 0 { try check() }
            let before = next.postings[Int(id)]
            var kept: [(document: UInt32, value: UInt32)] = []
            before.forEachPosting { document, value in
                if !gone.contains(document) { kept.append((document, value)) }
            }
            if let new = added[id] {
                kept += new
                kept.sort { $0.document < $1.document }
            }
            var list = PostingList()
            for posting in kept { list.append(document: posting.document, value: posting.value) }
            guard list != before else { continue }
            remade.append(id)
            if before.isEmpty { appeared.append(id) } else if list.isEmpty { vanished.insert(id) }
            next.postings[Int(id)] = list
            next.json[Int(id)] = list.isEmpty ? ([], 0) : Self.json(key: next.table.texts[Int(id)], postings: list)
        }
        if !vanished.isEmpty { next.order.removeAll { vanished.contains($0) } }
        for id in appeared.sorted(by: next.table.precedes) {
            // The first position whose key does not sort before the new one.
            var low = 0, high = next.order.count
            while low < high {
                let middle = (low + high) / 2
                if next.table.precedes(next.order[middle], id) { low = middle + 1 } else { high = middle }
            }
            next.order.insert(id, at: low)
        }
        next.slugs = slugs
        next.remade = remade
        next.cut = [:]
        self = next
        return next.documentIDs
    }

    /// A document's keys as ids of `table` (id << 32 | value), new keys added to it.
    private mutating func ids(of document: SearchIndex.Document) -> [UInt64] {
        var made: [UInt64] = []
        made.reserveCapacity(document.runKeys.count + document.wordKeys.count)
        for (key, value) in document.runKeys { made.append(UInt64(table.id(key)) << 32 | UInt64(value)) }
        for (key, value) in document.wordKeys { made.append(UInt64(table.id(key)) << 32 | UInt64(value)) }
        return made
    }

    /// How many documents (or 64 times as many keys) go between two calls of a `check`.
    static let checkEvery = 64

    /// Adds the postings of document `number` (documents come in order, numbered from 0): its
    /// keys as ids from `known` where an earlier build worked them out, else from the table.
    /// Returns those ids. Call `finish` after the last one.
    @discardableResult
    mutating func add(_ document: SearchIndex.Document, number: Int, ids known: [UInt64]? = nil) -> [UInt64] {
        let ids = known ?? ids(of: document)
        if postings.count < table.count { postings += Array(repeating: PostingList(), count: table.count - postings.count) }
        let doc = UInt32(number)
        for packed in ids { postings[Int(packed >> 32)].append(document: doc, value: UInt32(truncatingIfNeeded: packed)) }
        return ids
    }

    /// Makes each key's JSON and the keys' order once every document is added; with
    /// `previous` (the last build's), unchanged keys keep their JSON and, when the set of keys
    /// is the same, their order.
    mutating func finish(previous: SearchPostings?, check: () throws -> Void = {}) rethrows {
        if postings.count < table.count { postings += Array(repeating: PostingList(), count: table.count - postings.count) }
        json = []
        json.reserveCapacity(postings.count)
        var sameKeys = previous != nil
        for (id, list) in postings.enumerated() {
            if id % (Self.checkEvery * 64) == 0 { try check() }
            let before = previous.flatMap { id < $0.postings.count ? $0.postings[id] : nil } ?? PostingList()
            if before == list, let previous, id < previous.json.count {
                json.append(previous.json[id])
                continue
            }
            if before.isEmpty != list.isEmpty { sameKeys = false }
            json.append(list.isEmpty ? ([], 0) : Self.json(key: table.texts[id], postings: list))
        }
        if sameKeys, let previous {
            order = previous.order
        } else {
            order = sortedOrder()
        }
    }

    /// The ids that have postings, sorted by their text's UTF-16 code units.
    private func sortedOrder() -> [UInt32] {
        var order = postings.indices.filter { !postings[$0].isEmpty }.map(UInt32.init)
        order.sort(by: table.precedes)
        return order
    }

    static func json(key: String, postings: PostingList) -> (bytes: [UInt8], split: Int) {
        var writer = JSONBytes()
        writer.bytes.reserveCapacity(key.utf8.count + 4 + postings.byteCount * 3)
        writer.string(key)
        let split = writer.bytes.count
        writer.raw("[")
        var first = true
        postings.forEach { delta, value in
            if !first { writer.raw(",") }
            first = false
            writer.number(Int(delta))
            writer.raw(",")
            writer.number(Int(value))
        }
        writer.raw("]")
        return (writer.bytes, split)
    }

    /// A shard's keys: the first's and the last's ids, and how many.
    struct Span: Sendable, Equatable {
        var first: UInt32
        var last: UInt32
        var count: Int
    }

    /// A shard of `cutAgain`: its keys, and its first key and JSON, or the last build's shard.
    enum Piece: Sendable {
        case made(Span, first: String, json: [UInt8])
        case kept(Span, SearchIndex.Shard)

        var span: Span {
            switch self {
            case .made(let span, _, _), .kept(let span, _): span
            }
        }
    }

    /// The shards: consecutive keys, in order, until a shard holds `shardBytes` of JSON, each
    /// `{"k":[keys],"p":[postings]}`, with its first key. Call `merge` first. After a `merge`
    /// from `previous` (`remade`), a shard with the same keys as one `previous` was cut into,
    /// none of them remade, is that shard (`kept`): its JSON is not made again. `check` is called
    /// before each shard made and may throw to stop.
    func cutAgain(closingAt shardBytes: Int, from previous: SearchPostings?, check: () throws -> Void) rethrows -> [Piece] {
        // Keys remade, by id: only with the last build's shards to take.
        var dirty: [Bool] = []
        if let remade, let previous, !previous.cut.isEmpty {
            dirty = [Bool](repeating: false, count: table.count)
            for id in remade { dirty[Int(id)] = true }
        }
        var pieces: [Piece] = []
        var start = 0
        while start < order.count {
            // As `cut` closes a shard: commas between keys and between postings counted.
            var size = 0
            var end = start
            while end < order.count {
                if end > start { size += 2 }
                size += json[Int(order[end])].bytes.count
                end += 1
                if size >= shardBytes { break }
            }
            let span = Span(first: order[start], last: order[end - 1], count: end - start)
            // The same first and last key and as many keys between: the same keys, unless one
            // appeared between them (then it is remade) as another went.
            if !dirty.isEmpty, let old = previous?.cut[span.first], old.last == span.last, old.count == span.count,
                !order[start..<end].contains(where: { dirty[Int($0)] })
            {
                pieces.append(.kept(span, old.shard))
            } else {
                try check()
                let entries = order[start..<end].map { id -> KeyJSON in
                    let entry = json[Int(id)]
                    return (entry.bytes[...], entry.split)
                }
                pieces.append(.made(span, first: table.texts[Int(span.first)], json: Self.shardJSON(entries, size: size)))
            }
            start = end
        }
        return pieces
    }

    /// Keeps the shards these postings were cut into, for the next build's `cutAgain`.
    mutating func keep(cut shards: [(span: Span, shard: SearchIndex.Shard)]) {
        cut = Dictionary(uniqueKeysWithValues: shards.map { ($0.span.first, (last: $0.span.last, count: $0.span.count, shard: $0.shard)) })
    }

    /// A key's JSON as `cut` takes it: its bytes, and the index in them where its postings start.
    typealias KeyJSON = (bytes: ArraySlice<UInt8>, split: Int)

    /// Cuts the keys `order` names into shards: `entry` gives the text and JSON of the key at a
    /// position of `order`, once each, in order.
    static func cut(
        _ order: [UInt32], closingAt shardBytes: Int, entry: (Int) -> (text: String, json: KeyJSON),
        _ each: (_ first: String, _ json: [UInt8]) throws -> Void
    ) rethrows {
        var start = 0
        while start < order.count {
            // As many keys as make `shardBytes` of JSON, commas between keys and between
            // postings counted, the last one included.
            var entries: [KeyJSON] = []
            var first = ""
            var size = 0
            while start + entries.count < order.count {
                let (text, json) = entry(start + entries.count)
                if entries.isEmpty { first = text } else { size += 2 }
                size += json.bytes.count
                entries.append(json)
                if size >= shardBytes { break }
            }
            try each(first, shardJSON(entries, size: size))
            start += entries.count
        }
    }

    /// A shard's JSON, `{"k":[keys],"p":[postings]}`, from its keys' JSON (`size` bytes of it,
    /// commas counted).
    private static func shardJSON(_ entries: [KeyJSON], size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + entries.count + 16)
        bytes.append(contentsOf: "{\"k\":[".utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: entry.bytes[..<entry.split])
        }
        bytes.append(contentsOf: "],\"p\":[".utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: entry.bytes[entry.split...])
        }
        bytes.append(contentsOf: "]}".utf8)
        return bytes
    }
}

/// One key's postings as the shards write them: for each journal with the key, in ascending
/// order, the difference from the previous journal's number (the first's from 0) and its value
/// (occurrences × 4 | the fields' flags, at most 1,023), each a LEB128 number. Most are a byte
/// each, a third of the four bytes a posting took as a number: at 100,000 journals the postings
/// are most of the index's memory while it is made.
struct PostingList: Sendable, Equatable {
    private(set) var bytes: [UInt8] = []
    /// The number of the last journal appended.
    private var last: UInt32 = 0

    var isEmpty: Bool { bytes.isEmpty }
    var byteCount: Int { bytes.count }

    /// Appends a journal's posting; `document` is at least the last one appended.
    mutating func append(document: UInt32, value: UInt32) {
        Self.append(document &- last, to: &bytes)
        Self.append(value, to: &bytes)
        last = document
    }

    /// Each posting's difference and value, in order.
    func forEach(_ body: (_ delta: UInt32, _ value: UInt32) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            func next() -> UInt32 {
                var value: UInt32 = 0
                var shift: UInt32 = 0
                while true {
                    let byte = buffer[offset]
                    offset += 1
                    value |= UInt32(byte & 0x7F) << shift
                    if byte < 0x80 { return value }
                    shift += 7
                }
            }
            while offset < buffer.count {
                let delta = next()
                body(delta, next())
            }
        }
    }

    /// Each posting's journal number and value, in order.
    func forEachPosting(_ body: (_ document: UInt32, _ value: UInt32) -> Void) {
        var document: UInt32 = 0
        forEach { delta, value in
            document &+= delta
            body(document, value)
        }
    }

    private static func append(_ number: UInt32, to bytes: inout [UInt8]) {
        var rest = number
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

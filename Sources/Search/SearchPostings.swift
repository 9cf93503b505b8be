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

    /// The postings of `documents` (doc numbers are their offsets), each document's keys as ids
    /// from `ids` where an earlier build worked them out (else nil), with `previous` the last
    /// build's postings, whose table the ids are from. Returns the ids of each document.
    /// `check` is called every `checkEvery` documents and keys and may throw to stop (a newer
    /// save in `gazette serve`): nothing outside `self` has changed then.
    mutating func merge(
        _ documents: [SearchIndex.Document], ids known: [[UInt64]?], previous: SearchPostings?, check: () throws -> Void = {}
    ) rethrows -> [[UInt64]] {
        table = previous?.table ?? SearchKeyTable()
        postings = []
        var documentIDs: [[UInt64]] = []
        documentIDs.reserveCapacity(documents.count)
        for (number, document) in documents.enumerated() {
            if number % Self.checkEvery == 0 { try check() }
            documentIDs.append(add(document, number: number, ids: known[number]))
        }
        try finish(previous: previous, check: check)
        return documentIDs
    }

    /// How many documents (or 64 times as many keys) go between two calls of a `check`.
    static let checkEvery = 64

    /// Adds the postings of document `number` (documents come in order, numbered from 0): its
    /// keys as ids from `known` where an earlier build worked them out, else from the table.
    /// Returns those ids. Call `finish` after the last one.
    @discardableResult
    mutating func add(_ document: SearchIndex.Document, number: Int, ids known: [UInt64]? = nil) -> [UInt64] {
        let ids: [UInt64]
        if let known {
            ids = known
        } else {
            var made: [UInt64] = []
            made.reserveCapacity(document.runKeys.count + document.wordKeys.count)
            for (key, value) in document.runKeys { made.append(UInt64(table.id(key)) << 32 | UInt64(value)) }
            for (key, value) in document.wordKeys { made.append(UInt64(table.id(key)) << 32 | UInt64(value)) }
            ids = made
        }
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
        let utf16 = table.utf16, prefixes = table.prefixes
        order.sort { a, b in
            let first = prefixes[Int(a)], second = prefixes[Int(b)]
            return first != second ? first < second : utf16[Int(a)].lexicographicallyPrecedes(utf16[Int(b)])
        }
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

    /// The shards: consecutive keys, in order, until a shard holds `shardBytes` of JSON, each
    /// `{"k":[keys],"p":[postings]}`, with its first key. Call `finish` first. `check` is
    /// called before each shard and may throw to stop.
    func shards(closingAt shardBytes: Int, check: () throws -> Void = {}) rethrows -> [(first: String, json: [UInt8])] {
        var shards: [(first: String, json: [UInt8])] = []
        try Self.cut(order, closingAt: shardBytes, entry: { (table.texts[Int(order[$0])], json[Int(order[$0])]) }) {
            try check()
            shards.append(($0, $1))
        }
        return shards
    }

    /// Keys whose JSON `drainShards` makes at once, on every core.
    static let drainChunk = 4096

    /// The same shards as `finish` then `shards` make, handed to `each` in order, for a build
    /// that keeps nothing for the next one: each key's JSON is made only as its shard is, and
    /// its postings let go then. At 100,000 journals the postings, every key's JSON and the
    /// shards made of it were 0.5 GB at once.
    mutating func drainShards(closingAt shardBytes: Int, _ each: (_ first: String, _ json: [UInt8]) throws -> Void) rethrows {
        if postings.count < table.count { postings += Array(repeating: PostingList(), count: table.count - postings.count) }
        let order = sortedOrder()
        // The keys' JSON is made `drainChunk` keys at a time on every core (with real Korean
        // text, a million keys' JSON made one at a time was a third of the index's time).
        var chunk: [(bytes: [UInt8], split: Int)] = []
        var chunkStart = 0
        try Self.cut(order, closingAt: shardBytes, entry: { position in
            if position >= chunkStart + chunk.count {
                chunkStart = position
                let ids = order[position..<min(position + Self.drainChunk, order.count)].map { Int($0) }
                let work = ids.map { (key: table.texts[$0], postings: postings[$0]) }
                for id in ids { postings[id] = PostingList() }
                chunk = work.concurrentMap { Self.json(key: $0.key, postings: $0.postings) }
            }
            return (table.texts[Int(order[position])], chunk[position - chunkStart])
        }, each)
        postings = []
        json = []
        self.order = []
    }

    /// Cuts the keys `order` names into shards: `entry` gives the text and JSON of the key at a
    /// position of `order`, once each, in order.
    private static func cut(
        _ order: [UInt32], closingAt shardBytes: Int, entry: (Int) -> (text: String, json: (bytes: [UInt8], split: Int)),
        _ each: (_ first: String, _ json: [UInt8]) throws -> Void
    ) rethrows {
        var start = 0
        while start < order.count {
            // As many keys as make `shardBytes` of JSON, commas between keys and between
            // postings counted, the last one included.
            var entries: [(bytes: [UInt8], split: Int)] = []
            var first = ""
            var size = 0
            while start + entries.count < order.count {
                let (text, json) = entry(start + entries.count)
                if entries.isEmpty { first = text } else { size += 2 }
                size += json.bytes.count
                entries.append(json)
                if size >= shardBytes { break }
            }
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
            try each(first, bytes)
            start += entries.count
        }
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

    private static func append(_ number: UInt32, to bytes: inout [UInt8]) {
        var rest = number
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

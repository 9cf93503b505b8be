import Foundation

/// The postings of a build that keeps nothing for the next one (`gazette build`): each key's
/// postings as `PostingList` encodes them (its LEB128 differences and values), written into chunks
/// of slabs instead of an array per key, and its JSON made from there as its shard is cut
/// (`drainShards`).
///
/// On 2,000 short journals (845,000 postings of 120,000 keys) an array per key spent most of the
/// merge growing arrays and checking them unique, and most of cutting the shards making each key's
/// JSON its own array and freeing both one by one. Here a posting is a few bytes stored at its
/// key's last chunk, and the JSON of a few dozen keys is one buffer.
///
/// A key's chunks are 16, 32, 64, 128, then 256 bytes, each ending in the address of the next:
/// small for the many keys of one or two journals, few hops for the common ones. A posting may run
/// from one chunk into the next. Keys are kept in `bands` by their first UTF-16 unit, each with
/// slabs of its own, so the slabs of a band are freed as soon as the shards have taken its keys
/// (they are cut in that order): kept to the end, the postings of 100,000 journals stayed beside
/// the compressed shards and raised the build's peak by 4 %.
///
/// Copies share the slabs: a copy is only read (as `drainShards` reads one on every core), and
/// none is kept past `drainShards`, which unmaps them.
struct PostingArena {
    /// The keys' ids: changed only by `add`, which gives every new key its chunk.
    private(set) var table = SearchKeyTable()
    private var keys: [KeyChunks] = []
    /// Slab starts by slab number (nil once freed); every chunk lies in one slab. The same
    /// pointers as `slabs` holds, kept in the struct so a chunk is found without reading a class's
    /// property (and its exclusivity check) at every posting.
    private var bases: [UnsafeMutableRawPointer?] = []
    /// Per band: its slabs' numbers, and where its last slab's free space starts.
    private var bandSlabs: [[Int]] = Array(repeating: [], count: Self.bandCount)
    private var bandUsed: [Int] = Array(repeating: Self.slabBytes, count: Self.bandCount)
    /// Frees the slabs when the last copy of the arena goes.
    private let slabs = Slabs()

    static let slabBytes = 1 << 18
    /// A chunk's address: its slab's number, then its offset in 16-byte units (2¹⁴ a slab).
    private static let unitShift: UInt32 = 14

    /// A key's chunks: the first's and the last's addresses, how many, how much of the last is
    /// used, and the key's band.
    private struct KeyChunks {
        var head: UInt32
        var tail: UInt32
        var count: Int32
        /// The number of the last journal appended.
        var last: UInt32
        var fill: Int16
        var band: UInt8
    }

    /// Bytes of postings in a key's chunk number `index` (its last four bytes link the next).
    @inline(__always)
    private static func capacity(_ index: Int32) -> Int32 { (16 << min(index, 4)) - 4 }

    /// Bands of keys by their first UTF-16 unit, in its order: ASCII by eight characters, what
    /// lies between ASCII and Hangul, the Hangul syllables in 40 bands, and the rest.
    static let bandCount = 58

    static func band(ofFirstUnit unit: UInt16) -> Int {
        switch unit {
        case 0..<0x80: Int(unit >> 3)
        case 0x80..<0xAC00: 16
        case 0xAC00...0xD7A3: 17 + Int(unit - 0xAC00) / 280
        default: 57
        }
    }

    /// The slabs, mapped from the system and not from `malloc`, so a freed one leaves the
    /// process at once: freed to `malloc`, a band's slabs stayed in its heap (above its mapping
    /// threshold once it has risen) and the peak did not come down.
    private final class Slabs {
        var all: [UnsafeMutableRawPointer?] = []

        func map() -> UnsafeMutableRawPointer {
            guard let slab = mmap(nil, PostingArena.slabBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                slab != MAP_FAILED
            else { preconditionFailure("PostingArena: the system refused \(PostingArena.slabBytes) bytes") }
            all.append(slab)
            return slab
        }

        func free(_ number: Int) {
            if let slab = all[number] { munmap(slab, PostingArena.slabBytes) }
            all[number] = nil
        }

        deinit { for slab in all { if let slab { munmap(slab, PostingArena.slabBytes) } } }
    }

    /// Adds the postings of document `number`: documents come in order, numbered from 0.
    mutating func add(_ document: SearchIndex.Document, number: Int) {
        let doc = UInt32(number)
        for (key, value) in document.runKeys { append(table.id(key), document: doc, value: value) }
        for (key, value) in document.wordKeys { append(table.id(key), document: doc, value: value) }
    }

    /// A new chunk of `bytes` bytes in `band`: its address and start.
    private mutating func chunk(_ bytes: Int, band: Int) -> (address: UInt32, start: UnsafeMutableRawPointer) {
        if bandUsed[band] + bytes > Self.slabBytes {
            let slab = slabs.map()
            bases.append(slab)
            bandSlabs[band].append(bases.count - 1)
            bandUsed[band] = 0
        }
        guard let number = bandSlabs[band].last, let base = bases[number] else { preconditionFailure("PostingArena: no slab") }
        let used = bandUsed[band]
        bandUsed[band] = used + bytes
        return (UInt32(number) << Self.unitShift | UInt32(used >> 4), base + used)
    }

    @inline(__always)
    private mutating func append(_ id: UInt32, document: UInt32, value: UInt32) {
        let index = Int(id)
        if index == keys.count {
            let band = Self.band(ofFirstUnit: UInt16(truncatingIfNeeded: table.prefixes[index] >> 48))
            let address = chunk(16, band: band).address
            keys.append(KeyChunks(head: address, tail: address, count: 1, last: 0, fill: 0, band: UInt8(band)))
        }
        var key = keys[index]
        var tail = start(of: key.tail)
        put(document &- key.last, &key, &tail)
        put(value, &key, &tail)
        key.last = document
        keys[index] = key
    }

    /// Writes `number` as LEB128 at the end of the key's chunks (`tail` is the last one's start).
    @inline(__always)
    private mutating func put(_ number: UInt32, _ key: inout KeyChunks, _ tail: inout UnsafeMutableRawPointer) {
        var rest = number
        while true {
            if Int32(key.fill) == Self.capacity(key.count - 1) {
                let (address, start) = chunk(Int(Self.capacity(key.count)) + 4, band: Int(key.band))
                tail.storeBytes(of: address, toByteOffset: Int(key.fill), as: UInt32.self)
                tail = start
                key.tail = address
                key.fill = 0
                key.count += 1
            }
            let more = rest >= 0x80
            tail.storeBytes(of: UInt8(truncatingIfNeeded: rest) | (more ? 0x80 : 0), toByteOffset: Int(key.fill), as: UInt8.self)
            key.fill += 1
            guard more else { return }
            rest >>= 7
        }
    }

    /// Appends key `id`'s JSON as `SearchPostings.json` makes it, `"key"` then
    /// `[delta,value,…]`, its numbers decoded and written in one pass into room made for the
    /// most they can take (writing them a byte at a time through `JSONBytes` was most of
    /// cutting the shards). Returns where the postings start.
    func appendJSON(_ id: UInt32, to writer: inout JSONBytes) -> Int {
        writer.string(table.texts[Int(id)])
        let split = writer.bytes.count
        let key = keys[Int(id)]
        let stored = Self.stored(key)
        // A LEB128 byte holds 7 bits, at most three digits; a comma after each number, and the
        // brackets.
        writer.bytes.append(contentsOf: repeatElement(0, count: 4 * stored + 2))
        let end = writer.bytes.withUnsafeMutableBufferPointer { out -> Int in
            out[split] = UInt8(ascii: "[")
            var at = split + 1
            var chunk = start(of: key.head)
            var index: Int32 = 0
            var offset: Int32 = 0
            var limit = key.count == 1 ? Int32(key.fill) : Self.capacity(0)
            var number: UInt32 = 0
            var shift: UInt32 = 0
            while true {
                if offset == limit {
                    if index == key.count - 1 { break }
                    chunk = start(of: chunk.load(fromByteOffset: Int(offset), as: UInt32.self))
                    index += 1
                    offset = 0
                    limit = index == key.count - 1 ? Int32(key.fill) : Self.capacity(index)
                }
                let byte = chunk.load(fromByteOffset: Int(offset), as: UInt8.self)
                offset += 1
                number |= UInt32(byte & 0x7F) << shift
                if byte >= 0x80 {
                    shift += 7
                    continue
                }
                at = Self.write(number, into: out, at: at)
                out[at] = UInt8(ascii: ",")
                at += 1
                number = 0
                shift = 0
            }
            // The comma after the last number closes the list instead.
            if out[at - 1] == UInt8(ascii: ",") {
                out[at - 1] = UInt8(ascii: "]")
            } else {
                out[at] = UInt8(ascii: "]")
                at += 1
            }
            return at
        }
        writer.bytes.removeLast(writer.bytes.count - end)
        return split
    }

    /// Writes `number` in decimal at `at`; returns the index after it.
    @inline(__always)
    private static func write(_ number: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
        if number < 10 {
            out[at] = 0x30 + UInt8(truncatingIfNeeded: number)
            return at + 1
        }
        if number < 100 {
            out[at] = 0x30 + UInt8(truncatingIfNeeded: number / 10)
            out[at + 1] = 0x30 + UInt8(truncatingIfNeeded: number % 10)
            return at + 2
        }
        var digits = 3
        var rest = number / 1000
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var value = number
        for position in stride(from: at + digits - 1, through: at, by: -1) {
            out[position] = 0x30 + UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
        return at + digits
    }

    private func start(of address: UInt32) -> UnsafeMutableRawPointer {
        guard let base = bases[Int(address >> Self.unitShift)] else { preconditionFailure("PostingArena: a chunk of a freed slab") }
        return base + Int(address & (1 << Self.unitShift - 1)) << 4
    }

    /// What `drainShards` makes the JSON of at once, on every core: at most `drainKeys` keys and
    /// about `drainBytes` bytes of postings (their JSON is three to four times that), in groups of
    /// at most `groupKeys` keys and about `groupBytes` (a buffer each). Bytes, not only keys: at
    /// 100,000 journals the last 4,096 keys (common syllables) held 94 MB of JSON between them,
    /// the peak of the build.
    static let drainKeys = 4096
    static let drainBytes = 1 << 21
    static let groupKeys = 64
    static let groupBytes = 1 << 16

    /// Bytes of postings a key has stored: its full chunks' and what its last one holds.
    private static func stored(_ key: KeyChunks) -> Int {
        let full = Int(key.count) - 1
        // Chunks 0 to 3 hold 12, 28, 60 and 124 bytes, every later one 252.
        let before =
            switch full {
            case 0: 0
            case 1: 12
            case 2: 40
            case 3: 100
            default: 224 + (full - 4) * 252
            }
        return before + Int(key.fill)
    }

    /// The same shards as `SearchPostings` makes (`finish` then `cutAgain`), handed to `each` in
    /// order: each key's JSON made only as its shard is, and each band's slabs freed once the
    /// JSON of its last key is made. The arena is empty afterwards.
    mutating func drainShards(closingAt shardBytes: Int, _ each: (_ first: String, _ json: [UInt8]) throws -> Void) rethrows {
        var order = (0..<UInt32(keys.count)).map { $0 }
        order.sort(by: table.precedes)
        // The bands follow the first unit, so the keys' order takes them one after another.
        var bandEnds: [(band: Int, end: Int)] = []
        for (position, id) in order.enumerated() {
            let band = Int(keys[Int(id)].band)
            if let last = bandEnds.last, last.band == band {
                bandEnds[bandEnds.count - 1].end = position + 1
            } else {
                bandEnds.append((band, position + 1))
            }
        }
        var freed = 0
        // The JSON of the keys from the current chunk on, by group; `cut` asks for each
        // position once, in order.
        var groups: [(bytes: [UInt8], marks: [(split: Int, end: Int)])] = []
        var chunkEnd = 0
        var group = 0
        var inGroup = 0
        try SearchPostings.cut(order, closingAt: shardBytes, entry: { position in
            if position == chunkEnd {
                var ranges: [Range<Int>] = []
                var start = position
                var groupStored = 0
                var chunkStored = 0
                while chunkEnd < order.count, chunkEnd - position < Self.drainKeys, chunkStored < Self.drainBytes {
                    let bytes = Self.stored(keys[Int(order[chunkEnd])])
                    chunkEnd += 1
                    chunkStored += bytes
                    groupStored += bytes
                    if chunkEnd - start == Self.groupKeys || groupStored >= Self.groupBytes {
                        ranges.append(start..<chunkEnd)
                        start = chunkEnd
                        groupStored = 0
                    }
                }
                if start < chunkEnd { ranges.append(start..<chunkEnd) }
                let arena = self
                groups = ranges.concurrentMap { range in
                    var writer = JSONBytes()
                    var marks: [(split: Int, end: Int)] = []
                    marks.reserveCapacity(range.count)
                    for id in order[range] {
                        let split = arena.appendJSON(id, to: &writer)
                        marks.append((split, writer.bytes.count))
                    }
                    return (writer.bytes, marks)
                }
                (group, inGroup) = (0, 0)
                while freed < bandEnds.count, bandEnds[freed].end <= chunkEnd {
                    for number in bandSlabs[bandEnds[freed].band] {
                        bases[number] = nil
                        slabs.free(number)
                    }
                    bandSlabs[bandEnds[freed].band] = []
                    freed += 1
                }
            }
            let made = groups[group]
            let start = inGroup == 0 ? 0 : made.marks[inGroup - 1].end
            let mark = made.marks[inGroup]
            inGroup += 1
            if inGroup == made.marks.count { (group, inGroup) = (group + 1, 0) }
            return (table.texts[Int(order[position])], (made.bytes[start..<mark.end], mark.split))
        }, each)
        self = PostingArena()
    }
}

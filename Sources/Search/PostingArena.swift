/// The postings of a build that keeps nothing for the next one (`gazette build`): each key's
/// postings as `PostingList` encodes them (its LEB128 differences and values), written into chunks
/// of a few large slabs instead of an array per key, and its JSON made from there as its shard is
/// cut (`drainShards`).
///
/// On 2,000 short journals (845,000 postings of 120,000 keys) an array per key spent most of the
/// merge growing arrays and checking them unique, and most of cutting the shards making each key's
/// JSON its own array and freeing both one by one. Here a posting is a few bytes stored at its
/// key's last chunk, the JSON of a few dozen keys is one buffer, and the slabs go at once.
///
/// A key's chunks are 16, 32, 64, 128, then 256 bytes, each ending in the address of the next
/// (in 16-byte units from the first slab's start): small for the many keys of one or two journals,
/// few hops for the common ones. A posting may run from one chunk into the next.
struct PostingArena {
    var table = SearchKeyTable()
    private var keys: [KeyChunks] = []
    /// Slab starts, in order; every chunk lies in one slab.
    private var bases: [UnsafeMutableRawPointer] = []
    /// Frees the slabs when the last copy of the arena goes.
    private let slabs = Slabs()
    private var current: UnsafeMutableRawPointer?
    private var used = Self.slabBytes

    static let slabBytes = 1 << slabShift
    private static let slabShift = 22
    /// An address's slab is its bits from here up (a slab is 2¹⁸ units of 16 bytes).
    private static let unitShift: UInt32 = 18

    /// A key's chunks: the first's address, the last one and how much of it is used, how many.
    private struct KeyChunks {
        var head: UInt32
        var tail: UnsafeMutableRawPointer
        var fill: Int32
        var count: Int32
        /// The number of the last journal appended.
        var last: UInt32
    }

    /// Bytes of postings in a key's chunk number `index` (its last four bytes link the next).
    @inline(__always)
    private static func capacity(_ index: Int32) -> Int32 { (16 << min(index, 4)) - 4 }

    private final class Slabs {
        var all: [UnsafeMutableRawPointer] = []
        deinit { for slab in all { slab.deallocate() } }
    }

    /// Adds the postings of document `number`: documents come in order, numbered from 0.
    mutating func add(_ document: SearchIndex.Document, number: Int) {
        let doc = UInt32(number)
        for (key, value) in document.runKeys { append(table.id(key), document: doc, value: value) }
        for (key, value) in document.wordKeys { append(table.id(key), document: doc, value: value) }
    }

    /// A new chunk of `bytes` bytes: its address and start.
    private mutating func chunk(_ bytes: Int) -> (address: UInt32, start: UnsafeMutableRawPointer) {
        if used + bytes > Self.slabBytes {
            let slab = UnsafeMutableRawPointer.allocate(byteCount: Self.slabBytes, alignment: 16)
            slabs.all.append(slab)
            bases.append(slab)
            current = slab
            used = 0
        }
        guard let current else { preconditionFailure("PostingArena: no slab") }
        let address = UInt32(bases.count - 1) << Self.unitShift | UInt32(used >> 4)
        let start = current + used
        used += bytes
        return (address, start)
    }

    @inline(__always)
    private mutating func append(_ id: UInt32, document: UInt32, value: UInt32) {
        let index = Int(id)
        if index == keys.count {
            let (address, start) = chunk(16)
            keys.append(KeyChunks(head: address, tail: start, fill: 0, count: 1, last: 0))
        }
        var key = keys[index]
        put(document &- key.last, &key)
        put(value, &key)
        key.last = document
        keys[index] = key
    }

    /// Writes `number` as LEB128 at the end of the key's chunks.
    @inline(__always)
    private mutating func put(_ number: UInt32, _ key: inout KeyChunks) {
        var rest = number
        while true {
            if key.fill == Self.capacity(key.count - 1) {
                let (address, start) = chunk(Int(Self.capacity(key.count)) + 4)
                key.tail.storeBytes(of: address, toByteOffset: Int(key.fill), as: UInt32.self)
                key.tail = start
                key.fill = 0
                key.count += 1
            }
            let more = rest >= 0x80
            key.tail.storeBytes(of: UInt8(truncatingIfNeeded: rest) | (more ? 0x80 : 0), toByteOffset: Int(key.fill), as: UInt8.self)
            key.fill += 1
            guard more else { return }
            rest >>= 7
        }
    }

    /// Each posting of key `id`, its difference from the last journal's number and its value, in order.
    func forEach(_ id: UInt32, _ body: (_ delta: UInt32, _ value: UInt32) -> Void) {
        let key = keys[Int(id)]
        var chunk = start(of: key.head)
        var index: Int32 = 0
        var offset: Int32 = 0
        var end = key.count == 1 ? key.fill : Self.capacity(0)
        func next() -> UInt32 {
            var value: UInt32 = 0
            var shift: UInt32 = 0
            while true {
                if offset == end {
                    chunk = start(of: chunk.load(fromByteOffset: Int(offset), as: UInt32.self))
                    index += 1
                    offset = 0
                    end = index == key.count - 1 ? key.fill : Self.capacity(index)
                }
                let byte = chunk.load(fromByteOffset: Int(offset), as: UInt8.self)
                offset += 1
                value |= UInt32(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }
        while index < key.count - 1 || offset < end {
            let delta = next()
            body(delta, next())
        }
    }

    private func start(of address: UInt32) -> UnsafeMutableRawPointer {
        bases[Int(address >> Self.unitShift)] + Int(address & (1 << Self.unitShift - 1)) << 4
    }

    /// Keys whose JSON `drainShards` makes at once, on every core, in groups of `drainGroup`
    /// (one buffer each).
    static let drainChunk = 4096
    static let drainGroup = 64

    /// The same shards as `SearchPostings` makes (`finish` then `cutAgain`), handed to `each` in
    /// order: each key's JSON made only as its shard is. The arena is empty afterwards.
    mutating func drainShards(closingAt shardBytes: Int, _ each: (_ first: String, _ json: [UInt8]) throws -> Void) rethrows {
        var order = (0..<UInt32(keys.count)).map { $0 }
        order.sort(by: table.precedes)
        // The keys' JSON, `drainChunk` keys at a time on every core, a group's in one buffer.
        var groups: [(bytes: [UInt8], marks: [(split: Int, end: Int)])] = []
        var chunkStart = 0
        var chunkCount = 0
        let arena = self
        try SearchPostings.cut(order, closingAt: shardBytes, entry: { position in
            if position >= chunkStart + chunkCount {
                chunkStart = position
                chunkCount = min(Self.drainChunk, order.count - position)
                let starts = Array(stride(from: position, to: position + chunkCount, by: Self.drainGroup))
                groups = starts.concurrentMap { from in
                    var writer = JSONBytes()
                    var marks: [(split: Int, end: Int)] = []
                    marks.reserveCapacity(Self.drainGroup)
                    for id in order[from..<min(from + Self.drainGroup, position + chunkCount)] {
                        let split = SearchPostings.appendJSON(key: arena.table.texts[Int(id)], to: &writer) { arena.forEach(id, $0) }
                        marks.append((split, writer.bytes.count))
                    }
                    return (writer.bytes, marks)
                }
            }
            let group = groups[(position - chunkStart) / Self.drainGroup]
            let at = (position - chunkStart) % Self.drainGroup
            let start = at == 0 ? 0 : group.marks[at - 1].end
            let mark = group.marks[at]
            return (arena.table.texts[Int(order[position])], (group.bytes[start..<mark.end], mark.split))
        }, each)
        self = PostingArena()
    }
}

import Foundation
import GazetteModel

/// harfbuzz-subset's cut of one shape of font, made without harfbuzz: a font of Hangul syllables
/// whose glyphs are simple outlines without instructions, with no layout or hinting tables — the
/// pool pages' own fonts are cut from (`WebFonts.pagePool`, itself cut by harfbuzz with hinting
/// dropped), cut about two thousand times in a clean build of short journals.
///
/// For such a font a cut is bookkeeping: the kept glyphs' outlines copied as they are, renumbered
/// in their old order after `.notdef`; `loca`, `hmtx` (trailing equal advances folded),
/// `maxp.numGlyphs`, the first and last character in `OS/2`, a format 4 `cmap` and the table
/// directory counted again; every other table copied. It writes the bytes harfbuzz 6 writes, to
/// the byte (`PoolCutTests` cuts hundreds of sets both ways). harfbuzz spends 31 µs on one
/// syllable and 41 µs on ten (a C loop on the prepared pool): mostly a cost of its own per cut.
///
/// Whatever is outside that shape — another table, a composite glyph or one with instructions,
/// a character the pool lacks, more than 64 KB of outlines — makes `init` or `cut`
/// return nil, and harfbuzz cuts it (`FontSubsetter`).
struct SyllablePoolCut: Sendable {
    private static let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3
    /// The tables copied into every cut as they are.
    private static let copied: Set<String> = ["name", "post", "gasp"]
    private static let counted: Set<String> = ["OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp"]

    private let head: [UInt8], hhea: [UInt8], maxp: [UInt8], os2: [UInt8]
    private let others: [(tag: String, bytes: [UInt8])]
    /// Each glyph's outline, `.notdef`'s (empty) first.
    private let outlines: [ArraySlice<UInt8>]
    private let advances: [UInt16], sideBearings: [UInt16]
    /// The glyph of each syllable, by `scalar - 0xAC00`; 0 where the pool has none.
    private let glyphOfSyllable: [UInt16]

    init?(_ data: Data) {
        let font = [UInt8](data)
        guard let tables = Self.tables(font), Set(tables.keys).isSuperset(of: Self.counted),
            Set(tables.keys).isSubset(of: Self.counted.union(Self.copied)),
            let head = tables["head"], head.count >= 54, let hhea = tables["hhea"], hhea.count == 36,
            let maxp = tables["maxp"], maxp.count >= 6, let os2 = tables["OS/2"], os2.count >= 68,
            let glyf = tables["glyf"], let loca = tables["loca"], let hmtx = tables["hmtx"], let cmap = tables["cmap"],
            tables["post"].map({ $0.count >= 32 && Self.u32($0, 0) == 0x0003_0000 }) ?? true
        else { return nil }
        let glyphs = Int(Self.u16(maxp, 4))
        let longOffsets = Self.u16(head, 50) == 1
        let metrics = Int(Self.u16(hhea, 34))
        guard glyphs > 0, loca.count >= (glyphs + 1) * (longOffsets ? 4 : 2), metrics >= 1, metrics <= glyphs,
            hmtx.count >= 4 * metrics + 2 * (glyphs - metrics)
        else { return nil }
        var outlines: [ArraySlice<UInt8>] = []
        outlines.reserveCapacity(glyphs)
        var start = longOffsets ? Int(Self.u32(loca, 0)) : 2 * Int(Self.u16(loca, 0))
        for glyph in 0..<glyphs {
            let end = longOffsets ? Int(Self.u32(loca, 4 * glyph + 4)) : 2 * Int(Self.u16(loca, 2 * glyph + 2))
            guard start <= end, end <= glyf.count else { return nil }
            let outline = glyf[start..<end]
            // `.notdef` is empty (harfbuzz drops its outline), every other glyph simple, without
            // instructions and without padding: what harfbuzz would copy unchanged.
            guard glyph == 0 ? outline.isEmpty : (outline.isEmpty || Self.isBareSimpleOutline(outline)) else { return nil }
            outlines.append(outline)
            start = end
        }
        var advances: [UInt16] = [], sideBearings: [UInt16] = []
        for glyph in 0..<glyphs {
            advances.append(Self.u16(hmtx, 4 * min(glyph, metrics - 1)))
            sideBearings.append(glyph < metrics ? Self.u16(hmtx, 4 * glyph + 2) : Self.u16(hmtx, 4 * metrics + 2 * (glyph - metrics)))
        }
        guard let glyphOfSyllable = Self.syllableMap(cmap, glyphs: glyphs) else { return nil }
        (self.head, self.hhea, self.maxp, self.os2) = (head, hhea, maxp, os2)
        others = tables.filter { Self.copied.contains($0.key) }.map { (tag: $0.key, bytes: $0.value) }
        (self.outlines, self.advances, self.sideBearings, self.glyphOfSyllable) = (outlines, advances, sideBearings, glyphOfSyllable)
    }

    /// The font holding exactly `scalars` (ascending, distinct), as harfbuzz-subset would cut it
    /// with hinting dropped and the `name` table as it is; nil when harfbuzz must cut it.
    func cut(_ scalars: [UInt32]) -> Data? {
        guard let first = scalars.first, let last = scalars.last else { return nil }
        var kept: [UInt16] = []
        kept.reserveCapacity(scalars.count)
        for scalar in scalars {
            guard Self.syllables.contains(scalar) else { return nil }
            let glyph = glyphOfSyllable[Int(scalar - Self.syllables.lowerBound)]
            guard glyph != 0 else { return nil }
            kept.append(glyph)
        }
        let old = [0] + Set(kept).sorted()
        var newID = [UInt16: UInt16](minimumCapacity: old.count)
        for (index, glyph) in old.enumerated() { newID[glyph] = UInt16(index) }

        // glyf and loca: each outline padded to an even length, as 16-bit offsets need. Past 64 KB
        // of outlines (a page's font holds a few KB), harfbuzz cuts it: it switches to 32-bit
        // offsets near 128 KB, a boundary not worth copying.
        var glyf: [UInt8] = [], loca: [UInt8] = []
        for glyph in old {
            Self.put16(UInt16(glyf.count / 2), &loca)
            glyf += outlines[Int(glyph)]
            if glyf.count % 2 == 1 { glyf.append(0) }
            guard glyf.count <= 0x10000 else { return nil }
        }
        Self.put16(UInt16(glyf.count / 2), &loca)

        // hmtx: the advances of a run of equal ones at the end are written once.
        var metrics = old.count
        while metrics > 1, advances[Int(old[metrics - 1])] == advances[Int(old[metrics - 2])] { metrics -= 1 }
        var hmtx: [UInt8] = []
        for (index, glyph) in old.enumerated() {
            if index < metrics { Self.put16(advances[Int(glyph)], &hmtx) }
            Self.put16(sideBearings[Int(glyph)], &hmtx)
        }
        var hhea = self.hhea, maxp = self.maxp, os2 = self.os2, head = self.head
        Self.set16(UInt16(metrics), at: 34, in: &hhea)
        Self.set16(UInt16(old.count), at: 4, in: &maxp)
        Self.set16(UInt16(first), at: 64, in: &os2)
        Self.set16(UInt16(last), at: 66, in: &os2)
        Self.set16(0, at: 50, in: &head)  // 16-bit loca offsets
        for index in 8..<12 { head[index] = 0 }  // checkSumAdjustment, set below
        let cmap = Self.cmap(zip(scalars, kept).map { ($0, newID[$1] ?? 0) })
        let tables = [("OS/2", os2), ("cmap", cmap), ("glyf", glyf), ("head", head), ("hhea", hhea), ("hmtx", hmtx), ("loca", loca), ("maxp", maxp)]
            + others.map { ($0.tag, $0.bytes) }
        return Data(Self.assemble(tables))
    }

    /// The sfnt file of `tables`: the directory in tag order, the tables laid out smallest first
    /// (equal sizes in tag order), each padded to 4 bytes, and `head`'s checkSumAdjustment.
    private static func assemble(_ unsorted: [(tag: String, bytes: [UInt8])]) -> [UInt8] {
        let tables = unsorted.sorted { $0.tag.utf8Precedes($1.tag) }
        let count = tables.count
        let selector = Int.bitWidth - 1 - count.leadingZeroBitCount
        var font: [UInt8] = []
        put32(0x0001_0000, &font)
        for value in [count, 16 << selector, selector, 16 * count - (16 << selector)] { put16(UInt16(value), &font) }
        let laidOut = tables.indices.sorted { (tables[$0].bytes.count, $0) < (tables[$1].bytes.count, $1) }
        var offsets = [Int](repeating: 0, count: count)
        var offset = 12 + 16 * count
        for index in laidOut {
            offsets[index] = offset
            offset += (tables[index].bytes.count + 3) & ~3
        }
        for (index, table) in tables.enumerated() {
            font += table.tag.utf8
            put32(checksum(table.bytes[...]), &font)
            put32(UInt32(offsets[index]), &font)
            put32(UInt32(table.bytes.count), &font)
        }
        for index in laidOut {
            font += tables[index].bytes
            font += [UInt8](repeating: 0, count: (4 - tables[index].bytes.count % 4) % 4)
        }
        if let head = tables.firstIndex(where: { $0.tag == "head" }) {
            let adjustment = 0xB1B0_AFBA &- checksum(font[...])
            for (shift, index) in zip(stride(from: 24, through: 0, by: -8), offsets[head] + 8..<offsets[head] + 12) {
                font[index] = UInt8(truncatingIfNeeded: adjustment >> UInt32(shift))
            }
        }
        return font
    }

    /// A format 4 character map (platform 3, encoding 1) of `pairs`, ascending by character: a
    /// segment per run of characters whose glyphs follow one another, each by its delta alone.
    private static func cmap(_ pairs: [(scalar: UInt32, glyph: UInt16)]) -> [UInt8] {
        var segments: [(start: UInt16, end: UInt16, delta: UInt16)] = []
        for (scalar, glyph) in pairs {
            let delta = glyph &- UInt16(scalar)
            if let last = segments.last, UInt32(last.end) + 1 == scalar, last.delta == delta {
                segments[segments.count - 1].end = UInt16(scalar)
            } else {
                segments.append((UInt16(scalar), UInt16(scalar), delta))
            }
        }
        segments.append((0xFFFF, 0xFFFF, 1))
        let count = segments.count
        let selector = Int.bitWidth - 1 - count.leadingZeroBitCount
        var bytes: [UInt8] = []
        for value in [0, 1, 3, 1] { put16(UInt16(value), &bytes) }  // version 0, one subtable: (3, 1)
        put32(12, &bytes)
        for value in [4, 16 + 8 * count, 0, 2 * count, 2 << selector, selector, 2 * count - (2 << selector)] { put16(UInt16(value), &bytes) }
        for segment in segments { put16(segment.end, &bytes) }
        put16(0, &bytes)  // reservedPad
        for segment in segments { put16(segment.start, &bytes) }
        for segment in segments { put16(segment.delta, &bytes) }
        for _ in segments { put16(0, &bytes) }  // idRangeOffset
        return bytes
    }

    /// The pool's glyph for each Hangul syllable, from its only character map, a format 4 one for
    /// platform 3, encoding 1; nil for any other map or one that maps anything else.
    private static func syllableMap(_ cmap: [UInt8], glyphs: Int) -> [UInt16]? {
        guard cmap.count >= 12, u16(cmap, 2) == 1, u16(cmap, 4) == 3, u16(cmap, 6) == 1 else { return nil }
        let table = Int(u32(cmap, 8))
        guard table + 14 <= cmap.count, u16(cmap, table) == 4 else { return nil }
        let segments = Int(u16(cmap, table + 6)) / 2
        let ends = table + 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
        guard rangeOffsets + 2 * segments <= cmap.count else { return nil }
        var map = [UInt16](repeating: 0, count: syllables.count)
        for segment in 0..<segments {
            let start = u16(cmap, starts + 2 * segment), end = u16(cmap, ends + 2 * segment)
            let delta = u16(cmap, deltas + 2 * segment), rangeOffset = Int(u16(cmap, rangeOffsets + 2 * segment))
            guard start <= end else { return nil }
            for scalar in UInt32(start)...UInt32(end) where scalar != 0xFFFF {
                var glyph: UInt16
                if rangeOffset == 0 {
                    glyph = UInt16(truncatingIfNeeded: scalar) &+ delta
                } else {
                    let at = rangeOffsets + 2 * segment + rangeOffset + 2 * Int(scalar - UInt32(start))
                    guard at + 2 <= cmap.count else { return nil }
                    glyph = u16(cmap, at)
                    if glyph != 0 { glyph &+= delta }
                }
                guard glyph != 0 else { continue }
                guard syllables.contains(scalar), Int(glyph) < glyphs else { return nil }
                map[Int(scalar - syllables.lowerBound)] = glyph
            }
        }
        return map
    }

    /// Whether `outline` is a simple glyph without instructions whose flags and coordinates end
    /// exactly where it does (no padding after them).
    private static func isBareSimpleOutline(_ outline: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(outline)
        guard bytes.count >= 10 else { return false }
        let contours = Int(Int16(bitPattern: u16(bytes, 0)))
        guard contours > 0, bytes.count >= 12 + 2 * contours else { return false }
        let points = Int(u16(bytes, 10 + 2 * (contours - 1))) + 1
        guard u16(bytes, 10 + 2 * contours) == 0 else { return false }  // instructionLength
        var at = 12 + 2 * contours, read = 0, xBytes = 0, yBytes = 0
        while read < points {
            guard at < bytes.count else { return false }
            let flag = bytes[at]
            at += 1
            var repeats = 1
            if flag & 0x08 != 0 {
                guard at < bytes.count else { return false }
                repeats += Int(bytes[at])
                at += 1
            }
            xBytes += repeats * (flag & 0x02 != 0 ? 1 : (flag & 0x10 != 0 ? 0 : 2))
            yBytes += repeats * (flag & 0x04 != 0 ? 1 : (flag & 0x20 != 0 ? 0 : 2))
            read += repeats
        }
        return read == points && at + xBytes + yBytes == bytes.count
    }

    /// The tables of an sfnt file by tag; nil when it is not one or a table lies outside it.
    private static func tables(_ font: [UInt8]) -> [String: [UInt8]]? {
        guard font.count >= 12, u32(font, 0) == 0x0001_0000 else { return nil }
        let count = Int(u16(font, 4))
        guard font.count >= 12 + 16 * count else { return nil }
        var tables: [String: [UInt8]] = [:]
        for index in 0..<count {
            let entry = 12 + 16 * index
            let offset = Int(u32(font, entry + 8)), length = Int(u32(font, entry + 12))
            guard offset <= font.count, length <= font.count - offset else { return nil }
            tables[String(decoding: font[entry..<entry + 4], as: UTF8.self)] = Array(font[offset..<offset + length])
        }
        return tables
    }

    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { bytes in
            var sum: UInt32 = 0, index = 0
            while index + 4 <= bytes.count {
                sum &+= UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
                index += 4
            }
            var last: UInt32 = 0
            for shift in [24, 16, 8] where index < bytes.count {
                last |= UInt32(bytes[index]) << UInt32(shift)
                index += 1
            }
            return sum &+ last
        }
    }

    private static func u16<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ at: Int) -> UInt16 where C.Index == Int {
        UInt16(bytes[bytes.startIndex + at]) << 8 | UInt16(bytes[bytes.startIndex + at + 1])
    }

    private static func u32<C: RandomAccessCollection<UInt8>>(_ bytes: C, _ at: Int) -> UInt32 where C.Index == Int {
        UInt32(u16(bytes, at)) << 16 | UInt32(u16(bytes, at + 2))
    }

    private static func put16(_ value: UInt16, _ bytes: inout [UInt8]) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    private static func put32(_ value: UInt32, _ bytes: inout [UInt8]) {
        put16(UInt16(value >> 16), &bytes)
        put16(UInt16(value & 0xFFFF), &bytes)
    }

    private static func set16(_ value: UInt16, at index: Int, in bytes: inout [UInt8]) {
        bytes[index] = UInt8(value >> 8)
        bytes[index + 1] = UInt8(value & 0xFF)
    }
}

internal import CHarfBuzzSubset
import GazetteModel
import Foundation

/// One font file, opened with HarfBuzz for shaping: the only place Gazette shapes text for the
/// web. The bytes are held in memory for the face's life, so what is measured is exactly the file
/// handed in (the build measures with the same subset files it ships).
///
/// `@unchecked Sendable` is sound here: every property is a `let` set in `init`, the font is made
/// immutable (`hb_font_make_immutable`) before `init` returns, and HarfBuzz documents immutable
/// fonts, faces and blobs as safe to shape with, and faces to subset, from several threads; Swift
/// cannot see through the `OpaquePointer`s to know that.
public final class FontFace: @unchecked Sendable {
    /// The error type of the two layout modules (GazetteModel's `LayoutError`).
    public typealias Failure = LayoutError

    /// Where the bytes came from, for messages.
    public let name: String
    public let data: Data
    public let unitsPerEm: Int
    /// Ascender and descender (positive down) in font units, from `hhea`.
    public let ascender: Int, descender: Int
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    /// The face preprocessed for the subsetter (`hb_subset_preprocess`: the tables' accelerators
    /// and character map every cut of a fresh face works out again), for a font cut many times;
    /// otherwise the face itself. `FontSubsetter.subset(_:keeping:)` cuts from it.
    let cuttingFace: OpaquePointer
    /// For a font cut often that is a pool of Hangul syllables (pages' own fonts), the cuts
    /// harfbuzz would make, made without it (`SyllablePoolCut`).
    let syllablePool: SyllablePoolCut?
    /// For a font with colour bitmaps and no outlines (Noto Color Emoji): each strike's ppem and
    /// the advance of every glyph it holds, in strike pixels, from `CBLC`/`CBDT`.
    private let strikes: [BitmapStrike]
    /// For a font whose glyphs shape alone as they shape beside any other (`ContextFree`), the
    /// glyphs its `kern` pairs name, which do not; nil for any other font.
    private let contextFree: ContextFree?

    public convenience init(file: String) throws(Failure) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Failure(description: "cannot read font file \(file) — install fonts-nanum (apt-get install fonts-nanum fonts-nanum-coding) or fix the path")
        }
        try self.init(data: data, name: file)
    }

    /// `cutOften`: the font will be cut into many subsets (`FontSubsetter`), and is prepared for
    /// it once — worth it for hundreds of cuts (pages' own fonts from their pool), not for a few
    /// (preparing is itself a cut of every glyph).
    public convenience init(data: Data, name: String, cutOften: Bool = false) throws(Failure) {
        try self.init(data: data, name: name, cutOften: cutOften, onRelease: nil)
    }

    /// `onRelease` runs when HarfBuzz lets go of its copy of the bytes, which it does only after
    /// the face made from them is destroyed too: tests use it to see that a refused file leaks
    /// nothing.
    init(data: Data, name: String, cutOften: Bool = false, onRelease: (@Sendable () -> Void)?) throws(Failure) {
        self.name = name
        self.data = data
        // HarfBuzz returns its empty blob, face and font rather than nil on failure; an empty face
        // has no glyphs. One way out: whatever was created is destroyed before throwing.
        let blob = Self.blob(copying: data, onRelease: onRelease)
        let face = blob.flatMap { hb_face_create($0, 0) }
        guard let blob, let face, hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            if let face { hb_face_destroy(face) }
            if let blob { hb_blob_destroy(blob) }
            throw Failure(description: "\(name) is not a font file HarfBuzz can read")
        }
        self.blob = blob
        self.face = face
        self.font = font
        let upem = Int(hb_face_get_upem(face))
        unitsPerEm = upem
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(font, &extents)
        ascender = Int(extents.ascender)
        descender = Int(-extents.descender)
        strikes = Self.hasOutlines(face) ? [] : BitmapStrike.read(face)
        contextFree = ContextFree(face)
        cuttingFace = (cutOften ? hb_subset_preprocess(face) : nil) ?? hb_face_reference(face)
        syllablePool = cutOften ? SyllablePoolCut(data) : nil
    }

    deinit {
        hb_face_destroy(cuttingFace)
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The bytes HarfBuzz reads, copied once into memory this type allocates and HarfBuzz frees
    /// (through `Bytes`) when its last reference to the blob goes.
    private final class Bytes {
        let pointer: UnsafeMutableRawPointer
        let onRelease: (@Sendable () -> Void)?
        init(pointer: UnsafeMutableRawPointer, onRelease: (@Sendable () -> Void)?) {
            self.pointer = pointer
            self.onRelease = onRelease
        }
        deinit {
            pointer.deallocate()
            onRelease?()
        }
    }

    private static func blob(copying data: Data, onRelease: (@Sendable () -> Void)?) -> OpaquePointer? {
        let count = data.count
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        data.copyBytes(to: pointer.assumingMemoryBound(to: UInt8.self), count: count)
        let owner = Unmanaged.passRetained(Bytes(pointer: pointer, onRelease: onRelease)).toOpaque()
        // READONLY: HarfBuzz reads the copy in place and calls the destroy function once, when the
        // blob is destroyed (or at once, if it cannot make the blob).
        return hb_blob_create(pointer.assumingMemoryBound(to: CChar.self), UInt32(count), HB_MEMORY_MODE_READONLY, owner) { owner in
            if let owner { Unmanaged<Bytes>.fromOpaque(owner).release() }
        }
    }

    /// Whether the font maps `scalar` to a glyph.
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }

    /// Every character the font maps to a glyph (its `cmap`), in ascending order.
    public func mappedScalars() -> [UInt32] {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var result: [UInt32] = []
        var codepoint = UInt32.max  // HB_SET_VALUE_INVALID: start before the first element
        while hb_set_next(set, &codepoint) != 0 { result.append(codepoint) }
        return result
    }

    /// Shapes `scalars[range]` (with the whole array as context) at `size` px and returns, per
    /// glyph, the index of the scalar its cluster starts at, its glyph id and its advance in
    /// 1/65536 px — the advance Chromium lays out with (see `chromiumAdvance`).
    func shape(_ scalars: [UInt32], range: Range<Int>, language: String, size: Double) -> [(cluster: Int, glyph: UInt32, advance: Int64)] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { pointer in
            hb_buffer_add_utf32(buffer, pointer.baseAddress, Int32(pointer.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return []
        }
        var result: [(cluster: Int, glyph: UInt32, advance: Int64)] = []
        result.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let glyph = infos[index].codepoint
            // The font is shaped at its design size, so the advance is in font units: the nominal
            // (`hmtx`) advance plus whatever GPOS added. Chromium gets the nominal part from Skia
            // and lets HarfBuzz scale only the GPOS part.
            let shaped = Int64(positions[index].x_advance)
            let nominal = Int64(hb_font_get_glyph_h_advance(font, glyph))
            let advance: Int64
            if shaped == 0 {
                advance = 0  // a mark HarfBuzz zeroed: zero in Chromium too
            } else {
                advance = chromiumAdvance(glyph: glyph, size: size) + Self.harfBuzzScale(shaped - nominal, upem: unitsPerEm, size: size)
            }
            result.append((Int(infos[index].cluster), glyph, advance))
        }
        return result
    }

    /// Adds to `advances` what `shape` would for `scalars[range]`, without shaping, when the
    /// answer cannot depend on the neighbours: this font is `ContextFree`, and every scalar is a
    /// Hangul syllable or printable ASCII the font maps to a glyph no `kern` pair names. Such a
    /// scalar's advance is its glyph's `hmtx` advance as Chromium scales it, alone or in any
    /// stretch (no substitution, no positioning, no marks, no joining). Returns false, adding
    /// nothing, for any other stretch. Text sliced across web fonts by frequency is shaped a few
    /// scalars at a time (a space is in the first slice, its neighbours often in others): a
    /// clean build of short Korean journals asked HarfBuzz 329,000 times, for its cards alone.
    func addContextFreeAdvances(_ scalars: [UInt32], range: Range<Int>, size: Double, to advances: inout [Int64]) -> Bool {
        guard let contextFree, scalars[range].allSatisfy({ (0x20...0x7E).contains($0) || (0xAC00...0xD7A3).contains($0) }) else { return false }
        // One glyph lookup a scalar; a glyph missing or kerned (never in the shipped slices)
        // takes back what was added.
        for index in range {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, scalars[index], &glyph) != 0, !contextFree.kerned.contains(glyph) else {
                for added in range.lowerBound..<index {
                    _ = hb_font_get_nominal_glyph(font, scalars[added], &glyph)
                    advances[added] -= chromiumAdvance(glyph: glyph, size: size)
                }
                return false
            }
            advances[index] += chromiumAdvance(glyph: glyph, size: size)
        }
        return true
    }

    /// The advance of `glyph` at `size` px as Chromium on Linux measures it, in 1/65536 px.
    ///
    /// Chromium's HarfBuzz asks Skia for advances and Skia asks FreeType, so the advance carries
    /// FreeType's fixed-point rounding rather than being `units × size / upem`: the 16.16 scale
    /// factor is rounded (`FT_DivFix`), then the advance (`FT_MulDiv`). At 15 px on a 1000-unit
    /// font every advance comes out about 7 ppm long, which is enough to push a line that fits
    /// by a hair over the edge (Chromium measures "/" ×100 as 562.515625 px, not 562.5).
    /// A colour-bitmap font (no outlines) is measured from its bitmap strike: the strike's advance
    /// in pixels scaled by size / ppem (Noto Color Emoji: 136 px at 109 ppem, so 18.7156 px at
    /// 15 px, where its `hmtx` would say 18.6768).
    func chromiumAdvance(glyph: UInt32, size: Double) -> Int64 {
        if let strike = BitmapStrike.choose(strikes, size: size), let pixels = strike.advances[glyph] {
            let scaled = Float(pixels) * (Float(size) / Float(strike.ppem))
            return Int64((scaled * 65536).rounded(.towardZero))
        }
        let units = Int64(hb_font_get_glyph_h_advance(font, glyph))
        // Skia sets the FreeType char size in 26.6, truncating.
        let scale = Self.fixedDivide(Int64((size * 64).rounded(.towardZero)), Int64(unitsPerEm))
        return Self.multiplyDivide(units, scale, 64)
    }

    /// FreeType's `FT_MulDiv`: a × b / c, rounded half away from zero.
    static func multiplyDivide(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        guard c != 0 else { return Int64(Int32.max) }
        let negative = (a < 0) != (b < 0)
        let magnitude = (abs(a) * abs(b) + c / 2) / c
        return negative ? -magnitude : magnitude
    }

    /// FreeType's `FT_DivFix`: a / b in 16.16, rounded.
    static func fixedDivide(_ a: Int64, _ b: Int64) -> Int64 {
        guard b != 0 else { return Int64(Int32.max) }
        let negative = (a < 0) != (b < 0)
        let magnitude = ((abs(a) << 16) + abs(b) / 2) / abs(b)
        return negative ? -magnitude : magnitude
    }

    /// How HarfBuzz scales a GPOS value in font units when the font's scale is `size` in 16.16
    /// (Chromium's setting): through its 16.16 multiplier, rounded.
    static func harfBuzzScale(_ units: Int64, upem: Int, size: Double) -> Int64 {
        guard units != 0, upem > 0 else { return 0 }
        let scale = Int64((size * 65536).rounded(.towardZero))
        let multiplier = (scale << 16) / Int64(upem)
        return (units * multiplier + 0x8000) >> 16
    }

    private static func hasOutlines(_ face: OpaquePointer) -> Bool {
        ["glyf", "CFF ", "CFF2"].contains { tag in
            guard let table = hb_face_reference_table(face, Self.tag(tag)) else { return false }
            defer { hb_blob_destroy(table) }
            return hb_blob_get_length(table) > 0
        }
    }

    fileprivate static func tag(_ name: String) -> hb_tag_t {
        name.unicodeScalars.reduce(0) { ($0 << 8) | ($1.value & 0xFF) }
    }
}

/// What makes a font's shaping of plain scalars independent of their neighbours: no table that
/// substitutes or positions by context (`GSUB`, `GPOS`, `GDEF`, AAT's `morx`, `mort`, `kerx`,
/// `trak`), and a `kern` table, if any, of plain pair lists (OpenType version 0, format 0),
/// whose glyphs are listed. Nil when the font has anything else.
struct ContextFree: Sendable {
    let kerned: Set<UInt32>

    init?(_ face: OpaquePointer) {
        for name in ["GSUB", "GPOS", "GDEF", "morx", "mort", "kerx", "trak"] where Self.length(face, name) > 0 { return nil }
        guard let kern = Self.pairs(face) else { return nil }
        kerned = kern
    }

    private static func length(_ face: OpaquePointer, _ name: String) -> UInt32 {
        guard let blob = hb_face_reference_table(face, FontFace.tag(name)) else { return 0 }
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob)
    }

    /// The glyphs of every pair of an OpenType `kern` table of format-0 subtables (none without
    /// the table); nil for any other layout of it.
    private static func pairs(_ face: OpaquePointer) -> Set<UInt32>? {
        guard let blob = hb_face_reference_table(face, FontFace.tag("kern")) else { return [] }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let pointer = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: Int(length))
        func u16(_ at: Int) -> Int? { at + 1 < bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        guard u16(0) == 0, let tables = u16(2) else { return nil }
        var glyphs: Set<UInt32> = []
        var at = 4
        for _ in 0..<tables {
            guard let size = u16(at + 2), let coverage = u16(at + 4), coverage >> 8 == 0, size >= 14, let count = u16(at + 6) else { return nil }
            for pair in 0..<count {
                guard let left = u16(at + 14 + 6 * pair), let right = u16(at + 16 + 6 * pair) else { return nil }
                glyphs.insert(UInt32(left))
                glyphs.insert(UInt32(right))
            }
            at += size
        }
        return glyphs
    }
}

/// One strike of a colour bitmap font: its ppem and each glyph's advance in strike pixels.
struct BitmapStrike: Sendable {
    var ppem: Int
    var advances: [UInt32: Int]

    /// Skia's choice (`chooseBitmapStrike`): the exact size, else the smallest strike larger than
    /// the size, else the largest.
    static func choose(_ strikes: [BitmapStrike], size: Double) -> BitmapStrike? {
        guard !strikes.isEmpty else { return nil }
        let wanted = Int((size * 64).rounded(.towardZero))  // 26.6, as FreeType's y_ppem
        var chosen: BitmapStrike?
        var chosenPPEM = 0
        for strike in strikes {
            let ppem = strike.ppem * 64
            if ppem == wanted { return strike }
            if chosenPPEM < wanted {
                if chosenPPEM < ppem {
                    chosenPPEM = ppem
                    chosen = strike
                }
            } else if wanted < ppem && ppem < chosenPPEM {
                chosenPPEM = ppem
                chosen = strike
            }
        }
        return chosen
    }

    /// Reads the strikes of `CBLC` and the glyph metrics it and `CBDT` hold. Unknown formats
    /// leave their glyphs out (they then measure by `hmtx`).
    static func read(_ face: OpaquePointer) -> [BitmapStrike] {
        guard let locations = table(face, "CBLC"), let data = table(face, "CBDT") else { return [] }
        func u8(_ bytes: [UInt8], _ at: Int) -> Int { at < bytes.count ? Int(bytes[at]) : 0 }
        func u16(_ bytes: [UInt8], _ at: Int) -> Int { u8(bytes, at) << 8 | u8(bytes, at + 1) }
        func u32(_ bytes: [UInt8], _ at: Int) -> Int { u16(bytes, at) << 16 | u16(bytes, at + 2) }
        var strikes: [BitmapStrike] = []
        let sizeCount = u32(locations, 4)
        for size in 0..<min(sizeCount, 256) {
            let record = 8 + 48 * size
            let arrayOffset = u32(locations, record), subtableCount = u32(locations, record + 8)
            var strike = BitmapStrike(ppem: u8(locations, record + 45), advances: [:])
            for subtable in 0..<min(subtableCount, 65536) {
                let entry = arrayOffset + 8 * subtable
                let first = u16(locations, entry), last = u16(locations, entry + 2)
                let header = arrayOffset + u32(locations, entry + 4)
                let indexFormat = u16(locations, header), imageFormat = u16(locations, header + 2)
                let imageData = u32(locations, header + 4)
                guard first <= last else { continue }
                // Where each glyph's image starts in CBDT, or one advance for all.
                var offsets: [(glyph: Int, offset: Int)] = []
                var shared: Int?
                switch indexFormat {
                case 1, 3:
                    let width = indexFormat == 1 ? 4 : 2
                    for glyph in first...last {
                        let at = header + 8 + width * (glyph - first)
                        let offset = width == 4 ? u32(locations, at) : u16(locations, at)
                        let next = width == 4 ? u32(locations, at + width) : u16(locations, at + width)
                        if next > offset { offsets.append((glyph, imageData + offset)) }
                    }
                case 2:
                    shared = u8(locations, header + 12 + 4)  // bigGlyphMetrics.horiAdvance
                    for glyph in first...last { offsets.append((glyph, 0)) }
                case 4:
                    let count = u32(locations, header + 8)
                    for pair in 0..<min(count, 65536) {
                        let at = header + 12 + 4 * pair
                        offsets.append((u16(locations, at), imageData + u16(locations, at + 2)))
                    }
                case 5:
                    shared = u8(locations, header + 12 + 4)
                    let count = u32(locations, header + 20)
                    for index in 0..<min(count, 65536) { offsets.append((u16(locations, header + 24 + 2 * index), 0)) }
                default:
                    continue
                }
                for (glyph, offset) in offsets {
                    if let shared {
                        strike.advances[UInt32(glyph)] = shared
                        continue
                    }
                    switch imageFormat {
                    case 17: strike.advances[UInt32(glyph)] = u8(data, offset + 4)  // smallGlyphMetrics.advance
                    case 18: strike.advances[UInt32(glyph)] = u8(data, offset + 4)  // bigGlyphMetrics.horiAdvance
                    default: break
                    }
                }
            }
            if !strike.advances.isEmpty { strikes.append(strike) }
        }
        return strikes
    }

    private static func table(_ face: OpaquePointer, _ name: String) -> [UInt8]? {
        guard let blob = hb_face_reference_table(face, FontFace.tag(name)) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let pointer = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }
}

import CHarfBuzzSubset
import Foundation

/// One font file, opened with HarfBuzz for shaping: the only place Gazette shapes text for the
/// web. The bytes are held in memory for the face's life, so what is measured is exactly the file
/// handed in (the build measures with the same subset files it ships).
///
/// Immutable after `init`; HarfBuzz fonts are safe to shape with from several threads.
public final class FontFace: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Where the bytes came from, for messages.
    public let name: String
    public let data: Data
    public let unitsPerEm: Int
    /// Ascender and descender (positive down) in font units, from `hhea`.
    public let ascender: Int, descender: Int
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer

    public convenience init(file: String) throws(Failure) {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Failure(description: "cannot read font file \(file) — install fonts-nanum (apt-get install fonts-nanum fonts-nanum-coding) or fix the path")
        }
        try self.init(data: data, name: file)
    }

    public init(data: Data, name: String) throws(Failure) {
        self.name = name
        self.data = data
        let count = data.count
        // HarfBuzz copies nothing in DUPLICATE mode only; copy once into memory it owns.
        let created: OpaquePointer? = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
            return hb_blob_create(base, UInt32(count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        guard let blob = created, let face = hb_face_create(blob, 0), hb_face_get_glyph_count(face) > 0,
            let font = hb_font_create(face)
        else {
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
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// Whether the font maps `scalar` to a glyph.
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }

    /// Shapes `scalars[range]` (with the whole array as context) and returns, per glyph, the
    /// index of the scalar its cluster starts at, its glyph id and its advance in font units.
    func shape(_ scalars: [UInt32], range: Range<Int>, language: String) -> [(cluster: Int, glyph: UInt32, advance: Int32)] {
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
        var result: [(cluster: Int, glyph: UInt32, advance: Int32)] = []
        result.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            result.append((Int(infos[index].cluster), infos[index].codepoint, positions[index].x_advance))
        }
        return result
    }
}

internal import CHarfBuzzSubset
import GazetteModel
import Foundation

/// Cuts a font file down to the glyphs a site uses, with harfbuzz-subset (or, for pages' own
/// fonts, `SyllablePoolCut`, which writes the same bytes). This type is the only place Gazette
/// calls harfbuzz-subset.
///
/// Hinting (and with it the TrueType instruction tables that Chromium's font sanitizer rejects in
/// the stock NanumGothic file) is dropped: browsers on high-density screens do not use it.
public enum FontSubsetter {
    /// The error type of the two layout modules (GazetteModel's `LayoutError`).
    public typealias Failure = LayoutError

    /// A font file holding only the glyphs for `scalars` (plus those layout needs to reach
    /// them), as TrueType/OpenType bytes.
    public static func subset(_ font: Data, keeping scalars: Set<Unicode.Scalar>) throws -> Data {
        try font.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else {
                throw Failure(description: "empty font file")
            }
            let blob = hb_blob_create(base, UInt32(raw.count), HB_MEMORY_MODE_READONLY, nil, nil)
            defer { hb_blob_destroy(blob) }
            let face = hb_face_create(blob, 0)
            defer { hb_face_destroy(face) }
            guard let face, hb_face_get_glyph_count(face) > 0 else { throw Failure(description: "not a font file harfbuzz can read") }
            return try subset(face, keeping: scalars)
        }
    }

    /// `subset(font, keeping:)` of the font `font` was opened from, cut from its face (prepared
    /// once if it was opened to be cut often: `FontFace(data:name:cutOften:)`), or, for a pool of
    /// Hangul syllables opened to be cut often, by `SyllablePoolCut`; the same bytes every way.
    /// Faces are only read once made, so cuts may run on any thread.
    public static func subset(_ font: FontFace, keeping scalars: Set<Unicode.Scalar>) throws -> Data {
        if let pool = font.syllablePool, let cut = pool.cut(scalars.map(\.value).sorted()) { return cut }
        return try subset(font.cuttingFace, keeping: scalars)
    }

    private static func subset(_ face: OpaquePointer, keeping scalars: Set<Unicode.Scalar>) throws -> Data {
        guard let input = hb_subset_input_create_or_fail() else { throw Failure(description: "out of memory") }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        for scalar in scalars.sorted(by: { $0.value < $1.value }) { hb_set_add(unicodes, scalar.value) }
        hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue)
        // Of the `name` table, the copyright notice alone (harfbuzz keeps 1–6 too): a cut is a
        // Modified Version under the fonts' licence, which may not bear their Reserved Font Names.
        let names = hb_subset_input_set(input, HB_SUBSET_SETS_NAME_ID)
        hb_set_clear(names)
        hb_set_add(names, 0)
        guard let subset = hb_subset_or_fail(face, input) else { throw Failure(description: "harfbuzz could not subset the font") }
        defer { hb_face_destroy(subset) }
        let result = hb_face_reference_blob(subset)
        defer { hb_blob_destroy(result) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(result, &length), length > 0 else {
            throw Failure(description: "harfbuzz produced an empty font")
        }
        return Data(bytes: bytes, count: Int(length))
    }

    /// The linked harfbuzz's version (`6.0.0`): what `subset` makes depends on it.
    public static var libraryVersion: String { String(cString: hb_version_string()) }

    /// The Unicode scalars a font maps to glyphs, for checking coverage.
    public static func coverage(_ font: Data) -> Set<Unicode.Scalar> {
        font.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Set<Unicode.Scalar> in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return [] }
            let blob = hb_blob_create(base, UInt32(raw.count), HB_MEMORY_MODE_READONLY, nil, nil)
            defer { hb_blob_destroy(blob) }
            let face = hb_face_create(blob, 0)
            defer { hb_face_destroy(face) }
            let set = hb_set_create()
            defer { hb_set_destroy(set) }
            hb_face_collect_unicodes(face, set)
            var result = Set<Unicode.Scalar>()
            var codepoint = UInt32.max  // HB_SET_VALUE_INVALID: start before the first element
            while hb_set_next(set, &codepoint) != 0 {
                if let scalar = Unicode.Scalar(codepoint) { result.insert(scalar) }
            }
            return result
        }
    }
}

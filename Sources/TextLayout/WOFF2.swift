internal import CWOFF2
import GazetteModel
import Foundation

/// WOFF2 web-font files, with Google's encoder and decoder (libwoff2, Brotli inside). This type
/// is the only place Gazette calls them.
public enum WOFF2 {
    /// The error type of the two layout modules (GazetteModel's `LayoutError`).
    public typealias Failure = LayoutError

    /// The WOFF2 file of a TrueType font: its tables Brotli-compressed as one stream, `glyf` and
    /// `loca` transformed (the WOFF2 1.0 default, which every browser decodes). Deterministic:
    /// the same bytes in give the same bytes out.
    public static func encode(_ ttf: Data, quality: Int32 = 11) throws(Failure) -> Data {
        try encode(ttf, quality: quality, with: gazette_woff2_encode)
    }

    /// What libwoff2 writes on its own, compressing inside (`encode` must give the same bytes).
    static func referenceEncode(_ ttf: Data, quality: Int32) throws(Failure) -> Data {
        try encode(ttf, quality: quality, with: gazette_woff2_encode_reference)
    }

    private typealias Encoder = (UnsafePointer<UInt8>?, Int, Int32, Int32, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?) -> Int32

    private static func encode(_ ttf: Data, quality: Int32, with encoder: Encoder) throws(Failure) -> Data {
        let result: Data? = ttf.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var length = gazette_woff2_max_size(base, raw.count)
            guard length > 0 else { return nil }
            var output = Data(count: length)
            let ok = output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Int32 in
                guard let target = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
                return encoder(base, raw.count, quality, 1, target, &length)
            }
            guard ok == 1 else { return nil }
            output.count = length
            return output
        }
        guard let result else { throw Failure(description: "the WOFF2 encoder refused the font") }
        return result
    }

    /// The WOFF2 file of a TrueType font with every table as it is (`glyf` and `loca` under the
    /// null transform, version 3), the container written here and only the table stream
    /// compressed by Brotli: what libwoff2 writes with transforms off, without its lock (see
    /// `gazette_woff2_encode`) or its parsing of the font. For fonts of a few glyphs made by the
    /// thousand (pages' own fonts), where that lock and parse were most of the cost and the
    /// `glyf` transform saves a few hundred bytes. Deterministic.
    public static func encodeUntransformed(_ ttf: Data, quality: Int32) throws(Failure) -> Data {
        try encodeUntransformed(ttf, quality: quality, with: gazette_woff2_compress_stream)
    }

    /// `encodeUntransformed` with Brotli's own one-shot call (it must give the same bytes).
    static func referenceEncodeUntransformed(_ ttf: Data, quality: Int32) throws(Failure) -> Data {
        try encodeUntransformed(ttf, quality: quality, with: gazette_woff2_compress_stream_reference)
    }

    private typealias Compressor = (UnsafePointer<UInt8>?, Int, Int32, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?) -> Int32

    private static func encodeUntransformed(_ ttf: Data, quality: Int32, with compressor: Compressor) throws(Failure) -> Data {
        let font = Array(ttf)
        func read32(_ at: Int) -> UInt32 {
            UInt32(font[at]) << 24 | UInt32(font[at + 1]) << 16 | UInt32(font[at + 2]) << 8 | UInt32(font[at + 3])
        }
        guard font.count >= 12 else { throw Failure(description: "not a TrueType font: \(font.count) bytes") }
        let tableCount = Int(font[4]) << 8 | Int(font[5])
        guard tableCount > 0, font.count >= 12 + 16 * tableCount else { throw Failure(description: "a TrueType font with a torn table directory") }
        var directory: [UInt8] = []
        var stream: [UInt8] = []
        var sfntSize = 12 + 16 * tableCount
        // The font's order, but `loca` right after `glyf`, where decoders rebuild the two together.
        var records = (0..<tableCount).map { 12 + 16 * $0 }
        if let locaAt = records.firstIndex(where: { read32($0) == loca }) {
            let locaRecord = records.remove(at: locaAt)
            records.insert(locaRecord, at: records.firstIndex(where: { read32($0) == glyf }).map { $0 + 1 } ?? locaAt)
        }
        for record in records {
            let tag = read32(record)
            let offset = Int(read32(record + 8))
            let length = Int(read32(record + 12))
            guard offset <= font.count, length <= font.count - offset else {
                throw Failure(description: "a TrueType table that runs past the end of the font")
            }
            let known = knownTags.firstIndex(of: tag)
            var flags = UInt8(known ?? 63)
            if tag == glyf || tag == loca { flags |= 3 << 6 }  // the null transform
            directory.append(flags)
            if known == nil { directory += [UInt8(tag >> 24), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)] }
            appendBase128(UInt32(length), to: &directory)
            stream += font[offset..<(offset + length)]
            sfntSize += (length + 3) & ~3
        }
        var compressed = [UInt8](repeating: 0, count: gazette_woff2_stream_max_size(stream.count))
        var compressedLength = compressed.count
        guard compressor(stream, stream.count, quality, &compressed, &compressedLength) == 1 else {
            throw Failure(description: "Brotli refused the font's tables")
        }
        var file: [UInt8] = []
        file.reserveCapacity(48 + directory.count + compressedLength)
        func append32(_ value: UInt32) { file += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        // Decoders read the stream's end rounded up to four bytes as the file's end.
        let length = (48 + directory.count + compressedLength + 3) & ~3
        append32(0x774F_4632)  // wOF2
        append32(read32(0))  // flavor: the font's sfnt version
        append32(UInt32(length))
        file += [UInt8(tableCount >> 8), UInt8(tableCount & 0xFF), 0, 0]
        append32(UInt32(sfntSize))
        append32(UInt32(compressedLength))
        file += [0, 1, 0, 0]  // the file's version, 1.0
        for _ in 0..<5 { append32(0) }  // no metadata, no private data
        file += directory
        file += compressed[..<compressedLength]
        file += [UInt8](repeating: 0, count: length - file.count)
        return Data(file)
    }

    /// WOFF2's 63 known table tags, in the order of their index in a directory entry's flags.
    private static let knownTags: [UInt32] = [
        "cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep", "CFF ", "VORG",
        "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF", "GPOS", "GSUB", "EBSC",
        "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar", "fdsc",
        "feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar", "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat",
        "Gloc", "Feat", "Sill",
    ].map(\.packedASCII)
    private static let glyf = "glyf".packedASCII
    private static let loca = "loca".packedASCII

    /// WOFF2's UIntBase128: seven bits a byte, most significant first, no leading zero byte.
    private static func appendBase128(_ value: UInt32, to bytes: inout [UInt8]) {
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes += groups.reversed()
    }

    /// The linked Brotli encoder's version (`1.0.9`): what `encodeUntransformed` makes depends on it.
    public static var brotliVersion: String {
        let version = gazette_brotli_encoder_version()
        return "\(version >> 24).\(version >> 12 & 0xFFF).\(version & 0xFFF)"
    }

    /// Unmaps the memory Brotli's encoders keep between calls (`CWOFF2`'s arenas: only their
    /// touched pages are resident, but at quality 9 that is 32 MB an encoder): after a run of
    /// encodings, so that it does not stay resident for the rest of the process. The next
    /// encoding maps afresh.
    public static func releaseScratch() { gazette_woff2_release_scratch() }

    /// The TrueType font a WOFF2 file holds, decoded as a browser decodes it.
    public static func decode(_ woff2: Data) throws(Failure) -> Data {
        let result: Data? = woff2.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            let size = gazette_woff2_decoded_size(base, raw.count)
            guard size > 0, size <= 64 << 20 else { return nil }
            var output = Data(count: size)
            let written = output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Int in
                guard let target = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
                return gazette_woff2_decode(base, raw.count, target, size)
            }
            guard written > 0 else { return nil }
            output.count = written
            return output
        }
        guard let result else { throw Failure(description: "not a WOFF2 file the decoder can read") }
        return result
    }
}

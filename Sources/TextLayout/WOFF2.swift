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
        let result: Data? = ttf.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var length = gazette_woff2_max_size(base, raw.count)
            guard length > 0 else { return nil }
            var output = Data(count: length)
            let ok = output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Int32 in
                guard let target = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
                return gazette_woff2_encode(base, raw.count, quality, 1, target, &length)
            }
            guard ok == 1 else { return nil }
            output.count = length
            return output
        }
        guard let result else { throw Failure(description: "the WOFF2 encoder refused the font") }
        return result
    }

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

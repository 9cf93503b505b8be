internal import CZlib
import Foundation

/// zlib, wrapped once: gzip for the search index's files (the browser inflates them with
/// `DecompressionStream`, so a static host needs no compression settings) and the zlib format
/// of PDF streams (`FlateDecode`). The same input and zlib give the same bytes (a gzip header's
/// time is zero).
public enum Zlib {
    public enum Format: Sendable {
        case gzip, zlib
        /// zlib's window bits for the format: a 32 KB window, in a gzip or a zlib wrapper.
        var windowBits: Int32 { self == .gzip ? 31 : 15 }
    }

    /// `data` compressed, or nil if zlib failed (out of memory).
    public static func compress(_ data: [UInt8], level: Int32 = 6, format: Format = .gzip) -> Data? {
        var stream = z_stream()
        // 8: zlib's default memory level.
        guard deflateInit2_(&stream, level, Z_DEFLATED, format.windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        let status: Int32 = data.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        return Data(output.prefix(Int(stream.total_out)))
    }

    /// Compressed bytes inflated, or nil if they are not whole and valid.
    public static func decompress(_ data: Data, format: Format = .gzip) -> Data? {
        var stream = z_stream()
        guard inflateInit2_(&stream, format.windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        let input = [UInt8](data)
        var result = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while status == Z_OK {
                chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    if let base = out.baseAddress { result.append(base, count: out.count - Int(stream.avail_out)) }
                }
            }
        }
        return status == Z_STREAM_END ? result : nil
    }
}

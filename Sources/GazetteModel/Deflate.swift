internal import CDeflate
import Foundation

/// libdeflate, wrapped once: gzip for the search index's files (the browser inflates them with
/// `DecompressionStream`, so a static host needs no compression settings) and the zlib format
/// of PDF streams (`FlateDecode`). Every buffer Gazette compresses is held whole, which is what
/// libdeflate is made for: on the search index of 2,000 journals of Korean text it took half of
/// zlib's time for files a little smaller. The same input and library give the same bytes (a
/// gzip header's time is zero).
public enum Deflate {
    public enum Format: Sendable {
        case gzip, zlib
    }

    /// `data` compressed at `level` (0–12; 6 is zlib's default, 1 the fastest), or nil if
    /// libdeflate could not allocate its compressor.
    public static func compress(_ data: [UInt8], level: Int32 = 6, format: Format = .gzip) -> Data? {
        guard let compressor = Compressors.take(level: level) else { return nil }
        defer { Compressors.give(compressor, level: level) }
        return data.withUnsafeBytes { input -> Data? in
            let bound =
                switch format {
                case .gzip: libdeflate_gzip_compress_bound(compressor.pointer, input.count)
                case .zlib: libdeflate_zlib_compress_bound(compressor.pointer, input.count)
                }
            var output = [UInt8](repeating: 0, count: bound)
            let written = output.withUnsafeMutableBytes { out -> Int in
                switch format {
                case .gzip: libdeflate_gzip_compress(compressor.pointer, input.baseAddress, input.count, out.baseAddress, out.count)
                case .zlib: libdeflate_zlib_compress(compressor.pointer, input.baseAddress, input.count, out.baseAddress, out.count)
                }
            }
            // 0: the output did not fit, which the bound rules out. The result is copied out of
            // the buffer, which has room for the input: a `Data` cut short keeps all of it (at
            // 100,000 journals, the search index's files kept a gigabyte that way).
            guard written > 0 else { return nil }
            return Data(output[..<written])
        }
    }

    /// Compressed bytes inflated, or nil if they are not one whole, valid stream (or would
    /// inflate past `limit` bytes).
    public static func decompress(_ data: Data, format: Format = .gzip, limit: Int = 1 << 30) -> Data? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        let input = [UInt8](data)
        // A gzip stream ends with its size (modulo 2³², and only as true as the file), never
        // more than DEFLATE's 1,032 to 1; a zlib stream does not say. The output grows until
        // it fits.
        let said = format == .gzip ? Int(gzipSize(input) ?? 0) : input.count * 4
        var capacity = max(1024, min(said, input.count * 1032))
        while capacity <= limit {
            var output = Data(count: capacity)
            var written = 0
            let result = input.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    switch format {
                    case .gzip: libdeflate_gzip_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &written)
                    case .zlib: libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &written)
                    }
                }
            }
            switch result {
            case LIBDEFLATE_SUCCESS:
                output.count = written
                return output
            case LIBDEFLATE_INSUFFICIENT_SPACE:
                capacity *= 2
            default:
                return nil
            }
        }
        return nil
    }

    /// The size a gzip stream says its data has (its last four bytes, little-endian).
    private static func gzipSize(_ bytes: [UInt8]) -> UInt32? {
        guard bytes.count >= 18 else { return nil }
        return bytes.suffix(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Compressors kept for the next call at the same level: each is a few hundred kilobytes
    /// of tables, and the search index compresses thousands of small files on every core.
    private enum Compressors {
        /// A compressor's pointer. `@unchecked Sendable` is sound here: a compressor is used by
        /// one thread at a time, taken out of the pool (under its lock), then given back.
        struct Handle: @unchecked Sendable {
            let pointer: OpaquePointer
        }

        static let idle = Locked<[Int32: [Handle]]>([:])

        static func take(level: Int32) -> Handle? {
            if let kept = idle.withLock({ $0[level]?.popLast() }) { return kept }
            return libdeflate_alloc_compressor(level).map(Handle.init)
        }

        static func give(_ handle: Handle, level: Int32) {
            idle.withLock { $0[level, default: []].append(handle) }
        }
    }

    /// The CRC-32 of `bytes` continuing from `running` (0 to start): gzip's and zlib's checksum,
    /// which `MemoryFile` ends its files with.
    public static func crc32(_ running: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(libdeflate_crc32(running, bytes.baseAddress, bytes.count))
    }
}

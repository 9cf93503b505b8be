internal import CDeflate
import Foundation
import Glibc

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
        guard let compressor = Compressors.ofThisThread(level: level) else { return nil }
        return data.withUnsafeBytes { input -> Data? in
            let bound =
                switch format {
                case .gzip: libdeflate_gzip_compress_bound(compressor, input.count)
                case .zlib: libdeflate_zlib_compress_bound(compressor, input.count)
                }
            var output = [UInt8](repeating: 0, count: bound)
            let written = output.withUnsafeMutableBytes { out -> Int in
                switch format {
                case .gzip: libdeflate_gzip_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
                case .zlib: libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
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
    /// of tables, and the search index compresses thousands of small files on every core. Each
    /// thread keeps its own (thread-local storage, freed when the thread ends), so a compressor
    /// is never shared and nothing needs the compiler's trust: a pool shared under a lock needed
    /// an `@unchecked Sendable` handle for its pointers.
    private enum Compressors {
        /// One thread's compressors by level.
        final class OfThread {
            var byLevel: [Int32: OpaquePointer] = [:]

            deinit { for compressor in byLevel.values { libdeflate_free_compressor(compressor) } }
        }

        /// The key of each thread's `OfThread`, released when the thread exits.
        static let key: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { raw in raw.map { Unmanaged<OfThread>.fromOpaque($0).release() } }
            return key
        }()

        /// This thread's compressor for `level`, made on its first use.
        static func ofThisThread(level: Int32) -> OpaquePointer? {
            let mine: OfThread
            if let raw = pthread_getspecific(key) {
                mine = Unmanaged<OfThread>.fromOpaque(raw).takeUnretainedValue()
            } else {
                mine = OfThread()
                pthread_setspecific(key, Unmanaged.passRetained(mine).toOpaque())
            }
            if let kept = mine.byLevel[level] { return kept }
            guard let made = libdeflate_alloc_compressor(level) else { return nil }
            mine.byLevel[level] = made
            return made
        }
    }

    /// The CRC-32 of `bytes` continuing from `running` (0 to start): gzip's and zlib's checksum,
    /// which `MemoryFile` ends its files with.
    public static func crc32(_ running: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(libdeflate_crc32(running, bytes.baseAddress, bytes.count))
    }
}

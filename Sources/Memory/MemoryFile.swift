import Foundation
import GazetteModel
import Glibc

/// The one format of what builds keep on disk between runs (`.gazette/cache/`: the parsed
/// bodies, the card measures, each output folder's ledger): one writer, one reader, one
/// envelope. A file is
///
///     "gazette-memory\n"  format  kind  kind-version  stamp  …the kind's values…  CRC-32
///
/// where every value is a LEB128 integer (signed ones zigzagged), a length-prefixed UTF-8
/// string, a flag byte or a fingerprint (two little-endian words), and the CRC-32 (libdeflate's,
/// over every byte before it, as a little-endian word) ends the file. `stamp` names what made
/// the values when that matters (the executable, whose parser may render the same Markdown
/// otherwise). A file that is missing, torn, damaged, of another format, kind, version or
/// stamp, or with bytes left over, reads as nothing: the build starts cold and writes it again.
/// Never an error. Files are written beside their target and renamed over it when complete.
public enum MemoryFile {
    /// The envelope's own version: a change to how values are written.
    public static let format = 1

    /// What a file holds and the version of its layout.
    public struct Kind: Sendable, Equatable {
        public var name: String
        public var version: Int

        public init(_ name: String, version: Int) { (self.name, self.version) = (name, version) }
    }

    static let magic = Array("gazette-memory\n".utf8)

    // MARK: - Writing

    /// Writes values, handing its bytes to `flush` a megabyte or so at a time (a build writes a
    /// large file as it goes rather than holding all of it at its end).
    public final class Writer {
        private(set) var bytes: [UInt8] = []
        private var checksum: UInt32 = 0
        private let flush: (([UInt8]) throws -> Void)?

        init(flush: (([UInt8]) throws -> Void)?) {
            self.flush = flush
            bytes.reserveCapacity(1 << 16)
        }

        public func unsigned(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        public func integer(_ value: Int) {
            let wide = Int64(value)
            unsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
        }

        public func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

        public func fingerprint(_ value: Fingerprint) {
            for word in [value.high, value.low] { withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) } }
        }

        public func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                unsigned(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }

        /// Bytes as they are, after their length.
        public func data(_ value: Data) {
            unsigned(UInt64(value.count))
            bytes.append(contentsOf: value)
        }

        /// A flag, then the string when there is one.
        public func optionalString(_ value: String?) {
            flag(value != nil)
            if let value { string(value) }
        }

        /// Hands what is written so far on once it passes a megabyte.
        public func flushIfLarge() throws {
            if flush != nil, bytes.count >= 1 << 20 { try emit() }
        }

        fileprivate func emit() throws {
            checksum = Self.crc(checksum, bytes)
            try flush?(bytes)
            bytes.removeAll(keepingCapacity: true)
        }

        fileprivate func finish() throws {
            let total = Self.crc(checksum, bytes)
            withUnsafeBytes(of: total.littleEndian) { bytes.append(contentsOf: $0) }
            if flush != nil {
                try flush?(bytes)
                bytes.removeAll()
            }
        }

        static func crc(_ running: UInt32, _ bytes: [UInt8]) -> UInt32 {
            bytes.withUnsafeBytes { Deflate.crc32(running, $0) }
        }

        fileprivate func header(_ kind: Kind, stamp: String) {
            bytes.append(contentsOf: MemoryFile.magic)
            unsigned(UInt64(MemoryFile.format))
            string(kind.name)
            unsigned(UInt64(kind.version))
            string(stamp)
        }
    }

    /// The file's bytes, whole (tests, and small files).
    public static func encode(_ kind: Kind, stamp: String = "", _ body: (Writer) throws -> Void) rethrows -> Data {
        let writer = Writer(flush: nil)
        writer.header(kind, stamp: stamp)
        try body(writer)
        // Without a flush nothing can throw here.
        try? writer.finish()
        return Data(writer.bytes)
    }

    /// Writes the file through a temporary one beside it, renamed over `file` when complete;
    /// the folder is made if missing, and what a killed build left there goes first.
    public static func write(_ kind: Kind, stamp: String = "", to file: URL, _ body: (Writer) throws -> Void) throws {
        struct Failed: Error { let code: Int32 }
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        TemporaryFile.removeStale(in: folder)
        let temporary = TemporaryFile.url(for: file)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failed(code: errno) }
        do {
            let writer = Writer { chunk in
                let failure = TemporaryFile.writeAll(Data(chunk), to: descriptor)
                if failure != 0 { throw Failed(code: failure) }
            }
            writer.header(kind, stamp: stamp)
            try body(writer)
            try writer.finish()
            guard close(descriptor) == 0 else { throw Failed(code: errno) }
            guard rename(temporary.path, file.path) == 0 else { throw Failed(code: errno) }
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
    }

    // MARK: - Reading

    /// Reads values in the order they were written; every read is nil past the end or on a
    /// value that cannot be (a length longer than what is left), so a damaged file reads as
    /// nothing rather than as garbage.
    public struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset: Int

        public var isAtEnd: Bool { offset == bytes.count }

        public mutating func unsigned() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        public mutating func integer() -> Int? {
            guard let zigzag = unsigned() else { return nil }
            return Int(Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
        }

        /// A count or length: never more than the bytes left, so a torn file cannot ask for more.
        public mutating func count() -> Int? {
            guard let value = unsigned(), value <= UInt64(bytes.count - offset) else { return nil }
            return Int(value)
        }

        public mutating func flag() -> Bool? {
            guard offset < bytes.count, bytes[offset] <= 1 else { return nil }
            offset += 1
            return bytes[offset - 1] == 1
        }

        mutating func word() -> UInt64? {
            guard bytes.count - offset >= 8, let base = bytes.baseAddress else { return nil }
            let value = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            offset += 8
            return value
        }

        public mutating func fingerprint() -> Fingerprint? {
            guard let high = word(), let low = word() else { return nil }
            return Fingerprint(high: high, low: low)
        }

        public mutating func string() -> String? {
            guard let length = count() else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
            offset += length
            return text
        }

        /// Bytes `Writer.data` wrote.
        public mutating func data() -> Data? {
            guard let length = count() else { return nil }
            let value = Data(UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]))
            offset += length
            return value
        }

        /// `.some(nil)` for an absent string, nil for a damaged file.
        public mutating func optionalString() -> String?? {
            guard let present = flag() else { return nil }
            guard present else { return .some(nil) }
            return string().map { .some($0) }
        }
    }

    /// What `body` reads from `data`, when `data` is a whole, undamaged file of `kind` (its
    /// version) and `stamp` and `body` reads it to its last value; otherwise nil.
    public static func decode<T>(_ data: Data, _ kind: Kind, stamp: String = "", _ body: (inout Reader) -> T?) -> T? {
        data.withUnsafeBytes { raw -> T? in
            let all = raw.bindMemory(to: UInt8.self)
            guard all.count >= magic.count + 4, all.prefix(magic.count).elementsEqual(magic) else { return nil }
            let content = UnsafeBufferPointer(rebasing: all[..<(all.count - 4)])
            let stored = all.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard Deflate.crc32(0, UnsafeRawBufferPointer(content)) == stored else { return nil }
            var reader = Reader(bytes: content, offset: magic.count)
            guard let header = readHeader(&reader), header.kind == kind, header.stamp == stamp, let value = body(&reader), reader.isAtEnd
            else { return nil }
            return value
        }
    }

    /// What a file says it is (its kind and version, and its stamp), without checking the rest.
    public static func header(of data: Data) -> (kind: Kind, stamp: String)? {
        data.withUnsafeBytes { raw -> (Kind, String)? in
            let all = raw.bindMemory(to: UInt8.self)
            guard all.count >= magic.count, all.prefix(magic.count).elementsEqual(magic) else { return nil }
            var reader = Reader(bytes: all, offset: magic.count)
            return readHeader(&reader)
        }
    }

    /// The header after the magic bytes (`Writer.header`): this format's, or nil.
    private static func readHeader(_ reader: inout Reader) -> (kind: Kind, stamp: String)? {
        guard reader.unsigned() == UInt64(format), let name = reader.string(), let version = reader.unsigned().flatMap(Int.init(exactly:)),
            let stamp = reader.string()
        else { return nil }
        return (Kind(name, version: version), stamp)
    }

    /// `decode` of the file at `file`, mapped rather than read (its pages are the system's to
    /// drop while its values are used); nil when there is none.
    public static func read<T>(_ file: URL, _ kind: Kind, stamp: String = "", _ body: (inout Reader) -> T?) -> T? {
        guard let data = try? Data(contentsOf: file, options: .alwaysMapped) else { return nil }
        return decode(data, kind, stamp: stamp, body)
    }
}

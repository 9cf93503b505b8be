import Foundation
import GazetteModel

/// `BodyCache` kept on disk between runs of `gazette build` (`.gazette/cache/bodies.bin`), so a
/// build after one edit parses one body, as `serve` does, instead of every body again.
///
/// Binary, every string length-prefixed (bodies hold every character a file can):
/// `gazette-bodies <format>\n<stamp>\n`, the options fingerprint, the entry count, then per
/// entry the slug, the Markdown's digest, whether the HTML and plain text are kept and if so
/// both, the lead, the headings, the card excerpt's runs, and the body's warnings (JSON, empty
/// when none). Integers are little-endian.
///
/// `stamp` names the program that parsed the bodies (`gazette`'s executable): a cache another
/// build of gazette wrote is ignored, since its parser may render the same Markdown otherwise.
/// A file that is missing, torn or of another format is an empty cache: the next build parses
/// everything and writes it again.
enum BodyCacheFile {
    static let format = 2

    /// Keys sorted: the same warnings make the same bytes.
    private static var warningEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static func encode(options: Fingerprint, _ table: BodyCache.Table, stamp: String) -> Data {
        var data = Data()
        encode(options: options, table, stamp: stamp) { data.append($0) }
        return data
    }

    /// `encode`, handed to `flush` a megabyte or so at a time: a build writes the file as it
    /// goes rather than holding all of it (170 MB at 10,000 journals) at its end, when the
    /// site's pages are still in memory.
    static func encode(options: Fingerprint, _ table: BodyCache.Table, stamp: String, flush: (Data) throws -> Void) rethrows {
        var writer = Writer()
        writer.bytes.append(contentsOf: Array("gazette-bodies \(format)\n\(stamp)\n".utf8))
        writer.fingerprint(options)
        // By slug, so the same bodies make the same file.
        let slugs = table.bodies.keys.sorted { $0.utf8Precedes($1) }
        writer.integer(slugs.count)
        for slug in slugs {
            guard let body = table.bodies[slug], let digest = table.digests[slug] else { continue }
            writer.string(slug)
            writer.fingerprint(digest)
            if let full = body.full {
                writer.integer(1)
                writer.string(full.html)
                writer.string(full.plainText)
            } else {
                writer.integer(0)
            }
            writer.string(body.lead)
            writer.string(body.headings)
            writer.integer(body.excerpt.count)
            for run in body.excerpt {
                writer.string(run.kind.rawValue)
                writer.string(run.text)
            }
            writer.string(body.warnings.isEmpty ? "" : (try? warningEncoder.encode(body.warnings)).map { String(decoding: $0, as: UTF8.self) } ?? "")
            if writer.bytes.count >= 1 << 20 {
                try flush(writer.bytes)
                writer.bytes = Data()
            }
        }
        if !writer.bytes.isEmpty { try flush(writer.bytes) }
    }

    /// Writes the file through a temporary one beside it, renamed over it when complete.
    static func write(options: Fingerprint, _ table: BodyCache.Table, stamp: String, to file: URL) throws {
        struct Failed: Error { let code: Int32 }
        let temporary = TemporaryFile.url(for: file)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failed(code: errno) }
        do {
            try encode(options: options, table, stamp: stamp) { chunk in
                let failure = TemporaryFile.writeAll(chunk, to: descriptor)
                if failure != 0 { throw Failed(code: failure) }
            }
            guard close(descriptor) == 0 else { throw Failed(code: errno) }
            guard rename(temporary.path, file.path) == 0 else { throw Failed(code: errno) }
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
    }

    /// What `encode` wrote with the same `stamp`, or nil.
    static func decode(_ data: Data, stamp: String) -> (options: Fingerprint, table: BodyCache.Table)? {
        let header = Array("gazette-bodies \(format)\n\(stamp)\n".utf8)
        return data.withUnsafeBytes { raw -> (Fingerprint, BodyCache.Table)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count >= header.count, bytes.prefix(header.count).elementsEqual(header) else { return nil }
            var reader = Reader(bytes: bytes, offset: header.count)
            guard let options = reader.fingerprint(), let count = reader.integer() else { return nil }
            var table = BodyCache.Table()
            for _ in 0..<count {
                guard let slug = reader.string(), let digest = reader.fingerprint(), let hasFull = reader.integer() else { return nil }
                var full: (html: String, plainText: String)?
                if hasFull == 1 {
                    guard let html = reader.string(), let plainText = reader.string() else { return nil }
                    full = (html, plainText)
                }
                guard let lead = reader.string(), let headings = reader.string(), let runCount = reader.integer() else { return nil }
                var excerpt: [ExcerptRun] = []
                for _ in 0..<runCount {
                    guard let kind = reader.string().flatMap(ExcerptRun.Kind.init(rawValue:)), let text = reader.string() else { return nil }
                    excerpt.append(ExcerptRun(text, kind))
                }
                guard let warningsJSON = reader.string() else { return nil }
                var warnings: [Diagnostic] = []
                if !warningsJSON.isEmpty {
                    guard let decoded = try? JSONDecoder().decode([Diagnostic].self, from: Data(warningsJSON.utf8)) else { return nil }
                    warnings = decoded
                }
                table.bodies[slug] = JournalBodies.Body(full: full, lead: lead, headings: headings, excerpt: excerpt, warnings: warnings)
                table.digests[slug] = digest
            }
            guard reader.offset == bytes.count else { return nil }
            return (options, table)
        }
    }

    private struct Writer {
        var bytes = Data()

        mutating func integer(_ value: Int) {
            withUnsafeBytes(of: UInt64(value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func fingerprint(_ value: Fingerprint) {
            withUnsafeBytes(of: value.high.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: value.low.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                integer(utf8.count)
                bytes.append(utf8)
            }
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset: Int

        mutating func word() -> UInt64? {
            guard bytes.count - offset >= 8, let base = bytes.baseAddress else { return nil }
            let value = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            offset += 8
            return value
        }

        /// A count or length: never more than the bytes left, so a torn file cannot ask for more.
        mutating func integer() -> Int? {
            guard let value = word(), value <= UInt64(bytes.count) else { return nil }
            return Int(value)
        }

        mutating func fingerprint() -> Fingerprint? {
            guard let high = word(), let low = word() else { return nil }
            return Fingerprint(high: high, low: low)
        }

        mutating func string() -> String? {
            guard let length = integer(), bytes.count - offset >= length else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
            offset += length
            return text
        }
    }
}

extension BodyCache {
    /// The bodies `save(to:stamp:)` wrote into `file` with the same `stamp`; an empty cache if
    /// there are none.
    public convenience init(contentsOf file: URL, stamp: String) {
        self.init()
        // Mapped, not read: the file's pages are the system's to drop while its bodies are made.
        if let data = try? Data(contentsOf: file, options: .alwaysMapped), let (options, table) = BodyCacheFile.decode(data, stamp: stamp) {
            restore(options: options, table)
        }
    }

    /// Writes the bodies of the last build to `file`, atomically, if that build parsed any or
    /// let any go; a failure costs the next build time only. Not when a body's HTML was let go
    /// for the memory budget (`JournalBodies`): a site that large would write hundreds of
    /// megabytes on every build, and hold them while it did.
    public func save(to file: URL, stamp: String) {
        guard let (options, table) = takeChanged(), table.bodies.values.allSatisfy({ $0.full != nil }) else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // What a build killed while writing left (its pid no longer runs) goes first.
        TemporaryFile.removeStale(in: file.deletingLastPathComponent())
        try? BodyCacheFile.write(options: options, table, stamp: stamp, to: file)
    }
}

import Foundation
import GazetteModel
import Memory

/// `BodyMemo` kept on disk between runs of `gazette build` (`.gazette/cache/bodies.bin`), so a
/// build after one edit parses one body, as `serve` does, instead of every body again.
///
/// A `MemoryFile` of kind `bodies`, stamped with the program that parsed the bodies
/// (`gazette`'s executable: another build of gazette may render the same Markdown otherwise):
/// the options fingerprint, the entry count, then per entry, by slug, the slug, the Markdown's
/// digest, whether the HTML and plain text are kept and if so both, the lead, the headings, the
/// card excerpt's runs, the body's warnings (JSON, empty when none), and its links to the site
/// (count, then each one's destination, line, column and line as written), and its headings'
/// ids (count, then each). A file that is missing,
/// torn or of another kind, version or stamp is an empty cache: the next build parses
/// everything and writes it again.
enum BodyMemoFile {
    static let kind = MemoryFile.Kind("bodies", version: 5)

    /// Keys sorted: the same warnings make the same bytes.
    private static var warningEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static func encode(options: Fingerprint, _ table: BodyMemo.Table, stamp: String) -> Data {
        // Held whole, nothing is handed on, so nothing can fail.
        (try? MemoryFile.encode(kind, stamp: stamp) { writer in try write(options: options, table, to: writer) }) ?? Data()
    }

    /// Writes the file atomically, a megabyte or so at a time as it goes rather than holding all
    /// of it (170 MB at 10,000 journals) at the end of a build, when the site's pages are still
    /// in memory.
    static func write(options: Fingerprint, _ table: BodyMemo.Table, stamp: String, to file: URL) throws {
        try MemoryFile.write(kind, stamp: stamp, to: file) { writer in try write(options: options, table, to: writer) }
    }

    private static func write(options: Fingerprint, _ table: BodyMemo.Table, to writer: MemoryFile.Writer) throws {
        writer.fingerprint(options)
        // By slug, so the same bodies make the same file.
        let slugs = table.bodies.keys.sorted { $0.utf8Precedes($1) }.filter { table.digests[$0] != nil }
        writer.unsigned(UInt64(slugs.count))
        for slug in slugs {
            guard let body = table.bodies[slug], let digest = table.digests[slug] else { continue }
            writer.string(slug)
            writer.fingerprint(digest)
            writer.flag(body.full != nil)
            if let full = body.full {
                writer.string(full.html)
                writer.string(full.plainText)
            }
            writer.string(body.lead)
            writer.string(body.headings)
            writer.unsigned(UInt64(body.excerpt.count))
            for run in body.excerpt {
                writer.string(run.kind.rawValue)
                writer.string(run.text)
            }
            writer.string(body.warnings.isEmpty ? "" : (try? warningEncoder.encode(body.warnings)).map { String(decoding: $0, as: UTF8.self) } ?? "")
            writer.unsigned(UInt64(body.siteLinks.count))
            for link in body.siteLinks {
                writer.string(link.destination)
                writer.unsigned(UInt64(link.line))
                writer.unsigned(UInt64(link.column))
                writer.string(link.sourceLine)
            }
            writer.unsigned(UInt64(body.anchors.count))
            for anchor in body.anchors { writer.string(anchor) }
            try writer.flushIfLarge()
        }
    }

    /// What `encode` wrote with the same `stamp`, or nil.
    static func decode(_ data: Data, stamp: String) -> (options: Fingerprint, table: BodyMemo.Table)? {
        MemoryFile.decode(data, kind, stamp: stamp) { reader -> (Fingerprint, BodyMemo.Table)? in
            guard let options = reader.fingerprint(), let count = reader.count() else { return nil }
            var table = BodyMemo.Table()
            for _ in 0..<count {
                guard let slug = reader.string(), let digest = reader.fingerprint(), let hasFull = reader.flag() else { return nil }
                var full: (html: String, plainText: String)?
                if hasFull {
                    guard let html = reader.string(), let plainText = reader.string() else { return nil }
                    full = (html, plainText)
                }
                guard let lead = reader.string(), let headings = reader.string(), let runCount = reader.count() else { return nil }
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
                guard let linkCount = reader.count() else { return nil }
                var siteLinks: [JournalBodies.SiteLink] = []
                for _ in 0..<linkCount {
                    // Lines and columns are not lengths of what follows: not `count()`.
                    guard let destination = reader.string(), let line = reader.unsigned().flatMap(Int.init(exactly:)),
                        let column = reader.unsigned().flatMap(Int.init(exactly:)), let shown = reader.string()
                    else { return nil }
                    siteLinks.append(.init(destination: destination, line: line, column: column, sourceLine: shown))
                }
                guard let anchorCount = reader.count() else { return nil }
                var anchors: [String] = []
                for _ in 0..<anchorCount {
                    guard let anchor = reader.string() else { return nil }
                    anchors.append(anchor)
                }
                table.bodies[slug] = JournalBodies.Body(
                    full: full, lead: lead, headings: headings, excerpt: excerpt, warnings: warnings, siteLinks: siteLinks, anchors: anchors)
                table.digests[slug] = digest
            }
            return (options, table)
        }
    }
}

extension BodyMemo {
    /// The bodies `save(to:stamp:)` wrote into `file` with the same `stamp`; an empty cache if
    /// there are none.
    public convenience init(contentsOf file: URL, stamp: String) {
        // Mapped, not read: the file's pages are the system's to drop while its bodies are made.
        if let data = try? Data(contentsOf: file, options: .alwaysMapped), let (options, table) = BodyMemoFile.decode(data, stamp: stamp) {
            self.init(restoring: options, table)
        } else {
            self.init()
        }
    }

    /// Writes the bodies of the last build to `file`, atomically, if that build parsed any or
    /// let any go; a failure costs the next build time only. Not when a body's HTML was let go
    /// for the memory budget (`JournalBodies`): a site that large would write hundreds of
    /// megabytes on every build, and hold them while it did.
    public func save(to file: URL, stamp: String) {
        guard let (options, table) = takeChanged(), table.bodies.values.allSatisfy({ $0.full != nil }) else { return }
        try? BodyMemoFile.write(options: options, table, stamp: stamp, to: file)
    }
}

import Foundation
import GazetteModel
import Memory

/// The ledger on disk: a `MemoryFile` of kind `ledger` (its version `OutputLedger.format`),
/// stamped with the executable that recorded it. The inputs' stamp and the summary, each after
/// a flag saying whether there is one; the live site's files, then the previous site's, each by
/// path (count, then path, key, size, inode, modification time); the summary's diagnostics
/// (severity, optional path, line, column, message, optional hint, source line and code, and
/// the span, 0 for none).
enum LedgerFile {
    static var kind: MemoryFile.Kind { MemoryFile.Kind("ledger", version: OutputLedger.format) }

    static func encode(_ ledger: OutputLedger) -> Data {
        // Without a flush, writing cannot throw.
        (try? MemoryFile.encode(kind, stamp: ledger.engine) { try put(ledger, $0) }) ?? Data()
    }

    /// Writes the ledger atomically (`MemoryFile.write`).
    static func write(_ ledger: OutputLedger, to file: URL) throws {
        try MemoryFile.write(kind, stamp: ledger.engine, to: file) { try put(ledger, $0) }
    }

    /// Hands the bytes on a megabyte at a time as it goes (`flushIfLarge`): whole, the ledger of
    /// 100,000 journals (117,000 files, 100,000 warnings) was 36 MB held at the build's end, its
    /// peak.
    private static func put(_ ledger: OutputLedger, _ writer: MemoryFile.Writer) throws {
        writer.flag(ledger.inputs != nil)
        if let inputs = ledger.inputs { writer.fingerprint(inputs) }
        writer.flag(ledger.summary != nil)
        if let summary = ledger.summary {
            for number in [summary.journals, summary.articles, summary.weeks, summary.fontBytes, summary.leftOut.drafts, summary.leftOut.future] {
                writer.integer(number)
            }
            writer.integer(summary.leftOut.nextDate.map { Int($0.timeIntervalSince1970.rounded(.up)) } ?? -1)
        }
        for entries in [ledger.live, ledger.previous] {
            writer.unsigned(UInt64(entries.count))
            for (path, entry) in entries.sorted(by: { $0.key.utf8Precedes($1.key) }) {
                writer.string(path)
                writer.fingerprint(entry.key)
                writer.integer(Int(entry.size))
                writer.unsigned(entry.inode)
                writer.integer(Int(entry.modified))
                try writer.flushIfLarge()
            }
        }
        let diagnostics = ledger.summary?.diagnostics ?? []
        writer.unsigned(UInt64(diagnostics.count))
        for diagnostic in diagnostics {
            writer.string(diagnostic.severity.rawValue)
            writer.optionalString(diagnostic.location?.path)
            writer.integer(diagnostic.location?.line ?? 0)
            writer.integer(diagnostic.location?.column ?? 0)
            writer.string(diagnostic.message)
            writer.optionalString(diagnostic.hint)
            writer.optionalString(diagnostic.sourceLine)
            writer.optionalString(diagnostic.namedCode)
            writer.integer(diagnostic.span ?? 0)
            try writer.flushIfLarge()
        }
    }

    /// The ledger `engine` recorded in `data`, or nil when it is not one (another kind, version
    /// or engine, damaged, cut short).
    static func decode(_ data: Data, engine: String) -> OutputLedger? {
        MemoryFile.decode(data, kind, stamp: engine) { reader -> OutputLedger? in
            var ledger = OutputLedger(engine: engine)
            guard let hasInputs = reader.flag() else { return nil }
            if hasInputs {
                guard let inputs = reader.fingerprint() else { return nil }
                ledger.inputs = inputs
            }
            guard let hasSummary = reader.flag() else { return nil }
            if hasSummary {
                guard let journals = reader.integer(), let articles = reader.integer(), let weeks = reader.integer(),
                    let fontBytes = reader.integer(), let drafts = reader.integer(), let future = reader.integer(), let next = reader.integer()
                else { return nil }
                let leftOut = LeftOutCounts(drafts: drafts, future: future, nextDate: next < 0 ? nil : Date(timeIntervalSince1970: Double(next)))
                ledger.summary = OutputLedger.Summary(
                    journals: journals, articles: articles, weeks: weeks, fontBytes: fontBytes, leftOut: leftOut, diagnostics: [])
            }
            for live in [true, false] {
                guard let count = reader.count() else { return nil }
                var entries: [String: OutputLedger.Entry] = [:]
                entries.reserveCapacity(count)
                for _ in 0..<count {
                    guard let path = reader.string(), let key = reader.fingerprint(), let size = reader.integer(), let inode = reader.unsigned(),
                        let modified = reader.integer()
                    else { return nil }
                    entries[path] = OutputLedger.Entry(key: key, size: Int64(size), inode: inode, modified: Int64(modified))
                }
                if live { ledger.live = entries } else { ledger.previous = entries }
            }
            guard let count = reader.count() else { return nil }
            var diagnostics: [Diagnostic] = []
            for _ in 0..<count {
                guard let severity = reader.string().flatMap(Diagnostic.Severity.init(rawValue:)), let path = reader.optionalString(),
                    let line = reader.integer(), let column = reader.integer(), let message = reader.string(), let hint = reader.optionalString(),
                    let sourceLine = reader.optionalString(), let code = reader.optionalString(), let span = reader.integer()
                else { return nil }
                var diagnostic = Diagnostic(
                    severity, message, at: path.map { SourceLocation(path: $0, line: line, column: column) }, hint: hint, sourceLine: sourceLine, code: code)
                diagnostic.span = span > 0 ? span : nil
                diagnostics.append(diagnostic)
            }
            if hasSummary { ledger.summary?.diagnostics = diagnostics }
            return ledger
        }
    }
}

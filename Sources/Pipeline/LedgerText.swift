import Foundation
import GazetteModel

/// The ledger as text: one record a line, fields separated by tabs, sorted, so it reads and
/// diffs like a table and parses with one pass over its bytes.
///
///     gazette-ledger  <format>  <engine>
///     inputs   <key high>  <key low>
///     summary  <journals>  <articles>  <weeks>  <font bytes>
///     live     <key high>  <key low>  <size>  <inode>  <modified>  <path>
///     previous …the same fields…
///     warning  <path>  <line>  <column>  <message>  <hint>  <source line>
///     error    …the same fields…
///
/// In text fields a backslash, tab and line feed are written `\\`, `\t` and `\n`; an absent
/// optional field is `\0` (a backslash and a zero, which escaping never makes).
enum LedgerText {
    static func encode(_ ledger: OutputLedger) -> Data {
        var out = ""
        out.reserveCapacity(128 * (ledger.live.count + ledger.previous.count + (ledger.summary?.diagnostics.count ?? 0)))
        func line(_ fields: [String]) {
            out += fields.joined(separator: "\t")
            out += "\n"
        }
        line(["gazette-ledger", "\(ledger.format)", escape(ledger.engine)])
        if let inputs = ledger.inputs { line(["inputs", "\(inputs.high)", "\(inputs.low)"]) }
        if let summary = ledger.summary {
            line(["summary", "\(summary.journals)", "\(summary.articles)", "\(summary.weeks)", "\(summary.fontBytes)"])
        }
        for (kind, entries) in [("live", ledger.live), ("previous", ledger.previous)] {
            for (path, entry) in entries.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                line([kind, "\(entry.key.high)", "\(entry.key.low)", "\(entry.size)", "\(entry.inode)", "\(entry.modified)", escape(path)])
            }
        }
        for diagnostic in ledger.summary?.diagnostics ?? [] {
            let location = diagnostic.location
            line([
                diagnostic.severity.rawValue, optional(location?.path), "\(location?.line ?? 0)", "\(location?.column ?? 0)",
                escape(diagnostic.message), optional(diagnostic.hint), optional(diagnostic.sourceLine),
            ])
        }
        return Data(out.utf8)
    }

    /// The ledger in `data`, or nil when it is not one (another format, damaged, cut short).
    static func decode(_ data: Data) -> OutputLedger? {
        var ledger = OutputLedger(engine: "")
        var diagnostics: [Diagnostic] = []
        var sawHeader = false
        var sawSummary = false
        let ok: Bool = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                guard let end = bytes[start...].firstIndex(of: 0x0A) else { return false }
                let fields = split(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end + 1
                guard let kind = fields.first else { return false }
                switch kind {
                case "gazette-ledger":
                    guard fields.count == 3, let format = Int(fields[1]), let engine = unescape(fields[2]) else { return false }
                    ledger.format = format
                    ledger.engine = engine
                    sawHeader = true
                case "inputs":
                    guard fields.count == 3, let high = UInt64(fields[1]), let low = UInt64(fields[2]) else { return false }
                    ledger.inputs = Fingerprint(high: high, low: low)
                case "summary":
                    guard fields.count == 5, let journals = Int(fields[1]), let articles = Int(fields[2]), let weeks = Int(fields[3]),
                        let fontBytes = Int(fields[4])
                    else { return false }
                    ledger.summary = OutputLedger.Summary(journals: journals, articles: articles, weeks: weeks, fontBytes: fontBytes, diagnostics: [])
                    sawSummary = true
                case "live", "previous":
                    guard fields.count == 7, let high = UInt64(fields[1]), let low = UInt64(fields[2]), let size = Int64(fields[3]),
                        let inode = UInt64(fields[4]), let modified = Int64(fields[5]), let path = unescape(fields[6])
                    else { return false }
                    let entry = OutputLedger.Entry(key: Fingerprint(high: high, low: low), size: size, inode: inode, modified: modified)
                    if kind == "live" { ledger.live[path] = entry } else { ledger.previous[path] = entry }
                case "warning", "error":
                    guard fields.count == 7, let severity = Diagnostic.Severity(rawValue: String(kind)), let line = Int(fields[2]),
                        let column = Int(fields[3]), let message = unescape(fields[4])
                    else { return false }
                    let path = unescapeOptional(fields[1])
                    diagnostics.append(
                        Diagnostic(
                            severity, message, at: path.map { SourceLocation(path: $0, line: line, column: column) },
                            hint: unescapeOptional(fields[5]), sourceLine: unescapeOptional(fields[6])))
                default:
                    return false
                }
            }
            return true
        }
        guard ok, sawHeader else { return nil }
        if sawSummary { ledger.summary?.diagnostics = diagnostics }
        return ledger
    }

    private static let absent = "\\0"

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func optional(_ text: String?) -> String { text.map(escape) ?? absent }

    /// The text of an escaped field, or nil when an escape is not one `escape` makes.
    static func unescape(_ field: Substring) -> String? {
        guard field.utf8.contains(0x5C) else { return String(field) }
        var text = ""
        var escaping = false
        for scalar in field.unicodeScalars {
            if escaping {
                switch scalar {
                case "\\": text += "\\"
                case "t": text += "\t"
                case "n": text += "\n"
                default: return nil
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return escaping ? nil : text
    }

    static func unescapeOptional(_ field: Substring) -> String? { field == absent ? nil : unescape(field) }

    /// The tab-separated fields of one line.
    private static func split(_ line: UnsafeBufferPointer<UInt8>) -> [Substring] {
        let text = String(decoding: line, as: UTF8.self)
        return text.split(separator: "\t", omittingEmptySubsequences: false)
    }
}

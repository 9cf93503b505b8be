import Foundation
import GazetteModel

/// The ledger as text: one record a line, fields separated by tabs, sorted, so it reads and
/// diffs like a table and parses with one pass over its bytes.
///
///     gazette-ledger  <format>  <engine>
///     inputs   <key high>  <key low>
///     summary  <journals>  <articles>  <weeks>  <font bytes>  <drafts left out>  <future left out>  <next date, s or -1>
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
            let left = summary.leftOut
            line([
                "summary", "\(summary.journals)", "\(summary.articles)", "\(summary.weeks)", "\(summary.fontBytes)", "\(left.drafts)",
                "\(left.future)", "\(left.nextDate.map { Int($0.timeIntervalSince1970.rounded(.up)) } ?? -1)",
            ])
        }
        for (kind, entries) in [("live", ledger.live), ("previous", ledger.previous)] {
            for (path, entry) in entries.sorted(by: { $0.key.utf8Precedes($1.key) }) {
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
                let fields = Fields(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end + 1
                switch fields.text(0) {
                case "gazette-ledger":
                    guard fields.count == 3, let format = fields.int(1), let engine = fields.unescaped(2) else { return false }
                    ledger.format = format
                    ledger.engine = engine
                    sawHeader = true
                case "inputs":
                    guard fields.count == 3, let high = fields.unsigned(1), let low = fields.unsigned(2) else { return false }
                    ledger.inputs = Fingerprint(high: high, low: low)
                case "summary":
                    guard fields.count == 8, let journals = fields.int(1), let articles = fields.int(2), let weeks = fields.int(3),
                        let fontBytes = fields.int(4), let drafts = fields.int(5), let future = fields.int(6), let next = fields.int(7)
                    else { return false }
                    let leftOut = LeftOutCounts(drafts: drafts, future: future, nextDate: next < 0 ? nil : Date(timeIntervalSince1970: Double(next)))
                    ledger.summary = OutputLedger.Summary(
                        journals: journals, articles: articles, weeks: weeks, fontBytes: fontBytes, leftOut: leftOut, diagnostics: [])
                    sawSummary = true
                case let kind where kind == "live" || kind == "previous":
                    guard fields.count == 7, let high = fields.unsigned(1), let low = fields.unsigned(2), let size = fields.int(3),
                        let inode = fields.unsigned(4), let modified = fields.int(5), let path = fields.unescaped(6)
                    else { return false }
                    let entry = OutputLedger.Entry(key: Fingerprint(high: high, low: low), size: Int64(size), inode: inode, modified: Int64(modified))
                    if kind == "live" { ledger.live[path] = entry } else { ledger.previous[path] = entry }
                case let kind where kind == "warning" || kind == "error":
                    guard fields.count == 7, let severity = Diagnostic.Severity(rawValue: kind), let line = fields.int(2),
                        let column = fields.int(3), let message = fields.unescaped(4)
                    else { return false }
                    let path = fields.unescapedOptional(1)
                    diagnostics.append(
                        Diagnostic(
                            severity, message, at: path.map { SourceLocation(path: $0, line: line, column: column) },
                            hint: fields.unescapedOptional(5), sourceLine: fields.unescapedOptional(6)))
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

    static func escape(_ text: String) -> String { escaping.escape(text) }

    private static let escaping = BackslashEscaping(["\\": "\\\\", "\t": "\\t", "\n": "\\n"])

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

    /// The tab-separated fields of one line, read from its bytes.
    private struct Fields {
        let line: UnsafeBufferPointer<UInt8>
        var bounds: [(Int, Int)] = []

        init(_ line: UnsafeBufferPointer<UInt8>) {
            self.line = line
            var start = 0
            for index in 0..<line.count where line[index] == 0x09 {
                bounds.append((start, index))
                start = index + 1
            }
            bounds.append((start, line.count))
        }

        var count: Int { bounds.count }

        func bytes(_ field: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: line[bounds[field].0..<bounds[field].1])
        }

        func text(_ field: Int) -> String { String(decoding: bytes(field), as: UTF8.self) }

        /// A decimal number, optionally negative; nil for anything else.
        func int(_ field: Int) -> Int? {
            let digits = bytes(field)
            let negative = digits.first == UInt8(ascii: "-")
            guard let magnitude = Self.decimal(negative ? UnsafeBufferPointer(rebasing: digits.dropFirst()) : digits),
                magnitude <= UInt64(Int.max)
            else { return nil }
            return negative ? -Int(magnitude) : Int(magnitude)
        }

        func unsigned(_ field: Int) -> UInt64? { Self.decimal(bytes(field)) }

        private static func decimal(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
            guard !digits.isEmpty, digits.count <= 20 else { return nil }
            var value: UInt64 = 0
            for digit in digits {
                guard (0x30...0x39).contains(digit) else { return nil }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt64(digit - 0x30))
                guard !overflow, !carry else { return nil }
                value = sum
            }
            return value
        }

        func unescaped(_ field: Int) -> String? { LedgerText.unescape(Substring(text(field))) }

        func unescapedOptional(_ field: Int) -> String? { LedgerText.unescapeOptional(Substring(text(field))) }
    }
}

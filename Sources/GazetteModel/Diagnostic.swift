/// A place in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable, Codable {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        if a.path != b.path { return a.path.utf8Precedes(b.path) }
        return (a.line, a.column) < (b.line, b.column)
    }
}

/// One problem found in a site's input: what is wrong, where, and what to do about it.
///
/// Diagnostics are collected across every file instead of stopping at the first, and print in
/// the `path:line:col: severity: message` form editors link to, followed by the offending line
/// and a caret under the column.
public struct Diagnostic: Hashable, Sendable, Error, Codable {
    public enum Severity: String, Sendable, Comparable, Codable {
        case error, warning

        public static func < (a: Severity, b: Severity) -> Bool { a == .error && b == .warning }
    }

    public var severity: Severity
    public var location: SourceLocation?
    public var message: String
    /// What to do about it, printed after the message (" — hint").
    public var hint: String?
    /// The text of the offending line, for the caret display.
    public var sourceLine: String?
    /// The stable code, where the rule names it; otherwise `code` derives it from the message.
    public var namedCode: String?
    /// How many Unicode scalars of the line, from the location's column, the problem covers,
    /// where the rule knows: what an editor marks, and what the hint's "did you mean '…'?"
    /// replaces (`gazette lsp`'s quick fix). Without it the range is read from the message.
    public var span: Int?

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation? = nil,
        hint: String? = nil, sourceLine: String? = nil, code: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
        self.sourceLine = sourceLine
        self.namedCode = code
    }

    public static func error(
        _ message: String, at location: SourceLocation? = nil, hint: String? = nil, sourceLine: String? = nil, code: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, message, at: location, hint: hint, sourceLine: sourceLine, code: code)
    }

    public static func warning(
        _ message: String, at location: SourceLocation? = nil, hint: String? = nil, sourceLine: String? = nil, code: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, message, at: location, hint: hint, sourceLine: sourceLine, code: code)
    }

    /// This diagnostic covering `scalars` scalars of its line from its column (`span`).
    public func spanning(_ scalars: Int) -> Diagnostic {
        var spanned = self
        spanned.span = scalars
        return spanned
    }

    /// The first line: `path:line:col: error: message — hint`.
    public var summary: String {
        var text = ""
        if let location {
            text += "\(location.path):\(location.line):\(location.column): "
        }
        text += "\(severity.rawValue): \(message)"
        if let hint { text += " — \(hint)" }
        return text
    }

    /// The summary, then the offending line and a caret under the column, underlined to the
    /// end of what the problem covers where that is known (`span`).
    public var rendered: String {
        guard let location, let sourceLine else { return summary }
        let shown = sourceLine.replacingTabs()
        let before = sourceLine.unicodeScalars.prefix(max(0, location.column - 1))
        let pad = String(repeating: " ", count: String(String.UnicodeScalarView(before)).replacingTabs().displayWidth)
        let covered = span.map { String(String.UnicodeScalarView(sourceLine.unicodeScalars.dropFirst(before.count).prefix($0))).replacingTabs().displayWidth } ?? 1
        return "\(summary)\n    \(shown)\n    \(pad)^" + String(repeating: "~", count: max(0, covered - 1))
    }
}

extension Diagnostic: Comparable {
    /// Errors and warnings in file order: by path, then line, then column, then message.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let pa = a.location?.path ?? "", pb = b.location?.path ?? ""
        if pa != pb { return pa.utf8Precedes(pb) }
        let la = (a.location?.line ?? 0, a.location?.column ?? 0)
        let lb = (b.location?.line ?? 0, b.location?.column ?? 0)
        if la != lb { return la < lb }
        return a.message.utf8Precedes(b.message)
    }
}

/// An error that is one diagnostic. Each module's own error type conforms, so the command line
/// prints any of them as it prints every diagnostic, whichever layer let it through.
public protocol DiagnosticConvertible: Error {
    var diagnostic: Diagnostic { get }
}

/// Thrown when loading or building found errors; carries every diagnostic, warnings included.
public struct DiagnosticsError: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}

extension String {
    func replacingTabs() -> String { replacingOccurrences(of: "\t", with: "    ") }

    /// Terminal columns this text takes: East Asian wide characters (Hangul, CJK) count two.
    public var displayWidth: Int {
        unicodeScalars.reduce(0) { width, scalar in
            let v = scalar.value
            let wide =
                (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v)
            return width + (wide ? 2 : 1)
        }
    }
}

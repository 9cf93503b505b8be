/// Why a document could not be parsed, with the line and column libxml2 reports: the module's
/// one error type. Markup knows bytes, not files, so the caller that knows where the bytes came
/// from (a feed's address, a file's path) puts that in front when it reports the error.
public struct MarkupError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The XML is not well formed: libxml2's first error.
        case notWellFormed
        /// There is no document at all (no root element).
        case empty
    }

    public var kind: Kind
    /// libxml2's words, trimmed.
    public var message: String
    /// 1-based line and column of the error.
    public var line: Int
    public var column: Int

    init(_ kind: Kind, _ message: String, line: Int, column: Int) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// `3:1: Opening and ending tag mismatch: entry line 2 and feed`.
    public var description: String { "\(line):\(column): \(message)" }
}

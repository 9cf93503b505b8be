import GazetteModel

/// What went wrong in TextLayout, as a `Diagnostic` the command line prints like any other
/// (a font HarfBuzz cannot read, a subset or WOFF2 encoding that failed). The module's one error type: each of its types names it `Failure`.
public struct TextLayoutError: Error, CustomStringConvertible, Sendable, DiagnosticConvertible {
    public var diagnostic: Diagnostic

    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }

    /// An error with no position in a site file: a font or a C library refused something.
    init(description: String) { diagnostic = .error(description) }

    /// The message alone, as callers fold it into theirs.
    public var description: String { diagnostic.message }
}

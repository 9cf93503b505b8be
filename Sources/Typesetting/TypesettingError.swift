import GazetteModel

/// What went wrong in Typesetting, as a `Diagnostic` the command line prints like any other
/// (a font fontconfig cannot load, a PDF cairo cannot write). The module's one error type: each of its types names it `Failure`.
public struct TypesettingError: Error, CustomStringConvertible, Sendable, DiagnosticConvertible {
    public var diagnostic: Diagnostic

    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }

    /// An error with no position in a site file: a font or a C library refused something.
    init(description: String) { diagnostic = .error(description) }

    /// The message alone, as callers fold it into theirs.
    public var description: String { diagnostic.message }
}

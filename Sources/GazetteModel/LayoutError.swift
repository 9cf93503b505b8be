/// What went wrong laying text out, for the screen (TextLayout: fonts, subsetting, WOFF2) or for
/// print (Typesetting: Pango, cairo), as a `Diagnostic` the command line prints like any other: a
/// font that does not load, a PDF cairo cannot write. Both modules name it `Failure`.
public struct LayoutError: Error, CustomStringConvertible, Sendable, DiagnosticConvertible {
    public var diagnostic: Diagnostic

    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }

    /// An error with no position in a site file: a font or a C library refused something.
    public init(description: String) { diagnostic = .error(description) }

    /// The message alone, as callers fold it into theirs.
    public var description: String { diagnostic.message }
}

import GazetteModel

/// What went wrong in Site, as a kind and the `Diagnostic` the command line prints (what is
/// wrong, and in its hint what to do): the module's one error type. Its types name it `Failure`.
/// Output-folder problems, which are already diagnostics about the user's folders, travel as
/// `DiagnosticsError` with the rest of a build's diagnostics.
public struct SiteError: Error, CustomStringConvertible, Sendable, DiagnosticConvertible {
    public enum Kind: Sendable, Equatable {
        /// A font file the web fonts are cut from is not installed.
        case missingFont
        /// A font could not be subset, encoded as WOFF2 or loaded for measuring.
        case unusableFont
    }

    public var kind: Kind
    public var diagnostic: Diagnostic

    public init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    /// The message and what to do in one line, as callers fold it into theirs.
    public var description: String { diagnostic.hint.map { "\(diagnostic.message) — \($0)" } ?? diagnostic.message }
}

/// An error of one module: a kind, for code that acts on what went wrong, and the `Diagnostic`
/// the command line prints (what is wrong, where when it is in a site file, and in its hint what
/// to do). A module whose failures are this shape names it with its own kinds (`WebFontError`,
/// `PacketError`), so each is built, caught and printed the same way and the shape is written once.
public struct GazetteError<Kind: Sendable & Equatable>: Error, Sendable, CustomStringConvertible, DiagnosticConvertible {
    public var kind: Kind
    public var diagnostic: Diagnostic

    public init(_ kind: Kind, _ diagnostic: Diagnostic) {
        self.kind = kind
        self.diagnostic = diagnostic
    }

    /// The message and what to do in one line (`… — install it: …`), as callers fold it into theirs.
    public var description: String { diagnostic.hint.map { "\(diagnostic.message) — \($0)" } ?? diagnostic.message }
}

import GazetteModel

/// What went wrong in Site, as a kind and the `Diagnostic` the command line prints (what is
/// wrong, and in its hint what to do): the module's one error type. Its types name it `Failure`.
/// Output-folder problems, which are already diagnostics about the user's folders, travel as
/// `DiagnosticsError` with the rest of a build's diagnostics.
public typealias SiteError = GazetteError<SiteErrorKind>

/// What kind of trouble a `SiteError` is.
public enum SiteErrorKind: Sendable, Equatable {
    /// A font file the web fonts are cut from is not installed.
    case missingFont
    /// A font could not be subset, encoded as WOFF2 or loaded for measuring.
    case unusableFont
}

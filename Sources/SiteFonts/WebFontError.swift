import GazetteModel

/// What went wrong making the web fonts, as a kind and the `Diagnostic` the command line prints
/// (what is wrong, and in its hint what to do): the module's one error type. Its types name it
/// `Failure`.
public typealias WebFontError = GazetteError<WebFontErrorKind>

/// What kind of trouble a `WebFontError` is.
public enum WebFontErrorKind: Sendable, Equatable {
    /// A font file the web fonts are cut from is not installed.
    case missingFont
    /// A font could not be subset, encoded as WOFF2 or loaded for measuring.
    case unusableFont
}

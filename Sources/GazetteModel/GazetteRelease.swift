/// Gazette's release number and home, written once: `gazette --version`, the `User-Agent` of
/// fetches, and the workflow `gazette init` writes, which builds Gazette from `repository`.
public enum GazetteRelease {
    public static let version = "0.1.0"
    public static let repository = "https://github.com/gazette-news/gazette"
}

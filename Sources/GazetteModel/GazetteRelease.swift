#if canImport(Glibc)
    import Glibc
#endif

/// Gazette's release number and home, written once: `gazette --version`, the `User-Agent` of
/// fetches, and the workflow `gazette init` writes, which builds Gazette from `repository`.
public enum GazetteRelease {
    public static let version = "0.1.0"
    public static let repository = "https://github.com/gazette-news/gazette"

    /// The running executable's size and modification time (nanoseconds), `size-mtime`: what the
    /// files a build keeps for the next are stamped with, so another build of Gazette reads none.
    public static let executableStamp: String = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return "unknown" }
        return "\(status.st_size)-\(Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))"
    }()
}

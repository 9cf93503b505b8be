import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a site's input may come from: files inside the site folder and outside its `.git/`,
/// wherever the symbolic links on the way point. A link to `/etc/passwd`, to `$HOME` or to
/// `../.git/config` (where CI keeps its token) in `static/`, `content/` or `templates/` must never
/// put its target's bytes on a page; every reader of those folders asks here first.
public struct SiteBoundary: Sendable {
    /// The site folder, every link in its path resolved.
    public let root: String

    public init(siteRoot: URL) {
        root = Self.resolved(siteRoot.path) ?? siteRoot.standardizedFileURL.path
    }

    /// The path with every symbolic link resolved, or nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Where the file or folder at `path` (absolute) really is when that is outside the site or
    /// inside its `.git/`; nil when it may be read (or does not exist: there is nothing to read).
    public func escape(of path: String) -> String? {
        guard let target = Self.resolved(path) else { return nil }
        guard target.hasPrefix(root + "/") else { return target == root ? nil : target }
        let inside = target.dropFirst(root.count + 1)
        return inside == ".git" || inside.hasPrefix(".git/") ? target : nil
    }

    /// The located warning for a link (`shown`, site-relative) that leads to `target`.
    public static func refusal(_ shown: String, target: String) -> Diagnostic {
        let into = target.contains("/.git/") || target.hasSuffix("/.git") ? "into the site's .git folder" : "outside the site (\(target))"
        return .warning(
            "\(shown) is a symbolic link \(into): not read, nothing of it is published",
            at: SourceLocation(path: shown, line: 1, column: 1),
            hint: "copy the file into the site instead of linking to it, or remove the link")
    }

    /// The files `FileTree.entries(under:)` finds below `folder` (site-relative, such as
    /// `static`), without those a link takes outside the site or into `.git/`, and a warning for
    /// each link refused. A folder that is itself such a link (or lies below one) gives no file.
    public func files(under folder: String, skippingHidden: Bool = false) -> (entries: [FileTree.Entry], refused: [Diagnostic]) {
        let absolute = root + "/" + folder
        if let target = escape(of: absolute) { return ([], [Self.refusal(folder, target: target)]) }
        var kept: [FileTree.Entry] = []
        let (files, linkedFolders, dangling) = FileTree.walk(under: absolute, skippingHidden: skippingHidden)
        // Links to folders are never followed; those that lead out are said, as files are.
        var refused = linkedFolders.compactMap { path in escape(of: absolute + "/" + path).map { Self.refusal(folder + "/" + path, target: $0) } }
        // A link whose file was moved or deleted: nothing to read, said rather than passed over.
        refused += dangling.map { path in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute + "/" + path)) ?? "?"
            return .warning(
                "\(folder)/\(path) is a symbolic link to \(target), which does not exist: not read, nothing of it is published",
                at: SourceLocation(path: folder + "/" + path, line: 1, column: 1), hint: "point the link at the file, or remove it")
        }
        for entry in files {
            if entry.maybeLink, let target = escape(of: absolute + "/" + entry.path) {
                refused.append(Self.refusal(folder + "/" + entry.path, target: target))
            } else {
                kept.append(entry)
            }
        }
        return (kept, refused.sorted())
    }

    /// The names of the files directly in `folder` (site-relative, such as `content/articles`)
    /// that `include` accepts, in byte order, without those a link takes outside the site or
    /// into `.git/`, and a warning for each link refused. One `lstat` per plain file.
    public func names(in folder: String, include: (String) -> Bool) -> (names: [String], refused: [Diagnostic]) {
        let absolute = root + "/" + folder
        let all = ((try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []).filter(include).sorted { $0.utf8Precedes($1) }
        if all.isEmpty { return ([], []) }
        if let target = escape(of: absolute) { return ([], [Self.refusal(folder, target: target)]) }
        var kept: [String] = []
        var refused: [Diagnostic] = []
        for name in all {
            var status = stat()
            if lstat(absolute + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, let target = escape(of: absolute + "/" + name) {
                refused.append(Self.refusal(folder + "/" + name, target: target))
            } else {
                kept.append(name)
            }
        }
        return (kept, refused)
    }
}

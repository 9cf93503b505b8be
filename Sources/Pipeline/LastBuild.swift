import Foundation

/// Whether an output folder holds a build of the site as it is now, for `gazette publish`.
///
/// Every build that writes or confirms an output folder saves its ledger (`OutputLedger`) after
/// the folder is in place; a build that finds nothing changed stops before, and it can only do
/// that when no input's statistics changed. So the ledger's modification time is when the site
/// in the folder was last made from its inputs, and an input modified later is not in it.
public enum LastBuild {
    /// When the last build of `output` from this site finished, or nil if none is recorded.
    public static func date(siteRoot: URL, output: URL) -> Date? {
        modified(OutputLedger.file(siteRoot: siteRoot, output: output).path)
    }

    /// The input modified last — `gazette.yml`, or a file or folder under `content/`,
    /// `templates/` or `static/` (a folder changes when a file in it is added or removed) —
    /// with its site-relative path. Hidden names and editor backups (`~`) are left out, as builds
    /// leave them out.
    public static func newestInput(siteRoot: URL) -> (path: String, date: Date)? {
        let root = siteRoot.standardizedFileURL.path
        var newest: (path: String, date: Date)?
        func consider(_ relative: String) {
            guard let date = modified(root + "/" + relative) else { return }
            if newest.map({ date > $0.date }) ?? true { newest = (relative, date) }
        }
        consider("gazette.yml")
        for folder in ["content", "templates", "static"] {
            guard modified(root + "/" + folder) != nil else { continue }
            consider(folder)
            let walker = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let name = walker?.nextObject() as? String {
                let last = (name as NSString).lastPathComponent
                if last.hasPrefix(".") || last.hasSuffix("~") {
                    walker?.skipDescendants()
                    continue
                }
                consider(folder + "/" + name)
            }
        }
        return newest
    }

    static func modified(_ path: String) -> Date? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }
}

import Foundation
import GazetteModel

/// Whether an output folder holds a build of the site as it is now, for `gazette publish`.
///
/// Every build that writes or confirms an output folder saves its ledger (`SiteLayout.ledger(of:)`) after
/// the folder is in place; a build that finds nothing changed stops before, and it can only do
/// that when no input's statistics changed. So the ledger's modification time is when the site
/// in the folder was last made from its inputs, and an input modified later is not in it.
public enum LastBuild {
    /// When the last build of `output` from this site finished, or nil if none is recorded.
    public static func date(siteRoot: URL, output: URL) -> Date? {
        modified(SiteLayout(siteRoot: siteRoot).ledger(of: output).path)
    }

    /// The inputs modified at or after `date` — `gazette.yml`, and the files and folders under
    /// `content/`, `templates/` and `static/` (a folder changes when a file in it is added or
    /// removed) — as site-relative paths, files before folders. Hidden names and editor backups
    /// (`~`) are left out, as builds leave them out.
    public static func inputs(changedSince date: Date, siteRoot: URL) -> [String] {
        let root = siteRoot.standardizedFileURL.path
        var files: [String] = [], folders: [String] = []
        func consider(_ relative: String, folder: Bool) {
            guard let modified = modified(root + "/" + relative), modified >= date else { return }
            if folder { folders.append(relative) } else { files.append(relative) }
        }
        consider(SiteLayout.config, folder: false)
        for top in SiteLayout.sourceFolders {
            guard modified(root + "/" + top) != nil else { continue }
            consider(top, folder: true)
            let walker = FileManager.default.enumerator(atPath: root + "/" + top)
            while let name = walker?.nextObject() as? String {
                let last = (name as NSString).lastPathComponent
                if last.hasPrefix(".") || last.hasSuffix("~") {
                    walker?.skipDescendants()
                    continue
                }
                consider(top + "/" + name, folder: (walker?.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory)
            }
        }
        return files + folders
    }

    static func modified(_ path: String) -> Date? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }
}

import Foundation
import GazetteModel

/// Where a command's site is when none is named: the folder it is started in, or the nearest
/// folder above it that holds `gazette.yml`, as git finds its repository. The search stops at
/// the home folder (a `gazette.yml` there still counts) and at the file system root, so a stray
/// file far above is never picked up from somewhere unrelated.
public enum SiteFolder {
    /// The nearest folder from `start` upwards that holds `gazette.yml`, or nil.
    public static func find(from start: URL, home: URL? = FileManager.default.homeDirectoryForCurrentUser) -> URL? {
        var folder = start.standardizedFileURL
        let homePath = home?.standardizedFileURL.path
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(SiteLayout.config).path) { return folder }
            if folder.path == "/" || folder.path == homePath { return nil }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }
}

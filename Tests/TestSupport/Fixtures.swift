import Foundation

/// Paths of the repository, for tests that build the example site.
public enum Repository {
    /// The repository root (the folder holding Package.swift).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }()

    /// Every regular file under `folder`, relative path → bytes.
    public static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = folder.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return files
        }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = FileManager.default.contents(atPath: url.path)
        }
        return files
    }

    /// Copies the example site (config, content, templates) into `folder`.
    public static func copyExampleSite(to folder: URL) throws {
        for item in ["gazette.yml", "content", "templates"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
    }
}

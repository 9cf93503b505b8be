import Foundation
import GazetteModel

/// Where a build writes, and the rules that keep a build from harming anything else: the site
/// is rendered into a staging folder beside the output and swapped in only when complete, and
/// folders that hold the user's work are refused as outputs.
public struct OutputFolder: Sendable {
    public let url: URL

    /// Checks `output` against `siteRoot`: refuses `/`, the home folder, the site root, any
    /// folder that contains one of these, and any folder inside `content/`, `templates/` or `static/`.
    public init(_ output: URL, siteRoot: URL) throws {
        let target = output.standardizedFileURL.resolvingSymlinksInPath()
        let site = siteRoot.standardizedFileURL.resolvingSymlinksInPath()
        var protected: [(URL, String)] = [
            (URL(fileURLWithPath: "/"), "the file system root"), (site, "the site folder"),
        ]
        if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
            protected.append((URL(fileURLWithPath: home).standardizedFileURL.resolvingSymlinksInPath(), "your home folder"))
        }
        for (folder, name) in protected where OutputFolder.contains(target, folder) {
            throw DiagnosticsError([
                .error(
                    "refusing to build into \(output.path): it is or contains \(name), which a build would replace",
                    hint: "choose an output folder of its own, such as public/")
            ])
        }
        for inner in ["content", "templates", "static", ".git"] {
            let folder = site.appendingPathComponent(inner)
            if OutputFolder.contains(folder, target) || OutputFolder.contains(target, folder) {
                throw DiagnosticsError([
                    .error(
                        "refusing to build into \(output.path): it overlaps the site's \(inner)/ folder",
                        hint: "choose an output folder of its own, such as public/")
                ])
            }
        }
        url = target
    }

    /// True when `inner` is `outer` or inside it.
    static func contains(_ outer: URL, _ inner: URL) -> Bool {
        let o = outer.pathComponents, i = inner.pathComponents
        return i.count >= o.count && Array(i.prefix(o.count)) == o
    }

    /// Runs `write` against a fresh staging folder, then swaps it in for the output folder. If
    /// `write` throws, the staging folder is removed and the previous output stays as it was.
    public func replace(with write: (URL) throws -> Void) throws {
        let fileManager = FileManager.default
        let parent = url.deletingLastPathComponent()
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        let staging = parent.appendingPathComponent(".\(url.lastPathComponent).staging-\(token)")
        try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        do {
            try write(staging)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        if fileManager.fileExists(atPath: url.path) {
            let retired = parent.appendingPathComponent(".\(url.lastPathComponent).old-\(token)")
            try fileManager.moveItem(at: url, to: retired)
            do {
                try fileManager.moveItem(at: staging, to: url)
            } catch {
                try? fileManager.moveItem(at: retired, to: url)
                try? fileManager.removeItem(at: staging)
                throw error
            }
            try? fileManager.removeItem(at: retired)
        } else {
            try fileManager.moveItem(at: staging, to: url)
        }
    }
}

/// Writes files below a root folder, refusing any relative path that would leave it.
struct FileWriter {
    let root: URL
    private(set) var written: [String] = []

    init(root: URL) { self.root = root }

    mutating func write(_ relative: String, _ data: Data) throws {
        let components = relative.split(separator: "/")
        guard !relative.hasPrefix("/"), !components.contains(where: { $0 == ".." || $0 == "." }), !components.isEmpty else {
            throw DiagnosticsError([.error("refusing to write '\(relative)': outside the output folder")])
        }
        let file = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        written.append(relative)
    }

    mutating func write(_ relative: String, _ text: String) throws { try write(relative, Data(text.utf8)) }
}

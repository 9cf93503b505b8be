import Foundation
import GazetteModel

/// Where the loaders read a site's files from: the disk, or the disk with an editor's unsaved
/// buffers laid over it (`gazette lsp`) — the one way into a site's text, so the build, `check`
/// and the language server read the same files the same way (the role Typst's `World` plays).
/// Paths are site-relative (`gazette.yml`, `content/journals/a.md`).
public protocol SiteSource: Sendable {
    /// The bytes of the file at `path`, or nil when there is none.
    func contents(_ path: String) -> Data?
    /// Site-relative paths of files that exist only in the source (unsaved new buffers), which
    /// a walk of the folder does not find.
    var unsavedPaths: [String] { get }
}

/// The site's files on disk.
public struct DiskSource: SiteSource {
    public let root: URL

    /// `root.path`, joined to each file's path as a string (`FileTree.contents`).
    private let rootPath: String

    public init(root: URL) {
        self.root = root
        rootPath = root.path
    }

    public func contents(_ path: String) -> Data? { FileTree.contents(atPath: rootPath + "/" + path) }

    public var unsavedPaths: [String] { [] }
}

/// The disk with some files' text replaced: the buffers open in an editor, saved or not.
public struct OverlaySource: SiteSource {
    public let base: DiskSource
    /// Site-relative path → the buffer's text.
    public var buffers: [String: String]

    public init(root: URL, buffers: [String: String] = [:]) {
        base = DiskSource(root: root)
        self.buffers = buffers
    }

    public func contents(_ path: String) -> Data? { buffers[path].map { Data($0.utf8) } ?? base.contents(path) }

    public var unsavedPaths: [String] {
        buffers.keys.filter { !FileManager.default.fileExists(atPath: base.root.appendingPathComponent($0).path) }.sorted()
    }
}

import Foundation

/// What a feed's last answer said about its version, sent back on the next request.
public struct HTTPValidators: Codable, Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?

    enum CodingKeys: String, CodingKey {
        case etag
        case lastModified = "last_modified"
    }

    var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// Small JSON files Gazette keeps under the site's `.gazette/` (git-ignored): conditional-request
/// validators, the enrich cache, search history. Written atomically; unreadable files count as
/// empty (they are caches), and they never hold a key.
enum SiteState {
    static let folder = ".gazette"

    static func url(_ name: String, siteRoot: URL) -> URL {
        siteRoot.appendingPathComponent(folder).appendingPathComponent(name)
    }

    static func read<T: Decodable>(_ type: T.Type, _ name: String, siteRoot: URL) -> T? {
        guard let data = FileManager.default.contents(atPath: url(name, siteRoot: siteRoot).path) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    static func write<T: Encodable>(_ value: T, _ name: String, siteRoot: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        try AtomicFile.write(data, to: url(name, siteRoot: siteRoot))
    }
}

/// Replaces a file so that a reader sees the old bytes or the new, never half: the bytes go
/// to a temporary file in the same folder, are flushed to disk, and the file is renamed over
/// the target.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }
}

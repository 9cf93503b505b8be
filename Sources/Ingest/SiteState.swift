import Foundation
import GazetteModel

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
/// validators, the enrich cache, search history (and the store's lock file). Written atomically,
/// under the store lock; unreadable files count as empty (they are caches), and they never hold
/// a key.
enum SiteState {
    static let folder = SiteLayout.state

    static func url(_ name: String, siteRoot: URL) -> URL {
        siteRoot.appendingPathComponent(folder).appendingPathComponent(name)
    }

    static func read<T: Decodable>(_ type: T.Type, _ name: String, siteRoot: URL) -> T? {
        guard let data = FileManager.default.contents(atPath: url(name, siteRoot: siteRoot).path) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }

    /// Writes one state file atomically. Callers hold the store lock (`StoreLock`).
    static func write<T: Encodable>(_ value: T, _ name: String, siteRoot: URL) throws {
        try AtomicFile.write([item(value, name, siteRoot: siteRoot)])
    }

    /// A state file to write together with others (`AtomicFile.write(_:)`).
    static func item<T: Encodable>(_ value: T, _ name: String, siteRoot: URL) throws -> AtomicFile.Item {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return AtomicFile.Item(url(name, siteRoot: siteRoot), data, shownAs: "\(folder)/\(name)", folderShownAs: "\(folder)/")
    }
}

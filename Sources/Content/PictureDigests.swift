import Foundation
import GazetteModel

#if canImport(Glibc)
    import Glibc
#endif

/// The fingerprint of a picture file's bytes, read once per process while the file stays as it
/// was (its path, size, inode, modification and change times, as `InputStamp` tells files
/// apart): what a packet that draws it, its WebP copies and its JPEG (a HEIC) are keyed by, so
/// a picture replaced under the same name makes them again, and `gazette serve` does not read
/// every picture on each save.
public enum PictureDigests {
    private struct Stat: Hashable {
        var path: String
        var size: Int, inode: UInt, modified: Int, changed: Int
    }

    private static let known = Locked<[Stat: Fingerprint]>([:])

    /// The fingerprint of the bytes of `file` (site-relative, under `root`); nil when it cannot
    /// be read.
    public static func digest(of file: String, root: URL) -> Fingerprint? {
        let path = root.appendingPathComponent(file).path
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let key = Stat(
            path: path, size: Int(status.st_size), inode: UInt(status.st_ino),
            modified: status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec,
            changed: status.st_ctim.tv_sec * 1_000_000_000 + status.st_ctim.tv_nsec)
        if let digest = known.withLock({ $0[key] }) { return digest }
        guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
        var hasher = FingerprintHasher()
        hasher.add(bytes: bytes)
        let digest = hasher.digest
        known.withLock { $0[key] = digest }
        return digest
    }

    /// What `journals`' pictures of the site's own are, in order: each file and its bytes' fingerprint.
    public static func key(of journals: [Journal], in content: SiteContent) -> Fingerprint {
        var key = FingerprintHasher()
        for journal in journals {
            for picture in content.pictures(of: journal) {
                key.add(picture.file)
                digest(of: picture.file, root: content.root).map { key.add($0) } ?? key.add(tag: 0)
            }
        }
        return key.digest
    }
}

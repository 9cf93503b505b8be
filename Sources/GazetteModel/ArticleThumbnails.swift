/// Where an article's thumbnails live in the site and what they are called: the one naming
/// rule `gazette fetch` writes by and `gazette build` reads by.
///
/// Thumbnails are files of the site, kept in git beside the article store, so a fresh clone
/// builds the same pages without the network: `content/thumbnails/<id>-<image>-<W>x<H>.webp`,
/// where `<id>` is the article's id and `<image>` the first 8 hex digits of the SHA-256 of the
/// article's image address (as the URL policy cleans it). A record whose image address is
/// edited thus names thumbnails that do not exist yet, and never shows a stale picture; the
/// next `gazette fetch --enrich` makes them. The store's format is unchanged: nothing in it
/// points at these files.
public enum ArticleThumbnails {
    /// The site folder that holds them.
    public static let folder = "content/thumbnails"
    /// The folder of the built site they are copied to.
    public static let outputFolder = "assets/thumbnails"

    /// One thumbnail size in CSS pixels.
    public struct Size: Sendable, Hashable {
        public var width: Int
        public var height: Int
    }

    /// The sizes made for every image: the page shows the first, and the second on screens
    /// with two device pixels per CSS pixel (`srcset`).
    public static let sizes = [Size(width: 160, height: 90), Size(width: 320, height: 180)]
    /// The largest a thumbnail file may be.
    public static let maxBytes = 40 << 10

    /// The file names (no folder) of `article`'s thumbnails, one per size, in `sizes` order;
    /// empty when the article names no image the URL policy allows.
    public static func names(for article: Article) -> [String] {
        guard let image = article.image.flatMap({ SafeURL.allowed($0, in: .absolute) }), isSafeID(article.id) else { return [] }
        let key = SHA256.hex(Array(image.utf8)).prefix(8)
        return sizes.map { "\(article.id)-\(key)-\($0.width)x\($0.height).webp" }
    }

    /// Whether `name` is a thumbnail file name as `names(for:)` makes them: a safe id, 8
    /// lower-case hex digits, one of `sizes`, `.webp`. `gazette fetch` deletes unused
    /// thumbnails only among such names, so no other file in the folder is ever touched.
    public static func isThumbnailName(_ name: String) -> Bool {
        guard name.hasSuffix(".webp") else { return false }
        let parts = name.dropLast(5).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, let size = parts.last, let key = parts.dropLast().last else { return false }
        let id = parts.dropLast(2).joined(separator: "-")
        return sizes.contains { "\($0.width)x\($0.height)" == size } && key.count == 8
            && key.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) } && isSafeID(id)
    }

    /// An id that can be part of a file name: what `CanonicalURL` makes (hex), or at least
    /// letters, digits, `-` and `_`, never a path.
    static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64 && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}

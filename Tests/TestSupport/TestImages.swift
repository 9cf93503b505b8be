import Foundation
import Imaging

/// The test images: photo.png (and bomb.png when asked) from make_images.py, photo.jpg and
/// photo.webp made from photo.png by libvips, and broken.png (photo.png cut short).
public final class TestImages: Sendable {
    public let folder: TemporaryFolder

    public init(bomb: Bool = false) throws {
        folder = try TemporaryFolder("gazette-images")
        let script = Repository.root.appendingPathComponent("Tests/Fixtures/images/make_images.py").path
        let made = try GazetteCommand.runShell("python3 '\(script)' '\(folder.path)'\(bomb ? " --bomb" : "")")
        guard made.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: made.stderr]) }
        let png = try Data(contentsOf: folder.url.appendingPathComponent("photo.png"))
        for (name, format) in [("photo.jpg", Thumbnail.Format.jpeg), ("photo.webp", .webp)] {
            let data = try Thumbnailer.thumbnails(of: png, sizes: [(640, 480)], maxBytes: 4 << 20, as: format)[0].data
            _ = try folder.write(name, data)
        }
        _ = try folder.write("broken.png", png.prefix(png.count * 6 / 10))
    }

    public func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }

    /// The bytes of one of the images.
    public func data(_ name: String) throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent(name)) }
}

import Content
import Foundation
import GazetteModel
import Imaging

/// A picture of the site's own as a packet prints it: its file, and its width in pixels when
/// its header says (an SVG's does not).
struct PacketPicture: Sendable {
    let file: URL
    let pixelWidth: Int?

    /// The journal's pictures by their address as written in the body.
    static func of(_ journal: Journal, in content: SiteContent) -> [String: PacketPicture] {
        var pictures: [String: PacketPicture] = [:]
        for picture in content.pictures(of: journal) {
            pictures[picture.destination] = PacketPicture(file: content.root.appendingPathComponent(picture.file), pixelWidth: picture.width)
        }
        return pictures
    }

    /// Its pixels, at most `maxWidth` wide (the column at 200 per inch), or nil when the file
    /// cannot be read or decoded: the picture is then set as its alt text, as before.
    func decoded(maxWidth: Int) -> PrintPicture? {
        guard let bytes = FileManager.default.contents(atPath: file.path) else { return nil }
        return try? Thumbnailer.printPicture(bytes, maxWidth: maxWidth)
    }
}

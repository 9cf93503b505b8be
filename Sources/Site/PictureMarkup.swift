import Content
import Foundation
import GazetteModel

/// A journal page's `<img>`s of the site's own pictures, given their size (so nothing moves
/// when a picture arrives) and loaded lazily; other images are left as cmark-gfm wrote them.
enum PictureMarkup {
    /// `html` (a body as `JournalBodies` renders it, for the page at `page`) with `width`,
    /// `height`, `loading="lazy"` and `decoding="async"` on each `<img>` that shows one of
    /// `pictures`.
    static func sized(_ html: String, pictures: [JournalPicture], page: String) -> String {
        guard !pictures.isEmpty, html.contains("<img src=\"") else { return html }
        // By where the address as written leads: the size and srcset, and the name the build
        // writes when it is not that one (a HEIC published as a JPEG).
        var sizes: [String: (width: Int, height: Int, srcset: String)] = [:]
        var renamed: [String: String] = [:]
        for picture in pictures {
            let target = picture.published ?? String(picture.file.dropFirst(SiteLayout.statics.count + 1))
            let output = picture.output ?? target
            let name = SitePaths.encode((output as NSString).lastPathComponent)
            if output != target { renamed[target] = name }
            guard let width = picture.width, let height = picture.height else { continue }
            // The variants beside the picture, named relative to it, then the picture itself.
            let folder = (output as NSString).deletingLastPathComponent
            let variants = picture.variantWidths.compactMap { variant in
                picture.variantPath(variant).map { SitePaths.encode(String($0.dropFirst(folder.count + 1))) + " \(variant)w" }
            }
            let srcset = variants.isEmpty ? "" : (variants + ["\(name) \(width)w"]).joined(separator: ", ")
            sizes[target] = (width, height, srcset)
        }
        var result = ""
        result.reserveCapacity(html.utf8.count + 64 * pictures.count)
        var rest = html[...]
        while let open = rest.range(of: "<img src=\"") {
            result += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { break }
            let source = String(rest[..<close])
            let written = source.replacingOccurrences(of: "&amp;", with: "&")
            let target = SitePaths.linkTarget(written, from: page)
            let folder = outputFolder(of: written)
            if let target, let name = renamed[target], let folder { result += folder + name } else { result += source }
            rest = rest[close...]
            result += "\""
            rest = rest.dropFirst()
            if let target, let size = sizes[target] {
                if !size.srcset.isEmpty, let folder {
                    // The variants sit beside the picture: named from the page as the picture is.
                    let prefixed = size.srcset.split(separator: ", ").map { folder + $0 }.joined(separator: ", ")
                    result += " srcset=\"\(prefixed)\" sizes=\"(max-width: 800px) 100vw, 760px\""
                }
                result += " width=\"\(size.width)\" height=\"\(size.height)\" loading=\"lazy\" decoding=\"async\""
            }
        }
        result += rest
        return result
    }

    /// The folder part of an address as written (`pics/` of `pics/green.png`, empty for `green.png`).
    static func outputFolder(of source: String) -> String? {
        let path = source.prefix { $0 != "?" && $0 != "#" }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

}

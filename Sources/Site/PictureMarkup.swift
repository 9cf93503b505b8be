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
        var sizes: [String: (Int, Int)] = [:]
        for picture in pictures {
            guard let width = picture.width, let height = picture.height else { continue }
            let output = picture.published ?? String(picture.file.dropFirst(SiteLayout.statics.count + 1))
            sizes[output] = (width, height)
        }
        var result = ""
        result.reserveCapacity(html.utf8.count + 64 * pictures.count)
        var rest = html[...]
        while let open = rest.range(of: "<img src=\"") {
            result += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { break }
            let source = String(rest[..<close])
            result += source
            rest = rest[close...]
            result += "\""
            rest = rest.dropFirst()
            let written = source.replacingOccurrences(of: "&amp;", with: "&")
            if let target = outputPath(of: written, from: page), let (width, height) = sizes[target] {
                result += " width=\"\(width)\" height=\"\(height)\" loading=\"lazy\" decoding=\"async\""
            }
        }
        result += rest
        return result
    }

    /// The output-relative path `source` reaches from `page` (`journals/x/`), decoded.
    static func outputPath(of source: String, from page: String) -> String? {
        guard URLComponents(string: source)?.scheme == nil, !source.hasPrefix("/") else { return nil }
        var parts = page.split(separator: "/").map(String.init)
        let path = source.prefix { $0 != "?" && $0 != "#" }
        for piece in (path.removingPercentEncoding ?? String(path)).split(separator: "/") {
            if piece == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else if piece != "." {
                parts.append(String(piece))
            }
        }
        return parts.joined(separator: "/")
    }
}

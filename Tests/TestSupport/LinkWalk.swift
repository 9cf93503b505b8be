import Foundation

/// Every `href`, `src` and `srcset` address of every HTML page of a built site, resolved against
/// its page and looked for in the output folder (a folder stands for its `index.html`).
/// External addresses (with a scheme, or `//`), `mailto:` and in-page anchors are not followed.
public enum LinkWalk {
    public struct Broken: CustomStringConvertible, Sendable {
        public var page: String
        public var address: String
        public var description: String { "\(page) → \(address)" }
    }

    /// The addresses of `folder`'s pages that reach no file. `basePath` is the path the site is
    /// served under (`/study/`), which root-relative addresses start with.
    public static func broken(in folder: URL, basePath: String = "/") throws -> [Broken] {
        let root = folder.standardizedFileURL
        var broken: [Broken] = []
        let pages = Repository.snapshot(root).keys.filter { $0.hasSuffix(".html") }.sorted()
        for page in pages {
            let html = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            for address in addresses(in: html) {
                guard let target = resolve(address, from: page, basePath: basePath) else { continue }
                let file = root.appendingPathComponent(target)
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder)
                let found = exists && (!isFolder.boolValue || FileManager.default.fileExists(atPath: file.appendingPathComponent("index.html").path))
                if !found { broken.append(Broken(page: page, address: address)) }
            }
        }
        return broken
    }

    /// The values of `href=`, `src=` and each URL of `srcset=` in `html`.
    static func addresses(in html: String) -> [String] {
        var found: [String] = []
        for attribute in ["href", "src", "srcset"] {
            let pattern = "\\s\(attribute)=\"([^\"]*)\""
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            let range = NSRange(html.startIndex..., in: html)
            for match in expression.matches(in: html, range: range) {
                guard let valueRange = Range(match.range(at: 1), in: html) else { continue }
                let value = String(html[valueRange]).replacingOccurrences(of: "&amp;", with: "&")
                if attribute == "srcset" {
                    found += value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
                } else {
                    found.append(value)
                }
            }
        }
        return found
    }

    /// The output-relative path `address` reaches from `page`, or nil for what is not followed.
    static func resolve(_ address: String, from page: String, basePath: String) -> String? {
        let trimmed = address.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("//"), !trimmed.hasPrefix("data:"),
            URLComponents(string: trimmed)?.scheme == nil
        else { return nil }
        var path = String(trimmed.prefix { $0 != "#" && $0 != "?" })
        var parts: [Substring]
        if path.hasPrefix("/") {
            guard path.hasPrefix(basePath) else { return "<outside the site: \(path)>" }
            path.removeFirst(basePath.count)
            parts = []
        } else {
            parts = page.split(separator: "/").dropLast()
        }
        for piece in path.split(separator: "/") {
            if piece == ".." {
                guard !parts.isEmpty else { return "<above the site: \(address)>" }
                parts.removeLast()
            } else if piece != "." {
                parts.append(piece)
            }
        }
        let joined = parts.joined(separator: "/")
        return joined.removingPercentEncoding ?? joined
    }
}

import Foundation
import Markup

/// Checks written independently of the product's URL policy: what in a page or feed would run
/// script or load a non-web address if a browser or reader opened it.
public enum HostileOutput {
    /// Attributes whose value a browser loads or navigates to.
    static let urlAttributes: Set<String> = [
        "href", "src", "srcset", "action", "formaction", "data", "poster", "background", "cite", "xlink:href", "longdesc",
        "manifest", "codebase", "ping", "usemap",
    ]

    /// Every problem in an HTML document: an event-handler attribute, a URL attribute whose
    /// address is not http(s), mailto or relative, a live `<script>` with `marker` in it, or an
    /// element that should never come from content (`iframe`, `object`, `embed`, `math`,
    /// `base`, `form`).
    public static func violations(html: String, marker: String = "alert") -> [String] {
        guard let document = MarkupDocument.html(html) else { return ["unparsable"] }
        return violations(document.allElements, marker: marker)
    }

    /// The same for an XML document (the Atom feed, the sitemap): its links, and the HTML of
    /// every `content` element, checked as HTML.
    public static func violations(xml: String, marker: String = "alert") throws -> [String] {
        let document = try MarkupDocument.xml(xml)
        var found = violations(document.allElements.filter { $0.name != "content" }, marker: marker)
        for content in document.elements(named: "content") {
            found += violations(html: content.text, marker: marker).map { "in <content>: \($0)" }
        }
        for location in document.texts(of: "loc") where !isWebOrRelative(location) {
            found.append("<loc>\(location)</loc>")
        }
        return found
    }

    static func violations(_ elements: [MarkupDocument.Element], marker: String) -> [String] {
        var found: [String] = []
        for element in elements {
            // (Inline SVG is the theme's own: the week chart. Its attributes are checked below.)
            if ["iframe", "object", "embed", "math", "base", "form", "frame", "applet"].contains(element.name) {
                found.append("<\(element.name)>")
            }
            if element.name == "script", element.text.contains(marker) { found.append("<script>\(element.text)") }
            for (name, value) in element.attributes {
                let key = name.lowercased()
                if key.hasPrefix("on") { found.append("<\(element.name) \(name)=\"\(value)\">") }
                if key == "style", value.lowercased().contains("url(") { found.append("<\(element.name) style=\"\(value)\">") }
                guard urlAttributes.contains(key) else { continue }
                let addresses = key == "srcset" ? value.split(separator: ",").map { String($0.split(separator: " ").first ?? "") } : [value]
                for address in addresses where !isWebOrRelative(address) {
                    found.append("<\(element.name) \(name)=\"\(value)\">")
                }
            }
        }
        return found
    }

    /// True for http(s) and mailto addresses and for relative references, read as a browser
    /// reads them (controls and spaces trimmed, tabs and newlines removed, case ignored).
    public static func isWebOrRelative(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        let cleaned = String(String.UnicodeScalarView(scalars)).lowercased()
        if cleaned.hasPrefix("//") || cleaned.hasPrefix("\\\\") || cleaned.hasPrefix("/\\") { return false }
        guard let colon = cleaned.firstIndex(of: ":") else { return true }
        let before = cleaned[..<colon]
        // Not a scheme (a scheme is a letter, then letters, digits, + - .): a relative path.
        let isScheme = before.first.map { $0.isASCII && $0.isLetter } == true
            && before.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        if !isScheme { return true }
        return ["http", "https", "mailto"].contains(String(before))
    }
}

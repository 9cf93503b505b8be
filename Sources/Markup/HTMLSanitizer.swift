internal import CLibXML2
import Foundation

/// Keeps the harmless part of an HTML fragment: parsed by libxml2's HTML parser (forgiving, as a
/// browser is), then only listed elements and attributes are kept and the tree is written out
/// again, so what a browser parses is exactly the tree checked here.
///
/// - `script`, `style`, `iframe`, `object`, `embed`, `form`, `svg`, `math`, `template`, `base`,
///   `meta`, `link` and the other elements that run, load or restyle anything are removed with
///   their content; any other unlisted element is replaced by its content (and reported).
/// - Attributes not listed are removed, which removes every `on*` event handler and `style`.
/// - `href`, `src`, `cite` and each address of a `srcset` go through `allowURL`, which returns
///   the address to write or nil to drop the attribute.
/// - Comments and processing instructions are removed.
public enum HTMLSanitizer {
    static let removed: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "param", "form", "input-image",
        "textarea", "select", "button", "option", "svg", "math", "template", "base", "meta", "link", "title", "head",
        "noscript", "noembed", "noframes", "xmp", "plaintext", "listing", "audio", "video", "track", "canvas", "portal",
        "dialog",
    ]
    static let kept: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd", "del",
        "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i",
        "img", "input", "ins", "kbd", "li", "mark", "ol", "p", "picture", "pre", "q", "rp", "rt", "ruby", "s", "samp",
        "small", "source", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
        "time", "tr", "u", "ul", "var", "wbr", "section", "article", "aside", "header", "footer",
    ]
    /// HTML's other elements, and the obsolete ones blog editors still write (`font`, `center`):
    /// with `removed` and `kept`, the names a tag must have to be read as HTML (`isElement`).
    static let otherElements: Set<String> = [
        "acronym", "address", "area", "basefont", "big", "blink", "body", "center", "data", "datalist", "dir", "fieldset",
        "font", "hgroup", "html", "input", "label", "legend", "main", "map", "marquee", "menu", "meter", "nav", "nobr",
        "optgroup", "output", "progress", "search", "slot", "spacer", "strike", "tt",
    ]

    /// Whether the sanitizer removes the element `name` (any case) with its content.
    public static func removes(_ name: String) -> Bool { removed.contains(name.lowercased()) || name.lowercased() == "input" }

    /// Whether the sanitizer keeps the element `name` (any case) with its allowed attributes.
    public static func keeps(_ name: String) -> Bool { kept.contains(name.lowercased()) }

    /// Whether `name` (any case) is an HTML element's. A name that is none — `<Parasite>`,
    /// `<Factfulness>`, a title in angle brackets as Korean writing marks one — is text typed,
    /// not a tag: a browser would hide it, and the page must show it.
    public static func isElement(_ name: String) -> Bool {
        let name = name.lowercased()
        return kept.contains(name) || removed.contains(name) || otherElements.contains(name)
    }

    static let attributes: Set<String> = [
        "class", "id", "title", "lang", "dir", "alt", "width", "height", "colspan", "rowspan", "scope", "headers", "align",
        "start", "reversed", "open", "datetime", "loading", "decoding", "checked", "disabled", "aria-label",
        "aria-hidden", "aria-describedby", "aria-labelledby", "role", "rel", "sizes", "media", "abbr", "span",
        "href", "src", "srcset", "cite", "type",
    ]
    static let urlAttributes: Set<String> = ["href", "src", "cite"]

    /// The safe part of `html`, a fragment of body content.
    public static func sanitize(_ html: String, allowURL: (String) -> String?) -> String {
        guard let document = MarkupDocument.html("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\(html)</body></html>") else {
            return ""
        }
        return document.withDocument { doc in
            guard let root = xmlDocGetRootElement(doc) else { return "" }
            var body: xmlNodePtr?
            var child = root.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE, name(current) == "body" { body = current }
                child = current.pointee.next
            }
            guard let body else { return "" }
            clean(children: body, allowURL: allowURL, report: { _ in })
            guard let output = xmlAllocOutputBuffer(nil) else { return "" }
            var node = body.pointee.children
            while let current = node {
                htmlNodeDumpFormatOutput(output, doc, current, "UTF-8", 0)
                node = current.pointee.next
            }
            xmlOutputBufferFlush(output)
            var text = ""
            if let content = xmlOutputBufferGetContent(output) {
                text = String(cString: content)
            }
            xmlOutputBufferClose(output)
            return text
        }
    }

    private static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
    }

    /// What `sanitize` would remove from `html`, in words (`<script>`, `onclick="…"`,
    /// `href="javascript:…"`), for warnings; empty when it keeps everything.
    public static func removals(_ html: String, allowURL: (String) -> String?) -> [String] {
        guard let document = MarkupDocument.html("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\(html)</body></html>") else {
            return []
        }
        return document.withDocument { doc in
            var found: [String] = []
            guard let root = xmlDocGetRootElement(doc) else { return found }
            var child = root.pointee.children
            while let current = child {
                if current.pointee.type == XML_ELEMENT_NODE, name(current) == "body" {
                    clean(children: current, allowURL: allowURL, report: { found.append($0) })
                }
                child = current.pointee.next
            }
            return found
        }
    }

    private static func clean(children parent: xmlNodePtr, allowURL: (String) -> String?, report: (String) -> Void) {
        var child = parent.pointee.children
        while let node = child {
            child = node.pointee.next
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_ENTITY_REF_NODE:
                continue
            case XML_ELEMENT_NODE:
                let element = name(node)
                if kept.contains(element), element != "input" || isCheckbox(node) {
                    cleanAttributes(node, allowURL: allowURL, report: report)
                    clean(children: node, allowURL: allowURL, report: report)
                } else if removed.contains(element) || element == "input" {
                    report("<\(element)>")
                    xmlUnlinkNode(node)
                    xmlFreeNode(node)
                } else {
                    // Unknown element: keep what is inside, cleaned, in its place. What it was
                    // typed for (`<font color=red>`'s colour, `<center>`) is lost: said.
                    if element != "html" && element != "body" { report("<\(element)>") }
                    clean(children: node, allowURL: allowURL, report: report)
                    while let inner = node.pointee.children {
                        xmlUnlinkNode(inner)
                        xmlAddPrevSibling(node, inner)
                    }
                    xmlUnlinkNode(node)
                    xmlFreeNode(node)
                }
            default:
                // Comments, processing instructions, anything else.
                xmlUnlinkNode(node)
                xmlFreeNode(node)
            }
        }
    }

    private static func isCheckbox(_ node: xmlNodePtr) -> Bool {
        LibXMLString.take(withXMLString("type", { xmlGetProp(node, $0) }))?.lowercased() == "checkbox"
    }

    private static func cleanAttributes(_ node: xmlNodePtr, allowURL: (String) -> String?, report: (String) -> Void) {
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            let key = current.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            var keep = attributes.contains(key) && current.pointee.ns == nil
            var replacement: String?
            if keep, urlAttributes.contains(key) || key == "srcset" {
                let value = LibXMLString.value(of: current) ?? ""
                if key == "srcset" {
                    replacement = srcset(value, allowURL: allowURL)
                } else {
                    replacement = allowURL(value)
                }
                keep = replacement != nil
            }
            if !keep {
                let value = LibXMLString.value(of: current) ?? ""
                // Harmless attributes outside the list (target, name…) go without a word.
                if key.hasPrefix("on") || key == "style" || key == "srcset" || urlAttributes.contains(key)
                    || ["action", "formaction", "data", "poster", "background", "xlink:href", "srcdoc"].contains(key)
                {
                    report("\(key)=\"\(value.count > 40 ? String(value.prefix(39)) + "…" : value)\"")
                }
                xmlRemoveProp(current)
            } else if let replacement {
                withXMLString(key) { name in withXMLString(replacement) { value in _ = xmlSetProp(node, name, value) } }
            }
        }
    }

    /// A `srcset` with every address allowed, or nil when any is refused.
    private static func srcset(_ value: String, allowURL: (String) -> String?) -> String? {
        var candidates: [String] = []
        for candidate in value.split(separator: ",") {
            let parts = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            guard let address = parts.first, let allowed = allowURL(String(address)) else { return nil }
            candidates.append(([allowed] + parts.dropFirst().map(String.init)).joined(separator: " "))
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }
}

/// Runs `body` with `text` as a NUL-terminated `xmlChar` string.
func withXMLString<T>(_ text: String, _ body: (UnsafePointer<xmlChar>) -> T) -> T {
    text.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
}

internal import CLibXML2
import Foundation

/// An HTML or XML document parsed by libxml2. This type is the only place Gazette calls
/// libxml2; it owns the document and frees it. Network access is always off.
public final class MarkupDocument {
    private let document: xmlDocPtr

    private init(_ document: xmlDocPtr) { self.document = document }

    deinit { xmlFreeDoc(document) }

    /// The libxml2 document, for the other types of this module; valid only inside `body`.
    func withDocument<T>(_ body: (xmlDocPtr) -> T) -> T { body(document) }

    /// libxml2 must be initialised once before threads use it; Swift runs this exactly once.
    private static let initialised: Void = { xmlInitParser() }()

    /// Parses HTML the way browsers do: forgiving, never failing on tag soup.
    public static func html(_ text: String) -> MarkupDocument? {
        html(bytes: Array(text.utf8), encoding: "UTF-8")
    }

    /// Parses the bytes of an HTML page in `encoding` (an IANA charset name such as `EUC-KR`);
    /// with nil, libxml2 finds the encoding in the page's `<meta charset>` (UTF-8 otherwise).
    public static func html(bytes: [UInt8], encoding: String?) -> MarkupDocument? {
        _ = initialised
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_RECOVER.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, encoding, options)
                }
            }
        }
        return document.map(MarkupDocument.init)
    }

    /// Parses well-formed XML; throws the first error with its line and column.
    public static func xml(_ text: String) throws(MarkupError) -> MarkupDocument {
        try xml(bytes: Array(text.utf8), encoding: "UTF-8")
    }

    /// Parses the bytes of an XML document; with a nil `encoding`, the one its declaration
    /// names (UTF-8 otherwise). Throws the first error with its line and column.
    public static func xml(bytes: [UInt8], encoding: String?) throws(MarkupError) -> MarkupDocument {
        _ = initialised
        xmlResetLastError()
        let options = Int32(XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NONET.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReadMemory($0, Int32(buffer.count), nil, encoding, options)
                }
            }
        }
        if let error = xmlGetLastError(), error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue {
            if let document { xmlFreeDoc(document) }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            throw MarkupError(
                .notWellFormed, message.trimmingCharacters(in: .whitespacesAndNewlines), line: Int(error.pointee.line),
                column: Int(error.pointee.int2))
        }
        guard let document else { throw MarkupError(.empty, "empty document", line: 1, column: 1) }
        return MarkupDocument(document)
    }

    /// The text a reader sees: tags removed, entities decoded, `script`/`style` dropped,
    /// whitespace collapsed to single spaces. No space is added where a tag was
    /// (`주식<b>형</b>` → `주식형`).
    public var plainText: String {
        var pieces: [String] = []
        visit { node in
            if node.pointee.type == XML_ELEMENT_NODE, let name = MarkupDocument.name(node),
                name == "script" || name == "style"
            {
                return false
            }
            if node.pointee.type == XML_TEXT_NODE || node.pointee.type == XML_CDATA_SECTION_NODE,
                let content = node.pointee.content
            {
                pieces.append(String(cString: content))
            }
            return true
        }
        return pieces.joined().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// An element's attributes and text content.
    public struct Element: Sendable {
        /// Lower-case element name.
        public var name: String
        public var attributes: [String: String]
        public var text: String
        public subscript(_ attribute: String) -> String? { attributes[attribute] }
    }

    /// Every element, in document order.
    public var allElements: [Element] { elements(where: { _ in true }) }

    /// Every element, in document order, with its name and attributes but an empty `text`: what
    /// a check of tags and attributes needs, without copying each element's whole content (the
    /// root's is the document's), which costs the square of the nesting depth.
    public var allElementsWithoutText: [Element] { elements(where: { _ in true }, withText: false) }

    /// Every element named `name` (lower-case), in document order.
    public func elements(named name: String) -> [Element] { elements(named: [name]) }

    /// Every element with one of `names` (lower-case), in document order.
    public func elements(named names: Set<String>) -> [Element] { elements(where: names.contains) }

    private func elements(where wanted: (String) -> Bool, withText: Bool = true) -> [Element] {
        var found: [Element] = []
        visit { node in
            if node.pointee.type == XML_ELEMENT_NODE, let name = MarkupDocument.name(node)?.lowercased(), wanted(name) {
                let text = withText ? LibXMLString.content(of: node) ?? "" : ""
                found.append(Element(name: name, attributes: LibXMLString.attributes(of: node), text: text))
            }
            return true
        }
        return found
    }

    /// An element and everything inside it, for walking structured documents such as feeds.
    public struct Node: Sendable {
        /// The local name as written (`entry`, `encoded` for `content:encoded`).
        public var name: String
        /// The namespace URI, if any.
        public var namespace: String?
        /// Attributes by local name (`xml:lang` is `lang`).
        public var attributes: [String: String]
        public var children: [Node]
        /// All text inside, CDATA included, entities decoded.
        public var text: String

        public subscript(_ attribute: String) -> String? { attributes[attribute] }

        /// The first child element named `name`, optionally in namespace `namespace`.
        public func child(_ name: String, namespace: String? = nil) -> Node? {
            children.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }
        }

        /// Every child element named `name`, optionally in namespace `namespace`.
        public func children(_ name: String, namespace: String? = nil) -> [Node] {
            children.filter { $0.name == name && (namespace == nil || $0.namespace == namespace) }
        }
    }

    /// The root element as a tree of `Node`s.
    public var root: Node? {
        xmlDocGetRootElement(document).map(MarkupDocument.node)
    }

    private static func node(_ element: xmlNodePtr) -> Node {
        var children: [Node] = []
        var child = element.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { children.append(node(current)) }
            child = current.pointee.next
        }
        let namespace = element.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) }
        return Node(
            name: name(element) ?? "", namespace: namespace, attributes: LibXMLString.attributes(of: element), children: children,
            text: LibXMLString.content(of: element) ?? "")
    }

    /// The text of every element named `name`, in document order.
    public func texts(of name: String) -> [String] { elements(named: name).map(\.text) }

    /// Depth-first walk; `visitor` returns false to skip a node's children.
    private func visit(_ visitor: (xmlNodePtr) -> Bool) {
        var stack: [xmlNodePtr] = []
        if let root = xmlDocGetRootElement(document) { stack.append(root) }
        while let node = stack.popLast() {
            guard visitor(node) else { continue }
            var children: [xmlNodePtr] = []
            var child = node.pointee.children
            while let current = child {
                children.append(current)
                child = current.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    private static func name(_ node: xmlNodePtr) -> String? {
        node.pointee.name.map { String(cString: $0) }
    }
}

import CLibXML2
import Foundation

/// An HTML or XML document parsed by libxml2. This type is the only place Gazette calls
/// libxml2; it owns the document and frees it. Network access is always off.
public final class MarkupDocument {
    private let document: xmlDocPtr

    /// Why a document could not be parsed, with the position libxml2 reports.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var line: Int
        public var column: Int
        public var description: String { "\(line):\(column): \(message)" }
    }

    private init(_ document: xmlDocPtr) { self.document = document }

    deinit { xmlFreeDoc(document) }

    /// Parses HTML the way browsers do: forgiving, never failing on tag soup.
    public static func html(_ text: String) -> MarkupDocument? {
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_RECOVER.rawValue)
        let bytes = Array(text.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
                }
            }
        }
        return document.map(MarkupDocument.init)
    }

    /// Parses well-formed XML; throws the first error with its line and column.
    public static func xml(_ text: String) throws -> MarkupDocument {
        xmlResetLastError()
        let options = Int32(XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NONET.rawValue)
        let bytes = Array(text.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
                }
            }
        }
        if let error = xmlGetLastError(), error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue {
            if let document { xmlFreeDoc(document) }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            throw ParseError(
                message: message.trimmingCharacters(in: .whitespacesAndNewlines), line: Int(error.pointee.line),
                column: Int(error.pointee.int2))
        }
        guard let document else { throw ParseError(message: "empty document", line: 1, column: 1) }
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

    /// Every element named `name` (lower-case), in document order.
    public func elements(named name: String) -> [Element] { elements(named: [name]) }

    /// Every element with one of `names` (lower-case), in document order.
    public func elements(named names: Set<String>) -> [Element] {
        var found: [Element] = []
        visit { node in
            if node.pointee.type == XML_ELEMENT_NODE, let name = MarkupDocument.name(node)?.lowercased(), names.contains(name) {
                var attributes: [String: String] = [:]
                var attribute = node.pointee.properties
                while let current = attribute {
                    if let key = current.pointee.name.map({ String(cString: $0) }),
                        let value = xmlNodeGetContent(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
                    {
                        attributes[key] = String(cString: value)
                        free(value)  // libxml2 allocates with malloc unless xmlMemSetup is called; Gazette never calls it
                    }
                    attribute = current.pointee.next
                }
                var text = ""
                if let content = xmlNodeGetContent(node) {
                    text = String(cString: content)
                    free(content)
                }
                found.append(Element(name: name, attributes: attributes, text: text))
            }
            return true
        }
        return found
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

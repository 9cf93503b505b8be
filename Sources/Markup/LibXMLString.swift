internal import CLibXML2

/// The one way this module turns a string libxml2 allocated for it into a Swift `String`.
///
/// libxml2 hands out copies (`xmlNodeGetContent`, `xmlGetProp`) that must go back through its own
/// deallocator, `xmlFree`: a program (or a test) may install other allocators with
/// `xmlMemSetup`, and then `free()` would release memory the C library never got from `malloc`.
/// Every such string in Markup is taken here, so there is one place that frees them.
enum LibXMLString {
    /// Copies the string and releases libxml2's copy with `xmlFree`; nil for a null pointer.
    static func take(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
        guard let pointer else { return nil }
        defer { gazette_xmlFree(pointer) }
        return String(cString: pointer)
    }

    /// The text inside an element or text node, entities decoded (`xmlNodeGetContent`).
    static func content(of node: xmlNodePtr) -> String? { take(xmlNodeGetContent(node)) }

    /// An attribute's value, entities decoded.
    static func value(of attribute: xmlAttrPtr) -> String? {
        take(xmlNodeGetContent(UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self)))
    }

    /// Every attribute of an element by its local name (`xml:lang` is `lang`), in the order written;
    /// a repeated name keeps the last value.
    static func attributes(of element: xmlNodePtr) -> [String: String] {
        var attributes: [String: String] = [:]
        var attribute = element.pointee.properties
        while let current = attribute {
            if let key = current.pointee.name.map({ String(cString: $0) }), let value = value(of: current) {
                attributes[key] = value
            }
            attribute = current.pointee.next
        }
        return attributes
    }
}

/// A value a template reads: text, a flag, a number, a list, or an object of named values.
///
/// Typed, so that rendering looks names up with a `switch` and a dictionary probe instead of the
/// dynamic casts an `Any` context needs at every step (in swift-mustache those casts were a
/// fifth of a 2,000-journal build's processor time).
public enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case number(Int)
    case list([TemplateValue])
    case object(TemplateObject)

    /// An object of these fields.
    public static func object(_ fields: [String: TemplateValue]) -> TemplateValue { .object(TemplateObject(fields)) }

    /// The value of `name` when this is an object.
    @inlinable public subscript(name: String) -> TemplateValue? {
        if case .object(let object) = self { object.fields[name] } else { nil }
    }
}

/// Named values, shared by reference: a card's values are made once and shown on many boards.
public final class TemplateObject: Sendable {
    public let fields: [String: TemplateValue]
    /// 128 bits that identify `fields`, computed by whoever made the object (Site: their
    /// fingerprint), so a walk that fingerprints a page's values can take them instead of
    /// walking these values again.
    public let stamp: (high: UInt64, low: UInt64)?

    public init(_ fields: [String: TemplateValue], stamp: (high: UInt64, low: UInt64)? = nil) {
        (self.fields, self.stamp) = (fields, stamp)
    }
}

/// A Swift value a template can read, typed by the compiler: a context is built from these and
/// turned into `TemplateValue`s by their conformances, with no cast and no reflection.
public protocol TemplateConvertible: Sendable {
    /// The value, or nil to leave its key out. Mustache treats an empty string as a true section,
    /// so `{{#author}}…{{/author}}` needs a missing key, not "": empty strings are nil.
    var templateValue: TemplateValue? { get }
}

/// A template context as Swift builds it: named values of any convertible type.
public typealias TemplateFields = [String: any TemplateConvertible]

extension String: TemplateConvertible {
    @inlinable public var templateValue: TemplateValue? { isEmpty ? nil : .text(self) }
}

extension Int: TemplateConvertible {
    @inlinable public var templateValue: TemplateValue? { .number(self) }
}

extension Bool: TemplateConvertible {
    @inlinable public var templateValue: TemplateValue? { .flag(self) }
}

extension TemplateValue: TemplateConvertible {
    @inlinable public var templateValue: TemplateValue? { self }
}

extension TemplateObject: TemplateConvertible {
    public var templateValue: TemplateValue? { .object(self) }
}

extension Optional: TemplateConvertible where Wrapped: TemplateConvertible {
    // Closures, not key paths: a key path used as a function in generic code is made at run
    // time on every call (`swift_getKeyPath`, 1 % of a clean build's processor time).
    @inlinable public var templateValue: TemplateValue? { flatMap { $0.templateValue } }
}

extension Array: TemplateConvertible where Element: TemplateConvertible {
    @inlinable public var templateValue: TemplateValue? { .list(compactMap { $0.templateValue }) }
}

extension Dictionary: TemplateConvertible where Key == String, Value == any TemplateConvertible {
    public var templateValue: TemplateValue? { .object(TemplateObject(fields)) }

    /// The fields' values, the nil ones left out.
    public var fields: [String: TemplateValue] {
        var fields: [String: TemplateValue] = [:]
        fields.reserveCapacity(count)
        for (key, item) in self {
            if let value = item.templateValue { fields[key] = value }
        }
        return fields
    }
}

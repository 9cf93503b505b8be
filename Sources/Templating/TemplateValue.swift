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

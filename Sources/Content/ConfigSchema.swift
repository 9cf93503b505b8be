import Foundation
import GazetteModel

/// The shape of a value `gazette.yml` takes, as `ConfigLoader`'s table reads it: what
/// `gazette schema` writes as JSON Schema (draft 2020-12), so an editor's YAML support checks
/// the file with the same rules as the loader.
indirect enum ConfigSchema: Sendable {
    case any
    case string
    case boolean
    case integer(ClosedRange<Int>)
    case number(ClosedRange<Double>)
    case choice([String])
    /// A list of strings, or one string (the loader reads it as a list of one).
    case stringList
    /// A mapping of known keys; `required` must be there; others are not allowed.
    case object([(key: String, value: ConfigSchema)], required: [String])
    /// A mapping of any keys, each value of one shape.
    case map(ConfigSchema)
    case list(ConfigSchema)
    case anyOf([ConfigSchema])

    /// The schema as JSON text, keys in a fixed order, indented by `level`.
    func json(_ level: Int = 0, description: String? = nil) -> String {
        let pad = String(repeating: "  ", count: level + 1), close = String(repeating: "  ", count: level)
        var fields: [(String, String)] = []
        if let description { fields.append(("description", JSONString.quoted(description))) }
        switch self {
        case .any: break
        case .string: fields.append(("type", "\"string\""))
        case .boolean: fields.append(("type", "\"boolean\""))
        case .integer(let range):
            fields += [("type", "\"integer\""), ("minimum", "\(range.lowerBound)"), ("maximum", "\(range.upperBound)")]
        case .number(let range):
            fields += [("type", "\"number\""), ("minimum", Self.number(range.lowerBound)), ("maximum", Self.number(range.upperBound))]
        case .choice(let values): fields.append(("enum", "[" + values.map(JSONString.quoted).joined(separator: ", ") + "]"))
        case .stringList:
            fields.append(("anyOf", "[{ \"type\": \"string\" }, { \"type\": \"array\", \"items\": { \"type\": \"string\" } }]"))
        case .object(let properties, let required):
            fields.append(("type", "\"object\""))
            let inner = properties.map { "\(pad)  \(JSONString.quoted($0.key)): \($0.value.json(level + 2))" }.joined(separator: ",\n")
            fields.append(("properties", properties.isEmpty ? "{}" : "{\n\(inner)\n\(pad)}"))
            if !required.isEmpty { fields.append(("required", "[" + required.map(JSONString.quoted).joined(separator: ", ") + "]")) }
            fields.append(("additionalProperties", "false"))
        case .map(let value): fields += [("type", "\"object\""), ("additionalProperties", value.json(level + 1))]
        case .list(let item): fields += [("type", "\"array\""), ("items", item.json(level + 1))]
        case .anyOf(let options): fields.append(("anyOf", "[" + options.map { $0.json(level + 1) }.joined(separator: ", ") + "]"))
        }
        if fields.isEmpty { return "{}" }
        return "{\n" + fields.map { "\(pad)\(JSONString.quoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n\(close)}"
    }

    static func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}

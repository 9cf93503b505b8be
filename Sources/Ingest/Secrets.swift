import Foundation

/// The API keys, read from the environment only, and the one place that hides them again:
/// every message, URL and file Ingest produces passes through `redact`.
public struct Secrets: Sendable {
    /// By environment variable: every one a news source reads (`NewsSources.keyVariables`).
    private var keys: [String: String] = [:]

    /// The environment variables that hold the keys.
    public static var variables: [String] { NewsSources.keyVariables }

    public init(environment: [String: String] = [:]) {
        for name in Self.variables {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { continue }
            keys[name] = text
        }
    }

    /// The key in environment variable `variable`, when it is set and not blank.
    public subscript(variable: String) -> String? { keys[variable] }

    private var values: [String] {
        keys.values.filter { $0.count >= 3 }.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// `text` with every key replaced by `***`, and every `access_key`, `apiKey` or
    /// `api_key` query value too.
    public func redact(_ text: String) -> String {
        var out = text
        for value in values {
            out = out.replacingOccurrences(of: value, with: "***")
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
            if encoded != value { out = out.replacingOccurrences(of: encoded, with: "***") }
        }
        return Self.redactParameters(out)
    }

    /// A URL fit to print: keys in query parameters replaced by `***`.
    public func redact(url: String) -> String { redact(url) }

    static let secretParameters = ["access_key", "apikey", "api_key", "key", "client_secret"]

    static func redactParameters(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let range = rest.range(of: "=") {
            let before = rest[..<range.lowerBound]
            out += before + "="
            rest = rest[range.upperBound...]
            let name = before.reversed().prefix { $0.isLetter || $0 == "_" || $0.isNumber }
            let preceding = before.dropLast(name.count).last
            if secretParameters.contains(String(name.reversed()).lowercased()), preceding == "?" || preceding == "&" {
                let value = rest.prefix { $0 != "&" && $0 != "#" && !$0.isWhitespace && $0 != "\"" && $0 != "'" }
                if !value.isEmpty {
                    out += "***"
                    rest = rest.dropFirst(value.count)
                }
            }
        }
        return out + rest
    }
}

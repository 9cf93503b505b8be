import Foundation

/// The API keys, read from the environment only, and the one place that hides them again:
/// every message, URL and file Ingest produces passes through `redact`.
public struct Secrets: Sendable {
    public var naverClientID: String?
    public var naverClientSecret: String?
    public var newsAPIKey: String?
    public var mediaStackKey: String?

    /// The environment variables that hold the keys.
    public static let variables = ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET", "NEWSAPI_KEY", "MEDIASTACK_KEY"]

    public init(environment: [String: String] = [:]) {
        func value(_ name: String) -> String? {
            guard let text = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return text
        }
        naverClientID = value("NAVER_CLIENT_ID")
        naverClientSecret = value("NAVER_CLIENT_SECRET")
        newsAPIKey = value("NEWSAPI_KEY")
        mediaStackKey = value("MEDIASTACK_KEY")
    }

    private var values: [String] {
        [naverClientID, naverClientSecret, newsAPIKey, mediaStackKey].compactMap { $0 }.filter { $0.count >= 3 }
            .sorted { $0.count > $1.count }
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

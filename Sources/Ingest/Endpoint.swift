import Foundation

/// Request addresses: the documented URL of an API, with `endpoint` from `gazette.yml`
/// replacing its scheme, host and port and prefixed to its path
/// (`http://127.0.0.1:9000/x` → `http://127.0.0.1:9000/x/v1/search/news.json`).
enum Endpoint {
    static func url(_ documented: String, endpoint: String?, parameters: [(String, String)]) -> String {
        var base = documented
        if let endpoint, let path = URLComponents(string: documented)?.percentEncodedPath {
            base = (endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint) + path
        }
        guard !parameters.isEmpty else { return base }
        return base + "?" + parameters.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }

    /// Only unreserved characters stay as they are, so `+`, `&`, `=` and spaces in a query
    /// arrive as the user wrote them.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}

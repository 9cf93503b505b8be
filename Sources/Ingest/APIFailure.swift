import Foundation
import Markup

/// Why a source failed, in plain words: the API's own error code, what to do about it, and
/// what the server said — never a key.
public struct SourceFailure: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// A timeout, a dropped connection, a 5xx or a 429: another run may well succeed.
    public var isTransient = false
    public var description: String { message }

    init(_ message: String, transient: Bool = false) {
        self.message = message
        isTransient = transient
    }

    /// Builds the message for an error answer: `NewsAPI: apiKeyInvalid — check NEWSAPI_KEY
    /// (HTTP 401: Your API key hasn't been entered correctly…)`.
    static func answer(
        _ label: String, _ response: WebResponse, code: String?, detail: String?, hint: String?
    ) -> SourceFailure {
        var text = "\(label): \(code ?? response.statusLine)"
        if let hint { text += " — \(hint)" }
        var said: [String] = []
        if code != nil { said.append(response.statusLine) }
        if let detail, !detail.isEmpty { said.append(PlainText.truncate(PlainText.collapse(detail), to: 200)) }
        if response.attempts > 1 { said.append("after \(response.attempts) attempts") }
        if !said.isEmpty { text += " (\(said.joined(separator: ": ")))" }
        return SourceFailure(text, transient: response.status >= 500 || response.status == 429)
    }

    /// For an answer that is not the API's JSON: an HTML error page (named by its title) or
    /// something else (its first words).
    static func unexpected(_ label: String, _ response: WebResponse, expecting: String) -> SourceFailure {
        let text = String(decoding: response.body.prefix(4096), as: UTF8.self)
        let isHTML = (response.header("Content-Type") ?? "").contains("html") || text.range(of: "<html", options: .caseInsensitive) != nil
        if isHTML {
            let title = MarkupDocument.html(text)?.texts(of: "title").first.map(PlainText.collapse) ?? ""
            let hint = (200...299).contains(response.status)
                ? "an HTML page instead of \(expecting); check the endpoint"
                : "an HTML error page instead of \(expecting); the service may be down or the endpoint wrong"
            return answer(label, response, code: nil, detail: title.isEmpty ? nil : "page title: \(title)", hint: hint)
        }
        if (200...299).contains(response.status) {
            return answer(label, response, code: "malformed answer", detail: text.isEmpty ? "empty body" : text, hint: "not \(expecting); check the endpoint")
        }
        return answer(label, response, code: nil, detail: text, hint: response.status >= 500 ? "the service failed; try again later" : nil)
    }

    static func network(_ label: String, _ error: WebError) -> SourceFailure {
        SourceFailure(
            "\(label): \(error.message)\(error.attempts > 1 ? " (after \(error.attempts) attempts)" : "")",
            transient: error.isTransient || error.kind == .unreachable || error.kind == .refused)
    }
}

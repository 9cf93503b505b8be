import Foundation
import GazetteModel
import Markup

/// What went wrong in Ingest: the module's one error type. A request that got no answer (a
/// timeout, a refused address, too many redirects) and a source whose answer was not what was
/// asked for (an API's error code, an HTML page instead of JSON, a feed that is not well formed)
/// are both an `IngestError`, told apart by `kind`. The message says what happened, what to do
/// and what the server said — never a key (addresses in it are redacted).
public struct IngestError: Error, Sendable, CustomStringConvertible, DiagnosticConvertible {
    public enum Kind: Sendable, Equatable {
        /// No answer within the connect or request time limit.
        case timeout
        /// Reset or closed before the whole body arrived.
        case connection
        /// Refused, or the host is unknown: not retried.
        case unreachable
        /// Not requested: data named an address it may not reach (`AddressPolicy`).
        case refused
        case tooLarge
        case tooManyRedirects
        case invalidURL
        /// No answer, for another reason (cancelled, not valid HTTP).
        case other
        /// The server answered with an error: an API's code, an HTTP status.
        case answer
        /// An answer that is not what was asked for: not the API's JSON, not a feed, not a page.
        case unreadable
    }

    public var kind: Kind
    public var message: String
    /// How many requests were made before giving up.
    public var attempts: Int = 1
    /// A timeout, a dropped connection, a 5xx or a 429: another run may well succeed, so the
    /// failure is not remembered. For a single request, whether it is worth another attempt.
    public var isTransient: Bool
    public var description: String { message }
    /// The message as an error; the hint, when there is one, is already in its words.
    public var diagnostic: Diagnostic { .error(message) }

    init(_ kind: Kind, _ message: String, transient: Bool? = nil) {
        self.kind = kind
        self.message = message
        isTransient = transient ?? (kind == .timeout || kind == .connection)
    }

    /// Builds the message for an error answer: `NewsAPI: apiKeyInvalid — check NEWSAPI_KEY
    /// (HTTP 401: Your API key hasn't been entered correctly…)`.
    static func answer(
        _ label: String, _ response: WebResponse, code: String?, detail: String?, hint: String?
    ) -> IngestError {
        var text = "\(label): \(code ?? response.statusLine)"
        if let hint { text += " — \(hint)" }
        var said: [String] = []
        if code != nil { said.append(response.statusLine) }
        if let detail, !detail.isEmpty { said.append(PlainText.truncate(PlainText.collapse(detail), to: 200)) }
        if response.attempts > 1 { said.append("after \(response.attempts) attempts") }
        if !said.isEmpty { text += " (\(said.joined(separator: ": ")))" }
        return IngestError(.answer, text, transient: response.status >= 500 || response.status == 429)
    }

    /// For an answer that is not the API's JSON: an HTML error page (named by its title) or
    /// something else (its first words).
    static func unexpected(_ label: String, _ response: WebResponse, expecting: String) -> IngestError {
        let text = String(decoding: response.body.prefix(4096), as: UTF8.self)
        let isHTML = (response.header("Content-Type") ?? "").contains("html") || text.range(of: "<html", options: .caseInsensitive) != nil
        if isHTML {
            let title = MarkupDocument.html(text)?.texts(of: "title").first.map(PlainText.collapse) ?? ""
            let hint = (200...299).contains(response.status)
                ? "an HTML page instead of \(expecting); check the endpoint"
                : "an HTML error page instead of \(expecting); the service may be down or the endpoint wrong"
            return answer(label, response, code: nil, detail: title.isEmpty ? nil : "page title: \(title)", hint: hint).unreadable
        }
        if (200...299).contains(response.status) {
            return answer(label, response, code: "malformed answer", detail: text.isEmpty ? "empty body" : text, hint: "not \(expecting); check the endpoint")
                .unreadable
        }
        return answer(label, response, code: nil, detail: text, hint: response.status >= 500 ? "the service failed; try again later" : nil).unreadable
    }

    /// The same failure, as an answer that was not what was asked for.
    private var unreadable: IngestError {
        var failure = self
        failure.kind = .unreadable
        return failure
    }

    /// A request's failure as the failure of `label` (a source, an address): named, with the
    /// attempts made. An unknown host or a refused address counts as transient here too, so a
    /// source is not remembered as broken because of this run's network.
    func attributed(to label: String) -> IngestError {
        var failure = IngestError(
            kind, "\(label): \(message)\(attempts > 1 ? " (after \(attempts) attempts)" : "")",
            transient: isTransient || kind == .unreachable || kind == .refused)
        failure.attempts = attempts
        return failure
    }
}

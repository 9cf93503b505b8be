import AsyncHTTPClient
import Foundation
import GazetteModel
import NIOCore
import NIOHTTP1

/// How Gazette behaves on the network: time limits, retries, redirects, size limits, how many
/// requests run at once and how it introduces itself.
public struct NetworkSettings: Sendable {
    /// Seconds to establish a connection. async-http-client keeps retrying a refused
    /// connection until this runs out, so it is also how long an unreachable host costs.
    public var connectTimeout: Double = 5
    /// Seconds for one request, from sending it to the last byte of the body. Each redirect
    /// hop is a request of its own with its own limit: a chain of redirects under one limit
    /// turns into a timeout whenever the machine is slow, and a timeout is retried.
    public var requestTimeout: Double = 30
    /// Extra attempts after a timeout, a dropped connection or a 5xx answer (and after a 429
    /// that names a `Retry-After` no longer than `maxRetryAfter`).
    public var retries = 2
    /// The first backoff in seconds; it doubles per attempt, and each wait is drawn at random
    /// between half and all of it (jitter), so parallel clients do not retry in lockstep.
    public var backoff: Double = 0.5
    /// The longest `Retry-After` Gazette waits for; a longer one fails the request at once.
    public var maxRetryAfter: Double = 60
    /// Requests in flight at once across all sources and queries.
    public var concurrency = 4
    /// Redirects followed per request (counted across retries of its hops).
    public var maxRedirects = 5
    /// The largest body accepted (after decompression).
    public var maxBodyBytes = 8 << 20
    /// The largest article image downloaded to make thumbnails from; a larger one is no image.
    public var maxImageBytes = 5 << 20
    /// The `User-Agent` header.
    public var userAgent = NetworkSettings.userAgent(version: GazetteRelease.version)
    /// Private and loopback blocks that addresses from data may reach anyway (`AddressPolicy`):
    /// gazette.yml's `network: allow_private`, added by `allowing(_:)`.
    public var allowPrivate: [IPAddressRange] = []
    /// What resolves host names for `AddressPolicy`; nil is getaddrinfo. Tests set a resolver
    /// that knows names the system does not, to show that a request connects to the address
    /// checked and never looks the name up again.
    var resolver: (@Sendable (String) async -> [IPAddress])?

    public init() {}

    /// These settings with the site's `network:` allowances added.
    public func allowing(_ network: SiteConfig.Network) -> NetworkSettings {
        var settings = self
        settings.allowPrivate += network.allowPrivate.filter { !settings.allowPrivate.contains($0) }
        return settings
    }

    /// `Gazette/<version> (+<project page>)`.
    public static func userAgent(version: String) -> String {
        "Gazette/\(version) (+\(GazetteRelease.repository))"
    }
}

/// One HTTP answer, body read in full and decompressed.
public struct WebResponse: Sendable {
    public var status: Int
    public var reason: String
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// The address that answered, after redirects.
    public var url: String
    /// How many attempts it took.
    public var attempts: Int

    /// The first header named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// `HTTP 404 Not Found`.
    public var statusLine: String { "HTTP \(status)\(reason.isEmpty ? "" : " " + reason)" }
}

/// One request as it happened, for `--verbose` and for counting.
public struct RequestRecord: Sendable {
    /// The address with secrets redacted.
    public var url: String
    /// The status, or nil when there was no answer.
    public var status: Int?
    public var error: String?
    public var seconds: Double
    public var attempt: Int
}

/// Gazette's HTTP client: async-http-client behind the few things ingest needs — GET with a
/// whole-request time limit, bounded redirects, gzip, a `User-Agent`, retries with exponential
/// backoff and jitter on timeouts and 5xx, and `Retry-After` on 429.
///
/// Use `WebClient.with(_:_:)`, which shuts the connection pool down however the work ends.
public final class WebClient: Sendable {
    public let settings: NetworkSettings
    private let client: HTTPClient
    private let secrets: Secrets
    /// The connect timeout in force: `settings.connectTimeout`, at most half the request timeout.
    private let connectTimeout: Double
    private let observe: @Sendable (RequestRecord) -> Void

    private init(settings: NetworkSettings, secrets: Secrets, observe: @escaping @Sendable (RequestRecord) -> Void) {
        self.settings = settings
        self.secrets = secrets
        self.observe = observe
        // async-http-client retries a refused connection until its connect timeout and only then
        // reports the refusal. That must happen before the whole-request timer fires, or a
        // refused connection is misreported as a timeout and retried.
        let connect = min(settings.connectTimeout, settings.requestTimeout / 2)
        connectTimeout = connect
        client = Self.makeClient(settings, connect: connect, dnsOverride: [:])
    }

    /// A client of these settings. `dnsOverride` (host → address) makes it connect to the
    /// address given while TLS still checks the certificate for the host.
    private static func makeClient(_ settings: NetworkSettings, connect: Double, dnsOverride: [String: String]) -> HTTPClient {
        // Redirects are followed by `get`, hop by hop, not by async-http-client (see there).
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: Self.amount(connect), read: Self.amount(settings.requestTimeout)),
            decompression: .enabled(limit: .size(settings.maxBodyBytes)))
        configuration.httpVersion = .http1Only
        configuration.dnsOverride = dnsOverride
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Runs `body` with a client and shuts it down afterwards. `observe` sees every attempt.
    public static func with<T: Sendable>(
        _ settings: NetworkSettings, secrets: Secrets = Secrets(),
        observe: @escaping @Sendable (RequestRecord) -> Void = { _ in },
        _ body: (WebClient) async throws -> T
    ) async throws -> T {
        let web = WebClient(settings: settings, secrets: secrets, observe: observe)
        do {
            let result = try await body(web)
            try? await web.client.shutdown()
            return result
        } catch {
            try? await web.client.shutdown()
            throw error
        }
    }

    /// GETs `url`, following up to `maxRedirects` redirects and retrying what is worth retrying.
    /// Answers with any status are returned (after retries for 5xx and 429): callers decode the
    /// API's error body.
    ///
    /// Redirects are followed here, one hop at a time, each hop with its own time limit and its
    /// own retries, and counted across them. async-http-client follows a whole chain under one
    /// deadline; on a loaded machine (the cooperative thread pool busy with other work, so each
    /// hop waits to be resumed) a redirect loop then ran out of time before reaching the redirect
    /// limit, the timeout surfaced first, and the loop, a deterministic failure, was retried as a
    /// transient one. Hop by hop, too many redirects, a cycle, a redirect to another scheme and a
    /// 4xx answer fail the same way however slow the machine is, and are never retried.
    ///
    /// On a redirect to another origin the caller's headers (API keys) are not sent on.
    ///
    /// `limit` lowers the body size limit for this request (images have a smaller one).
    ///
    /// `source` says who chose `url`. An address from data (the default) is checked on every
    /// hop before anything is sent: its host is resolved here, every address it resolves to
    /// must be public or allowed by `settings.allowPrivate` (`AddressPolicy`), and the request
    /// connects to the address checked, never to a second lookup's answer, so DNS rebinding
    /// cannot swap in a private address between check and connection. An address from the
    /// configuration is trusted, and so are its redirects while they stay on its host; a
    /// redirect to another host is checked like data.
    public func get(
        _ url: String, headers: [(String, String)] = [], limit: Int? = nil, source: AddressSource = .data
    ) async throws(IngestError) -> WebResponse {
        let limit = min(limit ?? settings.maxBodyBytes, settings.maxBodyBytes)
        let trustedHost = source == .configuration ? AddressPolicy.host(of: url)?.lowercased() : nil
        var current = url
        var sent = headers
        var visited: Set<String> = [url]
        var redirects = 0
        while true {
            let trusted = trustedHost != nil && AddressPolicy.host(of: current)?.lowercased() == trustedHost
            let pin = trusted ? nil : try await AddressPolicy.check(current, allowed: settings.allowPrivate, resolver: settings.resolver)
            var response = try await getOnce(current, headers: sent, limit: limit, pin: pin)
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location") else {
                response.url = current
                return response
            }
            guard let base = URL(string: current), let next = URL(string: location, relativeTo: base)?.absoluteURL,
                let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https", next.host?.isEmpty == false
            else {
                throw IngestError(.invalidURL, "redirected to an address that is not http(s)")
            }
            redirects += 1
            if redirects > settings.maxRedirects {
                throw IngestError(.tooManyRedirects, "more than \(settings.maxRedirects) redirects")
            }
            let target = next.absoluteString
            guard visited.insert(target).inserted else {
                throw IngestError(.tooManyRedirects, "redirects go round in a circle")
            }
            if !Self.sameOrigin(base, next) { sent = [] }
            current = target
        }
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
    }

    /// One hop: GETs `url` without following redirects, retrying timeouts, broken connections,
    /// 5xx and 429 with a short `Retry-After`. With `pin`, every attempt connects to that
    /// address, through a client of its own (async-http-client sets `dnsOverride` per client).
    private func getOnce(_ url: String, headers: [(String, String)], limit: Int, pin: String?) async throws(IngestError) -> WebResponse {
        guard let pin, let host = AddressPolicy.host(of: url) else {
            return try await getOnce(url, headers: headers, limit: limit, client: client)
        }
        let pinned = Self.makeClient(settings, connect: connectTimeout, dnsOverride: [host: pin])
        let result: Result<WebResponse, IngestError>
        do {
            result = .success(try await getOnce(url, headers: headers, limit: limit, client: pinned))
        } catch {
            result = .failure(error)
        }
        try? await pinned.shutdown()
        return try result.get()
    }

    private func getOnce(_ url: String, headers: [(String, String)], limit: Int, client: HTTPClient) async throws(IngestError) -> WebResponse {
        var attempt = 0
        while true {
            attempt += 1
            let started = Date()
            let outcome = await once(url, headers: headers, limit: limit, client: client)
            let seconds = Date().timeIntervalSince(started)
            let shown = secrets.redact(url: url)
            switch outcome {
            case .success(var response):
                observe(RequestRecord(url: shown, status: response.status, error: nil, seconds: seconds, attempt: attempt))
                response.attempts = attempt
                guard attempt <= settings.retries else { return response }
                if (500...599).contains(response.status) {
                    try? await Task.sleep(for: .seconds(backoff(attempt)))
                    continue
                }
                if response.status == 429, let wait = Self.retryAfter(response.header("Retry-After")), wait <= settings.maxRetryAfter {
                    try? await Task.sleep(for: .seconds(wait))
                    continue
                }
                return response
            case .failure(var error):
                observe(RequestRecord(url: shown, status: nil, error: error.message, seconds: seconds, attempt: attempt))
                error.attempts = attempt
                guard error.isTransient, attempt <= settings.retries, !Task.isCancelled else { throw error }
                try? await Task.sleep(for: .seconds(backoff(attempt)))
            }
        }
    }

    /// The wait before attempt `attempt + 1`: base·2^(attempt−1), drawn between half and all of it.
    func backoff(_ attempt: Int) -> Double {
        let full = settings.backoff * pow(2, Double(attempt - 1))
        return Double.random(in: (full / 2)...max(full / 2, full))
    }

    /// `Retry-After` as seconds: a number, or an HTTP date.
    static func retryAfter(_ value: String?) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value) { return max(0, seconds) }
        return PublishedDate.parseRFC822(value).map { max(0, $0.date.timeIntervalSinceNow) }
    }

    private func once(_ url: String, headers: [(String, String)], limit: Int, client: HTTPClient) async -> Result<WebResponse, IngestError> {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "User-Agent", value: settings.userAgent)
        request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        let prepared = request
        let timeout = settings.requestTimeout
        do {
            // async-http-client's deadline ends when the response head arrives; the body has
            // only the idle (read) timeout. Racing a timer bounds the whole request.
            return .success(
                try await withThrowingTaskGroup(of: WebResponse.self) { group in
                    group.addTask {
                        let response = try await client.execute(prepared, deadline: .now() + Self.amount(timeout))
                        var buffer = try await response.body.collect(upTo: limit)
                        let body = buffer.readBytes(length: buffer.readableBytes) ?? []
                        return WebResponse(
                            status: Int(response.status.code), reason: response.status.reasonPhrase,
                            headers: response.headers.map { ($0.name, $0.value) }, body: Data(body),
                            url: response.url?.absoluteString ?? url, attempts: 1)
                    }
                    group.addTask {
                        try await Task.sleep(for: .seconds(timeout))
                        throw IngestError(.timeout, "no complete answer within \(Self.seconds(timeout))")
                    }
                    defer { group.cancelAll() }
                    guard let first = try await group.next() else {
                        throw IngestError(.other, "no answer")
                    }
                    return first
                })
        } catch {
            return .failure(describe(error, limit: limit))
        }
    }

    /// Plain words for what went wrong, without secrets.
    private func describe(_ error: any Error, limit: Int) -> IngestError {
        if let error = error as? IngestError { return error }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: return IngestError(.timeout, "no connection within \(Self.seconds(connectTimeout))")
            case .readTimeout, .deadlineExceeded:
                return IngestError(.timeout, "no complete answer within \(Self.seconds(settings.requestTimeout))")
            case .remoteConnectionClosed, .bodyLengthMismatch:
                return IngestError(.connection, "the server closed the connection before the whole answer arrived")
            case .redirectLimitReached: return IngestError(.tooManyRedirects, "more than \(settings.maxRedirects) redirects")
            case .redirectCycleDetected: return IngestError(.tooManyRedirects, "redirects go round in a circle")
            case .invalidURL, .emptyHost, .emptyScheme: return IngestError(.invalidURL, "not a valid http(s) address")
            default: break
            }
            if "\(error)".contains("unsupportedScheme") {
                return IngestError(.invalidURL, "only http and https addresses can be fetched")
            }
        }
        if let error = error as? HTTPParserError {
            if error == .invalidEOFState {
                return IngestError(.connection, "the server closed the connection before the whole answer arrived")
            }
            return IngestError(.other, "the answer is not valid HTTP (\(error))")
        }
        if error is NIOTooManyBytesError || "\(type(of: error))".contains("Decompression") {
            let size = limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit >> 10) KB"
            return IngestError(.tooLarge, "the answer is larger than \(size)")
        }
        if error is CancellationError { return IngestError(.other, "cancelled") }
        let text = secrets.redact("\(error)")
        if text.contains("UnknownHost") || text.contains("unknownHost") || text.contains("NXDOMAIN") {
            return IngestError(.unreachable, "the host name could not be found: check the address, and that this machine is online")
        }
        if text.contains("onnection refused") || text.contains("connectionRefused") {
            return IngestError(.unreachable, "connection refused")
        }
        if text.contains("EOF") || text.contains("reset") || text.contains("closed") {
            return IngestError(.connection, "the connection broke before the whole answer arrived (\(text))")
        }
        return IngestError(.other, text)
    }

    static func amount(_ seconds: Double) -> TimeAmount { .milliseconds(Int64((seconds * 1000).rounded())) }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

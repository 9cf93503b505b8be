internal import CCurl
import Foundation
import GazetteModel

/// Where to deliver mail: an SMTP server and how to log in, from the environment
/// (`SMTP_URL`, `SMTP_USERNAME`, `SMTP_PASSWORD`; `SMTP_CA_FILE` and `SMTP_TIMEOUT` if needed),
/// never from a file in the site.
public struct SMTPServer: Sendable {
    /// `smtps://host:465` (TLS from the first byte) or `smtp://host:587` (STARTTLS, required
    /// unless the host is this machine's loopback).
    public let url: URL
    public let username: String?
    public let password: String?
    /// A PEM file of the certificate authorities to trust instead of the system's (`SMTP_CA_FILE`).
    public let certificateAuthorities: String?
    /// Seconds for the whole delivery (`SMTP_TIMEOUT`, default 60).
    public var timeout: Int = 60

    /// The server in `environment`, or an error that says which variable to set.
    public init(environment: [String: String]) throws(SMTPError) {
        guard let text = environment["SMTP_URL"], !text.isEmpty else {
            throw SMTPError("SMTP_URL is not set", hint: "set SMTP_URL=smtp://mail.example.org:587 (STARTTLS) or smtps://mail.example.org:465")
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme), let host = url.host,
            !host.isEmpty
        else {
            throw SMTPError("SMTP_URL is not an smtp:// or smtps:// address", hint: "write SMTP_URL=smtp://mail.example.org:587")
        }
        guard url.user == nil, url.password == nil else {
            throw SMTPError("SMTP_URL holds a user name or password", hint: "put them in SMTP_USERNAME and SMTP_PASSWORD instead")
        }
        try self.init(
            url: url, username: environment["SMTP_USERNAME"].flatMap { $0.isEmpty ? nil : $0 },
            password: environment["SMTP_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 },
            certificateAuthorities: environment["SMTP_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 })
        if let text = environment["SMTP_TIMEOUT"], !text.isEmpty {
            guard let seconds = Int(text), seconds > 0 else { throw SMTPError("SMTP_TIMEOUT must be whole seconds, not '\(text)'", hint: "write SMTP_TIMEOUT=60") }
            timeout = seconds
        }
    }

    public init(url: URL, username: String?, password: String?, certificateAuthorities: String? = nil) throws(SMTPError) {
        self.url = url
        self.username = username
        self.password = password
        self.certificateAuthorities = certificateAuthorities
        if password != nil && username == nil { throw SMTPError("SMTP_PASSWORD is set without SMTP_USERNAME", hint: "set both, or neither") }
    }

    /// The server as it may be shown: scheme, host and port, never a credential.
    public var shown: String { "\(url.scheme ?? "smtp")://\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")" }

    /// Whether the host is this machine (where plain SMTP is allowed: a local relay or a test server).
    var isLoopback: Bool {
        guard let host = url.host?.lowercased() else { return false }
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

/// Why a delivery failed, in words, with what to do; never the password. The project's error shape.
public typealias SMTPError = GazetteError<SMTPErrorKind>

public enum SMTPErrorKind: Sendable, Equatable {
    case delivery
}

extension GazetteError where Kind == SMTPErrorKind {
    init(_ message: String, hint: String) { self.init(.delivery, .error(message, hint: hint)) }
}

/// Delivers one message over SMTP with libcurl: TLS (`smtps://`) or STARTTLS (`smtp://`,
/// required but on loopback), the server's certificate verified, AUTH as the server offers it
/// (PLAIN, LOGIN), one `RCPT TO` per recipient. A recipient the server refuses fails the whole
/// delivery, so nobody gets a message the others did not.
public enum SMTPClient {
    /// Sends `message` (the whole RFC 5322 text, CRLF line ends) from `from` to `recipients`.
    public static func send(_ message: Data, from: String, to recipients: [String], via server: SMTPServer) throws(SMTPError) {
        guard !recipients.isEmpty else { throw SMTPError("no recipients", hint: "list them under mail: to: in gazette.yml, or pass --to") }
        try globalInit()
        guard let curl = gazette_curl_easy_init() else { throw SMTPError("libcurl could not start a session", hint: "run again") }
        defer { gazette_curl_easy_cleanup(curl) }
        var list: UnsafeMutablePointer<curl_slist>?
        for recipient in recipients { list = gazette_curl_slist_append(list, "<\(recipient)>") }
        defer { gazette_curl_slist_free_all(list) }
        let body = Upload(message)
        let box = Unmanaged.passRetained(body)
        defer { box.release() }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorBuffer.deallocate() }

        var setup = CURLE_OK
        func set(_ result: CURLcode) { if setup == CURLE_OK { setup = result } }
        set(gazette_curl_set_string(curl, CURLOPT_URL, server.url.absoluteString))
        set(gazette_curl_set_long(curl, CURLOPT_USE_SSL, server.isLoopback ? Int(CURLUSESSL_TRY.rawValue) : Int(CURLUSESSL_ALL.rawValue)))
        set(gazette_curl_set_long(curl, CURLOPT_SSL_VERIFYPEER, 1))
        set(gazette_curl_set_long(curl, CURLOPT_SSL_VERIFYHOST, 2))
        if let authorities = server.certificateAuthorities { set(gazette_curl_set_string(curl, CURLOPT_CAINFO, authorities)) }
        if let username = server.username { set(gazette_curl_set_string(curl, CURLOPT_USERNAME, username)) }
        if let password = server.password { set(gazette_curl_set_string(curl, CURLOPT_PASSWORD, password)) }
        set(gazette_curl_set_string(curl, CURLOPT_MAIL_FROM, "<\(from)>"))
        set(gazette_curl_set_pointer(curl, CURLOPT_MAIL_RCPT, UnsafeMutableRawPointer(list)))
        set(gazette_curl_set_long(curl, CURLOPT_UPLOAD, 1))
        set(gazette_curl_set_long(curl, CURLOPT_INFILESIZE_LARGE, message.count))
        set(gazette_curl_set_read(curl, readMessage))
        set(gazette_curl_set_pointer(curl, CURLOPT_READDATA, box.toOpaque()))
        set(gazette_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, min(30, server.timeout)))
        set(gazette_curl_set_long(curl, CURLOPT_TIMEOUT, server.timeout))
        set(gazette_curl_set_long(curl, CURLOPT_NOSIGNAL, 1))
        set(gazette_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps"))
        set(gazette_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
        guard setup == CURLE_OK else {
            throw SMTPError("libcurl refused a setting: \(String(cString: gazette_curl_easy_strerror(setup)))", hint: "check SMTP_URL")
        }
        let result = gazette_curl_easy_perform(curl)
        guard result != CURLE_OK else { return }
        var response = 0
        _ = gazette_curl_get_long(curl, CURLINFO_RESPONSE_CODE, &response)
        throw explain(result, detail: String(cString: errorBuffer), response: response, server: server)
    }

    /// What a failed delivery means, and what to do, by libcurl's result and the server's last reply.
    static func explain(_ result: CURLcode, detail: String, response: Int, server: SMTPServer) -> SMTPError {
        let said = detail.isEmpty ? String(cString: gazette_curl_easy_strerror(result)) : detail
        let reply = response > 0 ? " (the server answered \(response))" : ""
        switch result {
        case CURLE_LOGIN_DENIED:
            return SMTPError("\(server.shown) refused the login\(reply)", hint: "check SMTP_USERNAME and SMTP_PASSWORD (for Gmail, an app password)")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR:
            return SMTPError(
                "\(server.shown): the server's certificate is not trusted: \(said)",
                hint: "check the host name in SMTP_URL; for a private certificate authority, set SMTP_CA_FILE to its PEM file")
        case CURLE_USE_SSL_FAILED:
            return SMTPError("\(server.shown) does not offer STARTTLS", hint: "use the server's TLS port: SMTP_URL=smtps://host:465")
        case CURLE_OPERATION_TIMEDOUT:
            return SMTPError("\(server.shown) did not answer in \(server.timeout) s", hint: "check SMTP_URL's host and port, and the network")
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST:
            return SMTPError("cannot reach \(server.shown): \(said)", hint: "check SMTP_URL's host and port")
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_WEIRD_SERVER_REPLY:
            if detail.contains("RCPT") || response == 550 || response == 553 || response == 554 {
                return SMTPError(
                    "\(server.shown) refused a recipient: \(said)\(reply); nothing was sent",
                    hint: "check the addresses under mail: to: in gazette.yml (or --to)")
            }
            return SMTPError("\(server.shown) broke off the delivery: \(said)\(reply); nothing may have been sent", hint: "run again")
        default:
            return SMTPError("sending through \(server.shown) failed: \(said)\(reply)", hint: "run again; if it keeps failing, check SMTP_URL")
        }
    }

    private static let initialised: Result<Void, SMTPError> = {
        guard gazette_curl_available() != 0 else {
            return .failure(SMTPError("libcurl is not installed", hint: "on Debian: apt-get install libcurl4"))
        }
        let code = gazette_curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return code == CURLE_OK ? .success(()) : .failure(SMTPError("libcurl could not start: \(code)", hint: "check the libcurl installation"))
    }()

    private static func globalInit() throws(SMTPError) { try initialised.get() }
}

/// The message being uploaded, read by libcurl a piece at a time.
private final class Upload {
    let bytes: [UInt8]
    var offset = 0
    init(_ data: Data) { bytes = Array(data) }
}

private func readMessage(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let buffer, let context else { return 0 }
    let upload = Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue()
    let length = min(size * count, upload.bytes.count - upload.offset)
    guard length > 0 else { return 0 }
    upload.bytes.withUnsafeBufferPointer { source in
        if let base = source.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base + upload.offset, byteCount: length) }
    }
    upload.offset += length
    return length
}

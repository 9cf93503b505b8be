import Foundation
import GazetteModel
import Hummingbird
import Logging
import NIOCore

/// Serves a built output folder over HTTP, as a static host would, plus the live-reload
/// channel: the content type by extension, `index.html` for folders (a folder without its
/// slash is redirected), `404.html` with status 404, `HEAD` as well as `GET`, and nothing
/// outside the folder. HTML responses get the live-reload script before `</body>`; the files
/// on disk never do.
public struct DevServer: Sendable {
    public let folder: URL
    public let live: LiveReload
    /// Called with a request's path inside the folder (decoded, without the leading slash)
    /// before the file is looked up, so the session can make a file only when it is asked for
    /// (a week's packet, a week's mail preview); returns once the file is there or will not be.
    let prepare: @Sendable (String) async -> Void

    public init(folder: URL, live: LiveReload, prepare: @escaping @Sendable (String) async -> Void = { _ in }) {
        self.folder = folder.standardizedFileURL
        self.live = live
        self.prepare = prepare
    }

    /// Runs until cancelled. `onRunning` receives the port actually bound (useful with port 0).
    public func run(host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void) async throws {
        let server = self
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            try await server.respond(to: request)
        }
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(host, port: port), serverName: "Gazette"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: Self.quietLogger())
        try await app.run()
    }

    private static func quietLogger() -> Logger {
        var logger = Logger(label: "gazette.serve")
        logger.logLevel = .critical
        return logger
    }

    func respond(to request: Request) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let rawPath = request.uri.path
        if rawPath == LiveReload.eventsPath { return await events() }
        if rawPath == LiveReload.scriptPath {
            return file(Data(LiveReload.script.utf8), type: "text/javascript; charset=utf-8", head: request.method == .head)
        }
        if let decoded = rawPath.removingPercentEncoding, decoded.hasPrefix("/") {
            // The file a folder's address is served from (a week's mail preview), or the file
            // itself; a folder named without its slash is made before it is redirected to.
            let path = String(decoded.dropFirst())
            await prepare(SitePaths.file(path))
            if !path.isEmpty, !path.hasSuffix("/") { await prepare(path + "/index.html") }
        }
        switch resolve(rawPath) {
        case .file(let url):
            guard let data = FileManager.default.contents(atPath: url.path) else { return notFound(head: request.method == .head) }
            return page(data, type: Self.contentType(for: url.pathExtension), status: .ok, head: request.method == .head)
        case .redirect(let location):
            let query = request.uri.query.map { "?\($0)" } ?? ""
            return Response(status: .movedPermanently, headers: [.location: location + query, .cacheControl: "no-store"])
        case .missing:
            return notFound(head: request.method == .head)
        }
    }

    enum Resolution: Equatable {
        case file(URL)
        case redirect(String)
        case missing
    }

    /// Maps a request path (percent-encoded) to a file in the folder. Paths with `..`, NUL,
    /// a backslash or an undecodable escape are missing, and so is any file whose real place
    /// (every link resolved) is not inside the folder: nothing outside it is ever read.
    func resolve(_ rawPath: String) -> Resolution {
        guard rawPath.hasPrefix("/"), let decoded = rawPath.removingPercentEncoding, !decoded.contains("\0"), !decoded.contains("\\") else {
            return .missing
        }
        let components = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.contains(where: { $0 == ".." || $0 == "." }) else { return .missing }
        var url = folder
        for component in components { url.appendPathComponent(String(component)) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), contains(url.path) else { return .missing }
        if isFolder.boolValue {
            guard rawPath.hasSuffix("/") else { return .redirect(rawPath + "/") }
            let index = url.appendingPathComponent("index.html")
            return FileManager.default.fileExists(atPath: index.path) && contains(index.path) ? .file(index) : .missing
        }
        return .file(url)
    }

    /// Whether `path`, every link resolved, is inside the folder (as it is now: a build swaps
    /// a new folder in under the same name).
    private func contains(_ path: String) -> Bool {
        guard let root = SiteBoundary.resolved(folder.path), let target = SiteBoundary.resolved(path) else { return false }
        return target == root || target.hasPrefix(root + "/")
    }

    private func notFound(head: Bool) -> Response {
        let file = folder.appendingPathComponent("404.html")
        let data = FileManager.default.contents(atPath: file.path) ?? Data("<!doctype html><title>Not found</title><body><h1>Not found</h1></body>".utf8)
        return page(data, type: "text/html; charset=utf-8", status: .notFound, head: head, missing: true)
    }

    private func page(_ data: Data, type: String, status: HTTPResponse.Status, head: Bool, missing: Bool = false) -> Response {
        var body = data
        if type.hasPrefix("text/html") { body = Self.inject(LiveReload.scriptTag(missing: missing), into: data) }
        return file(body, type: type, status: status, head: head)
    }

    private func file(_ data: Data, type: String, status: HTTPResponse.Status = .ok, head: Bool) -> Response {
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store", .contentLength: String(data.count)]
        headers[.xContentTypeOptions] = "nosniff"
        let body = head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        return Response(status: status, headers: headers, body: body)
    }

    private func events() async -> Response {
        let stream = await live.subscribe()
        let headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                for await frame in stream { try await writer.write(ByteBuffer(string: frame)) }
                try await writer.finish(nil)
            })
    }

    /// Puts `tag` before the last `</body>`, or at the end of a page without one.
    static func inject(_ tag: String, into page: Data) -> Data {
        var result = page
        if let close = page.range(of: Data("</body>".utf8), options: .backwards) {
            result.insert(contentsOf: Data(tag.utf8), at: close.lowerBound)
        } else {
            result.append(Data(tag.utf8))
        }
        return result
    }

    /// Content types for what a Gazette site holds, as static hosts send them.
    static func contentType(for fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "xml": "application/xml"
        case "atom": "application/atom+xml"
        case "txt", "md": "text/plain; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "ttf": "font/ttf"
        case "otf": "font/otf"
        case "pdf": "application/pdf"
        default: "application/octet-stream"
        }
    }
}

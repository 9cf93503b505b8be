import Foundation
import GazetteModel

/// The live-reload channel between `gazette serve` and open pages: server-sent events on
/// `/__gazette/live`, read by a small script that only the server injects into pages.
///
/// Events: `reload` with the output files a build changed (a page reloads when its own file is
/// among them; an error overlay goes away), `updated` with files written after a build (the
/// search index: a page reloads the same way, an error overlay stays), `failed` with the build
/// error to show over the last good page, and `ok`.
/// A new subscriber first receives the current state, so a page opened while the build is
/// broken shows the error at once.
public actor LiveReload {
    public enum State: Sendable, Equatable {
        case ok
        case failed(String)
    }

    public private(set) var state: State = .ok
    private var clients: [UUID: AsyncStream<String>.Continuation] = [:]

    public init() {}

    /// Number of pages listening, for tests and the terminal.
    public var listeners: Int { clients.count }

    /// A stream of SSE frames for one page; it ends when the page goes away.
    public func subscribe() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(16))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.remove(id) }
        }
        clients[id] = continuation
        // Tells EventSource to reconnect quickly when the server restarts.
        continuation.yield("retry: 500\n\n")
        continuation.yield(Self.frame(for: state))
        return stream
    }

    /// A build finished: pages whose file is in `changed` reload; an error overlay goes away.
    public func built(changed: [String]) {
        state = .ok
        broadcast(Self.frame("reload", changed: changed))
    }

    /// Files were written outside a build (the last good build's search index, possibly while
    /// the site is broken): pages whose file is in `changed` reload; the state is unchanged, so
    /// an error overlay stays up until a build succeeds.
    public func updated(changed: [String]) { broadcast(Self.frame("updated", changed: changed)) }

    /// A build failed: every open page shows `message`; the last good site stays served.
    public func failed(_ message: String) {
        state = .failed(message)
        broadcast(Self.frame(for: state))
    }

    /// A comment line that keeps idle connections open through proxies and timeouts.
    public func ping() { broadcast(": ping\n\n") }

    /// Ends every stream, so the server can shut down without waiting for pages to leave.
    public func close() {
        for client in clients.values { client.finish() }
        clients.removeAll()
    }

    private func remove(_ id: UUID) { clients[id] = nil }

    private func broadcast(_ frame: String) {
        for client in clients.values { client.yield(frame) }
    }

    /// An `event` frame naming the output files that changed.
    static func frame(_ event: String, changed: [String]) -> String {
        "event: \(event)\ndata: {\"changed\":[\(changed.map(JSONString.quoted).joined(separator: ","))]}\n\n"
    }

    static func frame(for state: State) -> String {
        switch state {
        case .ok: "event: ok\ndata: {}\n\n"
        case .failed(let message): "event: failed\ndata: {\"message\":\(JSONString.quoted(message))}\n\n"
        }
    }

    /// Where pages listen.
    public static let eventsPath = "/__gazette/live"
    /// Where the script is served.
    public static let scriptPath = "/__gazette/live.js"

    /// The tag the server puts before `</body>` of every HTML page it serves (never into files).
    /// `missing` marks a 404 page, which reloads after any build, since the build may have
    /// created the page that was asked for.
    static func scriptTag(missing: Bool) -> String {
        "<script src=\"\(scriptPath)\"\(missing ? " data-missing" : "")></script>"
    }

    /// The page script: listens, reloads when the page's own file or an asset changed, and shows build
    /// errors in an overlay that the next good build removes.
    static let script = #"""
        (function () {
          "use strict";
          var me = document.currentScript;
          var missing = me && me.hasAttribute("data-missing");
          function ownFile() {
            var path = decodeURIComponent(location.pathname).replace(/^\/+/, "");
            if (path === "" || path.slice(-1) === "/") path += "index.html";
            return path;
          }
          function overlay(message) {
            var box = document.getElementById("gazette-build-error");
            if (message === null) { if (box) box.remove(); return; }
            if (!box) {
              box = document.createElement("div");
              box.id = "gazette-build-error";
              box.setAttribute("role", "alert");
              box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;" +
                "background:rgba(20,20,20,.94);color:#fff;padding:2rem;font:14px/1.5 monospace;white-space:pre-wrap";
              document.body.appendChild(box);
            }
            box.textContent = "Gazette: the build failed — the page below is the last good build.\n\n" + message;
          }
          var events = new EventSource("/__gazette/live");
          events.addEventListener("ok", function () { overlay(null); });
          events.addEventListener("failed", function (e) { overlay(JSON.parse(e.data).message); });
          function affects(e) {
            var own = ownFile();
            return JSON.parse(e.data).changed.some(function (file) {
              return file === own || /\.(css|js|png|jpe?g|gif|svg|webp|avif|woff2?)$/.test(file);
            });
          }
          events.addEventListener("reload", function (e) {
            if (missing || affects(e)) { location.reload(); } else { overlay(null); }
          });
          events.addEventListener("updated", function (e) {
            if (affects(e)) location.reload();
          });
        })();
        """#
}

import Foundation
import Testing
import TestSupport

@testable import Serve

@Suite("Serving a built folder")
struct DevServerTests {
    let site: TemporaryFolder
    let server: DevServer

    init() throws {
        site = try TemporaryFolder("serve")
        try site.write("index.html", "<html><body><h1>Digest</h1></body></html>")
        try site.write("weeks/2026-W47/index.html", "<html><body>week</body></html>")
        try site.write("journals/기후-적응-예산/index.html", "<html><body>journal</body></html>")
        try site.write("assets/style.1a2b3c4d.css", "body{}")
        try site.write("empty/readme.txt", "no index here")
        server = DevServer(folder: site.url, live: LiveReload())
    }

    @Test func foldersServeTheirIndexAndNeedTheirSlash() {
        #expect(server.resolve("/") == .file(site.url.appendingPathComponent("index.html")))
        #expect(server.resolve("/weeks/2026-W47/") == .file(site.url.appendingPathComponent("weeks/2026-W47/index.html")))
        #expect(server.resolve("/weeks/2026-W47") == .redirect("/weeks/2026-W47/"))
        #expect(server.resolve("/empty/") == .missing)
        #expect(server.resolve("/nothing-here") == .missing)
    }

    @Test func percentEncodedHangulPathsResolve() {
        let encoded = "/journals/" + "기후-적응-예산".addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! + "/"
        #expect(server.resolve(encoded) == .file(site.url.appendingPathComponent("journals/기후-적응-예산/index.html")))
    }

    @Test func nothingOutsideTheFolderIsReachable() {
        for path in ["/../secret", "/weeks/../../secret", "/%2e%2e/secret", "/assets/%2E%2E/%2E%2E/etc/passwd", "/a%00b", "relative"] {
            #expect(server.resolve(path) == .missing, "\(path)")
        }
    }

    @Test func theScriptGoesBeforeTheLastBodyCloseOnly() {
        let page = Data("<html><body><pre>&lt;/body&gt; </body> in text</pre></body></html>".utf8)
        let injected = String(decoding: DevServer.inject("<script></script>", into: page), as: UTF8.self)
        #expect(injected == "<html><body><pre>&lt;/body&gt; </body> in text</pre><script></script></body></html>")
        let fragment = String(decoding: DevServer.inject("<s>", into: Data("<p>x".utf8)), as: UTF8.self)
        #expect(fragment == "<p>x<s>")
    }

    @Test func contentTypesAreWhatStaticHostsSend() {
        #expect(DevServer.contentType(for: "html") == "text/html; charset=utf-8")
        #expect(DevServer.contentType(for: "CSS") == "text/css; charset=utf-8")
        #expect(DevServer.contentType(for: "xml") == "application/xml")
        #expect(DevServer.contentType(for: "woff2") == "font/woff2")
        #expect(DevServer.contentType(for: "pdf") == "application/pdf")
        #expect(DevServer.contentType(for: "svg") == "image/svg+xml")
        #expect(DevServer.contentType(for: "bin") == "application/octet-stream")
    }
}

@Suite("Live reload events")
struct LiveReloadTests {
    @Test func aNewPageHearsTheCurrentStateFirst() async {
        let live = LiveReload()
        await live.failed("content/journals/x.md:3:7: error: bad")
        var frames = await live.subscribe().makeAsyncIterator()
        #expect(await frames.next() == "retry: 500\n\n")
        #expect(await frames.next() == "event: failed\ndata: {\"message\":\"content/journals/x.md:3:7: error: bad\"}\n\n")
        await live.built(changed: ["journals/x/index.html", "feed.xml"])
        #expect(await frames.next() == "event: reload\ndata: {\"changed\":[\"journals/x/index.html\",\"feed.xml\"]}\n\n")
        #expect(await live.state == .ok)
    }

    @Test func pagesThatLeaveAreForgotten() async throws {
        let live = LiveReload()
        var stream: AsyncStream<String>? = await live.subscribe()
        #expect(await live.listeners == 1)
        stream = nil
        _ = stream
        // The stream's end reaches the actor through a task of its own; on a loaded machine that
        // can take longer than the second 100 × 10 ms gave it. Polled up to a deadline instead.
        let deadline = ContinuousClock.now + .seconds(30)
        while await live.listeners > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await live.listeners == 0)
    }
}

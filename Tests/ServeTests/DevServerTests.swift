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

    /// Over a real socket, request targets in every spelling of "up and out" (encoded,
    /// double-encoded, backslashes, absolute-form, NUL, overlong UTF-8) and links placed in the
    /// folder get no byte from outside it, and the server answers a plain request afterwards.
    @Test func noRequestTargetReachesOutsideTheFolder() async throws {
        let scratch = try TemporaryFolder("serve-escape")
        try scratch.write("public/index.html", "<html><body>home</body></html>")
        try scratch.write("public/weeks/index.html", "<html><body>weeks</body></html>")
        try scratch.write("secret.txt", "OUTSIDE-SECRET-5e1d\n")
        try scratch.write("public.txt", "OUTSIDE-SECRET-5e1d\n")
        let public_ = scratch.url.appendingPathComponent("public")
        try FileManager.default.createSymbolicLink(atPath: public_.appendingPathComponent("leak.txt").path, withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: public_.appendingPathComponent("passwd.txt").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: public_.appendingPathComponent("up").path, withDestinationPath: scratch.url.path)
        let server = DevServer(folder: public_, live: LiveReload())
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task { try await server.run(host: "127.0.0.1", port: 0) { continuation.yield($0) } }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let targets = [
            "/../secret.txt", "/..%2fsecret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/%252e%252e/secret.txt",
            "/%252e%252e%252fsecret.txt", "/..\\secret.txt", "/%5c..%5csecret.txt", "/..%5csecret.txt", "/weeks/../../secret.txt",
            "/weeks/%2e%2e/%2e%2e/secret.txt", "/./../secret.txt", "/.%2e/secret.txt", "//../secret.txt", "/%c0%ae%c0%ae/secret.txt",
            "/%00/../secret.txt", "/index.html%00.txt", "http://127.0.0.1:\(port)/../secret.txt", "http://evil.example/../../secret.txt",
            "../secret.txt", "*", "/leak.txt", "/passwd.txt", "/up/secret.txt", "/up/public.txt", "/up/", "/..;/secret.txt",
            "/%2e%2e;/secret.txt", "/\(scratch.url.path)/secret.txt", "/etc/passwd",
        ]
        // Raw bytes on the socket: no client library tidies the target first.
        let script = """
            import socket, sys
            port = int(sys.argv[1])
            for target in sys.argv[2:]:
                with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
                    s.sendall(("GET " + target + " HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n").encode("latin-1"))
                    answer = b""
                    while True:
                        chunk = s.recv(65536)
                        if not chunk: break
                        answer += chunk
                status = answer.split(b"\\r\\n", 1)[0].decode("latin-1")
                leaked = b"OUTSIDE-SECRET" in answer or b"root:x:0:0" in answer
                print(("LEAK " if leaked else "ok ") + status + " " + target)
            """
        let result = try await Self.offThePool { try Program.run(command: "python3", ["-c", script, String(port)] + targets) }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == targets.count, "\(result.stdout)\(result.stderr)")
        for line in lines {
            #expect(line.hasPrefix("ok "), "\(line)")
            #expect(!line.contains(" 200 "), "\(line)")
        }
        // Still up, still serving.
        let after = try await Self.offThePool { try Program.run(command: "python3", ["-c", script, String(port), "/", "/weeks/"]) }
        #expect(after.stdout == "ok HTTP/1.1 200 OK /\nok HTTP/1.1 200 OK /weeks/\n", "\(after.stdout)\(after.stderr)")
    }

    /// Runs `work` on a thread of its own: waiting for a child process there leaves the
    /// concurrency pool's threads (one per core) to the server answering it.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
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

    /// The search index of the last good build, written after a build failed, reloads the pages
    /// it changes but leaves the error up: only a build that succeeds says the site is well again.
    @Test func filesWrittenAfterAFailedBuildLeaveTheErrorUp() async {
        let live = LiveReload()
        var frames = await live.subscribe().makeAsyncIterator()
        #expect(await frames.next() == "retry: 500\n\n")
        #expect(await frames.next() == "event: ok\ndata: {}\n\n")
        await live.failed("content/journals/x.md:3:7: error: bad")
        #expect(await frames.next() == "event: failed\ndata: {\"message\":\"content/journals/x.md:3:7: error: bad\"}\n\n")
        await live.updated(changed: ["search/index.html"])
        #expect(await frames.next() == "event: updated\ndata: {\"changed\":[\"search/index.html\"]}\n\n")
        #expect(await live.state == .failed("content/journals/x.md:3:7: error: bad"))
        // The page script tells the two apart: only `reload` takes the overlay away.
        #expect(LiveReload.script.contains("addEventListener(\"updated\", function (e) {\n    if (affects(e)) location.reload();"))
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

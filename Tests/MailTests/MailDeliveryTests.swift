import Foundation
import GazetteModel
import Testing
import TestSupport

/// `gazette mail --send` against a real SMTP server on loopback (aiosmtpd from the tools venv)
/// that requires STARTTLS with a test certificate and AUTH: the server receives exactly the bytes
/// `gazette mail -o` writes, for every recipient; a week is sent once; a wrong password, a refused
/// recipient, an untrusted certificate and a server that never answers each fail clearly, with a
/// non-zero status, without the password in what is printed.
@Suite(.serialized) struct MailDeliveryTests {
    static let password = "s3cret-smtp-pass"

    /// The server, its certificate and the folder it writes what it receives to.
    struct Server {
        let process: BackgroundProcess
        let port: String
        let certificate: URL
        let received: URL

        func messages() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: received.path)) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
        }

        func environment(password: String = MailDeliveryTests.password, trust: Bool = true) -> [String: String] {
            var environment = ["SMTP_URL": "smtp://127.0.0.1:\(port)", "SMTP_USERNAME": "group", "SMTP_PASSWORD": password]
            if trust { environment["SMTP_CA_FILE"] = certificate.path }
            return environment
        }
    }

    static func startServer(in folder: TemporaryFolder) async throws -> Server {
        let key = folder.url.appendingPathComponent("key.pem"), certificate = folder.url.appendingPathComponent("cert.pem")
        let made = try Program.run(
            command: "openssl",
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", certificate.path, "-days", "2",
             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        try #require(made.status == 0, "\(made.stderr)")
        let python = Repository.root.appendingPathComponent(".build/tools/venv/bin/python")
        try #require(FileManager.default.isExecutableFile(atPath: python.path), "the tools venv is missing: run make test-tools (make test does)")
        let received = folder.url.appendingPathComponent("received")
        let process = try BackgroundProcess(
            python,
            [Repository.root.appendingPathComponent("Tests/Tools/smtp_server.py").path, certificate.path, key.path, "group", password,
             received.path, "nobody@example.org"])
        let banner = try #require(await process.waitForOutput(timeout: 30) { $0.contains("port ") }, "the SMTP server did not start")
        let port = try #require(banner.firstMatch(of: /port (\d+)/)?.1).description
        return Server(process: process, port: port, certificate: certificate, received: received)
    }

    static func site(_ folder: TemporaryFolder) throws -> URL {
        let site = folder.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Repository.copyExampleSite(to: site)
        let config = site.appendingPathComponent("gazette.yml")
        try (try String(contentsOf: config, encoding: .utf8) + DigestMessageTests.mailConfig).write(to: config, atomically: true, encoding: .utf8)
        return site
    }

    static func mail(_ site: URL, _ arguments: [String], environment: [String: String]) throws -> Program.Result {
        try GazetteCommand.run(["mail", "--site", site.path, "--week", "2026-W47"] + arguments, environment: environment)
    }

    @Test func theServerReceivesTheWrittenBytesOnceForEveryRecipient() async throws {
        let folder = try TemporaryFolder("gazette-smtp")
        let server = try await Self.startServer(in: folder)
        defer { server.process.terminate() }
        let site = try Self.site(folder)

        let written = folder.url.appendingPathComponent("digest.eml")
        #expect(try Self.mail(site, ["-o", written.path], environment: [:]).status == 0)
        let sent = try Self.mail(site, ["--send"], environment: server.environment())
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("to 2 recipients through smtp://127.0.0.1:\(server.port)"))
        #expect(server.messages() == ["1.eml"])
        #expect(try Data(contentsOf: server.received.appendingPathComponent("1.eml")) == (try Data(contentsOf: written)))
        let envelope = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: server.received.appendingPathComponent("1.json"))) as? [String: Any])
        #expect(envelope["from"] as? String == "study@example.org")
        #expect(envelope["to"] as? [String] == ["heedon@example.org", "jiwoo@example.org"])
        #expect(envelope["authenticated"] as? Bool == true)

        // Run again (a workflow retried): nothing is sent; --force sends it again.
        let again = try Self.mail(site, ["--send"], environment: server.environment())
        #expect(again.status == 0)
        #expect(again.stdout.contains("was sent before"))
        #expect(server.messages() == ["1.eml"])
        let forced = try Self.mail(site, ["--send", "--force", "--to", "heedon@example.org"], environment: server.environment())
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(server.messages() == ["1.eml", "2.eml"])
        for output in [sent, again, forced] { #expect(!(output.stdout + output.stderr).contains(Self.password)) }
    }

    @Test func failuresAreClearAndSendNothing() async throws {
        let folder = try TemporaryFolder("gazette-smtp-fail")
        let server = try await Self.startServer(in: folder)
        defer { server.process.terminate() }
        let site = try Self.site(folder)

        let wrong = try Self.mail(site, ["--send"], environment: server.environment(password: "not-the-password"))
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("refused the login"), "\(wrong.stderr)")
        #expect(!(wrong.stdout + wrong.stderr).contains("not-the-password"))

        let refused = try Self.mail(site, ["--send", "--to", "heedon@example.org", "--to", "nobody@example.org"], environment: server.environment())
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("refused a recipient"), "\(refused.stderr)")

        let untrusted = try Self.mail(site, ["--send"], environment: server.environment(trust: false))
        #expect(untrusted.status != 0)
        #expect(untrusted.stderr.contains("certificate is not trusted"), "\(untrusted.stderr)")

        #expect(server.messages().isEmpty, "a failed delivery delivered \(server.messages())")
        // Nothing was recorded as sent: the next good run sends.
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent(".gazette/mail/2026-W47.sent").path))
        let good = try Self.mail(site, ["--send"], environment: server.environment())
        #expect(good.status == 0, "\(good.stderr)")
        #expect(server.messages() == ["1.eml"])
    }

    /// A server that accepts the connection and never says a word: the delivery gives up after
    /// SMTP_TIMEOUT seconds and says so.
    @Test func aSilentServerTimesOut() async throws {
        let folder = try TemporaryFolder("gazette-smtp-silent")
        let site = try Self.site(folder)
        let silent = try BackgroundProcess(
            command: "python3",
            ["-c", "import socket,time\ns=socket.socket();s.bind(('127.0.0.1',0));s.listen();print('port',s.getsockname()[1],flush=True)\nc=s.accept()\ntime.sleep(60)"])
        defer { silent.terminate() }
        let banner = try #require(await silent.waitForOutput(timeout: 20) { $0.contains("port ") })
        let port = try #require(banner.firstMatch(of: /port (\d+)/)?.1).description
        let started = Date()
        let result = try Self.mail(site, ["--send"], environment: ["SMTP_URL": "smtp://127.0.0.1:\(port)", "SMTP_TIMEOUT": "2"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("did not answer in 2 s"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 50)
    }
}

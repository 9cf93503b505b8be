import Foundation
import SMTP
import Testing

/// Where mail goes comes from the environment only, and what is shown of it never holds a
/// credential: each mistake in the variables is named with what to set instead.
@Suite struct SMTPServerTests {
    func failure(_ environment: [String: String]) -> String? {
        do {
            _ = try SMTPServer(environment: environment)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aServerIsReadFromItsVariablesAndShownWithoutItsLogin() throws {
        let server = try SMTPServer(environment: [
            "SMTP_URL": "smtps://mail.example.org:465", "SMTP_USERNAME": "group", "SMTP_PASSWORD": "s3cret-pass", "SMTP_TIMEOUT": "15",
        ])
        #expect(server.url.host == "mail.example.org" && server.url.port == 465)
        #expect(server.username == "group" && server.password == "s3cret-pass")
        #expect(server.timeout == 15)
        #expect(server.shown == "smtps://mail.example.org:465")
        let plain = try SMTPServer(environment: ["SMTP_URL": "smtp://127.0.0.1:2525", "SMTP_USERNAME": "", "SMTP_PASSWORD": ""])
        #expect(plain.username == nil && plain.password == nil && plain.timeout == 60)
    }

    @Test func eachMistakeSaysWhatToSet() {
        let cases: [([String: String], String)] = [
            ([:], "SMTP_URL is not set"),
            (["SMTP_URL": "https://mail.example.org"], "SMTP_URL is not an smtp:// or smtps:// address"),
            (["SMTP_URL": "smtp://"], "SMTP_URL is not an smtp:// or smtps:// address"),
            (["SMTP_URL": "smtp://group:s3cret-pass@mail.example.org:587"], "SMTP_URL holds a user name or password"),
            (["SMTP_URL": "smtp://mail.example.org:587", "SMTP_PASSWORD": "s3cret-pass"], "SMTP_PASSWORD is set without SMTP_USERNAME"),
            (["SMTP_URL": "smtp://mail.example.org:587", "SMTP_TIMEOUT": "soon"], "SMTP_TIMEOUT must be whole seconds, not 'soon'"),
            (["SMTP_URL": "smtp://mail.example.org:587", "SMTP_TIMEOUT": "0"], "SMTP_TIMEOUT must be whole seconds, not '0'"),
        ]
        for (environment, expected) in cases {
            let message = failure(environment)
            #expect(message?.contains(expected) == true, "\(environment): \(message ?? "accepted")")
            #expect(message?.contains("s3cret-pass") == false, "a password in: \(message ?? "")")
        }
    }

    @Test func deliveringToNobodyIsRefusedBeforeAnyConnection() throws {
        let server = try SMTPServer(environment: ["SMTP_URL": "smtp://127.0.0.1:9"])
        #expect(throws: (any Error).self) { try SMTPClient.send(Data("x".utf8), from: "a@example.org", to: [], via: server) }
    }
}

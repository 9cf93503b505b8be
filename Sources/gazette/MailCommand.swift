import ArgumentParser
import Content
import Foundation
import GazetteModel
import Mail
import SMTP

struct MailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mail",
        abstract: "Write a week's digest as an email, or send it to the group.",
        discussion: """
            The digest is one message with a plain-text part and an HTML part made for mail \
            clients: the week's journals as cards and its articles by query, every link absolute \
            under base_url. Without --send or -o it is printed (gazette mail | sendmail -t). \
            --send delivers it over SMTP to mail.to in gazette.yml (or --to): the server and login \
            come from SMTP_URL, SMTP_USERNAME and SMTP_PASSWORD in the environment, never from a \
            file; a week already sent is not sent again without --force. gazette serve shows any \
            week's message at /weeks/<week>/mail/ (as /weeks/2026-W47/mail/) as it will be sent.
            """ + "\n\n" + Docs.see("guides/mail.md"))

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "An ISO week, such as 2026-W47 (default: last week, in the site's time zone).")
    var week: String?

    @Option(name: [.short, .customLong("output")], help: "Write the message to this .eml file.")
    var output: String?

    @Flag(name: .long, help: "Send it over SMTP (SMTP_URL, SMTP_USERNAME, SMTP_PASSWORD).")
    var send = false

    @Option(name: .long, help: "A recipient instead of mail.to; repeat for several.")
    var to: [String] = []

    @Flag(name: .long, help: "With --send: send a week that was already sent.")
    var force = false

    @Option(name: .long, help: "The site's public address, for the links (default: base_url).")
    var baseURL: String?

    func validate() throws {
        if let week, ISOWeek(week) == nil { throw ValidationError("--week must be an ISO week such as 2026-W47, not '\(week)'") }
        for address in to where MailAddress(address) == nil { throw ValidationError("--to takes an email address, not '\(address)'") }
        if force && !send { throw ValidationError("--force goes with --send") }
        if let baseURL, URL(string: baseURL)?.host == nil || !(baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://")) {
            throw ValidationError("--base-url must be an absolute http(s) URL, not '\(baseURL)'")
        }
    }

    func run() throws {
        let console = Console(quiet: global.quiet)
        let root = global.siteRoot
        try console.exitOnDiagnostics {
            let content = try SiteContent.load(siteRoot: root)
            console.report(content.diagnostics.filter { $0.severity == .error })
            let config = content.config
            let chosen = week.flatMap(ISOWeek.init) ?? ISOWeek(containing: Date().addingTimeInterval(-7 * 86400), in: config.timeZone)
            let base = baseURL.flatMap { URL(string: $0.hasSuffix("/") ? $0 : $0 + "/") }
            let digest = try WeeklyDigest(content: content, week: chosen, baseURL: base)
            let recipients = to.isEmpty ? config.mail.to : to.compactMap(MailAddress.init)
            guard let from = send ? config.mail.from : DigestMessage.sender(config.mail.from, siteURL: digest.siteURL) else {
                throw MailError("mail.from is not set", hint: "add mail: { from: 스터디 <study@example.org>, to: [member@example.org] } to gazette.yml")
            }
            if send && recipients.isEmpty {
                throw MailError("nobody to send the digest to", hint: "list the group's addresses under mail: to: in gazette.yml, or pass --to")
            }
            let message = DigestMessage(digest: digest, from: from, to: recipients, replyTo: config.mail.replyTo, timeZone: config.timeZone)
            if let output {
                let target = commandLineURL(output).standardizedFileURL
                try AtomicFile.write(message.bytes, to: target)
                console.say("Wrote \(target.path): \(message.subject) (\(count(digest.entries.count, "journal")), \(count(digest.articleCount, "article")))")
            }
            if send {
                let server = try SMTPServer(environment: ProcessInfo.processInfo.environment)
                switch try DigestDelivery.send(message, siteRoot: root, via: server, force: force) {
                case .sent:
                    console.summary("Sent \(message.subject) to \(count(recipients.count, "recipient")) through \(server.shown)")
                case .alreadySent(let id):
                    console.summary("The digest of \(chosen) was sent before (\(id)): nothing sent. --force sends it again.")
                }
            } else if output == nil {
                FileHandle.standardOutput.write(message.bytes)
            }
        }
    }
}

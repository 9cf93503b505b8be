import Foundation
import GazetteModel
import SMTP

/// Sends a week's digest once: a delivery that went through is recorded in
/// `.gazette/mail/<week>.sent` (its Message-ID and recipients), and a later `--send` for that
/// week sends nothing unless forced, so a workflow run again after a failure in a later step does
/// not mail everyone twice. A delivery that fails records nothing.
public enum DigestDelivery {
    public enum Outcome: Sendable, Equatable {
        case sent
        /// Sent before, with this Message-ID: nothing sent now.
        case alreadySent(messageID: String)
    }

    public static func record(siteRoot: URL, week: ISOWeek) -> URL {
        SiteLayout(siteRoot: siteRoot).mailRecords.appendingPathComponent("\(week).sent")
    }

    /// The Message-ID the week's digest was sent with, if it was.
    public static func sentMessageID(siteRoot: URL, week: ISOWeek) -> String? {
        guard let text = try? String(contentsOf: record(siteRoot: siteRoot, week: week), encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("Message-ID: ") }.map { String($0.dropFirst("Message-ID: ".count)) }
    }

    /// Throws `SMTPError` when the delivery fails, `MailError` when it went through but could not
    /// be recorded.
    public static func send(_ message: DigestMessage, siteRoot: URL, via server: SMTPServer, force: Bool) throws -> Outcome {
        if !force, let sent = sentMessageID(siteRoot: siteRoot, week: message.digest.week) { return .alreadySent(messageID: sent) }
        try SMTPClient.send(message.bytes, from: message.from.address, to: message.recipients, via: server)
        let note = "Message-ID: \(message.messageID)\nTo: \(message.recipients.joined(separator: ", "))\n"
        do {
            try AtomicFile.write(Data(note.utf8), to: record(siteRoot: siteRoot, week: message.digest.week), shownAs: ".gazette/mail/\(message.digest.week).sent")
        } catch {
            throw MailError(
                "the digest was sent, but recording it failed: \(error.description)",
                hint: "\(error.hint); until it is recorded, --send would send the week again")
        }
        return .sent
    }
}

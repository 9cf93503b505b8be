import Content
import Foundation
import GazetteModel

/// A week's digest as a page for the browser: the message's HTML part, as a mail client shows
/// it, under the headers a mail client shows above it (subject, from, to) and the command that
/// sends it. `gazette serve` makes one for any week on request (`weeks/<week>/mail/`); a build
/// publishes none.
public enum DigestPreview {
    /// The message `gazette mail --week` makes for `week`, with links under `baseURL`, as a page.
    public static func page(content: SiteContent, week: ISOWeek, baseURL: URL?) throws(MailError) -> Data {
        let config = content.config
        let digest = try WeeklyDigest(content: content, week: week, baseURL: baseURL)
        guard let from = DigestMessage.sender(config.mail.from, siteURL: digest.siteURL) else {
            throw MailError("mail.from is not set", hint: "add mail: { from: 스터디 <study@example.org> } to gazette.yml")
        }
        let message = DigestMessage(
            digest: digest, from: from, to: config.mail.to,
            replyTo: config.mail.replyTo, timeZone: config.timeZone)
        return Data(page(message, senderSet: config.mail.from != nil).utf8)
    }

    static func page(_ message: DigestMessage, senderSet: Bool = true) -> String {
        let html = message.html
        // After the body's opening tag: the page keeps the message's own head and body as sent.
        guard let open = html.range(of: "<body"), let end = html[open.upperBound...].firstIndex(of: ">") else { return html }
        let after = html.index(after: end)
        return String(html[..<after]) + "\n" + banner(message, senderSet: senderSet) + String(html[after...])
    }

    /// The headers a mail client shows, and the command that sends the message; a sender that
    /// `gazette.yml` does not set is shown as what printing uses, with where to set it.
    static func banner(_ message: DigestMessage, senderSet: Bool = true) -> String {
        let ko = message.digest.language == .ko
        let nobody = ko ? "아직 없음 — gazette.yml의 mail: to:에 주소를 적으세요" : "nobody yet — list addresses under mail: to: in gazette.yml"
        let unset = ko ? " — 보내려면 gazette.yml에 mail: from:을 적으세요" : " — to send it, set mail: from: in gazette.yml"
        let rows = [
            (ko ? "제목" : "Subject", message.subject), (ko ? "보내는 사람" : "From", message.from.description + (senderSet ? "" : unset)),
            (ko ? "받는 사람" : "To", message.to.isEmpty ? nobody : message.to.map(\.description).joined(separator: ", ")),
        ]
        let send = "gazette mail --week \(message.digest.week) --send"
        return "<div style=\"max-width:600px;margin:0 auto;padding:12px 8px 0;font:14px/1.5 \(DigestHTML.font);color:\(DigestHTML.ink);\">"
            + "<p style=\"margin:0 0 6px;font-size:12px;color:\(DigestHTML.muted);\">"
            + DigestHTML.escape(ko ? "메일 미리보기 — 보내려면: " : "Mail preview — to send it: ") + "<code>\(DigestHTML.escape(send))</code></p>\n"
            + "<table role=\"presentation\" style=\"border-collapse:collapse;\">"
            + rows.map { "<tr><th scope=\"row\" style=\"text-align:left;padding:0 12px 0 0;font-weight:600;\">\(DigestHTML.escape($0.0))</th><td>\(DigestHTML.escape($0.1))</td></tr>" }
            .joined()
            + "</table></div>\n"
    }
}

extension DigestMessage {
    /// Who a digest is from: `mail.from`, or, when it is not set, an address at the site's host
    /// (fine to print or preview; `--send` asks for `mail.from`). A host that makes no address
    /// (`localhost`) gives `gazette@localhost.localdomain`.
    public static func sender(_ configured: MailAddress?, siteURL: String) -> MailAddress? {
        configured ?? MailAddress("gazette@" + (URL(string: siteURL)?.host ?? "")) ?? MailAddress("gazette@localhost.localdomain")
    }
}

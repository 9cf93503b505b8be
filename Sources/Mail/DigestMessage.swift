import Foundation
import GazetteModel

/// A week's digest as one email message (RFC 5322, MIME): `multipart/alternative` with a
/// `text/plain` part and a `text/html` part, both UTF-8, the subject and display names as RFC 2047
/// encoded words where they are not plain ASCII. Lines end in CRLF, as on the wire.
///
/// The parts go as `8bit` (RFC 6152: every server in use takes it) when no line of theirs passes
/// 998 bytes, which the writers see to, else as base64. Base64 makes Korean a third larger: a
/// week of 50 journals came to 158 KB, and Gmail cuts off a message past 102 KB.
///
/// Same input, same bytes: the `Date` is the Monday after the week at 07:00 in the site's time
/// zone (when the scheduled workflow sends it), and the `Message-ID` and the part boundary come
/// from a fingerprint of the parts, so a digest made twice is the same message.
public struct DigestMessage: Sendable {
    public let digest: WeeklyDigest
    public let from: MailAddress
    public let to: [MailAddress]
    public let replyTo: MailAddress?
    public let html: String
    public let text: String
    public let messageID: String
    public let date: Date
    /// The whole message, CRLF line ends: made once, written, printed and sent as it is.
    public let bytes: Data

    public init(digest: WeeklyDigest, from: MailAddress, to: [MailAddress], replyTo: MailAddress?, timeZone: TimeZone) {
        self.digest = digest
        self.from = from
        self.to = to
        self.replyTo = replyTo
        html = DigestHTML.render(digest)
        text = DigestText.render(digest)
        var key = FingerprintHasher()
        key.add("gazette digest")
        key.add(digest.siteURL)
        key.add("\(digest.week)")
        key.add(html)
        key.add(text)
        let host = URL(string: digest.siteURL)?.host ?? "gazette.invalid"
        messageID = "<\(digest.week).\(key.digest.description.prefix(16))@\(host)>"
        date = digest.week.interval(in: timeZone).end.addingTimeInterval(7 * 3600)
        bytes = Self.message(
            subject: Self.subject(of: digest), from: from, to: to, replyTo: replyTo, date: date, timeZone: timeZone,
            messageID: messageID, language: digest.language, text: text, html: html)
    }

    public var subject: String { Self.subject(of: digest) }

    static func subject(of digest: WeeklyDigest) -> String { "\(digest.siteTitle) · \(digest.weekLabel)" }

    static func message(
        subject: String, from: MailAddress, to: [MailAddress], replyTo: MailAddress?, date: Date, timeZone: TimeZone, messageID: String,
        language: SiteLanguage, text: String, html: String
    ) -> Data {
        let boundary = "=_gazette_" + messageID.filter { $0.isHexDigit }.suffix(16)
        var headers: [String] = []
        headers.append(Self.header("From", Self.address(from)))
        // With nobody to send to yet (a preview), the group syntax RFC 5322 has for that.
        headers.append(Self.header("To", to.isEmpty ? "undisclosed-recipients:;" : to.map(Self.address).joined(separator: ", ")))
        if let replyTo { headers.append(Self.header("Reply-To", Self.address(replyTo))) }
        headers.append(Self.header("Subject", Self.encodedWords(subject, leading: "Subject: ".count)))
        headers.append("Date: \(Self.rfc5322Date(date, timeZone: timeZone))")
        headers.append("Message-ID: \(messageID)")
        headers.append("MIME-Version: 1.0")
        headers.append("Content-Language: \(language.rawValue)")
        headers.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
        var lines = headers
        lines.append("")
        lines.append("This is a message in MIME format: a plain-text part and an HTML part.")
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            lines.append("")
            lines.append("--\(boundary)")
            lines.append("Content-Type: \(type); charset=utf-8")
            let bodyLines = body.split(separator: "\n", omittingEmptySubsequences: false)
            if bodyLines.allSatisfy({ $0.utf8.count <= 998 && !$0.contains("\r") && !$0.contains("\0") }) {
                lines.append("Content-Transfer-Encoding: 8bit")
                lines.append("")
                // The part's own last line end is the one before the boundary.
                lines += (bodyLines.last == "" ? bodyLines.dropLast() : bodyLines[...]).map(String.init)
            } else {
                lines.append("Content-Transfer-Encoding: base64")
                lines.append("")
                lines += Self.base64Lines(Data(body.utf8))
            }
        }
        lines.append("")
        lines.append("--\(boundary)--")
        lines.append("")
        return Data(lines.joined(separator: "\r\n").utf8)
    }

    /// Recipients as SMTP's `RCPT TO` takes them.
    public var recipients: [String] { to.map(\.address) }

    // MARK: - Header encoding

    /// `Name: value`, folded before 78 columns at the spaces between encoded words or addresses.
    static func header(_ name: String, _ value: String) -> String {
        var lines: [String] = []
        var line = "\(name):"
        for word in value.split(separator: " ", omittingEmptySubsequences: false) {
            if line.count + 1 + word.count > 78 && line.count > name.count + 1 {
                lines.append(line)
                line = " " + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\r\n")
    }

    /// An address for a header: the bare address, or a display name (a quoted string when it is
    /// plain ASCII, else encoded words) before it in angle brackets.
    static func address(_ address: MailAddress) -> String {
        guard let name = address.name else { return address.address }
        let plain = name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
        return (plain ? "\"\(name)\"" : encodedWords(name, leading: 0)) + " <\(address.address)>"
    }

    /// Text as it may stand in a header: as it is when plain printable ASCII without `=?`, else
    /// as RFC 2047 encoded words (`=?UTF-8?B?…?=`), each at most 75 characters and cut between
    /// characters, separated by spaces for folding; `leading` is how much of the first line the
    /// header's name takes (`Subject: `).
    static func encodedWords(_ text: String, leading: Int) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } && !text.contains("=?")
        if plain { return text }
        // 45 bytes of UTF-8 make 60 characters of base64: 72 with `=?UTF-8?B?` and `?=`. The first
        // word shares its line with the header's name (`leading` characters), so it holds less.
        var words: [String] = []
        var chunk: [UInt8] = []
        func budget() -> Int { words.isEmpty ? min(45, 3 * ((78 - leading - 12) / 4)) : 45 }
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > budget() && !chunk.isEmpty {
                words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=") }
        return words.joined(separator: " ")
    }

    static func base64Lines(_ data: Data) -> [String] {
        let text = data.base64EncodedString()
        var lines: [String] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(String(text[start..<end]))
            start = end
        }
        return lines
    }

    /// `Mon, 23 Nov 2026 07:00:00 +0900`, in English whatever the site's language.
    static func rfc5322Date(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let zone = "\(sign)\(two(abs(offset) / 3600))\(two(abs(offset) % 3600 / 60))"
        return "\(days[(parts.weekday ?? 1) - 1]), \(parts.day ?? 1) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970) "
            + "\(two(parts.hour ?? 0)):\(two(parts.minute ?? 0)):\(two(parts.second ?? 0)) \(zone)"
    }
}

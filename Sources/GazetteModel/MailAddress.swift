/// An email address as `gazette.yml`'s `mail:` section writes it: `study@example.org` or
/// `스터디 <study@example.org>`. Parsed strictly: no line breaks, quotes or angle brackets in the
/// display name, one `@` with a dotted domain in the address, so nothing read from a config file can
/// add a header to a message or a command to an SMTP session.
public struct MailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The display name, or nil.
    public let name: String?
    /// `local@domain`, ASCII.
    public let address: String

    public init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        var name: String?
        var address = text
        if text.hasSuffix(">"), let open = text.lastIndex(of: "<") {
            let shown = text[..<open].trimmingCharacters(in: .whitespaces)
            guard !shown.contains(where: { "<>\"\\".contains($0) }) else { return nil }
            name = shown.isEmpty ? nil : shown
            address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        }
        guard Self.isAddress(address) else { return nil }
        self.name = name
        self.address = address
    }

    /// `local@domain.tld` in printable ASCII, without spaces, quotes, angle brackets, commas or
    /// semicolons (which would end the address in a header or a command).
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !"<>()[]\\,;:\"".unicodeScalars.contains($0) })
        else { return false }
        return parts[1].allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
    }

    public var description: String { name.map { "\($0) <\(address)>" } ?? address }
}

import Foundation

/// An IP address as 16 bytes: an IPv6 address, or an IPv4 address in its IPv4-mapped form
/// (`::ffff:a.b.c.d`), so one comparison covers both families.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// `bytes` must be 4 (IPv4) or 16 (IPv6) bytes long.
    public init?(bytes: [UInt8]) {
        switch bytes.count {
        case 4: self.bytes = Array(repeating: 0, count: 10) + [0xFF, 0xFF] + bytes
        case 16: self.bytes = bytes
        default: return nil
        }
    }

    /// Parses a literal address exactly as `inet_pton` does: `10.0.0.1`, `::1`,
    /// `::ffff:127.0.0.1`. Other spellings a resolver might accept (`2130706433`, `0x7f.1`) are
    /// not literals: they go through the resolver, whose answer is what gets checked.
    public init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v4) { Array($0) })
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            self.init(bytes: withUnsafeBytes(of: &v6) { Array($0) })
            return
        }
        return nil
    }

    /// The IPv4 address when this is one (IPv4-mapped), else nil.
    public var ipv4: [UInt8]? {
        bytes.prefix(12).elementsEqual(Array(repeating: 0, count: 10) + [0xFF, 0xFF]) ? Array(bytes.suffix(4)) : nil
    }

    public var description: String {
        if let v4 = ipv4 { return v4.map(String.init).joined(separator: ".") }
        let words = stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        // The longest run of two or more zero words becomes `::`.
        var best: Range<Int>?
        var start: Int?
        for index in 0...8 {
            if index < 8, words[index] == "0" {
                if start == nil { start = index }
            } else if let begin = start {
                if index - begin >= 2, index - begin > (best?.count ?? 0) { best = begin..<index }
                start = nil
            }
        }
        guard let run = best else { return words.joined(separator: ":") }
        let head = words[..<run.lowerBound].joined(separator: ":")
        let tail = words[run.upperBound...].joined(separator: ":")
        return head + "::" + tail
    }
}

/// A block of addresses in CIDR form: `10.0.0.0/8`, `fd00::/8`, or one address (`127.0.0.1`).
/// `gazette.yml`'s `network: { allow_private: […] }` lists these.
public struct IPAddressRange: Hashable, Sendable, CustomStringConvertible {
    public let address: IPAddress
    /// The prefix length over the 16-byte form (an IPv4 `/8` is `/104`).
    public let prefix: Int

    public init(_ address: IPAddress, prefix: Int) {
        self.address = address
        self.prefix = max(0, min(128, prefix))
    }

    /// Parses `ADDRESS` or `ADDRESS/BITS`; the bits count in the address's own family.
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = IPAddress(String(parts[0])) else { return nil }
        let family = address.ipv4 == nil ? 128 : 32
        var bits = family
        if parts.count == 2 {
            guard let given = Int(parts[1]), (0...family).contains(given), parts[1].allSatisfy(\.isASCII) else { return nil }
            bits = given
        }
        self.init(address, prefix: bits + 128 - family)
    }

    public func contains(_ other: IPAddress) -> Bool {
        var remaining = prefix
        for (a, b) in zip(address.bytes, other.bytes) where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if a & mask != b & mask { return false }
            remaining -= bits
        }
        return true
    }

    public var description: String {
        address.ipv4 == nil ? "\(address)/\(prefix)" : "\(address)/\(prefix - 96)"
    }
}

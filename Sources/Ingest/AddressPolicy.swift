import Dispatch
import Foundation
import GazetteModel

/// Who chose an address `WebClient` is asked to fetch, which decides whether it is checked.
public enum AddressSource: Sendable, Equatable {
    /// Written by the user: a feed or endpoint in gazette.yml, the address given to
    /// `gazette add`. Trusted, and so are its redirects while they stay on its host.
    case configuration
    /// Named by data: an article's page or image, as a feed, an API answer, a page's metadata
    /// or the store gives it. Every hop must reach a public address (`AddressPolicy`).
    case data
}

/// The addresses data may not make Gazette request: the machine itself, the local network, a
/// cloud's metadata service (169.254.169.254), carrier-grade NAT, multicast and reserved
/// blocks, in IPv4, in IPv6 and in the IPv6 forms that carry an IPv4 address. Without this, an
/// article whose image is `http://169.254.169.254/…` or `http://127.0.0.1:8080/admin` would
/// have `fetch` request it from the machine that runs Gazette, and a page's metadata read from
/// such an address would land in the store and on the published site.
///
/// `gazette.yml`'s `network: { allow_private: [10.20.0.0/16] }` lets data reach the listed
/// blocks (an intranet; the tests' loopback server).
public enum AddressPolicy {
    /// Blocks data may not reach, with what to call them. IPv4 blocks are written in IPv4.
    static let blocked: [(range: IPAddressRange, name: String)] = [
        ("0.0.0.0/8", "a 'this network' address"),
        ("10.0.0.0/8", "a private address"),
        ("100.64.0.0/10", "a carrier-grade NAT address"),
        ("127.0.0.0/8", "a loopback address"),
        ("169.254.0.0/16", "a link-local address (where cloud metadata services answer)"),
        ("172.16.0.0/12", "a private address"),
        ("192.0.0.0/24", "an IETF protocol address"),
        ("192.168.0.0/16", "a private address"),
        ("198.18.0.0/15", "a benchmarking address"),
        ("224.0.0.0/4", "a multicast address"),
        ("240.0.0.0/4", "a reserved address"),
        ("::/128", "the unspecified address"),
        ("::1/128", "a loopback address"),
        ("64:ff9b:1::/48", "a local NAT64 address"),
        ("2001::/32", "a Teredo tunnel address"),
        ("fc00::/7", "a unique local (private) address"),
        ("fe80::/10", "a link-local address"),
        ("fec0::/10", "a site-local address"),
        ("ff00::/8", "a multicast address"),
    ].compactMap { text, name in IPAddressRange(text).map { ($0, name) } }

    /// Why data may not reach `address` (`"a loopback address"`), or nil when it may: a public
    /// address, or one in `allowed`. An IPv6 address that carries an IPv4 one (IPv4-mapped is
    /// how `IPAddress` keeps IPv4 already; IPv4-compatible, NAT64, 6to4) is judged by both.
    public static func refusal(_ address: IPAddress, allowed: [IPAddressRange]) -> String? {
        let forms = [address] + embeddedIPv4(address)
        if forms.contains(where: { form in allowed.contains { $0.contains(form) } }) { return nil }
        for form in forms {
            if let block = blocked.first(where: { $0.range.contains(form) }) { return block.name }
        }
        return nil
    }

    /// The IPv4 address inside IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and
    /// 6to4 (`2002:AABB:CCDD::`) addresses.
    static func embeddedIPv4(_ address: IPAddress) -> [IPAddress] {
        let b = address.bytes
        guard address.ipv4 == nil else { return [] }
        var found: [IPAddress] = []
        if b.prefix(12).allSatisfy({ $0 == 0 }) || b.prefix(12).elementsEqual([0, 0x64, 0xFF, 0x9B] + Array(repeating: 0, count: 8)) {
            IPAddress(bytes: Array(b.suffix(4))).map { found.append($0) }
        }
        if b[0] == 0x20, b[1] == 0x02 {
            IPAddress(bytes: Array(b[2..<6])).map { found.append($0) }
        }
        return found
    }

    /// The host of `url` without IPv6 brackets, as async-http-client connects to it.
    static func host(of url: String) -> String? {
        guard let host = URL(string: url)?.host, !host.isEmpty else { return nil }
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Checks that `url`'s host is one data may reach and returns the address to connect to:
    /// nil for a literal address (nothing to resolve), else one of the resolved ones, every one
    /// of which was checked: the first IPv4 address if there is one (pinned to one address, the
    /// connection has no Happy Eyeballs fallback, and IPv6 is the family more often unroutable),
    /// else the first. The caller connects to exactly that address (see
    /// `WebClient`), so a name that resolves to a public address now and to 127.0.0.1 a moment
    /// later (DNS rebinding) still reaches only the address checked here.
    static func check(
        _ url: String, allowed: [IPAddressRange], resolver: (@Sendable (String) async -> [IPAddress])? = nil
    ) async throws(IngestError) -> String? {
        guard let host = host(of: url) else { throw IngestError(.invalidURL, "not a valid http(s) address") }
        func refuse(_ address: IPAddress, _ why: String) -> IngestError {
            let shown = address.description == host ? host : "\(host) (\(address))"
            return IngestError(
                .refused,
                "not fetched: \(shown) is \(why), which addresses from feeds, pages and the store may not reach;"
                    + " to allow it, list it under network: allow_private in gazette.yml")
        }
        if let literal = IPAddress(host) {
            if let why = refusal(literal, allowed: allowed) { throw refuse(literal, why) }
            return nil
        }
        let addresses = await (resolver ?? resolve)(host)
        guard let first = addresses.first(where: { $0.ipv4 != nil }) ?? addresses.first else {
            throw IngestError(.unreachable, "the host \(host) is unknown (no address found)")
        }
        for address in addresses {
            if let why = refusal(address, allowed: allowed) { throw refuse(address, why) }
        }
        return first.description
    }

    /// The addresses `host` resolves to (getaddrinfo, the resolver async-http-client uses), in
    /// the resolver's order; empty when it resolves to none. getaddrinfo blocks, so it runs on
    /// a Dispatch queue, away from Swift's cooperative threads.
    static func resolve(_ host: String) async -> [IPAddress] {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: resolveNow(host))
            }
        }
    }

    private static func resolveNow(_ host: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let head = list else { return [] }
        defer { freeaddrinfo(head) }
        var found: [IPAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = head
        while let entry = next {
            if let socket = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    let bytes = socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
                    }
                    IPAddress(bytes: bytes).map { found.append($0) }
                case AF_INET6:
                    let bytes = socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                    }
                    IPAddress(bytes: bytes).map { found.append($0) }
                default: break
                }
            }
            next = entry.pointee.ai_next
        }
        var seen = Set<IPAddress>()
        return found.filter { seen.insert($0).inserted }
    }
}

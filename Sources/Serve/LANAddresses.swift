import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The addresses a server bound to every interface (`--host 0.0.0.0` or `::`) is reached at
/// from other machines: each interface's IPv4 address that is up and not loopback, in the order
/// the system lists them. What `serve` prints, so a phone on the same network can open the site.
enum LANAddresses {
    /// True for the hosts that mean "every interface".
    static func isWildcard(_ host: String) -> Bool { ["0.0.0.0", "::", "", "[::]"].contains(host) }

    static func ipv4() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let start = first else { return [] }
        defer { freeifaddrs(first) }
        var found: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = start
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !found.contains(text) { found.append(text) }
        }
        return found
    }
}

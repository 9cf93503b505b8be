import Foundation

/// The identity of a story's address: the same article reached through a tracking link, a
/// fragment or an upper-case host is one record.
///
/// Canonical form: scheme and host lower-cased, default port dropped, fragment dropped, every
/// `utm_*` query parameter dropped (the others keep their order), an empty query (or one of
/// nothing but `&`) removed.
public enum CanonicalURL {
    /// The canonical form of an absolute http(s) URL, or nil when `text` is not one.
    public static func canonicalize(_ text: String) -> String? {
        // Every build links every journal to its article through this; URL parsing with
        // Foundation made it 6 % of a `gazette serve` rebuild, so results are remembered.
        if let known = memo.withLock({ $0[text] }) { return known }
        let result = computeCanonical(text)
        memo.withLock { table in
            if table.count > 100_000 { table.removeAll() }
            table[text] = result
        }
        return result
    }

    /// The address a member meant by text that is none (an `article:` value, `gazette add`'s
    /// argument): `www.…` or `yna.co.kr/…`
    /// without its scheme, a scheme mistyped (`htps://`, `https//`, `https:/`), the address in
    /// `<…>` or with a `)` after it (copied from a Markdown link), a space in it. Nil when no
    /// such mending gives an http(s) address.
    public static func meant(_ written: String) -> String? {
        var text = written.filter { !$0.isWhitespace }
        if text.hasPrefix("<"), text.hasSuffix(">") { text = String(text.dropFirst().dropLast()) }
        while let last = text.last, ")].,;".contains(last) { text.removeLast() }
        var candidates = [text]
        if let typo = text.wholeMatch(of: /(?i)[htps]{2,6}:?\/{1,3}([^\/].*)/) {
            candidates.append("https://" + typo.output.1)
        } else if startsWithHost(text), !text.contains(":") {
            candidates.append("https://" + text)
        }
        return candidates.first { $0 != written && CanonicalURL.canonicalize($0) != nil }
    }

    /// Whether `text` starts as a web address without its scheme does (`www.hankyung.com/…`,
    /// `yna.co.kr/…`): `www.`, or a host with a common ending, so `chart.png` is not one.
    public static func startsWithHost(_ text: String) -> Bool {
        text.firstMatch(of: #/^(?i)(www\.|([a-z0-9-]+\.)+(com|net|org|kr|io|co)(\.[a-z]{2})?(/|$))/#) != nil
    }

    private static let memo = Locked<[String: String?]>([:])

    private static func computeCanonical(_ text: String) -> String? {
        let trimmed = UTF8Search.trimmingWhiteSpace(text, newlines: true)
        guard var parts = URLComponents(string: trimmed), let scheme = parts.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty
        else { return nil }
        parts.scheme = scheme
        parts.host = host.lowercased()
        if (scheme == "http" && parts.port == 80) || (scheme == "https" && parts.port == 443) {
            parts.port = nil
        }
        parts.fragment = nil
        if let items = parts.percentEncodedQueryItems {
            let kept = items.filter { !$0.name.lowercased().hasPrefix("utm_") }
            // A query of nothing but separators (`?utm_source=x&` less its utm_ part) is none:
            // written out as a bare `?`, it would canonicalise again to another address.
            let meaningful = kept.contains { !$0.name.isEmpty || $0.value != nil }
            parts.percentEncodedQueryItems = meaningful ? kept : nil
        }
        if parts.percentEncodedPath.isEmpty { parts.percentEncodedPath = "/" }
        return parts.string
    }

    /// The same page on its site's other hosts, for a canonical address: the mobile and the
    /// desktop one (`m.yna.co.kr` ↔ `www.yna.co.kr`, and the bare domain), path and query kept,
    /// as news sites serve an article under both. A member reading on a phone shares the mobile
    /// address of an article the store holds under the desktop one (as the APIs give it): a
    /// lookup that finds no article tries these. Empty for an address without a host of two
    /// labels or more.
    public static func hostVariants(of canonical: String) -> [String] {
        // By bytes (Foundation's `range(of:)` was most of the cost, on every unstored address).
        let utf8 = canonical.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), utf8[colon...].starts(with: "://".utf8) else { return [] }
        let restStart = utf8.index(colon, offsetBy: 3)
        let hostEnd = utf8[restStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: ":") } ?? utf8.endIndex
        let (scheme, host, tail) = (canonical[..<restStart], canonical[restStart..<hostEnd], canonical[hostEnd...])
        let bare: Substring = host.hasPrefix("m.") ? host.dropFirst(2) : host.hasPrefix("www.") ? host.dropFirst(4) : host
        guard bare.contains("."), !bare.allSatisfy({ $0.isNumber || $0 == "." }) else { return [] }
        return ["www.\(bare)", "m.\(bare)", String(bare)].filter { $0 != host }.map { scheme + $0 + tail }
    }

    /// The addresses a stored article is looked up by for a canonical address, in order: it,
    /// then the same page on the site's other hosts (`hostVariants`).
    public static func addresses(of canonical: String) -> [String] { [canonical] + hostVariants(of: canonical) }

    /// The 12-hex-digit article id of a URL: the start of the SHA-256 of its canonical form.
    public static func articleID(for url: String) -> String? {
        canonicalize(url).map { String(SHA256.hex(Array($0.utf8)).prefix(12)) }
    }

    /// True for a 12-hex-digit article id.
    public static func isArticleID(_ text: String) -> Bool {
        text.count == 12 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}

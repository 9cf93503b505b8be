import GazetteModel

/// The digest as plain text that reads well on its own: titles, authors and excerpts wrapped at
/// 72 columns, Korean counted two columns a character as terminals and mail readers set it, and
/// every link as a number whose address is listed at the end (written as an IRI, Hangul unescaped,
/// so a Korean address stays short; one longer than a line broken as RFC 3986 says).
enum DigestText {
    static let width = 72

    static func render(_ digest: WeeklyDigest) -> String {
        let strings = digest.strings
        var links: [String] = []
        func reference(_ url: String) -> String {
            if let index = links.firstIndex(of: url) { return "[\(index + 1)]" }
            links.append(url)
            return "[\(links.count)]"
        }
        var lines: [String] = []
        lines += wrap("\(digest.siteTitle) — \(digest.weekLabel)")
        var counts = [digest.range, strings.journalCount(digest.entries.count)]
        if digest.articleCount > 0 { counts.append(strings.articleCount(digest.articleCount)) }
        lines += wrap(counts.joined(separator: " · ") + " " + reference(digest.weekURL))
        lines.append("")
        lines.append(strings.journals)
        lines.append(String(repeating: "=", count: min(width, displayWidth(strings.journals))))
        if digest.entries.isEmpty { lines += ["", strings.noJournals] }
        for (number, entry) in digest.entries.enumerated() {
            lines.append("")
            let marker = "\(number + 1). "
            let indent = String(repeating: " ", count: marker.count)
            lines += wrap(entry.title + " " + reference(entry.url), first: marker, rest: indent)
            let about = ([entry.author, entry.date].compactMap { $0 } + (entry.tags.isEmpty ? [] : [entry.tags.map { "#" + $0 }.joined(separator: " ")]))
            lines += wrap(about.joined(separator: " · "), first: indent, rest: indent)
            if !entry.excerpt.isEmpty {
                lines.append("")
                lines += wrap(entry.excerpt, first: indent, rest: indent)
            }
            for picture in entry.pictures { lines += wrap("[\(strings.picture): \(picture)]", first: indent, rest: indent) }
            if let article = entry.article {
                lines += wrap("\(strings.about): \(article.title) \(reference(article.url))", first: indent, rest: indent)
            }
        }
        if !digest.groups.isEmpty {
            lines += ["", "", strings.articles, String(repeating: "=", count: min(width, displayWidth(strings.articles)))]
            for group in digest.groups {
                lines += ["", group.label]
                for article in group.articles {
                    let about = [article.publisher, article.date].compactMap { $0 }.joined(separator: ", ")
                    lines += wrap("\(article.title)\(about.isEmpty ? "" : " (\(about))") \(reference(article.url))", first: "- ", rest: "  ")
                }
            }
        }
        lines.append("")
        if let packet = digest.packetURL { lines += wrap("\(strings.packet) \(reference(packet))") }
        lines += wrap("\(digest.siteTitle) \(reference(digest.siteURL))")
        lines += ["", "\(strings.links):"]
        for (index, url) in links.enumerated() { lines += referenceLines("[\(index + 1)] ", iri(url)) }
        return lines.map { $0.replacingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// Lines of a link's reference: `[3] https://…` when it fits 78 columns, else the address in
    /// angle brackets broken after its slashes, `?` and `&` over lines indented four spaces, as
    /// RFC 3986 (appendix C) says to break a long address: readers drop the whitespace inside
    /// the brackets when they take the address out.
    static func referenceLines(_ label: String, _ url: String) -> [String] {
        let limit = 78
        if displayWidth(label + url) <= limit { return [label + url] }
        var lines: [String] = []
        var line = label + "<"
        var rest = Substring(url)
        while !rest.isEmpty {
            let room = limit - displayWidth(line) - 1
            var take = rest.startIndex
            var fits = rest.startIndex
            var used = 0
            for index in rest.indices {
                used += displayWidth(String(rest[index]))
                if used > room { break }
                fits = rest.index(after: index)
                if "/?&".contains(rest[index]) { take = fits }
            }
            if fits == rest.endIndex { take = fits }
            if take == rest.startIndex { take = fits == rest.startIndex ? rest.index(after: rest.startIndex) : fits }
            line += rest[..<take]
            rest = rest[take...]
            if !rest.isEmpty {
                lines.append(line)
                line = "    "
            }
        }
        lines.append(line + ">")
        return lines
    }

    /// `text` in lines of at most `width` columns, broken between words (a word wider than a
    /// line alone is broken between characters), the first line led by `first`, the others by `rest`.
    static func wrap(_ text: String, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var lineWidth = displayWidth(first)
        var empty = true
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = displayWidth(String(word))
            if !empty && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = rest
                lineWidth = displayWidth(rest)
                empty = true
            }
            if empty && lineWidth + wordWidth > width {
                // Too wide for any line: as many characters as fit, line after line.
                for character in word {
                    let characterWidth = displayWidth(String(character))
                    if lineWidth + characterWidth > width && !empty {
                        lines.append(line)
                        line = rest
                        lineWidth = displayWidth(rest)
                    }
                    line.append(character)
                    lineWidth += characterWidth
                    empty = false
                }
                continue
            }
            if !empty {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
            empty = false
        }
        if !empty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Columns a terminal gives `text`: two for East Asian wide and fullwidth characters (Hangul,
    /// CJK, fullwidth forms, most emoji), none for combining marks and joiners, one otherwise.
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + scalarWidth($1) }
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// An address as a reader should see it: percent-encoded UTF-8 in the path shown as the
    /// characters it encodes (`journals/금리-동결/`), when it decodes to printable text.
    static func iri(_ url: String) -> String {
        guard url.contains("%") else { return url }
        // Only characters outside ASCII are shown decoded: an encoded ASCII character (`%2F`)
        // would change the address.
        var out = ""
        var bytes: [UInt8] = []
        func flush() {
            if !bytes.isEmpty {
                out += String(decoding: bytes, as: UTF8.self)
                bytes = []
            }
        }
        var index = url.startIndex
        while index < url.endIndex {
            if url[index] == "%", let end = url.index(index, offsetBy: 3, limitedBy: url.endIndex),
                let byte = UInt8(url[url.index(after: index)..<end], radix: 16), byte >= 0x80
            {
                bytes.append(byte)
                index = end
                continue
            }
            flush()
            out.append(url[index])
            index = url.index(after: index)
        }
        flush()
        // Bytes that are not whole UTF-8, controls and spaces stay as they were written.
        let unsafe = out.unicodeScalars.contains { $0 == "\u{FFFD}" || (0x80...0x9F).contains($0.value) || (!$0.isASCII && $0.properties.isWhitespace) }
        return unsafe ? url : out
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

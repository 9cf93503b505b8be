/// The one URL policy of Gazette: which addresses may leave it in an `href`, `src` or `srcset`
/// of a page, a link of the feed or sitemap, or a link annotation of a PDF.
///
/// Only `http` and `https` pass everywhere, `mailto` and relative links pass in journal bodies,
/// and everything else (`javascript:`, `data:`, `vbscript:`, `file:`, any other scheme) is
/// dropped by the caller with a located warning.
///
/// The text is read the way a browser's URL parser reads it, so that no spelling slips through:
/// leading and trailing C0 control characters and spaces are trimmed, tab, line feed and carriage
/// return are removed wherever they are (`java\tscript:` is `javascript:` to a browser), the
/// scheme is compared without case, and the check is made both on the text and on the text with
/// HTML character references decoded (`&#106;avascript:`), in case it reaches an attribute
/// unescaped.
///
/// Protocol-relative addresses (`//host/x`, and `\\host`, `/\host`, which browsers read the same
/// way) are refused: they take the scheme of whatever shows them, which is `file:` for a page
/// opened from disk and nothing at all in a PDF or feed reader; writing `https://` costs nothing.
public enum SafeURL {
    /// Where a URL comes from, which decides what may pass.
    public enum Context: Sendable {
        /// An absolute address of the outside world: an article's `url` or `image`, a journal's
        /// `article`, a PDF's article link. Only absolute `http(s)://host…` passes.
        case absolute
        /// A link or image written in a journal body: absolute `http(s)`, `mailto:`, or a
        /// relative link (a path, `?query` or `#fragment`) within the site.
        case body
    }

    /// The address to write, cleaned as a browser would read it, or nil when it must be dropped.
    public static func allowed(_ text: String, in context: Context) -> String? {
        switch check(text, in: context) {
        case .success(let cleaned): return cleaned
        case .failure: return nil
        }
    }

    /// Why an address is refused, in words for a warning.
    public struct Refusal: Error, Sendable, Hashable {
        public var reason: String
    }

    /// The cleaned address, or why it is refused.
    public static func check(_ text: String, in context: Context) -> Result<String, Refusal> {
        let cleaned = clean(text)
        if cleaned.isEmpty { return .failure(Refusal(reason: "the address is empty")) }
        if cleaned.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure(Refusal(reason: "the address contains control characters"))
        }
        let decoded = clean(decodeCharacterReferences(cleaned))
        for candidate in decoded == cleaned ? [cleaned] : [cleaned, decoded] {
            if let refusal = verdict(candidate, in: context) { return .failure(refusal) }
        }
        return .success(cleaned)
    }

    /// The text as a browser's URL parser sees it: C0 controls and spaces trimmed from both ends,
    /// tab, line feed and carriage return removed everywhere.
    public static func clean(_ text: String) -> String {
        // Most addresses need nothing removed: give them back as they are, without building a
        // copy scalar by scalar (this runs twice for every address checked).
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, first > 0x20, last > 0x20,
            !utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        {
            return text
        }
        let scalars = text.unicodeScalars
        // Indices, not removeFirst on an array: that was quadratic in the leading run
        // (a link written `<` + a million spaces + `…>` took hours).
        guard let start = scalars.firstIndex(where: { $0.value > 0x20 }), let end = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        var out = String.UnicodeScalarView()
        for scalar in scalars[start...end] where scalar != "\t" && scalar != "\n" && scalar != "\r" { out.append(scalar) }
        return String(out)
    }

    /// The scheme of `text`, lower-cased (`JaVaScRiPt:x` → `javascript`), or nil for a relative
    /// reference. A scheme is an ASCII letter followed by letters, digits, `+`, `-` or `.`, ended
    /// by `:` before any `/`, `?` or `#`.
    public static func scheme(_ text: String) -> String? {
        var scheme = ""
        for scalar in text.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    private static func verdict(_ text: String, in context: Context) -> Refusal? {
        guard let scheme = scheme(text) else {
            if context == .absolute {
                return Refusal(reason: "'\(shown(text))' is not an absolute http(s) address")
            }
            let start = text.prefix(2)
            if start == "//" || start == "\\\\" || start == "/\\" || start == "\\/" {
                return Refusal(reason: "'\(shown(text))' has no scheme; write https:// in front of the host")
            }
            return nil
        }
        switch (scheme, context) {
        case ("http", _), ("https", _):
            // After the scheme, a browser skips any run of slashes and backslashes to the host.
            let rest = text.unicodeScalars.dropFirst(scheme.unicodeScalars.count + 1)
            let host = rest.drop { $0 == "/" || $0 == "\\" }.prefix { $0 != "/" && $0 != "\\" && $0 != "?" && $0 != "#" }
            if host.isEmpty { return Refusal(reason: "'\(shown(text))' names no host") }
            return nil
        case ("mailto", .body):
            return nil
        default:
            return Refusal(reason: "'\(scheme):' addresses are not allowed (only http, https\(context == .body ? " and mailto" : ""))")
        }
    }

    /// At most 60 characters of an address, for messages.
    private static func shown(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    /// Decodes HTML character references: `&#106;`, `&#x6A;`, and the named ones that can spell
    /// a scheme or hide its separator (`&colon;`, `&Tab;`, `&NewLine;`, `&sol;`, `&amp;`…).
    /// Unknown references stay as written.
    public static func decodeCharacterReferences(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let named: [String: String] = [
            "colon": ":", "tab": "\t", "newline": "\n", "sol": "/", "bsol": "\\", "amp": "&", "lt": "<", "gt": ">",
            "quot": "\"", "apos": "'", "num": "#", "quest": "?", "period": ".", "nbsp": "\u{A0}",
        ]
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "&" else {
                out.append(scalars[index])
                index += 1
                continue
            }
            var end = index + 1
            var replacement: String?
            var terminated = false
            if end < scalars.count, scalars[end] == "#" {
                // Numeric: decimal digits, or x and hex digits; browsers accept them without ';'.
                end += 1
                let hex = end < scalars.count && (scalars[end] == "x" || scalars[end] == "X")
                if hex { end += 1 }
                let digitsStart = end
                while end < scalars.count, end - digitsStart < 12,
                    hex ? scalars[end].properties.isASCIIHexDigit : ("0"..."9").contains(scalars[end])
                {
                    end += 1
                }
                let digits = String(String.UnicodeScalarView(scalars[digitsStart..<end]))
                if let value = UInt32(digits, radix: hex ? 16 : 10) {
                    replacement = String(Character(Unicode.Scalar(value) ?? "\u{FFFD}"))
                }
            } else {
                while end < scalars.count, end - index < 40,
                    ("a"..."z").contains(scalars[end]) || ("A"..."Z").contains(scalars[end]) || ("0"..."9").contains(scalars[end])
                {
                    end += 1
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                if end < scalars.count, scalars[end] == ";" { replacement = named[name.lowercased()] }
            }
            terminated = end < scalars.count && scalars[end] == ";"
            if let replacement {
                out.append(contentsOf: replacement.unicodeScalars)
                index = terminated ? end + 1 : end
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }
}

extension Article {
    /// The record as it may be shown: a `url` or `image` the URL policy refuses is emptied
    /// (`url` becomes "", `image` nil), an accepted one cleaned.
    public var withSafeURLs: Article {
        var copy = self
        copy.url = SafeURL.allowed(self.url, in: .absolute) ?? ""
        copy.image = self.image.flatMap { SafeURL.allowed($0, in: .absolute) }
        return copy
    }
}

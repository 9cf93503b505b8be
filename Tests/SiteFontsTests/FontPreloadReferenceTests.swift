import Foundation
import Testing

@testable import SiteFonts

/// `WebFonts.read` reads a rendered page by its bytes, for speed: packed tag names, a bit per
/// syllable, a fast path past ASCII. Here it is held to a plain reading of the same page — a
/// `String`, one `Unicode.Scalar` at a time, tag names as lower-cased strings, sets — over
/// generated pages that mix what pages hold (nested bold and code, theme classes, `aria-current`,
/// raw-text elements, comments, entities, void and self-closing tags, whitespace of every kind,
/// common and rare syllables, emoji), as `DateStyle` is held to `DateFormatter`.
@Suite struct FontPreloadReferenceTests {
    /// The plain reading: what the page preloads, first needed first, and the rare syllables of
    /// each face it shows.
    static func reference(_ html: String, fonts: WebFonts) -> (preloads: [String], regular: [UInt32], bold: [UInt32]) {
        let table = fonts.preloadTable
        guard let start = html.range(of: "<body") else { return ([], [], []) }
        let scalars = Array(html[start.lowerBound...].unicodeScalars)
        var stack: [(name: String, bold: Bool, mono: Bool)] = []
        var skipUntil: String?
        var preloads: [String] = []
        var seen = Set<Int>()
        var budget = WebFonts.preloadBudget
        var regular = Set<UInt32>(), bold = Set<UInt32>()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<" {
                var close = index + 1
                while close < scalars.count && scalars[close] != ">" { close += 1 }
                let tag = String(String.UnicodeScalarView(scalars[(index + 1)..<min(close, scalars.count)]))
                index = close + 1
                let closing = tag.hasPrefix("/")
                let name = String(tag.drop { $0 == "/" }.prefix { !" /\t\n\r\u{0B}\u{0C}".contains($0) }).lowercased()
                if let skip = skipUntil {
                    if closing && name == skip { skipUntil = nil }
                    continue
                }
                if ["script", "style", "template"].contains(name) {
                    if !closing && !tag.hasSuffix("/") { skipUntil = name }
                    continue
                }
                if closing {
                    if let at = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(at...) }
                    continue
                }
                if name.hasPrefix("!") || WebFonts.voidElements.contains(name) || tag.hasSuffix("/") { continue }
                let classes = tag.firstRange(of: "class=\"").map { range in
                    tag[range.upperBound...].prefix { $0 != "\"" }.split(separator: " ").map(String.init)
                } ?? []
                let marksBold = tag.contains("aria-current") || classes.contains { WebFonts.boldClasses.contains($0) }
                let isBold = (stack.last?.bold ?? false) || WebFonts.boldElements.contains(name) || marksBold
                let isMono = (stack.last?.mono ?? false) || WebFonts.monoElements.contains(name)
                stack.append((name, isBold, isMono))
                continue
            }
            index += 1
            if skipUntil != nil { continue }
            if scalar == "&" {
                // An entity stands for ASCII marks: skipped to its `;` (or a space).
                while index < scalars.count {
                    let next = scalars[index]
                    index += 1
                    if next == ";" || next == " " { break }
                }
                continue
            }
            if scalar.properties.isWhitespace { continue }
            let mono = stack.last?.mono ?? false, inBold = stack.last?.bold ?? false
            if table.hasPageSlices && !mono {
                if table.isRare(scalar.value, face: 0) { regular.insert(scalar.value) }
                if inBold && table.isRare(scalar.value, face: 1) { bold.insert(scalar.value) }
            }
            guard budget > 0, preloads.count < WebFonts.preloadLimit else { continue }
            budget -= 1
            if let slice = table.slice(of: scalar.value, face: mono ? 2 : inBold ? 1 : 0), seen.insert(slice).inserted {
                preloads.append(table.paths[slice])
            }
        }
        return (preloads, regular.sorted(), bold.sorted())
    }

    /// A random page: elements nested up to five deep, text of common and rare syllables.
    struct PageMaker {
        var random: UInt64
        let common: [Character], rare: [Character]

        mutating func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }

        mutating func text() -> String {
            let pieces: [String] = ["", " ", "  ", "\t", "\n", "\u{A0}", "\u{3000}", "\u{2009}", "&amp;", "&lt;", "&#44592;", "&nbsp;", "R&D 금", "a & b", "A", "rates", "2026", "🎉", "é", "—"]
            var out = ""
            for _ in 0..<(1 + next(12)) {
                switch next(6) {
                case 0, 1: out += String(common[next(common.count)])
                case 2: out += String(rare[next(rare.count)])
                default: out += pieces[next(pieces.count)]
                }
            }
            return out
        }

        mutating func element(depth: Int) -> String {
            if depth > 4 || next(4) == 0 { return text() }
            let kinds = [
                ("p", ""), ("div", ""), ("h2", ""), ("strong", ""), ("code", ""), ("pre", ""), ("em", ""), ("th", ""),
                ("span", " class=\"card-title\""), ("span", " class=\"subtitle card-titles\""), ("a", " href=\"/\" aria-current=\"page\""),
                ("DIV", " class=\"x  badge\""), ("section", " data-class=\"card-title\""), ("figcaption", ""), ("blockquote", ""),
            ]
            switch next(14) {
            case 0: return "<br>" + text()
            case 1: return "<img src=\"a.png\" alt=\"\(text())\">" + text()
            case 2: return "<script>var x = \"\(text())<b>\";</script>"
            case 3: return "<style>p { content: \"\(text())\" }</style>"
            case 4: return "<!-- \(text()) -->" + text()
            case 5: return "<span/>" + text()
            default:
                let (name, attributes) = kinds[next(kinds.count)]
                var inner = ""
                for _ in 0..<(1 + next(3)) { inner += element(depth: depth + 1) }
                // Now and then a closing tag is missing, or closes an outer element early.
                switch next(10) {
                case 0: return "<\(name)\(attributes)>\(inner)"
                case 1: return "<\(name)\(attributes)>\(inner)</p>"
                default: return "<\(name)\(attributes)>\(inner)</\(name.lowercased())>"
                }
            }
        }

        mutating func page() -> String {
            var body = ""
            for _ in 0..<(5 + next(40)) { body += element(depth: 0) }
            return "<!doctype html><html><head><title>\(text())</title></head><body class=\"page\">\(body)</body></html>"
        }
    }

    @Test func theByteReaderReadsAsThePlainReading() throws {
        let common = Array("이다는에하고가을지로금리동결환율정부경제")
        // Rare in both cuts (ranked past 1,000): a page slice of each weight.
        let rare = try #require(FontSlices.fixed(.text).first { $0.name == "h136" }).scalars.prefix(40).compactMap(Unicode.Scalar.init).map(Character.init)
        let fonts = try WebFonts(characters: Set((String(common) + String(rare) + "A rates 2026 🎉 é — <>&").unicodeScalars))
        #expect(fonts.preloadTable.hasPageSlices)
        var maker = PageMaker(random: 20_261_202, common: common, rare: rare)
        var withRare = 0, withPreloads = 0
        for round in 0..<400 {
            let page = maker.page()
            let fast = page.utf8CString.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UInt8.self) { fonts.read(UnsafeBufferPointer(rebasing: $0.dropLast())) }
            }
            let plain = Self.reference(page, fonts: fonts)
            #expect(fast.preloads == plain.preloads, "page \(round): \(page)")
            #expect(fast.rare[0] == plain.regular, "page \(round): \(page)")
            #expect(fast.rare[1] == plain.bold, "page \(round): \(page)")
            if !plain.regular.isEmpty { withRare += 1 }
            if plain.preloads.count > 1 { withPreloads += 1 }
        }
        // The pages exercise what is compared.
        #expect(withRare > 200 && withPreloads > 200, "\(withRare) \(withPreloads)")
    }
}

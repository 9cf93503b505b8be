import Markdown

/// Which font slices a page preloads: those its first lines of text are set in, found by reading
/// the rendered page's body in document order. Bold (headings, `strong`, the theme's bold classes)
/// and code are told apart, so each slice preloaded is one the page draws with; slices needed only
/// further down are left to the stylesheet's `@font-face` rules and fetched when text needs them.
extension WebFonts {
    /// Characters of visible text read for preloads: about the first screen of a phone and of a
    /// desktop board (the board's first cards).
    static let preloadBudget = 900
    /// At most this many preloads a page.
    static let preloadLimit = 8

    /// Elements and theme classes whose text is bold (`font-weight` 600 and more use the bold face).
    static let boldElements: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "th", "dt"]
    static let boldClasses = [
        "site-title", "eyebrow", "badge", "button", "marker", "article-title", "article-card-title", "card-title", "chart-heading",
    ]
    /// What marks a tag's text bold besides its name, as bytes to look for in the tag.
    static let boldMarks: [[UInt8]] = [Array("aria-current".utf8)]
        + boldClasses.flatMap { ["class=\"\($0)", " \($0)\"", " \($0) "].map { Array($0.utf8) } }
    static let monoElements: Set<String> = ["code", "pre", "kbd", "samp"]
    static let voidElements: Set<String> = ["br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "embed"]

    /// The slices to preload for a rendered page, as site-relative paths, first needed first.
    ///
    /// The page is read as UTF-8 bytes: tags by their bytes, text decoded one scalar at a time
    /// and looked up in `preloadTable`. Reading it as Swift strings (a `String` per tag, a
    /// scalar iterator, a dictionary key per character) took a fifth of a 2,000-journal build.
    public func preloads(forPage html: String) -> [String] {
        var html = html
        return html.withUTF8 { preloads(forPage: $0) }
    }

    private func preloads(forPage page: UnsafeBufferPointer<UInt8>) -> [String] {
        guard let body = UTF8Search.firstOffset(of: Self.bodyOpening, in: page) else { return [] }
        let table = preloadTable
        var seen: [Bool] = Array(repeating: false, count: table.paths.count)
        var result: [String] = []
        var stack: [(name: UInt64, bold: Bool, mono: Bool)] = []
        var budget = Self.preloadBudget
        var skipUntil: UInt64?
        var index = body
        let end = page.count
        while budget > 0, result.count < Self.preloadLimit, index < end {
            let byte = page[index]
            if byte == UInt8(ascii: "<") {
                var close = index + 1
                while close < end && page[close] != UInt8(ascii: ">") { close += 1 }
                let tag = UnsafeBufferPointer(rebasing: page[(index + 1)..<close])
                index = close + 1
                let closing = tag.first == UInt8(ascii: "/")
                let name = Self.tagName(tag)
                if let skip = skipUntil {
                    if closing && name == skip { skipUntil = nil }
                    continue
                }
                if Self.rawTextElements.contains(name) {
                    if !closing && tag.last != UInt8(ascii: "/") { skipUntil = name }
                    continue
                }
                if closing {
                    if let at = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(at...) }
                    continue
                }
                if name & 0xFF == UInt64(UInt8(ascii: "!")) || Self.voidElementNames.contains(name) || tag.last == UInt8(ascii: "/") {
                    continue
                }
                let parent = stack.last
                let bold = (parent?.bold ?? false) || Self.boldElementNames.contains(name)
                    || Self.boldMarks.contains { UTF8Search.firstOffset(of: $0, in: tag) != nil }
                let mono = (parent?.mono ?? false) || Self.monoElementNames.contains(name)
                stack.append((name, bold, mono))
                continue
            }
            if skipUntil != nil {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "&") {
                // An entity: the characters it stands for are ASCII marks, in the latin slice.
                index += 1
                while index < end {
                    let next = page[index]
                    index += 1
                    if next == UInt8(ascii: ";") || next == UInt8(ascii: " ") { break }
                }
                continue
            }
            guard let (value, length) = UTF8Search.scalar(in: page, at: index, end: end) else { break }
            index += length
            let scalar = Unicode.Scalar(value) ?? " "
            if scalar.isASCII ? (byte == 0x20 || (0x09...0x0D).contains(byte)) : MarkdownDocument.isNonASCIIWhitespace(value) { continue }
            budget -= 1
            let face = (stack.last?.mono ?? false) ? 2 : (stack.last?.bold ?? false) ? 1 : 0
            guard let slice = table.slice(of: scalar.value, face: face), !seen[slice] else { continue }
            seen[slice] = true
            result.append(table.paths[slice])
        }
        return result
    }

    /// A tag's element name, lower-cased, packed into eight bytes (names this reads for are
    /// shorter; a longer one keeps its first eight bytes and a marker bit, and matches none of them).
    static func tagName(_ tag: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var index = 0
        while index < tag.count && tag[index] == UInt8(ascii: "/") { index += 1 }
        var packed: UInt64 = 0
        var length = 0
        while index < tag.count {
            var byte = tag[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "/") || (0x09...0x0D).contains(byte) { break }
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { byte += 0x20 }
            if length == 8 { return packed | 1 << 63 }
            packed |= UInt64(byte) << (8 * UInt64(length))
            length += 1
            index += 1
        }
        return packed
    }

    static func packedNames(_ names: Set<String>) -> Set<UInt64> {
        Set(names.map { name in
            var bytes = Array(name.utf8)
            return bytes.withUnsafeMutableBufferPointer { tagName(UnsafeBufferPointer($0)) }
        })
    }

    static let bodyOpening = Array("<body".utf8)
    static let rawTextElements = packedNames(["script", "style", "template"])
    static let boldElementNames = packedNames(boldElements)
    static let monoElementNames = packedNames(monoElements)
    static let voidElementNames = packedNames(voidElements)

    /// `html` with a `<link rel="preload">` for each slice it needs first, before its stylesheet
    /// link (so they are requested before the stylesheet is parsed). `root` leads from the page
    /// to the site root.
    public func addingPreloads(to html: String, root: String) -> String {
        String(decoding: addingPreloads(to: Array(html.utf8), root: root), as: UTF8.self)
    }

    /// `addingPreloads(to:root:)` on the page's UTF-8 bytes, as the renderer makes them.
    func addingPreloads(to html: [UInt8], root: String) -> [UInt8] {
        let paths = html.withUnsafeBufferPointer { preloads(forPage: $0) }
        guard !paths.isEmpty, let stylesheet = UTF8Search.firstOffset(of: Self.stylesheetLink, in: html) else { return html }
        var result: [UInt8] = []
        result.reserveCapacity(html.count + paths.count * 128)
        result.append(contentsOf: html[..<stylesheet])
        for path in paths {
            let type = path.hasSuffix(".woff2") ? "font/woff2" : "font/ttf"
            result.append(contentsOf: "<link rel=\"preload\" href=\"\(root)\(path)\" as=\"font\" type=\"\(type)\" crossorigin>\n".utf8)
        }
        result.append(contentsOf: html[stylesheet...])
        return result
    }

    private static let stylesheetLink = Array("<link rel=\"stylesheet\"".utf8)
}

/// Which preloadable slice holds a character, for each text face: built once with the fonts, so
/// reading a page looks a character up instead of naming its slice and building a key.
struct PreloadTable: Sendable {
    /// The text faces' slice paths; a slice is its index here.
    let paths: [String]
    /// Per face (in `WebFonts.textFaces` order): the slice of each ASCII character, -1 for none.
    private let ascii: [[Int32]]
    /// Per face: the slice of every other character some slice ships, -1 for none.
    private let others: [[UInt32: Int32]]
    /// Per face: its whole-face file when the faces ship whole (`serve`).
    private let whole: [Int?]
    private let byName: [String: Int]

    init(_ slices: [WebFonts.Slice]) {
        let text = slices.filter { WebFonts.textFaces.contains($0.face) }
        paths = text.map(\.path)
        var byName: [String: Int] = [:]
        for (index, slice) in text.enumerated() { byName[Self.key(slice.face, slice.name)] = index }
        self.byName = byName
        let isWhole = text.contains { $0.name == "all" }
        whole = WebFonts.textFaces.map { face in isWhole ? byName[Self.key(face, "all")] : nil }
        var shipped = Set<UInt32>()
        if !isWhole {
            for slice in text { shipped.formUnion(slice.scalars.lazy.filter { $0 >= 0x80 }) }
        }
        var ascii: [[Int32]] = []
        var others: [[UInt32: Int32]] = []
        for face in WebFonts.textFaces {
            func index(_ scalar: UInt32) -> Int32 {
                byName[Self.key(face, FontSlices.name(of: scalar, cut: face.cut))].map(Int32.init) ?? -1
            }
            ascii.append(isWhole ? [] : (0..<128).map { index(UInt32($0)) })
            var table: [UInt32: Int32] = [:]
            table.reserveCapacity(shipped.count)
            for scalar in shipped { table[scalar] = index(scalar) }
            others.append(table)
        }
        self.ascii = ascii
        self.others = others
    }

    /// The slice of `face` (0 sans, 1 bold, 2 mono) that holds `scalar`, if one is shipped.
    func slice(of scalar: UInt32, face: Int) -> Int? {
        if let whole = whole[face] { return whole }
        if scalar < 0x80, !ascii[face].isEmpty {
            let found = ascii[face][Int(scalar)]
            return found < 0 ? nil : Int(found)
        }
        if let found = others[face][scalar] { return found < 0 ? nil : Int(found) }
        let face = WebFonts.textFaces[face]
        return byName[Self.key(face, FontSlices.name(of: scalar, cut: face.cut))]
    }

    private static func key(_ face: WebFonts.Face, _ name: String) -> String { face.key + "\u{0}" + name }
}

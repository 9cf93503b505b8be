import GazetteModel
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
    /// The bold classes as the bytes of a class token.
    static let boldClassTokens = boldClasses.map { Array($0.utf8) }
    static let ariaCurrent = Array("aria-current".utf8)
    static let classAttribute = Array("class=\"".utf8)
    static let monoElements: Set<String> = ["code", "pre", "kbd", "samp"]
    static let voidElements: Set<String> = ["br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "embed"]

    /// The slices to preload for a rendered page, as site-relative paths, first needed first.
    public func preloads(forPage html: String) -> [String] {
        var html = html
        return html.withUTF8 { read($0).preloads }
    }

    /// What the fonts need of a page, read from its body: the slices its first lines are set in
    /// (to preload) and, per face (0 regular, 1 bold), the rare syllables it shows anywhere (for
    /// its inline font: see `pageFonts`).
    struct PageNeeds {
        var preloads: [String] = []
        var rare: [[UInt32]] = [[], []]
    }

    /// Reads the page as UTF-8 bytes: tags by their bytes, text decoded one scalar at a time and
    /// looked up in `preloadTable`. Reading it as Swift strings (a `String` per tag, a scalar
    /// iterator, a dictionary key per character) took a fifth of a 2,000-journal build.
    ///
    /// A rare syllable goes to the regular face's set wherever it is not code, bold or not, so a
    /// page whose theme sets bold text the reader does not recognise still has its glyph in
    /// the face the browser picks for regular text; to the bold face's set when it is in bold.
    func read(_ page: UnsafeBufferPointer<UInt8>) -> PageNeeds {
        var needs = PageNeeds()
        guard let body = UTF8Search.firstOffset(of: Self.bodyOpening, in: page) else { return needs }
        let table = preloadTable
        var seen: [Bool] = Array(repeating: false, count: table.paths.count)
        // Per face, a bit per Hangul syllable (only syllables are rare): no hashing per
        // occurrence, and read out in order.
        let words = (PreloadTable.syllables.count + 63) / 64
        var rare: [[UInt64]] = [Array(repeating: 0, count: words), Array(repeating: 0, count: words)]
        var elements = OpenElements()
        var budget = Self.preloadBudget
        var index = body
        let end = page.count
        let readsRare = table.hasPageSlices
        while index < end, budget > 0 && needs.preloads.count < Self.preloadLimit {
            if let next = elements.pastMarkup(at: index, in: page) {
                index = next
                continue
            }
            let byte = page[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                // ASCII whitespace (the indentation between tags, most of a page's head).
                index += 1
                continue
            }
            guard let (value, length) = Self.scalar(in: page, at: index, end: end) else { break }
            index += length
            let scalar = Unicode.Scalar(value) ?? " "
            if !scalar.isASCII && MarkdownDocument.isNonASCIIWhitespace(value) { continue }
            let mono = elements.mono, bold = elements.bold
            if readsRare && !mono {
                let bit = Int(value &- PreloadTable.syllables.lowerBound)
                if table.isRare(value, face: 0) { rare[0][bit >> 6] |= 1 << UInt64(bit & 63) }
                if bold && table.isRare(value, face: 1) { rare[1][bit >> 6] |= 1 << UInt64(bit & 63) }
            }
            guard budget > 0, needs.preloads.count < Self.preloadLimit else { continue }
            budget -= 1
            let face = mono ? 2 : bold ? 1 : 0
            guard let slice = table.slice(of: scalar.value, face: face), !seen[slice] else { continue }
            seen[slice] = true
            needs.preloads.append(table.paths[slice])
        }
        if readsRare { Self.readRare(page, from: index, elements: &elements, table: table, into: &rare) }
        needs.rare = rare.map(Self.syllables(in:))
        return needs
    }

    /// The rest of a page once no preload is left to find: only its rare syllables, read as
    /// `read` reads them (tags, raw text and entities alike), with the bytes that can start
    /// nothing of interest — ASCII but `<` and `&`, most of a page — skipped by a table.
    private static func readRare(
        _ page: UnsafeBufferPointer<UInt8>, from start: Int, elements: inout OpenElements, table: PreloadTable, into rare: inout [[UInt64]]
    ) {
        var index = start
        let end = page.count
        let startsSomething = Self.startsSomething  // (a static read in the loop costs a swift_once each time)
        let syllables = PreloadTable.syllables
        while index < end {
            while index < end && !startsSomething[Int(page[index])] { index += 1 }
            guard index < end else { break }
            if let next = elements.pastMarkup(at: index, in: page) {
                index = next
                continue
            }
            guard let (value, length) = Self.scalar(in: page, at: index, end: end) else { break }
            index += length
            // Only Hangul syllables are rare; whitespace and every other character are not.
            guard syllables.contains(value), !elements.mono else { continue }
            let bit = Int(value &- syllables.lowerBound)
            if table.isRare(value, face: 0) { rare[0][bit >> 6] |= 1 << UInt64(bit & 63) }
            if table.isRare(value, face: 1) && elements.bold { rare[1][bit >> 6] |= 1 << UInt64(bit & 63) }
        }
    }

    /// `UTF8Search.scalar`, with the three-byte sequences (all of Hangul) read inline.
    @inline(__always)
    private static func scalar(in page: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (value: UInt32, length: Int)? {
        let byte = page[index]
        if byte & 0xF0 == 0xE0 && index + 3 <= end {
            return (UInt32(byte & 0x0F) << 12 | UInt32(page[index + 1] & 0x3F) << 6 | UInt32(page[index + 2] & 0x3F), 3)
        }
        return UTF8Search.scalar(in: page, at: index, end: end)
    }

    /// For each byte, whether `readRare` must look at it: `<`, `&` and every non-ASCII byte.
    private static let startsSomething: [Bool] = (0..<256).map { $0 == Int(UInt8(ascii: "<")) || $0 == Int(UInt8(ascii: "&")) || $0 >= 0x80 }

    /// The elements open where a page is being read, and the raw-text element (`script`,
    /// `style`, `template`) whose text is being skipped, if any.
    struct OpenElements {
        private var stack: [(name: UInt64, bold: Bool, mono: Bool)] = []
        private var skipUntil: UInt64?
        // The names looked up at every tag, read from their statics once a page.
        private let rawText = WebFonts.rawTextElements, void = WebFonts.voidElementNames
        private let boldNames = WebFonts.boldElementNames, monoNames = WebFonts.monoElementNames

        var skipping: Bool { skipUntil != nil }
        var bold: Bool { stack.last?.bold ?? false }
        var mono: Bool { stack.last?.mono ?? false }

        /// Where reading goes on when the byte at `index` is markup rather than text: past the
        /// tag it starts (read), past a byte of raw text being skipped, or past an entity (the
        /// characters it stands for are ASCII marks, in the latin slice, and never rare). Nil
        /// for a byte of text.
        @inline(__always)
        mutating func pastMarkup(at index: Int, in page: UnsafeBufferPointer<UInt8>) -> Int? {
            let byte = page[index]
            if byte == UInt8(ascii: "<") { return read(tagAt: index, in: page) }
            if skipping { return index + 1 }
            guard byte == UInt8(ascii: "&") else { return nil }
            var next = index + 1
            while next < page.count {
                let byte = page[next]
                next += 1
                if byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") { break }
            }
            return next
        }

        /// Reads the tag that starts at `start` (its `<`): opens or closes an element, or starts
        /// or ends a raw-text one. Returns the index after its `>`.
        mutating func read(tagAt start: Int, in page: UnsafeBufferPointer<UInt8>) -> Int {
            var close = start + 1
            while close < page.count && page[close] != UInt8(ascii: ">") { close += 1 }
            let tag = UnsafeBufferPointer(rebasing: page[(start + 1)..<close])
            let closing = tag.first == UInt8(ascii: "/")
            let name = WebFonts.tagName(tag)
            if let skip = skipUntil {
                if closing && name == skip { skipUntil = nil }
            } else if rawText.contains(name) {
                if !closing && tag.last != UInt8(ascii: "/") { skipUntil = name }
            } else if closing {
                if let at = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(at...) }
            } else if !(name & 0xFF == UInt64(UInt8(ascii: "!")) || void.contains(name) || tag.last == UInt8(ascii: "/")) {
                let bold = self.bold || boldNames.contains(name) || WebFonts.marksBold(tag)
                let mono = self.mono || monoNames.contains(name)
                stack.append((name, bold, mono))
            }
            return close + 1
        }
    }

    /// The Hangul syllables whose bits are set (bit n of word w: U+AC00 + 64w + n), in order.
    static func syllables(in bits: [UInt64]) -> [UInt32] {
        var values: [UInt32] = []
        for (word, value) in bits.enumerated() where value != 0 {
            var rest = value
            while rest != 0 {
                values.append(PreloadTable.syllables.lowerBound + UInt32(word * 64 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return values
    }

    /// Whether a tag's attributes make its text bold: `aria-current` (the current page in a menu)
    /// or one of `boldClasses` among the tokens of its `class` attribute.
    static func marksBold(_ tag: UnsafeBufferPointer<UInt8>) -> Bool {
        if UTF8Search.firstOffset(of: ariaCurrent, in: tag) != nil { return true }
        guard let start = UTF8Search.firstOffset(of: classAttribute, in: tag) else { return false }
        var index = start + classAttribute.count
        while index < tag.count && tag[index] != UInt8(ascii: "\"") {
            while index < tag.count && tag[index] == UInt8(ascii: " ") { index += 1 }
            let token = index
            while index < tag.count && tag[index] != UInt8(ascii: " ") && tag[index] != UInt8(ascii: "\"") { index += 1 }
            let word = UnsafeBufferPointer(rebasing: tag[token..<index])
            if boldClassTokens.contains(where: { $0.count == word.count && $0.elementsEqual(word) }) { return true }
        }
        return false
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

    /// The names packed, sorted: an array, as a dozen names are found faster by comparing
    /// each than by hashing the one looked for (every tag of every page is looked up).
    static func packedNames(_ names: Set<String>) -> [UInt64] {
        names.map { name in
            var bytes = Array(name.utf8)
            return bytes.withUnsafeMutableBufferPointer { tagName(UnsafeBufferPointer($0)) }
        }.sorted()
    }

    static let bodyOpening = Array("<body".utf8)
    static let rawTextElements = packedNames(["script", "style", "template"])
    static let boldElementNames = packedNames(boldElements)
    static let monoElementNames = packedNames(monoElements)
    static let voidElementNames = packedNames(voidElements)

    /// `html` with what its fonts need: a `<link rel="preload">` for each slice it needs first,
    /// before its stylesheet link (so they are requested before the stylesheet is parsed), and
    /// its own font for the rare syllables it shows (`pageFonts`) in a `<style>` right after
    /// that link, so its rules come later than the stylesheet's and browsers try its faces
    /// first for the syllables they list. `root` leads from the page to the site root.
    public func addingFonts(to html: String, root: String) throws(Failure) -> String {
        String(decoding: try addingFonts(to: Array(html.utf8), root: root), as: UTF8.self)
    }

    /// `addingFonts(to:root:)` on the page's UTF-8 bytes, as the renderer makes them.
    public func addingFonts(to html: [UInt8], root: String) throws(Failure) -> [UInt8] {
        let needs = html.withUnsafeBufferPointer { read($0) }
        let style = try pageFonts(needs.rare)
        guard !needs.preloads.isEmpty || !style.isEmpty else { return html }
        guard let stylesheet = UTF8Search.firstOffset(of: Self.stylesheetLink, in: html),
            let linkEnd = html[stylesheet...].firstIndex(of: UInt8(ascii: ">"))
        else {
            // A theme that links its stylesheet otherwise: no preloads (they must come before
            // it), but the page's own fonts still go in, at the end of its head.
            guard !style.isEmpty, let head = UTF8Search.firstOffset(of: Self.headEnd, in: html) else { return html }
            return Array(html[..<head]) + Array("<style>\(style)</style>\n".utf8) + Array(html[head...])
        }
        var result: [UInt8] = []
        result.reserveCapacity(html.count + needs.preloads.count * 128 + style.utf8.count + 16)
        result.append(contentsOf: html[..<stylesheet])
        for path in needs.preloads {
            let type = path.hasSuffix(".woff2") ? "font/woff2" : "font/ttf"
            result.append(contentsOf: "<link rel=\"preload\" href=\"\(root)\(path)\" as=\"font\" type=\"\(type)\" crossorigin>\n".utf8)
        }
        result.append(contentsOf: html[stylesheet...linkEnd])
        if !style.isEmpty { result.append(contentsOf: "\n<style>\(style)</style>".utf8) }
        result.append(contentsOf: html[(linkEnd + 1)...])
        return result
    }

    private static let stylesheetLink = Array("<link rel=\"stylesheet\"".utf8)
    private static let headEnd = Array("</head>".utf8)
}

/// Which preloadable slice holds a character, for each text face, and which characters are rare
/// (in a page slice): built once with the fonts, so reading a page looks a character up instead of
/// naming its slice and building a key. Page slices are never preloaded: pages carry their rare
/// syllables inline.
struct PreloadTable: Sendable {
    /// The text faces' slice paths; a slice is its index here.
    let paths: [String]
    /// Per face (in `WebFonts.textFaces` order): the slice of each ASCII character, -1 for none.
    private let ascii: [[Int32]]
    /// Per face: the slice of every other character some slice ships, -1 for none.
    private let others: [[UInt32: Int32]]
    /// Per face: `others` for the Hangul syllables, by syllable (no hashing for the characters
    /// a Korean page is mostly made of), -2 for a syllable `others` does not hold.
    private let syllableSlices: [[Int32]]
    /// Per face: its whole-face file when the faces ship whole (`serve`).
    private let whole: [Int?]
    private let byName: [String: Int]
    /// For the regular and the bold face, one flag per Hangul syllable (U+AC00–D7A3): in a page
    /// slice the site ships.
    private let rare: [[Bool]]
    /// True when some page slice is shipped: pages are then read to their end.
    let hasPageSlices: Bool

    static let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3

    init(_ slices: [WebFonts.Slice]) {
        let text = slices.filter { WebFonts.textFaces.contains($0.face) }
        paths = text.map(\.path)
        var byName: [String: Int] = [:]
        for (index, slice) in text.enumerated() where !FontSlices.isPageSlice(slice.name, cut: slice.face.cut) {
            byName[Self.key(slice.face, slice.name)] = index
        }
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
        syllableSlices = others.map { table in
            var slices = [Int32](repeating: -2, count: Self.syllables.count)
            for (scalar, slice) in table where Self.syllables.contains(scalar) { slices[Int(scalar - Self.syllables.lowerBound)] = slice }
            return slices
        }
        var rare: [[Bool]] = []
        for face in [WebFonts.sans, WebFonts.sansBold] {
            var flags = Array(repeating: false, count: Self.syllables.count)
            for slice in text where slice.face == face && FontSlices.isPageSlice(slice.name, cut: face.cut) {
                for scalar in slice.scalars where Self.syllables.contains(scalar) { flags[Int(scalar - Self.syllables.lowerBound)] = true }
            }
            rare.append(flags)
        }
        self.rare = rare
        hasPageSlices = rare.contains { $0.contains(true) }
    }

    /// The slice of `face` (0 sans, 1 bold, 2 mono) that holds `scalar`, if one is shipped and
    /// is not a page slice.
    func slice(of scalar: UInt32, face: Int) -> Int? {
        if let whole = whole[face] { return whole }
        if scalar < 0x80, !ascii[face].isEmpty {
            let found = ascii[face][Int(scalar)]
            return found < 0 ? nil : Int(found)
        }
        if Self.syllables.contains(scalar), syllableSlices[face][Int(scalar - Self.syllables.lowerBound)] != -2 {
            let found = syllableSlices[face][Int(scalar - Self.syllables.lowerBound)]
            return found < 0 ? nil : Int(found)
        }
        if let found = others[face][scalar] { return found < 0 ? nil : Int(found) }
        let face = WebFonts.textFaces[face]
        return byName[Self.key(face, FontSlices.name(of: scalar, cut: face.cut))]
    }

    /// Whether `scalar` is in a page slice of `face` (0 sans, 1 bold) that is shipped.
    func isRare(_ scalar: UInt32, face: Int) -> Bool {
        Self.syllables.contains(scalar) && rare[face][Int(scalar - Self.syllables.lowerBound)]
    }

    private static func key(_ face: WebFonts.Face, _ name: String) -> String { face.key + "\u{0}" + name }
}

/// How the web fonts are cut into `unicode-range` slices, so that a page downloads only the
/// slices holding its own characters and every page shares them from the cache.
///
/// - `latin`: printable ASCII and the marks most text uses (quotes, dashes, ·, …, ₩, ←→) — every
///   page's UI text and numbers.
/// - `marks`: the rest of Latin-1, general punctuation and arrows; `cjk`: CJK punctuation
///   (「」『』〈〉); `jamo`: the Hangul compatibility jamo (ㅋㅋ, ㅠㅠ).
/// - `h01`…: the 2,350 common syllables (KS X 1001) by frequency (`HangulRanking`): the 1,000
///   that make up 99.7 % of Korean news text in one slice for the regular face and in three for
///   the bold face of titles (`Cut`), then slices of 10 for the rest: page slices, which a
///   page's own inline font stands in for (`isPageSlice`). The code face has none: its few
///   syllables go by block.
/// - `uXX00`: anything else a font maps (rare syllables, Hanja, other scripts), by 256-code-point
///   block (`ubd00` holds U+BD00–BDFF).
///
/// The fixed slices (`latin`, `jamo`, `h…`) always hold every character of their set the font
/// has, whatever the site uses, so their bytes and fingerprinted names depend on the font alone:
/// writing a new character never changes a slice that is already shipped. A block slice holds
/// only the characters the site uses in its block; it changes only when one is added there.
public enum FontSlices {
    /// How a face is cut: by the kind of text it sets.
    public enum Cut: Sendable {
        /// Running text (the regular and code faces): a page of it uses nearly all of the 1,000
        /// most frequent syllables, so they are one slice — Brotli packs 1,000 glyphs a third
        /// smaller than four files of 250.
        case text
        /// Headings and titles (the bold face): short, so the frequent syllables come in three
        /// slices (500, 250, 250) and a page of titles fetches only the first ones.
        case headings

        /// Code (the mono face): Korean in code is rare and short, so no frequency slices — its
        /// syllables go by 256-code-point block, each holding only what the site's code shows.
        case code

        /// Sizes of the frequency slices, in ranking order (they add up to 2,350): the 1,350 rare
        /// syllables in slices of 10, so a rare syllable costs a reader a file of about 2 KB.
        var hangulSliceSizes: [Int] {
            switch self {
            case .text: [1000] + Array(repeating: 10, count: 135)
            case .headings: [500, 250, 250] + Array(repeating: 10, count: 135)
            case .code: []
            }
        }

        /// How many of the frequency slices every page shares through the stylesheet; the slices
        /// of ten after them are page slices (`isPageSlice`).
        var sharedHangulSlices: Int {
            switch self {
            case .text: 1
            case .headings: 3
            case .code: 0
            }
        }
    }

    /// Whether a slice is a page slice: one of the slices of ten rare syllables (ranked past
    /// 1,000, 0.3 % of Korean news text). A page does not fetch those files: the few rare
    /// syllables it shows come inline, in one small font of its own (`WebFonts.pageFonts`), as
    /// ten of those files would cost it about 2.5 KB each. They are shipped all the same, for
    /// text the page's script shows (search results: `WebFonts.pageSliceCSS`), and the build
    /// measures with them.
    public static func isPageSlice(_ name: String, cut: Cut) -> Bool {
        guard cut != .code, name.count >= 3, name.first == "h", let number = Int(name.dropFirst()) else { return false }
        return number > cut.sharedHangulSlices
    }

    /// The first frequency slice's `unicode-range`: every Hangul syllable. A page with any
    /// syllable needs that slice anyway (it holds the most frequent ones), so claiming them all
    /// costs no download and saves listing them; where a later slice also claims a syllable, the
    /// browser takes the face that has its glyph, as the build does.
    static let firstHangulRange = "U+AC00-D7A3"

    /// Every page's characters: ASCII and the marks Korean and English text use most.
    static let latinRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0xA0, 0xA9...0xA9, 0xAB...0xAB, 0xAE...0xAE, 0xB0...0xB0, 0xB7...0xB7, 0xBB...0xBB, 0xD7...0xD7,
        0x2013...0x2014, 0x2018...0x2019, 0x201C...0x201D, 0x2022...0x2022, 0x2026...0x2026, 0x2060...0x2060, 0x20A9...0x20A9,
        0x20AC...0x20AC, 0x2190...0x2193,
    ]
    /// The rest of Latin-1, general punctuation and arrows.
    static let marksRanges: [ClosedRange<UInt32>] = [
        0xA1...0xFF, 0x131...0x131, 0x152...0x153, 0x2C6...0x2C6, 0x2DA...0x2DA, 0x2DC...0x2DC, 0x2000...0x206F, 0x20A0...0x20CF,
        0x2194...0x2199,
    ]
    /// CJK symbols and punctuation: 「」『』〈〉《》【】、。
    static let cjkRange: ClosedRange<UInt32> = 0x3000...0x303F
    static let jamoRange: ClosedRange<UInt32> = 0x3131...0x318E

    /// The fixed slices of a cut in order: name and characters.
    public static func fixed(_ cut: Cut) -> [(name: String, scalars: [UInt32])] {
        switch cut {
        case .text: textSlices
        case .headings: headingSlices
        case .code: codeSlices
        }
    }

    private static let textSlices = makeFixed(.text)
    private static let headingSlices = makeFixed(.headings)
    private static let codeSlices = makeFixed(.code)

    private static func makeFixed(_ cut: Cut) -> [(name: String, scalars: [UInt32])] {
        // Code is ASCII but for the odd mark: the code face's first slice is ASCII alone, so a
        // page with one inline `name` fetches 95 glyphs, and its marks go with the rest.
        let latin = cut == .code ? Array(UInt32(0x20)...0x7E) : latinRanges.flatMap { Array($0) }
        let marks = Set((latinRanges + marksRanges).flatMap { Array($0) }).subtracting(latin).sorted()
        var slices: [(String, [UInt32])] = [("latin", latin), ("marks", marks), ("cjk", Array(cjkRange)), ("jamo", Array(jamoRange))]
        let ranked = HangulRanking.syllables.unicodeScalars.map(\.value)
        var start = 0
        for (index, size) in cut.hangulSliceSizes.enumerated() {
            let end = min(start + size, ranked.count)
            let name = "h" + (index + 1 < 10 ? "0" : "") + String(index + 1)
            slices.append((name, Array(ranked[start..<end])))
            start = end
        }
        return slices
    }

    private static let textOwner = owners(textSlices)
    private static let headingOwner = owners(headingSlices)
    private static let codeOwner = owners(codeSlices)

    private static func owners(_ slices: [(name: String, scalars: [UInt32])]) -> [UInt32: Int] {
        var owner: [UInt32: Int] = [:]
        for (index, slice) in slices.enumerated() {
            for scalar in slice.scalars where owner[scalar] == nil { owner[scalar] = index }
        }
        return owner
    }

    /// The slice a character belongs to: its fixed slice, or its 256-code-point block.
    public static func name(of scalar: UInt32, cut: Cut = .text) -> String {
        let owner = cut == .text ? textOwner : cut == .headings ? headingOwner : codeOwner
        if let index = owner[scalar] { return fixed(cut)[index].name }
        let hex = String(scalar & ~0xFF, radix: 16)
        return "u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A fixed slice's characters, or nil for a block slice.
    static func fixedScalars(_ name: String, cut: Cut = .text) -> [UInt32]? {
        fixed(cut).first { $0.name == name }?.scalars
    }

    /// Where slices go in the stylesheet and the engine: fixed slices in order, then blocks.
    static func order(_ name: String) -> (Int, String) {
        if let index = textSlices.firstIndex(where: { $0.name == name }) ?? headingSlices.firstIndex(where: { $0.name == name }) {
            return (index, "")
        }
        return (max(textSlices.count, headingSlices.count), name)
    }

    /// A CSS `unicode-range` value for ascending `scalars`: consecutive runs as ranges.
    public static func unicodeRange(_ scalars: [UInt32]) -> String {
        var parts: [String] = []
        var index = 0
        while index < scalars.count {
            var end = index
            while end + 1 < scalars.count && scalars[end + 1] == scalars[end] + 1 { end += 1 }
            let first = String(scalars[index], radix: 16, uppercase: true)
            parts.append(end == index ? "U+\(first)" : "U+\(first)-\(String(scalars[end], radix: 16, uppercase: true))")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }
}

/// What `LineBreaker` needs to know about one Unicode scalar, looked up in `unicodeLineTable`
/// (generated from GLib's Unicode tables by `Tools/unicode_line_table.c`, so the breaks are the
/// ones GLib's `g_unichar_break_type`, `g_unichar_type` and `g_unichar_iswide` gave when this
/// module still linked GLib).
struct UnicodeLineFacts: Sendable {
    /// The coarse general category the line rules ask about.
    enum Category: UInt8, Sendable {
        case other
        /// Mn or Mc.
        case mark
        /// Me.
        case enclosingMark
        /// Pi.
        case initialPunctuation
        /// Pf.
        case finalPunctuation
        /// Lu, Ll, Lt, Lm, Lo, Nd, Nl or No.
        case letterOrNumber
        /// Cn.
        case unassigned
    }

    let lineBreak: LineBreakClass
    let category: Category
    /// East Asian Width W or F.
    let isWide: Bool

    init(_ scalar: UInt32) {
        guard scalar <= 0x10FFFF else {
            self.init(lineBreak: .XX, category: .unassigned, isWide: false)
            return
        }
        self.init(code: scalar < 0x10000 ? Self.basicCodes[Int(scalar)] : Self.code(searching: scalar))
    }

    private init(code: UInt16) {
        self.init(
            lineBreak: LineBreakClass(rawValue: UInt8(code >> 4)) ?? .XX, category: Category(rawValue: UInt8(code >> 1 & 7)) ?? .unassigned,
            isWide: code & 1 != 0)
    }

    private init(lineBreak: LineBreakClass, category: Category, isWide: Bool) {
        (self.lineBreak, self.category, self.isWide) = (lineBreak, category, isWide)
    }

    /// The code of `scalar`'s run in `unicodeLineTable`: the last run that starts at or before it.
    static func code(searching scalar: UInt32) -> UInt16 {
        let table = unicodeLineTable
        var low = 0, high = table.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] >> 11 <= scalar { low = middle } else { high = middle }
        }
        return UInt16(table[low] & 0x7FF)
    }

    /// The codes of the Basic Multilingual Plane by code point (128 KB, made from the table once
    /// per process): a card's every character was a binary search of a few thousand runs, half
    /// of finding its break opportunities. Hangul syllables alone alternate between two classes
    /// at every 28th code point (LV, LVT), 800 runs.
    static let basicCodes: [UInt16] = {
        var codes = [UInt16](repeating: 0, count: 0x10000)
        let table = unicodeLineTable
        for (index, entry) in table.enumerated() {
            let start = Int(entry >> 11)
            guard start < 0x10000 else { break }
            let end = index + 1 < table.count ? min(Int(table[index + 1] >> 11), 0x10000) : 0x10000
            for scalar in start..<end { codes[scalar] = UInt16(entry & 0x7FF) }
        }
        return codes
    }()
}

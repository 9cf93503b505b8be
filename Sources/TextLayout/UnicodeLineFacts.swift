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
            (lineBreak, category, isWide) = (.XX, .unassigned, false)
            return
        }
        let table = unicodeLineTable
        // The last run that starts at or before `scalar`.
        var low = 0, high = table.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] >> 11 <= scalar { low = middle } else { high = middle }
        }
        let code = table[low] & 0x7FF
        lineBreak = LineBreakClass(rawValue: UInt8(code >> 4)) ?? .XX
        category = Category(rawValue: UInt8(code >> 1 & 7)) ?? .unassigned
        isWide = code & 1 != 0
    }
}

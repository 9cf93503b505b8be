/// Where a line may end, the way Chromium decides it for `white-space: normal`.
///
/// Chromium (Blink's `LazyLineBreakIterator`) does not run UAX #14 alone:
/// - a space, tab or newline is always a break opportunity (the spaces hang at the line's end),
///   whatever the characters around it;
/// - between two printable ASCII characters it uses its own table instead of ICU: breaks only
///   after `-` and `?` before most characters, before `(` `<` `[` `{` after punctuation, and after
///   `-` before a digit only when an ASCII letter or digit precedes the `-` (so `-5` stays whole
///   and `ABCD-1234` can break);
/// - everywhere else it asks ICU's line rules (UAX #14, with LB25 as ICU's single number
///   expression rather than UAX #14's pairs);
/// - `word-break: keep-all` then vetoes ICU's breaks between two letters or digits (general
///   category L or N), so Korean words stay whole but punctuation still breaks.
/// The ASCII table was read off Chromium 156 by rendering every pair of printable ASCII
/// characters at width 0 (`Tests/Tools/chromium_text.py` can redo it); the ICU part follows
/// UAX #14 revision 53 (Unicode 16), the rules Chromium's bundled ICU uses.
public enum LineBreaker {
    /// `word-break`.
    public enum Mode: Sendable { case normal, keepAll }

    /// `result[i]` is true when a line may end between `scalars[i - 1]` and `scalars[i]`;
    /// `result[0]` is false. Spaces are opportunities *after* the run of spaces.
    public static func opportunities(_ scalars: [UInt32], mode: Mode) -> [Bool] {
        let count = scalars.count
        var result = [Bool](repeating: false, count: count)
        guard count > 1 else { return result }
        let facts = scalars.map(UnicodeLineFacts.init)
        let classes = facts.map(\.lineBreak)
        let resolved = resolve(classes, facts)
        let numbers = numberGlue(resolved)
        for index in 1..<count {
            let previous = scalars[index - 1], current = scalars[index]
            if isBreakableSpace(current) { continue }
            if isBreakableSpace(previous) {
                result[index] = true
                continue
            }
            if previous < 0x7F && current < 0x7F && previous >= 0x21 && current >= 0x21 {
                result[index] = asciiBreak(
                    before: index >= 2 ? scalars[index - 2] : 0, previous: previous, current: current)
                continue
            }
            if previous == 0xA0 && current < 0x7F || current == 0xA0 && previous < 0x7F { continue }
            guard unicodeBreak(at: index, classes: resolved, raw: classes, scalars: scalars, facts: facts, numbers: numbers) else { continue }
            if mode == .keepAll, keepsTogether(index: index, facts: facts) { continue }
            result[index] = true
        }
        return result
    }

    static func isBreakableSpace(_ scalar: UInt32) -> Bool { scalar == 0x20 || scalar == 0x0A || scalar == 0x09 }

    // MARK: ASCII table (Chromium's own, measured)

    private static func asciiBreak(before: UInt32, previous: UInt32, current: UInt32) -> Bool {
        switch previous {
        case 0x2D:  // '-'
            if current >= 0x30 && current <= 0x39 { return isASCIIAlphanumeric(before) }
            return afterHyphen.contains(current)
        case 0x3F:  // '?'
            return afterQuestion.contains(current)
        default:
            return punctuationBeforeOpeners.contains(previous) && openers.contains(current)
        }
    }

    private static func isASCIIAlphanumeric(_ scalar: UInt32) -> Bool {
        (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
    }

    /// Sets of ASCII characters as 128-bit masks: this runs for every pair of printable ASCII
    /// characters, where hashed `Set`s (one of them made on every call) cost a hash or an
    /// allocation per pair.
    struct ASCIISet {
        private let low: UInt64, high: UInt64

        init(_ characters: String) {
            var low: UInt64 = 0, high: UInt64 = 0
            for scalar in characters.unicodeScalars where scalar.value < 0x80 {
                if scalar.value < 64 { low |= 1 << UInt64(scalar.value) } else { high |= 1 << UInt64(scalar.value - 64) }
            }
            (self.low, self.high) = (low, high)
        }

        func contains(_ scalar: UInt32) -> Bool {
            scalar < 64 ? low & (1 << UInt64(scalar)) != 0 : scalar < 128 ? high & (1 << UInt64(scalar - 64)) != 0 : false
        }
    }

    private static let alphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    private static let openers = ASCIISet("(<[{")
    private static let afterHyphen = ASCIISet(alphanumerics + "\"#%&'(*+-<=>@[\\^_`{|~")
    private static let afterQuestion = ASCIISet(alphanumerics + "#$%&(*+-<=>@[\\^_`{|~")
    private static let punctuationBeforeOpeners = ASCIISet("!\"#%&)*+,-.:;=>?\\]|}~")

    // MARK: UAX #14 as ICU applies it

    /// LB1, LB9, LB10: ambiguous and unknown classes become AL; a combining mark or ZWJ takes the
    /// class of the base it follows (or AL with none).
    private static func resolve(_ classes: [LineBreakClass], _ facts: [UnicodeLineFacts]) -> [LineBreakClass] {
        var resolved = classes
        for index in resolved.indices {
            switch resolved[index] {
            case .AI, .SG, .XX: resolved[index] = .AL
            case .SA:
                resolved[index] = facts[index].category == .mark ? .CM : .AL
            case .CJ: resolved[index] = .NS
            default: break
            }
        }
        for index in resolved.indices where resolved[index] == .CM || resolved[index] == .ZWJ {
            if index > 0, ![.BK, .CR, .LF, .NL, .SP, .ZW].contains(resolved[index - 1]) {
                resolved[index] = resolved[index - 1]
            } else {
                resolved[index] = .AL
            }
        }
        return resolved
    }

    private static func isEastAsian(_ scalar: UInt32, _ facts: UnicodeLineFacts) -> Bool {
        facts.isWide || (0xFF61...0xFFDC).contains(scalar) || (0xFFE8...0xFFEE).contains(scalar)
    }

    /// LB25 as ICU writes it: one expression for a whole number,
    /// `(PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?`, with no break inside a match.
    /// (The pair form UAX #14 gave until Unicode 15.1 also glued `PO × OP` and `PR × OP` with no
    /// digit after the bracket; ICU does not, so Chromium breaks `8.6℃|(제10차)`.)
    /// `result[i]` is true when `i - 1` and `i` lie in one match.
    static func numberGlue(_ classes: [LineBreakClass]) -> [Bool] {
        let count = classes.count
        var glue = [Bool](repeating: false, count: count)
        // Compared one by one: a Set literal per call was 4 % of a build.
        func at(_ index: Int, _ a: LineBreakClass, _ b: LineBreakClass? = nil, _ c: LineBreakClass? = nil) -> Bool {
            guard index < count else { return false }
            let found = classes[index]
            return found == a || found == b || found == c
        }
        var start = 0
        while start < count {
            var end = start
            if at(end, .PR, .PO) { end += 1 }
            if at(end, .OP, .HY) { end += 1 }
            if at(end, .IS) { end += 1 }
            guard at(end, .NU) else {
                start += 1
                continue
            }
            end += 1
            while at(end, .NU, .SY, .IS) { end += 1 }
            if at(end, .CL, .CP) { end += 1 }
            if at(end, .PR, .PO) { end += 1 }
            for index in (start + 1)..<end { glue[index] = true }
            // Rules chain in ICU: a trailing PR or PO may begin the next number.
            start = at(end - 1, .PR, .PO) ? end - 1 : end
        }
        return glue
    }

    /// Whether ICU's line rules allow a break between `index - 1` and `index` (neither a space).
    static func unicodeBreak(
        at index: Int, classes: [LineBreakClass], raw: [LineBreakClass], scalars: [UInt32], facts: [UnicodeLineFacts],
        numbers: [Bool]
    ) -> Bool {
        let a = classes[index - 1], b = classes[index]
        let rawB = raw[index]
        let count = classes.count
        let beforeA: LineBreakClass? = index >= 2 ? classes[index - 2] : nil
        let afterB: LineBreakClass? = index + 1 < count ? classes[index + 1] : nil
        // LB4–LB6: hard breaks (white-space: normal has none left after collapsing).
        if a == .BK || a == .LF || a == .NL || (a == .CR && b != .LF) { return true }
        if [.BK, .CR, .LF, .NL].contains(b) { return false }
        // LB7, LB8, LB8a, LB9.
        if b == .ZW { return false }
        if a == .ZW { return true }
        if raw[index - 1] == .ZWJ { return false }
        if rawB == .CM || rawB == .ZWJ { return false }
        // LB11, LB12, LB12a.
        if a == .WJ || b == .WJ { return false }
        if a == .GL { return false }
        if b == .GL && ![.SP, .BA, .HY].contains(a) { return false }
        // LB13 (and LB15d: × IS).
        if [.CL, .CP, .EX, .SY, .IS].contains(b) { return false }
        // LB14.
        if a == .OP { return false }
        // LB15a, LB15b: initial quotes do not end a line after an opening context; final quotes do
        // not start one before a closing context.
        if a == .QU, facts[index - 1].category == .initialPunctuation {
            if beforeA == nil || [.BK, .CR, .LF, .NL, .OP, .QU, .GL, .SP, .ZW].contains(beforeA!) { return false }
        }
        if b == .QU, facts[index].category == .finalPunctuation {
            if afterB == nil || [.SP, .GL, .WJ, .CL, .QU, .CP, .EX, .IS, .SY, .BK, .CR, .LF, .NL, .ZW].contains(afterB!) { return false }
        }
        // LB16, LB17.
        if (a == .CL || a == .CP) && b == .NS { return false }
        if a == .B2 && b == .B2 { return false }
        // LB19: quotes that are not initial (before) or final (after) glue.
        if b == .QU && facts[index].category != .initialPunctuation { return false }
        if a == .QU && facts[index - 1].category != .finalPunctuation { return false }
        // LB19a: outside East Asian context quotes still glue.
        if b == .QU {
            if !isEastAsian(scalars[index - 1], facts[index - 1]) { return false }
            if index + 1 >= count || !isEastAsian(scalars[index + 1], facts[index + 1]) { return false }
        }
        if a == .QU {
            if !isEastAsian(scalars[index], facts[index]) { return false }
            if index < 2 || !isEastAsian(scalars[index - 2], facts[index - 2]) { return false }
        }
        // LB20, LB20a.
        if a == .CB || b == .CB { return true }
        if a == .HY && (b == .AL || b == .HL) && (beforeA == nil || [.BK, .CR, .LF, .NL, .SP, .ZW, .CB, .GL].contains(beforeA!)) {
            return false
        }
        // LB21, LB21a, LB21b, LB22.
        if [.BA, .HY, .NS].contains(b) || a == .BB { return false }
        if beforeA == .HL && a == .HY && b != .HL { return false }
        if a == .SY && b == .HL { return false }
        if b == .IN { return false }
        // LB23, LB23a, LB24.
        if (a == .AL || a == .HL) && b == .NU || a == .NU && (b == .AL || b == .HL) { return false }
        if a == .PR && [.ID, .EB, .EM].contains(b) || [.ID, .EB, .EM].contains(a) && b == .PO { return false }
        if (a == .PR || a == .PO) && (b == .AL || b == .HL) || (a == .AL || a == .HL) && (b == .PR || b == .PO) { return false }
        // LB25, ICU's expression (see `numberGlue`).
        if numbers[index] { return false }
        // LB26, LB27: Hangul syllable blocks.
        if a == .JL && [.JL, .JV, .H2, .H3].contains(b) { return false }
        if (a == .JV || a == .H2) && (b == .JV || b == .JT) { return false }
        if (a == .JT || a == .H3) && b == .JT { return false }
        if [.JL, .JV, .JT, .H2, .H3].contains(a) && b == .PO || a == .PR && [.JL, .JV, .JT, .H2, .H3].contains(b) { return false }
        // LB28, LB29, LB30.
        if (a == .AL || a == .HL) && (b == .AL || b == .HL) { return false }
        if a == .IS && (b == .AL || b == .HL) { return false }
        if [.AL, .HL, .NU].contains(a) && b == .OP && !isEastAsian(scalars[index], facts[index]) { return false }
        if a == .CP && [.AL, .HL, .NU].contains(b) && !isEastAsian(scalars[index - 1], facts[index - 1]) { return false }
        // LB30a: regional indicators pair up.
        if a == .RI && b == .RI {
            var run = 0
            var cursor = index - 1
            while cursor >= 0 && classes[cursor] == .RI {
                run += 1
                cursor -= 1
            }
            return run % 2 == 0
        }
        // LB30b.
        if a == .EB && b == .EM { return false }
        if b == .EM && facts[index - 1].category == .unassigned { return false }
        return true
    }

    /// Chromium's keep-all veto: no break between two letters or digits (a mark counts as the
    /// character it follows).
    private static func keepsTogether(index: Int, facts: [UnicodeLineFacts]) -> Bool {
        func isLetterOrNumber(_ facts: UnicodeLineFacts) -> Bool {
            facts.category == .letterOrNumber && facts.lineBreak != .SA
        }
        func isMark(_ facts: UnicodeLineFacts) -> Bool {
            facts.category == .mark || facts.category == .enclosingMark
        }
        let previous = facts[index - 1]
        let before = isMark(previous) && index >= 2 ? facts[index - 2] : previous
        return isLetterOrNumber(before) && isLetterOrNumber(facts[index])
    }
}

/// UAX #14 line-break classes, in the order of GLib's `GUnicodeBreakType` (GLib 2.74, Unicode 15),
/// which `unicodeLineTable` was generated from.
enum LineBreakClass: UInt8, Sendable {
    case BK, CR, LF, CM, SG, ZW, IN, GL, CB, SP, BA, BB, B2, HY, NS, OP, CL, QU, EX, ID, NU, IS, SY, AL, PR, PO, SA, AI, XX, NL, WJ
    case JL, JV, JT, H2, H3, CP, CJ, HL, RI, EB, EM, ZWJ
}

internal import CPangoCairo

/// Line-break opportunities of text made only of characters that are each a grapheme of their
/// own and need no script tailoring — printable ASCII, Latin-1, general punctuation, arrows
/// and Hangul syllables, what Korean prose is made of — worked out as Pango 1.50's
/// `pango_default_break` works them out (its UAX #14 pair rules, with the numeric customization
/// of example 7), on GLib's own line-break classes, without its word, sentence and grapheme
/// passes, which Gazette does not read. Every character boundary is a grapheme boundary in such
/// text, so each is a place to break an overlong word.
///
/// Nil for any other text: Pango analyses it.
enum PlainBreaks {
    /// One attribute per character and one past the end, with `is_line_break`,
    /// `is_char_break` and `is_white` set as Pango sets them.
    static func attributes(_ scalars: [UInt32]) -> [PangoLogAttr]? {
        guard scalars.allSatisfy(isPlain) else { return nil }
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars.count + 1)
        var previous = Class(G_UNICODE_BREAK_UNKNOWN), beforePrevious = Class(G_UNICODE_BREAK_UNKNOWN)
        var previousNumeric = NumericState.other
        // Past the end, Pango assumes a paragraph separator.
        func type(_ index: Int) -> Class {
            Class(index < scalars.count ? g_unichar_break_type(scalars[index]) : G_UNICODE_BREAK_MANDATORY)
        }
        var next = type(0)
        for index in 0...scalars.count {
            var current = next
            next = index + 1 <= scalars.count ? type(index + 1) : Class(G_UNICODE_BREAK_UNKNOWN)
            if index < scalars.count {
                let value = scalars[index]
                // Space separators (and no control character is plain).
                attributes[index].is_white = value == 0x20 || value == 0xA0 || value == 0x202F || value == 0x205F ? 1 : 0
            }
            // LB1: ambiguous and unknown characters are alphabetic.
            if current.in(.ambiguousOrUnknown) { current = Class(G_UNICODE_BREAK_ALPHABETIC) }
            var row = previous.is(G_UNICODE_BREAK_SPACE) ? beforePrevious : previous
            if row.is(G_UNICODE_BREAK_UNKNOWN) { row = Class(G_UNICODE_BREAK_ALPHABETIC) }
            var numeric = NumericState.other
            if current.is(G_UNICODE_BREAK_NUMERIC) { numeric = .numeric }
            if current.in(.close) { numeric = previousNumeric == .numeric ? .numericClose : .other }
            attributes[index].is_char_break = 1
            var allowed: Bool? = nil
            // The rules from the lowest priority up, each overriding the ones before (LB31
            // allows by default).
            if prohibited30To21(previous, current, next: next, beforePrevious: beforePrevious, previousNumeric: previousNumeric) {
                allowed = false
            }
            if previous.is(G_UNICODE_BREAK_CONTINGENT) || current.is(G_UNICODE_BREAK_CONTINGENT) { allowed = true }  // LB20
            if previous.is(G_UNICODE_BREAK_QUOTATION) || current.is(G_UNICODE_BREAK_QUOTATION) { allowed = false }  // LB19
            if previous.is(G_UNICODE_BREAK_SPACE) { allowed = true }  // LB18
            if prohibited17To12a(previous, current, row: row) { allowed = false }
            if previous.is(G_UNICODE_BREAK_WORD_JOINER) || current.is(G_UNICODE_BREAK_WORD_JOINER) { allowed = false }  // LB11
            if row.is(G_UNICODE_BREAK_ZERO_WIDTH_SPACE) { allowed = true }  // LB8
            if current.in(.spaces) { allowed = false }  // LB7
            if current.in(.hardBreaks) { allowed = false }  // LB6
            if previous.in(.hardBreaks) { allowed = true }  // LB4, LB5
            attributes[index].is_line_break = (allowed ?? true) ? 1 : 0
            // LB25's numeric state carries over symbols and infix separators after a number.
            if current.in(.numericRun) {
                if previousNumeric != .numeric { previousNumeric = numeric }
            } else {
                previousNumeric = numeric
            }
            if !current.is(G_UNICODE_BREAK_SPACE) || !previous.is(G_UNICODE_BREAK_SPACE) {
                beforePrevious = previous
                previous = current
            }
        }
        attributes[0].is_line_break = 0  // LB2
        attributes[scalars.count].is_line_break = 1  // LB3
        attributes[scalars.count].is_white = 1  // the paragraph separator Pango assumes
        return attributes
    }

    private enum NumericState { case other, numeric, numericClose }

    /// A line-break class, with sets of classes as bit masks (GLib has fewer than 64).
    private struct Class {
        let bit: UInt64
        init(_ type: GUnicodeBreakType) { bit = 1 << UInt64(type.rawValue & 63) }
        func `is`(_ type: GUnicodeBreakType) -> Bool { bit == 1 << UInt64(type.rawValue & 63) }
        func `in`(_ set: Set) -> Bool { bit & set.mask != 0 }

        struct Set {
            let mask: UInt64
            /// The sets are computed where they are read, from constants the compiler folds: as
            /// `static let`s, each read per character went through a lazy global's once-check
            /// (1.6 % of a packet of short journals' processor time).
            @inline(__always) private init(_ mask: UInt64) { self.mask = mask }
            @inline(__always) private static func bit(_ type: GUnicodeBreakType) -> UInt64 { 1 << UInt64(type.rawValue & 63) }
            static var ambiguousOrUnknown: Set { Set(bit(G_UNICODE_BREAK_AMBIGUOUS) | bit(G_UNICODE_BREAK_UNKNOWN)) }
            static var close: Set { Set(bit(G_UNICODE_BREAK_CLOSE_PUNCTUATION) | bit(G_UNICODE_BREAK_CLOSE_PARANTHESIS)) }
            static var spaces: Set { Set(bit(G_UNICODE_BREAK_SPACE) | bit(G_UNICODE_BREAK_ZERO_WIDTH_SPACE)) }
            static var hardBreaks: Set {
                Set(
                    bit(G_UNICODE_BREAK_MANDATORY) | bit(G_UNICODE_BREAK_CARRIAGE_RETURN) | bit(G_UNICODE_BREAK_LINE_FEED) |
                    bit(G_UNICODE_BREAK_NEXT_LINE))
            }
            static var numericRun: Set {
                Set(
                    bit(G_UNICODE_BREAK_NUMERIC) | bit(G_UNICODE_BREAK_SYMBOL) | bit(G_UNICODE_BREAK_INFIX_SEPARATOR))
            }
            static var letters: Set { Set(bit(G_UNICODE_BREAK_ALPHABETIC) | bit(G_UNICODE_BREAK_HEBREW_LETTER)) }
            static var lettersOrNumeric: Set {
                Set(
                    bit(G_UNICODE_BREAK_ALPHABETIC) | bit(G_UNICODE_BREAK_HEBREW_LETTER) | bit(G_UNICODE_BREAK_NUMERIC))
            }
            static var hangul: Set {
                Set(
                    bit(G_UNICODE_BREAK_HANGUL_L_JAMO) | bit(G_UNICODE_BREAK_HANGUL_V_JAMO) |
                    bit(G_UNICODE_BREAK_HANGUL_T_JAMO) | bit(G_UNICODE_BREAK_HANGUL_LV_SYLLABLE) |
                    bit(G_UNICODE_BREAK_HANGUL_LVT_SYLLABLE))
            }
            static var afterLJamo: Set {
                Set(
                    bit(G_UNICODE_BREAK_HANGUL_L_JAMO) | bit(G_UNICODE_BREAK_HANGUL_V_JAMO) |
                    bit(G_UNICODE_BREAK_HANGUL_LV_SYLLABLE) | bit(G_UNICODE_BREAK_HANGUL_LVT_SYLLABLE))
            }
            static var vOrLV: Set { Set(bit(G_UNICODE_BREAK_HANGUL_V_JAMO) | bit(G_UNICODE_BREAK_HANGUL_LV_SYLLABLE)) }
            static var vOrT: Set { Set(bit(G_UNICODE_BREAK_HANGUL_V_JAMO) | bit(G_UNICODE_BREAK_HANGUL_T_JAMO)) }
            static var tOrLVT: Set { Set(bit(G_UNICODE_BREAK_HANGUL_T_JAMO) | bit(G_UNICODE_BREAK_HANGUL_LVT_SYLLABLE)) }
            static var affixes: Set { Set(bit(G_UNICODE_BREAK_PREFIX) | bit(G_UNICODE_BREAK_POSTFIX)) }
            static var openOrHyphen: Set { Set(bit(G_UNICODE_BREAK_OPEN_PUNCTUATION) | bit(G_UNICODE_BREAK_HYPHEN)) }
            static var closingNumeric: Set {
                Set(
                    bit(G_UNICODE_BREAK_NUMERIC) | bit(G_UNICODE_BREAK_SYMBOL) | bit(G_UNICODE_BREAK_INFIX_SEPARATOR) |
                    bit(G_UNICODE_BREAK_CLOSE_PUNCTUATION) | bit(G_UNICODE_BREAK_CLOSE_PARANTHESIS))
            }
            static var ideographicOrEmoji: Set {
                Set(
                    bit(G_UNICODE_BREAK_IDEOGRAPHIC) | bit(G_UNICODE_BREAK_EMOJI_BASE) | bit(G_UNICODE_BREAK_EMOJI_MODIFIER))
            }
            static var noBreakBefore21: Set {
                Set(
                    bit(G_UNICODE_BREAK_AFTER) | bit(G_UNICODE_BREAK_HYPHEN) | bit(G_UNICODE_BREAK_NON_STARTER))
            }
            static var hyphenOrAfter: Set { Set(bit(G_UNICODE_BREAK_HYPHEN) | bit(G_UNICODE_BREAK_AFTER)) }
            static var noBreakBefore13: Set {
                Set(
                    bit(G_UNICODE_BREAK_CLOSE_PUNCTUATION) | bit(G_UNICODE_BREAK_CLOSE_PARANTHESIS) |
                    bit(G_UNICODE_BREAK_INFIX_SEPARATOR) | bit(G_UNICODE_BREAK_SYMBOL))
            }
            static var beforeGlue: Set { Set(bit(G_UNICODE_BREAK_SPACE) | bit(G_UNICODE_BREAK_AFTER) | bit(G_UNICODE_BREAK_HYPHEN)) }
        }
    }

    /// LB30 down to LB21b, all of which prohibit (no plain character is East Asian wide but
    /// Hangul syllables, which are neither opening nor closing punctuation).
    private static func prohibited30To21(
        _ previous: Class, _ current: Class, next: Class, beforePrevious: Class, previousNumeric: NumericState
    ) -> Bool {
        if previous.in(.lettersOrNumeric), current.is(G_UNICODE_BREAK_OPEN_PUNCTUATION) { return true }  // LB30
        if previous.is(G_UNICODE_BREAK_CLOSE_PARANTHESIS), current.in(.lettersOrNumeric) { return true }
        if previous.is(G_UNICODE_BREAK_INFIX_SEPARATOR), current.in(.letters) { return true }  // LB29
        if previous.in(.letters), current.in(.letters) { return true }  // LB28
        if previous.in(.hangul), current.is(G_UNICODE_BREAK_POSTFIX) { return true }  // LB27
        if previous.is(G_UNICODE_BREAK_PREFIX), current.in(.hangul) { return true }
        if previous.is(G_UNICODE_BREAK_HANGUL_L_JAMO), current.in(.afterLJamo) { return true }  // LB26
        if previous.in(.vOrLV), current.in(.vOrT) { return true }
        if previous.in(.tOrLVT), current.is(G_UNICODE_BREAK_HANGUL_T_JAMO) { return true }
        // LB25, with the customization of example 7.
        if previous.in(.affixes), current.is(G_UNICODE_BREAK_NUMERIC) { return true }
        if previous.in(.affixes), current.in(.openOrHyphen), next.is(G_UNICODE_BREAK_NUMERIC) { return true }
        if previous.in(.openOrHyphen), current.is(G_UNICODE_BREAK_NUMERIC) { return true }
        if previous.is(G_UNICODE_BREAK_NUMERIC), current.in(.numericRun) { return true }
        if previousNumeric == .numeric, current.in(.closingNumeric) { return true }
        if previousNumeric != .other, current.in(.affixes) { return true }
        if previous.in(.affixes), current.in(.letters) { return true }  // LB24
        if previous.in(.letters), current.in(.affixes) { return true }
        if previous.in(.letters), current.is(G_UNICODE_BREAK_NUMERIC) { return true }  // LB23
        if previous.is(G_UNICODE_BREAK_NUMERIC), current.in(.letters) { return true }
        if previous.is(G_UNICODE_BREAK_PREFIX), current.in(.ideographicOrEmoji) { return true }  // LB23a
        if previous.in(.ideographicOrEmoji), current.is(G_UNICODE_BREAK_POSTFIX) { return true }
        if current.is(G_UNICODE_BREAK_INSEPARABLE) { return true }  // LB22
        if current.in(.noBreakBefore21) || previous.is(G_UNICODE_BREAK_BEFORE) { return true }  // LB21
        if beforePrevious.is(G_UNICODE_BREAK_HEBREW_LETTER), previous.in(.hyphenOrAfter) { return true }  // LB21a
        if previous.is(G_UNICODE_BREAK_SYMBOL), current.is(G_UNICODE_BREAK_HEBREW_LETTER) { return true }  // LB21b
        return false
    }

    /// LB17 down to LB12a, all of which prohibit.
    private static func prohibited17To12a(_ previous: Class, _ current: Class, row: Class) -> Bool {
        if row.is(G_UNICODE_BREAK_BEFORE_AND_AFTER), current.is(G_UNICODE_BREAK_BEFORE_AND_AFTER) { return true }  // LB17
        if row.in(.close), current.is(G_UNICODE_BREAK_NON_STARTER) { return true }  // LB16
        if row.is(G_UNICODE_BREAK_QUOTATION), current.is(G_UNICODE_BREAK_OPEN_PUNCTUATION) { return true }  // LB15
        if row.is(G_UNICODE_BREAK_OPEN_PUNCTUATION) { return true }  // LB14
        if current.is(G_UNICODE_BREAK_EXCLAMATION) { return true }  // LB13, with example 7
        if !previous.is(G_UNICODE_BREAK_NUMERIC), current.in(.noBreakBefore13) { return true }
        if previous.is(G_UNICODE_BREAK_NON_BREAKING_GLUE) { return true }  // LB12
        if current.is(G_UNICODE_BREAK_NON_BREAKING_GLUE), !previous.in(.beforeGlue) { return true }  // LB12a
        return false
    }

    /// A character that is a grapheme of its own, has no script tailoring, and is neither a
    /// control, a format character nor a separator of lines or paragraphs.
    static func isPlain(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0xFF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x21FF, 0xAC00...0xD7A3: true
        default: false
        }
    }
}

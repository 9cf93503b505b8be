import Foundation

/// How text becomes search keys. `templates/assets/search.js` cuts a query by the same rules, and
/// the browser tests run both on the same strings.
///
/// - Text is NFKC-normalized (full-width letters become ASCII, compatibility jamo conjoining
///   jamo), then lower-cased code point by code point.
/// - Hangul, kana and Han characters make *runs*. Every character of a run is a key and so is
///   every pair of neighbours (bigrams): 금리는 gives 금, 리, 는, 금리, 리는. A query's run
///   matches the journals that have all its bigrams (or its one character), wherever they stand
///   in a word — 금리 is found in 금리를 and 기준금리, 부채 in 가계부채 — so particles and
///   compounds need no dictionary.
/// - Other letters, marks and digits make *words* (a `.` between two ASCII digits stays inside
///   one: 3.5), cut to `maxWord` characters. A query's word matches every key that begins with it:
///   inflation finds inflationary.
/// - Anything else separates.
public enum SearchText {
    public enum Token: Hashable, Sendable {
        case word(String)
        case run([Unicode.Scalar])
    }

    /// Longer words are cut to this many characters (code points).
    public static let maxWord = 32

    /// The tokens of `text`, in order.
    public static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        forEachToken(in: normalized(text)) { word in
            tokens.append(.word(wordKey(word)))
        } run: { run in
            tokens.append(.run(Array(run)))
        }
        return tokens
    }

    /// The keys `text` is indexed under, each once, sorted (for tests and the debug view).
    public static func keys(_ text: String) -> [String] {
        var keys = Set<String>()
        forEachToken(in: normalized(text)) { word in
            keys.insert(wordKey(word))
        } run: { run in
            for index in run.indices {
                keys.insert(String(String.UnicodeScalarView([run[index]])))
                if index + 1 < run.endIndex { keys.insert(String(String.UnicodeScalarView([run[index], run[index + 1]]))) }
            }
        }
        return keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
    }

    static func wordKey(_ word: ArraySlice<Unicode.Scalar>) -> String {
        String(String.UnicodeScalarView(word.prefix(maxWord)))
    }

    /// NFKC, then each code point lower-cased on its own (no context: Σ is σ everywhere, as
    /// JavaScript's `toLowerCase` of a single code point gives).
    public static func normalized(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.utf8.count / 2)
        // Most text is ASCII, Hangul syllables and a few punctuation marks that NFKC leaves as
        // they are and that have no lower case: one pass, without Foundation's normalization
        // (which costs more than the rest), unless something else turns up.
        for scalar in text.unicodeScalars {
            if let kept = plain(scalar) {
                out.append(kept)
            } else if nfkcStablePunctuation.contains(scalar.value) {
                out.append(scalar)
            } else {
                return lowercased(text.precomposedStringWithCompatibilityMapping)
            }
        }
        return out
    }

    /// A scalar both passes settle without a lookup: ASCII lower-cased, a Hangul syllable as it
    /// is (NFKC keeps it, and it has no case); nil for anything else.
    @inline(__always) private static func plain(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar }
        return (0xAC00...0xD7A3).contains(value) ? scalar : nil
    }

    private static func lowercased(_ text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.utf8.count / 2)
        for scalar in text.unicodeScalars {
            if let kept = plain(scalar) {
                out.append(kept)
            } else if scalar.properties.changesWhenLowercased {
                out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return out
    }

    /// Punctuation common in Korean and English prose that NFKC maps to itself and that has no
    /// lower case: quotes, dashes, the middle dot, ideographic comma and full stop, brackets.
    private static let nfkcStablePunctuation: Set<UInt32> = [
        0x00B7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x3001, 0x3002, 0x300C, 0x300D, 0x300E, 0x300F,
        0x3008, 0x3009, 0x300A, 0x300B, 0x3010, 0x3011, 0x2192, 0x2190, 0x25CB, 0x25CF, 0x203B,
    ]

    /// Hangul (syllables, jamo, compatibility jamo), kana and Han: the scripts indexed as runs.
    @inline(__always)
    static func isRunScalar(_ value: UInt32) -> Bool {
        (0xAC00...0xD7A3).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
            || (0x3040...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0x20000...0x2FFFF).contains(value)
    }

    /// Letters, marks and numbers (JavaScript's `[\p{L}\p{M}\p{N}]`).
    @inline(__always)
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    @inline(__always)
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    /// Calls `word` and `run` for each token of normalized text, in order.
    static func forEachToken(
        in scalars: [Unicode.Scalar], word: (ArraySlice<Unicode.Scalar>) -> Void, run: (ArraySlice<Unicode.Scalar>) -> Void
    ) {
        struct Calls: TokenSink {
            let word: (ArraySlice<Unicode.Scalar>) -> Void
            let run: (ArraySlice<Unicode.Scalar>) -> Void
            func word(_ token: ArraySlice<Unicode.Scalar>) { word(token) }
            func run(_ token: ArraySlice<Unicode.Scalar>) { run(token) }
        }
        withoutActuallyEscaping(word) { word in
            withoutActuallyEscaping(run) { run in
                var calls = Calls(word: word, run: run)
                tokenize(scalars, into: &calls)
            }
        }
    }

    /// Hands each token of normalized text to `sink`, in order. (A sink, not closures, so that
    /// the index's counting runs without the cost of mutable state captured by closures.)
    @inline(__always)
    static func tokenize<Sink: TokenSink>(_ scalars: [Unicode.Scalar], into sink: inout Sink) {
        var start = 0
        var kind = 0  // 0 none, 1 word, 2 run
        var index = 0
        let count = scalars.count
        while index < count {
            let scalar = scalars[index]
            let next: Int
            if isRunScalar(scalar.value) {
                next = 2
            } else if isWordScalar(scalar) {
                next = 1
            } else if scalar == ".", kind == 1, isDigit(scalars[index - 1]), index + 1 < count, isDigit(scalars[index + 1]) {
                next = 1
            } else {
                next = 0
            }
            if next != kind {
                if kind == 1 { sink.word(scalars[start..<index]) } else if kind == 2 { sink.run(scalars[start..<index]) }
                start = index
                kind = next
            }
            index += 1
        }
        if kind == 1 { sink.word(scalars[start..<count]) } else if kind == 2 { sink.run(scalars[start..<count]) }
    }
}

/// What `SearchText.tokenize` hands tokens to.
protocol TokenSink {
    mutating func word(_ word: ArraySlice<Unicode.Scalar>)
    mutating func run(_ run: ArraySlice<Unicode.Scalar>)
}

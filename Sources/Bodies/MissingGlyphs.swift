import GazetteModel

/// Hanja and kana the site's fonts cannot show. The Nanum fonts have the 4,888 hanja of KS X
/// 1001, the traditional forms Korean writes; a Chinese name in its simplified form (国务院,
/// 习近平) or a Japanese word in the forms Japan writes (円, 駅) has no glyph in them. A packet,
/// set on the pinned fonts alone, shows each as a box; a page shows it in whatever font the
/// reader's browser picks. Said once per text (a body at its first such character, a title),
/// listing the characters. What the fonts have comes from the caller (`WebFonts.textCoverage`),
/// asked only when a text holds a character past Hangul's.
extension BodyWriting {
    /// The warning for `body` (line 1 its first), if it holds characters `covered` lacks.
    public static func missingGlyphs(_ body: String, covered: () -> Set<Unicode.Scalar>?) -> [Diagnostic] {
        guard mayLackGlyphs(body), let covered = covered() else { return [] }
        let missing = missingGlyphs(in: body, covered: covered)
        guard let first = missing.first else { return [] }
        let lines = lines(body)
        guard let index = lines.firstIndex(where: { $0.unicodeScalars.contains(first) }) else { return [] }
        let column = lines[index].unicodeScalars.prefix { $0 != first }.count + 1
        return [missingGlyphsWarning(missing, at: at(index, column: column), sourceLine: String(lines[index]))]
    }

    public static func missingGlyphsWarning(_ characters: [Unicode.Scalar], at location: SourceLocation, sourceLine: String?) -> Diagnostic {
        let shown = characters.prefix(8).map { "'\($0)'" }.joined(separator: ", ") + (characters.count > 8 ? " and \(characters.count - 8) more" : "")
        let one = characters.count == 1
        return .warning(
            "\(shown) \(one ? "has" : "have") no glyph in the site's fonts: the packet shows \(one ? "it as a box" : "them as boxes"), and pages in whatever font the reader has",
            at: location,
            hint: "the Nanum fonts have the hanja Korean writes, in their traditional forms (國 for 国, 圓 for 円): write those, or the Hangul reading",
            sourceLine: sourceLine, code: "glyph-missing")
    }

    /// The hanja and kana of `text` that `covered` lacks, each once, in text order.
    public static func missingGlyphs(in text: String, covered: Set<Unicode.Scalar>) -> [Unicode.Scalar] {
        var seen: Set<Unicode.Scalar> = []
        var found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where isHanOrKana(scalar.value) && !covered.contains(scalar) && seen.insert(scalar).inserted {
            found.append(scalar)
        }
        return found
    }

    /// Whether `text` has a UTF-8 lead byte of kana, hanja or the planes past the first
    /// (U+3000–U+9FFF, U+F000–U+FFFF, U+10000 on): Hangul syllables (U+AC00–U+D7A3) and Latin
    /// text have none, so most journals are passed over on their bytes.
    public static func mayLackGlyphs(_ text: String) -> Bool {
        holds(text[...]) { ($0 >= 0xE3 && $0 <= 0xE9) || $0 == 0xEF || $0 >= 0xF0 }
    }

    static func isHanOrKana(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0x20000...0x3FFFF).contains(value)
    }
}

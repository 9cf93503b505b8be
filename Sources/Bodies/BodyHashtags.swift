import GazetteModel

extension BodyWriting {
    /// What a journal's tags are, for the rule that reads hashtags typed in its body: the tags
    /// its front matter lists, and the site's vocabulary (`gazette.yml`'s `tags:`, key and name).
    public struct TagContext: Sendable, Hashable {
        public var written: [String]
        public var vocabulary: [Tag]

        public init(written: [String], vocabulary: [Tag]) {
            self.written = written
            self.vocabulary = vocabulary
        }

        /// The key a hashtag's word names: a key of the vocabulary (`#economy`, `#Economy`), the
        /// key whose name it is (`#경제` for `economy: 경제`), else the word itself (a tag the
        /// vocabulary lacks, which its own warning then names).
        func key(for word: Substring) -> String {
            if let tag = vocabulary.first(where: { $0.key == word || $0.key.lowercased() == word.lowercased() }) { return tag.key }
            if let tag = vocabulary.first(where: { $0.name == word }) { return tag.key }
            return String(word)
        }
    }

    /// A line of hashtags (`#경제 #환율 #금리`), as a blog or a social network tags a post, most
    /// often at a journal's end: Markdown shows it as text, and the journal is on no tag page of
    /// them. Named over the hashtags with the front-matter list meant: the tags the journal has,
    /// then each hashtag's key (`TagContext.key`). A line with anything else on it is prose
    /// (`#1 금리 인상`), and `\#경제` or code is text as written.
    static func hashtagLines(_ lines: [Substring], code: [Bool], tags: TagContext) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (index, line) in lines.enumerated() where !code[index] {
            guard let first = line.utf8.first(where: { $0 != 0x20 }), first == 0x23 || first == 0xEF, let words = hashtags(line) else { continue }
            let meant = words.map { (word: $0, key: tags.key(for: $0)) }
            var keys = tags.written
            for (_, key) in meant where !keys.contains(key) { keys.append(key) }
            let written = line.trimmingCharacters(in: .whitespaces)
            let named = meant.filter { $0.key != $0.word }.map { "'\($0.word)' names \($0.key)" }
            let glossary = named.isEmpty ? "" : " (\(named.joined(separator: ", ")))"
            let escaped = "\\#\(words[0])"
            warnings.append(
                .warning(
                    "'\(opening(written))' is shown as text: hashtags in a body put the journal on no tag page",
                    at: at(index, column: line.prefix { $0 == " " }.count + 1),
                    hint: "did you mean 'tags: [\(keys.joined(separator: ", "))]'? in the front matter\(glossary), the journal is listed on each tag's page; write \(escaped) to show a hashtag as text",
                    sourceLine: String(line), code: "body-hashtags"
                ).spanning(written.unicodeScalars.count))
        }
        return warnings
    }

    /// The words of a line made only of hashtags (`#경제 #금리`, `＃경제`, commas between allowed),
    /// or nil: each `#` (or the full-width `＃`) followed by a word of letters, digits, `_`, `-`
    /// or `·`, with a letter in it (`#1` is a number, `# 요약` a heading).
    static func hashtags(_ line: Substring) -> [Substring]? {
        var words: [Substring] = []
        for token in line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "，" }) {
            guard token.first == "#" || token.first == "＃" else { return nil }
            let word = token.dropFirst()
            guard !word.isEmpty, word.contains(where: \.isLetter),
                word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "·" })
            else { return nil }
            words.append(word)
        }
        return words.isEmpty ? nil : words
    }
}

extension BodyWriting {
    /// Whether `body` holds a character that shows as nothing (`Unicode.Scalar.isInvisible`), by
    /// its UTF-8 bytes: `C2 AD`, `E2 80 8B–8F, AA–AE`, `E2 81 A0, A6–A9`, `EF BB BF` (the `’`, `“`
    /// and `…` of Korean news are `E2 80` too, so the third byte decides).
    static func mayHoldInvisibles(_ body: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var index = 0
            while index + 1 < bytes.count {
                let (first, second) = (bytes[index], bytes[index + 1])
                if first == 0xC2, second == 0xAD { return true }
                if index + 2 < bytes.count {
                    let third = bytes[index + 2]
                    if first == 0xE2, second == 0x80, (0x8B...0x8F).contains(third) || (0xAA...0xAE).contains(third) { return true }
                    if first == 0xE2, second == 0x81, third == 0xA0 || (0xA6...0xA9).contains(third) { return true }
                    if first == 0xEF, second == 0xBB, third == 0xBF { return true }
                }
                index += 1
            }
            return false
        }
        return body.utf8.withContiguousStorageIfAvailable(scan) ?? body.unicodeScalars.contains(where: \.isInvisible)
    }

    /// A link's address with a character that shows as nothing in it, copied
    /// along from a chat or a web page (`[기사](https://…/AKR​1)`): the page links to another
    /// address, which the reader's browser gets as not found. Named over the address, with the
    /// address meant (`gazette lsp`'s quick fix writes it).
    static func invisibleAddresses(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (index, text) in lines.enumerated() where !code[index] && text.unicodeScalars.contains(where: \.isInvisible) {
            // Code spans blanked, scalar for scalar: columns stay the line's.
            let line = withoutCodeSpans(String(text))
            // Links: a picture's name so typed is the picture's error (`JournalPictures`).
            for link in line.matches(of: #/(!?)\[[^\]]*\]\(\s*<?([^)\s>]+)/#) where link.output.1.isEmpty && link.output.2.unicodeScalars.contains(where: \.isInvisible) {
                let address = link.output.2
                warnings.append(
                    .warning(
                        "the address '\(address.revealingInvisibles)' holds a character that shows as nothing: it leads elsewhere",
                        at: at(index, column: line[..<address.startIndex].unicodeScalars.count + 1),
                        hint: "did you mean '\(address.withoutInvisibles)'? copied text brings such characters along (written here as <U+…>): delete it",
                        sourceLine: String(text), code: "invisible-character"
                    ).spanning(address.unicodeScalars.count))
            }
        }
        return warnings
    }
}

import GazetteModel

/// The site's vocabularies (tags and authors from `gazette.yml`), checked the same way wherever a
/// key is written: in a journal's front matter (`check`, `build`) and on `gazette new`'s command
/// line. Each caller chooses the severity and what to add to the hint.
public enum Vocabulary {
    public enum Kind: String, Sendable {
        case tag, author
    }

    /// Whether `key` can name a tag: one word, no `/` (a tag's page is `tags/<key>/`).
    public static func isTagKey(_ key: String) -> Bool {
        !key.isEmpty && key != "." && key != ".." && !key.contains { $0 == "/" || $0 == "\\" || $0.isWhitespace }
    }

    /// The tags a site's pages show: the vocabulary's, in its order, then every other key
    /// `journals` use, in byte order, named by the key. An unknown tag (warned about where it is
    /// written) thus gets its page like any other, so no page ever links to a tag page that is
    /// not written.
    public static func pageTags(_ config: SiteConfig, journals: [Journal]) -> [Tag] {
        let known = Set(config.tags.map(\.key))
        var unknown = Set<String>()
        for journal in journals { for tag in journal.tags where !known.contains(tag) { unknown.insert(tag) } }
        return config.tags + unknown.sorted { $0.utf8Precedes($1) }.map { Tag(key: $0, name: $0) }
    }

    /// The known keys of `kind`, in the order `gazette.yml` lists them.
    public static func keys(_ kind: Kind, in config: SiteConfig) -> [String] {
        switch kind {
        case .tag: config.tags.map(\.key)
        case .author: config.authors.map(\.key)
        }
    }

    /// nil when `key` is known, or when it names an author and the site lists none (any author
    /// goes then); otherwise "unknown tag 'econmy'" and the hint "did you mean 'economy'? known
    /// tags: politics, economy" (the question only when a known key is close). `addable`: adding
    /// the key to the vocabulary is a fix — not for two tags joined by a full-width comma, whose
    /// diagnostic has a code of its own (`tag-comma`), nor for a key with a character that shows
    /// as nothing in it (`invisible-character`). `meant`: the hint names a known key the
    /// member may have meant (a close one, or the one whose name was written).
    public static func unknown(_ kind: Kind, _ key: String, in config: SiteConfig) -> (message: String, hint: String, addable: Bool, meant: Bool)? {
        let known = keys(kind, in: config)
        if known.contains(key) || (kind == .author && known.isEmpty) { return nil }
        // A display name written for its key (`tags: [경제]` for `economy: 경제`) is the commonest
        // slip of a new member: the key it names, said as such.
        let named: String? =
            switch kind {
            case .tag: config.tags.first { $0.name == key }?.key
            case .author: config.authors.first { $0.name == key }?.key
            }
        // Two tags joined by the comma a Korean, Chinese or Japanese input method gives
        // (`[economy，politics]`, U+FF0C, or `、`): YAML reads one tag.
        // The list's brackets typed the same way (`［economy，politics］`, `【경제】`): YAML reads one
        // value, brackets and all; the list meant is in ASCII brackets.
        let fullWidth: [(open: Character, close: Character)] = [("［", "］"), ("【", "】"), ("「", "」"), ("〔", "〕"), ("〈", "〉")]
        let bracket = kind == .tag && key.count > 2 ? fullWidth.first { key.first == $0.open && key.last == $0.close } : nil
        let inner = bracket == nil ? Substring(key) : key.dropFirst().dropLast()
        // Each tag of it by its key, where it was written by its name (`【경제】`).
        func byKey(_ word: String) -> String { known.contains(word) ? word : config.tags.first { $0.name == word }?.key ?? word }
        if kind == .tag, let comma = inner.first(where: { $0 == "，" || $0 == "、" }) {
            var parts: [String] = []
            for part in inner.split(whereSeparator: { $0 == "，" || $0 == "、" }).map({ byKey($0.trimmingCharacters(in: .whitespaces)) }) where !parts.contains(part) {
                parts.append(part)
            }
            let list = parts.joined(separator: ", ")
            return (
                "unknown tag '\(key)': '\(comma)' is not the comma that separates tags",
                "did you mean '\(bracket == nil ? list : "[\(list)]")'? type the \(bracket == nil ? "comma" : "comma and brackets") with the input method in English mode",
                false, true
            )
        }
        if let bracket, !inner.isEmpty {
            return (
                "unknown tag '\(key)': '\(bracket.open)' and '\(bracket.close)' are not the brackets of a list",
                "did you mean '[\(byKey(inner.trimmingCharacters(in: .whitespaces)))]'? type the brackets with the input method in English mode", false, true
            )
        }
        if let named {
            return (
                "unknown \(kind.rawValue) '\(key)'",
                "did you mean '\(named)'? '\(key)' is its name, and journals write \(kind.rawValue)s by key; known \(kind.rawValue)s: \(known.joined(separator: ", "))",
                true, true
            )
        }
        // A key with a character that shows as nothing in it (`econ​omy`, copied from a page):
        // the message shows where it is, the hint the key meant.
        if let note = key.invisiblesNote {
            let meant = key.withoutInvisibles
            let close = known.contains(meant) ? meant : Suggest.closest(to: meant, in: known)
            return ("unknown \(kind.rawValue) '\(key.revealingInvisibles)'", "\(close.map { "did you mean '\($0)'? " } ?? "")\(note)", false, close != nil)
        }
        let close = Suggest.closest(to: key, in: known)
        let question = close.map { "did you mean '\($0)'? " } ?? ""
        return ("unknown \(kind.rawValue) '\(key)'", "\(question)known \(kind.rawValue)s: \(known.joined(separator: ", "))", true, close != nil)
    }

    /// What a hint adds where a word is new to the vocabulary: where it goes.
    public static func adding(_ kind: Kind) -> String { "; add it under '\(kind.rawValue)s:' in gazette.yml" }
}

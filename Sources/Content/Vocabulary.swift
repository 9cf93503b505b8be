import GazetteModel

/// The site's vocabularies (tags and authors from `gazette.yml`), checked the same way wherever a
/// key is written: in a journal's front matter (`check`, `build`) and on `gazette new`'s command
/// line. Each caller chooses the severity and what to add to the hint.
public enum Vocabulary {
    public enum Kind: String, Sendable {
        case tag, author
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
    /// tags: politics, economy" (the question only when a known key is close).
    public static func unknown(_ kind: Kind, _ key: String, in config: SiteConfig) -> (message: String, hint: String)? {
        let known = keys(kind, in: config)
        if known.contains(key) || (kind == .author && known.isEmpty) { return nil }
        let question = Suggest.closest(to: key, in: known).map { "did you mean '\($0)'? " } ?? ""
        return ("unknown \(kind.rawValue) '\(key)'", "\(question)known \(kind.rawValue)s: \(known.joined(separator: ", "))")
    }
}

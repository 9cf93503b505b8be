import Content
import Foundation
import GazetteModel

/// `gazette new`: a journal file pre-filled with front matter, about a stored article or any URL.
public enum NewJournal {
    public struct Request: Sendable {
        /// An article id or URL; nil for a journal about no particular article.
        public var article: String?
        public var title: String?
        public var tags: [String]
        /// The author key; nil for the member this machine names (`AuthorIdentity`).
        public var author: String?
        /// The moment the journal is created (`created:`), shown in the site time zone.
        public var now: Date
        /// Who is writing, when `author` is nil: `GAZETTE_AUTHOR`, git's user name and email.
        public var identity: AuthorIdentity

        public init(
            article: String? = nil, title: String? = nil, tags: [String] = [], author: String? = nil, now: Date,
            identity: AuthorIdentity = AuthorIdentity()
        ) {
            self.article = article
            self.title = title
            self.tags = tags
            self.author = author
            self.now = now
            self.identity = identity
        }
    }

    /// What a newcomer most likely meant by an article that is neither an id nor a URL: an
    /// address without its scheme (`news.example.org/a`), or the journal's title, which goes to
    /// `--title` (`gazette new "오늘의 금리"`).
    static func hint(forNeither reference: String, title: String?) -> String {
        if !reference.contains(" "), reference.contains("."), CanonicalURL.canonicalize("https://" + reference) != nil {
            return "an address starts with its scheme: gazette new https://\(reference)"
        }
        if title == nil {
            return "a journal's title goes after --title (a journal on no article has only that): gazette new --title \(shellWord(reference))"
        }
        return "give the article's id (its \"id\" in content/articles/) or its URL"
    }

    /// `text` as one shell word that a shell reads back as `text`: in double quotes, or in single
    /// quotes when it holds what a shell still expands inside double quotes (`$`, a backquote,
    /// and `!` in an interactive bash).
    static func shellWord(_ text: String) -> String {
        if text.contains(where: { "$`!".contains($0) }) {
            return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Writes `content/journals/<YYYY-MM-DD>-<slug>.md` and returns its site-relative path. The
    /// slug comes from the title; a slug already taken by any journal gets `-2`, `-3`, …
    public static func create(_ request: Request, siteRoot: URL) throws -> String {
        let (loadedConfig, configDiagnostics) = ConfigLoader.load(siteRoot: siteRoot)
        guard let config = loadedConfig else { throw DiagnosticsError(configDiagnostics) }
        let (articles, _) = ArticleStore.load(siteRoot: siteRoot)

        var problems: [Diagnostic] = []
        var article: Article?
        var articleURL: String?
        if let reference = request.article?.trimmingCharacters(in: .whitespaces) {
            if CanonicalURL.isArticleID(reference) {
                article = articles.first { $0.id == reference }
                if article == nil {
                    let close = articles.map(\.id).filter { Suggest.distance($0, reference) <= 3 }.sorted()
                    problems.append(
                        .error(
                            "no article with id '\(reference)' in content/articles/",
                            hint: close.isEmpty ? "pass the article's URL instead" : "did you mean \(close.joined(separator: ", "))?"))
                }
            } else if let canonical = CanonicalURL.canonicalize(reference) {
                let stored = Dictionary(articles.compactMap { article in CanonicalURL.canonicalize(article.url).map { ($0, article) } }) { first, _ in first }
                article = CanonicalURL.addresses(of: canonical).lazy.compactMap { stored[$0] }.first
                articleURL = reference
            } else {
                problems.append(.error("'\(reference)' is neither an article id nor an http(s) URL", hint: Self.hint(forNeither: reference, title: request.title)))
            }
        }
        let articleFailed = !problems.isEmpty
        var written = request.tags.map { (Vocabulary.Kind.tag, $0) }
        var author = request.author
        if let given = author {
            written.append((.author, given))
        } else {
            switch request.identity.member(in: config) {
            case .found(let key): author = key
            case .noMembers: break
            case .unknown(let tried):
                let members = config.authors.map { "\($0.key) (\($0.name))" }.joined(separator: ", ")
                problems.append(
                    .error(
                        "who is writing? \(tried.isEmpty ? "no --author was given" : "\(tried) is none of the members")",
                        hint: "pass --author KEY, or set GAZETTE_AUTHOR=KEY; members: \(members)"))
            }
        }
        for (kind, value) in written {
            // A word new to the group (nothing close to it): how to add it, as the journal's
            // warning says.
            if let (message, hint, addable, meant) = Vocabulary.unknown(kind, value, in: config) {
                let add = addable && !meant ? Vocabulary.adding(kind) + " (\(value): the name pages show)" : ""
                problems.append(.error(message, hint: hint + add))
            }
        }
        let title = (request.title ?? article?.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty, !articleFailed {
            problems.append(.error("a journal needs a title", hint: "pass --title \"…\" or an article whose title can be used"))
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }

        let day = dayStamp(request.now, config.timeZone)
        let taken = Set(JournalLoader.journalPaths(siteRoot: siteRoot).map(SitePaths.journalSlug(forFile:)))
        let slugged = SitePaths.slugify(title).prefix(60).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let base = slugged.isEmpty ? "journal" : slugged
        let text = frontMatter(
            title: title, article: article?.url ?? articleURL, tags: request.tags, author: author,
            created: ISO8601.minute(request.now, in: config.timeZone))
            + JournalTemplate.body(siteRoot: siteRoot, config: config, title: title, article: article, url: article?.url ?? articleURL)
        // Skip slugs any journal already has; if a file appears meanwhile, take the next suffix.
        var slug = base
        var suffix = 2
        while true {
            if !taken.contains(slug) {
                let path = "\(JournalLoader.folder)/\(day)-\(slug).md"
                if try SafeFile.create(siteRoot.appendingPathComponent(path), contents: Data(text.utf8)) == .created {
                    return path
                }
            }
            slug = "\(base)-\(suffix)"
            suffix += 1
        }
    }

    /// The front matter, in the order the README documents, and the blank line the body follows.
    /// `prompting`: an empty `article:` and `tags: []` where none are given, for the member to fill
    /// in (a journal begun in an editor, where completion offers the stored articles and the tags).
    static func frontMatter(title: String, article: String?, tags: [String], author: String?, created: String, prompting: Bool = false) -> String {
        var lines = ["---", "title: \(yamlString(title))"]
        if let article { lines.append("article: \(yamlString(article))") } else if prompting { lines.append("article:") }
        if !tags.isEmpty || prompting { lines.append("tags: [\(tags.joined(separator: ", "))]") }
        if let author { lines.append("author: \(author)") }
        lines.append("created: \(created)")
        lines += ["---", "", ""]
        return lines.joined(separator: "\n")
    }

    /// A double-quoted YAML scalar, safe for any title, colons and quotes included.
    static func yamlString(_ text: String) -> String { JSONString.quoted(text) }

    /// `2026-12-07`, the day of `date` in `zone`, as a journal's front matter writes it.
    public static func dayStamp(_ date: Date, _ zone: TimeZone) -> String {
        String(ISO8601.format(date, in: zone).prefix(10))
    }
}

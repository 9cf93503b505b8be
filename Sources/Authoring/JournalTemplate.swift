import Content
import Foundation
import GazetteModel

/// The body `gazette new` starts a journal with, like Hugo's archetypes: the site's own
/// `templates/journal.md` when it has one, else the group's prompts in the site's language.
/// `{{title}}`, `{{article.title}}`, `{{article.url}}`, `{{article.publisher}}` and `{{date}}` in
/// the template are replaced (an unknown article's fields by nothing); nothing else is read.
public enum JournalTemplate {
    /// Where a site keeps its own template.
    public static let path = SiteLayout.templates + "/journal.md"

    /// The prompts a study group writes to: a summary, the member's view, interview questions.
    public static func defaultBody(_ language: SiteLanguage) -> String {
        switch language {
        case .ko:
            "## 요약\n\n\n\n## 내 생각\n\n\n\n## 면접 질문\n\n- \n"
        case .en:
            "## Summary\n\n\n\n## My thoughts\n\n\n\n## Interview questions\n\n- \n"
        }
    }

    static func body(siteRoot: URL, config: SiteConfig, title: String, article: Article?, url: String?) -> String {
        let file = siteRoot.appendingPathComponent(path)
        let own = SiteBoundary(siteRoot: siteRoot).escape(of: file.path) == nil
            ? FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) } : nil
        let template = own ?? defaultBody(config.language)
        let values = [
            "title": title, "article.title": article?.title ?? "", "article.url": url ?? "",
            "article.publisher": article?.publisher ?? "",
            "date": String(ISO8601.format(Date(), in: config.timeZone).prefix(10)),
        ]
        var text = template
        for (name, value) in values { text = text.replacingOccurrences(of: "{{\(name)}}", with: value) }
        return text
    }
}

/// Who is writing on this machine, for `gazette new` without `--author`: `GAZETTE_AUTHOR`, else
/// git's `user.name` and `user.email`, matched against the site's members.
public struct AuthorIdentity: Sendable {
    /// `GAZETTE_AUTHOR`: a member's key or name.
    public var named: String?
    public var gitName: String?
    public var gitEmail: String?

    public init(named: String?, gitName: String?, gitEmail: String?) {
        self.named = named
        self.gitName = gitName
        self.gitEmail = gitEmail
    }

    /// This process's: the environment, and git's configuration as read in `folder`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, folder: URL? = nil) {
        named = environment["GAZETTE_AUTHOR"].flatMap { $0.isEmpty ? nil : $0 }
        gitName = Self.git(["config", "user.name"], in: folder)
        gitEmail = Self.git(["config", "user.email"], in: folder)
    }

    public enum Match: Equatable, Sendable {
        case found(String)
        /// The site lists no members: a journal needs no author.
        case noMembers
        /// Nobody matched; what was tried, for the message ("GAZETTE_AUTHOR 'kim'").
        case unknown(String)
    }

    /// The member this identity names: by `GAZETTE_AUTHOR` alone when it is set; else git's
    /// user name as a key or a name, or the part of git's email before `@` as a key.
    public func member(in config: SiteConfig) -> Match {
        guard !config.authors.isEmpty else { return .noMembers }
        func find(_ text: String) -> String? {
            let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
            return config.authors.first { $0.key.lowercased() == wanted || $0.name.lowercased() == wanted }?.key
        }
        if let named { return find(named).map(Match.found) ?? .unknown("GAZETTE_AUTHOR '\(named)'") }
        if let gitName, let key = find(gitName) { return .found(key) }
        let local = gitEmail.flatMap { $0.split(separator: "@").first.map(String.init) }
        if let local, let key = find(local) { return .found(key) }
        let tried = [gitName.map { "git's user.name '\($0)'" }, gitEmail.map { "user.email '\($0)'" }].compactMap { $0 }
        return .unknown(tried.joined(separator: " and "))
    }

    private static func git(_ arguments: [String], in folder: URL?) -> String? {
        let data = GitDates.git(arguments, in: folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let text = data.map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        return text.isEmpty ? nil : text
    }
}

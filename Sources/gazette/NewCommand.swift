import ArgumentParser
import Authoring
import Content
import Foundation
import GazetteModel
import Ingest

struct NewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a journal file pre-filled with front matter and prompts, and print its path.",
        discussion: """
            Without --author, the member named by GAZETTE_AUTHOR, else by git's user.name or user.email. \
            A URL that is not in the store is stored first, as `gazette add` does. The body is \
            templates/journal.md when the site has one, else the group's prompts.
            """ + "\n\n" + Docs.see("reference/journals.md"))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The article the journal is about: its id from the store, or any URL. Leave it out for a journal on no article, and give --title.")
    var article: String?

    @Option(name: .long, help: "Title (default: the article's title).")
    var title: String?

    @Option(name: .long, help: "A tag key from the vocabulary; repeat for more.")
    var tag: [String] = []

    @Option(name: .long, help: "Author key (default: the member GAZETTE_AUTHOR or git's user.name or user.email names).")
    var author: String?

    @Flag(name: .long, help: "Do not store an article that is not in the store yet: link its URL as written.")
    var noStore = false

    @Flag(name: .long, help: "Storing an article: download no article image, make no thumbnail.")
    var noThumbnails = false

    @Flag(name: .long, help: "Open the new file in $EDITOR.")
    var edit = false

    func run() async throws {
        let console = Console(quiet: global.quiet)
        let root = global.siteRoot
        var reference = article
        if !noStore, let article, let config = ConfigLoader.load(siteRoot: root).config {
            reference = await storeIfNew(article, config: config, root: root, console: console) ?? article
        }
        let path = try console.exitOnDiagnostics {
            try NewJournal.create(
                NewJournal.Request(
                    article: reference, title: title, tags: tag, author: author, now: Date(), identity: AuthorIdentity(folder: root)),
                siteRoot: root)
        }
        print(path)
        if edit {
            let editor = ProcessInfo.processInfo.environment["VISUAL"] ?? ProcessInfo.processInfo.environment["EDITOR"] ?? "vi"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec $0 \"$1\"", editor, root.appendingPathComponent(path).path]
            try process.run()
            process.waitUntilExit()
        }
    }

    /// A URL the store lacks is stored as `gazette add` stores it, so the journal gets its title
    /// and the page its headline. When that fails the journal still links the URL as written
    /// (with `--title`), and the member is told why. A news portal's copy of an article (a
    /// Naver News page) is stored under the publisher's address: that address is returned, for
    /// the journal to name the article as the store does.
    private func storeIfNew(_ reference: String, config: SiteConfig, root: URL, console: Console) async -> String? {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        guard !CanonicalURL.isArticleID(trimmed), let canonical = CanonicalURL.canonicalize(trimmed) else { return nil }
        let stored = ArticleStore.load(siteRoot: root).articles
        let addresses = Set(CanonicalURL.addresses(of: canonical))
        guard !stored.contains(where: { CanonicalURL.canonicalize($0.url).map(addresses.contains) == true }) else { return nil }
        var settings = NetworkOptions.defaults
        settings.maxBodyBytes = 5 << 20
        do {
            let outcome = try await ManualAdd.add(trimmed, config: config, siteRoot: root, network: settings, thumbnails: !noThumbnails)
            console.report(outcome.warnings.map { .warning($0) })
            console.say("Stored \(outcome.article.id) in \(outcome.path): \(outcome.article.title)")
            if outcome.copy != nil {
                console.say("The page is a news portal's copy of \(outcome.article.url): the journal names the article by the publisher's address")
                return outcome.article.url
            }
        } catch {
            let hint = title == nil ? "pass --title \"…\" to write about it anyway, or --no-store" : "the journal links the URL as written"
            console.report(error.diagnostics.map { diagnostic in
                var warning = diagnostic
                warning.severity = .warning
                warning.message = "could not store the article: \(diagnostic.message)"
                warning.hint = hint
                return warning
            })
        }
        return nil
    }
}

import ArgumentParser
import Authoring
import Foundation
import GazetteModel

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create a journal file pre-filled with front matter and print its path.",
        discussion: Docs.see("reference/journals.md"))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The article the journal is about: its id from the store, or any URL.")
    var article: String?

    @Option(name: .long, help: "Title (default: the article's title).")
    var title: String?

    @Option(name: .long, help: "A tag key from the vocabulary; repeat for more.")
    var tag: [String] = []

    @Option(name: .long, help: "Author key.")
    var author: String?

    @Flag(name: .long, help: "Open the new file in $EDITOR.")
    var edit = false

    func run() throws {
        let console = Console(quiet: global.quiet)
        let path = try console.exitOnDiagnostics {
            try NewJournal.create(
                NewJournal.Request(article: article, title: title, tags: tag, author: author, now: Date()),
                siteRoot: global.siteRoot)
        }
        print(path)
        if edit {
            let editor = ProcessInfo.processInfo.environment["VISUAL"] ?? ProcessInfo.processInfo.environment["EDITOR"] ?? "vi"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec $0 \"$1\"", editor, global.siteRoot.appendingPathComponent(path).path]
            try process.run()
            process.waitUntilExit()
        }
    }
}

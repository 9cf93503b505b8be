import ArgumentParser
import Foundation
import LanguageServer

struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server for journals and gazette.yml, over stdin and stdout (started by your editor).",
        discussion: """
            The site is the workspace folder the editor names, else the nearest folder with gazette.yml \
            above the first file opened. Diagnostics while typing, completion of articles, tags, authors \
            and journal links, hover, go to definition, rename of tag and author keys, quick fixes.
            """ + "\n\n" + Docs.see("guides/editors.md"))

    func run() throws {
        // Nothing but frames may reach stdout: the server writes them itself.
        let server = LanguageServer(reader: FrameReader(fd: STDIN_FILENO), writer: FrameWriter(fd: STDOUT_FILENO))
        throw ExitCode(server.run())
    }
}

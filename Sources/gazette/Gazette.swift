import ArgumentParser
import Foundation
import Content
import GazetteModel
import SiteFonts

@main
struct Gazette: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gazette",
        abstract: "Turn a week of news reading into a published study digest.",
        discussion: "Run in a site folder (one with gazette.yml), or pass --site DIR.",
        version: BuildVersion.line,
        subcommands: [
            BuildCommand.self, CheckCommand.self, InitCommand.self, NewCommand.self, FetchCommand.self, SearchCommand.self,
            AddCommand.self, PdfCommand.self, ServeCommand.self, PublishCommand.self, MailCommand.self, LspCommand.self, SchemaCommand.self,
            PrepareFontsCommand.self,
        ])

    /// `gazette` alone: in a site, the help; anywhere else, how to start one.
    func run() async throws {
        if SiteFolder.find(from: commandLineURL(".")) != nil {
            print(Self.helpMessage())
            return
        }
        print(
            """
            No gazette.yml here, so this folder is not a Gazette site yet. To start one:

                gazette init my-study && cd my-study && gazette serve

            and open http://127.0.0.1:8000/. Every command: gazette help.
            \(Docs.see("getting-started.md")) (한국어: \(Docs.url("ko/getting-started.md")))
            """)
    }

    static func main() async {
        // Over the file-size limit (ulimit -f) a write would otherwise kill the process with
        // SIGXFSZ, leaving debris and no word of what happened; ignored, write() fails with
        // EFBIG, and the command cleans up and says which file it could not write.
        signal(SIGXFSZ, SIG_IGN)
        // The fixed font slices this installation ships, read instead of cut (prepare-fonts).
        ShippedSlices.useDefaultFolder()
        await main(nil)
    }
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The site folder (default: the nearest folder upwards with gazette.yml).")
    var site: String?

    @Flag(name: .shortAndLong, help: "Print only errors and the final summary.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print more detail.")
    var verbose = false

    /// `--site`, else the nearest folder from here upwards with `gazette.yml` (`SiteFolder`),
    /// else the current folder (whose missing `gazette.yml` the command then reports).
    var siteRoot: URL {
        if let site { return commandLineURL(site).standardizedFileURL }
        let here = commandLineURL(".").standardizedFileURL
        return SiteFolder.find(from: here) ?? here
    }
}

/// What `gazette --version` prints: the release and the source commit the binary was built from
/// (see the SourceVersion plugin), e.g. `0.1.0 (commit 1f0c…e2, with local changes)`.
enum BuildVersion {
    /// The full commit id, or nil when the binary was built outside git without `.source-commit`.
    static var commit: String? { SourceVersion.commit.isEmpty ? nil : SourceVersion.commit }

    /// The release tag (`v0.1.0`) when the binary was built from this release's tagged commit
    /// with no local changes: what `gazette init` pins, so the workflow installs its archive.
    static var releaseTag: String? { SourceVersion.tag == "v\(GazetteRelease.version)" ? SourceVersion.tag : nil }

    static var line: String {
        guard let commit else { return "\(GazetteRelease.version) (commit unknown: built outside a git checkout)" }
        return "\(GazetteRelease.version) (commit \(commit)\(SourceVersion.modified ? ", with local changes" : ""))"
    }
}

/// Where each command's guide is: the repository's docs/ folder on the web (the docs are not
/// installed with the binary). `DocsTests` checks that every page named here exists.
enum Docs {
    static func url(_ page: String) -> String { "\(GazetteRelease.repository)/blob/main/docs/\(page)" }
    static func see(_ page: String) -> String { "Guide: \(url(page))" }
}

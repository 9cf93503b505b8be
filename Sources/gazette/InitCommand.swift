import ArgumentParser
import Authoring
import Foundation
import GazetteModel

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new site: gazette.yml, a sample journal and article, .gitignore, a publish workflow.",
        discussion: Docs.see("getting-started.md"))

    @Argument(help: "Folder for the new site (default: the current folder).")
    var directory: String?

    @Flag(name: .long, help: "Add the scaffold to a folder that is not empty; existing files are never replaced.")
    var force = false

    @Flag(name: .shortAndLong, help: "Print only errors.")
    var quiet = false

    func run() throws {
        let console = Console(quiet: quiet)
        let folder = commandLineURL(directory ?? ".").standardizedFileURL
        try console.exitOnDiagnostics {
            // The workflow builds the Gazette that wrote it: this binary's commit, else its release tag.
            // The first member is whoever runs this (git's user.name), so that `gazette new`
            // knows who writes without --author.
            let member = AuthorIdentity(environment: [:]).gitName
            let result = try SiteScaffold.create(
                in: folder, force: force, now: Date(), gazetteVersion: BuildVersion.releaseTag ?? BuildVersion.commit ?? "v\(GazetteRelease.version)",
                member: member)
            for path in result.created { console.say("created  \(path)") }
            if let member, result.created.contains("gazette.yml") { console.say("member   me: \(member) (git's user.name; edit authors: in gazette.yml)") }
            for path in result.kept { console.say("kept     \(path) (already there)") }
            console.say(directory.map { "Next: cd \($0) && gazette serve" } ?? "Next: gazette serve")
        }
    }
}

import ArgumentParser
import Foundation
import GazetteModel
import Publish

struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish the last build to a branch of a git remote (for GitHub Pages and other branch-based hosts).",
        discussion: """
            Commits the output folder, with .nojekyll and CNAME (publish.cname in gazette.yml), on top \
            of the branch and pushes it. Your working tree, index and branches are not touched. Run \
            gazette build first: an output folder older than the content is refused. An unchanged \
            site makes no commit; a refused push leaves the remote branch as it was.
            """ + "\n\n" + Docs.see("guides/publishing.md"))

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "The git remote to push to: a remote's name in the site's repository, or a URL.")
    var remote = "origin"

    @Option(name: .long, help: "The branch to publish to.")
    var branch = "gh-pages"

    @Option(name: .long, help: "Output folder of the build to publish (default: public/ in the site).")
    var output: String?

    func run() throws {
        let console = Console(quiet: global.quiet)
        let root = global.siteRoot
        let request = SitePublisher.Request(
            siteRoot: root, output: output.map(commandLineURL) ?? root.appendingPathComponent(SiteLayout.output),
            remote: remote, branch: branch, generator: "gazette \(BuildVersion.line)")
        let target = "\(SitePublisher.shown(remote: remote)) \(branch)"
        try console.exitOnDiagnostics(failure: { _ in "Nothing was published." }) {
            let result = try SitePublisher.publish(request)
            let weeks = result.weeks.isEmpty ? "no weeks" : count(result.weeks.count, "week")
            if result.published {
                if global.verbose { console.say(result.message) }
                console.summary(
                    "Published \(count(result.files, "file")) (\(weeks)) to \(target): \(result.commit.prefix(12))"
                        + (result.previous.map { " on top of \($0.prefix(12))" } ?? " (a new branch)"))
            } else {
                console.summary("\(target) already holds this build (\(result.commit.prefix(12))): nothing to publish.")
            }
        }
    }
}

import ArgumentParser
import Content
import Foundation
import GazetteModel
import Site

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the config, journals and articles; print every problem.",
        discussion: Docs.see("guides/troubleshooting.md"))

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Option(name: .long, help: "The base URL the site will be built with, as for build (replaces base_url).")
    var baseURL: String?

    func run() throws {
        let console = Console(quiet: global.quiet)
        let diagnostics: [Diagnostic]
        do {
            // Everything that loaded is checked, even when a file has errors: one run shows every
            // problem. Drafts and journals dated ahead are checked too.
            let content = try SiteContent.load(siteRoot: global.siteRoot, includeDrafts: true, throwsOnErrors: false)
            let base = baseURL == nil && content.config.baseURL == nil ? [SiteChecks.missingBaseURL] : []
            diagnostics = (content.diagnostics + SiteChecks.run(content, now: Date()) + SiteChecks.refusedLinks(siteRoot: global.siteRoot) + base).sorted()
        } catch let error as DiagnosticsError {
            diagnostics = error.diagnostics
        }
        console.report(diagnostics)
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        console.summary("\(count(errors, "error")), \(count(warnings, "warning"))")
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }
}

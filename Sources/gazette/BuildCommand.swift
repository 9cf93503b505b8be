import ArgumentParser
import Content
import Foundation
import SiteFonts
import GazetteModel
import Pipeline
import Site

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render the site (and study packets) into the output folder.",
        discussion: Docs.see("guides/publishing.md"))

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output folder (default: public/ in the site).")
    var output: String?

    @Option(name: .long, help: "Absolute base URL, replacing base_url from gazette.yml.")
    var baseURL: String?

    @Flag(name: .long, help: "Include journals marked draft: true.")
    var drafts = false

    @Flag(name: .long, help: "Include journals dated after now, which are otherwise left out until their date.")
    var future = false

    @Flag(name: .long, help: "Skip PDF study packets.")
    var noPdf = false

    @Flag(name: .long, help: "Reuse nothing from earlier builds: write every file afresh.")
    var clean = false

    func run() throws {
        let console = Console(quiet: global.quiet)
        var base: URL?
        if let baseURL {
            guard let url = URL(string: baseURL.hasSuffix("/") ? baseURL : baseURL + "/"), url.scheme != nil, url.host != nil else {
                throw ValidationError("--base-url must be an absolute URL such as https://example.org/study/")
            }
            base = url
        }
        let root = global.siteRoot
        var options = BuildOptions(
            siteRoot: root, output: output.map(commandLineURL), baseURL: base, drafts: drafts ? .shown : .leftOut, packets: noPdf ? .skipped : .perWeek,
            sink: clean ? .freshFolder : .ledger, scheduled: future ? .published : .heldBack(now: Date()))
        options.endsProcess = true
        let started = Date()
        try console.exitOnDiagnostics(failure: { diagnostics in
            "Build failed: \(count(diagnostics.filter { $0.severity == .error }.count, "error")); nothing was written."
        }) {
            let report = try SiteBuilder.build(options)
            console.report(report.diagnostics)
            if global.verbose {
                for step in report.steps { console.say(step.line) }
                let shipped = ShippedSlices.filesRead
                console.say("  web fonts: \(report.fontBytes) bytes in assets/fonts/" + (shipped > 0 ? ", \(count(shipped, "slice")) as installed" : ""))
            }
            let seconds = Date().timeIntervalSince(started)
            let pages = report.files.filter { $0.hasSuffix(".html") }.count
            console.summary(
                "Built \(count(pages, "page")) (\(count(report.journalCount, "journal")), \(count(report.articleCount, "article")), \(count(report.weekCount, "week"))) into \(report.output.path) in \(String(format: "%.2f", seconds)) s")
            // The due day in the site's zone (its config is read again only when one is ahead).
            let zone = report.leftOut.future > 0 ? ConfigLoader.load(siteRoot: root).config?.timeZone : nil
            if let line = LeftOutLine.text(report.leftOut, timeZone: zone) { console.summary(line) }
        }
    }
}

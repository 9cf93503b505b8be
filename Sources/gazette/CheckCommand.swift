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

    @Option(name: .long, help: "How problems are printed: text, github (workflow annotations on the lines) or json.")
    var format: CheckFormat = .text

    func run() throws {
        let console = Console(quiet: global.quiet)
        let diagnostics: [Diagnostic]
        do {
            // Everything that loaded is checked, even when a file has errors: one run shows every
            // problem. Drafts and journals dated ahead are checked too.
            let content = try SiteContent.load(siteRoot: global.siteRoot, includeDrafts: true, throwsOnErrors: false)
            let base = baseURL == nil && content.config.baseURL == nil ? [SiteChecks.missingBaseURL] : []
            diagnostics =
                (content.diagnostics + SiteChecks.run(content, now: Date()) + SiteChecks.refused(content) + SiteChecks.refusedLinks(siteRoot: global.siteRoot) + base)
                .sorted()
        } catch let error as DiagnosticsError {
            diagnostics = error.diagnostics
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        switch format {
        case .text:
            console.report(diagnostics)
            console.summary("\(count(errors, "error")), \(count(warnings, "warning"))")
        case .github:
            for diagnostic in diagnostics where !(global.quiet && diagnostic.severity == .warning) { print(CheckFormat.annotation(diagnostic)) }
            console.summary("\(count(errors, "error")), \(count(warnings, "warning"))")
        case .json:
            print(CheckFormat.json(diagnostics))
        }
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }
}

/// How `check` prints what it finds.
enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
    /// `path:line:col: error: message — hint`, the line and a caret, on standard error.
    case text
    /// GitHub workflow commands (`::error file=…,line=…,col=…::…`), which mark the line in a pull
    /// request's changed files.
    case github
    /// A JSON list of objects: severity, code, file, line, column, end_column (where known),
    /// message, hint.
    case json

    /// The last column (1-based, counted as `column` is) of what the diagnostic covers, where
    /// its rule says (`Diagnostic.span`): GitHub marks `col` to `endColumn`.
    static func lastColumn(_ diagnostic: Diagnostic) -> Int? {
        guard let location = diagnostic.location, let span = diagnostic.span, span > 1 else { return nil }
        return location.column + span - 1
    }

    static func annotation(_ diagnostic: Diagnostic) -> String {
        func data(_ text: String) -> String {
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        func property(_ text: String) -> String { data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
        var properties: [String] = []
        if let location = diagnostic.location {
            properties += ["file=\(property(location.path))", "line=\(location.line)", "col=\(location.column)"]
            if let last = lastColumn(diagnostic) { properties.append("endColumn=\(last)") }
        }
        properties.append("title=\(property("gazette " + diagnostic.code))")
        let message = diagnostic.hint.map { "\(diagnostic.message) — \($0)" } ?? diagnostic.message
        return "::\(diagnostic.severity == .error ? "error" : "warning") \(properties.joined(separator: ","))::\(data(message))"
    }

    static func json(_ diagnostics: [Diagnostic]) -> String {
        let items = diagnostics.map { diagnostic -> String in
            var fields = [
                "\"severity\": \(JSONString.quoted(diagnostic.severity.rawValue))", "\"code\": \(JSONString.quoted(diagnostic.code))",
            ]
            if let location = diagnostic.location {
                fields += ["\"file\": \(JSONString.quoted(location.path))", "\"line\": \(location.line)", "\"column\": \(location.column)"]
                if let last = lastColumn(diagnostic) { fields.append("\"end_column\": \(last)") }
            }
            fields.append("\"message\": \(JSONString.quoted(diagnostic.message))")
            if let hint = diagnostic.hint { fields.append("\"hint\": \(JSONString.quoted(hint))") }
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        return items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n]"
    }
}

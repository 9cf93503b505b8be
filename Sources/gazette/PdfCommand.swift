import ArgumentParser
import Content
import Foundation
import GazetteModel
import Packet

struct PdfCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pdf",
        abstract: "Typeset a study packet (PDF) of the journals you select.",
        discussion: """
            Every filter must match; with none, the packet holds every journal with a body. \
            `gazette pdf --week 2026-W47` writes the same bytes as the packet `gazette build` \
            puts at public/packets/2026-W47.pdf.
            """ + "\n\n" + Docs.see("guides/study-packets.md"))

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "An ISO week, such as 2026-W47.")
    var week: String?

    @Option(name: .long, help: "A tag key; repeat for any of several.")
    var tag: [String] = []

    @Option(name: .long, help: "An author key; repeat for any of several.")
    var author: [String] = []

    @Option(name: .long, help: "Only journals created on or after this day (YYYY-MM-DD, site time zone).")
    var since: String?

    @Option(name: .long, help: "Only journals created on or before this day (YYYY-MM-DD).")
    var until: String?

    @Option(name: .long, help: "Paper: a4 or letter (default: packet.paper from gazette.yml, else a4).")
    var paper: String?

    @Option(name: [.short, .customLong("output")], help: "The PDF to write (default: <week>.pdf with --week alone, else packet.pdf).")
    var output: String?

    @Flag(name: .long, help: "Include journals marked draft: true.")
    var drafts = false

    @Flag(name: .long, help: "Include journals dated after now (left out until their date).")
    var future = false

    @Argument(help: "Journal files to include (paths to .md files of the site).")
    var files: [String] = []

    func validate() throws {
        if let week, ISOWeek(week) == nil { throw ValidationError("--week must be an ISO week such as 2026-W47, not '\(week)'") }
        if let paper, Paper(rawValue: paper.lowercased()) == nil { throw ValidationError("--paper must be a4 or letter, not '\(paper)'") }
        for day in [since, until].compactMap({ $0 }) where PdfDates.day(day, in: TimeZone(identifier: "UTC") ?? .current) == nil {
            throw ValidationError("--since and --until take a day as YYYY-MM-DD, not '\(day)'")
        }
    }

    func run() throws {
        let console = Console(quiet: global.quiet)
        let started = Date()
        let root = global.siteRoot
        try console.exitOnDiagnostics {
            let content = try SiteContent.load(siteRoot: root, includeDrafts: drafts, scheduled: future ? .published : .heldBack(now: Date()))
            let loaded = Date()
            console.report(content.diagnostics)
            let zone = content.config.timeZone
            let selection = PacketSelection(
                week: week.flatMap(ISOWeek.init), tags: tag, authors: author,
                since: since.flatMap { PdfDates.day($0, in: zone) }, until: until.flatMap { PdfDates.day($0, in: zone) },
                files: try files.map { try sitePath($0, root: root, content: content) })
            let packet = try StudyPacket(content: content, selection: selection, paper: paper.flatMap { Paper(rawValue: $0.lowercased()) })
            let target = commandLineURL(output ?? (selection.isWholeWeek ? "\(selection.week?.description ?? "packet").pdf" : "packet.pdf"))
                .standardizedFileURL
            let rendered = try packet.write(to: target)
            if global.verbose {
                console.say("  \(String(format: "%6.3f", loaded.timeIntervalSince(started))) s  load and validate content")
                for step in rendered.steps { console.say(step.line) }
            }
            console.summary(
                "Wrote \(target.path) (\(count(rendered.pageCount, "page")), \(count(packet.journals.count, "journal"))) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        }
    }

    /// A journal file named on the command line as a path relative to the site folder.
    private func sitePath(_ file: String, root: URL, content: SiteContent) throws -> String {
        let absolute = commandLineURL(file).standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = root.resolvingSymlinksInPath().path + "/"
        let relative = absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : file
        guard content.journals.contains(where: { $0.path == relative }) else {
            throw DiagnosticsError([
                .error(
                    "\(file) is not a published journal of the site in \(root.path)",
                    hint: "name a .md file under content/journals/ (drafts are left out unless --drafts is given; journals dated ahead unless --future)")
            ])
        }
        return relative
    }
}

/// `YYYY-MM-DD` as the start of that day in a time zone.
enum PdfDates {
    static func day(_ text: String, in zone: TimeZone) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
}

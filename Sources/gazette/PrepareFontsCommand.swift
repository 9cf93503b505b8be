import ArgumentParser
import Foundation
import SiteFonts

/// Cuts the fixed web-font slices of the pinned fonts into the folder an installed Gazette reads
/// them from (`ShippedSlices`), so clean builds do not cut them again. Run by `make build`, the
/// archive and the `.deb`; not for members, hence hidden from the help.
struct PrepareFontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prepare-fonts",
        abstract: "Cut the fixed web-font slices an installed Gazette ships (packaging).",
        discussion: """
            Every build reads them instead of cutting them; a build without them cuts them itself, \
            to the same bytes.
            """ + "\n\n" + Docs.see("installing.md"),
        shouldDisplay: false)

    @Option(name: .customLong("into"), help: "The folder to write (default: share/gazette/font-slices beside the executable's folder).")
    var into: String?

    func run() throws {
        let folder = into.map { commandLineURL($0).standardizedFileURL } ?? ShippedSlices.installFolder
        let console = Console(quiet: false)
        try console.exitOnDiagnostics {
            let made = try ShippedSlices.prepare(into: folder)
            print("\(made.files) font slices, \(made.bytes) bytes, in \(folder.path)")
        }
    }
}

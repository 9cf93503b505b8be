import ArgumentParser
import Content
import Foundation
import GazetteModel

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of gazette.yml, for editors' YAML support.",
        discussion: """
            Made from the table the loader reads, so it says what gazette check says. `gazette init` \
            writes it as gazette.schema.json and names it in gazette.yml's first line, which the YAML \
            language server (VS Code, Neovim, Helix) reads.
            """ + "\n\n" + Docs.see("guides/editors.md"))

    @Option(name: [.short, .customLong("output")], help: "Write the schema to this file instead of standard output.")
    var output: String?

    func run() throws {
        let schema = ConfigLoader.jsonSchema
        guard let output else {
            print(schema, terminator: "")
            return
        }
        let console = Console(quiet: false)
        try console.exitOnDiagnostics { try AtomicFile.write(Data(schema.utf8), to: commandLineURL(output).standardizedFileURL) }
    }
}

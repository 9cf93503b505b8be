import Foundation
import PackagePlugin

/// Compiles the default theme (the repository's `templates/` folder) into the `Site` module, so
/// an installed `gazette` binary needs no files beside it. Every theme file is an input, so
/// editing a template rebuilds the module.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appendingPathComponent("templates")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("DefaultTheme.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(
            at: theme, includingPropertiesForKeys: [.isRegularFileKey])
        {
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [theme.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}

import Foundation
import PackagePlugin

/// Writes `SourceVersion.swift` into the `gazette` module before every build: the commit the
/// source was checked out at, and whether tracked files differ from it, for `gazette --version`
/// and the workflow `gazette init` pins. It runs under `swift build` as under make.
///
/// The file is rewritten only when its text changes, so the module is compiled again only when
/// the commit (or the modified flag) does, and two builds of one commit give the same bytes.
/// Outside a git checkout (a `git archive` tarball) the commit comes from `.source-commit`, which
/// `git archive` fills in (`export-subst`); otherwise it is empty, shown as "unknown".
///
/// A prebuild command, because only those run before every build (a build command runs when its
/// declared inputs change, and git's state is no fixed set of files). It runs `/bin/sh`, with no
/// environment but the one it sets; `git --no-optional-locks` never rewrites the site's index.
@main
struct SourceVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("generated")
        let script = #"""
            PATH=/usr/local/bin:/usr/bin:/bin; export PATH
            root=$1 out=$2
            commit=$(git -C "$root" rev-parse --verify -q HEAD 2>/dev/null) || commit=
            modified=false
            if [ -n "$commit" ]; then
              if [ -n "$(git --no-optional-locks -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then modified=true; fi
            elif [ -f "$root/.source-commit" ]; then
              commit=$(tr -dc '0-9a-f' < "$root/.source-commit")
              [ ${#commit} -eq 40 ] || commit=
            fi
            mkdir -p "$out"
            printf '// Written by the SourceVersion plugin before every build.\nenum SourceVersion {\n    static let commit = "%s"\n    static let modified = %s\n}\n' "$commit" "$modified" > "$out/SourceVersion.swift.new"
            if cmp -s "$out/SourceVersion.swift.new" "$out/SourceVersion.swift"; then
              rm -f "$out/SourceVersion.swift.new"
            else
              mv -f "$out/SourceVersion.swift.new" "$out/SourceVersion.swift"
            fi
            """#
        return [
            .prebuildCommand(
                displayName: "Recording the source commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "source-version", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}

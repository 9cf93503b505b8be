import Foundation
import PackagePlugin

/// Writes `SourceVersion.swift` into the `gazette` module: the commit the source was checked out
/// at, and whether tracked files differed from it, for `gazette --version` and the workflow
/// `gazette init` pins. It runs under `swift build` as under make.
///
/// A build command whose inputs are git's own files — HEAD, the index (rewritten by every commit,
/// checkout, reset and add) and the refs — so it runs again whenever the commit can have changed,
/// and not otherwise. (A prebuild command would be the obvious choice, but SwiftPM does not run
/// those before every build: `swift build --build-tests` and `swift test` reuse the last result.)
/// The file is rewritten only when its text changes, so the module is compiled again only when
/// the commit or the modified flag does, and two builds of one commit give the same bytes.
/// Outside a git checkout (a `git archive` tarball) the commit comes from `.source-commit`, which
/// `git archive` fills in (`export-subst`); otherwise it is empty, shown as "unknown".
/// A release tag (`v…`) at that commit, with no local changes, is recorded too; the tags folder
/// is an input, so tagging a built commit records it at the next build.
/// `git --no-optional-locks` never rewrites the index while it looks.
@main
struct SourceVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("SourceVersion.swift")
        let script = #"""
            PATH=/usr/local/bin:/usr/bin:/bin; export PATH
            root=$1 out=$2
            # Only this package's own repository: not one it happens to be copied into.
            commit=
            if [ "$(git -C "$root" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$root" && pwd -P)" ]; then
              commit=$(git -C "$root" rev-parse --verify -q HEAD 2>/dev/null) || commit=
            fi
            modified=false
            if [ -n "$commit" ]; then
              if [ -n "$(git --no-optional-locks -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then modified=true; fi
            elif [ -f "$root/.source-commit" ]; then
              commit=$(tr -dc '0-9a-f' < "$root/.source-commit")
              [ ${#commit} -eq 40 ] || commit=
            fi
            # The release tag at this commit (v1.2.3), for a build of a release: `gazette init` pins it.
            tag=
            if [ -n "$commit" ] && [ "$modified" = false ]; then
              tag=$(git -C "$root" tag --points-at HEAD --list 'v[0-9]*' 2>/dev/null | sort | tail -n 1 | tr -dc 'v0-9.A-Za-z-')
            fi
            printf '// Written by the SourceVersion plugin.\nenum SourceVersion {\n    static let commit = "%s"\n    static let modified = %s\n    static let tag = "%s"\n}\n' "$commit" "$modified" "$tag" > "$out.new"
            if cmp -s "$out.new" "$out"; then rm -f "$out.new"; else mv -f "$out.new" "$out"; fi
            """#
        return [
            .buildCommand(
                displayName: "Recording the source commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "source-version", root.path, output.path],
                inputFiles: gitFiles(root) + [root.appendingPathComponent(".source-commit")].filter(exists),
                outputFiles: [output])
        ]
    }

    /// HEAD, the index, packed-refs and the current branch's ref, of the repository at `root`
    /// (a worktree's `.git` file is followed to its own folder and the common one); those that exist.
    func gitFiles(_ root: URL) -> [URL] {
        var gitDir = root.appendingPathComponent(".git")
        if let text = try? String(contentsOf: gitDir, encoding: .utf8), text.hasPrefix("gitdir: ") {
            let path = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        var common = gitDir
        if let text = try? String(contentsOf: gitDir.appendingPathComponent("commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appendingPathComponent(path)
        }
        var files = [gitDir.appendingPathComponent("HEAD"), gitDir.appendingPathComponent("index"), common.appendingPathComponent("packed-refs")]
        if let head = try? String(contentsOf: gitDir.appendingPathComponent("HEAD"), encoding: .utf8), head.hasPrefix("ref: ") {
            files.append(common.appendingPathComponent(head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        files.append(common.appendingPathComponent("refs/tags"))
        return files.filter(exists)
    }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }
}

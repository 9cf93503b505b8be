import Foundation
import Testing
import TestSupport

/// `make install-files` and `make uninstall` — the copying half of `make install`, given the
/// debug build (`make install` itself builds the release binary and the manual page first,
/// minutes this suite does not spend).
@Suite struct InstallTests {
    /// Installs the debug build under `destdir/usr` and returns the folder `gazette` is in.
    static func install(into destdir: URL, manual: URL) throws -> URL {
        let result = try Program.run(
            command: "make",
            [
                "-s", "-C", Repository.root.path, "install-files", "DESTDIR=\(destdir.path)", "PREFIX=/usr",
                "GAZETTE_BIN=\(GazetteCommand.executable.path)", "MANUAL=\(manual.path)",
            ])
        try #require(result.status == 0, "make install-files: \(result.stdout)\(result.stderr)")
        return destdir.appendingPathComponent("usr/bin")
    }

    @Test func installsBinaryManualAndCompletionsAndUninstallsThem() throws {
        let scratch = try TemporaryFolder("gazette-install")
        let manual = try scratch.write("gazette.1", ".TH GAZETTE 1\n")
        let destdir = scratch.url.appendingPathComponent("root")
        let bin = try Self.install(into: destdir, manual: manual)
        let files = Set(Repository.snapshot(destdir).keys)
        // The fixed web-font slices, cut by the installed binary, with their stamp.
        let slices = files.filter { $0.hasPrefix("usr/share/gazette/font-slices/") }
        #expect(slices.contains("usr/share/gazette/font-slices/stamp"))
        #expect(slices.filter { $0.hasSuffix(".woff2") }.count > 200)
        let installed = files.subtracting(slices)
        #expect(
            installed == [
                "usr/bin/gazette", "usr/share/man/man1/gazette.1", "usr/share/bash-completion/completions/gazette",
                "usr/share/zsh/site-functions/_gazette", "usr/share/fish/vendor_completions.d/gazette.fish",
            ])
        #expect(FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("gazette").path))
        let root = "usr/share/"
        #expect(try scratch.read("root/\(root)man/man1/gazette.1") == ".TH GAZETTE 1\n")
        // The completions are the installed binary's own, and know the subcommands.
        let bash = try scratch.read("root/\(root)bash-completion/completions/gazette")
        #expect(bash.contains("complete -o filenames -F _gazette gazette") || bash.contains("-F _gazette gazette"))
        #expect(bash.contains("publish"))
        #expect(try scratch.read("root/\(root)zsh/site-functions/_gazette").hasPrefix("#compdef gazette"))
        #expect(try scratch.read("root/\(root)fish/vendor_completions.d/gazette.fish").contains("publish"))

        // --version names the release and the commit the binary was built from.
        let version = try Program.run(bin.appendingPathComponent("gazette"), ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("0.1.0 (commit "))
        // A commit of this repository: HEAD on a fresh clone, but a build made before the last
        // commit (or `swift test` after a commit, which runs no prebuild step) names the one it
        // was built at.
        let commit = try #require(version.stdout.firstMatch(of: /commit ([0-9a-f]{40})/)?.1).description
        let known = try Program.run(command: "git", ["-C", Repository.root.path, "cat-file", "-e", commit + "^{commit}"])
        if try Program.run(command: "git", ["-C", Repository.root.path, "rev-parse", "HEAD"]).status == 0 {
            #expect(known.status == 0, "\(commit) is not a commit of this repository")
        }

        // Works from any folder: a new site made and built by the installed binary.
        let site = scratch.url.appendingPathComponent("site")
        #expect(try Program.run(bin.appendingPathComponent("gazette"), ["init", site.path, "-q"]).status == 0)
        let built = try Program.run(bin.appendingPathComponent("gazette"), ["build", "--no-pdf", "-v"], in: site)
        #expect(built.status == 0, "\(built.stderr)")
        // …reading its fixed font slices from the installation (../share beside its bin).
        #expect(built.stdout.contains(" as installed"), "\(built.stdout)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/index.html").path))

        let removed = try Program.run(
            command: "make", ["-s", "-C", Repository.root.path, "uninstall", "DESTDIR=\(destdir.path)", "PREFIX=/usr"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(Repository.snapshot(destdir).isEmpty)
    }

    /// `make deps` installs the packages of debian-packages.txt, the one list the workflow reads too.
    @Test func theMakefileReadsTheOneList() throws {
        let list = try String(contentsOf: Repository.root.appendingPathComponent("debian-packages.txt"), encoding: .utf8)
        let packages = list.split(separator: "\n").compactMap { line -> String? in
            let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : name
        }
        #expect(packages.count >= 12)
        let dryRun = try Program.run(command: "make", ["-s", "-n", "-C", Repository.root.path, "deps"])
        #expect(dryRun.status == 0)
        let loop = try #require(dryRun.stdout.range(of: "for p in ").map { dryRun.stdout[$0.upperBound...] }?.prefix { $0 != ";" })
        #expect(loop.split(separator: " ").map(String.init) == packages)
    }

    @Test func installFilesSaysWhatIsMissing() throws {
        let scratch = try TemporaryFolder("gazette-install-missing")
        let result = try Program.run(
            command: "make",
            [
                "-s", "-C", Repository.root.path, "install-files", "DESTDIR=\(scratch.path)", "GAZETTE_BIN=\(scratch.path)/none",
            ])
        #expect(result.status != 0)
        #expect(result.stdout.contains("\(scratch.path)/none is missing: run make install (it builds it)"))
        #expect(Repository.snapshot(scratch.url).isEmpty)
    }
}

import Content
import Foundation
import Testing
import TestSupport

/// The docs cannot drift from the code: every `gazette.yml` key the loader reads is in the
/// reference (and the reference names no other), every command and option of `gazette` is in
/// the docs, each command's help names a docs page that exists, links between pages resolve, and
/// the shell examples marked runnable (```sh runnable) run in a temporary folder.
@Suite struct DocsTests {
    static let root = Repository.root
    static let docs = root.appendingPathComponent("docs")

    static func read(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }

    /// Every Markdown page the docs are made of.
    static func pages() -> [String] {
        var pages = ["README.md", "Benchmarks/README.md"]
        let enumerator = FileManager.default.enumerator(atPath: docs.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".md") { pages.append("docs/" + path) }
        }
        return pages.sorted()
    }

    @Test func everyConfigKeyIsInTheReferenceAndNoOther() throws {
        let reference = try Self.read("docs/reference/gazette-yml.md")
        let documented = Set(reference.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\| `([a-z_][a-z_.]*)` \|/).map { String($0.1) }
        })
        let known = Set(ConfigLoader.keyPaths)
        #expect(known.contains("board.articles_per_page") && known.contains("sources.naver.display"))
        // Every key that holds a value (not a section of others) is documented.
        let leaves = known.filter { key in !known.contains { $0.hasPrefix(key + ".") } }
        let missing = leaves.subtracting(documented).sorted()
        #expect(missing.isEmpty, "keys gazette.yml takes that docs/reference/gazette-yml.md does not list: \(missing)")
        let unknown = documented.subtracting(known).sorted()
        #expect(unknown.isEmpty, "docs/reference/gazette-yml.md lists keys the loader does not read: \(unknown)")
    }

    /// `gazette --experimental-dump-help` (swift-argument-parser's description of every command).
    static func commands() throws -> [(name: String, options: [String], discussion: String)] {
        let result = try GazetteCommand.run(["--experimental-dump-help"])
        try #require(result.status == 0, "\(result.stderr)")
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let top = try #require(tree["command"] as? [String: Any])
        return (top["subcommands"] as? [[String: Any]] ?? []).compactMap { command in
            guard let name = command["commandName"] as? String, name != "help" else { return nil }
            let options = (command["arguments"] as? [[String: Any]] ?? []).flatMap { argument in
                (argument["names"] as? [[String: Any]] ?? []).compactMap { name in
                    name["kind"] as? String == "long" ? "--" + (name["name"] as? String ?? "") : nil
                }
            }
            return (name, options, command["discussion"] as? String ?? "")
        }
    }

    @Test func everyCommandAndOptionIsInTheDocs() throws {
        let reference = try Self.read("docs/reference/commands.md")
        let commands = try Self.commands()
        #expect(commands.count >= 10)
        for command in commands {
            #expect(reference.contains("gazette \(command.name)"), "docs/reference/commands.md has no `gazette \(command.name)`")
            for option in command.options where option != "--help" && option != "--version" {
                #expect(reference.contains(option), "docs/reference/commands.md does not name \(option) of gazette \(command.name)")
            }
            // Each command's help ends with its guide, a page that exists.
            let page = try #require(command.discussion.firstMatch(of: /\/docs\/([a-z\/.-]+\.md)/)?.1, "gazette \(command.name) --help names no docs page")
            #expect(FileManager.default.fileExists(atPath: Self.docs.appendingPathComponent(String(page)).path), "\(page)")
        }
    }

    @Test func linksBetweenPagesResolve() throws {
        var broken: [String] = []
        for page in Self.pages() {
            var text = try Self.read(page)
            // Code is not linked: fenced blocks and inline spans go first.
            text = text.replacing(/```[\s\S]*?```/, with: "").replacing(/`[^`\n]*`/, with: "")
            let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            for match in text.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.1)
                if target.hasPrefix("#") || target.firstMatch(of: /^[a-z]+:/) != nil { continue }
                let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
                if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).standardizedFileURL.path) {
                    broken.append("\(page) → \(target)")
                }
            }
        }
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test func theReadmeIsAFrontPage() throws {
        let readme = try Self.read("README.md")
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 200)
        #expect(readme.contains("make demo") && readme.contains("make test"))
        let ids = readme.matches(of: /\b[0-9a-f]{7,40}\b/).map { String($0.0) }.filter { $0.contains { $0.isLetter } && $0.contains { $0.isNumber } }
        #expect(ids.isEmpty, "commit ids in README.md: \(ids)")
        for guide in ["docs/getting-started.md", "docs/ko/getting-started.md"] {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(guide).path))
        }
    }

    /// A page's ```sh runnable blocks, with the gazette under test first on PATH, one after the
    /// other in one shell, in a folder of their own: a reader who follows the page literally,
    /// typing each block where the one before left them, gets what it says.
    @Test func runnableExamplesRun() throws {
        var ran = 0
        for page in Self.pages() {
            let text = try Self.read(page)
            let blocks = text.matches(of: /```sh runnable\n([\s\S]*?)```/).map { String($0.1) }
            guard !blocks.isEmpty else { continue }
            let scratch = try TemporaryFolder("gazette-docs-example")
            let path = GazetteCommand.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            let walk = blocks.joined(separator: "\n")
            let result = try Program.run(
                URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-euo", "pipefail", "-c", walk], in: scratch.url,
                environment: ["PATH": path, "HOME": scratch.path])
            #expect(result.status == 0, "\(page): the walk failed (\(result.status)):\n\(walk)\n\(result.stdout)\(result.stderr)")
            // Followed literally, the guide makes one site, not one inside another.
            #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("news-study/news-study").path), "\(page)")
            ran += blocks.count
        }
        #expect(ran >= 4, "only \(ran) runnable examples")
    }
}

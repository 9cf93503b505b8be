import Foundation
import Testing
import TestSupport

/// The `gazette` executable as a person meets it: fixture sites with known problems and the
/// exact text `gazette check` and `gazette build` print for them.
@Suite struct CommandLineTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/Fixtures/invalid-sites")

    @Test(arguments: ["broken-journals", "bad-config"])
    func checkPrintsEveryDiagnosticWordForWord(_ name: String) throws {
        let site = Self.fixtures.appendingPathComponent(name)
        let expected = try String(contentsOf: site.appendingPathComponent("expected.txt"), encoding: .utf8)
        let result = try GazetteCommand.run(["check", "--site", site.path])
        #expect(result.status == 1)
        let lines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let summary = lines.dropLast().last.map(String.init) ?? ""
        #expect(result.stderr == lines.dropLast(2).joined(separator: "\n") + "\n")
        #expect(result.stdout == summary + "\n")
    }

    @Test func buildWithErrorsExitsOneAndWritesNothing() throws {
        let scratch = try TemporaryFolder("gazette-cli")
        let output = scratch.url.appendingPathComponent("out")
        let site = Self.fixtures.appendingPathComponent("broken-journals")
        let result = try GazetteCommand.run(["build", "--site", site.path, "--output", output.path])
        #expect(result.status == 1)
        #expect(result.stdout == "Build failed: 5 errors; nothing was written.\n")
        #expect(result.stderr.contains("content/journals/tags-mapping.md:3:7: error:"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test func buildOfTheExampleSiteSummarises() throws {
        let scratch = try TemporaryFolder("gazette-cli-ok")
        let result = try GazetteCommand.run(
            ["build", "--site", Repository.root.path, "--output", scratch.url.appendingPathComponent("public").path, "--base-url", "https://news.example.net/club"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Built 48 pages (19 journals, 69 articles, 3 weeks) into "))
        // The example's one draft is said to be left out (issue 48, item 8).
        #expect(result.stdout.hasSuffix(" s\nLeft out: 1 draft (--drafts includes it).\n"))
        #expect(try scratch.read("public/feed.xml").contains("https://news.example.net/club/journals/"))
    }

    @Test func refusesToBuildOverTheSite() throws {
        let result = try GazetteCommand.run(["build", "--site", Repository.root.path, "--output", Repository.root.appendingPathComponent("content").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("refusing to build into"))
    }

    @Test func badBaseURLIsAnArgumentError() throws {
        let result = try GazetteCommand.run(["build", "--site", Repository.root.path, "--base-url", "not a url"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--base-url must be an absolute URL"))
    }
}

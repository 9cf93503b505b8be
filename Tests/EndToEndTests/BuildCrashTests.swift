import Foundation
import Testing
import TestSupport

/// `gazette build` killed with SIGKILL at random moments, then run again: the output is always a
/// whole site (old or new), and after the next build nothing is left beside it.
@Suite(.serialized) struct BuildCrashTests {
    static func leftovers(_ parent: URL) throws -> [String] {
        // `.public.previous` is no debris: it is the site before last, kept for the next build.
        try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".public.") && $0 != ".public.previous" }.sorted()
    }

    static func isWholeSite(_ output: URL) -> Bool {
        ["index.html", "feed.xml", "sitemap.xml", "404.html", "archive/index.html"].allSatisfy {
            FileManager.default.fileExists(atPath: output.appendingPathComponent($0).path)
        }
    }

    @Test func killedBuildsLeaveAWholeSiteAndTheNextBuildLeavesNoDebris() throws {
        let site = try TemporaryFolder("gazette-kill")
        try Repository.copyExampleSite(to: site.url)
        let output = site.url.appendingPathComponent("public")
        let arguments = ["build", "--site", site.path, "--no-pdf", "-q"]
        let first = try GazetteCommand.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let expected = Set(Repository.snapshot(output).keys)
        var generator = SystemRandomNumberGenerator()
        var killedWithDebris = 0
        for _ in 0..<10 {
            let process = Process()
            process.executableURL = GazetteCommand.executable
            process.arguments = arguments
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            // Anywhere from start-up to the swap; a debug build of the example site takes about a second.
            Thread.sleep(forTimeInterval: Double.random(in: 0.05...1.5, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(Self.isWholeSite(output), "a killed build left no whole site")
            if try !Self.leftovers(site.url).isEmpty { killedWithDebris += 1 }
        }
        let last = try GazetteCommand.run(arguments)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(try Self.leftovers(site.url) == [])
        #expect(Set(Repository.snapshot(output).keys) == expected)
        // Not an assertion on chance, only a note of what the kills hit.
        print("killed builds that left debris: \(killedWithDebris) of 10")
    }

    @Test func twoBuildsAtOnceBothSucceedIntoOneWholeSite() throws {
        let site = try TemporaryFolder("gazette-twice")
        try Repository.copyExampleSite(to: site.url)
        let arguments = ["build", "--site", site.path, "--no-pdf", "-q"]
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            results.add((try? GazetteCommand.run(arguments))?.status ?? -1)
        }
        #expect(results.values == [0, 0])
        #expect(Self.isWholeSite(site.url.appendingPathComponent("public")))
        #expect(try Self.leftovers(site.url) == [])
    }
}

final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int32] = []
    func add(_ value: Int32) { lock.withLock { list.append(value) } }
    var values: [Int32] { lock.withLock { list } }
}

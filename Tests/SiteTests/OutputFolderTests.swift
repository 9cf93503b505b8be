import Foundation
import GazetteModel
import Site
import Testing
import TestSupport

@Suite struct OutputFolderTests {
    @Test func refusesFoldersHoldingTheUsersWork() throws {
        let site = try TemporaryFolder("gazette-site")
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let refused = [
            site.url, site.url.appendingPathComponent("content"), site.url.appendingPathComponent("content/journals/out"),
            site.url.appendingPathComponent("templates"), site.url.deletingLastPathComponent(), URL(fileURLWithPath: "/"),
            URL(fileURLWithPath: home),
        ]
        for output in refused {
            #expect(throws: DiagnosticsError.self, "\(output.path) was accepted") {
                try OutputFolder(output, siteRoot: site.url)
            }
        }
        #expect(throws: Never.self) { try OutputFolder(site.url.appendingPathComponent("public"), siteRoot: site.url) }
        #expect(throws: Never.self) { try OutputFolder(site.url.appendingPathComponent("../elsewhere-out"), siteRoot: site.url) }
    }

    @Test func failedWriteLeavesThePreviousOutputAndNoDebris() throws {
        let parent = try TemporaryFolder("gazette-out")
        let site = parent.url.appendingPathComponent("site")
        let output = try OutputFolder(parent.url.appendingPathComponent("public"), siteRoot: site)
        try output.replace { try Data("old".utf8).write(to: $0.appendingPathComponent("index.html")) }
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try output.replace { staging in
                try Data("new".utf8).write(to: staging.appendingPathComponent("index.html"))
                throw Boom()
            }
        }
        #expect(try parent.read("public/index.html") == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["public"])
        try output.replace { try Data("new".utf8).write(to: $0.appendingPathComponent("index.html")) }
        #expect(try parent.read("public/index.html") == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["public"])
    }
}

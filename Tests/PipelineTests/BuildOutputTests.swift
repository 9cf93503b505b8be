import Foundation
import GazetteModel
import Output
import Pipeline
import Testing
import TestSupport

/// A build and the output folder it writes: the debris of killed builds cleared and the folder's
/// lock taken (the folder itself: `OutputTests`).
@Suite struct BuildOutputTests {
    /// A build with nothing to write clears debris too: a build killed after its swap leaves its
    /// staging folder, and a next build that finds its inputs unchanged never reaches `replace`.
    @Test func aBuildWithNothingToWriteStillRemovesDebris() throws {
        let parent = try TemporaryFolder("gazette-debris-unchanged")
        let site = parent.url.appendingPathComponent("site")
        _ = try parent.write("site/gazette.yml", "title: T\n")
        let options = BuildOptions(siteRoot: site, output: parent.url.appendingPathComponent("public"), packets: .skipped)
        _ = try SiteBuilder.build(options)
        let names = { try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() }
        _ = try parent.write(".public.staging-\(try deadPID())-deadbeef/index.html", "debris")
        _ = try SiteBuilder.build(options)
        // With no previous site the debris becomes it (the next real build starts from it).
        #expect(try names() == [".public.previous", "public", "site"])
    }

    /// A build while `gazette serve` holds the folder says so at once instead of waiting.
    @Test func aBuildWhileServeHoldsTheFolderSaysItIsBusy() throws {
        let parent = try TemporaryFolder("gazette-busy")
        let site = parent.url.appendingPathComponent("site")
        _ = try parent.write("site/gazette.yml", "title: T\n")
        let output = try OutputFolder(parent.url.appendingPathComponent("public"), siteRoot: site)
        let serve = try output.lock(purpose: "serve", wait: 0)
        let started = Date()
        do {
            _ = try SiteBuilder.build(BuildOptions(siteRoot: site, output: parent.url.appendingPathComponent("public"), packets: .skipped))
            Issue.record("the build ran while serve held the folder")
        } catch let error as DiagnosticsError {
            let summary = error.diagnostics.first?.summary ?? ""
            #expect(summary.contains("is busy: gazette serve (pid \(getpid())) is writing it — stop 'gazette serve' first"), "\(summary)")
        }
        #expect(Date().timeIntervalSince(started) < 10)
        serve.release()
        #expect(throws: Never.self) {
            try SiteBuilder.build(BuildOptions(siteRoot: site, output: parent.url.appendingPathComponent("public"), packets: .skipped))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["public", "site"])
    }
}

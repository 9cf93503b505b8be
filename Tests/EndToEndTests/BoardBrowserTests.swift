import Foundation
import Site
import Testing
import TestSupport

/// The masonry board as Chromium lays it out (`Tests/Tools/board_check.py`, page scripts off):
/// at 390, 768, 1280 and 1600 px every card's build-time `data-h` against its natural height,
/// no overlap, no clipping, greedy placement replayed on the real heights, and the same
/// positions with the web fonts blocked. On the example site and a generated stress site.
@Suite("Masonry board in Chromium", .serialized)
struct BoardBrowserTests {
    @Test(arguments: SiteQualityTests.Site.allCases) func theBoardMatchesChromium(_ site: SiteQualityTests.Site) throws {
        let folder = try TemporaryFolder("board-\(site.rawValue)")
        switch site {
        case .example: try Repository.copyExampleSite(to: folder.url)
        case .stress: try StressSite.write(into: folder.url, journals: 240)
        }
        let output = folder.url.appendingPathComponent("public")
        let report = try SiteBuilder.build(BuildOptions(siteRoot: folder.url, output: output, packets: false))
        #expect(report.fontBytes > 0)
        let python = SiteQualityTests.tools.appendingPathComponent("bin/python")
        let script = Repository.root.appendingPathComponent("Tests/Tools/board_check.py")
        let summary = folder.url.appendingPathComponent("board.json")
        let result = try SiteQualityTests.run([
            python.path, script.path, "--site", output.path, "--widths", "390,768,1280,1600", "--json", summary.path,
        ])
        #expect(result.status == 0, "\(result.output)")
        // The figures: the checker's closing lines, and what the build shipped in fonts.
        let lines = result.output.split(separator: "\n")
        print("board check (\(site.rawValue)), font bytes \(report.fontBytes):\n" + lines.suffix(6).joined(separator: "\n"))
        // The checker really looked at cards (an empty run would pass vacuously).
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any])
        let totals = try #require(json["totals"] as? [String: Any])
        #expect((totals["cards"] as? Int ?? 0) > 0)
    }
}

/// The layout engine against Chromium on the generated 1,200-paragraph corpus (Korean, English,
/// mixed, URLs, long words, numbers, quotes and brackets, emoji, Markdown) at the card widths and
/// three others: the same pipeline as `make bench-text`, with the debug build.
@Suite("Text layout accuracy in Chromium", .serialized)
struct TextAccuracyTests {
    @Test func lineCountsAgreeWithChromium() throws {
        let folder = try TemporaryFolder("accuracy")
        let bench = Repository.root.appendingPathComponent(".build/debug/gazette-bench")
        let script = Repository.root.appendingPathComponent("Benchmarks/text_accuracy.py")
        let result = try SiteQualityTests.run([
            "python3", script.path, "--bench", bench.path, "--work", folder.url.appendingPathComponent("work").path,
            "--report", folder.url.appendingPathComponent("report.md").path, "--min-agreement", "99.5",
        ])
        #expect(result.status == 0, "\(result.output)")
        let report = try String(contentsOf: folder.url.appendingPathComponent("report.md"), encoding: .utf8)
        // Print the table (the figures), not the examples.
        print(report.split(separator: "\n").prefix(24).joined(separator: "\n"))
    }
}

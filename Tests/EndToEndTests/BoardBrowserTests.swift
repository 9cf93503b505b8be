import Foundation
import Pipeline
import Site
import Testing
import TestSupport

/// The masonry board as three engines lay it out, in the scenarios readers meet
/// (`Tests/Tools/board_check.py`, browsers started by `Tests/Tools/browsers.py`): Debian's
/// Chromium, Firefox ESR (Marionette) and WebKitGTK (WebKitWebDriver, MiniBrowser under Xvfb), on
/// the example site, a generated 240-journal stress site and a site whose text spans every web-font
/// slice (`SlicesSite`), served under `/study/` as the sites' base URL says.
///
/// - exact (scripts off, Chromium and Firefox; scripts on in Chromium with layout shift 0): every
///   card's build-time `data-h` against its natural height (≥ 99 % per board and ≥ 99.5 % overall
///   within 1 px), no overlap, no clipping, greedy placement replayed on the real heights, the
///   same positions with the web fonts blocked, no board healed;
/// - heal (WebKitGTK as it comes, Firefox with text at 200 %, fonts blocked with only DejaVu
///   installed): no overlap, no clipping, greedy placement on the real heights after the heal
///   script ran; predictions reported;
/// - reported only: WebKitGTK with GNOME's hinting on the stress and slices sites (a few titles
///   wrap one line longer; figures printed);
/// - no sideways scroll at 320, 360 and 390 px on every page of the example site, all engines.
///
/// Scenarios run side by side (Swift Testing's pool, one per core): each has its own browser,
/// profile, server port and X display, and a browser leaves most of a core idle between
/// WebDriver round trips, so two at a time on two cores take about half as long.
///
/// Built sites are kept in `.build/board-sites/` (rebuilt once per test run) so a failure can be
/// rerun by hand with the command the test prints. `GAZETTE_BOARD_SCENARIOS=REGEX` runs only the
/// scenarios whose name matches (a development aid).
@Suite("Masonry board in three engines")
struct BoardBrowserTests {
    enum Outcome: Sendable { case mustPass, report }

    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var site: SiteQualityTests.Site
        var engine: String
        var arguments: [String]
        var outcome: Outcome = .mustPass
        var testDescription: String { "\(name) (\(site.rawValue))" }
    }

    static let exactWidths = "390,768,1280,1600"
    static let healWidths = "390,768,1280,1600"

    static let scenarios: [Scenario] = SiteQualityTests.Site.quality.flatMap { site -> [Scenario] in
        [
            Scenario(name: "Chromium, scripts off, exact", site: site, engine: "chromium",
                     arguments: ["--scripts", "off", "--expect", "exact", "--widths", exactWidths]),
            Scenario(name: "Firefox, scripts off, exact", site: site, engine: "firefox",
                     arguments: ["--scripts", "off", "--expect", "exact", "--widths", exactWidths]),
            // As a GNOME desktop announces it (XSETTINGS hint style slight), WebKitGTK's advances
            // are fractional and the prediction holds; on a bare X server with no settings it
            // rounds each advance to a whole pixel, which the heal below covers (the figures:
            // board_check.py --engine webkit without --hinting).
            // (On the stress site two titles at 272 px still wrap one line longer: figures only.)
            Scenario(name: "WebKitGTK, slight hinting (GNOME), scripts off, exact", site: site, engine: "webkit",
                     arguments: ["--scripts", "off", "--hinting", "slight", "--expect", "exact", "--widths", exactWidths],
                     outcome: site == .example ? .mustPass : .report),
            Scenario(name: "Chromium, scripts on, exact, no layout shift", site: site, engine: "chromium",
                     arguments: ["--scripts", "on", "--expect", "exact", "--widths", exactWidths]),
            Scenario(name: "WebKitGTK, scripts on, heals", site: site, engine: "webkit",
                     arguments: ["--scripts", "on", "--expect", "heal", "--widths", healWidths]),
            Scenario(name: "Firefox, text 200 %, heals", site: site, engine: "firefox",
                     arguments: ["--scripts", "on", "--text-scale", "200", "--expect", "heal", "--widths", healWidths]),
            Scenario(name: "Chromium, fonts blocked, DejaVu fallback, heals", site: site, engine: "chromium",
                     arguments: ["--scripts", "on", "--block-fonts", "--fontconfig", "@dejavu", "--expect", "heal",
                                 "--widths", healWidths]),
            Scenario(name: "Firefox, fonts blocked, DejaVu fallback, heals", site: site, engine: "firefox",
                     arguments: ["--scripts", "on", "--block-fonts", "--fontconfig", "@dejavu", "--expect", "heal",
                                 "--widths", healWidths]),
        ]
    } + [
        // Text across every web-font slice: each engine shapes it slice by slice, as the build does.
        Scenario(name: "Chromium, scripts off, exact", site: .slices, engine: "chromium",
                 arguments: ["--scripts", "off", "--expect", "exact", "--widths", exactWidths]),
        Scenario(name: "Chromium, scripts on, exact, no layout shift", site: .slices, engine: "chromium",
                 arguments: ["--scripts", "on", "--expect", "exact", "--widths", exactWidths]),
        Scenario(name: "Firefox, scripts off, exact", site: .slices, engine: "firefox",
                 arguments: ["--scripts", "off", "--expect", "exact", "--widths", exactWidths]),
        // As on the stress site, a few titles at 272 px wrap one line longer in WebKitGTK (99.65 %
        // within 1 px when this was added): figures only.
        Scenario(name: "WebKitGTK, slight hinting (GNOME), scripts off, exact", site: .slices, engine: "webkit",
                 arguments: ["--scripts", "off", "--hinting", "slight", "--expect", "exact", "--widths", exactWidths],
                 outcome: .report),
    ] + ["chromium", "firefox", "webkit"].map { engine in
        Scenario(name: "\(engine), no sideways scroll at 320, 360, 390 px", site: .example, engine: engine,
                 arguments: ["--scripts", "off", "--widths", "none", "--no-sideways-scroll", "320,360,390"])
    }

    static var selected: [Scenario] {
        guard let pattern = ProcessInfo.processInfo.environment["GAZETTE_BOARD_SCENARIOS"], !pattern.isEmpty,
              let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        else { return scenarios }
        return scenarios.filter { s in
            let text = s.testDescription
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    @Test(arguments: selected) func board(_ scenario: Scenario) throws {
        let site = try BoardSites.shared.built(scenario.site)
        let python = SiteQualityTests.tools.appendingPathComponent("bin/python")
        let script = Repository.root.appendingPathComponent("Tests/Tools/board_check.py")
        let slug = scenario.testDescription.lowercased().unicodeScalars
            .map { CharacterSet.alphanumerics.contains($0) ? String($0) : "-" }.joined()
        let summary = site.root.appendingPathComponent("\(slug).json")
        let arguments = scenario.arguments.map { $0 == "@dejavu" ? site.fontconfig.path : $0 }
        let command = [python.path, script.path, "--site", site.output.path, "--prefix", "/study/",
                       "--engine", scenario.engine, "--quiet", "--json", summary.path] + arguments
        let started = Date()
        let result = try SiteQualityTests.run(command)
        let seconds = Date().timeIntervalSince(started)
        // The figures: the checker's closing lines (engine, totals, count, time).
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        let closing = lines.firstIndex { $0.hasPrefix("engine: ") }.map { Array(lines[$0...].prefix(5)) } ?? Array(lines.suffix(6))
        print("board check — \(scenario.testDescription), \(String(format: "%.1f", seconds)) s:\n"
              + closing.joined(separator: "\n"))
        #expect(result.status != 2, "the check could not run:\n\(result.output)\nrerun: \(command.joined(separator: " "))")
        if scenario.outcome == .mustPass {
            #expect(result.status == 0, "\(result.output)\nrerun: \(command.joined(separator: " "))")
        }
        guard result.status != 2 else { return }
        // The checker really looked at something (an empty run would pass vacuously).
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any])
        let totals = try #require(json["totals"] as? [String: Any])
        if arguments.contains("--no-sideways-scroll") {
            #expect((totals["sidewaysPages"] as? Int ?? 0) > 10)
        } else {
            #expect((totals["cards"] as? Int ?? 0) > 0)
        }
    }
}

/// The two sites, built once per test run into `.build/board-sites/<site>/public`, and a
/// fontconfig file that loads only the DejaVu fonts and maps sans-serif to DejaVu Sans.
final class BoardSites: @unchecked Sendable {
    static let shared = BoardSites()

    struct Built {
        var root: URL
        var output: URL
        var fontconfig: URL
    }

    private let lock = NSLock()
    private var sites: [SiteQualityTests.Site: Built] = [:]

    func built(_ site: SiteQualityTests.Site) throws -> Built {
        lock.lock()
        defer { lock.unlock() }
        if let built = sites[site] { return built }
        let root = Repository.root.appendingPathComponent(".build/board-sites/\(site.rawValue)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let source = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        switch site {
        case .example: try Repository.copyExampleSite(to: source)
        case .stress:
            // Boards paginated at the default 30 cards: every page of every board is checked.
            try StressSite.write(into: source, journals: 240)
        case .slices: try SlicesSite.write(into: source)
        }
        let output = root.appendingPathComponent("public")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: source, output: output, packets: .skipped))
        let fontconfig = root.appendingPathComponent("dejavu-only.conf")
        try Self.dejavuOnly(cache: root.appendingPathComponent("fontconfig-cache"))
            .write(to: fontconfig, atomically: true, encoding: .utf8)
        let built = Built(root: root, output: output, fontconfig: fontconfig)
        sites[site] = built
        return built
    }

    /// Only DejaVu (fonts-dejavu-core), so the locally installed NanumGothic cannot stand in for
    /// the blocked web fonts; sans-serif, serif and monospace are DejaVu's.
    static func dejavuOnly(cache: URL) -> String {
        """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <dir>/usr/share/fonts/truetype/dejavu</dir>
          <cachedir>\(cache.path)</cachedir>
          <alias binding="strong"><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
          <alias binding="strong"><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
          <alias binding="strong"><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
        </fontconfig>

        """
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

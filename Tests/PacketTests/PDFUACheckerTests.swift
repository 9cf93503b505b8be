import Foundation
import Testing
import TestSupport

/// Packets against a PDF/UA-1 checker from PyPI (issue 50): pdfua, which checks the Matterhorn
/// Protocol's machine-checkable conditions with pikepdf (`make test-tools` installs it, pinned).
/// Every packet of the example site, in Korean on A4 and in English on letter, a week with
/// pictures, and a 200-journal packet of every Markdown construct: no finding at all.
@Suite struct PDFUACheckerTests {
    static let checker = Repository.root.appendingPathComponent(".build/tools/venv/bin/pdfua")

    /// The checker's findings for `pdf`, as "severity rule message" lines.
    static func findings(_ pdf: URL) throws -> [String] {
        try #require(FileManager.default.isExecutableFile(atPath: checker.path), "pdfua is missing: run make test-tools (make test does)")
        let result = try Program.run(checker, ["check", "--format", "json", pdf.path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let findings = report["findings"] as? [[String: Any]] ?? []
        return findings.map { "\($0["severity"] ?? "") \($0["rule_id"] ?? "") \($0["message"] ?? "")" }
    }

    /// `gazette pdf` in `site` with `arguments`; the file written.
    static func packet(_ site: URL, _ arguments: [String], name: String) throws -> URL {
        let pdf = site.appendingPathComponent(name)
        let result = try GazetteCommand.run(["pdf", "-q", "-o", pdf.path] + arguments, in: site)
        try #require(result.status == 0, "\(result.stderr)")
        return pdf
    }

    @Test(arguments: [("ko", "a4"), ("en", "letter")])
    func theExampleSitesPacketsHaveNoFinding(_ language: String, _ paper: String) throws {
        let site = try TemporaryFolder("gazette-pdfua-\(language)")
        try Repository.copyExampleSite(to: site.url)
        let config = site.url.appendingPathComponent("gazette.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
            .replacingOccurrences(of: "\nlanguage: ko", with: "\nlanguage: \(language)")
        try text.write(to: config, atomically: true, encoding: .utf8)
        for week in ["2026-W45", "2026-W46", "2026-W47"] {
            let pdf = try Self.packet(site.url, ["--week", week, "--paper", paper], name: "\(week).pdf")
            #expect(try Self.findings(pdf) == [], "\(language) \(paper) \(week)")
            // The XMP metadata says the packet's title, language and PDF/UA part.
            let meta = try Program.run(command: "pdfinfo", ["-meta", pdf.path]).stdout
            #expect(meta.contains("<pdfuaid:part>1</pdfuaid:part>"))
            #expect(meta.contains("<rdf:li>\(language)</rdf:li>"))
            // Every embedded CID font says how its CIDs map to glyphs (7.21.3.2).
            let expanded = site.url.appendingPathComponent("\(week)-qdf.pdf")
            #expect(try Program.run(command: "qpdf", ["--qdf", "--object-streams=disable", pdf.path, expanded.path]).status == 0)
            let objects = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
            let fonts = objects.components(separatedBy: "/Subtype /CIDFontType2").count - 1
            #expect(fonts > 0 && objects.components(separatedBy: "/CIDToGIDMap /Identity").count - 1 == fonts)
        }
    }

    @Test func aTwoHundredJournalPacketHasNoFinding() throws {
        let site = try TemporaryFolder("gazette-pdfua-200")
        try StressSite.write(into: site.url, journals: 200)
        let pdf = try Self.packet(site.url, [], name: "all.pdf")
        #expect(try Self.findings(pdf) == [])
        // The same input, the same bytes.
        let again = try Self.packet(site.url, [], name: "again.pdf")
        #expect(try Data(contentsOf: pdf) == Data(contentsOf: again))
    }
}

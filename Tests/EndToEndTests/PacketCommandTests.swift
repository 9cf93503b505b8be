import Foundation
import Testing
import TestSupport

/// `gazette pdf` and the packets `gazette build` writes, as a person meets them.
@Suite(.serialized) struct PacketCommandTests {
    static let environment = ["SOURCE_DATE_EPOCH": "1795000000"]

    @Test func pdfForAWeekIsByteForByteTheBuildsPacketAndTheWeekPageLinksIt() throws {
        let scratch = try TemporaryFolder("gazette-pdf-cli")
        let output = scratch.url.appendingPathComponent("public")
        let build = try GazetteCommand.run(["build", "-q", "--site", Repository.root.path, "--output", output.path], environment: Self.environment)
        #expect(build.status == 0, "\(build.stderr)")
        for week in ["2026-W45", "2026-W46", "2026-W47"] {
            #expect(scratch.exists("public/packets/\(week).pdf"))
            #expect(try scratch.read("public/weeks/\(week)/index.html").contains("href=\"../../packets/\(week).pdf\""))
        }
        #expect(try scratch.read("public/index.html").contains("href=\"packets/2026-W47.pdf\""))

        let pdf = try GazetteCommand.run(
            ["pdf", "--site", Repository.root.path, "--week", "2026-W47", "-o", scratch.url.appendingPathComponent("w47.pdf").path],
            environment: Self.environment)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.stdout.hasPrefix("Wrote \(scratch.url.appendingPathComponent("w47.pdf").path) ("))
        let fromPdf = try Data(contentsOf: scratch.url.appendingPathComponent("w47.pdf"))
        let fromBuild = try Data(contentsOf: output.appendingPathComponent("packets/2026-W47.pdf"))
        #expect(fromPdf == fromBuild)
    }

    @Test func noPdfSkipsPacketsAndTheirLinks() throws {
        let scratch = try TemporaryFolder("gazette-no-pdf")
        let result = try GazetteCommand.run(
            ["build", "-q", "--no-pdf", "--site", Repository.root.path, "--output", scratch.url.appendingPathComponent("public").path])
        #expect(result.status == 0)
        #expect(!scratch.exists("public/packets"))
        #expect(!(try scratch.read("public/weeks/2026-W47/index.html")).contains(".pdf"))
    }

    /// Pango, cairo and fontconfig are opened the first time a packet is set (`CPangoCairo`'s
    /// table), not at start-up: a build without packets never loads them, `gazette pdf` does.
    /// The dynamic loader names every file it loads (`LD_DEBUG=files`).
    @Test func pangoAndCairoAreLoadedOnlyToSetPackets() throws {
        let scratch = try TemporaryFolder("gazette-pdf-libraries")
        let trace = ["LD_DEBUG": "files"]
        func loaded(_ stderr: String) -> Set<String> {
            Set(stderr.split(separator: "\n").compactMap { line in
                line.split(separator: "\t").last.flatMap { $0.hasPrefix("file=") ? String($0.dropFirst(5).prefix { $0 != " " }) : nil }
            })
        }
        let print: (String) -> Bool = { $0.hasPrefix("libpango") || $0.hasPrefix("libcairo") || $0.hasPrefix("libfontconfig") }

        let build = try GazetteCommand.run(
            ["build", "-q", "--no-pdf", "--site", Repository.root.path, "--output", scratch.url.appendingPathComponent("public").path],
            environment: trace)
        #expect(build.status == 0)
        #expect(loaded(build.stderr).contains("libharfbuzz.so.0"), "LD_DEBUG printed no file: \(build.stderr.prefix(300))")
        #expect(loaded(build.stderr).filter(print).isEmpty)

        let pdf = try GazetteCommand.run(
            ["pdf", "--site", Repository.root.path, "--week", "2026-W47", "-o", scratch.url.appendingPathComponent("w47.pdf").path],
            environment: trace.merging(Self.environment) { $1 })
        #expect(pdf.status == 0)
        #expect(loaded(pdf.stderr).isSuperset(of: ["libpangocairo-1.0.so.0", "libpango-1.0.so.0", "libcairo.so.2", "libfontconfig.so.1"]))
        #expect(scratch.exists("w47.pdf"))
    }

    @Test func anySelectionOnLetterPaper() throws {
        let scratch = try TemporaryFolder("gazette-pdf-tag")
        let out = scratch.url.appendingPathComponent("economy.pdf")
        let result = try GazetteCommand.run(
            ["pdf", "--site", Repository.root.path, "--tag", "economy", "--since", "2026-11-01", "--until", "2026-11-30", "--paper", "letter", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try PDFTools.info(out)["Page size"]?.hasPrefix("612 x 792 pts") == true)
        let cover = try PDFTools.pageTexts(out)[0]
        #expect(cover.contains("태그 경제"))
        // Journals of several weeks: the contents group them by week.
        let contents = try PDFTools.pageTexts(out)[1]
        #expect(contents.contains("2026년 45주차") && contents.contains("2026년 47주차"))
    }

    @Test func byAuthor() throws {
        let scratch = try TemporaryFolder("gazette-pdf-author")
        let out = scratch.url.appendingPathComponent("sam.pdf")
        let result = try GazetteCommand.run(["pdf", "--site", Repository.root.path, "--author", "sam", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try PDFTools.pageTexts(out)
        #expect(pages[0].contains("작성자 Sam Carter") && !pages[0].contains("함희돈"))
        // Every contents entry is Sam's.
        let bylines = pages[1].split(separator: "\n").filter { $0.contains(" · 2026년") }
        #expect(!bylines.isEmpty && bylines.allSatisfy { $0.hasPrefix("Sam Carter") })
    }

    @Test func journalFilesByPath() throws {
        let scratch = try TemporaryFolder("gazette-pdf-files")
        let out = scratch.url.appendingPathComponent("one.pdf")
        let result = try GazetteCommand.run(
            ["pdf", "--site", Repository.root.path, "content/journals/2026-11-18-rate-hike-household-debt.md", "-o", out.path], in: Repository.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 journal)"))
        let missing = try GazetteCommand.run(["pdf", "--site", Repository.root.path, "content/journals/nope.md", "-o", out.path], in: Repository.root)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("content/journals/nope.md is not a published journal of the site"))
    }

    @Test func emptySelectionAndBadArgumentsSayWhatToDo() throws {
        let scratch = try TemporaryFolder("gazette-pdf-empty")
        let out = scratch.url.appendingPathComponent("x.pdf")
        let empty = try GazetteCommand.run(["pdf", "-q", "--site", Repository.root.path, "--week", "2026-W30", "-o", out.path])
        #expect(empty.status == 1)
        #expect(
            empty.stderr
                == "error: no journals to put in a packet for week 2026-W30 — weeks with journals: 2026-W47, 2026-W46, 2026-W45; bookmarks (journals without a body) are left out; 1 draft is left out (--drafts includes it)\n")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // A tag typed wrong: said first, with the tag meant.
        let misspelt = try GazetteCommand.run(["pdf", "-q", "--site", Repository.root.path, "--tag", "economi", "-o", out.path])
        #expect(misspelt.status == 1)
        #expect(misspelt.stderr.hasPrefix("error: no journals to put in a packet for tag economi — unknown tag 'economi': did you mean 'economy'?"), "\(misspelt.stderr)")
        let badWeek = try GazetteCommand.run(["pdf", "--site", Repository.root.path, "--week", "47"])
        #expect(badWeek.status == 64)
        #expect(badWeek.stderr.contains("--week must be an ISO week such as 2026-W47"))
        let badPaper = try GazetteCommand.run(["pdf", "--site", Repository.root.path, "--paper", "a3"])
        #expect(badPaper.status == 64)
    }
}

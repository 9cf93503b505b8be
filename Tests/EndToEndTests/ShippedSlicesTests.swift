import Foundation
import Testing
import TestSupport

/// The fixed web-font slices an installation ships (`gazette prepare-fonts`, read through
/// `GAZETTE_FONT_SLICES` or `../share/gazette/font-slices` beside the binary): a build that reads
/// them writes the very bytes of one that cuts them, and a folder made by other libraries, or
/// with damaged files, is passed over rather than trusted.
@Suite struct ShippedSlicesTests {
    @Test func aBuildReadingTheShippedSlicesWritesWhatACuttingBuildWrites() throws {
        let scratch = try TemporaryFolder("gazette-shipped-slices")
        let slices = scratch.url.appendingPathComponent("font-slices")
        let prepared = try GazetteCommand.run(["prepare-fonts", "--into", slices.path])
        try #require(prepared.status == 0, "\(prepared.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: slices.path)
        // Every fixed slice of the three text faces (the page slices among them), and the stamp.
        #expect(files.filter { $0.hasSuffix(".woff2") }.count > 200, "\(files.count) files")
        #expect(files.contains("stamp"))
        // The slices travel with their licence, which names the fonts they are cut from.
        let licence = try String(contentsOf: slices.appendingPathComponent("OFL.txt"), encoding: .utf8)
        #expect(licence.contains("with Reserved Font Name NanumGothicCoding") && licence.contains("SIL OPEN FONT LICENSE"))
        #expect(prepared.stdout.contains("font slices"))

        let site = scratch.url.appendingPathComponent("site")
        try #require(try GazetteCommand.run(["init", site.path, "-q"]).status == 0)
        func build(_ output: String, slices folder: URL) throws -> (Program.Result, [String: Data]) {
            try? FileManager.default.removeItem(at: site.appendingPathComponent(".gazette"))
            let out = scratch.url.appendingPathComponent(output)
            let result = try GazetteCommand.run(
                ["build", "--no-pdf", "-v", "--site", site.path, "--output", out.path], environment: ["GAZETTE_FONT_SLICES": folder.path])
            #expect(result.status == 0, "\(result.stderr)")
            return (result, Repository.snapshot(out))
        }
        let (cutting, cut) = try build("cut", slices: scratch.url.appendingPathComponent("none"))
        #expect(!cutting.stdout.contains("as installed"))
        let (reading, read) = try build("read", slices: slices)
        #expect(reading.stdout.contains("as installed"), "\(reading.stdout)")
        #expect(!cut.isEmpty && read == cut, "the shipped slices changed the site")
        #expect(read.keys.contains { $0.hasPrefix("assets/fonts/gazette-sans-400-h01.") })
        let siteLicence = String(decoding: try #require(read["assets/fonts/OFL.txt"]), as: UTF8.self)
        #expect(siteLicence.contains("Gazette Sans is cut from NanumGothic") && siteLicence.contains("Version 1.1 - 26 February 2007"))

        // Slices of other libraries (another stamp) are not read.
        try Data("gazette font slices; harfbuzz 0.0.0, brotli 0.0.0\n".utf8).write(to: slices.appendingPathComponent("stamp"))
        let (stale, staleSite) = try build("stale", slices: slices)
        #expect(!stale.stdout.contains("as installed"))
        #expect(staleSite == cut)

        // Preparing again keeps the folder to this Gazette's slices: a slice of other keys (an
        // earlier release's) goes, a file not named as a slice stays.
        let earlier = slices.appendingPathComponent(String(repeating: "0a", count: 16) + ".woff2")
        let mine = slices.appendingPathComponent("README.txt")
        try Data("old".utf8).write(to: earlier)
        try Data("mine".utf8).write(to: mine)
        try #require(try GazetteCommand.run(["prepare-fonts", "--into", slices.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: earlier.path) && FileManager.default.fileExists(atPath: mine.path))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: slices.path)) == Set(files + ["README.txt"]))

        // Torn files (each cut short) are cut again, not shipped.
        for file in files where file.hasSuffix(".woff2") {
            let url = slices.appendingPathComponent(file)
            try Data(try Data(contentsOf: url).prefix(40)).write(to: url)
        }
        let (torn, tornSite) = try build("torn", slices: slices)
        #expect(!torn.stdout.contains("as installed"))
        #expect(tornSite == cut)
    }
}

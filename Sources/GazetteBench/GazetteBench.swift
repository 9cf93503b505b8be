import ArgumentParser
import Bodies
import Content
import Foundation
import Search
@_spi(Bench) import Site
import SiteFonts
import TextLayout

/// Benchmarks and measurement tools behind `make bench` (not shipped to users).
@main
struct GazetteBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gazette-bench",
        abstract: "Gazette's benchmarks and the text-accuracy corpus measurer.",
        subcommands: [MeasureCorpus.self, BoardBench.self, SearchBench.self, PageReadBench.self])
}

/// Lays out every corpus paragraph with the engine and the web fonts a build would ship, and writes
/// what Chromium needs to lay out the same paragraphs (`setup.json`) beside the predictions.
struct MeasureCorpus: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "measure-corpus")

    @Argument(help: "corpus JSON from Benchmarks/text_corpus.py") var corpus: String
    @Option(help: "folder for setup.json, predictions.json and the font files") var out: String
    @Option(parsing: .upToNextOption, help: "line widths in px") var widths: [Double] = [200, 238, 294, 400, 560]
    @Option(help: "near-edge margin in px, as boards use (0: Chromium's own decisions, no forced breaks)") var margin: Double = 0

    struct Corpus: Decodable {
        struct Paragraph: Decodable {
            struct Run: Decodable { var text: String; var kind: String }
            var id: String
            var category: String
            var runs: [Run]
        }
        var paragraphs: [Paragraph]
    }

    struct Prediction: Encodable {
        var id: String, width: Double, height: Double, lines: Int, lineTexts: [String], lineWidths: [Double]
        /// Explicit breaks the page must carry, each [run, scalar offset in the run's text].
        var forcedBreaks: [[Int]]
    }

    func run() throws {
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: URL(fileURLWithPath: self.corpus)))
        var characters = Set<Unicode.Scalar>()
        for paragraph in corpus.paragraphs { for run in paragraph.runs { characters.formUnion(run.text.unicodeScalars) } }
        let fonts = try WebFonts(characters: characters)
        let folder = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        var setupFonts: [[String: Any]] = []
        for slice in fonts.slices {
            let file = folder.appendingPathComponent("fonts").appendingPathComponent(URL(fileURLWithPath: slice.path).lastPathComponent)
            try slice.data.write(to: file)
            var font: [String: Any] = ["family": slice.face.family, "weight": slice.face.weight, "style": "normal", "file": file.path]
            if slice.face != WebFonts.emoji { font["unicodeRange"] = FontSlices.unicodeRange(slice.scalars) }
            setupFonts.append(font)
        }
        let typography = CardTypography.excerpt
        let setup: [String: Any] = [
            "fonts": setupFonts,
            "css": typography.css,
            "runCSS": ["em": "font-style: italic", "strong": "font-weight: 700", "code": CardTypography.codeCSS],
            "lang": "ko", "lineHeight": typography.lineHeight, "widths": widths,
        ]
        try JSONSerialization.data(withJSONObject: setup, options: [.prettyPrinted, .sortedKeys]).write(to: folder.appendingPathComponent("setup.json"))
        var predictions: [Prediction] = []
        let clock = ContinuousClock()
        let started = clock.now
        for paragraph in corpus.paragraphs {
            let text = StyledText(paragraph.runs.map { StyledText.Run($0.text, CardTypography.runStyle(kind: $0.kind)) })
            let prepared = try fonts.engine.prepare(text, style: typography.paragraph)
            for width in widths {
                let layout = fonts.engine.layout(prepared, width: width, margin: margin)
                predictions.append(
                    Prediction(
                        id: paragraph.id, width: width, height: layout.height, lines: layout.lines.count, lineTexts: layout.lines,
                        lineWidths: layout.lineWidths, forcedBreaks: layout.forcedBreaks.map { [$0.run, $0.offset] }))
            }
        }
        let elapsed = clock.now - started
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(predictions).write(to: folder.appendingPathComponent("predictions.json"))
        FileHandle.standardError.write(Data("measured \(predictions.count) layouts of \(corpus.paragraphs.count) paragraphs in \(elapsed)\n".utf8))
    }
}

/// Measures and packs a board of generated cards at every breakpoint, as a build does, and prints
/// how long it took (best of `--runs`).
struct BoardBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "board")

    @Option(help: "cards on the board") var cards = 10_000
    @Option(help: "runs; the best is reported") var runs = 5

    func run() throws {
        let cards = Self.generate(count: cards)
        var characters = Set<Unicode.Scalar>()
        for card in cards {
            characters.formUnion((card.title + card.metaLine + card.tagLine + card.excerptRuns.map(\.text).joined()).unicodeScalars)
        }
        let fonts = try WebFonts(characters: characters)
        let clock = ContinuousClock()
        var best = Duration.seconds(1_000)
        var checksum = 0
        for _ in 0..<runs {
            // A new layout each run: nothing measured is reused between runs.
            let layout = MasonryBoardLayout(engine: fonts.engine)
            let started = clock.now
            let board = try layout.measureAndPack(cards)
            best = min(best, clock.now - started)
            checksum = board.cardStyles.count
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        print(String(format: "board: %d cards × %d breakpoints (%d card widths) measured and packed in %.3f s (best of %d), %.1f µs per card",
            checksum, BoardGeometry.standard.breakpoints.count, BoardGeometry.standard.cardWidths.count, seconds, runs, seconds / Double(checksum) * 1e6))
    }

    /// Deterministic cards: mixed Korean and English titles, tags, Markdown-ish excerpts of
    /// varied length, a bookmark every ninth card.
    static func generate(count: Int) -> [Card] {
        let korean = ["기준금리", "동결", "반도체", "수출이", "회복세를", "보였다.", "가계부채", "부담이", "커지고", "있다.", "정부는", "대책을", "내놓았다.", "전문가들은", "신중한", "태도를"]
        let english = ["The", "central", "bank", "held", "rates", "steady", "while", "inflation", "cooled", "to", "2.1%", "in", "October,", "https://example.com/report/2026-11"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func words(_ count: Int) -> String {
            (0..<count).map { _ in next(3) == 0 ? english[next(english.count)] : korean[next(korean.count)] }.joined(separator: " ")
        }
        return (0..<count).map { index in
            let bookmark = index % 9 == 4
            var runs: [ExcerptRun] = []
            if !bookmark {
                for _ in 0..<(1 + next(6)) {
                    runs.append(ExcerptRun(words(1 + next(12)) + " ", .plain))
                    switch next(4) {
                    case 0: runs.append(ExcerptRun(words(2), .strong))
                    case 1: runs.append(ExcerptRun("URLSession.shared", .code))
                    default: break
                    }
                    runs.append(ExcerptRun(" ", .plain))
                }
            }
            return Card(
                slug: "card-\(index)", title: words(2 + next(10)), href: "#", updated: "2026년 11월 \(1 + index % 28)일", updatedISO: "2026-11-01",
                tags: (0..<next(4)).map { _ in korean[next(korean.count)] }, tagLinks: [], excerptRuns: runs, isBookmark: bookmark,
                articleTitle: bookmark ? words(8) : nil, publisher: bookmark ? "연합뉴스" : nil, author: index % 3 == 0 ? "함희돈" : nil)
        }
    }
}

/// The search index of a site, built again and again from the same loaded content and parsed
/// bodies: what the `build search index` step costs, in wall and in CPU time (all threads), apart
/// from the noise of the rest of a build on a shared machine.
struct SearchBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "search")

    @Option(help: "the site folder") var site: String
    @Option(help: "runs; the median is reported") var runs = 5

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    func run() throws {
        let content = try SiteContent.load(siteRoot: URL(fileURLWithPath: site))
        let bodies = try JournalBodies(content)
        var walls: [Double] = [], cpus: [Double] = []
        var index: SearchIndex?
        for _ in 0..<runs {
            let started = Date(), cpu = Self.cpuSeconds()
            index = SearchIndex(content: content, bodies: bodies)
            walls.append(Date().timeIntervalSince(started))
            cpus.append(Self.cpuSeconds() - cpu)
        }
        let files = index?.files ?? []
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print(String(format: "search index: %d journals, %d files, %.2f MB; built in %.3f s wall, %.3f s CPU (medians of %d)",
            content.journals.count, files.count, Double(files.reduce(0) { $0 + ($1.data?.count ?? 0) }) / 1e6, median(walls), median(cpus), runs))
    }
}

/// Reads every HTML page of a built site as the build reads a rendered page for its fonts (the
/// slices to preload and the rare syllables of its own font), on one thread, with web fonts cut
/// for the characters those pages show.
struct PageReadBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "page-read")

    @Option(help: "a built site's output folder") var output: String
    @Option(help: "runs; the median is reported") var runs = 7

    func run() throws {
        let root = URL(fileURLWithPath: output)
        var pages: [String] = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "html", let data = FileManager.default.contents(atPath: url.path) {
                pages.append(String(decoding: data, as: UTF8.self))
            }
        }
        pages.sort()
        var characters = Set<Unicode.Scalar>()
        for page in pages { characters.formUnion(page.unicodeScalars) }
        let fonts = try WebFonts(characters: characters)
        var times: [Double] = []
        var preloads = 0
        for _ in 0..<runs {
            let started = Date()
            preloads = pages.reduce(0) { $0 + fonts.preloads(forPage: $1).count }
            times.append(Date().timeIntervalSince(started))
        }
        let bytes = pages.reduce(0) { $0 + $1.utf8.count }
        print(String(format: "page read: %d pages, %.1f MB, %d preloads; %.3f s (median of %d), %.0f MB/s",
            pages.count, Double(bytes) / 1e6, preloads, times.sorted()[runs / 2], runs, Double(bytes) / 1e6 / times.sorted()[runs / 2]))
    }
}

import ArgumentParser
import Foundation
import Site
import TextLayout

/// Benchmarks and measurement tools behind `make bench` (not shipped to users).
@main
struct GazetteBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gazette-bench",
        abstract: "Gazette's benchmarks and the text-accuracy corpus measurer.",
        subcommands: [MeasureCorpus.self])
}

/// Lays out every corpus paragraph with the engine and the web fonts a build would ship, and writes
/// what Chromium needs to lay out the same paragraphs (`setup.json`) beside the predictions.
struct MeasureCorpus: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "measure-corpus")

    @Argument(help: "corpus JSON from Benchmarks/text_corpus.py") var corpus: String
    @Option(help: "folder for setup.json, predictions.json and the font files") var out: String
    @Option(parsing: .upToNextOption, help: "line widths in px") var widths: [Double] = [200, 272, 328, 400, 560]

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
    }

    func run() throws {
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: URL(fileURLWithPath: self.corpus)))
        var characters = Set<Unicode.Scalar>()
        for paragraph in corpus.paragraphs { for run in paragraph.runs { characters.formUnion(run.text.unicodeScalars) } }
        let fonts = try WebFonts(characters: characters)
        let folder = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        var setupFonts: [[String: Any]] = []
        for subset in fonts.subsets {
            let file = folder.appendingPathComponent("fonts").appendingPathComponent(URL(fileURLWithPath: subset.path).lastPathComponent)
            try subset.data.write(to: file)
            setupFonts.append(["family": subset.face.family, "weight": subset.face.weight, "style": "normal", "file": file.path])
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
                let layout = fonts.engine.layout(prepared, width: width)
                predictions.append(Prediction(id: paragraph.id, width: width, height: layout.height, lines: layout.lines.count, lineTexts: layout.lines, lineWidths: layout.lineWidths))
            }
        }
        let elapsed = clock.now - started
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(predictions).write(to: folder.appendingPathComponent("predictions.json"))
        FileHandle.standardError.write(Data("measured \(predictions.count) layouts of \(corpus.paragraphs.count) paragraphs in \(elapsed)\n".utf8))
    }
}

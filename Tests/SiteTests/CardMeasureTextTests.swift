import Foundation
import GazetteModel
import Testing
import TextLayout

@testable import Site

/// The card-measure cache file: every measure survives a round trip, the file is the same
/// bytes whatever order the table was filled in, and anything that is not a whole file of this
/// format reads as no cache (the build then measures every card again).
@Suite struct CardMeasureTextTests {
    static func sample() -> [Fingerprint: CardMeasure] {
        var withBreaks = CardMeasure()
        withBreaks.heights = [220: 181, 260: 163, 300: 150]
        withBreaks.breaks = [
            .excerpt: [TextPosition(run: 0, offset: 17): [220, 260], TextPosition(run: 2, offset: 3): [300]],
            .title: [TextPosition(run: 0, offset: 9): [220]],
        ]
        var plain = CardMeasure()
        plain.heights = [220: 96]
        return [
            Fingerprint(high: 1, low: 2): withBreaks,
            Fingerprint(high: .max, low: 0): plain,
            Fingerprint(high: 7, low: .max): CardMeasure(),
        ]
    }

    @Test func measuresSurviveARoundTrip() throws {
        let table = Self.sample()
        let data = CardMeasureText.encode(table)
        #expect(CardMeasureText.decode(data) == table)
        var reordered: [Fingerprint: CardMeasure] = [:]
        for (key, value) in table.sorted(by: { $0.key.low < $1.key.low }) { reordered[key] = value }
        #expect(CardMeasureText.encode(reordered) == data)
        #expect(CardMeasureText.decode(CardMeasureText.encode([:])) == [:])
    }

    @Test func aDamagedOrForeignFileIsNoCache() throws {
        let text = String(decoding: CardMeasureText.encode(Self.sample()), as: UTF8.self)
        let damaged = [
            "",
            "{\"format\":2,\"entries\":[]}",
            text.replacingOccurrences(of: "gazette-cards\t3", with: "gazette-cards\t2"),
            String(text.dropLast()),
            text.replacingOccurrences(of: "220:181", with: "220:x"),
            text.replacingOccurrences(of: "excerpt:", with: "footer:"),
            text.replacingOccurrences(of: "\t0\t", with: "\t0\t\t"),
        ]
        for file in damaged { #expect(CardMeasureText.decode(Data(file.utf8)) == nil, "\(file.debugDescription)") }
    }

    @Test func theCacheReadsBackWhatItSaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-cards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cards.txt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try CardMeasureText.encode(Self.sample()).write(to: file)
        let cache = CardMeasureCache(contentsOf: file)
        cache.save(to: file)
        #expect(CardMeasureText.decode(try Data(contentsOf: file)) == Self.sample())
    }
}

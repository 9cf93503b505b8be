import Foundation
import GazetteModel
import Memory
import Testing
import TextLayout

@testable import Site

/// The card-measure cache file: every measure survives a round trip, the file is the same
/// bytes whatever order the table was filled in, and anything that is not a whole file of this
/// format reads as no cache (the build then measures every card again).
@Suite struct CardMeasureFileTests {
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
        let data = CardMeasureFile.encode(table)
        #expect(CardMeasureFile.decode(data) == table)
        var reordered: [Fingerprint: CardMeasure] = [:]
        for (key, value) in table.sorted(by: { $0.key.low < $1.key.low }) { reordered[key] = value }
        #expect(CardMeasureFile.encode(reordered) == data)
        #expect(CardMeasureFile.decode(CardMeasureFile.encode([:])) == [:])
    }

    @Test func aDamagedOrForeignFileIsNoCache() throws {
        let data = CardMeasureFile.encode(Self.sample())
        var flipped = data
        flipped[flipped.count / 2] ^= 0x01
        let damaged = [
            Data(), Data("{\"format\":2,\"entries\":[]}".utf8), Data("gazette-cards\t3\n1\t2\t220:181\t\n".utf8),
            data.dropLast(), flipped, data + Data([0]),
            MemoryFile.encode(MemoryFile.Kind("cards", version: CardMeasureFile.kind.version - 1)) { $0.unsigned(0) },
            MemoryFile.encode(MemoryFile.Kind("bodies", version: CardMeasureFile.kind.version)) { $0.unsigned(0) },
        ]
        for file in damaged { #expect(CardMeasureFile.decode(file) == nil, "\(file.count) bytes") }
    }

    @Test func theCacheReadsBackWhatItSaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-cards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cards.bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try CardMeasureFile.encode(Self.sample()).write(to: file)
        let cache = CardMeasureMemo(contentsOf: file)
        cache.save(to: file)
        #expect(CardMeasureFile.decode(try Data(contentsOf: file)) == Self.sample())
    }
}

/// The card-measure memo in `serve`: a save whose cards are all as the last build's takes the
/// last measures whole, without measuring (not even an empty batch) or asking for a name; one
/// changed card is measured alone; other fonts, or a card gone, go the whole way again.
@Suite struct CardMeasureMemoTests {
    static func text(_ title: String) -> CardText {
        CardText(title: title, updated: "2026-12-01", author: nil, tags: [], excerptRuns: [], isBookmark: false, articleTitle: nil, publisher: nil)
    }

    @Test func cardsAsTheLastBuildsAreTakenByPlace() {
        let memo = CardMeasureMemo()
        var batches: [[String]] = []
        func measures(_ texts: [CardText], fonts: String = "f1") -> [Int] {
            memo.measures(of: texts, fonts: fonts) { batch in
                batches.append(batch.map(\.title))
                return batch.map { var measure = CardMeasure(); measure.heights = [220: 100 + $0.title.count]; return measure }
            }.map { $0.heights[220] ?? 0 }
        }
        let texts = ["a", "bb", "ccc"].map(Self.text)
        #expect(measures(texts) == [101, 102, 103])
        memo.endBuild()
        #expect(measures(texts) == [101, 102, 103])
        #expect(batches == [["a", "bb", "ccc"]], "all as before: nothing measured, not even an empty batch")
        memo.endBuild()
        #expect(memo.lastBuild == .init(found: 3, made: 0), "every card counts as asked for: none is let go")
        // Equal texts in new boxes (the config read again) are equal cards.
        #expect(measures(["a", "bb", "ccc"].map(Self.text)) == [101, 102, 103])
        #expect(batches.count == 1)
        memo.endBuild()
        // One card changed: measured alone; the others found by their keys.
        #expect(measures([texts[0], Self.text("dddd"), texts[2]]) == [101, 104, 103])
        #expect(batches.last == ["dddd"])
        memo.endBuild()
        #expect(memo.lastBuild == .init(found: 2, made: 1))
        // A card gone, then other fonts: the whole way, nothing taken by place.
        #expect(measures([texts[0], texts[2]]) == [101, 103])
        #expect(batches.last == [])
        memo.endBuild()
        #expect(measures([texts[0], texts[2]], fonts: "f2") == [101, 103])
        #expect(batches.last == ["a", "ccc"], "other fonts: measured again")
    }

    /// The memo of a build of its own (no list by place: what that saves in memory shows in
    /// `make bench-scale`, not here) measures only the cards it does not hold, each text once.
    @Test func aBuildOfItsOwnFindsCardsByKeyAlone() {
        let memo = CardMeasureMemo(forSaves: false)
        var batches: [[String]] = []
        func measures(_ texts: [CardText]) -> [Int] {
            memo.measures(of: texts, fonts: "f1") { batch in
                batches.append(batch.map(\.title))
                return batch.map { var measure = CardMeasure(); measure.heights = [220: 100 + $0.title.count]; return measure }
            }.map { $0.heights[220] ?? 0 }
        }
        #expect(measures(["a", "bb", "a"].map(Self.text)) == [101, 102, 101])
        #expect(batches == [["a", "bb"]])
        memo.endBuild()
        #expect(measures(["bb", "ccc"].map(Self.text)) == [102, 103])
        #expect(batches.last == ["ccc"])
        memo.endBuild()
        #expect(memo.lastBuild == .init(found: 1, made: 1))
    }
}

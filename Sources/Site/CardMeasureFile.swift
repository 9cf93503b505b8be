import Foundation
import GazetteModel
import Memory
import TextLayout

/// `CardMeasureMemo`'s file (`.gazette/cache/cards.bin`): a `MemoryFile` of kind `cards`, the
/// count, then each card by key: its key, its heights (width, height), and its forced breaks
/// (block, run, offset, the widths). Written and read in one pass over its bytes (Foundation's
/// JSON coders once built a tree of the whole cache first: 60 MB for the 4 MB file of 30,000
/// cards, at the end of a build).
enum CardMeasureFile {
    static let kind = MemoryFile.Kind("cards", version: 4)

    static func encode(_ table: [Fingerprint: CardMeasure]) -> Data {
        MemoryFile.encode(kind) { put(table, $0) }
    }

    /// Writes the table atomically (`MemoryFile.write`).
    static func write(_ table: [Fingerprint: CardMeasure], to file: URL) throws {
        try MemoryFile.write(kind, to: file) { put(table, $0) }
    }

    private static func put(_ table: [Fingerprint: CardMeasure], _ writer: MemoryFile.Writer) {
        writer.unsigned(UInt64(table.count))
        for (key, measure) in table.sorted(by: { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }) {
            writer.fingerprint(key)
            writer.unsigned(UInt64(measure.heights.count))
            for (width, height) in measure.heights.sorted(by: { $0.key < $1.key }) {
                writer.integer(width)
                writer.integer(height)
            }
            let breaks = CardBlock.allCases.flatMap { block in
                (measure.breaks[block] ?? [:]).sorted { $0.key < $1.key }.map { (block, $0.key, $0.value) }
            }
            writer.unsigned(UInt64(breaks.count))
            for (block, position, widths) in breaks {
                writer.string(block.rawValue)
                writer.integer(position.run)
                writer.integer(position.offset)
                writer.unsigned(UInt64(widths.count))
                for width in widths { writer.integer(width) }
            }
        }
    }

    /// The table `encode` wrote, or nil for a file of another kind or version, or damaged.
    static func decode(_ data: Data) -> [Fingerprint: CardMeasure]? {
        MemoryFile.decode(data, kind) { reader -> [Fingerprint: CardMeasure]? in
            guard let count = reader.count() else { return nil }
            var table: [Fingerprint: CardMeasure] = [:]
            table.reserveCapacity(count)
            for _ in 0..<count {
                guard let key = reader.fingerprint(), let heights = reader.count() else { return nil }
                var measure = CardMeasure()
                for _ in 0..<heights {
                    guard let width = reader.integer(), let height = reader.integer() else { return nil }
                    measure.heights[width] = height
                }
                guard let breaks = reader.count() else { return nil }
                for _ in 0..<breaks {
                    guard let block = reader.string().flatMap(CardBlock.init(rawValue:)), let run = reader.integer(), let offset = reader.integer(),
                        let widthCount = reader.count()
                    else { return nil }
                    var widths: [Int] = []
                    for _ in 0..<widthCount {
                        guard let width = reader.integer() else { return nil }
                        widths.append(width)
                    }
                    measure.breaks[block, default: [:]][TextPosition(run: run, offset: offset)] = widths
                }
                table[key] = measure
            }
            return table
        }
    }
}

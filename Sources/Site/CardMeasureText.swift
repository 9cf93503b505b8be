import Foundation
import GazetteModel
import TextLayout

/// `CardMeasureCache`'s file (`.gazette/cache/cards.txt`): one card a line, sorted by key, so it
/// is written and read in one pass over its bytes. Foundation's JSON coders built a tree of the
/// whole cache first: 60 MB for the 4 MB file of 30,000 cards, at the end of a build, when
/// everything else a build holds is still there.
///
///     gazette-cards  <format>
///     <key high>  <key low>  <width>:<height> …  <block>:<run>:<offset>:<width>,<width>… …
///
/// Fields are separated by tabs, the items inside one by spaces; a card without forced breaks
/// has an empty last field.
enum CardMeasureText {
    static let format = 3

    static func encode(_ table: [Fingerprint: CardMeasure]) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 + table.count * 128)
        func append(_ text: String) { out.append(contentsOf: text.utf8) }
        append("gazette-cards\t\(format)\n")
        for (key, measure) in table.sorted(by: { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }) {
            append("\(key.high)\t\(key.low)\t")
            append(measure.heights.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: " "))
            out.append(UInt8(ascii: "\t"))
            var first = true
            for block in CardBlock.allCases {
                for (position, widths) in (measure.breaks[block] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    if !first { out.append(UInt8(ascii: " ")) }
                    first = false
                    append("\(block.rawValue):\(position.run):\(position.offset):")
                    append(widths.map(String.init).joined(separator: ","))
                }
            }
            out.append(UInt8(ascii: "\n"))
        }
        return Data(out)
    }

    /// The table `encode` wrote, or nil for a file of another format or not well formed.
    static func decode(_ data: Data) -> [Fingerprint: CardMeasure]? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "gazette-cards\t\(format)", lines.last == "" else { return nil }
        var table: [Fingerprint: CardMeasure] = [:]
        table.reserveCapacity(lines.count)
        for line in lines.dropFirst().dropLast() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let high = UInt64(fields[0]), let low = UInt64(fields[1]) else { return nil }
            var measure = CardMeasure()
            for item in fields[2].split(separator: " ") {
                let parts = item.split(separator: ":")
                guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
                measure.heights[width] = height
            }
            for item in fields[3].split(separator: " ") {
                let parts = item.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 4, let block = CardBlock(rawValue: String(parts[0])), let run = Int(parts[1]), let offset = Int(parts[2])
                else { return nil }
                var widths: [Int] = []
                for width in parts[3].split(separator: ",") {
                    guard let width = Int(width) else { return nil }
                    widths.append(width)
                }
                measure.breaks[block, default: [:]][TextPosition(run: run, offset: offset)] = widths
            }
            table[Fingerprint(high: high, low: low)] = measure
        }
        return table
    }
}

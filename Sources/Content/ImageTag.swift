import Foundation
import GazetteModel

/// An `<img>` tag as a journal holds it when another editor wrote it (Typora writes one for a
/// picture resized in place: `<img src="chart.png" alt="차트" style="zoom:50%;" />`), read for
/// the Markdown picture that does the same: `![차트](chart.png)`. Only the tag's text is read.
public struct ImageTag: Sendable, Equatable {
    /// The `src` and `alt` attributes as written (entities for quotes and `&` read).
    public var source: String
    public var alt: String
    /// The byte offset just past the tag's `>` in the line it was read from.
    public var end: Int

    /// The tag starting at byte `start` of `line` (`<img`, any case), if it ends on that line and
    /// has a `src`.
    public static func read(_ line: [UInt8], at start: Int) -> ImageTag? {
        let lower = line.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard start >= 0, start + 5 <= line.count, Array(lower[start..<(start + 4)]) == Array("<img".utf8),
            [0x20, 0x09, 0x2F, 0x3E].contains(line[start + 4])
        else { return nil }
        var attributes: [String: String] = [:]
        var index = start + 4
        func skipSpace() { while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 } }
        while true {
            skipSpace()
            guard index < line.count else { return nil }
            if line[index] == 0x3E || (line[index] == 0x2F && index + 1 < line.count && line[index + 1] == 0x3E) {
                index += line[index] == 0x3E ? 1 : 2
                break
            }
            let nameStart = index
            while index < line.count, ![0x20, 0x09, 0x3D, 0x3E, 0x2F].contains(line[index]) { index += 1 }
            let name = String(decoding: lower[nameStart..<index], as: UTF8.self)
            skipSpace()
            var value = ""
            if index < line.count, line[index] == 0x3D {
                index += 1
                skipSpace()
                guard index < line.count else { return nil }
                if line[index] == 0x22 || line[index] == 0x27 {
                    let quote = line[index]
                    index += 1
                    let valueStart = index
                    while index < line.count, line[index] != quote { index += 1 }
                    guard index < line.count else { return nil }
                    value = String(decoding: line[valueStart..<index], as: UTF8.self)
                    index += 1
                } else {
                    let valueStart = index
                    while index < line.count, ![0x20, 0x09, 0x3E].contains(line[index]) { index += 1 }
                    value = String(decoding: line[valueStart..<index], as: UTF8.self)
                }
            }
            guard !name.isEmpty else { return nil }
            if attributes[name] == nil { attributes[name] = value }
        }
        func text(_ value: String) -> String {
            guard value.contains("&") else { return value }
            var value = value
            for (entity, character) in [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
                value = value.replacingOccurrences(of: entity, with: character)
            }
            return value
        }
        guard let source = attributes["src"].map(text), !source.isEmpty else { return nil }
        return ImageTag(source: source, alt: text(attributes["alt"] ?? ""), end: index)
    }

    /// The Markdown picture for this tag: a file on the member's own computer by its name (to be
    /// copied beside the journal), an address with a space in `<>`.
    public var markdown: String {
        let address = LocalFilePath.fileName(of: source) ?? source
        let alt = alt.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
        return "![\(alt)](\(address.contains(" ") ? "<\(address)>" : address))"
    }

    /// Whether `source` is a file on the member's computer, which must be copied into the site.
    public var isLocalFile: Bool { LocalFilePath.fileName(of: source) != nil }
}

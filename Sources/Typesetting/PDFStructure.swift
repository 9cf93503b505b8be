import Foundation
import GazetteModel

/// What cairo 1.16 cannot say about a tagged PDF, written into the file cairo made: the
/// document's language and "show the title, not the file name" in the catalog, the language of
/// elements in another one, and what is drawn in no element marked as an artifact in each
/// page's content stream. cairo writes the structure elements as plain objects, numbered in the
/// order they were begun; `elements` lists them in that order. The file is written again with
/// those objects replaced (an incremental update would keep both copies of every page's
/// stream); every other object's bytes are copied as they are, and the same input gives the
/// same bytes.
enum PDFStructure {
    static func update(_ data: Data, language: String?, elements: [(tag: String, language: String?)]) -> Data {
        let bytes = [UInt8](data)
        guard let file = PDFFile(bytes) else { return data }
        var replaced: [Int: [UInt8]] = [:]
        if let root = file.trailerReference("Root"), let catalog = file.object(root), catalog.contains("/Type /Catalog") {
            var additions = " /ViewerPreferences << /DisplayDocTitle true >>"
            if let language { additions = " /Lang \(literal(language))" + additions }
            replaced[root] = Array(insertBeforeClose(catalog, additions).utf8)
        }
        // Elements in another language than the document's.
        let structure = file.numbers.filter { file.holds("/Type /StructElem", $0) }
        if structure.count == elements.count {
            for (number, element) in zip(structure, elements) {
                if let lang = element.language, let text = file.object(number) {
                    replaced[number] = Array(insertBeforeClose(text, " /Lang \(literal(lang))").utf8)
                }
            }
        }
        // Each page's stream inflated, marked and deflated again, pages on all cores.
        let contents = file.numbers.compactMap { number -> Int? in
            guard file.holds("/Type /Page", number), !file.holds("/Type /Pages", number), let page = file.object(number) else { return nil }
            return reference(after: "/Contents ", in: page)
        }
        let streams = contents.concurrentMap { number -> (Int, [UInt8])? in
            guard let stream = file.stream(number), let inflated = Zlib.decompress(Data(stream), format: .zlib),
                let marked = markingArtifacts([UInt8](inflated)), let deflated = Zlib.compress(marked, format: .zlib)
            else { return nil }
            return (number, Array("<< /Length \(deflated.count) /Filter /FlateDecode >>\nstream\n".utf8) + [UInt8](deflated) + Array("\nendstream".utf8))
        }
        for case let (number, stream)? in streams { replaced[number] = stream }
        guard !replaced.isEmpty else { return data }
        return file.rewritten(replacing: replaced)
    }

    /// A PDF text string: ASCII as a literal, anything else as UTF-16BE with a byte order mark.
    static func literal(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) && !"()\\".unicodeScalars.contains($0) }) { return "(\(text))" }
        return "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// `dictionary` (`<< … >>`) with `text` before its closing `>>`.
    static func insertBeforeClose(_ dictionary: String, _ text: String) -> String {
        guard let close = dictionary.range(of: ">>", options: .backwards) else { return dictionary }
        return dictionary.replacingCharacters(in: close, with: text + "\n>>")
    }

    /// The object number of the reference (`12 0 R`) right after `key` in `text`.
    static func reference(after key: String, in text: String) -> Int? {
        guard let start = text.range(of: key) else { return nil }
        let digits = text[start.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    /// A page's content stream with what is drawn outside every marked-content sequence (what
    /// cairo drew in no structure element: the running header, the page number, rules, a table
    /// header drawn again) marked as an artifact: each text object, path and painted object there
    /// goes in an `/Artifact BMC … EMC` of its own. cairo ends a line after the last operator of
    /// a run (`0 0 0 rg BT`, `10 M 56 63 m 539 63 l S`); nil (the stream left as it is) for
    /// what this does not expect, or when a wrapped run would split a `q … Q`.
    static func markingArtifacts(_ stream: [UInt8]) -> [UInt8]? {
        let lines = stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let painting: Set<String> = ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Do", "sh"]
        let construction: Set<String> = ["m", "l", "c", "v", "y", "h", "re", "W", "W*"]
        var out: [UInt8] = []
        out.reserveCapacity(stream.count + stream.count / 8)
        var depth = 0
        var marked = 0
        var pathStart: Int?
        func emit(_ range: Range<Int>, artifact: Bool) -> Bool {
            guard !range.isEmpty else { return true }
            if artifact {
                var saves = 0
                for line in lines[range] {
                    for token in line.split(separator: UInt8(ascii: " ")) where token.count == 1 {
                        if token.first == UInt8(ascii: "q") { saves += 1 }
                        if token.first == UInt8(ascii: "Q") { saves -= 1 }
                        if saves < 0 { return false }
                    }
                }
                guard saves == 0 else { return false }
                out += Array("/Artifact BMC\n".utf8)
                marked += 1
            }
            for line in lines[range] {
                out += line
                out.append(UInt8(ascii: "\n"))
            }
            if artifact { out += Array("EMC\n".utf8) }
            return true
        }
        var index = 0
        while index < lines.count {
            let op = operatorName(lines[index])
            if op == "BDC" || op == "BMC" || op == "EMC" {
                if let start = pathStart, !emit(start..<index, artifact: false) { return nil }
                pathStart = nil
                depth += op == "EMC" ? -1 : 1
                guard depth >= 0, emit(index..<index + 1, artifact: false) else { return nil }
                index += 1
                continue
            }
            guard depth == 0 else {
                _ = emit(index..<index + 1, artifact: false)
                index += 1
                continue
            }
            if op == "BT" {
                if let start = pathStart, !emit(start..<index, artifact: false) { return nil }
                pathStart = nil
                guard let end = lines[index...].firstIndex(where: { operatorName($0) == "ET" }),
                    !lines[index...end].contains(where: { ["BDC", "BMC", "EMC"].contains(operatorName($0)) }),
                    emit(index..<end + 1, artifact: true)
                else { return nil }
                index = end + 1
            } else if painting.contains(op) {
                guard emit((pathStart ?? index)..<index + 1, artifact: true) else { return nil }
                pathStart = nil
                index += 1
            } else if construction.contains(op) {
                if pathStart == nil { pathStart = index }
                index += 1
            } else {
                // State, or a path ended without paint (`W n`, a clip): as it is.
                let start = pathStart ?? index
                pathStart = nil
                guard emit(start..<index + 1, artifact: false) else { return nil }
                index += 1
            }
        }
        if let start = pathStart, !emit(start..<lines.count, artifact: false) { return nil }
        guard depth == 0, marked > 0 else { return nil }
        // Every line was written with a newline; the stream's last line had none.
        if stream.last != UInt8(ascii: "\n"), out.last == UInt8(ascii: "\n") { out.removeLast() }
        return out
    }

    /// The operator a content-stream line ends with (`Tj`, `re`, `f*`, `BDC`).
    static func operatorName(_ line: ArraySlice<UInt8>) -> String {
        var end = line.endIndex
        while end > line.startIndex, [9, 13, 32].contains(line[end - 1]) { end -= 1 }
        var start = end
        while start > line.startIndex {
            let byte = line[start - 1]
            let isLetter = (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "'")
                || byte == UInt8(ascii: "\"")
            guard isLetter else { break }
            start -= 1
        }
        return String(decoding: line[start..<end], as: UTF8.self)
    }

}

/// The parts of a PDF written by cairo that `PDFStructure` reads: the cross-reference table
/// (one section), the trailer, and uncompressed objects by number.
struct PDFFile {
    let bytes: [UInt8]
    let xref: Int
    let size: Int
    /// Offsets of the objects in use, by number.
    let offsets: [Int: Int]
    let trailer: String

    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        let tail = String(decoding: bytes.suffix(64), as: UTF8.self)
        guard let marker = tail.range(of: "startxref", options: .backwards),
            let xref = Int(tail[marker.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0.isNumber }),
            xref + 4 <= bytes.count, Array(bytes[xref..<xref + 4]) == Array("xref".utf8)
        else { return nil }
        self.xref = xref
        var index = xref + 4
        func skip() { while index < bytes.count, [10, 13, 32].contains(bytes[index]) { index += 1 } }
        func number() -> Int? {
            skip()
            var value = 0, digits = 0
            while index < bytes.count, (48...57).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        guard let first = number(), let count = number() else { return nil }
        skip()
        guard index + count * 20 <= bytes.count else { return nil }
        var offsets: [Int: Int] = [:]
        for entry in 0..<count {
            let at = index + entry * 20
            guard bytes[at + 17] == UInt8(ascii: "n"), let offset = Int(String(decoding: bytes[at..<at + 10], as: UTF8.self)) else { continue }
            offsets[first + entry] = offset
        }
        self.offsets = offsets
        size = first + count
        let rest = String(decoding: bytes[(index + count * 20)...], as: UTF8.self)
        guard let start = rest.range(of: "trailer") else { return nil }
        trailer = String(rest[start.upperBound...])
    }

    var numbers: [Int] { offsets.keys.sorted() }

    /// Where object `number`'s text starts and ends (before `stream` or `endobj`, whichever
    /// comes first), and whether a stream follows: one scan of its dictionary, never of its stream.
    func extent(_ number: Int) -> (text: Range<Int>, isStream: Bool)? {
        guard let offset = offsets[number] else { return nil }
        let header = Array("\(number) 0 obj".utf8)
        guard offset + header.count <= bytes.count, bytes[offset..<offset + header.count].elementsEqual(header) else { return nil }
        let start = offset + header.count
        let endobj = Array("endobj".utf8), stream = Array("stream".utf8)
        var index = start
        while index + 6 <= bytes.count {
            let byte = bytes[index]
            if byte == endobj[0], bytes[index..<index + 6].elementsEqual(endobj) { return (start..<index, false) }
            if byte == stream[0], bytes[index..<index + 6].elementsEqual(stream) { return (start..<index, true) }
            index += 1
        }
        return nil
    }

    /// The text between `N 0 obj` and `endobj` of an object without a stream.
    func object(_ number: Int) -> String? {
        guard let extent = extent(number), !extent.isStream else { return nil }
        return String(decoding: bytes[extent.text], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The raw bytes of stream object `number` (still encoded), its length direct or in an
    /// object of its own, as cairo writes it.
    func stream(_ number: Int) -> ArraySlice<UInt8>? {
        guard let extent = extent(number), extent.isStream else { return nil }
        let dictionary = String(decoding: bytes[extent.text], as: UTF8.self)
        guard let lengthKey = dictionary.range(of: "/Length ") else { return nil }
        let after = dictionary[lengthKey.upperBound...]
        let digits = after.prefix { $0.isNumber }
        guard var length = Int(digits) else { return nil }
        if after.dropFirst(digits.count).hasPrefix(" 0 R") {
            guard let text = object(length), let direct = Int(text) else { return nil }
            length = direct
        }
        var start = extent.text.upperBound + "stream".utf8.count
        if start < bytes.count, bytes[start] == 13 { start += 1 }
        if start < bytes.count, bytes[start] == 10 { start += 1 }
        guard start + length <= bytes.count else { return nil }
        return bytes[start..<start + length]
    }

    /// Whether object `number`'s dictionary holds `word` (`/Type /StructElem`), from its bytes.
    func holds(_ word: String, _ number: Int) -> Bool {
        guard let extent = extent(number) else { return false }
        return Self.marker(word, in: bytes, from: extent.text.lowerBound, before: extent.text.upperBound) != nil
    }

    /// Where `word` first starts in `bytes` from `start` (before `limit`, else in the next 64 KB).
    static func marker(_ word: String, in bytes: [UInt8], from start: Int, before limit: Int? = nil) -> Int? {
        let needle = Array(word.utf8)
        let last = min(bytes.count, limit ?? start + 65_536) - needle.count
        guard start <= last else { return nil }
        var index = start
        while index <= last {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The file with the objects in `replacing` (number → the text between `N 0 obj` and
    /// `endobj`) written in place of theirs, the others copied byte for byte in their order,
    /// and a new cross-reference table and trailer.
    func rewritten(replacing replaced: [Int: [UInt8]]) -> Data {
        let order = offsets.sorted { $0.value < $1.value }
        guard let first = order.first?.value else { return Data(bytes) }
        var out = Array(bytes[..<first])
        out.reserveCapacity(bytes.count + replaced.values.reduce(0) { $0 + $1.count })
        var newOffsets: [Int: Int] = [:]
        for (position, (number, offset)) in order.enumerated() {
            let end = position + 1 < order.count ? order[position + 1].value : xref
            newOffsets[number] = out.count
            if let replacement = replaced[number] {
                out += Array("\(number) 0 obj\n".utf8) + replacement + Array("\nendobj\n".utf8)
            } else {
                out += bytes[offset..<end]
            }
        }
        let table = out.count
        var text = "xref\n0 \(size)\n0000000000 65535 f \n"
        for number in 1..<max(1, size) {
            if let offset = newOffsets[number] {
                text += String(repeating: "0", count: max(0, 10 - String(offset).count)) + "\(offset) 00000 n \n"
            } else {
                text += "0000000000 65535 f \n"
            }
        }
        text += "trailer\n<< /Size \(size)"
        for key in ["Root", "Info"] { if let value = trailerReference(key) { text += " /\(key) \(value) 0 R" } }
        if let id = trailerValue("ID") { text += " /ID \(id)" }
        text += " >>\nstartxref\n\(table)\n%%EOF\n"
        out += Array(text.utf8)
        return Data(out)
    }

    func trailerReference(_ key: String) -> Int? { PDFStructure.reference(after: "/\(key) ", in: trailer) }

    /// The text of a trailer value that is an array (`/ID [<…> <…>]`).
    func trailerValue(_ key: String) -> String? {
        guard let start = trailer.range(of: "/\(key) ") else { return nil }
        let value = trailer[start.upperBound...]
        guard value.first == "[", let close = value.firstIndex(of: "]") else { return nil }
        return String(value[...close])
    }
}

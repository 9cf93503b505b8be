import Foundation

/// What cairo 1.16 cannot say about a tagged PDF, added as an incremental update (new versions
/// of a few objects appended after the file, with a cross-reference section of their own): the
/// document's language and "show the title, not the file name" in the catalog, and the
/// language of elements in another one. cairo writes the
/// structure elements as plain objects, numbered in the order they were begun; `elements`
/// lists them in that order. Nothing before the update moves, and the same input gives the
/// same bytes.
enum PDFStructure {
    static func update(_ data: Data, language: String?, elements: [(tag: String, language: String?)]) -> Data {
        let bytes = [UInt8](data)
        guard let file = PDFFile(bytes) else { return data }
        var replaced: [Int: String] = [:]
        if let root = file.trailerReference("Root"), var catalog = file.object(root), catalog.contains("/Type /Catalog") {
            var additions = " /ViewerPreferences << /DisplayDocTitle true >>"
            if let language { additions = " /Lang \(literal(language))" + additions }
            catalog = insertBeforeClose(catalog, additions)
            replaced[root] = catalog
        }
        // Elements in another language than the document's.
        let structure = file.numbers.filter(file.isStructureElement)
        if structure.count == elements.count {
            for (number, element) in zip(structure, elements) {
                if let lang = element.language, let text = file.object(number) { replaced[number] = insertBeforeClose(text, " /Lang \(literal(lang))") }
            }
        }
        guard !replaced.isEmpty else { return data }
        var out = bytes
        var offsets: [(Int, Int)] = []
        for number in replaced.keys.sorted() {
            offsets.append((number, out.count))
            out += Array("\(number) 0 obj\n\(replaced[number] ?? "")\nendobj\n".utf8)
        }
        let xref = out.count
        var table = "xref\n0 1\n0000000000 65535 f \n"
        for (number, offset) in offsets {
            table += "\(number) 1\n" + String(repeating: "0", count: max(0, 10 - String(offset).count)) + "\(offset) 00000 n \n"
        }
        var trailer = "trailer\n<< /Size \(file.size) /Prev \(file.xref)"
        for key in ["Root", "Info"] { if let value = file.trailerReference(key) { trailer += " /\(key) \(value) 0 R" } }
        if let id = file.trailerValue("ID") { trailer += " /ID \(id)" }
        trailer += " >>\nstartxref\n\(xref)\n%%EOF\n"
        out += Array((table + trailer).utf8)
        return Data(out)
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

    /// The text between `N 0 obj` and `endobj` of an object without a stream, read from the
    /// bytes without decoding the rest of the file.
    func object(_ number: Int) -> String? {
        guard let offset = offsets[number] else { return nil }
        let header = Array("\(number) 0 obj".utf8)
        guard offset + header.count <= bytes.count, bytes[offset..<offset + header.count].elementsEqual(header) else { return nil }
        let start = offset + header.count
        let end = Self.marker("endobj", in: bytes, from: start)
        // A stream's object (the word comes before its end) is not read here.
        guard let end, Self.marker("stream", in: bytes, from: start, before: end) == nil else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether object `number` is a structure element, from its bytes.
    func isStructureElement(_ number: Int) -> Bool {
        guard let offset = offsets[number] else { return false }
        let end = Self.marker("endobj", in: bytes, from: offset) ?? offset
        return Self.marker("/Type /StructElem", in: bytes, from: offset, before: end) != nil
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

    func trailerReference(_ key: String) -> Int? { PDFStructure.reference(after: "/\(key) ", in: trailer) }

    /// The text of a trailer value that is an array (`/ID [<…> <…>]`).
    func trailerValue(_ key: String) -> String? {
        guard let start = trailer.range(of: "/\(key) ") else { return nil }
        let value = trailer[start.upperBound...]
        guard value.first == "[", let close = value.firstIndex(of: "]") else { return nil }
        return String(value[...close])
    }
}

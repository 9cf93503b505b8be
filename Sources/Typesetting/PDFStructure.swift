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
    /// A structure element as begun: its tag, its language when not the document's, and what
    /// else its dictionary says (a figure's `/Alt` and `/A << /BBox … >>`).
    struct Element: Sendable {
        var tag: String
        var language: String?
        var attributes: String?
    }

    /// The document as cairo wrote it, completed in one rewrite: the catalog's language,
    /// `DisplayDocTitle` and, for a document's leading part, its XMP `metadata` (a stream added
    /// after the last object; the parts joined after keep the first part's catalog and objects).
    ///
    /// `text` is what Gazette wrote of the pages' text (`PDFText`): each page's markers are
    /// replaced by its batches' operators, in order, and its fonts added to the file and to
    /// every page's resources. Nil when that cannot be done (a page whose markers and batches
    /// do not agree): its text would be lost.
    static func update(_ data: Data, language: String?, elements: [Element], metadata: XMPMetadata? = nil, text: PDFText? = nil) -> Data? {
        let bytes = [UInt8](data)
        guard let file = PDFFile(bytes) else { return text?.isEmpty == false ? nil : data }
        var replaced: [Int: [UInt8]] = [:]
        var appended: [[UInt8]] = []
        if let root = file.trailerReference("Root"), let catalog = file.object(root), UTF8Search.contains(catalog, "/Type /Catalog") {
            var additions = " /ViewerPreferences << /DisplayDocTitle true >>"
            if let language { additions = " /Lang \(literal(language))" + additions }
            if let metadata, !UTF8Search.contains(catalog, "/Metadata") {
                additions += " /Metadata \(file.size) 0 R"
                appended.append(metadataStream(metadata))
            }
            replaced[root] = Array(insertBeforeClose(catalog, additions).utf8)
        }
        // One look at each object's dictionary: structure elements, and pages' content streams.
        var structure: [Int] = []
        var contents: [Int] = []
        var plain: [Int] = []
        var pages: [(page: Int, contents: Int, resources: Int?)] = []
        for number in file.numbers {
            guard let extent = file.extent(number) else { continue }
            if extent.isStream {
                // cairo leaves its streams plain (`PDFCanvas`): each is deflated here.
                if !file.holds("/Filter", in: extent.text) { plain.append(number) }
            } else if file.holds("/Type /StructElem", in: extent.text) {
                structure.append(number)
            } else if file.holds("/Subtype /CIDFontType2", in: extent.text), let text = file.object(number), !UTF8Search.contains(text, "/CIDToGIDMap") {
                // cairo's TrueType subsets number their glyphs as their CIDs; PDF/UA (7.21.3.2)
                // asks the map to be said, not left to the default.
                replaced[number] = Array(insertBeforeClose(text, " /CIDToGIDMap /Identity").utf8)
            } else if file.holds("/Subtype /Link", in: extent.text), let text = file.object(number), !UTF8Search.contains(text, "/Contents") {
                // A link annotation says where it leads (PDF/UA 7.18.5): its address, or that it
                // goes to a place in the packet.
                if let description = linkDescription(text) {
                    replaced[number] = Array(insertBeforeClose(text, " /Contents \(description)").utf8)
                }
            } else if let stream = file.contentStream(of: extent) {
                contents.append(stream)
                pages.append((number, stream, file.object(number).flatMap { reference(after: "/Resources ", in: $0) }))
                // Pages with annotations take them in the order of the structure (7.18.3).
                if file.holds("/Annots", in: extent.text), let text = file.object(number), !UTF8Search.contains(text, "/Tabs") {
                    replaced[number] = Array(insertBeforeClose(text, " /Tabs /S").utf8)
                }
            }
        }
        // Elements in another language than the document's.
        if structure.count == elements.count {
            for (number, element) in zip(structure, elements) {
                let additions = (element.language.map { " /Lang \(literal($0))" } ?? "") + (element.attributes ?? "")
                if !additions.isEmpty, let text = file.object(number) {
                    replaced[number] = Array(insertBeforeClose(text, additions).utf8)
                }
            }
        }
        // The text Gazette wrote: each page's batches by its content stream, the fonts after
        // the objects cairo wrote, named in each page's resources.
        var batches: [Int: [[UInt8]]] = [:]
        if let text, !text.isEmpty {
            pages.sort { $0.page < $1.page }
            for (index, page) in pages.enumerated() where index < text.pages.count { batches[page.contents] = text.pages[index] }
            guard text.pages.dropFirst(pages.count).allSatisfy(\.isEmpty),
                let fonts = text.fontObjects(from: file.size + appended.count)
            else { return nil }
            appended += fonts.objects
            for resources in Set(pages.compactMap(\.resources)) {
                guard let dictionary = replaced[resources].map({ String(decoding: $0, as: UTF8.self) }) ?? file.object(resources) else { return nil }
                if let font = UTF8Search.range(of: "/Font <<", in: dictionary) {
                    replaced[resources] = Array((dictionary[..<font.upperBound] + fonts.resources + dictionary[font.upperBound...]).utf8)
                } else {
                    replaced[resources] = Array(insertBeforeClose(dictionary, " /Font <<\(fonts.resources) >>").utf8)
                }
            }
        }
        guard let streams = deflatedStreams(file, pages: contents, plain: plain, batches: batches) else { return nil }
        replaced.merge(streams) { _, deflated in deflated }
        guard !replaced.isEmpty || file.unwritten > 0 else { return data }
        return file.rewritten(replacing: replaced, appending: appended)
    }

    /// `content` with each of `PDFText`'s markers (`x y 0.375 0.125 re f`, where cairo may have
    /// put it on the line of the operator before) replaced by the next of `batches`; nil unless
    /// there are as many markers as batches.
    static func placingText(_ content: [UInt8], _ batches: [[UInt8]]) -> [UInt8]? {
        let suffix = PDFText.markerSuffix
        var out: [UInt8] = []
        out.reserveCapacity(content.count + batches.reduce(0) { $0 + $1.count })
        var copied = 0, placed = 0
        var index = 0
        let last = content.count - suffix.count
        while index <= last {
            if content[index] == suffix[0], content[index + 1] == suffix[1], content[index..<index + suffix.count].elementsEqual(suffix),
                index + suffix.count == content.count || content[index + suffix.count] == 10 || content[index + suffix.count] == 13
            {
                // Back over the rectangle's x and y.
                var lineStart = index
                for operand in 0..<2 {
                    if operand == 1, lineStart > copied, content[lineStart - 1] == 32 { lineStart -= 1 }
                    while lineStart > copied, content[lineStart - 1] == 45 || content[lineStart - 1] == 46 || (48...57).contains(content[lineStart - 1]) {
                        lineStart -= 1
                    }
                }
                guard placed < batches.count else { return nil }
                out += content[copied..<lineStart]
                out += batches[placed]
                placed += 1
                copied = index + suffix.count
                index = copied
            } else {
                index += 1
            }
        }
        guard placed == batches.count else { return nil }
        out += content[copied...]
        return out
    }

    /// The replacement text of each stream object that changed, on all cores: each page's
    /// content stream (`pages`) with its artifacts marked, and every stream cairo left `plain`,
    /// deflated. A page stream cairo deflated itself (a cairo that writes no plain streams) is
    /// inflated to be marked, and left as it is when it cannot be.
    private static func deflatedStreams(_ file: PDFFile, pages: [Int], plain: [Int], batches: [Int: [[UInt8]]] = [:]) -> [Int: [UInt8]]? {
        let isPage = Set(pages), isPlain = Set(plain)
        let streams = (pages.filter { !isPlain.contains($0) } + plain).concurrentMap { number -> (Int, [UInt8])?? in
            guard let (dictionary, stream) = file.stream(number) else { return .some(nil) }
            var content: [UInt8]
            if isPlain.contains(number) {
                content = [UInt8](stream)
                if let text = batches[number] {
                    guard let placed = placingText(content, text) else { return nil }
                    content = placed
                }
                if isPage.contains(number) {
                    content = droppingEmptySpans(content)
                    if let marked = markingArtifacts(content) { content = marked }
                }
            } else if batches[number] != nil {
                return nil
            } else {
                guard let inflated = Deflate.decompress(Data(stream), format: .zlib), let marked = markingArtifacts(droppingEmptySpans([UInt8](inflated)))
                else { return .some(nil) }
                content = marked
            }
            guard let deflated = Deflate.compress(content, format: .zlib) else { return batches[number] == nil ? .some(nil) : nil }
            let text = deflatedDictionary(dictionary, length: deflated.count) + "\nstream\n"
            return (number, Array(text.utf8) + [UInt8](deflated) + Array("\nendstream".utf8))
        }
        var replaced: [Int: [UInt8]] = [:]
        for stream in streams {
            // A page whose text could not be put in place: the document would lose it.
            guard let stream else { return nil }
            if let (number, bytes) = stream { replaced[number] = bytes }
        }
        return replaced
    }

    /// A stream's dictionary (`<< /Length 12 0 R … >>`) for its deflated bytes: `length` long
    /// (said directly: the object cairo wrote the length in is left unused), `/FlateDecode`,
    /// its other entries as they were (a font's `/Length1`).
    static func deflatedDictionary(_ dictionary: String, length: Int) -> String {
        var entries = UTF8Search.trimmingWhiteSpace(dictionary, newlines: true)
        guard entries.hasPrefix("<<"), entries.hasSuffix(">>") else { return "<< /Length \(length) /Filter /FlateDecode >>" }
        entries = String(entries.dropFirst(2).dropLast(2))
        if let key = UTF8Search.range(of: "/Length ", in: entries) {
            var end = entries[key.upperBound...].prefix { $0.isNumber }.endIndex
            if entries[end...].hasPrefix(" 0 R") { end = entries.index(end, offsetBy: 4) }
            entries.removeSubrange(key.lowerBound..<end)
        }
        let rest = entries.replacingOccurrences(of: "/Filter /FlateDecode", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        return "<< /Length \(length) /Filter /FlateDecode" + (rest.isEmpty ? "" : " " + rest) + " >>"
    }

    /// The XMP metadata stream object, uncompressed as XMP must be.
    static func metadataStream(_ metadata: XMPMetadata) -> [UInt8] {
        let xml = Array(metadata.xmp.utf8)
        return Array("<< /Type /Metadata /Subtype /XML /Length \(xml.count) >>\nstream\n".utf8) + xml + Array("\nendstream".utf8)
    }

    /// A link annotation's `/Contents`: its `/URI` string as written, or, for a link to a named
    /// destination, a description of that.
    static func linkDescription(_ annotation: String) -> String? {
        if let uri = UTF8Search.range(of: "/URI (", in: annotation) {
            var index = uri.upperBound
            var depth = 1, escaped = false
            while index < annotation.endIndex {
                let character = annotation[index]
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "(" { depth += 1 } else if character == ")" {
                    depth -= 1
                    if depth == 0 { return "(" + annotation[uri.upperBound..<index] + ")" }
                }
                index = annotation.index(after: index)
            }
            return nil
        }
        return UTF8Search.contains(annotation, "/Dest") ? literal("Link within the packet") : nil
    }

    /// A PDF text string: ASCII as a literal, anything else as UTF-16BE with a byte order mark.
    static func literal(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) && !"()\\".unicodeScalars.contains($0) }) { return "(\(text))" }
        // UTF-16BE in hex, four digits a unit (every Korean title and link of a packet comes
        // here: `String(format:)` per unit was a percent of its time).
        let digits = Array("0123456789ABCDEF".utf8)
        var hex: [UInt8] = Array("<FEFF".utf8)
        hex.reserveCapacity(6 + text.utf16.count * 4)
        for unit in text.utf16 {
            for shift in [12, 8, 4, 0] { hex.append(digits[Int(unit >> UInt16(shift)) & 0xF]) }
        }
        hex.append(UInt8(ascii: ">"))
        return String(decoding: hex, as: UTF8.self)
    }

    /// `dictionary` (`<< … >>`) with `text` before its closing `>>`.
    static func insertBeforeClose(_ dictionary: String, _ text: String) -> String {
        guard let close = UTF8Search.lastRange(of: ">>", in: dictionary) else { return dictionary }
        return String(dictionary[..<close.lowerBound]) + text + "\n>>" + dictionary[close.upperBound...]
    }

    /// The object number of the reference (`12 0 R`) right after `key` in `text`.
    static func reference(after key: String, in text: String) -> Int? {
        guard let start = UTF8Search.range(of: key, in: text) else { return nil }
        let digits = text[start.upperBound...].prefix { $0.isNumber }
        return Int(digits)
    }

    /// A page's content stream without the marked-content spans cairo writes for text no glyph
    /// draws (`/Span << /ActualText <feff200d> >> BDC` then `EMC` at once: the zero-width joiner
    /// of an emoji sequence the font sets as its separate emoji). Such a span holds nothing to
    /// read, and Poppler's reading of the structure's text ends the paragraph there, losing every
    /// word after it.
    static func droppingEmptySpans(_ stream: [UInt8]) -> [UInt8] {
        // Looked for by its rarer middle: `/` begins most of a content stream's operands.
        let before = Array("/Span << /".utf8), middle = Array("ActualText <".utf8), closing = Array("> >> BDC\nEMC\n".utf8)
        var out: [UInt8] = []
        var copied = 0, from = 0
        while let found = stream.withUnsafeBufferPointer({ UTF8Search.firstOffset(of: middle, in: UnsafeBufferPointer(rebasing: $0[from...])) }) {
            let start = from + found - before.count
            // The hex digits of the text, then the span closed on the next line.
            var end = from + found + middle.count
            while end < stream.count, (48...57).contains(stream[end]) || (97...102).contains(stream[end]) || (65...70).contains(stream[end]) { end += 1 }
            if start >= copied, stream[start...].starts(with: before), stream[end...].starts(with: closing) {
                if out.isEmpty { out.reserveCapacity(stream.count) }
                out += stream[copied..<start]
                copied = end + closing.count
            }
            from = end
        }
        guard copied > 0 else { return stream }
        out += stream[copied...]
        return out
    }

    /// A page's content stream with what is drawn outside every marked-content sequence (what
    /// cairo drew in no structure element: the running header, the page number, rules, a table
    /// header drawn again) marked as an artifact: each text object, path and painted object there
    /// goes in an `/Artifact BMC … EMC` of its own. cairo ends a line after the last operator of
    /// a run (`0 0 0 rg BT`, `10 M 56 63 m 539 63 l S`); nil (the stream left as it is) for
    /// what this does not expect, or when a wrapped run would split a `q … Q`. The stream is
    /// read once and copied in runs between the markers (a 900-journal packet's pages are 30 MB).
    static func markingArtifacts(_ stream: [UInt8]) -> [UInt8]? {
        // Each line's start and end (before its newline), and the operator it ends with.
        var lines: [(start: Int, end: Int, op: UInt32)] = []
        lines.reserveCapacity(stream.count / 16)
        var start = 0
        for (index, byte) in stream.enumerated() where byte == 10 {
            lines.append((start, index, operatorCode(stream, start, index)))
            start = index + 1
        }
        if start < stream.count { lines.append((start, stream.count, operatorCode(stream, start, stream.count))) }
        let painting: Set<UInt32> = Set(["S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Do", "sh"].map(\.packedASCII))
        let construction: Set<UInt32> = Set(["m", "l", "c", "v", "y", "h", "re", "W", "W*"].map(\.packedASCII))
        let bdc = "BDC".packedASCII, bmc = "BMC".packedASCII, emc = "EMC".packedASCII, bt = "BT".packedASCII, et = "ET".packedASCII
        // Artifacts as ranges of lines, first to last.
        var artifacts: [ClosedRange<Int>] = []
        var depth = 0
        var pathStart: Int?
        var index = 0
        while index < lines.count {
            let op = lines[index].op
            if op == bdc || op == bmc || op == emc {
                pathStart = nil
                depth += op == emc ? -1 : 1
                guard depth >= 0 else { return nil }
            } else if depth == 0 {
                if op == bt {
                    pathStart = nil
                    guard let end = lines[index...].firstIndex(where: { $0.op == et }),
                        !lines[index...end].contains(where: { $0.op == bdc || $0.op == bmc || $0.op == emc })
                    else { return nil }
                    artifacts.append(index...end)
                    index = end + 1
                    continue
                } else if painting.contains(op) {
                    artifacts.append((pathStart ?? index)...index)
                    pathStart = nil
                } else if construction.contains(op) {
                    if pathStart == nil { pathStart = index }
                } else {
                    // State, or a path ended without paint (`W n`, a clip): as it is.
                    pathStart = nil
                }
            }
            index += 1
        }
        guard depth == 0, !artifacts.isEmpty else { return nil }
        // No artifact may hold a `q` without its `Q`.
        for range in artifacts {
            var saves = 0
            for line in lines[range] {
                for token in stream[line.start..<line.end].split(separator: 32) where token.count == 1 {
                    if token.first == UInt8(ascii: "q") { saves += 1 }
                    if token.first == UInt8(ascii: "Q") { saves -= 1 }
                    if saves < 0 { return nil }
                }
            }
            guard saves == 0 else { return nil }
        }
        let open = Array("/Artifact BMC\n".utf8), close = Array("EMC\n".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(stream.count + artifacts.count * (open.count + close.count + 1))
        var copied = 0
        for range in artifacts {
            let from = lines[range.lowerBound].start, to = lines[range.upperBound].end
            out += stream[copied..<from]
            out += open
            out += stream[from..<to]
            out.append(10)
            out += close
            // The artifact's own newline was written above.
            copied = min(stream.count, to + 1)
        }
        out += stream[copied...]
        // A stream whose last line was an artifact and had no newline keeps none after `EMC`.
        if stream.last != 10, copied >= stream.count, out.last == 10 { out.removeLast() }
        return out
    }

    /// The operator a content-stream line (`stream[start..<end]`) ends with, as `packedASCII`
    /// packs its name;
    /// 0 for a line that ends with none (or with a word longer than any operator Gazette uses).
    static func operatorCode(_ stream: [UInt8], _ start: Int, _ end: Int) -> UInt32 {
        var last = end
        while last > start, stream[last - 1] == 32 || stream[last - 1] == 13 || stream[last - 1] == 9 { last -= 1 }
        var first = last
        while first > start {
            let byte = stream[first - 1]
            guard (65...90).contains(byte) || (97...122).contains(byte) || byte == 42 || byte == 39 || byte == 34 else { break }
            first -= 1
            if last - first > 3 { return 0 }
        }
        var value: UInt32 = 0
        for index in first..<last { value = value << 8 | UInt32(stream[index]) }
        return value
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
    /// Entries the table marks in use whose object was never written: cairo 1.16 reserves
    /// object numbers for a structure tree whenever a link tag is used and may not write them,
    /// pointing their entries at another object's offset (`qpdf --check` calls that damage).
    /// They are left out of `offsets`, so `rewritten` marks them free.
    let unwritten: Int
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
        var unwritten = 0
        for entry in 0..<count {
            let at = index + entry * 20
            guard bytes[at + 17] == UInt8(ascii: "n"), let offset = Int(String(decoding: bytes[at..<at + 10], as: UTF8.self)) else { continue }
            let header = Array("\(first + entry) 0 obj".utf8)
            guard offset + header.count <= bytes.count, bytes[offset..<offset + header.count].elementsEqual(header) else {
                unwritten += 1
                continue
            }
            offsets[first + entry] = offset
        }
        self.offsets = offsets
        self.unwritten = unwritten
        size = first + count
        let rest = String(decoding: bytes[(index + count * 20)...], as: UTF8.self)
        guard let start = rest.range(of: "trailer") else { return nil }
        trailer = String(rest[start.upperBound...])
    }

    var numbers: [Int] { offsets.keys.sorted() }

    /// Where object `number`'s text starts and ends (before `stream` or `endobj`, whichever
    /// comes first), and whether a stream follows: one scan of its dictionary, never of its stream.
    func extent(_ number: Int) -> (text: Range<Int>, isStream: Bool)? {
        // `init` kept only the offsets where the object's header is.
        guard let offset = offsets[number] else { return nil }
        let start = offset + "\(number) 0 obj".utf8.count
        let endobj = Array("endobj".utf8), stream = Array("stream".utf8)
        var index = start
        while index + 6 <= bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "(") {
                // A literal string (a title, an address, a destination's name) may hold either word.
                index = Self.afterLiteral(bytes, at: index)
                continue
            }
            if byte == endobj[0], bytes[index..<index + 6].elementsEqual(endobj) { return (start..<index, false) }
            if byte == stream[0], bytes[index..<index + 6].elementsEqual(stream) { return (start..<index, true) }
            index += 1
        }
        return nil
    }

    /// Where the literal string (`(…)`, with nested parentheses and backslash escapes) starting
    /// at `start` ends: the index after its closing parenthesis, or the end of `bytes`.
    static func afterLiteral(_ bytes: [UInt8], at start: Int, before limit: Int? = nil) -> Int {
        let limit = limit ?? bytes.count
        var depth = 0, index = start
        while index < limit {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return limit
    }

    /// The number of the content stream of the page whose text is `extent`, if it is a page.
    func contentStream(of extent: (text: Range<Int>, isStream: Bool)) -> Int? {
        guard !extent.isStream, holds("/Type /Page", in: extent.text), !holds("/Type /Pages", in: extent.text) else { return nil }
        return PDFStructure.reference(after: "/Contents ", in: String(decoding: bytes[extent.text], as: UTF8.self))
    }

    /// The text between `N 0 obj` and `endobj` of an object without a stream.
    func object(_ number: Int) -> String? {
        guard let extent = extent(number), !extent.isStream else { return nil }
        return UTF8Search.trimmingWhiteSpace(String(decoding: bytes[extent.text], as: UTF8.self), newlines: true)
    }

    /// Stream object `number`: its dictionary's text, and its raw bytes (still encoded), their
    /// length direct or in an object of its own, as cairo writes it.
    func stream(_ number: Int) -> (dictionary: String, bytes: ArraySlice<UInt8>)? {
        guard let extent = extent(number), extent.isStream else { return nil }
        let dictionary = String(decoding: bytes[extent.text], as: UTF8.self)
        guard let lengthKey = UTF8Search.range(of: "/Length ", in: dictionary) else { return nil }
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
        return (dictionary, bytes[start..<start + length])
    }

    /// Whether an object's text (`extent`) holds `word` (`/Type /StructElem`), from its bytes.
    func holds(_ word: String, in text: Range<Int>) -> Bool {
        Self.marker(word, in: bytes, from: text.lowerBound, before: text.upperBound) != nil
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
    func rewritten(replacing replaced: [Int: [UInt8]], appending added: [[UInt8]] = []) -> Data {
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
        // New objects take the numbers after the last, in order.
        for (index, object) in added.enumerated() {
            newOffsets[size + index] = out.count
            out += Array("\(size + index) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        appendCrossReference(to: &out, size: size + added.count, offset: { newOffsets[$0] })
        return Data(out)
    }

    /// Appends the cross-reference table of objects 1..<`size` (`offset` of each in use, nil
    /// for a free one) and a trailer with this file's `/Root`, `/Info` and `/ID`, at the end of
    /// `out`, where the table starts.
    func appendCrossReference(to out: inout [UInt8], size: Int, offset: (Int) -> Int?) {
        let table = out.count
        out += Array("xref\n0 \(size)\n0000000000 65535 f \n".utf8)
        for number in 1..<max(1, size) {
            guard let offset = offset(number) else {
                out += Array("0000000000 65535 f \n".utf8)
                continue
            }
            // Ten digits, zeros first.
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 10)
            var rest = offset, position = 9
            while rest > 0, position >= 0 {
                digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                position -= 1
            }
            out += digits + Array(" 00000 n \n".utf8)
        }
        var text = "trailer\n<< /Size \(size)"
        for key in ["Root", "Info"] { if let value = trailerReference(key) { text += " /\(key) \(value) 0 R" } }
        if let id = trailerValue("ID") { text += " /ID \(id)" }
        text += " >>\nstartxref\n\(table)\n%%EOF\n"
        out += Array(text.utf8)
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

/// What the XMP metadata of a document says (PDF/UA-1 5: `pdfuaid:part`, and `dc:title`,
/// which viewers show): the same title, language and instant as its Info dictionary.
public struct XMPMetadata: Sendable, Equatable {
    public var title: String
    public var language: String
    /// ISO 8601, as the Info dictionary's dates were given to cairo.
    public var date: String
    public var creator: String

    public init(title: String, language: String, date: String, creator: String) {
        (self.title, self.language, self.date, self.creator) = (title, language, date, creator)
    }

    /// The XMP packet, its text escaped for XML.
    var xmp: String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
            <dc:format>application/pdf</dc:format>
            <dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(escaped(title))</rdf:li></rdf:Alt></dc:title>
            <dc:language><rdf:Bag><rdf:li>\(escaped(language))</rdf:li></rdf:Bag></dc:language>
            <xmp:CreateDate>\(escaped(date))</xmp:CreateDate>
            <xmp:ModifyDate>\(escaped(date))</xmp:ModifyDate>
            <xmp:CreatorTool>\(escaped(creator))</xmp:CreatorTool>
            <pdfuaid:part>1</pdfuaid:part>
            </rdf:Description>
            </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }
}

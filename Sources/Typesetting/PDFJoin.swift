import Foundation
import GazetteModel

/// Joins documents cairo drew as consecutive runs of one document's pages, each on a surface of
/// its own (one cairo surface draws on one thread only, so a packet drawn on two cores is two
/// files), into the one document they are parts of.
///
/// The first part is the document: its catalog, metadata, outline and structure tree root stay.
/// Each later part's objects follow, renumbered past the earlier parts'; its pages join the page
/// tree, the children of its `Document` element join the first part's `Document` element, its
/// parent tree entries and its pages' and annotations' keys move past the earlier parts' keys,
/// and its named destinations join the first part's, in order. What only held a later part
/// together (its catalog, page tree root, structure tree root, parent tree, `Document`, name
/// dictionaries, information dictionary) is left out. Every part keeps its own font subsets: a
/// page names its fonts in its own resources. Links and outline entries name destinations as
/// strings (`/Dest (journal-…)`), so one drawn on any part reaches a page on any other.
///
/// Streams are copied byte for byte; only dictionaries and arrays are read, as PDF tokens (a
/// reference inside a string, such as a link's address, is text, never renumbered).
enum PDFJoin {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func join(_ parts: [Part]) throws -> Data {
        guard let first = parts.first else { return Data() }
        guard parts.count > 1 else { return Data(first.file.bytes) }
        if parts.dropFirst().contains(where: \.hasOutline) {
            throw Failure(description: "a later part has an outline (the first part's is the document's)")
        }
        // Each part's objects are numbered past the earlier parts', and its parent tree keys
        // past theirs.
        var offsets: [Int] = [0]
        var keyOffsets: [Int] = [0]
        for part in parts.dropLast() {
            offsets.append(offsets[offsets.count - 1] + part.file.size)
            keyOffsets.append(keyOffsets[keyOffsets.count - 1] + part.keyCount)
        }
        let size = offsets[offsets.count - 1] + parts[parts.count - 1].file.size
        var kids = first.kids
        var children = first.children
        var numbers = first.numbers
        var destinations = first.destinations
        var later: [UInt8] = []
        later.reserveCapacity(parts.dropFirst().reduce(0) { $0 + $1.file.bytes.count })
        var laterObjects: [(number: Int, start: Int)] = []
        for (index, part) in parts.enumerated().dropFirst() {
            guard let objects = part.objects else { throw Failure(description: "part \(index + 1) was not read as a later part") }
            let map = Renumbering(
                offset: offsets[index], keyOffset: keyOffsets[index], pages: (part.pages, first.pages), document: (part.document, first.document))
            kids += part.kids.map(map.number)
            children += part.children.map(map.number)
            numbers += part.numbers.map { ($0.key + map.keyOffset, map.number($0.value)) }
            destinations += part.destinations.map { (name: $0.name, value: map.renumbered($0.value)) }
            for object in objects {
                laterObjects.append((map.number(object.number), later.count))
                later += Array("\(map.number(object.number)) 0 obj".utf8)
                map.apply(object.edits, to: part.file.bytes, from: object.body, to: object.range.upperBound, into: &later)
            }
        }
        destinations.sort { $0.name.lexicographicallyPrecedes($1.name) }
        // The first part's objects, four of them rewritten.
        let replaced: [Int: [UInt8]] = [
            first.pages: try first.rewritingPages(kids: kids),
            first.document: try first.rewritingDocument(children: children),
            first.parentTree: PDFJoin.numberTree(numbers),
            first.destinationArray: PDFJoin.nameArray(destinations),
        ]
        let order = first.file.objectRanges()
        guard let start = order.first?.range.lowerBound else { throw Failure(description: "part 1 has no objects") }
        var out = Array(first.file.bytes[..<start])
        out.reserveCapacity(first.file.bytes.count + later.count + 20 * size + 256)
        var table = [Int](repeating: -1, count: size)
        for (number, range) in order {
            table[number] = out.count
            if let replacement = replaced[number] {
                out += Array("\(number) 0 obj\n".utf8) + replacement + Array("\nendobj\n".utf8)
            } else {
                out += first.file.bytes[range]
            }
        }
        let laterStart = out.count
        for (number, start) in laterObjects { table[number] = laterStart + start }
        out += later
        first.file.appendCrossReference(to: &out, size: size, offset: { table[$0] >= 0 ? table[$0] : nil })
        return Data(out)
    }

    /// A flat number tree: `<< /Nums [ key value … ] >>`.
    static func numberTree(_ entries: [(key: Int, value: Int)]) -> [UInt8] {
        var text = "<< /Nums [\n"
        for entry in entries { text += "   \(entry.key) \(entry.value) 0 R\n" }
        return Array((text + "  ]\n>>").utf8)
    }

    /// A name tree's `/Names` array in a dictionary of its own.
    static func nameArray(_ entries: [(name: [UInt8], value: [UInt8])]) -> [UInt8] {
        var out = Array("<< /Names [\n".utf8)
        for entry in entries { out += Array("   ".utf8) + entry.name + [32] + entry.value + [10] }
        return out + Array("  ]\n>>".utf8)
    }
}

/// How a later part's object numbers and parent tree keys change: past the earlier parts', its
/// page tree root and `Document` element becoming the first part's.
struct Renumbering {
    let offset: Int
    let keyOffset: Int
    let pages: (Int, Int)
    let document: (Int, Int)

    func number(_ number: Int) -> Int {
        if number == pages.0 { return pages.1 }
        if number == document.0 { return document.1 }
        return number + offset
    }

    func renumbered(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        let (edits, _) = PDFTokens.scan(bytes, from: 0, before: bytes.count)
        apply(edits, to: bytes, from: 0, to: bytes.count, into: &out)
        return out
    }

    /// `bytes[start..<end]` with each of `edits` (in order, inside that range) written anew.
    func apply(_ edits: [PDFTokens.Edit], to bytes: [UInt8], from start: Int, to end: Int, into out: inout [UInt8]) {
        var copied = start
        for edit in edits {
            out += bytes[copied..<edit.range.lowerBound]
            out += Array(String(edit.isKey ? edit.value + keyOffset : number(edit.value)).utf8)
            copied = edit.range.upperBound
        }
        out += bytes[copied..<end]
    }
}

extension PDFJoin {
    /// What joining needs of one part: the objects that hold it together and what they list.
    /// A finished part read for joining, on the thread that drew it: what holds it together,
    /// what those objects list, and, for a later part, where each of its other objects holds a
    /// number to change.
    struct Part: Sendable {
        let file: PDFFile
        let hasOutline: Bool
        /// A later part's objects but those that hold it together, in file order: each one's
        /// bytes, where its body starts (after `N 0 obj`), and the numbers in it to change.
        let objects: [(number: Int, range: Range<Int>, body: Int, edits: [PDFTokens.Edit])]?
        let catalog: Int, pages: Int, structureRoot: Int, parentTree: Int, document: Int
        let names: Int, destinationArray: Int
        let kids: [Int]
        let children: [Int]
        let numbers: [(key: Int, value: Int)]
        let destinations: [(name: [UInt8], value: [UInt8])]
        /// One past the part's largest parent tree key.
        var keyCount: Int { (numbers.map(\.key).max() ?? -1) + 1 }

        init(_ data: Data, later: Bool) throws {
            let which = later ? "a later part" : "the first part"
            guard let file = PDFFile([UInt8](data)) else { throw Failure(description: "\(which) is not a PDF cairo wrote") }
            self.file = file
            func failure(_ what: String) -> Failure { Failure(description: "\(which): \(what)") }
            func text(_ number: Int?, _ what: String) throws -> String {
                guard let number, let text = file.object(number) else { throw failure("no \(what)") }
                return text
            }
            func ref(_ key: String, in text: String, _ what: String) throws -> Int {
                guard let number = PDFStructure.reference(after: key, in: text) else { throw failure("no \(what)") }
                return number
            }
            guard let catalog = file.trailerReference("Root") else { throw failure("no catalog") }
            let catalogText = try text(catalog, "catalog")
            hasOutline = catalogText.contains("/Outlines")
            pages = try ref("/Pages ", in: catalogText, "page tree")
            structureRoot = try ref("/StructTreeRoot ", in: catalogText, "structure tree")
            names = try ref("/Names ", in: catalogText, "name dictionary")
            let rootText = try text(structureRoot, "structure tree root")
            guard !rootText.contains("/ParentTreeNextKey"), !rootText.contains("/IDTree"), !rootText.contains("/RoleMap") else {
                throw failure("a structure tree root with more than a parent tree and one element")
            }
            parentTree = try ref("/ParentTree ", in: rootText, "parent tree")
            let rootKids = PDFTokens.references(in: rootText, after: "/K ")
            guard rootKids.count == 1, let document = rootKids.first else { throw failure("not one Document element") }
            self.document = document
            let documentText = try text(document, "Document element")
            guard documentText.contains("/S /Document") else { throw failure("no Document element") }
            children = PDFTokens.references(in: documentText, after: "/K ")
            kids = PDFTokens.references(in: try text(pages, "page tree"), after: "/Kids ")
            let treeText = try text(parentTree, "parent tree")
            guard !treeText.contains("/Kids") else { throw failure("a parent tree of more than one node") }
            numbers = try PDFTokens.numberPairs(in: treeText, after: "/Nums ").map { pair in
                guard let value = pair.1 else { throw failure("a parent tree entry that is not a reference") }
                return (pair.0, value)
            }
            destinationArray = try ref("/Dests ", in: try text(names, "name dictionary"), "destinations")
            guard let destinationExtent = file.extent(destinationArray), !destinationExtent.isStream else { throw failure("no destinations") }
            destinations = PDFTokens.namePairs(file.bytes, in: destinationExtent.text)
            self.catalog = catalog
            guard later else {
                objects = nil
                return
            }
            var skipped: Set<Int> = [catalog, pages, structureRoot, parentTree, document, names, destinationArray]
            if let info = file.trailerReference("Info") { skipped.insert(info) }
            objects = file.objectRanges().filter { !skipped.contains($0.number) }.map { number, range in
                let body = range.lowerBound + "\(number) 0 obj".utf8.count
                return (number, range, body, PDFTokens.scan(file.bytes, from: body, before: range.upperBound).edits)
            }
        }

        /// The page tree root listing `kids`: cairo's holds `/Type /Pages`, `/Kids` and `/Count`
        /// only, so it is written anew.
        func rewritingPages(kids: [Int]) throws -> [UInt8] {
            guard let text = file.object(pages), text.filter({ $0 == "/" }).count == 4, text.contains("/Type /Pages"), text.contains("/Kids ["),
                text.contains("/Count ")
            else { throw Failure(description: "part 1: a page tree root with more than /Type, /Kids and /Count") }
            let list = kids.map { "\($0) 0 R" }.joined(separator: " ")
            return Array("<< /Type /Pages\n   /Kids [ \(list) ]\n   /Count \(kids.count)\n>>".utf8)
        }

        func rewritingDocument(children: [Int]) throws -> [UInt8] {
            guard let text = file.object(document), let key = text.range(of: "/K ") else {
                throw Failure(description: "part 1: a Document element without /K")
            }
            // The value after /K is a reference or an array of them; it ends the dictionary in
            // cairo's output, so everything from /K to the closing >> is replaced.
            guard let close = text.range(of: ">>", options: .backwards), close.lowerBound > key.upperBound else {
                throw Failure(description: "part 1: a Document element without /K")
            }
            var rewritten = text
            rewritten.replaceSubrange(key.upperBound..<close.lowerBound, with: "[ " + children.map { "\($0) 0 R" }.joined(separator: " ") + " ]\n")
            return Array(rewritten.utf8)
        }
    }
}

extension PDFFile {
    /// Each object in use, in the order it is in the file, with its bytes (`N 0 obj` to the
    /// next object or the cross-reference table).
    func objectRanges() -> [(number: Int, range: Range<Int>)] {
        let order = offsets.sorted { $0.value < $1.value }
        return order.enumerated().map { position, entry in
            let end = position + 1 < order.count ? order[position + 1].value : xref
            return (entry.key, entry.value..<end)
        }
    }
}

/// Just enough of PDF's token syntax to renumber references outside strings and read the
/// arrays joining needs.
enum PDFTokens {
    static let whitespace: Set<UInt8> = [0, 9, 10, 12, 13, 32]
    static let delimiters: Set<UInt8> = Set("()<>[]{}/%".utf8)

    /// A number in an object that joining changes: a reference's object number, or a page's or
    /// annotation's parent tree key (`/StructParents k`, `/StructParent k`).
    struct Edit: Sendable {
        let range: Range<Int>
        let value: Int
        let isKey: Bool
    }

    /// The numbers to change in `bytes[start..<limit]`, outside strings and comments, up to the
    /// `stream` or `endobj` keyword, and where it stopped.
    static func scan(_ bytes: [UInt8], from start: Int, before limit: Int) -> (edits: [Edit], end: Int) {
        var edits: [Edit] = []
        var index = start
        func isTokenStart(_ at: Int) -> Bool {
            at == 0 || whitespace.contains(bytes[at - 1]) || (delimiters.contains(bytes[at - 1]) && bytes[at - 1] != UInt8(ascii: "/"))
        }
        func integer(at position: Int) -> (value: Int, end: Int)? {
            var at = position, value = 0
            while at < limit, (48...57).contains(bytes[at]), at - position < 18 {
                value = value * 10 + Int(bytes[at] - 48)
                at += 1
            }
            return at > position ? (value, at) : nil
        }
        func skipSpace(_ position: Int) -> Int {
            var at = position
            while at < limit, whitespace.contains(bytes[at]) { at += 1 }
            return at
        }
        func endsToken(_ at: Int) -> Bool { at >= limit || whitespace.contains(bytes[at]) || delimiters.contains(bytes[at]) }
        while index < limit {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("):
                // A literal string, with nested parentheses and backslash escapes.
                index = PDFFile.afterLiteral(bytes, at: index, before: limit)
            case UInt8(ascii: "<") where index + 1 < limit && bytes[index + 1] == UInt8(ascii: "<"):
                // A dictionary opens (its second `<` is no hexadecimal string's).
                index += 2
            case UInt8(ascii: "<"):
                // A hexadecimal string.
                while index < limit, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index = min(index + 1, limit)
            case UInt8(ascii: "%"):
                while index < limit, bytes[index] != 10, bytes[index] != 13 { index += 1 }
            case UInt8(ascii: "/"):
                var at = index + 1
                while at < limit, !whitespace.contains(bytes[at]), !delimiters.contains(bytes[at]) { at += 1 }
                let name = bytes[(index + 1)..<at]
                index = at
                if name.elementsEqual("StructParents".utf8) || name.elementsEqual("StructParent".utf8) {
                    let numberStart = skipSpace(index)
                    if let key = integer(at: numberStart), endsToken(key.end) {
                        edits.append(Edit(range: numberStart..<key.end, value: key.value, isKey: true))
                        index = key.end
                    }
                }
            case 48...57 where isTokenStart(index):
                guard let first = integer(at: index), endsToken(first.end) else {
                    // A real number, or digits running into a word: left as it is.
                    while index < limit, !whitespace.contains(bytes[index]), !delimiters.contains(bytes[index]) { index += 1 }
                    continue
                }
                let secondStart = skipSpace(first.end)
                if secondStart > first.end, let second = integer(at: secondStart), endsToken(second.end) {
                    let rStart = skipSpace(second.end)
                    if rStart > second.end, rStart < limit, bytes[rStart] == UInt8(ascii: "R"), endsToken(rStart + 1) {
                        edits.append(Edit(range: index..<first.end, value: first.value, isKey: false))
                        index = rStart + 1
                        continue
                    }
                }
                index = first.end
            case UInt8(ascii: "s") where isTokenStart(index) && matches(bytes, index, limit, "stream"):
                return (edits, index)
            case UInt8(ascii: "e") where isTokenStart(index) && matches(bytes, index, limit, "endobj"):
                return (edits, index)
            default:
                index += 1
            }
        }
        return (edits, limit)
    }

    private static func matches(_ bytes: [UInt8], _ index: Int, _ limit: Int, _ word: String) -> Bool {
        let word = Array(word.utf8)
        guard index + word.count <= limit, bytes[index..<index + word.count].elementsEqual(word) else { return false }
        return index + word.count == limit || whitespace.contains(bytes[index + word.count])
    }

    /// The references (`N 0 R`) in the value after `key`: one, or an array of them.
    static func references(in text: String, after key: String) -> [Int] {
        guard let start = text.range(of: key) else { return [] }
        let rest = text[start.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\r" }
        let value: Substring
        if rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return [] }
            value = rest[rest.index(after: rest.startIndex)..<close]
        } else {
            value = rest.prefix { $0 != "/" && $0 != ">" }
        }
        let words = value.split(whereSeparator: \.isWhitespace)
        var found: [Int] = []
        var index = 0
        while index + 2 < words.count {
            if words[index + 2] == "R", let number = Int(words[index]) {
                found.append(number)
                index += 3
            } else {
                index += 1
            }
        }
        return found
    }

    /// The pairs of a flat number tree's array after `key`: each key and its value when that
    /// is a reference.
    static func numberPairs(in text: String, after key: String) throws -> [(Int, Int?)] {
        guard let start = text.range(of: key), let open = text[start.upperBound...].firstIndex(of: "["),
            let close = text[open...].firstIndex(of: "]")
        else { return [] }
        let words = text[text.index(after: open)..<close].split(whereSeparator: \.isWhitespace)
        var pairs: [(Int, Int?)] = []
        var index = 0
        while index < words.count {
            guard let key = Int(words[index]), index + 1 < words.count else {
                throw PDFJoin.Failure(description: "a number tree entry that is not a key and a value")
            }
            if index + 3 < words.count, words[index + 3] == "R", let value = Int(words[index + 1]) {
                pairs.append((key, value))
                index += 4
            } else {
                pairs.append((key, nil))
                index += 2
            }
        }
        return pairs
    }

    /// The (string, value) pairs of the `/Names` array in `bytes[range]`: each name as its
    /// literal is written, each value (an array or a reference) as written.
    static func namePairs(_ bytes: [UInt8], in range: Range<Int>) -> [(name: [UInt8], value: [UInt8])] {
        guard let key = PDFFile.marker("/Names", in: bytes, from: range.lowerBound, before: range.upperBound),
            var index = bytes[key..<range.upperBound].firstIndex(of: UInt8(ascii: "["))
        else { return [] }
        index += 1
        var pairs: [(name: [UInt8], value: [UInt8])] = []
        let limit = range.upperBound
        func skipSpace() { while index < limit, whitespace.contains(bytes[index]) { index += 1 } }
        while true {
            skipSpace()
            guard index < limit, bytes[index] == UInt8(ascii: "(") else { break }
            let nameStart = index
            index = PDFFile.afterLiteral(bytes, at: index, before: limit)
            let name = Array(bytes[nameStart..<min(index, limit)])
            skipSpace()
            let valueStart = index
            if index < limit, bytes[index] == UInt8(ascii: "[") {
                while index < limit, bytes[index] != UInt8(ascii: "]") { index += 1 }
                index = min(index + 1, limit)
            } else {
                // `N 0 R`
                var words = 0
                while index < limit, words < 3 {
                    while index < limit, !whitespace.contains(bytes[index]) { index += 1 }
                    words += 1
                    if words < 3 { skipSpace() }
                }
            }
            pairs.append((name, Array(bytes[valueStart..<index])))
        }
        return pairs
    }
}

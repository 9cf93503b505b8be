internal import CPangoCairo
import Foundation
import GazetteModel

/// The text of a canvas's glyph lines, written by Gazette instead of cairo: its operators for
/// each page, and at the end the fonts they use (a TrueType subset per font file, its glyphs
/// numbered by first use, so a glyph's number is its CID, with its widths and `ToUnicode` map).
///
/// cairo turned each glyph into PDF operators itself when a page ended — a hash lookup per
/// glyph, a latin subset beside the CID one (a font switch at every space of Korean text),
/// every number through `snprintf` — which was 0.42 s of a 900-short-journal packet's 1.09 s
/// (measured by drawing no text at all). Text goes through cairo as a marker instead: a tiny
/// filled rectangle of an exact size where the batch would be drawn, so it sits in the content
/// stream at the place of the text, inside the same marked content of the same structure
/// element; `PDFStructure` puts the batch's operators in its place when the document is
/// completed. A batch that needs more than one glyph per character, or a glyph that another
/// batch gave other text, is left to cairo (`add` returns false), which says it with
/// `ActualText`.
final class PDFText {
    /// The marker's size, in points: multiples of cairo's 1/256 fixed point with three decimals
    /// at most (cairo prints three), so written exactly as these digits; no box on a packet
    /// page has it.
    static let markerWidth = 0.375, markerHeight = 0.125
    static let markerSuffix = Array(" 0.375 0.125 re f".utf8)

    /// A face the text uses: its font file, and its glyphs used, numbered by first use (the
    /// CIDs the pages' strings say; CID 0 is .notdef), with their widths and text.
    final class Face {
        let index: Int
        /// The font file's bytes, harfbuzz's (the file Pango mapped): held, not copied.
        let font: UnsafeBufferPointer<UInt8>
        private let blob: OpaquePointer
        let upem: Double
        let name: String
        /// The CID of each of the font's glyphs, 0 for none yet.
        private(set) var cids: [UInt16]
        /// By CID: the glyph, its width in thousandths of an em, its text (UTF-8).
        private(set) var glyphs: [UInt32] = [0]
        private(set) var widths: [Double] = [0]
        private(set) var texts: [[UInt8]] = [[]]
        private let measuring: OpaquePointer

        init?(index: Int, face: OpaquePointer) {
            guard let blob = hb_face_reference_blob(face) else { return nil }
            var length: UInt32 = 0
            let upem = hb_face_get_upem(face), count = hb_face_get_glyph_count(face)
            guard let data = hb_blob_get_data(blob, &length), length > 12, upem > 0, count > 0, count <= 65_535,
                let measuring = hb_font_create(face)
            else {
                hb_blob_destroy(blob)
                return nil
            }
            self.blob = blob
            font = UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: Int(length))
            self.index = index
            self.upem = Double(upem)
            self.measuring = measuring
            cids = [UInt16](repeating: 0, count: Int(count))
            var buffer = [CChar](repeating: 0, count: 64)
            var size = UInt32(buffer.count)
            hb_ot_name_get_utf8(face, 6, hb_language_from_string("en", -1), &size, &buffer)
            let postScript = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            name =
                !postScript.isEmpty && postScript.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 && !"()<>[]{}/%#".unicodeScalars.contains($0) })
                ? postScript : "Font\(index)"
        }

        deinit {
            hb_font_destroy(measuring)
            hb_blob_destroy(blob)
        }

        /// The CID of `glyph` shown as `text`; nil when the glyph is not the font's, the font
        /// has no CID left, or the glyph was shown as other text (a string that maps one glyph
        /// to two texts needs `ActualText`, which cairo writes).
        func cid(_ glyph: UInt32, text: UnsafeBufferPointer<UInt8>) -> UInt16? {
            guard glyph < cids.count else { return nil }
            let known = cids[Int(glyph)]
            if known != 0 { return texts[Int(known)].elementsEqual(text) ? known : nil }
            guard glyphs.count < 65_535 else { return nil }
            let cid = UInt16(glyphs.count)
            cids[Int(glyph)] = cid
            glyphs.append(glyph)
            widths.append((Double(hb_font_get_glyph_h_advance(measuring, glyph)) * 1_000_000 / upem).rounded() / 1000)
            texts.append(Array(text))
            return cid
        }
    }

    private var faces: [OpaquePointer: Face] = [:]
    private var files: [[UInt8]: Face] = [:]
    private var ordered: [Face] = []

    /// Whether any page has text of Gazette's.
    var isEmpty: Bool { pages.allSatisfy(\.isEmpty) }

    /// The font file's header and table directory.
    private static func tableDirectory(_ face: OpaquePointer) -> [UInt8]? {
        guard let blob = hb_face_reference_blob(face) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 12 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { bytes in
            let size = 12 + (Int(bytes[4]) << 8 | Int(bytes[5])) * 16
            return size <= Int(length) ? Array(UnsafeBufferPointer(start: bytes, count: size)) : nil
        }
    }
    /// The operators of each batch on the page being drawn, in the order of their markers.
    private var page: [[UInt8]] = []
    private(set) var pages: [[[UInt8]]] = []
    private var cidsOfBatch: [UInt16] = []

    /// Writes the operators of glyphs in one font and colour (cairo's show-text-glyphs
    /// arguments) for the current page; false when cairo must draw them.
    func add(
        glyphs: [cairo_glyph_t], utf8: [CChar], clusters: [cairo_text_cluster_t], font: OpaquePointer, face: OpaquePointer?, color: RGB
    ) -> Bool {
        guard let face, !glyphs.isEmpty, clusters.count == glyphs.count else { return false }
        var matrix = cairo_matrix_t()
        pangoCairo.cairo_scaled_font_get_font_matrix(font, &matrix)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx == matrix.yy, matrix.xx > 0 else { return false }
        let size = matrix.xx
        let known: Face
        if let face = faces[face] {
            known = face
        } else {
            // Pango may load one font file as several faces (a layout's, a paragraph's own):
            // one file is one font in the PDF, known by its table directory (each table's
            // tag, checksum, place and length) before its bytes are copied.
            guard let directory = Self.tableDirectory(face) else { return false }
            if let same = files[directory] {
                known = same
            } else {
                guard let made = Face(index: ordered.count, face: face) else { return false }
                files[directory] = made
                ordered.append(made)
                known = made
            }
            faces[face] = known
        }
        // Every cluster one glyph, and each glyph the same text wherever it is shown.
        cidsOfBatch.removeAll(keepingCapacity: true)
        let mapped = utf8.withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: UInt8.self) { text -> Bool in
                var byte = 0
                for (index, cluster) in clusters.enumerated() {
                    let end = byte + Int(cluster.num_bytes)
                    guard cluster.num_glyphs == 1, cluster.num_bytes > 0, end <= text.count,
                        let cid = known.cid(UInt32(glyphs[index].index), text: UnsafeBufferPointer(rebasing: text[byte..<end]))
                    else { return false }
                    cidsOfBatch.append(cid)
                    byte = end
                }
                return byte == text.count
            }
        }
        guard mapped else { return false }

        var out: [UInt8] = []
        out.reserveCapacity(80 + glyphs.count * 5)
        out.append(contentsOf: "q ".utf8)
        Self.number(color.red, to: &out, places: 4)
        Self.number(color.green, to: &out, places: 4)
        Self.number(color.blue, to: &out, places: 4)
        // One operator a line where `PDFStructure.markingArtifacts` reads them (a text object
        // from its `BT` line to its `ET` line), the state saved around it.
        out.append(contentsOf: "rg\nBT\n/GzF".utf8)
        Self.integer(known.index, to: &out)
        Self.number(size, to: &out, places: 4)
        out.append(contentsOf: "Tf".utf8)
        var lineY = Double.nan
        var pen = 0.0
        var inString = false, inArray = false
        for (index, glyph) in glyphs.enumerated() {
            if glyph.y != lineY {
                if inString { out.append(UInt8(ascii: ">")) }
                if inArray { out.append(contentsOf: "]TJ".utf8) }
                out.append(contentsOf: "\n1 0 0 -1 ".utf8)
                Self.number(glyph.x, to: &out, places: 3)
                Self.number(glyph.y, to: &out, places: 3)
                out.append(contentsOf: "Tm[".utf8)
                (inArray, inString) = (true, false)
                lineY = glyph.y
                pen = glyph.x
            } else {
                // Thousandths of an em to the left; the pen then is where a reader puts it.
                let adjustment = ((pen - glyph.x) * 1000 / size).rounded()
                if adjustment != 0 {
                    if inString { out.append(UInt8(ascii: ">")) }
                    inString = false
                    Self.integer(Int(adjustment), to: &out)
                    out.removeLast()
                    pen -= adjustment * size / 1000
                }
            }
            if !inString { out.append(UInt8(ascii: "<")) }
            inString = true
            let cid = cidsOfBatch[index]
            Self.hex(UInt32(cid), to: &out)
            pen += known.widths[Int(cid)] * size / 1000
        }
        if inString { out.append(UInt8(ascii: ">")) }
        if inArray { out.append(contentsOf: "]TJ".utf8) }
        out.append(contentsOf: "\nET\nQ".utf8)
        page.append(out)
        return true
    }

    func endPage() {
        pages.append(page)
        page = []
    }

    /// The fonts' objects, numbered from `first`: five a face (the Type 0 font, its CID font,
    /// descriptor, font file and `ToUnicode` map), and each face's resource name and number.
    func fontObjects(from first: Int) -> (objects: [[UInt8]], resources: String)? {
        var objects: [[UInt8]] = []
        var resources = ""
        for face in ordered {
            let number = first + objects.count
            guard let made = Self.objects(face, number: number) else { return nil }
            objects += made
            resources += " /GzF\(face.index) \(number) 0 R"
        }
        return (objects, resources)
    }

    private static func objects(_ face: Face, number: Int) -> [[UInt8]]? {
        guard let subset = TrueTypeSubset.renumbered(face.font, glyphs: face.glyphs), let metrics = TrueTypeSubset.metrics(face.font)
        else { return nil }
        // The subset's tag: six capitals from its glyphs, so the same glyphs give the same name.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for glyph in face.glyphs { hash = (hash ^ UInt64(glyph)) &* 0x100_0000_01b3 }
        var tag = ""
        for _ in 0..<6 {
            tag.append(Character(Unicode.Scalar(UInt8(65 + hash % 26))))
            hash /= 26
        }
        let baseFont = "/\(tag)+\(face.name)"
        let scale = 1000 / face.upem
        func scaled(_ value: Int) -> Int { Int((Double(value) * scale).rounded()) }
        var widths: [UInt8] = Array("1 [".utf8)
        for cid in face.widths.indices.dropFirst() { Self.number(face.widths[cid], to: &widths, places: 3) }
        widths.append(contentsOf: "]".utf8)
        let type0 = "<< /Type /Font /Subtype /Type0 /BaseFont \(baseFont) /Encoding /Identity-H /DescendantFonts [\(number + 1) 0 R] /ToUnicode \(number + 4) 0 R >>"
        let cidFont =
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont \(baseFont) /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
            + " /FontDescriptor \(number + 2) 0 R /W [\(String(decoding: widths, as: UTF8.self))] /CIDToGIDMap /Identity >>"
        let box = metrics.box.map { String(scaled($0)) }.joined(separator: " ")
        let descriptor =
            "<< /Type /FontDescriptor /FontName \(baseFont) /Flags 4 /FontBBox [\(box)] /ItalicAngle 0 /Ascent \(scaled(metrics.ascent))"
            + " /Descent \(scaled(metrics.descent)) /CapHeight \(scaled(metrics.capHeight)) /StemV 80 /FontFile2 \(number + 3) 0 R >>"
        guard let file = Deflate.compress(subset, format: .zlib), let map = Deflate.compress(toUnicode(face), format: .zlib) else { return nil }
        let fontFile = Array("<< /Length \(file.count) /Filter /FlateDecode /Length1 \(subset.count) >>\nstream\n".utf8) + file + Array("\nendstream".utf8)
        let toUnicode = Array("<< /Length \(map.count) /Filter /FlateDecode >>\nstream\n".utf8) + map + Array("\nendstream".utf8)
        return [Array(type0.utf8), Array(cidFont.utf8), Array(descriptor.utf8), fontFile, toUnicode]
    }

    private static func toUnicode(_ face: Face) -> [UInt8] {
        var out = Array(
            """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <ffff>
            endcodespacerange

            """.utf8)
        let cids = Array(face.texts.indices.dropFirst())
        var start = 0
        while start < cids.count {
            let chunk = cids[start..<min(start + 100, cids.count)]
            integer(chunk.count, to: &out)
            out.append(contentsOf: "beginbfchar\n".utf8)
            for cid in chunk {
                out.append(UInt8(ascii: "<"))
                hex(UInt32(cid), to: &out)
                out.append(contentsOf: "> <".utf8)
                for unit in String(decoding: face.texts[cid], as: UTF8.self).utf16 { hex(UInt32(unit), to: &out) }
                out.append(contentsOf: ">\n".utf8)
            }
            out.append(contentsOf: "endbfchar\n".utf8)
            start += 100
        }
        out.append(contentsOf: "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n".utf8)
        return out
    }

    /// `value` with up to `places` decimals (no trailing zeros), then a space.
    static func number(_ value: Double, to out: inout [UInt8], places: Int) {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        var units = Int((abs(value) * Double(scale)).rounded())
        if value < 0, units != 0 { out.append(UInt8(ascii: "-")) }
        var fraction = units % scale
        units /= scale
        integer(units, to: &out)
        if fraction != 0 {
            out.removeLast()
            out.append(UInt8(ascii: "."))
            var digits = places
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            var buffer = [UInt8](repeating: 48, count: digits)
            var index = digits - 1
            while fraction > 0 {
                buffer[index] = UInt8(48 + fraction % 10)
                fraction /= 10
                index -= 1
            }
            out += buffer
            out.append(32)
        }
    }

    /// `value` in decimal, then a space.
    static func integer(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(48 + magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out += digits.reversed()
        out.append(32)
    }

    /// Four hex digits.
    static func hex(_ value: UInt32, to out: inout [UInt8]) {
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt32(shift)) & 15)
            out.append(digit < 10 ? 48 + digit : 87 + digit)
        }
    }
}

/// A TrueType font cut to some glyphs for a PDF, renumbered in the order given (so a CID font
/// whose CIDs are that order can say `/CIDToGIDMap /Identity`), with only the tables a PDF's
/// TrueType font needs (ISO 32000-1, 9.9: no `cmap`, names or layout tables).
enum TrueTypeSubset {
    typealias Bytes = UnsafeBufferPointer<UInt8>
    private static func u16<B: RandomAccessCollection<UInt8>>(_ b: B, _ at: Int) -> Int where B.Index == Int { Int(b[at]) << 8 | Int(b[at + 1]) }
    private static func i16(_ b: Bytes, _ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(b, at)))) }
    private static func u32(_ b: Bytes, _ at: Int) -> Int { u16(b, at) << 16 | u16(b, at + 2) }

    private static func tables(_ font: Bytes) -> [String: Range<Int>]? {
        guard font.count >= 12 else { return nil }
        let count = u16(font, 4)
        guard font.count >= 12 + count * 16 else { return nil }
        var found: [String: Range<Int>] = [:]
        for index in 0..<count {
            let record = 12 + index * 16
            let tag = String(decoding: font[record..<record + 4], as: UTF8.self)
            let offset = u32(font, record + 8), length = u32(font, record + 12)
            guard offset + length <= font.count else { return nil }
            found[tag] = offset..<offset + length
        }
        return found
    }

    /// Bounding box, ascent, descent and cap height, in font units.
    static func metrics(_ font: Bytes) -> (box: [Int], ascent: Int, descent: Int, capHeight: Int)? {
        guard let tables = tables(font), let head = tables["head"], head.count >= 54, let hhea = tables["hhea"], hhea.count >= 36 else { return nil }
        let box = [i16(font, head.lowerBound + 36), i16(font, head.lowerBound + 38), i16(font, head.lowerBound + 40), i16(font, head.lowerBound + 42)]
        let ascent = i16(font, hhea.lowerBound + 4), descent = i16(font, hhea.lowerBound + 6)
        var capHeight = ascent
        if let os2 = tables["OS/2"], os2.count >= 90, u16(font, os2.lowerBound) >= 2 { capHeight = i16(font, os2.lowerBound + 88) }
        return (box, ascent, descent, capHeight)
    }

    /// The font cut to `glyphs` (by new number: glyph `glyphs[n]` of the font becomes glyph n;
    /// `glyphs[0]` is .notdef), then the parts of composite glyphs after them, renumbered too.
    static func renumbered(_ font: Bytes, glyphs wanted: [UInt32]) -> [UInt8]? {
        guard let tables = tables(font), let head = tables["head"], head.count >= 54, let maxp = tables["maxp"], maxp.count >= 6,
            let loca = tables["loca"], let glyf = tables["glyf"], let hhea = tables["hhea"], hhea.count >= 36, let hmtx = tables["hmtx"]
        else { return nil }
        let glyphCount = u16(font, maxp.lowerBound + 4), metricsCount = u16(font, hhea.lowerBound + 34)
        let long = i16(font, head.lowerBound + 50) == 1
        guard loca.count >= (glyphCount + 1) * (long ? 4 : 2), metricsCount > 0, hmtx.count >= metricsCount * 4 + (glyphCount - metricsCount) * 2,
            wanted.allSatisfy({ $0 < glyphCount })
        else { return nil }
        func location(_ glyph: Int) -> Int { long ? u32(font, loca.lowerBound + glyph * 4) : u16(font, loca.lowerBound + glyph * 2) * 2 }
        func outline(_ glyph: Int) -> Range<Int>? {
            let start = location(glyph), end = location(glyph + 1)
            guard start <= end, glyf.lowerBound + end <= glyf.upperBound else { return nil }
            return glyf.lowerBound + start..<glyf.lowerBound + end
        }
        var order = wanted.map(Int.init)
        var newNumber: [Int: Int] = [:]
        for (index, glyph) in order.enumerated() where newNumber[glyph] == nil { newNumber[glyph] = index }
        var newGlyf: [UInt8] = []
        var newLoca: [UInt8] = []
        var newHmtx: [UInt8] = []
        var index = 0
        while index < order.count {
            let glyph = order[index]
            appendU32(newGlyf.count, to: &newLoca)
            let advance = u16(font, hmtx.lowerBound + min(glyph, metricsCount - 1) * 4)
            let bearing = glyph < metricsCount ? u16(font, hmtx.lowerBound + glyph * 4 + 2) : u16(font, hmtx.lowerBound + metricsCount * 4 + (glyph - metricsCount) * 2)
            newHmtx += [UInt8(advance >> 8), UInt8(advance & 255), UInt8(bearing >> 8), UInt8(bearing & 255)]
            if let range = outline(glyph), !range.isEmpty {
                var data = Array(font[range])
                if data.count >= 10, Int16(bitPattern: UInt16(u16(data, 0))) < 0 {
                    // A composite: its parts get numbers of their own, after the others.
                    var at = 10
                    while at + 4 <= data.count {
                        let flags = u16(data, at), part = u16(data, at + 2)
                        guard part < glyphCount else { return nil }
                        let number = newNumber[part] ?? order.count
                        if number == order.count {
                            newNumber[part] = number
                            order.append(part)
                        }
                        guard number < 65_535 else { return nil }
                        data[at + 2] = UInt8(number >> 8)
                        data[at + 3] = UInt8(number & 255)
                        at += 4 + (flags & 1 != 0 ? 4 : 2)
                        if flags & 8 != 0 { at += 2 } else if flags & 0x40 != 0 { at += 4 } else if flags & 0x80 != 0 { at += 8 }
                        if flags & 0x20 == 0 { break }
                    }
                }
                newGlyf += data
                while newGlyf.count % 4 != 0 { newGlyf.append(0) }
            }
            index += 1
        }
        appendU32(newGlyf.count, to: &newLoca)
        guard order.count < 65_536 else { return nil }
        var newHead = Array(font[head])
        newHead[8..<12] = [0, 0, 0, 0]
        newHead[50] = 0
        newHead[51] = 1
        var newHhea = Array(font[hhea])
        newHhea[34] = UInt8(order.count >> 8)
        newHhea[35] = UInt8(order.count & 255)
        var newMaxp = Array(font[maxp])
        newMaxp[4] = UInt8(order.count >> 8)
        newMaxp[5] = UInt8(order.count & 255)
        var out: [(String, [UInt8])] = [("glyf", newGlyf), ("head", newHead), ("hhea", newHhea), ("hmtx", newHmtx), ("loca", newLoca), ("maxp", newMaxp)]
        for tag in ["cvt ", "fpgm", "prep"] { if let range = tables[tag] { out.append((tag, Array(font[range]))) } }
        out.sort { $0.0 < $1.0 }
        return assembled(out)
    }

    private static func appendU32(_ value: Int, to out: inout [UInt8]) {
        out += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    private static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < bytes.count {
            var word: UInt32 = 0
            for offset in 0..<4 { word = word << 8 | UInt32(index + offset < bytes.count ? bytes[index + offset] : 0) }
            sum = sum &+ word
            index += 4
        }
        return sum
    }

    private static func assembled(_ tables: [(String, [UInt8])]) -> [UInt8] {
        func append16(_ value: Int, to out: inout [UInt8]) { out += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] }
        func append32(_ value: UInt32, to out: inout [UInt8]) {
            out += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
        }
        var out: [UInt8] = [0, 1, 0, 0]
        var power = 1, log = 0
        while power * 2 <= tables.count {
            power *= 2
            log += 1
        }
        append16(tables.count, to: &out)
        append16(power * 16, to: &out)
        append16(log, to: &out)
        append16(tables.count * 16 - power * 16, to: &out)
        var offset = 12 + tables.count * 16
        var headAt = 0
        for (tag, bytes) in tables {
            out += Array(tag.utf8)
            append32(checksum(bytes), to: &out)
            append32(UInt32(offset), to: &out)
            append32(UInt32(bytes.count), to: &out)
            if tag == "head" { headAt = offset }
            offset += (bytes.count + 3) / 4 * 4
        }
        for (_, bytes) in tables {
            out += bytes
            while out.count % 4 != 0 { out.append(0) }
        }
        let adjustment = 0xB1B0_AFBA &- checksum(out)
        out[headAt + 8] = UInt8(truncatingIfNeeded: adjustment >> 24)
        out[headAt + 9] = UInt8(truncatingIfNeeded: adjustment >> 16)
        out[headAt + 10] = UInt8(truncatingIfNeeded: adjustment >> 8)
        out[headAt + 11] = UInt8(truncatingIfNeeded: adjustment)
        return out
    }
}

import Foundation
import Testing
import TestSupport

@testable import Packet

/// Checks every packet test makes of a PDF file, with the tools a reader's software would use.
enum PacketChecks {
    /// `qpdf --check` finds nothing wrong.
    static func expectValid(_ pdf: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = try PDFTools.run("qpdf", ["--check", pdf.path])
        #expect(check.status == 0, "qpdf --check: \(check.stdout) \(check.stderr)", sourceLocation: sourceLocation)
        #expect(check.stdout.contains("No syntax or stream encoding errors found"), sourceLocation: sourceLocation)
        #expect(!check.stderr.contains("WARNING"), "\(check.stderr)", sourceLocation: sourceLocation)
    }

    /// Every font is embedded and subset (`pdffonts`: emb and sub are yes on every row).
    static func expectFontsEmbeddedAndSubset(_ pdf: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rows = try PDFTools.run("pdffonts", [pdf.path]).stdout.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty, sourceLocation: sourceLocation)
        for row in rows {
            // name type encoding emb sub uni object ID — the type may contain a space.
            let fields = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(fields.count >= 7, "\(row)", sourceLocation: sourceLocation)
            guard fields.count >= 7 else { continue }
            let emb = fields[fields.count - 5], sub = fields[fields.count - 4]
            #expect(emb == "yes" && sub == "yes", "font not embedded and subset: \(row)", sourceLocation: sourceLocation)
            #expect(fields[0].contains("+"), "subset fonts carry a tag: \(row)", sourceLocation: sourceLocation)
        }
    }

    /// No word `pdftotext -bbox` finds lies outside the page margins (0.5 pt of slack).
    static func expectWordsInsideMargins(
        _ pdf: URL, width: Double = 595.276, height: Double = 841.89, top: Double = 48, right: Double = 56, bottom: Double = 48,
        left: Double = 56, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let words = try PDFTools.words(pdf)
        let slack = 0.5
        let outside = words.filter {
            $0.xMin < left - slack || $0.xMax > width - right + slack || $0.yMin < top - slack || $0.yMax > height - bottom + slack
        }
        #expect(
            outside.isEmpty, "\(outside.count) words outside the margins, e.g. \(outside.prefix(3).map { "p\($0.page) '\($0.text.prefix(30))' x \($0.xMin)–\($0.xMax) y \($0.yMin)–\($0.yMax)" })",
            sourceLocation: sourceLocation)
        return words.count
    }

    /// The words of `words` that do not appear, in order, in `text` (whitespace ignored on both
    /// sides, since a line may break inside a long word).
    static func missingInOrder(_ words: [String], in text: String) -> [String] {
        let haystack = Array(text.unicodeScalars.filter { !$0.properties.isWhitespace })
        var cursor = 0
        var missing: [String] = []
        for word in words {
            let needle = Array(word.unicodeScalars.filter { !$0.properties.isWhitespace })
            guard !needle.isEmpty else { continue }
            if let found = find(needle, in: haystack, from: cursor) { cursor = found + needle.count } else { missing.append(word) }
        }
        return missing
    }

    /// The words of `words` that appear nowhere in `text` (whitespace ignored).
    static func missing(_ words: [String], in text: String) -> [String] {
        let haystack = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
        return words.filter { word in
            let needle = String(String.UnicodeScalarView(word.unicodeScalars.filter { !$0.properties.isWhitespace }))
            return !needle.isEmpty && haystack.range(of: needle, options: .literal) == nil
        }
    }

    private static func find(_ needle: [Unicode.Scalar], in haystack: [Unicode.Scalar], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    /// Pagination rules, read from the packet's own layout: no heading ends a page, and a
    /// paragraph split over pages keeps at least two lines on each side.
    static func expectPaginationRules(_ rendered: StudyPacket.Rendered, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, page) in rendered.layout.enumerated() where index < rendered.layout.count - 1 {
            if let last = page.last {
                #expect(last.kind != .heading, "page \(index + 1) ends with a heading", sourceLocation: sourceLocation)
            }
            for placement in page where placement.kind == .text && placement.units.count < placement.of {
                #expect(
                    placement.units.count >= 2, "page \(index + 1): a paragraph fragment of \(placement.units.count) line(s) of \(placement.of)",
                    sourceLocation: sourceLocation)
            }
        }
    }
}

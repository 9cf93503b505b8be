import Foundation
import Testing

@testable import Typesetting

/// Joining runs of pages drawn on canvases of their own: references renumbered as PDF tokens
/// (never inside strings), keys of the parent tree moved, and the joined document read back by
/// the PDF tools as one.
@Suite struct PDFJoinTests {
    func renumbered(_ text: String, offset: Int = 100, keyOffset: Int = 10) -> String {
        let map = Renumbering(offset: offset, keyOffset: keyOffset, pages: (1, 1), document: (3, 7))
        return String(decoding: map.renumbered(Array(text.utf8)), as: UTF8.self)
    }

    @Test func referencesAreRenumberedOutsideStrings() {
        #expect(renumbered("<< /Type /Page % 2\n   /Parent 1 0 R\n   /MediaBox [ 0 0 595.276 841.89 ]\n   /Contents 78 0 R\n   /Resources 77 0 R >>")
            == "<< /Type /Page % 2\n   /Parent 1 0 R\n   /MediaBox [ 0 0 595.276 841.89 ]\n   /Contents 178 0 R\n   /Resources 177 0 R >>")
    }

    @Test func stringsCommentsNamesAndNumbersStayAsTheyAre() {
        // An address, a title and a hexadecimal string that look like references; a name and a
        // real number with digits; the page tree root and the Document element mapped.
        #expect(renumbered("<< /A << /URI (https://x.org/5 0 R/(a) 6 0 R\\) 7 0 R) >> /Next 8 0 R >>")
            == "<< /A << /URI (https://x.org/5 0 R/(a) 6 0 R\\) 7 0 R) >> /Next 108 0 R >>")
        #expect(renumbered("<FEFF0031> 9 0 R /f-0-1 12 0 R [ 0 17 0 R 1.5 2 ] % 4 0 R\n/P 3 0 R /Parent 1 0 R")
            == "<FEFF0031> 109 0 R /f-0-1 112 0 R [ 0 117 0 R 1.5 2 ] % 4 0 R\n/P 7 0 R /Parent 1 0 R")
        #expect(renumbered("<< /StructParents 3 /StructParent 0 /K 4 >>") == "<< /StructParents 13 /StructParent 10 /K 4 >>")
    }

    @Test func renumberingStopsAtTheStream() {
        let bytes = Array("<< /Length 12 0 R >>\nstream\n5 0 R\nendstream\n".utf8)
        let (edits, end) = PDFTokens.scan(bytes, from: 0, before: bytes.count)
        #expect(edits.map(\.value) == [12])
        #expect(String(decoding: bytes[end...], as: UTF8.self).hasPrefix("stream\n"))
    }
}

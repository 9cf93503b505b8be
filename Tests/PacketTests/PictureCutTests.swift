import Markdown
import Testing

@testable import Packet

/// A paragraph cut where its pictures stand, however deep they are written: the packet draws
/// each as a figure, and the text around it keeps the emphasis and links it was written in.
struct PictureCutTests {
    static let picture = MarkdownInline.image(destination: "chart.png", title: "", alt: [.text("그래프")])
    static func drawable(_ address: String) -> Bool { address == "chart.png" }

    /// The texts and pictures of `pieces`, as (kind, value) pairs to compare.
    static func shape(_ pieces: [BodyTypesetter.Piece]) -> [String] {
        pieces.map { piece in
            switch piece {
            case .text(let run): "text: " + MarkdownInline.plainText(BodyTypesetter.trimmed(run))
            case .picture(let destination, _, _, let link, _): "picture: \(destination)" + (link.map { " in \($0)" } ?? "")
            }
        }
    }

    @Test func aPictureInsideEmphasisIsCutOutAndTheTextKeepsItsEmphasis() {
        let inlines: [MarkdownInline] = [.text("앞 "), .emphasis([.text("강조 "), Self.picture, .text(" 뒤")]), .text(" 끝.")]
        let pieces = BodyTypesetter.pieces(inlines, drawable: Self.drawable)
        #expect(Self.shape(pieces) == ["text: 앞 강조", "picture: chart.png", "text: 뒤 끝."])
        guard case .text(let before) = pieces[0], case .text(let after) = pieces[2] else {
            Issue.record("not text, picture, text: \(pieces)")
            return
        }
        // The words on each side are still emphasised, their spaces at the cut gone.
        #expect(BodyTypesetter.trimmed(before) == [.text("앞 "), .emphasis([.text("강조")])])
        #expect(BodyTypesetter.trimmed(after) == [.emphasis([.text("뒤")]), .text(" 끝.")])
    }

    @Test func aPictureInALinkWithWordsCarriesTheLinksAddress() {
        let inlines: [MarkdownInline] = [
            .link(destination: "https://example.org/report", title: "", [.text("원문 "), .strong([Self.picture]), .text(" 전문")])
        ]
        let pieces = BodyTypesetter.pieces(inlines, drawable: Self.drawable)
        #expect(Self.shape(pieces) == ["text: 원문", "picture: chart.png in https://example.org/report", "text: 전문"])
        // Should it not be drawn after all, it goes back as written: in the strong and the link.
        guard case .picture(_, _, _, _, let asWritten) = pieces[1] else { return }
        #expect(asWritten == .link(destination: "https://example.org/report", title: "", [.strong([Self.picture])]))
    }

    @Test func aParagraphWithoutADrawablePictureIsOnePieceAsWritten() {
        let remote = MarkdownInline.image(destination: "https://example.org/x.png", title: "", alt: [])
        let inlines: [MarkdownInline] = [.text("글 "), .emphasis([remote]), .text(" 끝")]
        let pieces = BodyTypesetter.pieces(inlines, drawable: Self.drawable)
        guard pieces.count == 1, case .text(let run) = pieces[0] else {
            Issue.record("\(pieces)")
            return
        }
        #expect(run == inlines)
    }

    @Test func trimmingDropsWhatIsLeftEmpty() {
        #expect(BodyTypesetter.trimmed([.softBreak, .emphasis([.text("  ")]), .text(" 말 "), .strong([.lineBreak])]) == [.text("말")])
        #expect(BodyTypesetter.trimmed([.emphasis([.softBreak]), .lineBreak]).isEmpty)
        #expect(BodyTypesetter.trimmed([.code(" x "), .text(" ")]) == [.code(" x ")])
        #expect(BodyTypesetter.trimmed([.text(""), .text(" 말"), .text("")]) == [.text("말")])
    }
}

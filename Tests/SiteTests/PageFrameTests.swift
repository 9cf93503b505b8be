import Bodies
import Content
import Foundation
import GazetteModel
import SiteFonts
import Testing

@testable import Site

/// What every page shares is in every page's key: each stored property of `PageFrame` is in its
/// `Shared` value (keyed by encoding), or is named below with what keys it instead. A property
/// added to the frame fails here until it is one or the other.
@Suite struct PageFrameTests {
    /// Frame properties keyed by something else, and what.
    static let keyedElsewhere: [String: String] = [
        "config": "its fingerprint (configFingerprint)",
        "configFingerprint": "shared.config",
        "theme": "its fingerprint (shared.theme)",
        "bodies": "page inputs: a page's values carry the bodies it shows",
        "boards": "page inputs: a board page's values carry its cards",
        "webFonts": "its page-font stylesheet path (shared.pageFonts); slices are named by their bytes",
        "searchIndex": "the search page's own inputs (an edit that changes the index changes no other page)",
        "dates": "made from the config's language and time zone",
        "strings": "made from the config's language",
        "stringValues": "made from strings",
    ]

    static func frame() throws -> PageFrame {
        let content = SiteContent(
            root: URL(fileURLWithPath: "/nonexistent"), config: SiteConfig(title: "T"), journals: [], articles: [], diagnostics: [])
        let bodies = try JournalBodies(content)
        let fonts = try WebFonts(characters: Set("T".unicodeScalars))
        let boards = SiteBoards(
            content, cards: CardMaker(content: content, bodies: bodies), measures: [:], layout: MasonryBoardLayout(engine: fonts.engine))
        var frame = SiteRenderer(
            content: content, theme: try Theme.load(siteRoot: content.root), bodies: bodies, boards: boards, baseURL: nil,
            stylesheet: "assets/style.css"
        ).frame
        frame.webFonts = fonts
        return frame
    }

    @Test func everyStoredPropertyIsInTheSharedKeyOrMadeFromWhatIs() throws {
        let frame = try Self.frame()
        let keyed = Set(Mirror(reflecting: frame.shared).children.compactMap(\.label))
        for label in Mirror(reflecting: frame).children.compactMap(\.label) {
            #expect(keyed.contains(label) || Self.keyedElsewhere[label] != nil, "PageFrame.\(label) is in no page's key")
        }
        for label in keyed where label != "config" && label != "theme" && label != "pageFonts" {
            #expect(Mirror(reflecting: frame).children.contains { $0.label == label }, "shared.\(label) is no property of the frame")
        }
    }

    @Test func eachSharedValueChangesTheKey() throws {
        var frame = try Self.frame()
        var keys: Set<Fingerprint> = [frame.fingerprint]
        frame.boardScript = "assets/board.1.js"
        keys.insert(frame.fingerprint)
        frame.searchScript = "assets/search.1.js"
        keys.insert(frame.fingerprint)
        #expect(keys.count == 3)
    }
}

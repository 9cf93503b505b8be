import Content
import Foundation
import GazetteModel
import Markdown
import Testing
import TestSupport

@testable import Packet

/// The example site's week 2026-W47 as a packet, checked with qpdf and poppler the way a
/// reader's software sees it.
@Suite(.serialized) struct ExamplePacketTests {
    static let epoch = "1795000000"  // 2026-11-18T11:06:40Z
    let folder: TemporaryFolder
    let content: SiteContent
    let packet: StudyPacket
    let rendered: StudyPacket.Rendered
    let pdf: URL

    init() throws {
        folder = try TemporaryFolder("gazette-packet")
        content = try SiteContent.load(siteRoot: Repository.root)
        packet = try StudyPacket(
            content: content, selection: PacketSelection(week: ISOWeek(year: 2026, week: 47)), environment: ["SOURCE_DATE_EPOCH": Self.epoch])
        pdf = folder.url.appendingPathComponent("2026-W47.pdf")
        rendered = try packet.write(to: pdf)
    }

    @Test func isAValidPDFWithEveryFontEmbeddedAndSubset() throws {
        try PacketChecks.expectValid(pdf)
        try PacketChecks.expectFontsEmbeddedAndSubset(pdf)
    }

    @Test func isA4WithTheRightPageCountAndMetadata() throws {
        let info = try PDFTools.info(pdf)
        #expect(info["Page size"]?.hasPrefix("595.276 x 841.89 pts") == true, "\(info["Page size"] ?? "")")
        #expect(info["Pages"] == "\(rendered.pageCount)")
        // Cover, contents, and every journal on pages of its own.
        #expect(rendered.pageCount >= 2 + packet.journals.count)
        #expect(info["Title"] == "뉴스 스터디 · 2026년 47주차 스터디 패킷")
        #expect(info["Creator"] == "Gazette")
        #expect(info["Author"]?.contains("함희돈") == true)
        #expect(info["Keywords"]?.contains("경제") == true)
        #expect(info["Subject"]?.contains("저널 \(packet.journals.count)편") == true)
        #expect(info["CreationDate"] == "2026-11-18T11:06:40Z")
        #expect(info["ModDate"] == "2026-11-18T11:06:40Z")
    }

    @Test func letterPaperOnRequest() throws {
        var letter = packet
        letter.paper = .letter
        let url = folder.url.appendingPathComponent("letter.pdf")
        try letter.write(to: url)
        #expect(try PDFTools.info(url)["Page size"]?.hasPrefix("612 x 792 pts") == true)
        _ = try PacketChecks.expectWordsInsideMargins(url, width: 612, height: 792)
    }

    @Test func selectsJournalsWithABodyOldestUpdatedFirst() throws {
        let week = try #require(content.weeks.first { $0.week == ISOWeek(year: 2026, week: 47) })
        let withBody = week.journals.filter { !$0.isBookmark }
        #expect(week.journals.count > withBody.count, "the example week has a bookmark to leave out")
        #expect(Set(packet.journals.map(\.slug)) == Set(withBody.map(\.slug)))
        #expect(packet.journals.map(\.updated) == packet.journals.map(\.updated).sorted())
    }

    @Test func eachJournalStartsANewPageInOrderWithEveryWordOfItsBody() throws {
        let pages = try PDFTools.pageTexts(pdf)
        #expect(pages.count == rendered.pageCount)
        #expect(rendered.journalPages == rendered.journalPages.sorted())
        #expect(Set(rendered.journalPages).count == packet.journals.count, "one journal per starting page")
        for (index, journal) in packet.journals.enumerated() {
            let first = rendered.journalPages[index]
            let last = index + 1 < packet.journals.count ? rendered.journalPages[index + 1] - 1 : pages.count
            let text = pages[(first - 1)..<last].joined(separator: "\n")
            // The journal's page begins with the running header, then its article and title.
            let start = pages[first - 1]
            #expect(PacketChecks.missing([journal.title], in: start).isEmpty, "\(journal.slug) does not start on page \(first)")
            if index > 0 {
                #expect(!PacketChecks.missing([packet.journals[index - 1].title], in: start).isEmpty, "\(journal.slug) shares a page")
            }
            if let article = content.article(for: journal) {
                #expect(PacketChecks.missing([article.title, article.url], in: start).isEmpty, "\(journal.slug): article header")
            }
            let words = MarkdownDocument(content.markdown(of: journal)).plainText().split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(!words.isEmpty)
            let missing = PacketChecks.missing(words, in: text)
            #expect(missing.isEmpty, "\(journal.slug): \(missing.prefix(10))")
        }
    }

    @Test func coverAndContentsListEveryJournalWithItsPage() throws {
        let pages = try PDFTools.pageTexts(pdf)
        #expect(pages[0].contains("뉴스 스터디") && pages[0].contains("2026년 47주차") && pages[0].contains("11월 16일 – 11월 22일"))
        #expect(pages[0].contains("저널 \(packet.journals.count)편"))
        #expect(!pages[0].contains("1 / "), "no footer on the cover")
        #expect(pages[1].contains("차례") && pages[1].contains("2 / \(rendered.pageCount)"))
        // Each entry's line: the title, then its page number at the right.
        let lines = try PDFTools.layoutText(pdf, page: 2).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, journal) in packet.journals.enumerated() {
            let line = lines.first { $0.hasPrefix(journal.title) }
            #expect(line?.hasSuffix(" \(rendered.journalPages[index])") == true, "contents entry for \(journal.title): \(line ?? "none")")
        }
        #expect(pages.last?.contains("\(rendered.pageCount) / \(rendered.pageCount)") == true)
    }

    @Test func nothingIsDrawnOutsideTheMargins() throws {
        let count = try PacketChecks.expectWordsInsideMargins(pdf)
        #expect(count > 1000)
    }

    @Test func keepsPaginationRules() {
        PacketChecks.expectPaginationRules(rendered)
    }

    @Test func outlineLinksAndNamedDestinations() throws {
        let json = try PDFTools.json(pdf)
        let outlines = try #require(json["outlines"] as? [[String: Any]])
        #expect(outlines.count == 1)
        #expect(outlines.first?["title"] as? String == "2026년 47주차")
        let kids = (outlines.first?["kids"] as? [[String: Any]]) ?? []
        #expect(kids.compactMap { $0["title"] as? String } == packet.journals.map(\.title))
        #expect(kids.compactMap { $0["destpageposfrom1"] as? Int } == rendered.journalPages)

        let objects = PDFTools.objects(json)
        let catalog = try #require(objects.values.compactMap { $0 as? [String: Any] }.first { $0["/Type"] as? String == "/Catalog" })
        let names = try #require((catalog["/Names"] as? String).flatMap { objects["obj:" + $0] as? [String: Any] })
        let dests = try #require((names["/Dests"] as? String).flatMap { objects["obj:" + $0] as? [String: Any] })
        let destNames = ((dests["/Names"] as? [Any]) ?? []).compactMap { $0 as? String }
        for journal in packet.journals {
            #expect(destNames.contains("u:" + StudyPacket.destination(for: journal)), "no destination for \(journal.slug)")
        }
        #expect(destNames.contains("u:contents") && destNames.contains("u:cover"))

        let links = objects.values.compactMap { $0 as? [String: Any] }.filter { $0["/Subtype"] as? String == "/Link" }
        let destinationLinks = links.compactMap { $0["/Dest"] as? String }
        let uris = links.compactMap { ($0["/A"] as? [String: Any])?["/URI"] as? String }
        // Every contents entry links to its journal; every article link is clickable.
        #expect(Set(destinationLinks) == Set(packet.journals.map { "u:" + StudyPacket.destination(for: $0) }))
        for journal in packet.journals {
            if let article = content.article(for: journal) { #expect(uris.contains("u:" + article.url), "\(article.url)") }
        }
        // Links written in bodies are clickable too.
        let bodyLinks = packet.journals.flatMap { MarkdownDocument(packet.content.markdown(of: $0)).links() }.filter { $0.destination.hasPrefix("http") && !$0.isImage }
        #expect(!bodyLinks.isEmpty)
        for link in bodyLinks { #expect(uris.contains("u:" + link.destination), "\(link.destination)") }
    }

    /// The week is drawn as two runs of pages on two canvases at once, joined into one
    /// document: one page tree, and one structure tree whose parent tree has one entry for
    /// every page and link of both runs, each page's listing elements on that page.
    @Test func drawnInTwoRunsAndJoinedIntoOneDocument() throws {
        #expect(rendered.runs == 2)
        let all = PDFTools.objects(try PDFTools.json(pdf))
        let objects = all.compactMapValues { $0 as? [String: Any] }
        let pages = objects.filter { $0.value["/Type"] as? String == "/Page" }
        #expect(pages.count == rendered.pageCount)
        let root = try #require(objects.values.first { $0["/Type"] as? String == "/StructTreeRoot" })
        let tree = try #require((root["/ParentTree"] as? String).flatMap { objects["obj:" + $0] })
        let numbers = (tree["/Nums"] as? [Any]) ?? []
        var entries: [Int: String] = [:]
        for index in stride(from: 0, to: numbers.count - 1, by: 2) {
            guard let key = numbers[index] as? Int, let value = numbers[index + 1] as? String else { continue }
            #expect(entries.updateValue(value, forKey: key) == nil, "parent tree key \(key) twice")
        }
        let links = objects.values.filter { $0["/Subtype"] as? String == "/Link" }
        let keys = pages.values.compactMap { $0["/StructParents"] as? Int } + links.compactMap { $0["/StructParent"] as? Int }
        #expect(keys.count == pages.count + links.count)
        #expect(Set(keys) == Set(entries.keys))
        for (reference, page) in pages {
            guard let key = page["/StructParents"] as? Int, let list = entries[key] else { continue }
            let elements = (all["obj:" + list] as? [Any]) ?? []
            #expect(!elements.isEmpty || page["/Annots"] == nil)
            for case let element as String in elements {
                #expect(objects["obj:" + element]?["/Pg"] as? String == String(reference.dropFirst(4)), "\(element) on \(reference)")
            }
        }
    }

    @Test func sameInputGivesTheSameBytes() throws {
        let again = try StudyPacket(
            content: try SiteContent.load(siteRoot: Repository.root), selection: PacketSelection(week: ISOWeek(year: 2026, week: 47)),
            environment: ["SOURCE_DATE_EPOCH": Self.epoch]
        ).render()
        #expect(again.data == (try Data(contentsOf: pdf)))
        // Without SOURCE_DATE_EPOCH the dates are the newest journal's, not the clock's.
        let unpinned = try StudyPacket(content: content, selection: PacketSelection(week: ISOWeek(year: 2026, week: 47)), environment: [:])
        #expect(unpinned.timestamp == packet.journals.map(\.updated).max())
    }

    @Test func packetSettingsShapeThePages() throws {
        var config = content.config
        config.packet.margins = .init(top: 72, right: 80, bottom: 72, left: 80)
        config.packet.font = "NanumMyeongjo"
        config.packet.size = 12
        config.packet.descending = true
        let custom = SiteContent(root: content.root, config: config, journals: content.journals, articles: content.articles, diagnostics: [])
        let packet = try StudyPacket(content: custom, selection: PacketSelection(week: ISOWeek(year: 2026, week: 47)), environment: [:])
        #expect(packet.journals.map(\.updated) == packet.journals.map(\.updated).sorted(by: >))
        let url = folder.url.appendingPathComponent("custom.pdf")
        try packet.write(to: url)
        _ = try PacketChecks.expectWordsInsideMargins(url, top: 72, right: 80, bottom: 72, left: 80)
        // The text starts at the new margin, not inside it.
        let left = try PDFTools.words(url).map(\.xMin).min() ?? 0
        #expect(abs(left - 80) < 1, "leftmost word at \(left)")
        let fonts = try PDFTools.run("pdffonts", [url.path]).stdout
        #expect(fonts.contains("NanumMyeongjo") && !fonts.contains("+NanumGothic "))

        config.packet.font = "Comic Sans"
        let unknown = SiteContent(root: content.root, config: config, journals: content.journals, articles: content.articles, diagnostics: [])
        #expect {
            try StudyPacket(content: unknown, selection: PacketSelection(week: ISOWeek(year: 2026, week: 47))).render()
        } throws: { error in
            guard let error = error as? PacketError else { return false }
            return error.kind == .unknownFont && error.diagnostic.message == "packet.font 'Comic Sans' is not a font Gazette knows"
                && error.description.hasPrefix("packet.font 'Comic Sans' is not a font Gazette knows — use one of NanumGothic, NanumMyeongjo")
        }
    }
}

import Content
import Foundation
import GazetteModel
import Markdown
import Testing
import TestSupport

@testable import Packet

/// Packets a screen reader can read: the example site's weeks as tagged PDF, read back with
/// poppler's structure dump (`pdfinfo -struct-text`) and text extraction, as assistive software
/// and a reader copying text see them.
@Suite(.serialized) struct TaggedPacketTests {
    let folder: TemporaryFolder
    let content: SiteContent

    init() throws {
        folder = try TemporaryFolder("gazette-tagged")
        content = try SiteContent.load(siteRoot: Repository.root)
    }

    /// Every week of a site that has a packet, rendered.
    static func packets(_ content: SiteContent, into folder: URL) throws -> [(packet: StudyPacket, pdf: URL, rendered: StudyPacket.Rendered)] {
        try content.weeks.filter(\.hasPacket).map { week in
            let packet = try StudyPacket(content: content, selection: PacketSelection(week: week.week), environment: ["SOURCE_DATE_EPOCH": "1795000000"])
            let pdf = folder.appendingPathComponent("\(week.week).pdf")
            return (packet, pdf, try packet.write(to: pdf))
        }
    }

    func packets() throws -> [(packet: StudyPacket, pdf: URL, rendered: StudyPacket.Rendered)] { try Self.packets(content, into: folder.url) }

    @Test func isTaggedWithLanguageTitleAndAStructureInSourceOrder() throws {
        let all = try packets()
        #expect(all.count >= 2)
        var otherLanguages = 0
        for (packet, pdf, _) in all { otherLanguages += try Self.expectStructure(packet, pdf, content: content) }
        #expect(otherLanguages > 0, "the example site's English articles are marked as English")
    }

    /// The stress site's packets (every Markdown construct, both scripts, long URLs, tables,
    /// nested lists) have the same structure, read the same way.
    @Test func stressSitePacketsToo() throws {
        let site = folder.url.appendingPathComponent("stress")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try StressSite.write(into: site, journals: 45)
        let stress = try SiteContent.load(siteRoot: site)
        let all = try Self.packets(stress, into: folder.url)
        #expect(all.count >= 2)
        // (Text extraction by position, pdftotext's, is checked on the example site: the stress
        // site's tables wider than the page and two-thousand-character URLs it orders its own way.)
        for (packet, pdf, _) in all { try Self.expectStructure(packet, pdf, content: stress) }
    }

    /// Returns how many article blocks say they are in another language.
    @discardableResult
    static func expectStructure(_ packet: StudyPacket, _ pdf: URL, content: SiteContent) throws -> Int {
        do {
            #expect(try PDFTools.info(pdf)["Tagged"] == "yes")
            let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
            #expect(raw.contains("/MarkInfo << /Marked true >>"))
            #expect(raw.contains("/Lang (ko)"), "the document's language, from gazette.yml")
            #expect(raw.contains("/DisplayDocTitle true"))
            try PacketChecks.expectValid(pdf)

            let tree = try StructureNode.read(pdf)
            #expect(tree.tag == "Document")
            let sections = tree.children.filter { $0.tag == "Sect" }
            #expect(sections.count == packet.journals.count + 2, "the cover, the contents and a section per journal")
            #expect(sections[1].children.first?.tag == "H1" && sections[1].children.contains { $0.tag == "TOC" })
            #expect(sections[1].all("TOCI").count == packet.journals.count)
            for (journal, section) in zip(packet.journals, sections.dropFirst(2)) {
                let markdown = MarkdownDocument(content.markdown(of: journal), options: MarkdownOptions(topHeadingLevel: 1))
                let blocks = markdown.blocks()
                // The title is the section's one H1; the body's headings follow in order.
                // (Emoji are drawn from Symbola, which sets a sequence as its separate emoji: a
                // title's joiner or variation selector is not read back.)
                if journal.title.unicodeScalars.contains(where: Self.isEmoji) {
                    #expect(section.all("H1").count == 1)
                } else {
                    #expect(section.all("H1").map(\.text) == [journal.title])
                }
                let headings = section.nodes { $0.tag.count == 2 && $0.tag.hasPrefix("H") && $0.tag != "H1" }
                #expect(headings.map(\.text) == Self.headings(blocks).map(\.text), "\(journal.slug)")
                #expect(headings.map(\.tag) == Self.headings(blocks).map { "H\(min(6, $0.level + 1))" })
                // Lists as L/LI with a Lbl and a LBody (the footnotes a list of their own); tables
                // as rows of TH and TD.
                let items = Self.count(BodyTypesetter.printed(blocks)) { if case .list(let list) = $0 { list.items.count } else { 0 } }
                #expect(section.all("LI").count == items, "\(journal.slug)")
                #expect(section.all("LI").allSatisfy { $0.children.map(\.tag).contains("Lbl") && $0.children.map(\.tag).contains("LBody") })
                let rows = Self.count(blocks) { if case .table(let table) = $0 { table.rows.count + (table.header.isEmpty ? 0 : 1) } else { 0 } }
                #expect(section.all("TR").count == rows)
                #expect(section.all("TR").allSatisfy { row in row.children.allSatisfy { $0.tag == "TH" || $0.tag == "TD" } })
                #expect(section.all("BlockQuote").count == Self.count(blocks) { if case .blockQuote = $0 { 1 } else { 0 } })
                // Read in structure order, the section holds every word of the body in order.
                let words = markdown.plainText().split(whereSeparator: \.isWhitespace).map { word in
                    String(String.UnicodeScalarView(word.unicodeScalars.filter { !Self.isEmoji($0) }))
                }
                // (A footnote's reference, `[1]`, is printed where it stands, inside a word.)
                let missing = PacketChecks.missingInOrder(words, in: section.text.replacing(/\[[0-9]+\]/, with: ""))
                #expect(missing.isEmpty, "\(journal.slug): \(missing.prefix(8))")
                // The article block comes first in the journal's section.
                if content.article(for: journal) != nil { #expect(section.children.first?.tag == "Div") }
            }
            // Each article block whose article is in another language than the site's says which,
            // in journal order, and no other does.
            let marked = raw.matches(of: /\/S \/Div[^>]*\/Lang \(([A-Za-z-]+)\)/).map { String($0.1) }
            let expected = packet.journals.compactMap { content.article(for: $0)?.language }
                .filter { !$0.isEmpty && $0 != content.config.language.rawValue }
            #expect(marked == expected)
            // No page header or footer inside the structure.
            #expect(!tree.text.contains(" / \(try PDFTools.info(pdf)["Pages"] ?? "")"))
            return marked.count
        }
    }

    /// PDF/UA's first rule, as far as it can be read here: everything drawn is either in a
    /// structure element (a marked-content sequence with an MCID) or an artifact. The running
    /// header and footer and the rules are artifacts.
    @Test func everythingDrawnIsTaggedOrAnArtifact() throws {
        for (_, pdf, rendered) in try packets() {
            let qdf = folder.url.appendingPathComponent("qdf-" + pdf.lastPathComponent)
            _ = try PDFTools.run("qpdf", ["--qdf", "--object-streams=disable", pdf.path, qdf.path])
            let text = String(decoding: try Data(contentsOf: qdf), as: UTF8.self)
            let pages = text.components(separatedBy: "%% Contents for page ").dropFirst()
            #expect(pages.count == rendered.pageCount)
            var artifacts = 0
            for (number, page) in pages.enumerated() {
                guard let start = page.range(of: "stream\n"), let end = page.range(of: "endstream") else { continue }
                var depth = 0
                var untagged: [String] = []
                for line in page[start.upperBound..<end.lowerBound].split(separator: "\n") {
                    let op = String(line.reversed().prefix { $0.isLetter || $0 == "*" }.reversed())
                    if line.hasPrefix("/Artifact BMC") { artifacts += 1 }
                    if op == "BDC" || op == "BMC" { depth += 1 } else if op == "EMC" { depth -= 1 }
                    if depth == 0, ["BT", "S", "f", "f*", "B", "b", "Do"].contains(op) { untagged.append(String(line)) }
                }
                #expect(depth == 0)
                #expect(untagged.isEmpty, "page \(number + 1) draws outside every element: \(untagged.prefix(3))")
            }
            // A header, a rule and a footer on every page but the cover.
            #expect(artifacts >= 3 * (rendered.pageCount - 1))
        }
    }

    @Test func everyLinkAnnotationIsInALinkElement() throws {
        for (_, pdf, _) in try packets() {
            let objects = PDFTools.objects(try PDFTools.json(pdf))
            let annotations = objects.values.compactMap { $0 as? [String: Any] }.filter { $0["/Subtype"] as? String == "/Link" }
            let tree = try StructureNode.read(pdf)
            #expect(!annotations.isEmpty)
            #expect(tree.all("Link").count == annotations.count)
            #expect(tree.all("Link").allSatisfy { $0.objects == 1 }, "each Link element holds its annotation")
            // Languages other than the document's, on the elements that are in them.
            let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
            let english = content.articles.filter { $0.language == "en" }.count
            if english > 0 { #expect(raw.contains("/Lang (en)")) }
        }
    }

    @Test func extractedTextIsEachJournalInOrderWithoutPageFurnitureInsideParagraphs() throws {
        for (packet, pdf, rendered) in try packets() { try Self.expectExtractedText(packet, pdf, rendered, content: content) }
    }

    static func expectExtractedText(_ packet: StudyPacket, _ pdf: URL, _ rendered: StudyPacket.Rendered, content: SiteContent) throws {
        do {
            let pages = try PDFTools.pageTexts(pdf)
            // The running header and the `n / N` footer are the only lines that are not content.
            let header = "\(content.config.title) · "
            let text = pages.map { page in
                page.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasPrefix(header) && $0.firstMatch(of: /^\d+ \/ \d+$/) == nil }.joined(separator: "\n")
            }.joined(separator: "\n")
            // pdftotext orders a table's cells by where they sit, and joins a word broken after
            // its hyphen (`high-` / `risk`) without it: the structure test reads tables in
            // their logical order; here the words outside tables, hyphens aside.
            var words: [String] = []
            for journal in packet.journals {
                words.append(journal.title)
                let blocks = MarkdownDocument(content.markdown(of: journal)).blocks().filter { if case .table = $0 { false } else { true } }
                words += blocks.flatMap(Self.words)
            }
            let unhyphenated = { (word: String) in word.replacingOccurrences(of: "-", with: "") }
            let missing = PacketChecks.missingInOrder(words.map(unhyphenated), in: unhyphenated(text))
            #expect(missing.isEmpty, "\(pdf.lastPathComponent): \(missing.prefix(8))")
            #expect(!text.contains("\u{00AD}"), "no soft hyphen in extracted text")
            #expect(rendered.pageCount == pages.count)
        }
    }

    /// An emoji, or a joiner or flag part of one.
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.isEmoji && scalar.value > 0xFF) || scalar.value == 0x200D || scalar.value == 0xFE0F
    }

    /// The words a reader sees in a block, in order.
    static func words(_ block: MarkdownBlock) -> [String] {
        let text: String =
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): MarkdownInline.plainText(inlines)
            case .codeBlock(_, let code), .html(let code): code
            case .blockQuote(let children), .footnote(_, let children): children.flatMap(words).joined(separator: " ")
            case .list(let list): list.items.flatMap { $0.blocks.flatMap(words) }.joined(separator: " ")
            case .table, .thematicBreak: ""
            }
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    static func headings(_ blocks: [MarkdownBlock]) -> [(level: Int, text: String)] {
        blocks.flatMap { block -> [(level: Int, text: String)] in
            switch block {
            case .heading(let level, let inlines): [(level, MarkdownInline.plainText(inlines))]
            case .blockQuote(let children): headings(children)
            case .list(let list): list.items.flatMap { headings($0.blocks) }
            default: []
            }
        }
    }

    /// `count` summed over the blocks and the blocks inside them.
    static func count(_ blocks: [MarkdownBlock], _ count: (MarkdownBlock) -> Int) -> Int {
        blocks.reduce(0) { total, block in
            let inner: Int =
                switch block {
                case .blockQuote(let children): Self.count(children, count)
                case .list(let list): list.items.reduce(0) { $0 + Self.count($1.blocks, count) }
                default: 0
                }
            return total + count(block) + inner
        }
    }
}

/// One element of `pdfinfo -struct-text`'s tree: its tag, its text, the annotations (objects)
/// it holds, and its children.
struct StructureNode {
    var tag: String
    var ownText: [String] = []
    var objects = 0
    var children: [StructureNode] = []

    /// Its text and its descendants', in order.
    var text: String { (ownText + children.map(\.text)).joined() }

    func nodes(where matches: (StructureNode) -> Bool) -> [StructureNode] {
        (matches(self) ? [self] : []) + children.flatMap { $0.nodes(where: matches) }
    }

    func all(_ tag: String) -> [StructureNode] { nodes { $0.tag == tag } }

    static func read(_ pdf: URL) throws -> StructureNode {
        let output = try PDFTools.run("pdfinfo", ["-struct-text", pdf.path]).stdout
        var stack: [(depth: Int, node: StructureNode)] = [(-1, StructureNode(tag: "root"))]
        func pop() {
            let done = stack.removeLast()
            stack[stack.count - 1].node.children.append(done.node)
        }
        for line in output.split(separator: "\n") {
            let depth = line.prefix { $0 == " " }.count / 2
            let body = line.drop { $0 == " " }
            while stack.count > 1, stack[stack.count - 1].depth >= depth, !(body.hasPrefix("\"") || body.hasPrefix("Object ")) { pop() }
            // An element's attributes (`/Scope /Column` of a TH) are its own lines: not nodes.
            if body.hasPrefix("/") { continue }
            if body.hasPrefix("\"") {
                stack[stack.count - 1].node.ownText.append(String(body.dropFirst().dropLast()))
            } else if body.hasPrefix("Object ") {
                stack[stack.count - 1].node.objects += 1
            } else {
                var tag = String(body.split(separator: " ").first ?? "")
                if tag.hasSuffix(":") { tag.removeLast() }
                stack.append((depth, StructureNode(tag: tag)))
            }
        }
        while stack.count > 1 { pop() }
        return stack[0].node.children.first ?? StructureNode(tag: "none")
    }
}

import Content
import Foundation
import GazetteModel
import Markdown
import Typesetting

/// Typesets one journal into flow boxes: the article header (title, clickable link, publisher and
/// date), the journal's title, dates, author and tags, a rule, then the Markdown body. One per
/// thread of work, since it owns a Pango context.
struct JournalTypesetter {
    let packet: StudyPacket
    let style: PacketStyle
    let fonts: PrintFonts
    let strings: PacketStrings
    /// Short texts this typesetter has set, reused across its journals (see `TextBlockCache`).
    let cache: TextBlockCache
    /// The destination of each journal of the packet by its slug: a link to one of them opens
    /// its first page in the packet (or the heading its `#…` names), not its web page.
    let inPacket: [String: String]
    /// The headings' ids of the packet's journals, read when a link names a section of one.
    let sections: PacketSections
    var config: SiteConfig { packet.content.config }

    init(packet: StudyPacket, style: PacketStyle, fonts: PrintFonts, strings: PacketStrings) {
        self.packet = packet
        self.style = style
        self.fonts = fonts
        self.strings = strings
        cache = TextBlockCache(fonts: fonts)
        inPacket = Dictionary(packet.journals.map { ($0.slug, StudyPacket.destination(for: $0)) }) { first, _ in first }
        sections = PacketSections(packet: packet)
    }

    private func textBox(_ text: RichText, lineHeight: Double = 1.35, spaceBefore: Double = 0) throws -> FlowBox {
        let block = try cache.block(text, width: style.contentWidth, lineHeight: lineHeight)
        return FlowBox.text(block, indent: 0, spaceBefore: spaceBefore, spaceAfter: 0)
    }

    func boxes(for journal: Journal) throws -> [FlowBox] {
        let size = style.size
        var header: [FlowBox] = []
        let article = packet.content.article(for: journal)
        // The article's title, address and source, in the article's language when it has
        // another than the site's.
        let articleLanguage = article?.language.flatMap { tag in
            // A language tag as the store holds it (`en`, `ko-KR`); anything else is not one.
            let isTag = !tag.isEmpty && tag.utf8.count <= 35 && tag.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" }
            return isTag && tag.lowercased() != config.language.rawValue ? tag : nil
        }
        let articleBlock = StructureElement(tag: "Div", id: "article", language: articleLanguage)
        // Only what the URL policy allows becomes a clickable link (or is printed as the address).
        let articleURL = (article?.url ?? journal.articleReference.flatMap { CanonicalURL.canonicalize($0) != nil ? $0 : nil })
            .flatMap { SafeURL.allowed($0, in: .absolute) }
        if let article {
            header.append(try textBox(RichText(article.title, style.body.with { $0.bold = true; $0.size = size * 1.3 }), lineHeight: 1.3))
        }
        if let articleURL {
            header.append(
                try textBox(RichText(articleURL, style.small.with { $0.link = articleURL; $0.color = style.linkColor }), lineHeight: 1.3, spaceBefore: size * 0.3))
        }
        if let article {
            var line: [String] = []
            if let publisher = article.publisher ?? articleURL.flatMap({ URL(string: $0)?.host }) { line.append(publisher) }
            line.append("\(strings.published) " + (article.publishedDate.map(strings.dayAndTime) ?? article.published))
            header.append(try textBox(RichText(line.joined(separator: " · "), style.small), lineHeight: 1.3, spaceBefore: size * 0.15))
        }
        for box in header { box.containers = [articleBlock] }
        let title = try textBox(
            RichText(journal.title, style.body.with { $0.bold = true; $0.size = size * 2.0 }), lineHeight: 1.25,
            spaceBefore: header.isEmpty ? 0 : size * 1.3)
        title.role = "H1"
        header.append(title)
        var meta = RichText()
        let label = style.small.with { $0.bold = true }
        meta.append("\(strings.created) ", label)
        // A date written as a day alone is shown as the day, without the midnight it is read as.
        meta.append(journal.createdIsDay ? strings.day(journal.created) : strings.dayAndTime(journal.created), style.small)
        meta.append("\n\(strings.updated) ", label)
        meta.append(journal.updatedIsDay ? strings.day(journal.updated) : strings.dayAndTime(journal.updated), style.small)
        if let author = journal.author {
            meta.append("\n\(strings.author) ", label)
            meta.append(config.author(author)?.name ?? author, style.small)
        }
        header.append(try textBox(meta, lineHeight: 1.45, spaceBefore: size * 0.6))
        if !journal.tags.isEmpty {
            let tags = journal.tags.map { "#" + config.tagName($0) }.joined(separator: " ")
            header.append(try textBox(RichText(tags, style.body.with { $0.color = style.accent; $0.bold = true }), spaceBefore: size * 0.4))
        }
        let rule = style.rule
        let width = style.contentWidth
        let ruleBox = FlowBox(units: [size * 1.2], spaceBefore: size * 0.2) { canvas, _, x, y, _ in
            canvas.line(from: (x, y + size * 0.6), to: (x + width, y + size * 0.6), color: rule, lineWidth: 0.6)
        }
        ruleBox.role = "Artifact"
        header.append(ruleBox)
        for box in header { box.keepWithNext = true }
        header[0].breakBefore = true
        header[0].anchor = StudyPacket.destination(for: journal)

        let document = MarkdownDocument(
            packet.content.markdown(of: journal), options: MarkdownOptions(
                unsafeHTML: config.markdown.unsafeHTML, topHeadingLevel: 1, reservedIDs: SitePaths.journalPageIDs, lineBreaks: config.markdown.lineBreaks))
        let linkBase = packet.baseURL.flatMap { URL(string: SitePaths.journal(journal.slug), relativeTo: $0) }
        let (inPacket, sections) = (self.inPacket, self.sections)
        let ownIDs = document.headingIDs()
        sections.know(journal.slug, ownIDs)
        var body = BodyTypesetter(
            style: style, fonts: fonts, cache: cache,
            resolveLink: { JournalTypesetter.target($0, from: journal.slug, inPacket: inPacket, sections: sections.ids(of:), base: linkBase) },
            strings: strings)
        body.headingAnchors = HeadingAnchors(
            names: ownIDs.map { StudyPacket.destination(slug: journal.slug, section: $0) }, descriptions: ownIDs.map { "\(journal.title) #\($0)" })
        body.pictures = PacketPicture.of(journal, in: packet.content)
        let bodyBoxes = try body.boxes(document.blocks())
        if let first = bodyBoxes.first { first.spaceBefore = 0 }
        if bodyBoxes.isEmpty { header[header.count - 1].keepWithNext = false }
        // Each journal is a section of the document.
        let section = StructureElement(tag: "Sect", id: "journal " + journal.slug)
        let all = header + bodyBoxes
        for box in all { box.containers.insert(section, at: 0) }
        return all
    }

    /// Where a link of the journal `slug` leads: to a journal of the packet when it names one,
    /// by its page or its file — to the heading its `#…` names (`sections`: the ids of a
    /// journal's headings), else to its first page; a `#…` alone, to a heading of this journal;
    /// anything else as `absolute` makes it.
    static func target(
        _ destination: String, from slug: String, inPacket: [String: String], sections: (String) -> [String], base: URL?
    ) -> String? {
        guard let cleaned = SafeURL.allowed(destination, in: .body), SafeURL.scheme(cleaned) == nil else { return absolute(destination, base: base) }
        let fragment = cleaned.firstIndex(of: "#").map { String(cleaned[cleaned.index(after: $0)...]) }.map { $0.removingPercentEncoding ?? $0 }
        func section(of linked: String) -> String? {
            guard let fragment, !fragment.isEmpty, sections(linked).contains(fragment) else { return nil }
            return "#" + StudyPacket.destination(slug: linked, section: fragment)
        }
        if cleaned.hasPrefix("#") { return section(of: slug) }
        if let page = SitePaths.linkTarget(cleaned, from: SitePaths.journal(slug)), let linked = SitePaths.journalSlug(ofPage: page),
            let name = inPacket[linked]
        {
            return section(of: linked) ?? "#" + name
        }
        return absolute(destination, base: base)
    }

    /// A link target a PDF viewer can open: absolute http(s) and mailto URLs as written; links
    /// relative to the journal's page resolved against the site's base URL when it has one.
    /// Anything the URL policy refuses (`javascript:`, `data:`, `file:`, `//host`…) is not a link.
    static func absolute(_ destination: String, base: URL?) -> String? {
        guard let cleaned = SafeURL.allowed(destination, in: .body) else { return nil }
        if SafeURL.scheme(cleaned) != nil { return cleaned }
        // A journal's file (`2026-11-18-x.md`) is its page, as on the site.
        let relative = SitePaths.journalFileLink(cleaned).map { SitePaths.root(from: SitePaths.journal("x")) + $0 } ?? cleaned
        guard let base, !cleaned.hasPrefix("#"),
            let url = URL(string: relative, relativeTo: base)?.absoluteURL,
            let resolved = SafeURL.allowed(url.absoluteString, in: .absolute)
        else { return nil }
        return resolved
    }
}

/// The ids of the headings of a packet's journals by slug, as the site gives them: a journal's
/// own are known once it is set, another's read from its Markdown the first time a link names
/// one of its sections. One per typesetter (a thread's).
final class PacketSections {
    private let packet: StudyPacket
    private var known: [String: [String]] = [:]

    init(packet: StudyPacket) { self.packet = packet }

    func know(_ slug: String, _ ids: [String]) { known[slug] = ids }

    func ids(of slug: String) -> [String] {
        if let ids = known[slug] { return ids }
        guard let journal = packet.journals.first(where: { $0.slug == slug }) else { return [] }
        let ids = MarkdownDocument(packet.content.markdown(of: journal), options: MarkdownOptions(reservedIDs: SitePaths.journalPageIDs)).headingIDs()
        known[slug] = ids
        return ids
    }
}

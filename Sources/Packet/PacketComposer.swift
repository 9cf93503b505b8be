import Content
import Foundation
import GazetteModel
import Markdown
import Typesetting

/// Lays a packet out and draws it: builds the flow of the cover, the contents and the journals,
/// paginates them (so the contents know every page number before anything is drawn), then draws
/// each page with its running header and `n / N` footer, and adds destinations, the outline and
/// the document metadata.
final class PacketComposer {
    let packet: StudyPacket
    let config: SiteConfig
    let style: PacketStyle
    let fonts: PrintFonts
    let fontFiles: PacketFonts
    let strings: PacketStrings
    /// Asked between journals, pages and steps: true stops the work with `CancellationError`
    /// (`gazette serve` drops a packet a newer save makes stale).
    let isCancelled: @Sendable () -> Bool
    /// Destination name → 1-based page number, filled after pagination, read while drawing.
    private var pageOf: [String: Int] = [:]
    /// What a link to each heading's destination is described as: the journal's title and the id.
    private var descriptions: [String: String] = [:]

    init(packet: StudyPacket, isCancelled: @escaping @Sendable () -> Bool = { false }) throws {
        self.packet = packet
        self.isCancelled = isCancelled
        config = packet.content.config
        let files = try PacketFonts(text: config.packet.font, code: config.packet.codeFont)
        fonts = try files.load()
        fontFiles = files
        style = PacketStyle(settings: config.packet, paper: packet.paper, fonts: files)
        strings = PacketStrings(language: config.language, timeZone: config.timeZone)
    }

    func compose() throws -> StudyPacket.Rendered {
        var clock = StepClock()
        let paginator = Paginator(pageHeight: style.bodyHeight)
        var spareFonts: [PrintFonts] = []
        var flows = try clock.step("typeset \(packet.journals.count) journals") {
            let ((cover, contents), journals, spare) = try typesetJournals(alongside: { (try coverBoxes(), try contentsBoxes()) })
            spareFonts = spare
            return [cover, contents, journals]
        }
        try stopIfCancelled()
        var coverCount = 0
        var footers: [TextBlock] = []
        var allPages = try clock.step("paginate, set page numbers") {
            let paginated = flows.map(paginator.paginate)
            // From here the pages alone hold the boxes, so they can be let go of on another
            // thread once drawn (see `PageRelease`).
            flows = []
            coverCount = paginated[0].count
            let pages = Array(paginated.joined())
            for (index, page) in pages.enumerated() {
                for placement in page where placement.units.lowerBound == 0 {
                    if let anchor = placement.box.anchor, pageOf[anchor] == nil { pageOf[anchor] = index + 1 }
                    if let anchor = placement.box.anchor, let description = placement.box.anchorDescription { descriptions[anchor] = description }
                }
            }
            footers = try pageNumbers(pages: (paginated[0].count + 1)..<(pages.count + 1), of: pages.count, spareFonts: spareFonts)
            return pages
        }
        let pageCount = allPages.count
        var rendered = StudyPacket.Rendered(
            data: Data(), pageCount: pageCount, journalPages: packet.journals.map { pageOf[StudyPacket.destination(for: $0)] ?? 0 })
        rendered.layout = allPages.map { page in page.map { ($0.box.kind, $0.units, $0.box.units.count) } }
        // Two runs of pages, each drawn on a cairo surface of its own on a core of its own, then
        // joined into one document. Where the second run starts depends on the pages alone, so
        // the same packet gives the same bytes on any machine.
        let runs = PacketComposer.runs(of: allPages, coverCount: coverCount)
        rendered.runs = runs.count
        var parcels = runs.map { PageRun(pages: Array(allPages[$0]), first: $0.lowerBound) }
        allPages = []
        let headers = try runs.map { _ in
            try TextBlock(RichText("\(config.title) · \(label)", style.furniture), fonts: fonts, width: style.contentWidth, lineHeight: 1.5)
        }
        let parts = try clock.step("draw \(pageCount) pages in \(runs.count) runs, complete each") {
            try parcels.indices.concurrentMap { index in
                try draw(
                    parcels[index], header: headers[index], footers: footers, coverCount: coverCount,
                    position: runs.count == 1 ? .whole : index == 0 ? .first : .later)
            }
        }
        PageRelease.release(parcels)
        parcels = []
        try stopIfCancelled()
        rendered.data = try clock.step("join the runs") { try PDFCanvas.joined(parts) }
        rendered.steps = clock.steps
        return rendered
    }

    private func stopIfCancelled() throws {
        if isCancelled() { throw CancellationError() }
    }

    /// Draws a run of pages on a canvas of its own and finishes it. The leading run (the
    /// cover's) carries the document's metadata and outline.
    private func draw(
        _ run: PageRun, header: TextBlock, footers: [TextBlock], coverCount: Int, position: PDFCanvas.Position
    ) throws -> PDFCanvas.Part {
        let leading = position != .later
        let canvas = try PDFCanvas(width: style.pageWidth, height: style.pageHeight)
        if leading { setMetadata(canvas) }
        canvas.language = config.language.rawValue
        canvas.destinationDescriptions = descriptions.merging(packet.journals.map { (StudyPacket.destination(for: $0), $0.title) }) { first, _ in first }
        var structure = StructureDrawing(canvas: canvas)
        canvas.beginStructure("Document")
        for offset in run.pages.indices {
            try stopIfCancelled()
            let index = run.first + offset
            // Headers and footers are artifacts, whatever section the page is in.
            if index >= coverCount { canvas.structure("Artifact") { drawFurniture(canvas, header: header, footer: footers[index - coverCount]) } }
            for placement in run.pages[offset] {
                let y = style.bodyTop + placement.y
                if placement.units.lowerBound == 0, let anchor = placement.box.anchor {
                    canvas.destination(anchor, x: style.contentLeft, y: max(0, y - style.size))
                }
                structure.draw(placement, x: style.contentLeft, y: y)
            }
            canvas.showPage()
        }
        structure.close()
        canvas.endStructure()
        if leading { addOutline(canvas) }
        try stopIfCancelled()
        return try canvas.finishPart(position)
    }

    /// Where the packet's pages split into two runs: at the journal whose first page best
    /// halves the lines drawn (a page's cost is mostly its text), from the second journal on:
    /// a packet of one journal is one run.
    static func runs(of pages: [[Placement]], coverCount: Int) -> [Range<Int>] {
        // A box's cost: its lines, and as much again for what each box draws once (its
        // structure element, its first line's batch of glyphs).
        let costs = pages.map { page in page.reduce(4) { $0 + $1.units.count + 2 } }
        let total = costs.reduce(0, +)
        var best: (index: Int, imbalance: Int)?
        var before = 0
        var journals = 0
        for (index, page) in pages.enumerated() {
            defer { before += costs[index] }
            // A journal's section starts at the top of a page, with its destination; the first
            // journal's is no place to split (the cover and contents are a few pages).
            guard index > coverCount, let top = page.first, top.units.lowerBound == 0, top.box.anchor?.hasPrefix(StudyPacket.journalDestinationPrefix) == true
            else { continue }
            journals += 1
            if journals == 1 { continue }
            let imbalance = abs(total - 2 * before)
            if best.map({ imbalance < $0.imbalance }) ?? true { best = (index, imbalance) }
        }
        guard let split = best?.index else { return [0..<pages.count] }
        return [0..<split, split..<pages.count]
    }

    /// Typesets every journal, on as many threads as there are processors (up to four): each
    /// thread has fonts, a Pango context and date formatters of its own, which is how Pango and
    /// Foundation's formatters may be used concurrently. Markdown parsing is serialised by the
    /// Markdown module itself. `lead` (the cover and contents, set with the composer's own
    /// fonts) runs first on the thread that owns those fonts, while the others start on journals.
    private func typesetJournals<Lead>(alongside lead: () throws -> Lead) throws -> (Lead, [FlowBox], spareFonts: [PrintFonts]) {
        let journals = packet.journals
        let workers = journals.count < 8 ? 1 : min(4, Cores.count, journals.count)
        // Each worker takes the next journal not yet taken, with its own typesetter, so a worker
        // that drew short journals takes more of them and all finish together (journals differ
        // in length; a fixed share left one core idle while the other set its last few). Which
        // worker sets a journal does not change its boxes. The results go back into journal
        // order, and the first journal that failed is the error. The other workers load their
        // fonts on their own threads, while the first sets `lead`.
        let next = Locked(0)
        let perWorker = (0..<workers).concurrentMap { worker in
            let led = worker == 0 ? Result { try lead() } : nil
            let setter = Result<JournalTypesetter, Error> {
                if worker == 0 { return JournalTypesetter(packet: packet, style: style, fonts: fonts, strings: strings) }
                return JournalTypesetter(
                    packet: packet, style: style, fonts: try fontFiles.load(),
                    strings: PacketStrings(language: config.language, timeZone: config.timeZone))
            }
            var made: [(Int, Result<[FlowBox], Error>)] = []
            guard case .success(let setter) = setter else { return (led, setter.map { _ -> PrintFonts? in nil }, made) }
            while true {
                let index = next.withLock { taken in
                    defer { taken += 1 }
                    return taken
                }
                guard index < journals.count else { break }
                if isCancelled() {
                    made.append((index, .failure(CancellationError())))
                    break
                }
                made.append((index, Result { try setter.boxes(for: journals[index]) }))
            }
            return (led, Result<PrintFonts?, Error>.success(worker == 0 ? nil : setter.fonts), made)
        }
        // The first worker always sets `lead`; were there none, it is set here.
        let leading = try perWorker.first?.0?.get() ?? lead()
        let spareFonts = try perWorker.compactMap { try $0.1.get() }
        var results = [Result<[FlowBox], Error>?](repeating: nil, count: journals.count)
        for (index, result) in perWorker.flatMap(\.2) { results[index] = result }
        var boxes: [FlowBox] = []
        for result in results {
            guard let result else { continue }
            boxes += try result.get()
        }
        return (leading, boxes, spareFonts)
    }

    // MARK: - What the packet is of

    /// `2026년 47주차` for a week, otherwise a description of the selection.
    var label: String {
        let selection = packet.selection
        var parts: [String] = []
        if let week = selection.week { parts.append(strings.week(week)) }
        if !selection.tags.isEmpty {
            parts.append("\(strings.tags) " + selection.tags.map(config.tagName).joined(separator: ", "))
        }
        if !selection.authors.isEmpty {
            parts.append("\(strings.author) " + selection.authors.map(config.authorName).joined(separator: ", "))
        }
        return parts.isEmpty ? strings.selection : parts.joined(separator: " · ")
    }

    /// The week's dates, or the span of the journals' `created`.
    var range: String {
        if let week = packet.selection.week { return strings.range(week) }
        let dates = packet.journals.map(\.created)
        guard let first = dates.min(), let last = dates.max() else { return "" }
        return strings.range(first, last, year: true)
    }

    var authorNames: [String] {
        var seen = Set<String>()
        return packet.journals.compactMap { $0.author }.map(config.authorName).filter { seen.insert($0).inserted }
    }

    /// Tag display names with their journal counts, in vocabulary order, then unknown tags.
    var tagCounts: [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for journal in packet.journals { for tag in journal.tags { counts[tag, default: 0] += 1 } }
        let known = config.tags.compactMap { tag in counts[tag.key].map { (tag.name, $0) } }
        let unknown = counts.keys.filter { config.tag($0) == nil }.sorted().map { ($0, counts[$0] ?? 0) }
        return known + unknown
    }

    // MARK: - Cover

    private func textBox(_ text: RichText, lineHeight: Double = 1.35, spaceBefore: Double = 0, alignment: TextBlock.Alignment = .left) throws -> FlowBox {
        let block = try TextBlock(text, fonts: fonts, width: style.contentWidth, lineHeight: lineHeight, alignment: alignment)
        return FlowBox.text(block, indent: 0, spaceBefore: spaceBefore, spaceAfter: 0)
    }

    private func coverBoxes() throws -> [FlowBox] {
        let size = style.size
        var boxes: [FlowBox] = []
        let spacer = FlowBox(units: [style.bodyHeight * 0.2]) { _, _, _, _, _ in }
        spacer.kind = .space
        spacer.role = nil
        spacer.anchor = "cover"
        boxes.append(spacer)
        boxes.append(try textBox(RichText(strings.packet.uppercased(), style.body.with { $0.color = style.accent; $0.bold = true; $0.size = size * 1.05 })))
        let title = try textBox(RichText(config.title, style.body.with { $0.bold = true; $0.size = size * 2.8 }), lineHeight: 1.2, spaceBefore: size * 0.8)
        title.role = "H1"
        boxes.append(title)
        boxes.append(try textBox(RichText(label, style.body.with { $0.bold = true; $0.size = size * 1.7 }), spaceBefore: size * 1.6))
        boxes.append(try textBox(RichText(range, style.body.with { $0.color = style.muted; $0.size = size * 1.2 }), spaceBefore: size * 0.3))
        let rule = style.rule
        let width = style.contentWidth
        let ruleBox = FlowBox(units: [size * 2], spaceBefore: 0) { canvas, _, x, y, _ in
            canvas.line(from: (x, y + size), to: (x + width, y + size), color: rule, lineWidth: 0.8)
        }
        ruleBox.role = "Artifact"
        boxes.append(ruleBox)
        let label = style.body.with { $0.bold = true }
        var facts = RichText(strings.journalCount(packet.journals.count), label)
        if !authorNames.isEmpty {
            facts.append("\n\(strings.authors)  ", label)
            facts.append(authorNames.joined(separator: ", "), style.body)
        }
        if !tagCounts.isEmpty {
            facts.append("\n\(strings.tags)  ", label)
            facts.append(tagCounts.map { "\($0.name) \($0.count)" }.joined(separator: " · "), style.body)
        }
        boxes.append(try textBox(facts, lineHeight: 1.7))
        if let description = config.description, !description.isEmpty {
            boxes.append(try textBox(RichText(description, style.body.with { $0.color = style.muted; $0.italic = true }), spaceBefore: size * 1.5))
        }
        let section = StructureElement(tag: "Sect", id: "cover")
        for box in boxes { box.containers = [section] }
        return boxes
    }

    // MARK: - Contents

    private func contentsBoxes() throws -> [FlowBox] {
        let size = style.size
        var boxes: [FlowBox] = []
        let title = try textBox(RichText(strings.contents, style.heading(1).with { $0.size = size * 1.7 }), lineHeight: 1.2)
        title.anchor = "contents"
        title.kind = .heading
        title.role = "H1"
        title.breakBefore = true
        title.spaceAfter = size * 1.2
        boxes.append(title)
        let weeks = packet.journals.map { packet.content.week(of: $0) }
        let showWeeks = Set(weeks).count > 1
        var lastWeek: ISOWeek?
        let numberColumn = size * 3.5
        for (index, journal) in packet.journals.enumerated() {
            if showWeeks, weeks[index] != lastWeek {
                let heading = try textBox(
                    RichText(strings.week(weeks[index]), style.body.with { $0.bold = true; $0.color = style.accent }),
                    spaceBefore: size * (lastWeek == nil ? 0 : 1.0))
                heading.spaceAfter = size * 0.3
                heading.keepWithNext = true
                heading.role = "TOCI"
                boxes.append(heading)
                lastWeek = weeks[index]
            }
            let titleBlock = try TextBlock(
                RichText(journal.title, style.body), fonts: fonts, width: style.contentWidth - numberColumn, lineHeight: 1.35)
            var meta = [strings.day(journal.updated)]
            if let author = journal.author { meta.insert(config.author(author)?.name ?? author, at: 0) }
            let metaBlock = try TextBlock(
                RichText(meta.joined(separator: " · "), style.small), fonts: fonts, width: style.contentWidth - numberColumn, lineHeight: 1.3)
            let destination = StudyPacket.destination(for: journal)
            let height = titleBlock.height + metaBlock.height
            let width = style.contentWidth
            let fonts = self.fonts
            let numberStyle = style.body
            let box = FlowBox(units: [height], spaceBefore: size * 0.45, firstBaseline: titleBlock.lines.first?.baseline ?? 0) {
                [unowned self] canvas, _, x, y, _ in
                // The entry's text in a span, so its link can be the entry's too.
                canvas.structure("Span") {
                    canvas.draw(titleBlock, x: x, y: y)
                    canvas.draw(metaBlock, x: x, y: y + titleBlock.height)
                    if let page = self.pageOf[destination],
                        let number = try? TextBlock(RichText("\(page)", numberStyle), fonts: fonts, width: nil, lineHeight: 1.35)
                    {
                        canvas.draw(number, x: x + width - number.widestLine, y: y)
                    }
                }
                canvas.link(to: "#" + destination, x: x, y: y, width: width, height: height)
            }
            box.role = "TOCI"
            boxes.append(box)
        }
        let section = StructureElement(tag: "Sect", id: "contents")
        let list = StructureElement(tag: "TOC", id: "contents")
        for box in boxes { box.containers = box === title ? [section] : [section, list] }
        return boxes
    }

    // MARK: - Page furniture, metadata, outline

    private func drawFurniture(_ canvas: PDFCanvas, header: TextBlock, footer: TextBlock) {
        let top = style.margins.top
        canvas.draw(header, x: style.contentLeft, y: top)
        let ruleY = top + header.height + style.size * 0.3
        canvas.line(from: (style.contentLeft, ruleY), to: (style.contentLeft + style.contentWidth, ruleY), color: style.rule, lineWidth: 0.5)
        canvas.draw(footer, x: style.contentLeft, y: style.pageHeight - style.margins.bottom - footer.height)
    }

    /// The `n / N` footers of pages `pages` (1-based), set before drawing starts: half on this
    /// thread, half on another with a typesetting worker's fonts (free once the journals are set),
    /// so the drawing thread, which cannot share its work, only draws them.
    private func pageNumbers(pages: Range<Int>, of total: Int, spareFonts: [PrintFonts]) throws -> [TextBlock] {
        func footers(_ pages: ArraySlice<Int>, _ fonts: PrintFonts) throws -> [TextBlock] {
            try pages.map { page in
                try TextBlock(
                    RichText("\(page) / \(total)", style.furniture), fonts: fonts, width: style.contentWidth, lineHeight: 1.5, alignment: .center)
            }
        }
        let all = Array(pages)
        guard let spare = spareFonts.first, all.count > 1 else { return try footers(all[...], fonts) }
        let half = all.count / 2
        let (first, second) = try concurrently({ try footers(all[..<half], fonts) }, { try footers(all[half...], spare) })
        return first + second
    }

    private func setMetadata(_ canvas: PDFCanvas) {
        canvas.setMetadata(.title, "\(config.title) · \(label) \(strings.packet)")
        if !authorNames.isEmpty { canvas.setMetadata(.author, authorNames.joined(separator: ", ")) }
        canvas.setMetadata(.subject, "\(strings.packet): \(label) (\(range)), \(strings.journalCount(packet.journals.count))")
        if !tagCounts.isEmpty { canvas.setMetadata(.keywords, tagCounts.map(\.name).joined(separator: ", ")) }
        canvas.setMetadata(.creator, "Gazette")
        let date = ISO8601.format(packet.timestamp, in: TimeZone(identifier: "UTC") ?? config.timeZone)
        canvas.setMetadata(.createDate, date)
        canvas.setMetadata(.modDate, date)
        canvas.xmpMetadata = XMPMetadata(
            title: "\(config.title) · \(label) \(strings.packet)", language: config.language.rawValue, date: date, creator: "Gazette")
    }

    /// One entry per week (the cover for a single week, else the week's first journal), with an
    /// entry per journal nested under it.
    private func addOutline(_ canvas: PDFCanvas) {
        let weeks = packet.journals.map { packet.content.week(of: $0) }
        let single = Set(weeks).count == 1
        var parent = PDFCanvas.outlineRoot
        var current: ISOWeek?
        for (index, journal) in packet.journals.enumerated() {
            if weeks[index] != current {
                current = weeks[index]
                parent = canvas.addOutline(
                    parent: PDFCanvas.outlineRoot, title: strings.week(weeks[index]),
                    destination: single ? "cover" : StudyPacket.destination(for: journal), open: true)
            }
            canvas.addOutline(parent: parent, title: journal.title, destination: StudyPacket.destination(for: journal))
        }
    }
}

/// Draws placed boxes inside their structure elements: opens and closes the containers between
/// one box and the next, wraps each box's content in its element, a list item's marker in its
/// `Lbl`, and a table header drawn again at the top of a page in an artifact (it is read once).
struct StructureDrawing {
    let canvas: PDFCanvas
    private var open: [StructureElement] = []
    private var drawn = Set<ObjectIdentifier>()

    init(canvas: PDFCanvas) { self.canvas = canvas }

    mutating func draw(_ placement: Placement, x: Double, y: Double) {
        let box = placement.box
        let units = placement.units
        if units.lowerBound == 0, !drawn.insert(ObjectIdentifier(box)).inserted {
            canvas.structure("Artifact") { box.draw(canvas, units, x, y, placement.gap) }
            return
        }
        if units.lowerBound == 0, let marker = box.marker {
            // In the item, before its body (the box itself, or a container around it).
            let item = box.containers.lastIndex { $0.tag == "LI" } ?? (box.containers.count - 1)
            enter(Array(box.containers.prefix(item + 1)))
            canvas.structure("Lbl") { marker(canvas, x, y) }
        }
        enter(box.containers)
        if let role = box.role {
            canvas.structure(role) { box.draw(canvas, units, x, y, placement.gap) }
        } else {
            box.draw(canvas, units, x, y, placement.gap)
        }
    }

    /// Closes every container still open.
    mutating func close() { enter([]) }

    private mutating func enter(_ path: [StructureElement]) {
        var common = 0
        while common < open.count, common < path.count, open[common] == path[common] { common += 1 }
        while open.count > common {
            canvas.endStructure()
            open.removeLast()
        }
        for element in path[common...] {
            canvas.beginStructure(element.tag, language: element.language)
            open.append(element)
        }
    }
}

/// A run of pages drawn on one canvas, on one thread.
///
/// `@unchecked Sendable` is sound here, and cannot be proved by the compiler: each run is read
/// by the one thread drawing it, then handed whole to the thread that frees it (`PageRelease`).
final class PageRun: @unchecked Sendable {
    let pages: [[Placement]]
    /// The index of the run's first page in the packet.
    let first: Int

    init(pages: [[Placement]], first: Int) {
        self.pages = pages
        self.first = first
    }
}

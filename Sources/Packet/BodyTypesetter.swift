import Foundation
import Markdown
import Typesetting

/// Turns a journal's Markdown blocks into flow boxes: paragraphs and headings as Pango text,
/// lists with markers, block quotes with a bar, code shaded and wrapped, tables with column
/// widths taken from their content, rules, the site's own pictures as figures (cutting the
/// paragraph they stand in; after the table, for one in a table's cell), and other images as
/// their alt text with the URL.
struct BodyTypesetter {
    let style: PacketStyle
    let fonts: PrintFonts
    /// Short texts already set (markers, recurring headings, table cells), shared by the
    /// journals this typesetter's thread sets.
    let cache: TextBlockCache
    /// Resolves a link written in a journal to an absolute URL (nil: not clickable).
    let resolveLink: (String) -> String?
    let strings: PacketStrings
    /// The site's own pictures the body shows, by their address as written, decoded on demand
    /// (empty for a body that is not a journal's).
    var pictures: [String: PacketPicture] = [:]
    /// Identities for the journal's lists, quotes and tables.
    let ids = StructureIDs()
    /// The destinations of the body's headings, in document order, and how each is described
    /// (empty: headings are no destinations).
    var headingAnchors = HeadingAnchors(names: [], descriptions: [])

    func boxes(_ blocks: [MarkdownBlock]) throws -> [FlowBox] {
        try boxes(Self.printed(blocks), indent: 0, width: style.contentWidth, bars: [], tight: false)
    }

    /// The blocks as a packet prints them: the footnotes, which end the body, as a numbered list
    /// under a rule (each reference is `[1]` in the text), tagged as any list is.
    static func printed(_ blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        let notes = blocks.compactMap { block -> MarkdownList.Item? in
            if case .footnote(_, let children) = block { MarkdownList.Item(task: nil, blocks: children) } else { nil }
        }
        guard !notes.isEmpty else { return blocks }
        return blocks.filter { if case .footnote = $0 { false } else { true } }
            + [.thematicBreak, .list(MarkdownList(ordered: true, start: 1, tight: false, items: notes))]
    }

    // MARK: - Blocks

    private func boxes(_ blocks: [MarkdownBlock], indent: Double, width: Double, bars: [Double], tight: Bool) throws -> [FlowBox] {
        var result: [FlowBox] = []
        for block in blocks {
            // Inside a tight list item, blocks (a nested list after its line) sit close.
            let gap = tight ? style.size * 0.25 : style.paragraphGap
            var made: [FlowBox]
            switch block {
            case .paragraph(let inlines):
                made = try paragraph(inlines, indent: indent, width: width, gap: gap)
            case .heading(let level, let inlines):
                // The journal's title is its `H1`; its own headings start at `H2`.
                let role = "H\(min(6, level + 1))"
                let blocks = try cache.paragraph(rich(inlines, style.heading(level)), width: width, lineHeight: 1.3)
                let text = FlowBox.text(blocks, indent: indent, spaceBefore: style.size * (level <= 2 ? 1.5 : 1.2), spaceAfter: style.size * 0.35)
                text.role = role
                let (anchor, description) = headingAnchors.next()
                (text.anchor, text.anchorDescription) = (anchor, description)
                if text.height > style.bodyHeight / 2 {
                    // A "heading" longer than half a page is set like a paragraph, so it can split.
                    made = [text]
                    break
                }
                // A heading never splits, and stays with the first lines of what follows.
                let box = FlowBox(units: [text.height], spaceBefore: text.spaceBefore, spaceAfter: text.spaceAfter, firstBaseline: text.firstBaseline) {
                    canvas, _, x, y, gap in text.draw(canvas, 0..<text.units.count, x, y, gap)
                }
                box.keepWithNext = true
                box.kind = .heading
                box.role = role
                (box.anchor, box.anchorDescription) = (anchor, description)
                made = [box]
            case .blockQuote(let children):
                made = try boxes(children, indent: indent + style.quoteIndent, width: width - style.quoteIndent, bars: bars + [indent + 2], tight: false)
                if let first = made.first { first.spaceBefore = max(first.spaceBefore, gap) }
                let quote = ids.make("BlockQuote")
                for box in made { box.containers.insert(quote, at: 0) }
            case .list(let list):
                made = try self.list(list, indent: indent, width: width, bars: bars)
                if let first = made.first { first.spaceBefore = gap }
            case .codeBlock(_, let code), .html(let code):
                made = [try codeBlock(code, indent: indent, width: width, gap: gap)]
            case .thematicBreak:
                let rule = style.rule
                let box = FlowBox(units: [style.size], spaceBefore: gap, spaceAfter: gap) { canvas, _, x, y, _ in
                    canvas.line(from: (x + indent, y + 0.5 * self.style.size), to: (x + indent + width, y + 0.5 * self.style.size), color: rule, lineWidth: 0.6)
                }
                box.kind = .rule
                box.role = "Artifact"
                made = [box]
            case .table(let table):
                made = try self.table(table, indent: indent, width: width, gap: gap)
            case .footnote(_, let children):
                made = try boxes(children, indent: indent, width: width, bars: bars, tight: tight)
            }
            result += made
        }
        return bars.isEmpty ? result : result.map { withBars($0, bars) }
    }

    /// A paragraph: its text, and each of the site's own pictures in it drawn as a figure where
    /// it stands. A picture written on a line of its own above a sentence, or after one, shares
    /// its paragraph with the text (Markdown joins lines without a blank one between), as it does
    /// on the page, where it shows in the text's flow; a page of print cannot put a picture in a
    /// line of text, so the paragraph is cut around it: the text before it, the figure, the text
    /// after it. So is a picture inside emphasis or a link (`*![](x.png) 출처*`): the text on each
    /// side keeps its emphasis or link. A picture in a link (`[![그래프](graph.png)](https://…)`)
    /// has the link's address under it as a link of text (cairo 1.16 writes no link over an
    /// image inside its `Figure` element without taking the image out of it). A picture the
    /// packet cannot draw (no file, a picture elsewhere on the web) stays in the text as its alt
    /// text and address.
    private func paragraph(_ inlines: [MarkdownInline], indent: Double, width: Double, gap: Double) throws -> [FlowBox] {
        // A paragraph with no picture to draw is set whole, as written (an empty one still takes
        // its place: a list item with nothing after its marker); most journals have none.
        let pieces = pictures.isEmpty ? [] : Self.pieces(inlines) { pictures[$0] != nil }
        guard pieces.contains(where: \.isPicture) else { return try paragraphs(rich(inlines, style.body), indent: indent, width: width, gap: gap) }
        var made: [FlowBox] = []
        var text: [MarkdownInline] = []
        func flush() throws {
            let trimmed = Self.trimmed(text)
            text = []
            if trimmed.isEmpty { return }
            made += try paragraphs(rich(trimmed, style.body), indent: indent, width: width, gap: gap)
        }
        for piece in pieces {
            switch piece {
            case .text(let run):
                text += run
            case .picture(let destination, let title, let alt, let link, let asWritten):
                guard let figure = try figure(destination: destination, title: title, alt: alt, indent: indent, width: width, gap: gap) else {
                    // A file that cannot be decoded: its alt text and address, where it stands.
                    text.append(asWritten)
                    continue
                }
                try flush()
                made.append(figure)
                if let link { made += try addressUnderPicture(link, indent: indent, width: width) }
            }
        }
        try flush()
        return made
    }

    /// The address of the link a picture is in, centred under the picture, as a reader can type
    /// it from paper (absolute), clickable as text when it is an address a link may have.
    private func addressUnderPicture(_ link: String, indent: Double, width: Double) throws -> [FlowBox] {
        let target = resolveLink(link)
        let line = RichText(target ?? link, style.small.with {
            $0.link = target
            if target != nil { $0.color = style.linkColor }
        })
        return try paragraphs(line, indent: indent, width: width, gap: style.size * 0.3, alignment: .center)
    }

    /// A paragraph cut where the pictures to draw stand (`drawable`, by address), at any depth:
    /// the text between them, each part still inside the emphasis or link it was written in,
    /// and each picture with the address of the link it is in, if any.
    enum Piece {
        case text([MarkdownInline])
        /// `asWritten`: the picture inside the emphasis and links around it, for when it cannot
        /// be drawn after all.
        case picture(destination: String, title: String, alt: [MarkdownInline], link: String?, asWritten: MarkdownInline)

        var isPicture: Bool { if case .picture = self { true } else { false } }
    }

    static func pieces(_ inlines: [MarkdownInline], link: String? = nil, drawable: (String) -> Bool) -> [Piece] {
        var result: [Piece] = []
        var text: [MarkdownInline] = []
        func add(_ inline: MarkdownInline) { text.append(inline) }
        func place(_ picture: Piece) {
            if !text.isEmpty { result.append(.text(text)) }
            text = []
            result.append(picture)
        }
        for inline in inlines {
            if case .image(let destination, let title, let alt) = inline, drawable(destination) {
                place(.picture(destination: destination, title: title, alt: alt, link: link, asWritten: inline))
                continue
            }
            guard let children = children(of: inline) else {
                add(inline)
                continue
            }
            var inside = link
            if case .link(let destination, _, _) = inline { inside = destination }
            let cut = pieces(children, link: inside, drawable: drawable)
            guard cut.contains(where: \.isPicture) else {
                add(inline)
                continue
            }
            for piece in cut {
                switch piece {
                case .text(let run):
                    add(rewrapped(inline, run))
                case .picture(let destination, let title, let alt, let link, let asWritten):
                    place(.picture(destination: destination, title: title, alt: alt, link: link, asWritten: rewrapped(inline, [asWritten])))
                }
            }
        }
        if !text.isEmpty { result.append(.text(text)) }
        return result
    }

    /// What an inline that holds others (emphasis, a link) holds; nil for any other.
    private static func children(of inline: MarkdownInline) -> [MarkdownInline]? {
        switch inline {
        case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children): children
        default: nil
        }
    }

    /// `container` holding `children` instead of its own.
    private static func rewrapped(_ container: MarkdownInline, _ children: [MarkdownInline]) -> MarkdownInline {
        switch container {
        case .emphasis: .emphasis(children)
        case .strong: .strong(children)
        case .strikethrough: .strikethrough(children)
        case .link(let destination, let title, _): .link(destination: destination, title: title, children)
        default: container
        }
    }

    /// `inlines` without the breaks and spaces at their two ends (where a picture was cut out),
    /// inside emphasis and links too; one left with nothing in it goes.
    static func trimmed(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        trimmed(trimmed(inlines, fromEnd: false), fromEnd: true)
    }

    private static func trimmed(_ inlines: [MarkdownInline], fromEnd: Bool) -> [MarkdownInline] {
        var rest = fromEnd ? Array(inlines.reversed()) : inlines
        while let first = rest.first {
            var kept: MarkdownInline?
            switch first {
            case .softBreak, .lineBreak:
                kept = nil
            case .text(let value):
                let text = fromEnd ? value.lastIndex { !$0.isWhitespace }.map { value[...$0] } : value.firstIndex { !$0.isWhitespace }.map { value[$0...] }
                kept = text.map { .text(String($0)) }
            default:
                guard let children = children(of: first) else { return fromEnd ? Array(rest.reversed()) : rest }
                let inner = trimmed(children, fromEnd: fromEnd)
                kept = inner.isEmpty ? nil : rewrapped(first, inner)
            }
            rest.removeFirst()
            if let kept {
                rest.insert(kept, at: 0)
                return fromEnd ? Array(rest.reversed()) : rest
            }
        }
        return []
    }

    /// One of the site's own pictures: the picture at the column's width, scaled down (never up
    /// past its pixels at 96 per inch), centred, its caption (the Markdown title) centred below
    /// it, one unit that never splits, so the page breaks before a picture that does not fit. A
    /// `Figure` with the alt text and its box. Nil for an address that is not one of the site's
    /// pictures, or a file that cannot be decoded.
    private func figure(
        destination: String, title: String, alt: [MarkdownInline], indent: Double, width: Double, gap: Double
    ) throws -> FlowBox? {
        guard let picture = pictures[destination], let decoded = picture.decoded(maxWidth: Int((width / 72 * 200).rounded())) else {
            return nil
        }
        var drawWidth = min(width, Double(picture.pixelWidth ?? decoded.width) * 72 / 96)
        var drawHeight = drawWidth * Double(decoded.height) / Double(decoded.width)
        let caption = title.isEmpty ? nil : try cache.paragraph(RichText(title, style.small), width: width, lineHeight: style.lineHeight, alignment: .center)
        let captionHeight = caption.map { $0.reduce(0) { $0 + $1.height } + style.size * 0.3 } ?? 0
        let room = style.bodyHeight - captionHeight - gap
        if drawHeight > room {
            drawHeight = max(room, style.size)
            drawWidth = drawHeight * Double(decoded.width) / Double(decoded.height)
        }
        let altText = MarkdownInline.plainText(alt).trimmingCharacters(in: .whitespaces)
        let shown = (drawWidth, drawHeight)
        let box = FlowBox(units: [drawHeight + captionHeight], spaceBefore: gap, spaceAfter: 0) { canvas, _, x, y, _ in
            let left = x + indent + (width - shown.0) / 2
            canvas.describeFigure(alt: altText.isEmpty ? title : altText, x: left, y: y, width: shown.0, height: shown.1)
            canvas.image(rgba: decoded.rgba, pixelWidth: decoded.width, pixelHeight: decoded.height, x: left, y: y, width: shown.0, height: shown.1)
            if let caption {
                var top = y + shown.1 + self.style.size * 0.3
                for block in caption {
                    canvas.draw(block, x: x + indent, y: top)
                    top += block.height
                }
            }
        }
        box.kind = .figure
        box.role = "Figure"
        return box
    }

    /// A paragraph; a very long one laid out in chunks (see `TextBlock.paragraph`), one box all the same.
    private func paragraphs(_ text: RichText, indent: Double, width: Double, gap: Double, alignment: TextBlock.Alignment = .left) throws -> [FlowBox] {
        let blocks = try cache.paragraph(text, width: width, lineHeight: style.lineHeight, alignment: alignment)
        return [FlowBox.text(blocks, indent: indent, spaceBefore: gap, spaceAfter: 0)]
    }

    /// Code: monospace, wrapped anywhere when a line is longer than the column, on a shaded
    /// panel that is drawn for each page's part of the block.
    private func codeBlock(_ code: String, indent: Double, width: Double, gap: Double) throws -> FlowBox {
        let padding = style.codePadding
        // Code wraps anywhere it must; keeping Korean words whole there is not worth Pango's cost
        // per hard line (its word pass rescans the block from the top for every line).
        let blocks = try TextBlock.paragraph(
            RichText(code.isEmpty ? " " : code, style.code), fonts: fonts, width: width - 2 * padding, lineHeight: 1.45,
            keepKoreanWords: false, chunkBytes: 1500)
        let text = FlowBox.text(blocks, indent: indent + padding, spaceBefore: gap, spaceAfter: 0)
        var units = text.units
        units[0] += padding
        units[units.count - 1] += padding
        let shade = style.shade
        let box = FlowBox(units: units, spaceBefore: gap, spaceAfter: 0, firstBaseline: padding + text.firstBaseline) {
            canvas, range, x, y, gap in
            canvas.fill(x: x + indent, y: y, width: width, height: units[range].reduce(0, +), color: shade)
            text.draw(canvas, range, x, y + (range.lowerBound == 0 ? padding : 0), gap)
        }
        box.kind = .code
        box.role = "Code"
        return box
    }

    /// Adds block-quote bars (at `bars`, from the flow's left) to a box, bridging the gap above
    /// it so a quote reads as one bar.
    private func withBars(_ box: FlowBox, _ bars: [Double]) -> FlowBox {
        let colour = style.quoteBar
        return box.redrawn { canvas, range, x, y, gap in
            let height = box.height(of: range)
            for bar in bars { canvas.fill(x: x + bar, y: y - gap, width: 2, height: height + gap, color: colour) }
            box.draw(canvas, range, x, y, gap)
        }
    }

    // MARK: - Lists

    private func list(_ list: MarkdownList, indent: Double, width: Double, bars: [Double]) throws -> [FlowBox] {
        var result: [FlowBox] = []
        let markerWidth = style.listIndent
        let depthBullet = ["•", "◦", "–"][min(2, Int(indent / style.listIndent) % 3)]
        let element = ids.make("L")
        for (number, item) in list.items.enumerated() {
            let content = try boxes(
                item.blocks.isEmpty ? [.paragraph([])] : item.blocks, indent: indent + markerWidth, width: width - markerWidth, bars: [],
                tight: list.tight)
            if content.isEmpty { continue }
            if number > 0 { content[0].spaceBefore = list.tight ? style.size * 0.25 : style.paragraphGap }
            let first = content[0]
            let baseline = first.firstBaseline
            let marker: (PDFCanvas, Double, Double) -> Void
            if let checked = item.task {
                let side = style.size * 0.8
                let colour = style.text, accent = style.accent
                marker = { canvas, x, y in
                    let left = x + indent + markerWidth - side - self.style.size * 0.5
                    let top = y + baseline - side * 0.9
                    canvas.strokeRectangle(x: left, y: top, width: side, height: side, color: colour, lineWidth: 0.7)
                    if checked {
                        canvas.polyline(
                            [(left + side * 0.2, top + side * 0.5), (left + side * 0.42, top + side * 0.75), (left + side * 0.85, top + side * 0.15)],
                            color: accent, lineWidth: 1.2)
                    }
                }
            } else {
                let label = list.ordered ? "\(list.start + number)." : depthBullet
                let text = try cache.block(RichText(label, style.body), width: nil, lineHeight: 1)
                marker = { canvas, x, y in
                    let right = x + indent + markerWidth - self.style.size * 0.45
                    let line = text.lines[0]
                    canvas.draw(text, x: right - line.width - line.x, y: y + baseline - line.baseline)
                }
            }
            // The item's blocks are its `LBody`; the marker, drawn with the first, its `Lbl`.
            first.marker = marker
            let itemID = ids.make("LI")
            if content.count == 1, content[0].role == "P", content[0].containers.isEmpty {
                // An item of one paragraph (most are) is its `LBody` itself: a fifth fewer
                // elements in a list-heavy packet, and each costs cairo time and the file bytes.
                content[0].role = "LBody"
                content[0].containers = [element, itemID]
            } else {
                let path = [element, itemID, StructureElement(tag: "LBody", id: itemID.id)]
                for box in content { box.containers.insert(contentsOf: path, at: 0) }
            }
            result += content
        }
        return bars.isEmpty ? result : result.map { withBars($0, bars) }
    }

    // MARK: - Tables

    /// A table as one box per row (rows never split). Column widths come from the content: the
    /// natural widths when they fit, otherwise each column gets its longest word and the rest of
    /// the width in proportion to what it would have liked. A table whose longest words do not
    /// fit side by side is set smaller, down to 78 % of a table's size, so that its figures and
    /// words stay whole (a column narrower than its longest word breaks inside it: `2026-1`
    /// over `0`, `3.12` over `%`); one with more columns than fit even so shrinks them
    /// proportionally and wraps inside words. A row taller than a page is set as a list of
    /// "header: cell" paragraphs instead, so nothing is cut.
    private func table(_ table: MarkdownTable, indent: Double, width: Double, gap: Double) throws -> [FlowBox] {
        let columns = max(table.alignments.count, table.header.count, table.rows.map(\.count).max() ?? 0)
        guard columns > 0 else { return [] }
        let padding = style.cellPadding
        var headerStyle = style.body.with { $0.bold = true; $0.size = style.size * 0.92 }
        var cellStyle = style.body.with { $0.size = style.size * 0.92 }
        // The site's pictures in cells: a cell is too narrow for one, so each is drawn after the
        // table, in reading order, captioned with its title or else its alt text, and its cell
        // names it by its alt text (as it does a picture it cannot draw, without the address).
        var figures: [FlowBox] = []
        var drawn: Set<String> = []
        for cell in pictures.isEmpty ? [] : table.header + table.rows.flatMap({ $0 }) {
            for case .picture(let destination, let title, let alt, let link, _) in Self.pieces(cell, drawable: { pictures[$0] != nil }) {
                let caption = title.isEmpty ? MarkdownInline.plainText(alt).trimmingCharacters(in: .whitespaces) : title
                guard let figure = try figure(destination: destination, title: caption, alt: alt, indent: indent, width: width, gap: style.paragraphGap)
                else { continue }
                figures.append(figure)
                // One in a link has the link's address under it, as it would in a paragraph.
                if let link { figures += try addressUnderPicture(link, indent: indent, width: width) }
                drawn.insert(destination)
            }
        }
        func cells(_ row: [[MarkdownInline]], _ attributes: TextAttributes) -> [RichText] {
            (0..<columns).map { index in index < row.count ? rich(row[index], attributes, drawnElsewhere: drawn) : RichText() }
        }
        var header = table.header.isEmpty ? nil : cells(table.header, headerStyle)
        var all = (header.map { [$0] } ?? []) + table.rows.map { cells($0, cellStyle) }
        var (widths, crowding) = try columnWidths(all, columns: columns, width: width, padding: padding)
        if crowding > 1 {
            // Text widths go with the size; the cells' padding does not.
            let scale = max(0.78, 0.99 / crowding)
            headerStyle.size *= scale
            cellStyle.size *= scale
            header = table.header.isEmpty ? nil : cells(table.header, headerStyle)
            all = (header.map { [$0] } ?? []) + table.rows.map { cells($0, cellStyle) }
            widths = try columnWidths(all, columns: columns, width: width, padding: padding).widths
        }
        let alignments = (0..<columns).map { $0 < table.alignments.count ? table.alignments[$0] : .none }

        var boxes: [FlowBox] = []
        let headerNames = header.map { $0.map(\.string) } ?? Array(repeating: "", count: columns)
        let element = ids.make("Table")
        for (rowIndex, row) in all.enumerated() {
            let isHeader = header != nil && rowIndex == 0
            var blocks: [[TextBlock]] = []
            for (column, text) in row.enumerated() {
                let alignment: TextBlock.Alignment =
                    switch alignments[column] {
                    case .center: .center
                    case .right: .right
                    default: .left
                    }
                blocks.append(
                    try cache.paragraph(
                        text.isEmpty ? RichText(" ", cellStyle) : text, width: max(1, widths[column] - 2 * padding), lineHeight: 1.4,
                        alignment: alignment))
            }
            let height = (blocks.map { $0.map(\.height).reduce(0, +) }.max() ?? 0) + 2 * padding
            if height > style.bodyHeight * 0.9 {
                // Too tall for any page: set the row's cells as labelled paragraphs.
                for (column, text) in row.enumerated() where !text.isEmpty {
                    var labelled = RichText()
                    if !isHeader, !headerNames[column].isEmpty { labelled.append(headerNames[column] + ": ", headerStyle) }
                    for run in text.runs {
                        labelled.append(String(decoding: Array(text.string.utf8)[run.start..<run.end], as: UTF8.self), run.attributes)
                    }
                    boxes += try paragraphs(labelled, indent: indent, width: width, gap: style.size * 0.4)
                }
                continue
            }
            let fill = isHeader ? style.tableHeader : nil
            let rule = style.rule
            let box = FlowBox(
                units: [height], spaceBefore: rowIndex == 0 ? gap : 0, spaceAfter: 0,
                firstBaseline: padding + (blocks.first?.first?.lines.first?.baseline ?? 0)
            ) { canvas, _, x, y, _ in
                var left = x + indent
                for (column, cell) in blocks.enumerated() {
                    canvas.structure(isHeader ? "TH" : "TD") {
                        if let fill { canvas.fill(x: left, y: y, width: widths[column], height: height, color: fill) }
                        canvas.strokeRectangle(x: left, y: y, width: widths[column], height: height, color: rule, lineWidth: 0.5)
                        var top = y + padding
                        for block in cell {
                            canvas.draw(block, x: left + padding, y: top)
                            top += block.height
                        }
                    }
                    left += widths[column]
                }
            }
            box.keepWithNext = isHeader
            box.kind = .tableRow
            box.role = nil
            box.containers = [element, ids.make("TR")]
            if !isHeader, header != nil { box.runningHeader = boxes.first }
            boxes.append(box)
        }
        return boxes + figures
    }

    /// The width of each of `columns` columns of `rows` in `width`: the natural widths when they
    /// fit, otherwise each column its longest word and the rest in proportion to what it would
    /// have liked; when even the longest words do not fit, those in proportion. `crowding` is the
    /// longest words' widths over the width left for text beside the padding (above 1: they do
    /// not fit).
    private func columnWidths(_ rows: [[RichText]], columns: Int, width: Double, padding: Double) throws -> (widths: [Double], crowding: Double) {
        var natural = Array(repeating: 0.0, count: columns)
        var least = Array(repeating: 0.0, count: columns)
        for row in rows {
            for (column, full) in row.enumerated() where !full.isEmpty {
                // Measuring needs no more than a page's width of text.
                let text = full.string.utf8.count > 2000 ? full.slice(0, Self.boundary(in: full.string, near: 2000)) : full
                natural[column] = max(natural[column], try cache.block(text, width: nil, lineHeight: 1).widestLine)
                least[column] = max(least[column], try cache.block(text, width: 1, lineHeight: 1, wrap: .word).widestLine)
            }
        }
        let floor = style.size * 1.5
        natural = natural.map { max($0, floor) + 2 * padding }
        least = zip(least, natural).map { min(max($0, floor) + 2 * padding, $1) }
        let paddings = 2 * padding * Double(columns)
        let crowding = width > paddings ? (least.reduce(0, +) - paddings) / (width - paddings) : .infinity
        if natural.reduce(0, +) <= width {
            return (natural, crowding)
        } else if least.reduce(0, +) <= width {
            let spare = width - least.reduce(0, +)
            let wanted = zip(natural, least).map { $0 - $1 }.reduce(0, +)
            return (zip(natural, least).map { $1 + ($0 - $1) * (wanted > 0 ? spare / wanted : 0) }, crowding)
        } else {
            let total = least.reduce(0, +)
            return (least.map { width * $0 / total }, crowding)
        }
    }

    /// The first character boundary at or after UTF-8 offset `offset` of `string`.
    static func boundary(in string: String, near offset: Int) -> Int {
        let bytes = Array(string.utf8)
        var end = min(offset, bytes.count)
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }

    // MARK: - Inlines

    /// Inline Markdown as attributed text on top of `base`. A picture is its alt text and
    /// address, or its alt text alone when it is among `drawnElsewhere` (by address).
    func rich(_ inlines: [MarkdownInline], _ base: TextAttributes, drawnElsewhere: Set<String> = []) -> RichText {
        var text = RichText()
        append(inlines, base, drawnElsewhere: drawnElsewhere, to: &text)
        return text
    }

    private func append(_ inlines: [MarkdownInline], _ attributes: TextAttributes, drawnElsewhere: Set<String>, to text: inout RichText) {
        for inline in inlines {
            switch inline {
            case .text(let value), .html(let value):
                text.append(value, attributes)
            case .code(let value):
                text.append(value, attributes.with {
                    $0.family = style.codeFamily
                    $0.size = attributes.size * 0.9
                    $0.background = style.shade
                })
            case .softBreak:
                text.append(" ", attributes)
            case .lineBreak:
                text.append("\n", attributes)
            case .emphasis(let children):
                append(children, attributes.with { $0.italic = true }, drawnElsewhere: drawnElsewhere, to: &text)
            case .strong(let children):
                append(children, attributes.with { $0.bold = true }, drawnElsewhere: drawnElsewhere, to: &text)
            case .strikethrough(let children):
                append(children, attributes.with { $0.strikethrough = true }, drawnElsewhere: drawnElsewhere, to: &text)
            case .link(let destination, _, let children):
                let target = resolveLink(destination)
                append(children, attributes.with {
                    $0.link = target
                    if target != nil { $0.color = style.linkColor }
                }, drawnElsewhere: drawnElsewhere, to: &text)
            case .image(let destination, _, let alt):
                let label = MarkdownInline.plainText(alt)
                let muted = attributes.with { $0.color = style.muted; $0.italic = true }
                guard !drawnElsewhere.contains(destination) else {
                    text.append("[\(strings.image)\(label.isEmpty ? "" : ": " + label)]", muted)
                    continue
                }
                text.append("[\(strings.image)\(label.isEmpty ? "" : ": " + label)] ", muted)
                text.append(destination, muted.with {
                    $0.link = resolveLink(destination)
                    $0.italic = false
                })
            case .footnoteReference(let number):
                // Its note is item `number` of the list that ends the journal.
                text.append("[\(number)]", attributes.with { $0.color = style.muted })
            }
        }
    }
}

/// The destinations a body's headings are, taken in document order as they are set (nested ones
/// too: a heading in a quote or a list), one per heading `MarkdownDocument.headingIDs` names.
final class HeadingAnchors {
    private let names: [String]
    private let descriptions: [String]
    private var taken = 0

    init(names: [String], descriptions: [String]) {
        self.names = names
        self.descriptions = descriptions
    }

    /// The next heading's destination and description, or nils past the last.
    func next() -> (String?, String?) {
        defer { taken += 1 }
        guard taken < names.count else { return (nil, nil) }
        return (names[taken], taken < descriptions.count ? descriptions[taken] : nil)
    }
}

internal import CPangoCairo
import GazetteModel
import Foundation

/// A PDF document being drawn with cairo, page by page, in points with the origin at the top
/// left: text blocks, rectangles, rules, clickable links, named destinations, an outline and
/// document metadata. This type is the only place Gazette calls cairo.
public final class PDFCanvas {
    /// The error type of the two layout modules (GazetteModel's `LayoutError`).
    public typealias Failure = LayoutError

    /// Document information cairo writes into the PDF's Info dictionary.
    public enum Metadata: Sendable {
        case title, author, subject, keywords, creator
        /// ISO 8601 (`2026-11-22T10:00:00Z`). Always set both dates: cairo otherwise writes the
        /// current time, and the file would differ from run to run.
        case createDate, modDate
    }

    /// The outline's invisible root, parent of top-level entries.
    public static let outlineRoot = 0

    public let width: Double
    public let height: Double
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let sink: Sink
    private var finished = false

    /// Where cairo's stream goes: memory, so the file is written once, atomically, when
    /// complete. cairo writes its plain streams a few bytes at a time (each number it prints),
    /// hundreds of thousands of calls a packet, so each is one copy into a buffer that doubles
    /// as it fills. The callback reaches the buffer through a plain pointer (`Buffer`), not the
    /// class: a class reached from an opaque pointer is retained and released around every
    /// call, and its properties checked for exclusive access, 3 % of a packet's processor time.
    private final class Sink {
        struct Buffer {
            var start: UnsafeMutableRawPointer?
            var count = 0
            var capacity = 0

            mutating func append(_ bytes: UnsafeRawPointer, _ length: Int) -> Bool {
                if count + length > capacity {
                    let grown = max(count + length, capacity * 2, 1 << 16)
                    guard let moved = realloc(start, grown) else { return false }
                    (start, capacity) = (moved, grown)
                }
                guard let start else { return false }
                (start + count).copyMemory(from: bytes, byteCount: length)
                count += length
                return true
            }
        }

        /// What cairo's write callback is given as its closure.
        let buffer: UnsafeMutablePointer<Buffer>

        init() {
            buffer = .allocate(capacity: 1)
            buffer.initialize(to: Buffer())
        }

        var data: Data { buffer.pointee.start.map { Data(bytes: $0, count: buffer.pointee.count) } ?? Data() }

        deinit {
            free(buffer.pointee.start)
            buffer.deinitialize(count: 1)
            buffer.deallocate()
        }
    }

    /// Where the drawing goes: a PDF, or a cairo recording surface that is dropped at the end
    /// (the same drawing calls, no PDF written: no font subsetting, no compression), for callers
    /// that only exercise typesetting and drawing, such as the packet fuzz target.
    public enum Output: Sendable { case pdf, discard }

    public let output: Output

    /// cairo deflates every stream it writes with zlib, and `PDFStructure` reads each page's
    /// stream again to mark its artifacts: inflating what cairo had just deflated, and
    /// deflating it once more. cairo leaves its streams plain when `CAIRO_DEBUG_PDF` is set as a
    /// surface is made (its fonts stay deflated), so it is set once, before the first PDF
    /// surface, and `completingStructure` deflates each plain stream, on all cores. It is the
    /// only variable Gazette sets, and it only adds one: glibc keeps the array the process
    /// started with, so a thread reading the environment meanwhile reads that. Child processes
    /// inherit it, and none of them writes a PDF with cairo. A cairo that ignores it still
    /// works: its page streams are inflated to be marked.
    private static let plainStreams: Void = { setenv("CAIRO_DEBUG_PDF", "1", 0) }()

    public init(width: Double, height: Double, output: Output = .pdf) throws {
        try PangoCairoLibrary.require()
        if output == .pdf { _ = Self.plainStreams }
        let sink = Sink()
        let write: cairo_write_func_t = { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            let appended = closure.assumingMemoryBound(to: Sink.Buffer.self).pointee.append(bytes, Int(length))
            return appended ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_NO_MEMORY
        }
        let created =
            switch output {
            case .pdf: pangoCairo.cairo_pdf_surface_create_for_stream(write, UnsafeMutableRawPointer(sink.buffer), width, height)
            case .discard: pangoCairo.cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)
            }
        guard let surface = created, pangoCairo.cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = pangoCairo.cairo_create(surface)
        else { throw Failure(description: "cairo: cannot create a PDF surface") }
        self.surface = surface
        self.cr = cr
        self.sink = sink
        self.width = width
        self.height = height
        self.output = output
        self.text = output == .pdf ? PDFText() : nil
    }

    deinit {
        if !finished {
            pangoCairo.cairo_destroy(cr)
            pangoCairo.cairo_surface_destroy(surface)
        }
    }

    /// The document's XMP metadata (PDF/UA-1): set on its leading canvas, written when it is
    /// completed (`completingStructure`).
    public var xmpMetadata: XMPMetadata?

    public func setMetadata(_ key: Metadata, _ value: String) {
        guard output == .pdf else { return }
        let name: cairo_pdf_metadata_t
        switch key {
        case .title: name = CAIRO_PDF_METADATA_TITLE
        case .author: name = CAIRO_PDF_METADATA_AUTHOR
        case .subject: name = CAIRO_PDF_METADATA_SUBJECT
        case .keywords: name = CAIRO_PDF_METADATA_KEYWORDS
        case .creator: name = CAIRO_PDF_METADATA_CREATOR
        case .createDate: name = CAIRO_PDF_METADATA_CREATE_DATE
        case .modDate: name = CAIRO_PDF_METADATA_MOD_DATE
        }
        pangoCairo.cairo_pdf_surface_set_metadata(surface, name, value)
    }

    /// Ends the current page and starts the next.
    public func showPage() {
        flushGlyphs()
        text?.endPage()
        pangoCairo.cairo_show_page(cr)
    }

    // MARK: - Structure (tagged PDF)

    /// The document's language (`/Lang`, BCP 47), written into the catalog by `finish`.
    public var language: String?

    /// Every structure element begun, in order: its tag and language. cairo numbers the
    /// elements' objects in the order they are begun, which is how `finish` finds them again.
    private var elements: [PDFStructure.Element] = []
    /// The elements open now, innermost last, with whether each holds content of its own and
    /// elements of its own yet, and its place in `elements`.
    private var open: [(tag: String, content: Bool, children: Bool, index: Int)] = []
    /// Inside an artifact (page furniture, a repeated table header), no element is begun.
    private var artifactDepth = 0
    /// Links asked for inside an element that already holds content: cairo 1.16 leaves the
    /// content of an element that also has elements of its own out of the structure, so they
    /// wait until it ends and follow it.
    private var waitingLinks: [(target: String, x: Double, y: Double, width: Double, height: Double)] = []

    /// Whether content drawn now would be the innermost element's own.
    private var inElement: Bool { artifactDepth == 0 && !open.isEmpty }

    private func drewContent() {
        if !open.isEmpty { open[open.count - 1].content = true }
    }

    /// Begins a structure element (`Sect`, `P`, `H2`, `L`, `TD`…). Content drawn until
    /// `endStructure` belongs to it. Containers hold elements, never content of their own.
    ///
    /// `Artifact` is what is not content (page headers and footers, rules, a table header
    /// drawn again): cairo 1.16 has no artifacts, so it is drawn in no element, which is what
    /// cairo makes of content drawn while only a container is open (the furniture is drawn
    /// between the page's boxes, never inside a `P`), and `completingStructure` marks what is
    /// drawn so as `/Artifact` in the page's stream. No element is begun inside it.
    public func beginStructure(_ tag: String, language: String? = nil) {
        guard output == .pdf else { return }
        if artifactDepth > 0 || tag == "Artifact" {
            artifactDepth += 1
            return
        }
        // A header cell heads its column (PDF/UA 7.5: a TH says what it heads).
        elements.append(PDFStructure.Element(tag: tag, language: language, attributes: tag == "TH" ? " /A << /O /Table /Scope /Column >>" : nil))
        if !open.isEmpty { open[open.count - 1].children = true }
        open.append((tag, false, false, elements.count - 1))
        pangoCairo.cairo_tag_begin(cr, tag, nil)
    }

    public func endStructure() {
        guard output == .pdf else { return }
        if artifactDepth > 0 {
            artifactDepth -= 1
            return
        }
        guard let element = open.popLast() else { return }
        pangoCairo.cairo_tag_end(cr, element.tag)
        let links = waitingLinks
        waitingLinks = []
        for link in links { self.link(to: link.target, x: link.x, y: link.y, width: link.width, height: link.height) }
    }

    /// Runs `body` inside a structure element.
    public func structure(_ tag: String, language: String? = nil, _ body: () -> Void) {
        beginStructure(tag, language: language)
        body()
        endStructure()
    }

    /// Gives the innermost open element (a `Figure`) its alternative description and the box
    /// it takes on the page, given top-left down as drawing is (PDF/UA asks both of a figure).
    public func describeFigure(alt: String, x: Double, y: Double, width: Double, height: Double) {
        guard output == .pdf, artifactDepth == 0, let element = open.last else { return }
        let box = PDFCanvas.formatted("[%.2f %.2f %.2f %.2f]", x, self.height - y - height, x + width, self.height - y)
        elements[element.index].attributes = " /Alt \(PDFStructure.literal(alt)) /A << /O /Layout /BBox \(box) >>"
    }

    // MARK: - Drawing

    /// Draws straight-alpha RGBA pixels (`pixelWidth` × `pixelHeight`, rows top down) scaled
    /// into the rectangle at (`x`, `y`), `width` × `height` points.
    public func image(rgba: [UInt8], pixelWidth: Int, pixelHeight: Int, x: Double, y: Double, width: Double, height: Double) {
        guard pixelWidth > 0, pixelHeight > 0, rgba.count == pixelWidth * pixelHeight * 4 else { return }
        let stride = Int(pangoCairo.cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        guard let surface = pangoCairo.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)) else { return }
        defer { pangoCairo.cairo_surface_destroy(surface) }
        pangoCairo.cairo_surface_flush(surface)
        guard let data = pangoCairo.cairo_image_surface_get_data(surface) else { return }
        // cairo's ARGB32 is premultiplied, one native-endian 32-bit word a pixel.
        for row in 0..<pixelHeight {
            let line = (data + row * stride).withMemoryRebound(to: UInt32.self, capacity: pixelWidth) { $0 }
            for column in 0..<pixelWidth {
                let i = (row * pixelWidth + column) * 4
                let a = UInt32(rgba[i + 3])
                let r = UInt32(rgba[i]) * a / 255, g = UInt32(rgba[i + 1]) * a / 255, b = UInt32(rgba[i + 2]) * a / 255
                line[column] = a << 24 | r << 16 | g << 8 | b
            }
        }
        pangoCairo.cairo_surface_mark_dirty(surface)
        drewContent()
        pangoCairo.cairo_save(cr)
        pangoCairo.cairo_translate(cr, x, y)
        pangoCairo.cairo_scale(cr, width / Double(pixelWidth), height / Double(pixelHeight))
        pangoCairo.cairo_set_source_surface(cr, surface, 0, 0)
        pangoCairo.cairo_pattern_set_filter(pangoCairo.cairo_get_source(cr), CAIRO_FILTER_GOOD)
        pangoCairo.cairo_paint(cr)
        pangoCairo.cairo_restore(cr)
    }

    public func fill(x: Double, y: Double, width: Double, height: Double, color: RGB) {
        drewContent()
        pangoCairo.cairo_set_source_rgb(cr, color.red, color.green, color.blue)
        pangoCairo.cairo_rectangle(cr, x, y, width, height)
        pangoCairo.cairo_fill(cr)
    }

    public func strokeRectangle(x: Double, y: Double, width: Double, height: Double, color: RGB, lineWidth: Double) {
        drewContent()
        pangoCairo.cairo_set_source_rgb(cr, color.red, color.green, color.blue)
        pangoCairo.cairo_set_line_width(cr, lineWidth)
        pangoCairo.cairo_rectangle(cr, x, y, width, height)
        pangoCairo.cairo_stroke(cr)
    }

    public func line(from start: (x: Double, y: Double), to end: (x: Double, y: Double), color: RGB, lineWidth: Double) {
        drewContent()
        pangoCairo.cairo_set_source_rgb(cr, color.red, color.green, color.blue)
        pangoCairo.cairo_set_line_width(cr, lineWidth)
        pangoCairo.cairo_move_to(cr, start.x, start.y)
        pangoCairo.cairo_line_to(cr, end.x, end.y)
        pangoCairo.cairo_stroke(cr)
    }

    /// A polyline (a check mark, say).
    public func polyline(_ points: [(x: Double, y: Double)], color: RGB, lineWidth: Double) {
        guard let first = points.first else { return }
        drewContent()
        pangoCairo.cairo_set_source_rgb(cr, color.red, color.green, color.blue)
        pangoCairo.cairo_set_line_width(cr, lineWidth)
        pangoCairo.cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        pangoCairo.cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        pangoCairo.cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { pangoCairo.cairo_line_to(cr, point.x, point.y) }
        pangoCairo.cairo_stroke(cr)
    }

    /// Draws lines `range` of `block` with the top of the first at `y` and the block's left
    /// edge at `x`; each link run drawn becomes a clickable area.
    public func draw(_ block: TextBlock, lines range: Range<Int>, x: Double, y: Double) {
        guard let first = range.first else { return }
        let links = block.linkRectangles(range)
        // Text goes in a span of its own when the element has (or is about to have) elements
        // of its own, links say: its own content would be left out (see `waitingLinks`).
        let spanned = inElement && (open.last?.children == true || !links.isEmpty && open.last?.content == false)
        if spanned { beginStructure("Span") }
        drawText(block, lines: range, first: first, x: x, y: y)
        if spanned { endStructure() } else { drewContent() }
        for link in links {
            self.link(to: link.target, x: x + link.x, y: y + link.y, width: link.width, height: link.height)
        }
    }

    private func drawText(_ block: TextBlock, lines range: Range<Int>, first: Int, x: Double, y: Double) {
        let origin = block.lines[first].top
        // Consecutive glyph runs in one font and colour, over any number of lines, go to cairo
        // as one call: cairo's cost is as much per call as per glyph. The batch's storage is
        // the canvas's, kept (empty) from one call to the next.
        for index in range {
            let line = block.lines[index]
            let left = x + line.x, baseline = y + line.top - origin + line.baseline
            switch block.drawings[index] {
            case .pango(let handle, _):
                flushGlyphs()
                pangoCairo.cairo_set_source_rgb(cr, block.color.red, block.color.green, block.color.blue)
                pangoCairo.cairo_move_to(cr, left, baseline)
                // Canvases draw on threads of their own; Pango's fonts, which its renderer asks
                // for metrics, are not made to be read by two threads at once.
                PDFCanvas.pango.withLock { _ in pangoCairo.pango_cairo_show_layout_line(cr, handle) }
            case .glyphs(let glyphs):
                for run in glyphs.runs {
                    if !batch.accepts(run) { flushGlyphs() }
                    batch.add(run, x: left, baseline: baseline)
                }
            }
        }
        flushGlyphs()
    }

    private var batch = GlyphBatch()

    /// The glyph lines' text, written by Gazette (nil for `.discard`: cairo draws it).
    private let text: PDFText?

    /// Held while Pango draws a line on any canvas.
    private static let pango = Locked(())

    /// Glyph runs in one font and colour, placed on the page, with their text and clusters.
    private struct GlyphBatch {
        var font: OpaquePointer?
        var face: OpaquePointer?
        var color = RGB.black
        var glyphs: [cairo_glyph_t] = []
        var utf8: [CChar] = []
        var clusters: [cairo_text_cluster_t] = []

        func accepts(_ run: GlyphLine.Run) -> Bool { font == nil || (font == run.font && color == run.color) }

        mutating func add(_ run: GlyphLine.Run, x: Double, baseline: Double) {
            font = run.font
            face = run.face
            color = run.color
            for glyph in run.glyphs { glyphs.append(cairo_glyph_t(index: glyph.index, x: glyph.x + x, y: glyph.y + baseline)) }
            utf8.append(contentsOf: run.utf8)
            clusters.append(contentsOf: run.clusters)
        }

        mutating func clear() {
            font = nil
            glyphs.removeAll(keepingCapacity: true)
            utf8.removeAll(keepingCapacity: true)
            clusters.removeAll(keepingCapacity: true)
        }
    }

    /// Shows the batch's glyphs, with their text and clusters, as Pango's cairo renderer does,
    /// and empties it.
    private func flushGlyphs() {
        guard let font = batch.font, let first = batch.glyphs.first else { return batch.clear() }
        if let text, text.add(glyphs: batch.glyphs, utf8: batch.utf8, clusters: batch.clusters, font: font, face: batch.face, color: batch.color) {
            // The marker `completingStructure` puts the text's operators in place of.
            pangoCairo.cairo_save(cr)
            pangoCairo.cairo_set_source_rgb(cr, 0, 0, 0)
            pangoCairo.cairo_rectangle(cr, first.x, first.y, PDFText.markerWidth, PDFText.markerHeight)
            pangoCairo.cairo_fill(cr)
            pangoCairo.cairo_restore(cr)
            return batch.clear()
        }
        pangoCairo.cairo_set_scaled_font(cr, font)
        pangoCairo.cairo_set_source_rgb(cr, batch.color.red, batch.color.green, batch.color.blue)
        batch.utf8.withUnsafeBufferPointer { text in
            batch.clusters.withUnsafeBufferPointer { clusters in
                pangoCairo.cairo_show_text_glyphs(
                    cr, text.baseAddress, Int32(text.count), batch.glyphs, Int32(batch.glyphs.count), clusters.baseAddress,
                    Int32(clusters.count), cairo_text_cluster_flags_t(rawValue: 0))
            }
        }
        batch.clear()
    }

    /// Draws all of `block` with its top-left corner at (`x`, `y`).
    public func draw(_ block: TextBlock, x: Double, y: Double) {
        draw(block, lines: 0..<block.lines.count, x: x, y: y)
    }

    // MARK: - Links, destinations, outline

    /// What a link to each named destination is described as to a screen reader (its `/Alt`,
    /// after an arrow): a journal's title for its first page. A name not listed is itself.
    public var destinationDescriptions: [String: String] = [:]

    /// A clickable area: `target` is a URI, or `#name` for a named destination.
    public func link(to target: String, x: Double, y: Double, width: Double, height: Double) {
        if output == .pdf, inElement, open.last?.content == true {
            waitingLinks.append((target, x, y, width, height))
            return
        }
        let rect = PDFCanvas.formatted("rect=[%.2f %.2f %.2f %.2f]", x, y, width, height)
        let attributes = target.hasPrefix("#")
            ? "dest='\(PDFCanvas.quoted(String(target.dropFirst())))' \(rect)"
            : "uri='\(PDFCanvas.quoted(target))' \(rect)"
        // cairo makes every link an element, in an artifact too.
        // Its alternative description: where it leads (PDF/UA 7.18.5).
        if output == .pdf {
            let alt = target.hasPrefix("#") ? "→ " + (destinationDescriptions[String(target.dropFirst())] ?? String(target.dropFirst())) : target
            elements.append(PDFStructure.Element(tag: "Link", language: nil, attributes: " /Alt \(PDFStructure.literal(alt))"))
        }
        pangoCairo.cairo_tag_begin(cr, "Link", attributes)
        pangoCairo.cairo_tag_end(cr, "Link")
    }

    /// A named destination at (`x`, `y`) of the current page, for links and the outline.
    public func destination(_ name: String, x: Double, y: Double) {
        pangoCairo.cairo_tag_begin(cr, "cairo.dest", "name='\(PDFCanvas.quoted(name))' " + PDFCanvas.formatted("x=%.2f y=%.2f", x, y))
        pangoCairo.cairo_tag_end(cr, "cairo.dest")
    }

    /// Adds an outline (bookmark) entry pointing at a named destination; returns its id, the
    /// parent of entries nested under it.
    @discardableResult
    public func addOutline(parent: Int, title: String, destination: String, open: Bool = false) -> Int {
        guard output == .pdf else { return PDFCanvas.outlineRoot }
        return Int(
            pangoCairo.cairo_pdf_surface_add_outline(
                surface, Int32(parent), title, "dest='\(PDFCanvas.quoted(destination))'",
                open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(rawValue: 0)))
    }

    /// cairo's tag attributes quote strings in single quotes; backslash escapes `'` and `\`.
    /// Most names and addresses have neither, and come back as they are.
    static func quoted(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "'") }) else { return value }
        return value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }

    /// Numbers in C's `printf` notation (`%.2f`), as `String(format:)` writes them (it formats
    /// numbers with the C library too), without building a Foundation string for every link and
    /// destination of a packet. Gazette never changes the C locale; should anything have set one
    /// whose decimal point is not `.`, Foundation formats instead.
    static func formatted(_ format: String, _ values: Double...) -> String {
        guard let point = localeconv()?.pointee.decimal_point, point.pointee == CChar(UInt8(ascii: ".")), point[1] == 0 else {
            return String(format: format, arguments: values)
        }
        return withVaList(values) { arguments in
            var buffer = [CChar](repeating: 0, count: 160)
            let count = Int(vsnprintf(&buffer, buffer.count, format, arguments))
            guard count >= 0, count < buffer.count else { return String(format: format, arguments: values) }
            return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    // MARK: - Finishing

    /// Ends the last page and returns the document's bytes (none for `.discard`).
    public func finish() throws -> Data {
        try completingStructure(try finishCairo())
    }

    /// Ends the last page and returns cairo's document as cairo wrote it (its streams plain).
    func finishCairo() throws -> Data {
        guard !finished else { return sink.data }
        finished = true
        text?.endPage()
        pangoCairo.cairo_destroy(cr)
        pangoCairo.cairo_surface_finish(surface)
        let status = pangoCairo.cairo_surface_status(surface)
        pangoCairo.cairo_surface_destroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: "cairo: \(pangoCairo.cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)")")
        }
        return output == .pdf ? sink.data : Data()
    }

    /// A document's run of pages, finished on the thread that drew it (`finishPart`).
    public struct Part: Sendable {
        fileprivate let data: Data
        fileprivate let read: PDFJoin.Part?
    }

    /// Where a canvas's pages go in the document: all of it, its first run, or a run after.
    public enum Position: Sendable { case whole, first, later }

    /// Ends the last page and completes the document (`finish`), then, for a run of a
    /// document drawn on several canvases at once, reads it for `joined`: the work on a part
    /// that its drawing thread can do, before the parts are joined.
    public func finishPart(_ position: Position) throws -> Part {
        let data = try finish()
        guard output == .pdf, position != .whole else { return Part(data: data, read: nil) }
        do {
            return Part(data: data, read: try PDFJoin.Part(data, later: position == .later))
        } catch let failure as PDFJoin.Failure {
            throw Failure(description: "cairo: cannot join the parts of a document: \(failure)")
        }
    }

    /// The parts (`finishPart`) of one document, each a run of pages following the one
    /// before, as that one document (`PDFJoin`). The first part's metadata, outline and
    /// language are the document's.
    public static func joined(_ parts: [Part]) throws -> Data {
        guard parts.count > 1 else { return parts.first?.data ?? Data() }
        let read = parts.compactMap(\.read)
        guard read.count == parts.count else { throw Failure(description: "cairo: cannot join the parts of a document: a part was finished whole") }
        do {
            return try PDFJoin.join(read)
        } catch let failure as PDFJoin.Failure {
            throw Failure(description: "cairo: cannot join the parts of a document: \(failure)")
        }
    }

    /// `finishCairo`'s document with what cairo cannot write: its cross-reference table
    /// repaired, and the document's language, its XMP metadata, its artifacts and the
    /// languages of its elements (`PDFStructure`).
    public func completingStructure(_ data: Data) throws -> Data {
        guard output == .pdf, !data.isEmpty else { return data }
        guard let completed = PDFStructure.update(data, language: language, elements: elements, metadata: xmpMetadata, text: text) else {
            throw Failure(description: "cairo: the pages' text could not be put in place of its markers")
        }
        return completed
    }
}

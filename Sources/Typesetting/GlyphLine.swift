internal import CPangoCairo

/// The glyphs of one wrapped line, cut from the runs of the unwrapped layout its lines were
/// broken from (`LineBreaks`), ready for cairo: nothing is shaped or laid out a second time.
/// Lines that need more than glyphs in colours (a background, a decoration, a glyph Pango draws
/// as a box, right-to-left text) are set by Pango instead.
struct GlyphLine {
    struct Run {
        /// cairo's font for the run, owned by the Pango font of the unwrapped layout's item:
        /// valid while the block keeps that layout.
        let font: OpaquePointer
        /// HarfBuzz's face of that font (`PDFText` writes the run's text from its file).
        let face: OpaquePointer?
        /// x from the line's left edge, y from its baseline, in points.
        let glyphs: [cairo_glyph_t]
        /// The run's text and which glyphs set which bytes of it, so the PDF's text reads back.
        let utf8: [CChar]
        let clusters: [cairo_text_cluster_t]
        let color: RGB
    }

    let runs: [Run]
    /// Logical extent, in points: width, and height above and below the baseline.
    let width: Double, ascent: Double, descent: Double
    /// Where each cluster starts: its byte offset in the text and its x, for link rectangles.
    let stops: [(byte: Int, x: Double)]

    /// The line measured up to `width`: its trailing spaces are drawn (as nothing) so that text
    /// read back from the PDF, copied or read aloud from its structure, keeps the space
    /// between the last word of a line and the first of the next, but take no room.
    func narrowed(to width: Double) -> GlyphLine {
        GlyphLine(runs: runs, width: min(self.width, width), ascent: ascent, descent: descent, stops: stops)
    }

    /// The line with its byte offsets moved `offset` bytes on: cut from text that starts there
    /// in its block's.
    func moved(by offset: Int) -> GlyphLine {
        offset == 0 ? self : GlyphLine(runs: runs, width: width, ascent: ascent, descent: descent, stops: stops.map { ($0.byte + offset, $0.x) })
    }

    /// The x of byte `offset` of the text (the end of the line past its last cluster).
    func x(at offset: Int) -> Double {
        stops.first { $0.byte >= offset }?.x ?? width
    }
}

/// The glyph runs of an unwrapped layout, in order, for cutting into lines.
struct ShapedRuns {
    struct Run {
        let glyphs: UnsafeMutablePointer<PangoGlyphString>
        let font: UnsafeMutablePointer<PangoFont>
        /// The run as Pango hands it out, for its characters' widths.
        let item: UnsafeMutablePointer<PangoGlyphItem>
        let offset: Int, length: Int, characters: Int
    }

    private(set) var runs: [Run] = []
    /// False when a run is right to left: its glyphs are not in text order.
    private(set) var leftToRight = true

    init(_ layout: OpaquePointer) {
        guard let iterator = pangoCairo.pango_layout_get_iter(layout) else { return }
        defer { pangoCairo.pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pangoCairo.pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item, let glyphs = run.pointee.glyphs,
                let font = item.pointee.analysis.font
            else { continue }
            if item.pointee.analysis.level % 2 == 1 { leftToRight = false }
            runs.append(
                Run(
                    glyphs: glyphs, font: font, item: run, offset: Int(item.pointee.offset), length: Int(item.pointee.length),
                    characters: Int(item.pointee.num_chars)))
        } while pangoCairo.pango_layout_iter_next_run(iterator) != 0
    }

    /// Runs shaped without a layout (`ShapedParagraph`), in text order.
    init(glyphItems: UnsafeMutableBufferPointer<PangoGlyphItem>) {
        guard let base = glyphItems.baseAddress else { return }
        for index in glyphItems.indices {
            let run = base + index
            guard let item = run.pointee.item, let glyphs = run.pointee.glyphs, let font = item.pointee.analysis.font else { continue }
            runs.append(
                Run(
                    glyphs: glyphs, font: font, item: run, offset: Int(item.pointee.offset), length: Int(item.pointee.length),
                    characters: Int(item.pointee.num_chars)))
        }
    }

    /// The glyphs setting bytes `range` of `text`, as one line; nil if Pango must set it.
    /// `color` gives a byte's colour and the byte up to which it holds: a run is cut wherever
    /// the colour changes.
    func line(_ range: Range<Int>, text: UnsafeBufferPointer<UInt8>, color: (Int) -> (RGB, until: Int)) -> GlyphLine? {
        guard leftToRight, !range.isEmpty else { return nil }
        let scale = Double(PANGO_SCALE)
        var made: [GlyphLine.Run] = []
        var stops: [(byte: Int, x: Double)] = []
        var x = 0
        var ascent = 0, descent = 0
        for run in runs where run.offset < range.upperBound && run.offset + run.length > range.lowerBound {
            let string = run.glyphs.pointee
            guard let infos = string.glyphs, let clusters = string.log_clusters else { return nil }
            let count = Int(string.num_glyphs)
            /// The first glyph whose cluster starts at or after `byte` (log clusters rise, left to right).
            func firstGlyph(from byte: Int) -> Int {
                var low = 0, high = count
                while low < high {
                    let middle = (low + high) / 2
                    if run.offset + Int(clusters[middle]) < byte { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let first = firstGlyph(from: range.lowerBound), end = firstGlyph(from: range.upperBound)
            guard end > first else { continue }
            var logical = PangoRectangle()
            pangoCairo.pango_glyph_string_extents_range(run.glyphs, Int32(first), Int32(end), run.font, nil, &logical)
            ascent = max(ascent, -Int(logical.y))
            descent = max(descent, Int(logical.y + logical.height))
            guard let scaled = pangoCairo.pango_cairo_font_get_scaled_font(OpaquePointer(run.font)) else { return nil }
            let face = pangoCairo.pango_font_get_hb_font(run.font).flatMap { hb_font_get_face($0) }
            let runEnd = min(run.offset + run.length, range.upperBound)
            // Cut at every change of colour; within a piece, one cluster per distinct byte offset,
            // each cluster's bytes up to the next one's start (the last's up to the piece's end).
            var index = first
            while index < end {
                let pieceStart = run.offset + Int(clusters[index])
                let (pieceColor, until) = color(pieceStart)
                var sameUntil = until
                // At most one glyph and one cluster per glyph left in the run's part of the line.
                var glyphs: [cairo_glyph_t] = []
                var textClusters: [cairo_text_cluster_t] = []
                glyphs.reserveCapacity(end - index)
                textClusters.reserveCapacity(end - index)
                var clusterStart = pieceStart
                var pieceEnd = runEnd
                while index < end {
                    let byte = run.offset + Int(clusters[index])
                    if byte >= sameUntil {
                        let (next, until) = color(byte)
                        if next != pieceColor {
                            pieceEnd = byte
                            break
                        }
                        sameUntil = until
                    }
                    let info = infos[index]
                    if info.glyph == PANGO_GLYPH_EMPTY || info.glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 { return nil }
                    if textClusters.isEmpty || byte != clusterStart {
                        if !textClusters.isEmpty { textClusters[textClusters.count - 1].num_bytes = Int32(byte - clusterStart) }
                        clusterStart = byte
                        stops.append((byte, Double(x) / scale))
                        textClusters.append(cairo_text_cluster_t(num_bytes: 0, num_glyphs: 0))
                    }
                    textClusters[textClusters.count - 1].num_glyphs += 1
                    glyphs.append(
                        cairo_glyph_t(
                            index: UInt(info.glyph), x: Double(x + Int(info.geometry.x_offset)) / scale,
                            y: Double(info.geometry.y_offset) / scale))
                    x += Int(info.geometry.width)
                    index += 1
                }
                guard !textClusters.isEmpty, pieceStart >= 0, pieceEnd <= text.count, pieceEnd >= clusterStart else { return nil }
                textClusters[textClusters.count - 1].num_bytes = Int32(pieceEnd - clusterStart)
                made.append(
                    GlyphLine.Run(
                        font: scaled, face: face, glyphs: glyphs,
                        utf8: text[pieceStart..<pieceEnd].map { CChar(bitPattern: $0) }, clusters: textClusters, color: pieceColor))
            }
        }
        guard !made.isEmpty else { return nil }
        return GlyphLine(
            runs: made, width: Double(x) / scale, ascent: Double(ascent) / scale, descent: Double(descent) / scale, stops: stops)
    }
}

internal import CPangoCairo

/// Where the lines of a text break at a width, first fit, worked out from one unwrapped Pango
/// layout of it: its characters' widths and Pango's break opportunities (Unicode line
/// breaking), with Korean words kept whole when asked (`word-break: keep-all`).
///
/// A line ends at the last opportunity at which it fits, its trailing white space not
/// counted. A word that fits no line alone is broken between characters (`.wordChar`) or
/// overflows to its end (`.word`). Lines never cross a hard break (`\n`).
struct LineBreaks {
    struct Line {
        /// UTF-8 byte range of the line, its trailing white space included (up to `end`) or,
        /// where the line wraps, left out (up to `contentEnd`).
        var start: Int, contentEnd: Int, end: Int
        /// When the line is a whole hard line of the text, which one (from 0): it is that line
        /// of the unwrapped layout.
        var hardLine: Int?
    }

    private(set) var lines: [Line] = []

    /// False for text this cannot break as Pango would: a tab's width depends on where its line
    /// starts, and breaks other than `\n` are Pango's to find.
    static func canBreak(_ text: String) -> Bool {
        !text.unicodeScalars.contains { [9, 11, 12, 13, 0x85, 0x2028, 0x2029].contains($0.value) }
    }

    /// `layout` is `text` set unwrapped (width -1), `runs` its glyph runs; `width` is in Pango
    /// units. Nil when Pango's character attributes do not match the text (then Pango wraps it).
    init?(_ layout: OpaquePointer, runs: ShapedRuns, text: String, width: Int32, wrap: TextBlock.Wrap, keepKoreanWords: Bool) {
        var attributeCount: Int32 = 0
        guard let bytes = pangoCairo.pango_layout_get_text(layout), let attributes = pangoCairo.pango_layout_get_log_attrs_readonly(layout, &attributeCount) else {
            return nil
        }
        self.init(
            text, bytes: bytes, attributes: UnsafeBufferPointer(start: attributes, count: Int(attributeCount)), runs: runs, width: width,
            wrap: wrap, keepKoreanWords: keepKoreanWords)
    }

    /// `bytes` is `text` as the C string `runs` were shaped from, `attributes` its break
    /// opportunities (one per character and one past the end).
    init?(
        _ text: String, bytes: UnsafePointer<CChar>, attributes: UnsafeBufferPointer<PangoLogAttr>, runs: ShapedRuns, width: Int32,
        wrap: TextBlock.Wrap, keepKoreanWords: Bool
    ) {
        var scalars: [UInt32] = []
        var byteOffsets: [Int] = []
        // A scalar is one byte at least: the bytes bound the count without counting.
        scalars.reserveCapacity(text.utf8.count)
        byteOffsets.reserveCapacity(text.utf8.count + 1)
        var offset = 0
        for scalar in text.unicodeScalars {
            scalars.append(scalar.value)
            byteOffsets.append(offset)
            offset += UTF8.width(scalar)
        }
        byteOffsets.append(offset)
        let count = scalars.count
        guard count > 0, attributes.count == count + 1 else { return nil }
        let widths = LineBreaks.characterWidths(runs, text: bytes, byteOffsets: byteOffsets)
        // For each character, which Korean word it is in (-1: none).
        var koreanWord: [Int32] = []
        if keepKoreanWords {
            koreanWord = [Int32](repeating: -1, count: count)
            for (number, word) in TextBlock.koreanWords(scalars).enumerated() {
                for index in word.characters { koreanWord[index] = Int32(number) }
            }
        }
        func isWhite(_ index: Int) -> Bool { attributes[index].is_white != 0 }
        /// May a line break before character `index`?
        func breaks(_ index: Int) -> Bool {
            guard !koreanWord.isEmpty else { return attributes[index].is_line_break != 0 }
            let word = koreanWord[index]
            if word >= 0, koreanWord[index - 1] == word, !LineBreaks.breaksAfter(scalars[index - 1]) { return false }
            // A Korean word may start a line, as Pango's word attribute allowed.
            if word >= 0, koreanWord[index - 1] != word { return true }
            return attributes[index].is_line_break != 0
        }
        func charBreaks(_ index: Int) -> Bool { attributes[index].is_char_break != 0 }

        var hardStart = 0
        var hardLine = 0
        while hardStart <= count {
            let hardEnd = scalars[hardStart...].firstIndex(of: 10) ?? count
            var start = hardStart
            if start == hardEnd {
                lines.append(Line(start: byteOffsets[start], contentEnd: byteOffsets[start], end: byteOffsets[start], hardLine: hardLine))
            }
            while start < hardEnd {
                var used = 0, content = 0
                var lastBreak = -1, lastCharBreak = -1
                var index = start
                var overflows = false
                while index < hardEnd {
                    used += Int(widths[index])
                    if !isWhite(index) { content = used }
                    index += 1
                    if content > Int(width) {
                        overflows = true
                        break
                    }
                    if index < hardEnd {
                        if breaks(index) { lastBreak = index }
                        if charBreaks(index) { lastCharBreak = index }
                    }
                }
                var end = hardEnd
                if overflows {
                    if lastBreak > start {
                        end = lastBreak
                    } else if wrap == .wordChar {
                        end = lastCharBreak > start ? lastCharBreak : ((start + 1)..<hardEnd).first(where: charBreaks) ?? hardEnd
                    } else {
                        end = ((start + 1)..<hardEnd).first(where: breaks) ?? hardEnd
                    }
                }
                // Where a line wraps, its trailing white space takes no room (as in Pango).
                var contentEnd = end
                while end < hardEnd, contentEnd > start, isWhite(contentEnd - 1) { contentEnd -= 1 }
                lines.append(
                    Line(
                        start: byteOffsets[start], contentEnd: byteOffsets[contentEnd], end: byteOffsets[end],
                        hardLine: start == hardStart && end == hardEnd ? hardLine : nil))
                start = end
            }
            hardStart = hardEnd + 1
            hardLine += 1
        }
    }

    /// Each character's logical width in Pango units, from the layout's runs (a cluster's
    /// width shared among its characters; line separators 0).
    private static func characterWidths(_ runs: ShapedRuns, text: UnsafePointer<CChar>, byteOffsets: [Int]) -> [Int32] {
        var widths = [Int32](repeating: 0, count: byteOffsets.count - 1)
        var buffer: [Int32] = []
        for run in runs.runs where run.characters > 0 {
            buffer = [Int32](repeating: 0, count: run.characters)
            pangoCairo.pango_glyph_item_get_logical_widths(run.item, text, &buffer)
            // The run's first character, by its byte offset.
            var low = 0, high = byteOffsets.count - 1
            while low < high {
                let middle = (low + high) / 2
                if byteOffsets[middle] < run.offset { low = middle + 1 } else { high = middle }
            }
            for index in 0..<run.characters where low + index < widths.count { widths[low + index] = buffer[index] }
        }
        return widths
    }

    /// Characters after which a line may break even inside a word (Pango keeps these breaks
    /// when it joins a word): breaking hyphens and visible word dividers, and zero-width space.
    private static func breaksAfter(_ value: UInt32) -> Bool {
        [0x00AD, 0x05A0, 0x2010, 0x2012, 0x2013, 0x05BE, 0x0F0B, 0x1361, 0x17D8, 0x17DA, 0x2027, 0x007C, 0x200B].contains(value)
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// Where an inline after a backslash hard break really is.
///
/// cmark-gfm's inline parser counts a line at a soft break and at a break of two spaces, but not
/// at a backslash before the line's end (`첫 줄\`, the hard break Gazette's own hints suggest): the
/// inlines after one are reported on the backslash's line, at a byte column past its end, and
/// every later line of the paragraph one line early per backslash break above it (cmark fixed
/// this in 0.30; Debian's cmark-gfm 0.29 has it). A dead link on the line after such a break was
/// reported on the line before, its caret past the end. This maps what the parser reports back
/// to the line and column as written, the way the parser counted: from the block's first line,
/// every line but those ending in a backslash adding one, and the columns of a line running on
/// into the lines after its backslash.
struct BackslashBreaks {
    /// Where each line of the parsed text starts and where its text ends (before `\n`, `\r\n`
    /// or `\r`); empty when no line ends in a backslash (most bodies: nothing is kept).
    private let starts: [Int]
    private let ends: [Int]
    /// Whether each line ends in a backslash that is not itself escaped.
    private let endsInBackslash: [Bool]
    /// The text, for where a line's text starts past its indentation and `>` markers.
    private let bytes: [UInt8]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard Self.hasLineEndingInBackslash(bytes) else {
            (starts, ends, endsInBackslash, self.bytes) = ([], [], [], [])
            return
        }
        var starts: [Int] = [], ends: [Int] = [], backslash: [Bool] = []
        var start = 0
        func line(endingAt end: Int) {
            var last = end, run = 0
            while last > start, bytes[last - 1] == 0x5C {
                run += 1
                last -= 1
            }
            starts.append(start)
            ends.append(end)
            backslash.append(run % 2 == 1)
        }
        // Lines end as the parser ends them: at `\n`, `\r\n` or a `\r` alone.
        for index in bytes.indices where bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            line(endingAt: bytes[index] == 0x0A && index > start && bytes[index - 1] == 0x0D ? index - 1 : index)
            start = index + 1
        }
        if start < bytes.count { line(endingAt: bytes.count) }
        (self.starts, self.ends, self.endsInBackslash, self.bytes) = (starts, ends, backslash, Array(bytes))
    }

    /// Whether no line ends in a backslash: positions are the parser's own.
    var isEmpty: Bool { endsInBackslash.isEmpty }

    /// Whether a backslash is followed by a line end somewhere in `bytes`: one `memchr` walk
    /// over the backslashes, which most bodies have none of.
    private static func hasLineEndingInBackslash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, 0x5C, bytes.count - offset) {
            let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A || bytes[index + 1] == 0x0D { return true }
            offset = index + 1
        }
        return false
    }

    /// The line and byte column (1-based) as written of an inline the parser reports at `line`
    /// and `column`, in a paragraph or heading that starts at `blockLine`, `blockColumn`.
    ///
    /// The parser reads a block's lines joined by one `\n` each, every line after the first from
    /// its first character past the indentation and the containers' markers, and reports a
    /// column as the offset from the last line it counted plus the block's own column.
    func position(line: Int, column: Int, blockLine: Int, blockColumn: Int) -> (line: Int, column: Int) {
        let lines = endsInBackslash.count
        guard lines > 0, blockLine >= 1, line >= blockLine, blockLine <= lines else { return (line, column) }
        let indent = blockColumn - 1
        var reported = blockLine, real = blockLine, skipped = false
        while reported < line, real < lines {
            if endsInBackslash[real - 1] { skipped = true } else { reported += 1 }
            real += 1
        }
        var offset = column - 1 - indent
        var start = real == blockLine ? starts[real - 1] + indent : textStart(real)
        while real < lines, endsInBackslash[real - 1], offset > ends[real - 1] - start {
            offset -= ends[real - 1] - start + 1
            real += 1
            start = textStart(real)
            skipped = true
        }
        guard skipped else { return (line, column) }
        return (real, max(1, start - starts[real - 1] + offset + 1))
    }

    /// Where the text of line `line` (1-based) starts: past spaces, tabs and `>` markers.
    private func textStart(_ line: Int) -> Int {
        var index = starts[line - 1]
        while index < ends[line - 1], bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x3E { index += 1 }
        return index
    }
}

import Content
import Foundation
import GazetteModel
import Markdown

/// How a body is written: the slips a new member makes that Markdown renders without a word —
/// prompts left empty, a heading without its space, bold that Korean particles keep from closing,
/// an address with a space. Warnings at lines of the body (line 1 its first) in no file, as
/// `JournalBodies` keeps its warnings; `JournalBodies.warnings` and `SiteChecks.writing` place
/// them in the journal's file. Bookmarks are not read.
public enum BodyWriting {
    /// Every writing warning of `body`; with `title`, the journal's, also a first heading that
    /// says it again (`repeatedTitle`).
    /// With `lineBreaks` (`markdown.line_breaks`), every line of a paragraph shows on a line of
    /// its own, so lines of a document's bullets (`glyphBullets`) are not named. With `tags`, a
    /// line of hashtags is named with the tags it means (`hashtagLines`).
    public static func warnings(_ body: String, title: String? = nil, lineBreaks: Bool = false, tags: TagContext? = nil) -> [Diagnostic] {
        let lines = lines(body)
        let fenced = fencedLines(lines)
        let indented = indentedCode(lines, fenced: fenced)
        let code = codeLines(lines, fenced: fenced, indented: indented)
        let early = frontMatterClosedEarly(lines, code: code)
        // Keys below a front matter closed early, and the `---` meant to close it under them:
        // that warning, not "shown as a heading".
        let dashed = dashedHeadings(lines, code: code).filter { early.lines.isEmpty || !early.lines.contains(($0.location?.line ?? 0) - 2) }
        // A lone `-` under a line of text is that text's underline, not an empty item.
        let underlines = Set(dashed.compactMap(\.location?.line))
        let dates = datesAsLists(lines, code: code)
        let faces = quotedFaces(lines, code: code)
        let prompts = emptyPrompts(lines, code: code).filter { !($0.message == "an empty list item" && underlines.contains($0.location?.line ?? 0)) }
        return early.warnings + (title.map { repeatedTitle(lines, code: code, title: $0) } ?? []) + prompts + markupSlips(lines, code: code)
            + indentedCodeWarnings(lines, blocks: indented) + dashed + (lineBreaks ? [] : glyphBullets(lines, code: code))
            + (has("://", "www.") ? addressParticles(lines, code: code) : []) + unreadTables(lines, code: code) + dates + faces
            + joinedLines(lines, code: code, lineBreaks: lineBreaks, textAt: Set((dates + faces).compactMap { $0.location.map { $0.line - 1 } }))
            + (has("] (", "]\t(") ? spacedLinks(lines, code: code) : []) + (has("](http") ? remotePictures(lines, code: code) : [])
            + (has("*") ? noteStars(lines, code: code) : []) + (has("][") ? undefinedReferences(lines, code: code) : [])
            + (has(wideMarkers) ? wideMarks(lines, code: code) : [])
            + (tags.map { tags in has("#", "＃") ? hashtagLines(lines, code: code, tags: tags) : [] } ?? [])
            + (has("](") && mayHoldInvisibles(body) ? invisibleAddresses(lines, code: code) : [])
        /// Whether the body holds one of `marks` anywhere (one search of its bytes): the rules
        /// that look for them read its lines only then.
        func has(_ marks: [String]) -> Bool { marks.contains { UTF8Search.firstIndex(of: $0, in: body) != nil } }
        func has(_ marks: String...) -> Bool { has(marks) }
    }

    /// Front-matter keys at the body's start (`tags: [economy]`, `created: …` under a `---`
    /// typed after the title, as a separator): the front matter ended at that `---`, so the
    /// keys are text on the page and the journal has no tags, member or date of its own. Named
    /// at the first key, with the lines (0-based) of the block, which the dashes under it may
    /// end (the closing `---` meant).
    static func frontMatterClosedEarly(_ lines: [Substring], code: [Bool]) -> (warnings: [Diagnostic], lines: Set<Int>) {
        guard let first = lines.firstIndex(where: { !trimmed($0).isEmpty }), !code[first] else { return ([], []) }
        /// The front-matter key (`JournalLoader.frontMatterKeys`) a line begins, if it does.
        func key(_ line: Substring) -> Substring? {
            guard let match = line.wholeMatch(of: /([a-z]+):(?:[ \t].*)?/), JournalLoader.frontMatterKeys.contains(String(match.output.1)) else { return nil }
            return match.output.1
        }
        var end = first
        while end < lines.count, !code[end], key(lines[end]) != nil || (end > first && lines[end].hasPrefix("  - ")) { end += 1 }
        guard end > first, let named = key(lines[first]) else { return ([], []) }
        let keys = lines[first..<end].compactMap(key).map { "'\($0):'" }
        let shown = keys.count == 1 ? keys[0] : keys.dropLast().joined(separator: ", ") + " and " + (keys.last ?? "")
        let closing = end < lines.count && trimmed(lines[end]).allSatisfy { $0 == "-" } && trimmed(lines[end]).count >= 3
        return (
            [
                .warning(
                    "the front matter ends before \(shown): the --- above \(keys.count == 1 ? "it" : "them") closes it, so the page shows \(keys.count == 1 ? "the line" : "the lines") as text and the journal has \(keys.count == 1 ? "no \(named) of its own" : "none of them")",
                    at: at(first, column: 1),
                    hint: closing
                        ? "delete the --- above \(keys.count == 1 ? "it" : "them"): the front matter then ends at the --- below \(keys.count == 1 ? "it" : "them")"
                        : "move \(keys.count == 1 ? "it" : "them") above the --- that closes the front matter",
                    sourceLine: String(lines[first]), code: "front-matter")
            ], Set(first..<end)
        )
    }

    /// A reference link whose label no line defines (`[기사][연합]` without `[연합]: https://…`):
    /// Markdown shows it as typed, brackets and all. Labels compare as Markdown compares them
    /// (case and runs of spaces aside); footnotes (`[^1]`) are `Footnotes`'.
    static func undefinedReferences(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        func label(_ text: Substring) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased() }
        var defined: Set<String> = []
        for (line, inCode) in zip(lines, code) where !inCode {
            if let definition = line.prefixMatch(of: /^ {0,3}\[([^\[\]]+)\]:/) { defined.insert(label(definition.output.1)) }
        }
        var warnings: [Diagnostic] = []
        for (index, (line, inCode)) in zip(lines, code).enumerated() where !inCode && line.contains("][") {
            let prose = withoutCodeSpans(String(line))
            for match in prose.matches(of: /(!?)\[([^\[\]]+)\]\[([^\[\]]*)\]/) {
                let written = match.output.3.isEmpty ? match.output.2 : match.output.3
                guard !written.hasPrefix("^"), !defined.contains(label(written)) else { continue }
                let column = prose[..<match.range.lowerBound].unicodeScalars.count + 1
                let kind = match.output.1.isEmpty ? "link" : "picture"
                warnings.append(
                    .warning(
                        "\(kind) '\(match.output.0)' has no address: no line '[\(written)]: …' defines it, so the page shows it as typed",
                        at: at(index, column: column),
                        hint: "add a line '[\(written)]: https://…' below the paragraph, or write the address in place: \(match.output.1)[\(match.output.2)](https://…)",
                        sourceLine: String(line), code: "broken-link"
                    ).spanning(match.output.0.unicodeScalars.count))
            }
        }
        return warnings
    }

    /// A date written as Korean writes it, at the start of a line (`2026. 12. 6. 금통위가 …`,
    /// `12. 6. 회의`): each number and period is a numbered list's marker to Markdown, so the
    /// page shows lists inside lists numbered 2026, 12 and 6. Named where a numbered list starts
    /// on such a line (a line going on in a paragraph is text), with the date to write: a
    /// backslash before its first period keeps it text (the quick fix writes it).
    static func datesAsLists(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        // A digit after the spaces first: the pattern is made and matched for those lines alone.
        let numbered = lines.indices.filter { index in
            guard !code[index], let first = lines[index].utf8.first(where: { $0 != 0x20 }) else { return false }
            return (0x30...0x39).contains(first)
        }
        guard !numbered.isEmpty else { return [] }
        let pattern = #/^( {0,3})((?:19|20)\d\d\.(?: +\d{1,2}\.){0,2}|\d{1,2}\. +\d{1,2}\.)(?= |$)/#
        let candidates = numbered.filter { lines[$0].firstMatch(of: pattern) != nil }
        guard !candidates.isEmpty else { return [] }
        let starts = Set(MarkdownDocument(lines.joined(separator: "\n")).topLevelStartLines(.orderedList).map { $0 - 1 })
        return candidates.filter(starts.contains).compactMap { index in
            guard let found = lines[index].firstMatch(of: pattern) else { return nil }
            let date = found.output.2
            guard let period = date.firstIndex(of: ".") else { return nil }
            let escaped = date[..<period] + "\\" + date[period...]
            let numbers = date.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let read = numbers.count > 1 ? "numbered lists inside each other (\(numbers.joined(separator: ", ")))" : "a list item numbered \(numbers.joined())"
            let iso = numbers.count == 3 && numbers[0].count == 4 ? "; or write \(numbers[0])-\(numbers[1].count == 1 ? "0" : "")\(numbers[1])-\(numbers[2].count == 1 ? "0" : "")\(numbers[2])" : ""
            return .warning(
                "'\(date)' is read as \(read), not as a date: a number and a period at the start of a line begin a list item",
                at: at(index, column: found.output.1.count + 1),
                hint: "did you mean '\(escaped)'? a backslash before the first period keeps it a date\(iso)",
                sourceLine: String(lines[index]), code: "markup-shown"
            ).spanning(date.unicodeScalars.count)
        }
    }

    /// A picture from another site (`![차트](https://…/chart.png)`, copied from a page): a page
    /// loads no picture from another site, which would learn who reads it, so the page shows a
    /// link to it where the member expects the picture. Named over the picture, with where to
    /// put it instead. Only lines holding `![` and `](http` are parsed (a link to an article,
    /// the common line with an address, holds no `![`).
    static func remotePictures(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for index in lines.indices where !code[index] {
            let line = String(lines[index])
            guard UTF8Search.firstIndex(of: "![", in: line) != nil, UTF8Search.firstIndex(of: "](http", in: line) != nil else { continue }
            for link in MarkdownDocument(line).links() where link.isImage {
                guard let scheme = SafeURL.scheme(link.destination), scheme == "http" || scheme == "https" else { continue }
                let bytes = Array(line.utf8)
                let start = max(0, min(bytes.count, link.column - 1))
                let rest = String(decoding: bytes[start...], as: UTF8.self)
                let written = rest.firstMatch(of: /^!\[[^\]]*\]\([^)]*\)/).map { String($0.output) } ?? "![…](…)"
                let file = pictureName(for: link.destination)
                warnings.append(
                    .warning(
                        "the picture '\(opening(written))' is shown as a link, not as a picture: pages load no pictures from other sites",
                        at: at(index, column: String(decoding: bytes[..<start], as: UTF8.self).unicodeScalars.count + 1),
                        hint: "save the picture beside the journal and write its file's name, ![\(link.text.isEmpty ? "설명" : link.text)](\(file)): a page that loaded it from there would tell that site who reads the page",
                        sourceLine: line, code: "remote-picture"
                    ).spanning(written.unicodeScalars.count))
            }
        }
        return warnings
    }

    /// The name a picture at `url` is saved under beside a journal: the address's last part
    /// (spaces as `-`, only letters, digits, `-` and `_` kept), or `picture`, with its extension
    /// where the address has a picture's (`png` otherwise; a download keeps what its bytes are).
    public static func pictureName(for url: String) -> String {
        let last = URL(string: url)?.lastPathComponent.removingPercentEncoding ?? ""
        let ext = (last as NSString).pathExtension.lowercased()
        var stem = (last as NSString).deletingPathExtension
        stem = String(stem.map { $0 == " " ? "-" : $0 }.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }.prefix(60))
        if stem.isEmpty || stem.hasPrefix("-") { stem = "picture" }
        return stem + "." + (["png", "jpg", "jpeg", "gif", "webp", "svg"].contains(ext) ? ext : "png")
    }

    /// A face typed at the start of a line (`>_< 너무 어려웠다`, `>ㅅ<`, `>.<`): its `>` is a
    /// quote's mark to Markdown, so the page shows the rest (`_< 너무 어려웠다`) as a quote. Named
    /// with the face underlined and what keeps it text, a backslash before the `>` (the quick fix).
    static func quotedFaces(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        lines.indices.compactMap { index in
            let line = lines[index]
            guard !code[index], indent(line).columns <= 3 else { return nil }
            let text = trimmed(line)
            // `>`, one to three marks that are not a space or another `>`, then `<`: the
            // pattern is matched only where `>` and such a mark start the line.
            guard text.utf8.first == UInt8(ascii: ">"), let second = text.utf8.dropFirst().first, second != 0x20, second != 0x09, second != UInt8(ascii: ">"),
                let face = text.firstMatch(of: /^>[^\s<>]{1,3}</)?.output
            else { return nil }
            return .warning(
                "'\(face)' at the start of a line is read as a quote's mark and what follows it: the page shows '\(opening(text.dropFirst()))' as a quote",
                at: at(index, column: indent(line).scalars + 1),
                hint: "did you mean '\\\(face)'? a backslash before '>' keeps it text", sourceLine: String(line), code: "markup-shown"
            ).spanning(face.unicodeScalars.count)
        }
    }

    /// A star typed after a word as the mark of a note (`성장률*은 1.5%로 … 환율*은 …`, as
    /// articles mark a figure explained below): a lone `*` between two letters may open and
    /// close emphasis, so the page shows the text from one such star to the next in italics, the
    /// stars gone. Named at each star right after a letter and before a Hangul syllable that
    /// opens italics holding a space (a part of a word in italics, `기준*금리*`, is meant), with
    /// the backslash that keeps it as typed (the quick fix). The paragraph is parsed with a
    /// syllable it does not use put after each such star, which Markdown reads as it reads the
    /// syllable it stands before: a star whose syllable starts an emphasis opened it.
    static func noteStars(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        var stars: [Int: [Int]] = [:]
        for index in lines.indices where !code[index] && holds(lines[index], { $0 == UInt8(ascii: "*") }) {
            let found = noteStarOffsets(Array(lines[index].utf8))
            if !found.isEmpty { stars[index] = found }
        }
        guard !stars.isEmpty else { return [] }
        var warnings: [Diagnostic] = []
        var read = Set<Int>()
        for index in stars.keys.sorted() where !read.contains(index) {
            let paragraph = paragraph(around: index, lines, code: code)
            read.formUnion(paragraph)
            let text = paragraph.map { lines[$0] }.joined(separator: "\n")
            // Syllables from the last one down, skipping those the paragraph uses: one per star.
            var stand = (0xAC00...0xD7A3).reversed().lazy.compactMap(Unicode.Scalar.init).filter { !text.unicodeScalars.contains($0) }.makeIterator()
            var placed: [(line: Int, offset: Int, syllable: String)] = []
            var marked: [String] = []
            for line in paragraph {
                var bytes = Array(lines[line].utf8)
                for offset in (stars[line] ?? []).reversed() {
                    guard let syllable = stand.next() else { return warnings }
                    bytes.insert(contentsOf: Array(String(syllable).utf8), at: offset + 1)
                    placed.append((line, offset, String(syllable)))
                }
                marked.append(String(decoding: bytes, as: UTF8.self))
            }
            // What each emphasis shows, soft breaks as spaces.
            let italics = MarkdownBlock.emphases(MarkdownDocument(marked.joined(separator: "\n")).blocks()).map(MarkdownInline.plainText)
            for star in placed.sorted(by: { ($0.line, $0.offset) < ($1.line, $1.offset) }) {
                guard let opened = italics.first(where: { $0.hasPrefix(star.syllable) }) else { continue }
                let italics = opened.filter { character in !placed.contains { $0.syllable == String(character) } }
                guard italics.contains(where: \.isWhitespace) else { continue }
                let line = lines[star.line]
                let before = String(decoding: Array(line.utf8)[..<star.offset], as: UTF8.self)
                let word = String(before.reversed().prefix { $0.isLetter || $0.isNumber }.reversed())
                warnings.append(
                    .warning(
                        "'*' after '\(word.count > 12 ? "…" + word.suffix(12) : word)' opens italics: the page shows "
                            + "'\(opening(italics))' in italics, without the stars",
                        at: at(star.line, column: before.unicodeScalars.count + 1),
                        hint: "did you mean '\\*'? a backslash keeps a note's star as typed (\(word.suffix(6))\\*); italics start before a word: *기준금리*",
                        sourceLine: String(line), code: "markup-shown"
                    ).spanning(1))
            }
        }
        return warnings
    }

    /// The byte offsets in `line` of the stars a note may be marked with: a lone `*` right after
    /// a letter or a digit (not a backslash's) and right before a Hangul syllable.
    static func noteStarOffsets(_ line: [UInt8]) -> [Int] {
        line.withUnsafeBufferPointer { text in
            var found: [Int] = []
            for offset in text.indices where text[offset] == UInt8(ascii: "*") && offset > 0 && offset + 1 < text.count {
                // A Hangul syllable's first byte is 0xEA to 0xED: the scalar is read only after one.
                guard (0xEA...0xED).contains(text[offset + 1]), let next = UTF8Search.scalar(in: text, at: offset + 1, end: text.count),
                    (0xAC00...0xD7A3).contains(next.value)
                else { continue }
                guard let previous = UTF8Search.scalar(in: text, before: offset).flatMap(Unicode.Scalar.init),
                    previous.properties.isAlphabetic || previous.properties.numericType != nil
                else { continue }
                found.append(offset)
            }
            return found
        }
    }

    /// The lines of `lines` outside code that hold one of `marks` (a byte search): each one's
    /// index, the line, and the line with its code spans blanked (`withoutCodeSpans`).
    static func proseLines(_ lines: [Substring], code: [Bool], holding marks: [String]) -> [(index: Int, line: String, prose: String)] {
        lines.indices.compactMap { index in
            guard !code[index] else { return nil }
            let line = String(lines[index])
            guard marks.contains(where: { UTF8Search.firstIndex(of: $0, in: line) != nil }) else { return nil }
            return (index, line, withoutCodeSpans(line))
        }
    }

    /// `[연합뉴스 기사] (https://…)`: a space between the text and the address, so Markdown makes
    /// no link and shows the brackets and the address as typed (a picture, `![차트] (chart.png)`,
    /// likewise). Named where the page shows the brackets, with the link written whole.
    static func spacedLinks(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (index, line, prose) in proseLines(lines, code: code, holding: ["] (", "]\t("]) {
            let shown = MarkdownDocument(prose).plainText()
            for link in prose.matches(of: #/(!?)\[([^\[\]]+)\][ \t]+\(([^()\s]+)\)/#) {
                guard UTF8Search.firstIndex(of: "[" + link.output.2 + "]", in: shown) != nil else { continue }
                let written = String(prose[link.range])
                warnings.append(
                    .warning(
                        "'\(opening(written))' is shown as typed, brackets and all: a space between ] and ( keeps it from being a \(link.output.1.isEmpty ? "link" : "picture")",
                        at: at(index, column: prose[..<link.range.lowerBound].unicodeScalars.count + 1),
                        hint: "did you mean '\(link.output.1)[\(link.output.2)](\(link.output.3))'? the ( goes right after the ]",
                        sourceLine: line, code: "markup-shown"
                    ).spanning(written.unicodeScalars.count))
            }
        }
        return warnings
    }

    /// What a line holds where `wideMarks` may find a slip.
    static let wideMarkers = ["！[", "［", "］", "（", "＊＊", "｀"]

    /// Markdown's marks typed in an input method's full-width mode: a picture's `！[…](…)` (the
    /// page shows a link to the file), a link's `［…］(…)` or `[…]（…）` (shown as typed), bold's
    /// `＊＊…＊＊` and code's `｀…｀` (shown as typed). Named with the Markdown meant, in the
    /// marks YAML and Markdown read. Full-width parentheses alone are Korean punctuation, left
    /// alone: a link is named only where an address stands inside them.
    static func wideMarks(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        func isWide(_ text: Substring) -> Bool { text.unicodeScalars.contains(where: \.isFullWidthForm) }
        for (index, line, prose) in proseLines(lines, code: code, holding: wideMarkers) {
            func warn(_ range: Range<String.Index>, _ message: String, fix: String) {
                let written = String(prose[range])
                warnings.append(
                    .warning(
                        "'\(opening(written))' \(message): \(written.fullWidthMarks.joined(separator: ", ")) typed in the input method's full-width mode",
                        at: at(index, column: prose[..<range.lowerBound].unicodeScalars.count + 1),
                        hint: "did you mean '\(fix)'? type Markdown's marks in English mode", sourceLine: line, code: "markup-shown"
                    ).spanning(written.unicodeScalars.count))
            }
            let links = #/([!！]?)([\[［])([^\[\]［］\n]+)([\]］])([(（])([^()（）\s]+)([)）])/#
            for link in prose.matches(of: links) {
                let (bang, open, text, close, left, address, right) = (link.output.1, link.output.2, link.output.3, link.output.4, link.output.5, link.output.6, link.output.7)
                // An address, not a date or a name in Korean parentheses (`[단독]（12.7）`).
                let isAddress =
                    address.contains("://") || ["www.", "/", "#", "./", "../"].contains { address.hasPrefix($0) }
                    || address.firstMatch(of: /\.[A-Za-z][A-Za-z0-9]{1,4}$/) != nil
                guard isWide(bang + open + close + left + right), isAddress else { continue }
                let picture = !bang.isEmpty
                let fix = "\(picture ? "!" : "")[\(text)](\(address))"
                let shownAsLink = picture && !isWide(open + close + left + right)
                warn(link.range, shownAsLink ? "is a link to the file, not a picture" : "is shown as typed, not as a \(picture ? "picture" : "link")", fix: fix)
            }
            for bold in prose.matches(of: #/＊＊([^＊\n]+)＊＊/#) { warn(bold.range, "is shown as typed, not in bold", fix: "**\(bold.output.1)**") }
            for span in prose.matches(of: #/｀([^｀\n]+)｀/#) { warn(span.range, "is shown as typed, not as code", fix: "`\(span.output.1)`") }
        }
        return warnings
    }

    /// A bare web address that a Korean particle follows without a space
    /// (`https://www.yna.co.kr/view/AKR2026…008에 따르면`): Markdown's link runs to the next space,
    /// so the particle becomes part of the address, and the link leads to a page that is not
    /// there. Named where a run of Hangul ends the address right after an ASCII letter or digit
    /// (an address whose last part is Korean, `…/wiki/기준금리`, is left alone), with the address
    /// in `<>`, which ends it, as what to write (the quick fix).
    static func addressParticles(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (index, line, prose) in proseLines(lines, code: code, holding: ["://", "www."]) {
            for link in MarkdownDocument(prose).links() where !link.isImage {
                // An autolink: its text is the address as written (`www.` ones gain `http://`).
                let written = link.text
                guard link.destination == written || link.destination == "http://" + written, let range = UTF8Search.range(of: written, in: prose) else { continue }
                let particle = written.unicodeScalars.reversed().prefix { (0xAC00...0xD7A3).contains($0.value) }
                guard !particle.isEmpty, particle.count <= 4, let before = written.unicodeScalars.dropLast(particle.count).last,
                    before.isASCII, before.properties.isAlphabetic || ("0"..."9").contains(before)
                else { continue }
                let kept = String(String.UnicodeScalarView(written.unicodeScalars.dropLast(particle.count)))
                let address = kept.hasPrefix("www.") ? "https://" + kept : kept
                let after = String(String.UnicodeScalarView(particle.reversed()))
                let column = prose[..<range.lowerBound].unicodeScalars.count + 1
                warnings.append(
                    .warning(
                        "the address takes '\(after)' with it: a bare address runs to the next space, so the link leads to a page that is not there",
                        at: at(index, column: column),
                        hint: "did you mean '<\(address)>\(after)'? an address in <> ends at the >; or put a space after it",
                        sourceLine: line, code: "markup-shown"
                    ).spanning(written.unicodeScalars.count))
            }
        }
        return warnings
    }

    /// Rows of a table written without the line under its first row that makes it one
    /// (`|---|---|`): Markdown shows the rows as typed, pipes and all. Named at the first row of
    /// a paragraph whose first two lines start and end with `|` and none of whose lines is such a
    /// line, with the line to put under it (the quick fix).
    static func unreadTables(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        func isRow(_ index: Int) -> Bool {
            let text = trimmed(lines[index])
            return text.count >= 2 && text.utf8.first == UInt8(ascii: "|") && text.utf8.last == UInt8(ascii: "|")
        }
        func isDelimiter(_ index: Int) -> Bool {
            let text = trimmed(lines[index])
            return text.contains("-") && text.allSatisfy { "|-: \t".contains($0) }
        }
        guard lines.indices.contains(where: { !code[$0] && holds(lines[$0], { $0 == UInt8(ascii: "|") }) }) else { return [] }
        var warnings: [Diagnostic] = []
        var index = 0
        while index < lines.count {
            let block = paragraph(around: index, lines, code: code)
            index = block.upperBound
            guard block.count >= 2, isRow(block.lowerBound), isRow(block.lowerBound + 1), !block.contains(where: isDelimiter) else { continue }
            let first = withoutCodeSpans(String(trimmed(lines[block.lowerBound])))
            let delimiter = "|" + String(repeating: "---|", count: max(1, cells(Substring(first))))
            warnings.append(
                .warning(
                    "'\(opening(trimmed(lines[block.lowerBound])))' is shown as typed, pipes and all, not as a table: the line under its first row must be \(delimiter)",
                    at: at(block.lowerBound, column: indent(lines[block.lowerBound]).scalars + 1),
                    hint: "put \(delimiter) on a line of its own under the first row", sourceLine: String(lines[block.lowerBound]), code: "table-shown"
                ).spanning(trimmed(lines[block.lowerBound]).unicodeScalars.count))
        }
        return warnings
    }

    /// The marks documents put before list items (Word, PowerPoint, 한글 and Korean reports:
    /// `•`, `○`, `▶`, `ㆍ`, `ㅇ`…), which Markdown does not read as one, with the Markdown marker
    /// to write instead; circled numbers (`①`) are numbered items.
    static func bulletMarker(_ line: Substring) -> (column: Int, glyph: Character, marker: String)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3, let first = line.dropFirst(indent.count).first, !first.isASCII else { return nil }
        if let value = first.unicodeScalars.first?.value, first.unicodeScalars.count == 1, (0x2460...0x2473).contains(value) {
            return (indent.count + 1, first, "\(value - 0x2460 + 1). ")
        }
        guard "•◦▪▫●○■□◆◇▶►▷▸➢➤ㆍ·∙✓✔ㅇ－＊＋".contains(first) else { return nil }
        // `ㅇ`, `·` and the full-width `－＊＋` (an input method's full-width mode) mark items only
        // with a space after them (`ㅇㅇ`, `·` in a word, `－5%` are text).
        if "ㅇ·－＊＋".contains(first), line.dropFirst(indent.count + 1).first != " " { return nil }
        return (indent.count + 1, first, "- ")
    }

    /// The lines of the paragraph `lines[line]` is in: the run of text lines around it, which
    /// blank lines, code and headings (each a block of its own) end.
    static func paragraph(around line: Int, _ lines: [Substring], code: [Bool]) -> Range<Int> {
        func isText(_ index: Int) -> Bool {
            let text = trimmed(lines[index])
            return !code[index] && !text.isEmpty && text.utf8.first != UInt8(ascii: "#")
        }
        guard isText(line) else { return line..<(line + 1) }
        var start = line, end = line + 1
        while start > 0, isText(start - 1) { start -= 1 }
        while end < lines.count, isText(end) { end += 1 }
        return start..<end
    }

    /// Lines a document marks as list items (`bulletMarker`) run together on the page: Markdown
    /// joins the lines of a paragraph into one, so `• 금리 동결` under a line of text, or over
    /// another such line, shows on the same line as it, after a space. Named once per paragraph,
    /// at its first such line, with the marker underlined; the language server's fix writes each
    /// as a Markdown list item (`- 금리 동결`, `1. …` for `①`).
    static func glyphBullets(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        // Every such mark starts with one of these bytes in UTF-8 (0xEF: the full-width forms);
        // Hangul and ASCII do not.
        guard lines.contains(where: { line in line.utf8.first { $0 != 0x20 }.map { [0xC2, 0xE2, 0xE3, 0xEF].contains($0) } ?? false }) else { return [] }
        var warnings: [Diagnostic] = []
        var index = 0
        while index < lines.count {
            let block = paragraph(around: index, lines, code: code)
            index = block.upperBound
            let marked = block.filter { bulletMarker(lines[$0]) != nil }
            // A table's rows are not a paragraph's lines.
            guard block.count > 1, let first = marked.first, let mark = bulletMarker(lines[first]), !block.contains(where: { holds(lines[$0], { $0 == UInt8(ascii: "|") }) }) else { continue }
            warnings.append(
                .warning(
                    "'\(opening(trimmed(lines[first])))' is not read as a list item: Markdown joins it and the paragraph's other lines into one line",
                    at: at(first, column: mark.column),
                    hint: "write each item as '\(mark.marker)…'\(marked.count > 1 ? " (\(marked.count) lines)" : ""), the list Markdown reads; '\(mark.glyph)' is not one of its markers",
                    sourceLine: String(lines[first]), code: "bullet-glyph"
                ).spanning(1))
        }
        return warnings
    }

    /// The edits `glyphBullets`' fix makes in the paragraph of `body` whose line `line` (0 the
    /// first) is: each line marked as a document marks an item, as `(line, characters of its
    /// indent, marker and the spaces after it, what to write instead)`.
    public static func bulletFixes(_ body: String, line: Int) -> [(line: Int, replaced: Int, marker: String)] {
        let lines = lines(body)
        let code = codeLines(lines)
        guard lines.indices.contains(line) else { return [] }
        return paragraph(around: line, lines, code: code).compactMap { index in
            guard let mark = bulletMarker(lines[index]) else { return nil }
            let after = lines[index].dropFirst(mark.column).prefix { $0 == " " || $0 == "\t" }.count
            return (index, mark.column + after, String(repeating: " ", count: mark.column - 1) + mark.marker)
        }
    }


    /// A line of `-` alone is a heading's underline where it comes right under a paragraph
    /// (Markdown's second way of writing `##`), so the paragraph above becomes a heading: a
    /// member who typed `---` to divide the journal, or a list's `- ` under a line of text, gets
    /// the text in large bold instead. Named where the paragraph is not a heading's sort of text:
    /// more than one line, longer than 40 characters, or ending as a sentence ends (`.`, `?`,
    /// `!`, `다`). At the dashes, which a blank line above turns into a dividing line.
    static func dashedHeadings(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        func isDashes(_ index: Int) -> Bool {
            let text = trimmed(lines[index])
            return !code[index] && !text.isEmpty && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") } && indent(lines[index]).columns <= 3
        }
        let underlines = lines.indices.dropFirst().filter { isDashes($0) && !trimmed(lines[$0 - 1]).isEmpty && !code[$0 - 1] }
        guard !underlines.isEmpty else { return [] }
        var warnings: [Diagnostic] = []
        for start in MarkdownDocument(lines.joined(separator: "\n")).topLevelStartLines(.heading).map({ $0 - 1 }) where lines.indices.contains(start) {
            // An underlined heading runs from its first line to its underline, the first line of
            // `-` or `=` alone; named when that is dashes.
            guard trimmed(lines[start]).utf8.first != UInt8(ascii: "#") else { continue }
            var underline = start + 1
            while underline < lines.count, !trimmed(lines[underline]).isEmpty, !isDashes(underline),
                !trimmed(lines[underline]).utf8.allSatisfy({ $0 == UInt8(ascii: "=") })
            {
                underline += 1
            }
            guard underlines.contains(underline) else { continue }
            let paragraph = lines[start..<underline].map { String(trimmed($0)) }
            let text = paragraph.joined(separator: " ")
            guard paragraph.count > 1 || text.count > 40 || text.last.map({ ".?!。다".contains($0) }) == true else { continue }
            let dashes = lines[underline]
            let marks = trimmed(dashes)
            warnings.append(
                .warning(
                    "'\(opening(text))' is shown as a heading: a line of - right under a paragraph makes it one",
                    at: at(underline, column: indent(dashes).scalars + 1),
                    hint: marks.count >= 3
                        ? "for a dividing line, put a blank line above the \(marks); for a heading, write '## …'"
                        : "write the list item after the '\(marks) ', or delete the line; for a heading, write '## …'",
                    sourceLine: String(dashes), code: "dashed-heading"
                ).spanning(marks.unicodeScalars.count))
        }
        return warnings
    }

    /// A body that opens with its title as a heading (`# 금리 동결 메모` under `title: 금리 동결
    /// 메모`), as Obsidian, Notion, Hugo's habits and AI summaries write a document: the page and
    /// the packet set the title above the body, so it would show twice. Compared as the reader
    /// sees them: spaces run together, emphasis marks and a closing run of `#` left out.
    static func repeatedTitle(_ lines: [Substring], code: [Bool], title: String) -> [Diagnostic] {
        guard let index = lines.firstIndex(where: { !trimmed($0).isEmpty }), !code[index] else { return [] }
        let line = lines[index]
        let text = trimmed(line)
        var heading: Substring?
        var underlined = false
        let marks = text.prefix { $0 == "#" }
        if (1...6).contains(marks.count), line.prefix(while: { $0 == " " }).count <= 3 {
            let rest = text.dropFirst(marks.count)
            if rest.isEmpty || rest.first == " " || rest.first == "\t" {
                var words = trimmed(rest)
                // A closing run of `#` after a space is not part of the heading.
                let closing = words.reversed().prefix { $0 == "#" }.count
                if closing > 0, closing == words.count || words.dropLast(closing).last == " " { words = trimmed(words.dropLast(closing)) }
                heading = words
            }
        } else if index + 1 < lines.count, !code[index + 1], line.prefix(while: { $0 == " " }).count <= 3 {
            // A heading underlined with `===` or `---`.
            let under = trimmed(lines[index + 1])
            if let first = under.first, first == "=" || first == "-", under.allSatisfy({ $0 == first }), lines[index + 1].prefix(while: { $0 == " " }).count <= 3 {
                heading = text
                underlined = true
            }
        }
        guard let heading, !heading.isEmpty, shown(heading) == shown(Substring(title)) else { return [] }
        return [
            .warning(
                "the body starts with the title again: the page already shows '\(title)' above the body, so it would show twice",
                at: at(index), hint: "delete this line\(underlined ? " and the line under it" : ""): the title comes from 'title:' in the front matter",
                sourceLine: String(line),
                code: "title-repeated")
        ]
    }

    /// Text as a reader compares it: emphasis and code marks left out, runs of spaces as one.
    private static func shown(_ text: Substring) -> String {
        var result = ""
        var space = false
        for character in text where !"*_`~".contains(character) {
            if character.isWhitespace {
                space = !result.isEmpty
            } else {
                if space { result.append(" ") }
                space = false
                result.append(character)
            }
        }
        return result
    }

    /// The prompts left empty of `body` (`emptyPrompts(_:code:)`).
    public static func emptyPrompts(_ body: String) -> [Diagnostic] {
        let lines = lines(body)
        return emptyPrompts(lines, code: codeLines(lines))
    }

    /// The code blocks `body` writes by indenting (`indentedCode`): ranges of its lines, 0 its first.
    public static func indentedCodeBlocks(_ body: String) -> [Range<Int>] {
        let lines = lines(body)
        return indentedCode(lines, fenced: fencedLines(lines))
    }

    /// The footnote labels `body` writes, in the order first written (as first written), each
    /// with its note's first line when it has one (`[^1]: 한국은행 보도자료`): what `gazette lsp`
    /// offers after `[^`. Read as the checks read them (`Footnotes`), code left out.
    public static func footnoteLabels(_ body: String) -> [(label: String, note: String?)] {
        let lines = lines(body)
        var footnotes = Footnotes()
        for (index, (text, inCode)) in zip(lines, codeLines(lines)).enumerated() where !inCode && UTF8Search.firstIndex(of: "[^", in: String(text)) != nil {
            footnotes.read(withoutCodeSpans(String(text)), line: String(text), index: index)
        }
        return footnotes.order.compactMap { label in
            guard let mark = footnotes.references[label] ?? footnotes.notes[label] else { return nil }
            return (String(mark.written.dropFirst(2).dropLast()), footnotes.notes[label]?.note)
        }
    }

    /// The markup of `body` a page would show as typed (`markupSlips(_:code:)`).
    public static func markupSlips(_ body: String) -> [Diagnostic] {
        let lines = lines(body)
        return markupSlips(lines, code: codeLines(lines))
    }

    /// The lines of `body`, cut at its newline bytes (a body's line ends are `\n` alone: `SourceText`
    /// reads `\r\n` as `\n`). Splitting by `Character` walked every grapheme of every body, a few
    /// percent of a clean build's processor time.
    static func lines(_ body: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = body.utf8
        var start = utf8.startIndex
        while let newline = utf8[start...].firstIndex(of: 0x0A) {
            lines.append(body[start..<newline])
            start = utf8.index(after: newline)
        }
        lines.append(body[start...])
        return lines
    }

    /// Whether `text` holds a byte `matches` accepts, read from its contiguous bytes where it has them.
    static func holds(_ text: Substring, _ matches: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(where: matches) } ?? text.utf8.contains(where: matches)
    }

    /// `line` without the spaces and tabs around it (what `trimmingCharacters(in: .whitespaces)`
    /// does for the text a body holds, without Foundation: it was most of these checks' cost).
    static func trimmed(_ line: Substring) -> Substring {
        let utf8 = line.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }),
            let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D })
        else { return line[line.endIndex...] }
        return line[first...last]
    }

    /// Which of `lines` are not read as Markdown: code, fenced (the fences included) or indented
    /// (`indentedCode`), and notes in HTML comments (`commentLines`), which the page leaves out.
    static func codeLines(_ lines: [Substring]) -> [Bool] {
        let fenced = fencedLines(lines)
        return codeLines(lines, fenced: fenced, indented: indentedCode(lines, fenced: fenced))
    }

    static func codeLines(_ lines: [Substring], fenced: [Bool], indented: [Range<Int>]) -> [Bool] {
        var code = fenced
        for block in indented { for index in block { code[index] = true } }
        for block in commentLines(lines, code: code) { for index in block { code[index] = true } }
        return code
    }

    /// The notes `lines` hold in HTML comments that start a line (`<!--` after at most three
    /// spaces), as line ranges: from that line to the one that closes it with `-->` (or the
    /// body's end). The page leaves them out (`MarkdownDocument`), so the slips in a note are
    /// not named.
    static func commentLines(_ lines: [Substring], code: [Bool]) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            // Most lines hold no '<': they start no note.
            guard !code[index], holds(line, { $0 == 0x3C }), indent(line).columns < 4, case let text = trimmed(line), text.utf8.starts(with: "<!--".utf8) else {
                index += 1
                continue
            }
            var end = index
            var rest = Array(text.utf8.dropFirst(4))
            while UTF8Search.occurrences(of: Array("-->".utf8), in: rest).isEmpty, end + 1 < lines.count {
                end += 1
                rest = Array(lines[end].utf8)
            }
            blocks.append(index..<(end + 1))
            index = end + 1
        }
        return blocks
    }

    /// The columns `line`'s leading spaces and tabs take (a tab to the next multiple of four, as
    /// Markdown counts them), and how many scalars they are.
    static func indent(_ line: Substring) -> (columns: Int, scalars: Int) {
        var columns = 0, scalars = 0
        for byte in line.utf8 {
            if byte == 0x20 {
                columns += 1
            } else if byte == 0x09 {
                columns += 4 - columns % 4
            } else {
                break
            }
            scalars += 1
        }
        return (columns, scalars)
    }

    /// The code blocks `lines` write by indenting, as line ranges: a line indented four columns
    /// (four spaces, or a tab) where a paragraph does not go on — at the start, after a blank
    /// line or a heading — starts one, which the page shows in monospace, in a box, with its
    /// Markdown as typed. A paragraph indented as Korean writing indents one (들여쓰기) becomes
    /// one. Only where the body has such a line is it parsed, and only blocks at its top level
    /// (not in a list item or a quote, whose indents count from the item) are listed: each
    /// runs over its indented and blank lines, the blank ones at its end left out.
    static func indentedCode(_ lines: [Substring], fenced: [Bool]) -> [Range<Int>] {
        let mayStart = lines.indices.contains { index in
            guard !fenced[index], indent(lines[index]).columns >= 4, !trimmed(lines[index]).isEmpty else { return false }
            guard index > 0 else { return true }
            let before = trimmed(lines[index - 1])
            return before.isEmpty || before.utf8.first == UInt8(ascii: "#")
        }
        guard mayStart else { return [] }
        return MarkdownDocument(lines.joined(separator: "\n")).topLevelStartLines(.indentedCode).compactMap { line in
            let start = line - 1
            guard lines.indices.contains(start) else { return nil }
            var end = start
            var last = start
            while end < lines.count, trimmed(lines[end]).isEmpty || indent(lines[end]).columns >= 4 {
                if !trimmed(lines[end]).isEmpty { last = end }
                end += 1
            }
            return start..<(last + 1)
        }
    }

    /// A warning for each block of `indentedCode`, at its first line with its indent
    /// underlined: what the member most likely meant is a paragraph.
    static func indentedCodeWarnings(_ lines: [Substring], blocks: [Range<Int>]) -> [Diagnostic] {
        blocks.map { block in
            let line = lines[block.lowerBound]
            let text = trimmed(line)
            let count = block.filter { !trimmed(lines[$0]).isEmpty }.count
            return Diagnostic.warning(
                "'\(opening(text))' is shown as code, in monospace with its marks as typed: a line indented by four spaces or a tab after a blank line starts a code block",
                at: at(block.lowerBound),
                hint: "remove the indent\(count > 1 ? " of its \(count) lines" : ""): paragraphs need none, the page spaces them apart; for code, put ``` on a line above and below it instead",
                sourceLine: String(line), code: "indented-code"
            ).spanning(indent(line).scalars)
        }
    }

    /// Which of `lines` are inside fenced code (the fences included).
    static func fencedLines(_ lines: [Substring]) -> [Bool] {
        var fence: Substring?
        return lines.map { line in
            // Most lines start with neither mark: no fence opens or closes there.
            if fence == nil, !holds(line, { $0 == 0x60 || $0 == 0x7E }) { return false }
            let text = trimmed(line)
            let marker = text.prefix { $0 == "`" || $0 == "~" }
            if let open = fence {
                if marker.count >= open.count, marker.first == open.first, text.dropFirst(marker.count).allSatisfy(\.isWhitespace) { fence = nil }
                return true
            }
            if marker.count >= 3, Set(marker).count == 1 {
                fence = marker
                return true
            }
            return false
        }
    }

    /// The first twelve characters of `text`, as a message quotes it: `…` after them where
    /// there is more, a space before it left out.
    static func opening(_ text: some StringProtocol) -> String {
        text.count > 12 ? String(text.prefix(12)).trimmingCharacters(in: .whitespaces) + "…" : String(text)
    }

    static func at(_ index: Int, column: Int = 1) -> SourceLocation { SourceLocation(path: "", line: index + 1, column: column) }

    /// Headings with nothing written under them and empty list items: the prompts `gazette new`
    /// starts a journal with (`## 요약`, `- `), left as they were while the member wrote
    /// elsewhere — the page would show a bare heading or a bare bullet. A section ends at the next
    /// heading of its level or above; one holding only blank lines and empty items is empty (its
    /// items are not named again).
    static func emptyPrompts(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        let kinds = zip(lines, code).map { line, inCode in inCode ? BodyLine.text : BodyLine(trimmed(line)) }
        // Without a heading or an empty item there is nothing to say (most bodies).
        guard kinds.contains(where: { $0 != .text && $0 != .blank }) else { return [] }
        var warnings: [Diagnostic] = []
        var inEmptySection = Set<Int>()
        for (index, kind) in kinds.enumerated() {
            guard case .heading(let level, let title) = kind else { continue }
            var end = index + 1
            while end < kinds.count {
                if case .heading(let next, _) = kinds[end], next <= level { break }
                end += 1
            }
            let section = kinds[(index + 1)..<end]
            guard section.allSatisfy({ $0 == .blank || $0 == .emptyItem }) else { continue }
            inEmptySection.formUnion((index + 1)..<end)
            warnings.append(
                .warning(
                    "nothing is written under '\(title)'", at: at(index),
                    hint: "write under the heading, or delete it: the page would show it bare", sourceLine: String(lines[index]), code: "empty-prompt"))
        }
        for (index, kind) in kinds.enumerated() where kind == .emptyItem && !inEmptySection.contains(index) {
            warnings.append(
                .warning(
                    "an empty list item", at: at(index), hint: "write after the marker, or delete the line: the page would show a bare bullet",
                    sourceLine: String(lines[index]), code: "empty-prompt"))
        }
        return warnings
    }

    /// A line of a body as `emptyPrompts` reads it.
    enum BodyLine: Equatable {
        case blank, emptyItem, text
        case heading(level: Int, title: String)

        init(_ text: Substring) {
            if text.isEmpty {
                self = .blank
            } else if text.utf8.count <= 12, ["-", "*", "+", "- [ ]", "* [ ]", "+ [ ]"].contains(text) || Self.isEmptyOrderedItem(text) {
                self = .emptyItem
            } else if text.utf8.first == UInt8(ascii: "#") {
                let hashes = text.prefix { $0 == "#" }.count
                let rest = text.dropFirst(hashes)
                if (1...6).contains(hashes), rest.isEmpty || rest.first == " " {
                    self = .heading(level: hashes, title: String(text))
                } else {
                    self = .text
                }
            } else {
                self = .text
            }
        }

        /// `1.`, `12)`: an ordered item's marker alone.
        static func isEmptyOrderedItem(_ text: Substring) -> Bool {
            guard let last = text.last, last == "." || last == ")" else { return false }
            let digits = text.dropLast()
            return (1...9).contains(digits.count) && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
        }
    }

    /// Markup a member wrote that Markdown shows as typed: `##요약` (no space after the #s),
    /// `**"금리"**가` (bold that ends after punctuation and before a letter cannot close),
    /// `![차트](my chart.png)` (an address with a space) and `![차트](chart.png` (an address the
    /// line never closes). Each is found where the line rendered
    /// alone still shows the marks. Inline code is not read either. And a footnote written on
    /// one side only: `[^1]` with no `[^1]: …` (shown as typed), or a note nothing refers to.
    static func markupSlips(_ lines: [Substring], code: [Bool]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        var footnotes = Footnotes()
        for (index, (text, inCode)) in zip(lines, code).enumerated() where !inCode {
            // Only a line with '#', '*', '_', '=', '](' or '{' can hold these slips (most lines hold
            // none), or one starting with a full-width form (`＃ 요약`: its first byte is 0xEF), a
            // dash, a plus or a digit (`-금리`, `1.금리`).
            guard holds(text, { $0 == 0x23 || $0 == 0x2A || $0 == 0x5F || $0 == 0x5D || $0 == 0x3D || $0 == 0x7B })
                || text.utf8.first(where: { $0 != 0x20 }).map({ $0 == 0xEF || $0 == 0x2D || $0 == 0x2B || (0x30...0x39).contains($0) }) == true
            else { continue }
            let line = String(text)
            let prose = withoutCodeSpans(line)
            if let heading = unspacedHeading(prose) {
                let marks = String(repeating: "#", count: heading.marks.count)
                let why: String
                switch (heading.marks.contains("＃"), heading.gap.unicodeScalars.first?.value) {
                case (true, _): why = "'＃' is the full-width #, which Markdown does not read: type the marks with the input method in half-width mode"
                case (false, nil): why = "a heading needs a space after its #s"
                case (false, 0x3000): why = "the space after its #s is a full-width space (U+3000), which Markdown does not count"
                case (false, let value?): why = "the space after its #s is a no-break space (U+\(String(format: "%04X", value)), from a copied page), which Markdown does not count"
                }
                warnings.append(
                    .warning(
                        "'\(heading.marks)\(heading.gap.isEmpty ? "" : " ")\(opening(heading.rest.dropFirst(heading.gap.count)))' is not read as a heading",
                        at: at(index, column: heading.column), hint: "did you mean '\(marks) \(heading.word)'? \(why)", sourceLine: line,
                        code: "markup-shown"
                    ).spanning(heading.marks.unicodeScalars.count + heading.gap.unicodeScalars.count + heading.word.unicodeScalars.count))
            }
            // Only among other items: a lone `*출처: 연합뉴스` is a note marked as Korean writing
            // marks one, and shows as meant.
            if let item = unspacedBullet(prose), [index - 1, index + 1].contains(where: { lines.indices.contains($0) && !code[$0] && isItemLike(lines[$0]) }) {
                let mark = item.marker.last.map { $0 == "." || $0 == ")" } == true ? "number" : item.marker
                warnings.append(
                    .warning(
                        "'\(item.marker)\(item.rest.prefix(12))' is not read as a list item", at: at(index, column: item.column),
                        hint: "did you mean '\(item.marker) \(item.word)'? a list item needs a space after its \(mark); the page would show the \(item.marker)",
                        sourceLine: line, code: "markup-shown"
                    ).spanning(item.marker.unicodeScalars.count + item.word.unicodeScalars.count))
            }
            if UTF8Search.firstIndex(of: "==", in: prose) != nil {
                warnings += highlights(prose, line: line, at: { at(index, column: $0) })
            }
            if UTF8Search.firstIndex(of: "[[", in: prose) != nil {
                warnings += wikiLinks(prose, line: line, at: { at(index, column: $0) })
            }
            if UTF8Search.firstIndex(of: "{{", in: prose) != nil {
                warnings += shortcodes(prose, line: line, at: { at(index, column: $0) })
            }
            if UTF8Search.firstIndex(of: "){", in: prose) != nil {
                warnings += attributeBraces(prose, line: line, at: { at(index, column: $0) })
            }
            if UTF8Search.firstIndex(of: "[^", in: prose) != nil { footnotes.read(prose, line: line, index: index) }
            if hasUnderscoreBeforeHangul(prose) {
                warnings += underscoredItalics(prose, line: line, at: { at(index, column: $0) })
            }
            // Foundation's `contains` and `range(of:)` go through NSString: on a fortnight of busy
            // journals they were 7 % of a clean build's processor time.
            let hasBold = UTF8Search.firstIndex(of: "**", in: prose) != nil || UTF8Search.firstIndex(of: "__", in: prose) != nil
            let hasLink = UTF8Search.firstIndex(of: "](", in: prose) != nil
            // Rendering the line is most of these checks' cost: it is skipped where neither slip
            // can be shown (`boldAllCloses`, `mayHaveSpacedAddress`).
            guard (hasBold && !boldAllCloses(prose)) || (hasLink && (mayHaveSpacedAddress(prose) || hasUnclosedAddress(prose))) else { continue }
            let shown = MarkdownDocument(prose).plainText()
            if hasBold, let mark = ["**", "__"].first(where: { UTF8Search.firstIndex(of: $0, in: shown) != nil }),
                let range = UTF8Search.range(of: mark, in: prose)
            {
                // One mark shown is bold never closed; two, marks that do not touch their text, or a
                // closing pair after punctuation that a Latin letter follows (a Korean one closes
                // it: `CJKEmphasis`).
                let closed = UTF8Search.occurrences(of: Array(mark.utf8), in: Array(shown.utf8)).count > 1
                warnings.append(
                    .warning(
                        "'\(mark)' is not read as bold here", at: at(index, column: prose[..<range.lowerBound].unicodeScalars.count + 1),
                        hint: closed
                            ? "the marks must touch the text they hold (\(mark)금리\(mark), not \(mark) 금리\(mark)), and after punctuation a closing \(mark) must not touch a Latin letter: \"\(mark)rate\(mark)\"s, not \(mark)\"rate\"\(mark)s"
                            : "close it with a second \(mark) in the same paragraph (\(mark)금리\(mark)), or write \\\(mark.map { String($0) }.joined(separator: "\\")) to show the marks",
                        sourceLine: line, code: "markup-shown"))
            }
            // Each link or picture whose address has a space and which the page shows as typed
            // (its text is in what the line renders to: a link with a title, `[a](b "c")`, is not).
            if hasLink, UTF8Search.firstIndex(of: "](", in: shown) != nil {
                for link in prose.matches(of: #/(!?)\[[^\]]*\]\(([^)<>]*\s[^)<>]*)\)/#) {
                    let written = MarkdownDocument.collapsingWhitespace(String(prose[link.range]))
                    guard UTF8Search.firstIndex(of: written, in: shown) != nil else { continue }
                    let address = UTF8Search.trimmingWhiteSpace(link.output.2)
                    let column = prose[..<link.range.lowerBound].unicodeScalars.count + 1
                    // A size after the file, as some editors write one (`chart.png =300x`).
                    if !link.output.1.isEmpty, let sized = address.wholeMatch(of: #/(\S+)\s+=\d*x\d*/#) {
                        let meant = String(prose[link.range]).replacingOccurrences(of: "(" + link.output.2 + ")", with: "(" + sized.output.1 + ")")
                        warnings.append(
                            .warning(
                                "'\(address)' gives the picture a size Markdown does not read, so it is shown as typed", at: at(index, column: column),
                                hint: "did you mean '\(meant)'? a page shows a picture at its column's width", sourceLine: line, code: "markup-shown"
                            ).spanning(prose[link.range].unicodeScalars.count))
                        continue
                    }
                    // A title in curly quotes (`https://… “연합 제목”`, as a word processor or a phone
                    // types them): Markdown reads a title only in straight quotes.
                    if let titled = address.wholeMatch(of: #/(\S+)\s+([“‘])(.*)([”’])/#) {
                        let straight = titled.output.2 == "“" ? "\"" : "'"
                        let meant = String(prose[link.range]).replacingOccurrences(
                            of: "(" + link.output.2 + ")", with: "(" + titled.output.1 + " " + straight + titled.output.3 + straight + ")")
                        warnings.append(
                            .warning(
                                "the title after '\(titled.output.1)' is in curly quotes, so the \(link.output.1.isEmpty ? "link" : "picture") is shown as typed",
                                at: at(index, column: column),
                                hint: "did you mean '\(meant)'? a title is written in straight quotes (\" or ')", sourceLine: line, code: "markup-shown"
                            ).spanning(prose[link.range].unicodeScalars.count))
                        continue
                    }
                    warnings.append(
                        .warning(
                            "'\(address)' has a space, so the \(link.output.1.isEmpty ? "link" : "picture") is shown as typed", at: at(index, column: column),
                            hint: UTF8Search.firstIndex(of: "://", in: String(address)) != nil
                                ? "remove the space from the address, or write it in <>: (<\(address)>)"
                                : "write the address in <>: (<\(address)>), or rename the file without spaces", sourceLine: line, code: "markup-shown"))
                }
                // A link or picture whose `)` was forgotten: its address runs to the end of the
                // line, or text follows it with no `)` after (not one whose title is on the next
                // line, which Markdown reads with it).
                if let link = prose.firstMatch(of: #/((!?)\[([^\]]*)\]\(([^)\s<>]+))(?:\s*$|\s+[^)]*$)/#),
                    case let written = MarkdownDocument.collapsingWhitespace(String(link.output.1)),
                    UTF8Search.firstIndex(of: written, in: shown) != nil,
                    index + 1 >= lines.count || trimmed(lines[index + 1]).isEmpty
                        || UTF8Search.firstIndex(of: written, in: MarkdownDocument(prose + "\n" + withoutCodeSpans(String(lines[index + 1]))).plainText()) != nil
                {
                    let address = link.output.4
                    let kind = link.output.2.isEmpty ? "link" : "picture"
                    warnings.append(
                        .warning(
                            "'\(address)' is not closed with ')', so the \(kind) is shown as typed",
                            at: at(index, column: prose[..<link.range.lowerBound].unicodeScalars.count + 1),
                            hint: "end the address with ')': \(link.output.2)[\(link.output.3)](\(address))", sourceLine: line, code: "markup-shown"))
                }
            }
        }
        return warnings + footnotes.warnings
    }

    /// True when every `**` of `line` is read as bold, so the line shows no marks of bold: its
    /// only `*`s are in runs of two, alternately opening (followed by a letter or digit: ASCII
    /// or a Hangul syllable) and closing (after one), as many of each, with nothing that
    /// changes how they are read — no other delimiter (`_`, `~`), brackets, `<`, `\`, backticks,
    /// `&` (an entity may be a star), nothing an autolink starts with (`@`, `:/`, `www.`), and not
    /// indented as code. False says nothing: the line is rendered.
    static func boldAllCloses(_ line: String) -> Bool {
        let bytes = Array(line.utf8)
        guard bytes.prefix(while: { $0 == 0x20 }).count < 4, bytes.first != 0x09 else { return false }
        /// An ASCII letter or digit, or a Hangul syllable: what a mark may open before or close after.
        func isWord(_ value: UInt32) -> Bool {
            (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || (0xAC00...0xD7A3).contains(value)
        }
        return bytes.withUnsafeBufferPointer { text -> Bool in
            /// The scalar starting at `index`, if any.
            func scalar(at index: Int) -> UInt32? { index < text.count ? UTF8Search.scalar(in: text, at: index, end: text.count)?.value : nil }
            func byte(_ index: Int) -> UInt8? { index < text.count ? text[index] : nil }
            var runs = 0
            var index = 0
            while index < text.count {
                switch text[index] {
                case UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "\\"), UInt8(ascii: "`"),
                    UInt8(ascii: "&"), UInt8(ascii: "@"):
                    return false
                case UInt8(ascii: ":") where byte(index + 1) == UInt8(ascii: "/"), UInt8(ascii: "w") where text[index...].starts(with: "www.".utf8):
                    return false
                case UInt8(ascii: "*"):
                    guard byte(index + 1) == UInt8(ascii: "*"), byte(index + 2) != UInt8(ascii: "*") else { return false }
                    let neighbour = runs % 2 == 0 ? scalar(at: index + 2) : UTF8Search.scalar(in: text, before: index)
                    guard let neighbour, isWord(neighbour) else { return false }
                    runs += 1
                    index += 2
                default:
                    index += 1
                }
            }
            return runs % 2 == 0
        }
    }

    /// True when a `](` of `line` has no `)` after it: a link or picture whose address may run to
    /// the end of the line unclosed.
    static func hasUnclosedAddress(_ line: String) -> Bool {
        let bytes = Array(line.utf8)
        guard let start = UTF8Search.occurrences(of: Array("](".utf8), in: bytes).last else { return false }
        return !bytes[(start + 2)...].contains(UInt8(ascii: ")"))
    }

    /// False when no link or picture of `line` can have an address with white space in it: no
    /// `](` is followed by white space (or a byte of a non-ASCII scalar, which may be white
    /// space) before its `)`. True says nothing: the line is rendered.
    static func mayHaveSpacedAddress(_ line: String) -> Bool {
        let bytes = Array(line.utf8)
        for start in UTF8Search.occurrences(of: Array("](".utf8), in: bytes) {
            for byte in bytes[(start + 2)...] {
                if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") { break }
                if byte == 0x20 || (0x09...0x0D).contains(byte) || byte >= 0x80 { return true }
            }
        }
        return false
    }

    /// `##요약`: up to three spaces, two to six #s and text right after them (one # is a
    /// hashtag, `#경제`, and left alone). And one to six #s that the input method or a copied
    /// page changed: a space after them that Markdown does not count (`##\u{A0}요약`, a no-break
    /// space; `#\u{3000}요약`, the full-width space), or full-width marks (`＃ 요약`, `＃＃요약`).
    /// `gap` is the character after the marks where one is there (the odd space, or a plain one
    /// after full-width marks), empty for `##요약`; `word` is the heading's text up to its first
    /// space or comma.
    /// The language server's quick fix replaces marks, gap and word (the diagnostic's range) with
    /// `#`s, a space and `word`.
    static func unspacedHeading(_ line: String) -> (column: Int, marks: Substring, gap: Substring, rest: Substring, word: Substring)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return nil }
        let marks = line.dropFirst(indent.count).prefix { $0 == "#" || $0 == "＃" }
        let rest = line.dropFirst(indent.count + marks.count)
        guard (1...6).contains(marks.count), let next = rest.first else { return nil }
        let plainSpace = next == " " || next == "\t"
        let gap: Substring
        if next.isWhitespace && !plainSpace || plainSpace && marks.contains("＃") {
            gap = rest.prefix(1)
        } else if marks.count >= 2 && !next.isWhitespace {
            gap = ""
        } else {
            return nil
        }
        let word = rest.dropFirst(gap.count).prefix { !" ,]}\t".contains($0) && !$0.isWhitespace }
        guard !word.isEmpty else { return nil }
        return (indent.count + 1, marks, gap, rest, word)
    }

    /// `*항목`, `-항목`, `+항목` or `1.항목` at a line's start, a list item without its space,
    /// which Markdown shows as typed (a `*강조*` that closes is emphasis, and `**`, rules, `-5%`,
    /// `1.5%` and `* 항목` are left alone): its column, its marker, the text after the marker,
    /// and its first word.
    static func unspacedBullet(_ line: String) -> (column: Int, marker: String, rest: Substring, word: Substring)? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3, let first = line.dropFirst(indent.count).first else { return nil }
        let marker: Substring
        if first == "*" || first == "-" || first == "+" {
            marker = line.dropFirst(indent.count).prefix(1)
        } else {
            let digits = line.dropFirst(indent.count).prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count), let close = line.dropFirst(indent.count + digits.count).first, close == "." || close == ")" else { return nil }
            marker = line.dropFirst(indent.count).prefix(digits.count + 1)
        }
        let rest = line.dropFirst(indent.count + marker.count)
        // A letter right after it; a star's line holds no other star (that would be emphasis).
        guard let next = rest.first, next.isLetter || (first == "*" && next.isNumber), !(first == "*" && rest.contains("*")) else { return nil }
        return (indent.count + 1, String(marker), rest, rest.prefix { !" ,]}\t".contains($0) })
    }

    /// A line that is a list item, or a bullet without its space (`unspacedBullet`).
    static func isItemLike(_ line: Substring) -> Bool {
        let text = trimmed(line)
        return ["* ", "- ", "+ "].contains { text.hasPrefix($0) } || text.firstMatch(of: #/^\d{1,9}[.)] /#) != nil || unspacedBullet(String(line)) != nil
    }

    /// `==형광펜==`, as Obsidian and Typora mark a highlight: Markdown has none and shows the
    /// marks. Named with bold to write instead, over the highlight alone (`==금리==는` keeps its
    /// particle): what the quick fix replaces. A line of `=` alone (a heading's underline),
    /// `a == b` and `==>` are not highlights.
    static func highlights(_ prose: String, line: String, at: (Int) -> SourceLocation) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for found in prose.matches(of: #/(^|[^=\w])==([^=\s](?:[^=]*[^=\s])?)==(?![=>])/#) {
            let text = found.output.2
            let column = prose[..<found.range.lowerBound].unicodeScalars.count + found.output.1.unicodeScalars.count + 1
            warnings.append(
                .warning(
                    "'==\(opening(text))==' is shown as typed: Markdown has no highlight", at: at(column),
                    hint: "did you mean '**\(text)**'? bold stands out on the page and in the packet", sourceLine: line, code: "markup-shown"
                ).spanning(text.unicodeScalars.count + 4))
        }
        return warnings
    }

    /// `_밑줄_이다`: italics in underscores closed right before a particle or an ending. An
    /// underscore closes italics only where no letter or digit follows it (so that snake_case
    /// stays text), and Korean writes a particle onto its word, so the page shows the
    /// underscores; a star closes there (`*밑줄*이다`). Named over the underscores and what they
    /// hold, with the stars to write (what the quick fix replaces them with). An underscore
    /// after a letter (`file_name_은`) is taken for a name's and left alone.
    /// Whether an underscore stands right before a Hangul syllable (a UTF-8 lead byte 0xEA–0xED)
    /// in `text`: only such a line can close italics before a particle, and the pattern of
    /// `underscoredItalics` is made for it alone (an address with underscores is not one).
    static func hasUnderscoreBeforeHangul(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == 0x5F, (0xEA...0xED).contains(byte) { return true }
            previous = byte
        }
        return false
    }

    static func underscoredItalics(_ prose: String, line: String, at: (Int) -> SourceLocation) -> [Diagnostic] {
        let found = prose.matches(of: #/(^|[^\p{L}\p{N}_\\])_([^_\s](?:[^_]*[^_\s])?)_(?=[가-힣])/#)
        guard !found.isEmpty else { return [] }
        let shown = MarkdownDocument(prose).plainText()
        return found.compactMap { italics -> Diagnostic? in
            let text = italics.output.2
            guard UTF8Search.firstIndex(of: "_\(text)_", in: shown) != nil else { return nil }
            let particle = prose[italics.range.upperBound...].prefix { ("가"..."힣").contains($0) }
            return .warning(
                "'_\(opening(text))_' is not read as italics here: an underscore before a letter does not close them",
                at: at(prose[..<italics.range.lowerBound].unicodeScalars.count + italics.output.1.unicodeScalars.count + 1),
                hint: "did you mean '*\(text)*'? a star closes italics before a particle (*\(opening(text))*\(particle)); an underscore only before a space or punctuation",
                sourceLine: line, code: "markup-shown"
            ).spanning(text.unicodeScalars.count + 2)
        }
    }

    /// Hugo's shortcodes (`{{< youtube ID >}}`, `{{% … %}}`) and Zola's (`{{ youtube(id="ID") }}`),
    /// which Markdown shows as typed: each named over all of it, with the Markdown that stands
    /// for the common ones (what the quick fix writes) — a link to a video, a picture with its
    /// caption, the journal file a `ref` names.
    static func shortcodes(_ prose: String, line: String, at: (Int) -> SourceLocation) -> [Diagnostic] {
        let found = prose.matches(of: #/\{\{([<%])\s*([A-Za-z][\w-]*)(.*?)\s*[>%]\}\}|\{\{\s*([A-Za-z][\w-]*)\((.*?)\)\s*\}\}/#)
        return found.map { code in
            let written = String(prose[code.range])
            let isHugo = code.output.1 != nil
            let name = String(code.output.2 ?? code.output.4 ?? "").lowercased()
            let arguments = String(code.output.3 ?? code.output.5 ?? "")
            var named: [String: String] = [:]
            for pair in arguments.matches(of: #/([A-Za-z_]+)\s*=\s*"([^"]*)"/#) { named[String(pair.output.1).lowercased()] = String(pair.output.2) }
            let first = arguments.split(whereSeparator: \.isWhitespace).first.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
            let positional = first.flatMap { $0.contains("=") ? nil : $0 }
            let meant: String? =
                switch name {
                case "youtube": (named["id"] ?? positional).map { "[영상](https://www.youtube.com/watch?v=\($0))" }
                case "vimeo": (named["id"] ?? positional).map { "[영상](https://vimeo.com/\($0))" }
                case "figure", "image", "resize_image": (named["src"] ?? named["path"] ?? positional).map { "![\(named["caption"] ?? named["alt"] ?? "")](\($0))" }
                case "ref", "relref": (named["path"] ?? positional)
                default: nil
                }
            return Diagnostic.warning(
                "\(isHugo ? "Hugo" : "Zola")'s shortcode '\(opening(written))' is shown as typed: Gazette has no shortcodes",
                at: at(prose[..<code.range.lowerBound].unicodeScalars.count + 1),
                hint: meant.map { "did you mean '\($0)'? Markdown writes it so" } ?? "write it as Markdown: a link [글자](https://…) or a picture ![설명](file.png)",
                sourceLine: line, code: "markup-shown"
            ).spanning(written.unicodeScalars.count)
        }
    }

    /// Attributes in braces after a picture or a link (`![차트](chart.png){width=50%}`,
    /// `{.center}`, `{#fig1}`), as Pandoc, Quarto and some editors write them: Markdown shows the
    /// braces as text after the picture. Named over the picture and the braces, with the picture
    /// alone (a page shows it at its column's width).
    static func attributeBraces(_ prose: String, line: String, at: (Int) -> SourceLocation) -> [Diagnostic] {
        prose.matches(of: #/(!?\[[^\]]*\]\([^)\s]+\))(\{[.#]?[A-Za-z][^{}]*\})/#).compactMap { found in
            let braces = found.output.2
            // `{.class}`, `{#id}`, or something `=` something: attributes, not a sentence in braces.
            guard braces.dropFirst().first.map({ $0 == "." || $0 == "#" }) == true || braces.contains("=") else { return nil }
            return Diagnostic.warning(
                "'\(opening(braces))' after the \(found.output.1.hasPrefix("!") ? "picture" : "link") is shown as text: Markdown takes no attributes",
                at: at(prose[..<found.range.lowerBound].unicodeScalars.count + 1),
                hint: "did you mean '\(found.output.1)'? a page shows a picture at its column's width", sourceLine: line, code: "markup-shown"
            ).spanning(prose[found.range].unicodeScalars.count)
        }
    }

    /// Obsidian's (and other wikis') links, `[[금리 메모]]`, and pictures, `![[chart.png]]`,
    /// which Markdown shows as typed: each with the Markdown that does what it meant — a picture
    /// beside the journal (a `|300` size dropped, other text after `|` its alt text), a link to the
    /// journal's file (`.md` added to a name without an extension, `#heading` as its id).
    static func wikiLinks(_ prose: String, line: String, at: (Int) -> SourceLocation) -> [Diagnostic] {
        let found = prose.matches(of: #/(!?)\[\[([^\[\]|#]+)(#[^\[\]|]*)?(?:\|([^\[\]]*))?\]\]/#)
        guard !found.isEmpty else { return [] }
        // Only where the page shows the brackets (a `[[x]]` that a reference definition makes a
        // link is left alone).
        let shown = MarkdownDocument(prose).plainText()
        var warnings: [Diagnostic] = []
        for wiki in found {
            let written = String(prose[wiki.range])
            guard UTF8Search.firstIndex(of: written.hasPrefix("!") ? String(written.dropFirst()) : written, in: shown) != nil else { continue }
            let target = String(UTF8Search.trimmingWhiteSpace(wiki.output.2))
            let label = wiki.output.4.map { String(UTF8Search.trimmingWhiteSpace($0)) }
            func address(_ path: String) -> String { path.contains(" ") ? "<\(path)>" : path }
            let isPicture = !wiki.output.1.isEmpty
            let fix: String
            if isPicture {
                let alt = label.flatMap { $0.isEmpty || $0.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "x") }) ? nil : $0 } ?? ""
                fix = "![\(alt)](\(address(target)))"
            } else {
                let file = target.contains(".") && !target.hasSuffix(".") ? target : target + ".md"
                let heading = wiki.output.3.map { "#" + $0.dropFirst().lowercased().replacingOccurrences(of: " ", with: "-") } ?? ""
                fix = "[\(label.flatMap { $0.isEmpty ? nil : $0 } ?? target)](\(address(file + heading)))"
            }
            warnings.append(
                .warning(
                    "wiki \(isPicture ? "picture" : "link") '\(written)' is shown as typed (Markdown does not read Obsidian's [[…]])",
                    at: at(prose[..<wiki.range.lowerBound].unicodeScalars.count + 1),
                    hint: "did you mean '\(fix)'? Markdown writes a picture ![what it shows](file) and a link [text](file.md)",
                    sourceLine: line, code: "markup-shown"))
        }
        return warnings
    }

    /// A body's footnotes as written: each `[^label]` referred to and each `[^label]: …` note,
    /// where they first are. A reference with no note is shown as typed; a note nothing refers
    /// to is shown nowhere (cmark-gfm drops it).
    struct Footnotes {
        struct Mark {
            var written: String
            var line: String
            var index: Int
            var column: Int
            /// A note's text on its line, after the label and colon.
            var note: String?
        }
        /// By label, lower-cased as Markdown compares them.
        var references: [String: Mark] = [:]
        var notes: [String: Mark] = [:]
        /// Every label in the order first written; one with a space (below) after a space of its
        /// own, which no plain label starts with.
        var order: [String] = []
        /// Labels with a space (`[^my note]`), which Markdown does not read as footnotes: the note
        /// becomes a link's definition, and the reference a link to its text.
        var spaced: [String: Mark] = [:]

        mutating func read(_ prose: String, line: String, index: Int) {
            for mark in prose.matches(of: /(\\?)\[\^([^\]\s]+(?:\s+[^\]\s]+)+)\]/) where mark.output.1.isEmpty {
                let label = String(mark.output.2)
                if !order.contains(" " + label) { order.append(" " + label) }
                if spaced[label] == nil {
                    let column = prose[..<mark.range.lowerBound].unicodeScalars.count + 1
                    spaced[label] = Mark(written: "[^\(label)]", line: line, index: index, column: column)
                }
            }
            for mark in prose.matches(of: /(\\?)\[\^([^\]\s]+)\](:?)/) where mark.output.1.isEmpty {
                let column = prose[..<mark.range.lowerBound].unicodeScalars.count + 1
                let written = "[^\(mark.output.2)]"
                let label = mark.output.2.lowercased()
                // A note starts its line (after at most three spaces); `[^1]:` elsewhere is a
                // reference followed by a colon.
                let isNote = !mark.output.3.isEmpty && prose[..<mark.range.lowerBound].allSatisfy { $0 == " " } && column <= 4
                if !order.contains(label) { order.append(label) }
                if isNote {
                    if notes[label] == nil {
                        let text = prose[mark.range.upperBound...].trimmingCharacters(in: .whitespaces)
                        notes[label] = Mark(written: written, line: line, index: index, column: column, note: text)
                    }
                } else if references[label] == nil {
                    references[label] = Mark(written: written, line: line, index: index, column: column)
                }
            }
        }

        /// A warning for each label written on one side only.
        var warnings: [Diagnostic] {
            order.compactMap { label in
                if label.hasPrefix(" "), let mark = spaced[String(label.dropFirst())] {
                    let joined = mark.written.split(whereSeparator: \.isWhitespace).joined(separator: "-")
                    return .warning(
                        "footnote '\(mark.written)' has a space in its label, so it is not read as a footnote", at: at(mark.index, column: mark.column),
                        hint: "write the label without spaces, here and at its note: \(joined)", sourceLine: mark.line, code: "footnote-unmatched")
                }
                if let reference = references[label], notes[label] == nil {
                    return .warning(
                        "footnote '\(reference.written)' has no note, so it is shown as typed", at: at(reference.index, column: reference.column),
                        hint: "write its note on a line of its own after the paragraph: \(reference.written): 출처는 …", sourceLine: reference.line,
                        code: "footnote-unmatched")
                }
                if let note = notes[label], references[label] == nil {
                    return .warning(
                        "note '\(note.written)' is referred to nowhere, so no page shows it", at: at(note.index, column: note.column),
                        hint: "write \(note.written) after the words it is about, or delete the note", sourceLine: note.line, code: "footnote-unmatched")
                }
                return nil
            }
        }
    }

    /// `line` with its inline code spans blanked (each scalar a space: columns count scalars),
    /// so marks inside them are not read. Read in bytes: a line's characters were a twentieth
    /// of these checks on long lines.
    static func withoutCodeSpans(_ line: String) -> String {
        guard line.utf8.contains(0x60) else { return line }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.utf8.count)
        var inSpan = false
        for byte in line.utf8 {
            if byte == 0x60 { inSpan.toggle() }
            if inSpan || byte == 0x60 {
                // A scalar's continuation bytes (10xxxxxx) are part of the space written for its lead byte.
                if byte & 0xC0 != 0x80 { bytes.append(0x20) }
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

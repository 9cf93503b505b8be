import GazetteModel

/// A journal file split at its `---` fences: the YAML between them and the Markdown after.
struct FrontMatter {
    /// The YAML text (may be empty); its first line is line 2 of the file.
    var yaml: String
    var body: String
    /// File line where the body starts.
    var bodyStartLine: Int

    /// Splits `text` (LF line endings). The file must open with a `---` line; the front matter
    /// ends at the next line that is `---` or `...`.
    static func split(_ text: String, path: String) -> Result<FrontMatter, Diagnostic> {
        // Lines up to the closing fence only: the body is not split here.
        var lines: [Substring] = []
        var start = text.startIndex
        var close: Int?
        while close == nil {
            let newline = text.nextLF(from: start)
            let line = text[start..<(newline ?? text.endIndex)]
            if lines.count > 0, isFence(String(line)) || line.trimmingTrailingSpaces() == "..." { close = lines.count }
            lines.append(line)
            guard let newline, lines.count > 1 || isFence(String(line)) else { break }
            start = text.utf8.index(after: newline)
        }
        let first = lines.first.map { String($0) } ?? ""
        guard isFence(first) else {
            // Smart punctuation (macOS, word processors) turns '---' into one long dash.
            let dashes: Set<Character> = ["—", "–", "―", "−", "ー", "ㅡ", "－", "-"]
            let trimmed = first.trimmingCharacters(in: .whitespaces)
            let hint =
                if trimmed == "+++" {
                    "this front matter is TOML, as Hugo and Zola write it; Gazette reads YAML: write '---' for each '+++', and each 'key = value' as 'key: value' (title: \"금리 메모\", tags: [economy])"
                } else if trimmed == "---" {
                    "the '---' is indented: write it at the start of the line, as the line closing the front matter"
                } else if trimmed.isEmpty, let fence = Self.fenceAfterBlankLines(text) {
                    "the file starts with \(fence == 2 ? "a blank line" : "\(fence - 1) blank lines") before the '---' of line \(fence): delete \(fence == 2 ? "it" : "them"), so that '---' is the first line"
                } else if !trimmed.isEmpty && trimmed.allSatisfy({ $0 == "－" || $0 == "ー" || $0 == "ㅡ" }) {
                    // Typed with a Korean or Japanese input method on: full-width hyphens (U+FF0D),
                    // a long-vowel mark, the vowel ㅡ.
                    "the first line is '\(trimmed)', typed with the input method on ('\(trimmed.first ?? "－")' is not a hyphen): write '---' in English mode on the first line and on the line closing the front matter"
                } else if !trimmed.isEmpty && trimmed.allSatisfy(dashes.contains) && trimmed != "---" {
                    "the first line is '\(trimmed)', not three hyphens (an editor's smart punctuation may have joined them): write '---' on the first line and on the line closing the front matter"
                } else {
                    "make the first line '---', then 'title: …', then a closing '---'"
                }
            return .failure(
                .error("a journal must start with front matter", at: SourceLocation(path: path, line: 1, column: 1), hint: hint, sourceLine: first))
        }
        guard let close else {
            return .failure(
                .error(
                    "the front matter opened here is never closed", at: SourceLocation(path: path, line: 1, column: 1),
                    hint: "add a line '---' after the last front-matter key", sourceLine: first))
        }
        // The lines are slices of `text`, so the parts are slices too (no joining).
        let yaml = close > 1 ? String(text[lines[1].startIndex..<lines[close - 1].endIndex]) : ""
        let body = lines[close].endIndex < text.endIndex ? String(text[text.utf8.index(after: lines[close].endIndex)...]) : ""
        return .success(FrontMatter(yaml: yaml, body: body, bodyStartLine: close + 2))
    }

    private static func isFence(_ line: String) -> Bool { line.trimmingTrailingSpaces() == "---" }

    /// The line (1-based) of a `---` that only blank lines come before, among a file's first
    /// ten: front matter the member opened after an empty line.
    private static func fenceAfterBlankLines(_ text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", maxSplits: 10, omittingEmptySubsequences: false).prefix(10).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" { return index > 0 ? index + 1 : nil }
            if !trimmed.isEmpty { return nil }
        }
        return nil
    }
}

extension StringProtocol {
    func trimmingTrailingSpaces() -> String {
        var text = String(self)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

import Content
import Foundation
import GazetteModel

/// A journal begun in an editor rather than by `gazette new`: a file under `content/journals/`
/// that is empty, or holds text without front matter. What it is given is what `gazette new`
/// writes — the title, the member writing, the moment, and for an empty file the group's
/// prompts — with `article:` and `tags: []` left for the member to fill in.
public enum JournalStart {
    /// The edit that begins the journal: its first `replacedLines` lines (a `# 제목` line, and the
    /// blank lines after it, whose heading became the title) are replaced by `text`.
    public struct Edit: Equatable, Sendable {
        public var text: String
        public var replacedLines: Int
    }

    /// The beginning of the journal at site-relative `path` whose file holds `text` (no front
    /// matter), created at `created` by `author` (a member's key, nil for none).
    public static func edit(
        path: String, text: String, author: String?, created: Date, config: SiteConfig, siteRoot: URL
    ) -> Edit {
        // Lines without the `\r` of a file written on Windows.
        let lines = text.lfLines().map { $0.unicodeScalars.last == "\r" ? Substring($0.unicodeScalars.dropLast()) : $0 }
        var first = lines.firstIndex { !$0.allSatisfy(\.isWhitespace) }
        var title = title(forFile: path)
        var replaced = 0
        if let begun = first, lines[begun].trimmingCharacters(in: .whitespaces).wholeMatch(of: /[-—–]{1,3}/) != nil {
            // `-`, `--` or `---`: the front matter's `---` being typed, which the beginning replaces.
            replaced = begun + 1
            first = lines.dropFirst(replaced).firstIndex { !$0.allSatisfy(\.isWhitespace) }
        }
        if let first, let heading = lines[first].firstMatch(of: /^\s{0,3}#[ \t]+(.+?)[ \t#]*$/)?.1 {
            // The heading the member typed first is the title: the page shows it above the body.
            title = heading.trimmingCharacters(in: .whitespacesAndNewlines)
            replaced = first + 1
            while replaced < lines.count, lines[replaced].allSatisfy(\.isWhitespace) { replaced += 1 }
        }
        let stamp = ISO8601.minute(created, in: config.timeZone)
        var start = NewJournal.frontMatter(title: title, article: nil, tags: [], author: author, created: stamp, prompting: true)
        if first == nil {
            start += JournalTemplate.body(siteRoot: siteRoot, config: config, title: title, article: nil, url: nil)
        }
        return Edit(text: start, replacedLines: first == nil ? lines.count : replaced)
    }

    /// A title from a file's name: without `.md` and a leading `YYYY-MM-DD-`, its `-` and `_` read
    /// as spaces (`2026-12-07-금리-인상.md` → `금리 인상`).
    public static func title(forFile path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if name.lowercased().hasSuffix(".md") { name.removeLast(3) }
        if let dated = name.firstMatch(of: /^\d{4}-\d{2}-\d{2}(?:-|$)/) { name = String(name[dated.range.upperBound...]) }
        return name.split { $0 == "-" || $0 == "_" || $0.isWhitespace }.joined(separator: " ")
    }
}

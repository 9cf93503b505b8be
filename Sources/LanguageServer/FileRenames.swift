import Content
import Foundation
import GazetteModel
import Markdown

/// Links kept leading somewhere when a journal's file is renamed or moved in the editor
/// (`workspace/willRenameFiles`, which editors send before they rename): a link to its page
/// (`../<slug>/`) takes the new slug, a link to its file (`2026-11-18-<slug>.md`) the new path,
/// relative to the file that links; the `#section` stays. Without it, the rename leaves every
/// such link dead, and only the next build says so.
extension Features {
    /// A journal file renamed or moved, site-relative.
    struct Move {
        var from: String
        var to: String
    }

    func linksAfterMoving(_ moves: [Move]) -> WorkspaceEdit {
        let moves = moves.filter { Workspace.isJournal($0.from) && Workspace.isJournal($0.to) && $0.from != $0.to }
        let bySlug = Dictionary(moves.map { (SitePaths.journalSlug(forFile: $0.from), $0) }) { first, _ in first }
        guard !bySlug.isEmpty else { return WorkspaceEdit(changes: [:]) }
        var changes: [String: [TextEdit]] = [:]
        for link in journalLinks(to: { bySlug[$0] != nil }) {
            guard let move = bySlug[link.slug] else { continue }
            // Where the linking file will be: it may be among those moved.
            let home = moves.first { $0.from == link.path }?.to ?? link.path
            let rewritten = Self.rewritten(link.raw, oldSlug: link.slug, move: move, linkedFrom: home)
            guard rewritten != link.raw else { continue }
            changes[workspace.uri(of: link.path), default: []].append(TextEdit(range: link.range, newText: rewritten))
        }
        return WorkspaceEdit(changes: changes)
    }

    /// The destination as written after the `](` that follows byte column `column` (1-based) of
    /// `line`, and its byte offset there.
    static func destination(in line: Substring, from column: Int) -> (String, Int)? {
        let bytes = Array(line.utf8)
        var index = max(0, column - 1)
        while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "]") && bytes[index + 1] == UInt8(ascii: "(")) { index += 1 }
        guard index + 1 < bytes.count else { return nil }
        let start = index + 2
        var end = start
        while end < bytes.count, ![UInt8(ascii: ")"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), start)
    }

    /// `raw`, a link to the journal `oldSlug`, leading to it after `move`, from the file `home`.
    static func rewritten(_ raw: String, oldSlug: String, move: Move, linkedFrom home: String) -> String {
        let cut = raw.firstIndex { $0 == "#" || $0 == "?" } ?? raw.endIndex
        let path = raw[..<cut], rest = raw[cut...]
        let encoded = path.contains("%")
        func written(_ text: String) -> String {
            encoded ? SitePaths.encode(text) : text.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "(", with: "%28").replacingOccurrences(of: ")", with: "%29")
        }
        if SitePaths.journalFileLink(raw) != nil {
            return written(relativePath(from: (home as NSString).deletingLastPathComponent, to: move.to)) + rest
        }
        // A page: the segment that names the old slug takes the new one.
        let newSlug = SitePaths.journalSlug(forFile: move.to)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            (String(segment).removingPercentEncoding ?? String(segment)) == oldSlug ? written(newSlug) : String(segment)
        }
        return segments.joined(separator: "/") + rest
    }

    /// `to` relative to the folder `from` (both site-relative).
    static func relativePath(from folder: String, to path: String) -> String {
        let base = folder.split(separator: "/"), target = path.split(separator: "/")
        var shared = 0
        while shared < base.count, shared < target.count - 1, base[shared] == target[shared] { shared += 1 }
        return (Array(repeating: "..", count: base.count - shared) + target[shared...].map(String.init)).joined(separator: "/")
    }
}

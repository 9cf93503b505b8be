import Content
import Foundation
import GazetteModel

/// A picture a journal names by another site's address (`remote-picture`), which pages never
/// load: the quick fix downloads it (`RemotePicture`), saves it beside the journal under the
/// name its address gives with the extension its bytes call for, and only then writes it into
/// the journal as the file's name (`workspace/applyEdit`), so a failed download changes
/// nothing. The command's arguments come from the editor, so each is checked again.
enum PictureDownload {
    /// Why `target` (site-relative, from the editor) is no place to save a picture, or nil.
    static func problem(target: String) -> String? {
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        guard target.hasPrefix(JournalLoader.folder + "/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
            let name = parts.last, !name.hasPrefix("."), JournalPictures.extensions.contains((String(name) as NSString).pathExtension.lowercased())
        else { return "a picture is saved only into \(JournalLoader.folder)/, under a picture's name" }
        return nil
    }

    /// Saves `data`, a picture of `kind`, at `target` with the extension `kind` has: where a
    /// file of that name holds another picture, under `name-2`, `name-3`…; where it holds this
    /// one, nothing is written. Written to a temporary file, then linked in under its name,
    /// which never replaces a file that appeared meanwhile. The site-relative path it is at.
    static func save(_ data: Data, kind: PictureKind, at target: String, root: URL) -> Result<String, DiagnosticsError> {
        func failure(_ text: String) -> Result<String, DiagnosticsError> { .failure(DiagnosticsError([.error(text)])) }
        if let problem = problem(target: target) { return failure(problem) }
        guard let ext = kind.fileExtension else { return failure("not a picture") }
        let stem = (target as NSString).deletingPathExtension
        for number in 1...99 {
            let candidate = "\(stem)\(number == 1 ? "" : "-\(number)").\(ext)"
            let destination = root.appendingPathComponent(candidate)
            if let existing = FileManager.default.contents(atPath: destination.path) {
                if existing == data { return .success(candidate) }
                continue
            }
            let temporary = TemporaryFile.url(for: destination)
            do {
                try TemporaryFile.write(data, to: temporary, sync: true, shownAs: candidate, folder: destination.deletingLastPathComponent().path)
            } catch {
                return failure(error.description)
            }
            defer { unlink(temporary.path) }
            if link(temporary.path, destination.path) == 0 { return .success(candidate) }
            guard errno == EEXIST else { return failure("cannot write \(candidate): \(String(cString: strerror(errno)))") }
        }
        return failure("\(stem).\(ext) and 98 more names are taken")
    }

    /// The edit writing the picture of `url` on line `line` of `document` as `file` (its alt
    /// text kept), or nil when that line no longer holds it.
    static func edit(_ document: TextDocument, line: Int, url: String, file: String, encoding: PositionEncoding) -> TextEdit? {
        let lines = document.lines
        guard lines.indices.contains(line) else { return nil }
        let text = lines[line]
        guard let address = text.range(of: "](" + url) ?? text.range(of: "](<" + url), let open = text[..<address.lowerBound].range(of: "![", options: .backwards),
            let close = text[address.upperBound...].firstIndex(of: ")")
        else { return nil }
        let alt = text[open.upperBound..<address.lowerBound]
        let range = TextDocument.range(open.lowerBound..<text.index(after: close), onLine: line, of: lines, encoding: encoding)
        return TextEdit(range: range, newText: "![\(alt)](\(file.contains(" ") ? "<\(file)>" : file))")
    }
}

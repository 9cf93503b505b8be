import Content
import Foundation
import GazetteModel

/// A picture a journal names by a path on the member's own computer (`local-file`), copied
/// beside the journal by the quick fix that then writes it as Markdown. Offered only for a
/// picture this computer has; copied only into the journals' folder, never over another file.
/// The command's arguments come from the editor, so `copy` checks them all again.
struct PictureCopy: Equatable {
    /// The absolute path of the picture on this computer.
    let source: String
    /// Where it goes: beside the journal, site-relative.
    let target: String

    var name: String { (target as NSString).lastPathComponent }

    /// The largest picture copied (a phone's photo is a few MB).
    static let largest = 64 << 20

    /// The copy a `local-file` diagnostic's `message` (`picture '/Users/…/chart.png' is a file on
    /// this computer…`) of the journal at `journal` asks for, when the picture is here.
    init?(message: String, journal: String, root: URL) {
        let pieces = message.split(separator: "'", omittingEmptySubsequences: false)
        guard pieces.count >= 3, pieces[0] == "picture " else { return nil }
        let written = String(pieces[1])
        guard let name = LocalFilePath.fileName(of: written),
            let source = LocalFilePath.pathOnThisComputer(written, home: NSHomeDirectory())
        else { return nil }
        let folder = (journal as NSString).deletingLastPathComponent
        self.init(source: source, target: folder + "/" + name)
        guard Self.problem(source: source, target: target, root: root) == nil else { return nil }
    }

    init(source: String, target: String) {
        (self.source, self.target) = (source, target)
    }

    /// Why `source` cannot be copied to `target` in the site at `root`, or nil when it can. A
    /// file already at `target` with the same bytes is no problem: there is nothing to copy.
    static func problem(source: String, target: String, root: URL) -> String? {
        let name = (target as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension.lowercased()
        guard source.hasPrefix("/"), JournalPictures.extensions.contains(ext), !name.hasPrefix("."),
            JournalPictures.extensions.contains((source as NSString).pathExtension.lowercased())
        else {
            return "only a picture (\(JournalPictures.extensions.sorted().joined(separator: ", "))) at an absolute path is copied"
        }
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        guard target.hasPrefix(JournalLoader.folder + "/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            return "a picture is copied only into \(JournalLoader.folder)/"
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: source),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return "there is no picture at \(source)" }
        guard let size = attributes[.size] as? Int, size <= largest else { return "\(source) is larger than \(largest >> 20) MB" }
        let destination = root.appendingPathComponent(target).path
        if FileManager.default.fileExists(atPath: destination), !FileManager.default.contentsEqual(atPath: source, andPath: destination) {
            return "\(target) is there already, and is another picture: rename one of them"
        }
        return nil
    }

    /// Copies the picture: to a temporary file beside the target, then linked in under its name,
    /// which fails rather than replace a file that appeared meanwhile. Nil when done (or when the
    /// same picture was there already), else what went wrong.
    static func copy(source: String, target: String, root: URL) -> String? {
        if let problem = problem(source: source, target: target, root: root) { return problem }
        let destination = root.appendingPathComponent(target)
        if FileManager.default.fileExists(atPath: destination.path) { return nil }
        guard let data = FileManager.default.contents(atPath: source) else { return "cannot read \(source)" }
        let temporary = TemporaryFile.url(for: destination)
        do {
            try TemporaryFile.write(data, to: temporary, sync: true, shownAs: target, folder: destination.deletingLastPathComponent().path)
        } catch {
            return error.description
        }
        defer { unlink(temporary.path) }
        guard link(temporary.path, destination.path) == 0 else {
            return errno == EEXIST ? "\(target) appeared meanwhile: nothing was copied" : "cannot write \(target): \(String(cString: strerror(errno)))"
        }
        return nil
    }
}

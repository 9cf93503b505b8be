import Content
import Foundation
import GazetteModel

/// A picture file named for another kind than it holds (`misnamed-picture`: an iPhone's HEIC
/// renamed `.jpg`, an SVG named `.png`), renamed by the quick fix that then writes the new name
/// in the journal. Only within the site's pictures' folders, in the same folder, to a name
/// whose extension says what the file holds, never over another file. The command's arguments
/// come from the editor, so `rename` checks them all again, the file's bytes included.
struct PictureRename: Equatable {
    /// The file and its new name, site-relative.
    let source: String
    let target: String
    /// The address as the journal writes it (`IMG_0004.jpg`), and the picture it writes instead
    /// (`![현장](IMG_0004.heic)`).
    let written: String
    let picture: String

    /// The rename a `misnamed-picture` diagnostic's `message` (`picture 'IMG_0004.jpg' is a
    /// HEIC picture named .jpg, … — rename the file to content/journals/IMG_0004.heic and …`)
    /// asks for.
    init?(message: String, root: URL) {
        let pieces = message.split(separator: "'", omittingEmptySubsequences: false)
        guard pieces.count >= 3, pieces[0] == "picture ",
            let fix = message.firstMatch(of: /rename the file to (.+?) and write '(!\[.*\]\(.*\))'/)
        else { return nil }
        let written = String(pieces[1])
        let target = String(fix.1)
        let source = (target as NSString).deletingPathExtension + "." + (written as NSString).pathExtension
        (self.source, self.target, self.written, self.picture) = (source, target, written, String(fix.2))
        guard Self.problem(source: source, target: target, root: root) == nil else { return nil }
    }

    var name: String { (target as NSString).lastPathComponent }

    /// Why `source` cannot be renamed `target` in the site at `root`, or nil when it can.
    static func problem(source: String, target: String, root: URL) -> String? {
        for path in [source, target] {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard path.hasPrefix(JournalLoader.folder + "/") || path.hasPrefix(SiteLayout.statics + "/"),
                !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.hasPrefix(".") })
            else { return "a picture is renamed only within \(JournalLoader.folder)/ and \(SiteLayout.statics)/" }
        }
        guard (source as NSString).deletingLastPathComponent == (target as NSString).deletingLastPathComponent else {
            return "a picture is renamed only within its folder"
        }
        let url = root.appendingPathComponent(source)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path), attributes[.type] as? FileAttributeType == .typeRegular,
            SiteBoundary(siteRoot: root).escape(of: url.path) == nil
        else { return "there is no picture at \(source)" }
        let kind = PictureKind.of(JournalPictures.header(of: url))
        guard kind.mismatch(named: (source as NSString).pathExtension.lowercased()) == .misnamed(kind),
            let ext = kind.fileExtension, (target as NSString).pathExtension.lowercased() == ext
        else { return "\(source) is not a picture named for another kind than it holds" }
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path) {
            return "\(target) is there already: rename one of them"
        }
        return nil
    }

    /// Renames the file: linked under its new name, which fails rather than replace a file that
    /// appeared meanwhile, then unlinked from the old. Nil when done, else what went wrong.
    static func rename(source: String, target: String, root: URL) -> String? {
        if let problem = problem(source: source, target: target, root: root) { return problem }
        let from = root.appendingPathComponent(source).path, to = root.appendingPathComponent(target).path
        guard link(from, to) == 0 else {
            return errno == EEXIST ? "\(target) appeared meanwhile: nothing was renamed" : "cannot rename \(source): \(String(cString: strerror(errno)))"
        }
        unlink(from)
        return nil
    }
}

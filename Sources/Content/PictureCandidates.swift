import Foundation
import GazetteModel

/// The pictures a journal may show, as its body would name them: what `gazette lsp` offers after
/// `![…](`. The files beside the journal and in folders below it, by their path from its folder
/// (`chart.png`, `pics/green.webp`), then those of `static/` by their root path
/// (`/images/logo.png`); each newest first, since the picture just saved is the one wanted.
public struct PictureCandidate: Sendable {
    /// What the body writes: the address, in `<>` when it holds a space or a parenthesis.
    public var address: String
    /// The file, site-relative.
    public var file: String
    /// Whether it is a file of `static/`, shared by every journal.
    public var shared: Bool
    public var modified: Date?
    /// The size a page shows it at (`PictureSize`), when its header says.
    public var size: (width: Int, height: Int)?
}

extension JournalPictures {
    /// The candidates for the journal at `journalPath` (site-relative), at most `limit` of each
    /// kind; hidden files and folders, and links out of the site, are left out.
    public static func candidates(forJournalAt journalPath: String, siteRoot: URL, limit: Int = 300) -> [PictureCandidate] {
        let boundary = SiteBoundary(siteRoot: siteRoot)
        let folder = (journalPath as NSString).deletingLastPathComponent
        func walk(_ base: String, address: (String) -> String, shared: Bool) -> [PictureCandidate] {
            let baseURL = siteRoot.appendingPathComponent(base)
            guard
                let walker = FileManager.default.enumerator(
                    at: baseURL, includingPropertiesForKeys: [.contentModificationDateKey, .isRegularFileKey], options: [.skipsHiddenFiles])
            else { return [] }
            var found: [PictureCandidate] = []
            var seen = 0
            for case let url as URL in walker {
                seen += 1
                // A folder of thousands of files (a month of journals) is not walked to its end.
                if seen > 20 * limit { break }
                guard extensions.contains(url.pathExtension.lowercased()), boundary.escape(of: url.path) == nil,
                    let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .isRegularFileKey]), values.isRegularFile == true
                else { continue }
                let relative = String(url.path.dropFirst(baseURL.path.count + 1)).precomposedStringWithCanonicalMapping
                let written = escapingNameMarks(address(relative))
                found.append(
                    PictureCandidate(
                        address: written.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) ? "<\(written)>" : written,
                        file: base + "/" + relative, shared: shared, modified: values.contentModificationDate,
                        size: size(of: url)))
                if found.count == limit { break }
            }
            return found.sorted { ($0.modified ?? .distantPast, $1.address) > ($1.modified ?? .distantPast, $0.address) }
        }
        return walk(folder, address: { $0 }, shared: false) + walk(SiteLayout.statics, address: { "/" + $0 }, shared: true)
    }
}

import Foundation
import GazetteModel
import Markdown

/// A picture a journal shows that is the site's own: a file beside the journal (`![그래프](green.png)`
/// with `green.png` next to the `.md`, or in a folder below it), published beside the journal's
/// page so the address as written works there; or a file of `static/` named by a root path
/// (`![차트](/images/chart.png)`), which pages write relative to themselves so it works under any
/// `base_url`.
public struct JournalPicture: Sendable, Hashable {
    /// The file, site-relative: `content/journals/2026-11/green.png`, `static/images/chart.png`.
    public var file: String
    /// Where a build writes it, output-relative (`journals/<slug>/green.png`); nil for a file of
    /// `static/`, which is published as it is.
    public var published: String?
    /// The address as written in the body.
    public var destination: String
    /// The pixel size its header declares (nil for SVG): the page's `width` and `height`.
    public var width: Int?
    public var height: Int?
    /// Its alt text, for packets and checks.
    public var alt: String

    /// The widths a page also offers it at (`srcset`), as WebP beside it: 760 and 1,520 pixels
    /// (the journal column at 1× and 2×), those narrower than the picture. None for a picture of
    /// `static/` (published as it is), an SVG, a GIF (which may move) or one of unknown size.
    public var variantWidths: [Int] {
        guard published != nil, let width, ["png", "jpg", "jpeg", "webp", "heic", "heif"].contains((file as NSString).pathExtension.lowercased()) else { return [] }
        return JournalPicture.columnWidths.filter { $0 < width }
    }

    /// Whether browsers cannot all show the file (a phone's HEIC: only Safari can), so a build
    /// publishes it as an upright JPEG (`output`) and the page names that instead.
    public var isConverted: Bool { JournalPictures.converted.contains((file as NSString).pathExtension.lowercased()) }

    /// What a build writes: `published`, or for a converted picture the JPEG beside it
    /// (`journals/x/IMG_0001.HEIC.jpg`). Nil for a file of `static/`.
    public var output: String? { published.map { isConverted ? $0 + ".jpg" : $0 } }

    public static let columnWidths = [760, 1520]

    /// Where the variant `width` pixels wide is published: `journals/x/green-760w.webp`.
    public func variantPath(_ width: Int) -> String? {
        guard let published else { return nil }
        return (published as NSString).deletingPathExtension + "-\(width)w.webp"
    }
}

/// Finds every picture of the site's own in journals' bodies, with an error at the picture for
/// one that names no file: a page never shows a broken image.
public enum JournalPictures {
    /// The file name extensions of pictures a page can show (lower case).
    public static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "svg", "avif", "heic", "heif"]
    /// The kinds a build converts to JPEG: HEIF, which a phone saves and only Safari shows.
    static let converted: Set<String> = ["heic", "heif"]

    /// Each journal's pictures (only journals that have some), and the errors.
    static func find(
        _ journals: [Journal], siteRoot: URL, markdown: (Journal) -> String, memo: ContentMemo? = nil
    ) -> ([ObjectIdentifier: [JournalPicture]], [Diagnostic]) {
        let boundary = SiteBoundary(siteRoot: siteRoot)
        // Most bodies have no picture: a byte search (remembered by the body at its place)
        // spares parsing them.
        let marks = memo?.mayShowPictures(journals) { mayShowPictures(markdown($0)) }
        // Only the journals that may show one are handed out (on a save, the few with `![`).
        let candidates = journals.indices.filter { !journals[$0].isBookmark && marks?[$0] ?? true }
        let found = candidates.concurrentMap { index -> ([JournalPicture], [Diagnostic]) in
            let journal = journals[index]
            guard marks != nil || mayShowPictures(markdown(journal)) else { return ([], []) }
            return pictures(of: journal, body: markdown(journal), siteRoot: siteRoot, boundary: boundary)
        }
        var byJournal: [ObjectIdentifier: [JournalPicture]] = [:]
        var diagnostics: [Diagnostic] = []
        for (index, (pictures, problems)) in zip(candidates, found) {
            if !pictures.isEmpty { byJournal[journals[index].identity] = pictures }
            diagnostics += problems
        }
        return (byJournal, diagnostics)
    }

    /// Whether `body` has `![`, which every Markdown picture begins with.
    static func mayShowPictures(_ body: String) -> Bool {
        var text = body
        return text.withUTF8 { UTF8Search.firstOffset(of: [0x21, 0x5B], in: $0) != nil }
    }

    /// One journal's pictures and the errors of those that name no file (`gazette lsp` asks for
    /// the journal being edited).
    public static func pictures(of journal: Journal, body: String, siteRoot: URL) -> ([JournalPicture], [Diagnostic]) {
        pictures(of: journal, body: body, siteRoot: siteRoot, boundary: SiteBoundary(siteRoot: siteRoot))
    }

    static func pictures(of journal: Journal, body: String, siteRoot: URL, boundary: SiteBoundary) -> ([JournalPicture], [Diagnostic]) {
        let lines = body.lfLines()
        let folder = (journal.path as NSString).deletingLastPathComponent
        var pictures: [JournalPicture] = []
        var problems: [Diagnostic] = []
        for link in MarkdownDocument(body).links() where link.isImage {
            let written = link.destination.trimmingCharacters(in: .whitespaces)
            guard !written.isEmpty, !written.hasPrefix("#"), !written.hasPrefix("//"), URLComponents(string: written)?.scheme == nil else { continue }
            let bodyLine = max(1, link.line)
            let shown = bodyLine <= lines.count ? String(lines[bodyLine - 1]) : nil
            // cmark counts columns in bytes; diagnostics count characters (Unicode scalars).
            let column = shown?.scalarColumn(ofByteColumn: link.column) ?? 1
            let at = SourceLocation(path: journal.path, line: journal.bodyStartLine + bodyLine - 1, column: column)
            let path = String(written.prefix { $0 != "#" && $0 != "?" })
            let decoded = path.removingPercentEncoding ?? path
            var file: String
            var published: String?
            if let name = LocalFilePath.fileName(of: decoded),
                !decoded.hasPrefix("/") || !FileManager.default.fileExists(atPath: siteRoot.appendingPathComponent(SiteLayout.statics + decoded).path)
            {
                // `/Users/me/Desktop/chart.png`, `~/Pictures/x.jpg`: a path on the member's own
                // computer (unless the site's static/ really has it).
                problems.append(
                    .error(
                        "picture '\(written)' is a file on this computer, which no page can show", at: at,
                        hint: LocalFilePath.hint(name: name, text: link.text, isPicture: true, folder: folder), sourceLine: shown, code: "local-file"))
                continue
            }
            if decoded.hasPrefix("/") {
                file = SiteLayout.statics + decoded
                guard let normal = normalized(file), normal.hasPrefix(SiteLayout.statics + "/") else {
                    problems.append(.error("picture '\(written)' leads out of static/", at: at, sourceLine: shown))
                    continue
                }
                file = normal
            } else {
                guard let normal = normalized(folder + "/" + decoded), normal.hasPrefix(folder + "/") else {
                    problems.append(
                        .error(
                            "picture '\(written)' is not beside the journal", at: at,
                            hint: "keep a journal's pictures in its folder or one below it; for a picture many journals share, put it in static/ and write /images/name.png",
                            sourceLine: shown))
                    continue
                }
                file = normal
                published = SitePaths.journal(journal.slug) + normal.dropFirst(folder.count + 1)
            }
            // A name saved in decomposed Hangul (macOS, some zip tools) is the same name typed
            // here: the file is found by it, and published under the name as written.
            file = equivalentFile(file, siteRoot: siteRoot) ?? file
            let url = siteRoot.appendingPathComponent(file)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue,
                boundary.escape(of: url.path) == nil
            else {
                if path != written, let mark = written.first(where: { $0 == "#" || $0 == "?" }),
                    let whole = normalized((decoded.hasPrefix("/") ? SiteLayout.statics : folder + "/") + (written.removingPercentEncoding ?? written)),
                    FileManager.default.fileExists(atPath: siteRoot.appendingPathComponent(whole).path)
                {
                    // `chart#1.png`, `q?.png`: the file has the mark in its name, which an address
                    // reads as the start of a place in the page or of a query.
                    problems.append(
                        .error(
                            "picture '\(written)' has no file: in an address '\(mark)' ends the file's name, so it names \(file)", at: at,
                            hint: "did you mean '![\(link.text)](\(Self.escapingNameMarks(written)))'? (\(mark == "#" ? "%23" : "%3F") is '\(mark)' in an address) — or rename the file without '\(mark)'",
                            sourceLine: shown, code: "picture-address-mark"))
                    continue
                }
                problems.append(.error("picture '\(written.revealingInvisibles)' has no file: \(file.revealingInvisibles) is missing", at: at, hint: missingHint(file, written: written, siteRoot: siteRoot), sourceLine: shown))
                continue
            }
            let ext = (file as NSString).pathExtension.lowercased()
            guard extensions.contains(ext) else {
                problems.append(
                    .error(
                        "'\(written)' is not a picture a page can show (.\(ext))", at: at,
                        hint: "use PNG, JPEG, GIF, WebP, AVIF, HEIC or SVG; link other files with [text](\(written))", sourceLine: shown))
                continue
            }
            let header = header(of: url)
            if let mismatch = PictureKind.of(header).mismatch(named: ext) {
                problems.append(kindProblem(mismatch, written: written, path: path, file: file, alt: link.text, at: at, sourceLine: shown))
                continue
            }
            let size = PictureSize.read(Data(header))
            pictures.append(
                JournalPicture(file: file, published: published, destination: written, width: size?.width, height: size?.height, alt: link.text))
        }
        return (pictures, problems)
    }

    /// The size the picture at `url` is shown at (`PictureSize`), from its header only: every
    /// load (each `serve` save) reads it, never the whole file.
    static func size(of url: URL) -> (width: Int, height: Int)? {
        PictureSize.read(Data(header(of: url)))
    }

    /// The first bytes of the file at `url` (`PictureSize.headerBytes`), which say its kind and
    /// size.
    public static func header(of url: URL) -> [UInt8] {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: PictureSize.headerBytes)).flatMap { $0 }.map { [UInt8]($0) } ?? []
    }

    /// The error for a picture whose file a page would show broken: `photo.jpg` holding a web
    /// page saved in its place, or an iPhone's HEIC renamed `.jpg`.
    static func kindProblem(
        _ mismatch: PictureMismatch, written: String, path: String, file: String, alt: String, at: SourceLocation, sourceLine: String?
    ) -> Diagnostic {
        switch mismatch {
        case .notAPicture(.empty):
            return .error(
                "picture '\(written)' is an empty file, which no page can show", at: at,
                hint: "save the picture again as \(file)", sourceLine: sourceLine, code: "not-a-picture")
        case .notAPicture(let kind):
            let hint =
                kind == .other("a web page (HTML)")
                ? "a web page was saved in the picture's place: open the picture on its own (Open Image in New Tab), then save it as \(file)"
                : "save the picture itself as \(file): PNG, JPEG, GIF, WebP, AVIF, HEIC or SVG"
            return .error("picture '\(written)' is not a picture: \(file) holds \(kind.name)", at: at, hint: hint, sourceLine: sourceLine, code: "not-a-picture")
        case .misnamed(let kind):
            let ext = (file as NSString).pathExtension
            let renamed = (file as NSString).deletingPathExtension + "." + (kind.fileExtension ?? ext)
            let address = (path as NSString).deletingPathExtension + "." + (kind.fileExtension ?? ext)
            let shows = kind == .heif ? "which only Safari shows" : "which browsers do not show"
            let also = kind == .heif ? ": a build publishes a HEIC picture as a JPEG every browser shows" : ""
            return .error(
                "picture '\(written)' is \(kind.described) named .\(ext), \(shows)", at: at,
                hint: "rename the file to \(renamed) and write '![\(alt)](\(address))'\(also)", sourceLine: sourceLine, code: "misnamed-picture")
        }
    }

    /// The file of its folder whose name is `file`'s in another Unicode normalization
    /// (`그래프.png` typed, composed, and saved decomposed, as macOS writes names), when `file`
    /// itself is not there; nil otherwise. Only names the folder lists are returned.
    static func equivalentFile(_ file: String, siteRoot: URL) -> String? {
        guard !FileManager.default.fileExists(atPath: siteRoot.appendingPathComponent(file).path) else { return nil }
        let folder = (file as NSString).deletingLastPathComponent, name = (file as NSString).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: siteRoot.appendingPathComponent(folder).path)) ?? []
        // Swift compares strings by canonical equivalence; the file system compares bytes.
        guard let found = names.first(where: { $0 == name && Array($0.utf8) != Array(name.utf8) }) else { return nil }
        return folder.isEmpty ? found : folder + "/" + found
    }

    /// `path` with `.` and `..` resolved, or nil if it climbs above its start.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for piece in path.split(separator: "/") {
            if piece == "." { continue }
            if piece == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(piece)
            }
        }
        return parts.joined(separator: "/")
    }

    /// "pictures there: chart.png, green.PNG" or how to add one.
    /// A file's name as an address writes it: `#` and `?`, which would end the name there, as
    /// their escapes (`chart#1.png` → `chart%231.png`).
    static func escapingNameMarks(_ name: String) -> String {
        name.replacingOccurrences(of: "#", with: "%23").replacingOccurrences(of: "?", with: "%3F")
    }

    static func missingHint(_ file: String, written: String, siteRoot: URL) -> String {
        // `images\chart.png`, as Windows writes paths: here a file name with a backslash in it.
        if written.contains("\\") {
            let slashed = file.replacingOccurrences(of: "\\", with: "/")
            let found = FileManager.default.fileExists(atPath: siteRoot.appendingPathComponent(slashed).path)
            return "folders are separated by '/', not '\\': write \(written.replacingOccurrences(of: "\\", with: "/"))"
                + (found ? "" : ", and save the picture as \(slashed)")
        }
        let folder = (file as NSString).deletingLastPathComponent
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: siteRoot.appendingPathComponent(folder).path)) ?? [])
            .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        let name = (file as NSString).lastPathComponent
        // A character that shows as nothing, copied along into the name (`chart​.png`).
        if let note = name.invisiblesNote, names.contains(name.withoutInvisibles) { return "did you mean '\(name.withoutInvisibles)'? \(note)" }
        if let close = Suggest.closest(to: name, in: names) { return "did you mean '\(close)'? (names are case-sensitive)" }
        let place = file.hasPrefix(SiteLayout.statics + "/") ? "" : ", beside the journal"
        return names.isEmpty
            ? "save the picture as \(file)\(place)"
            : "pictures in \(folder)/: \(names.prefix(8).joined(separator: ", "))"
    }
}

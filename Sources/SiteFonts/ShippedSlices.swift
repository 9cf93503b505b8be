import Foundation
import GazetteModel
import TextLayout

/// The fixed slices of the pinned fonts (`FontSlices.fixed`) as an installed Gazette ships them:
/// a fixed slice's bytes depend on the font file, the subsetter and the encoder alone, never on a
/// site, so they are cut when Gazette is installed (`gazette prepare-fonts`: `make build`, the
/// archive and the `.deb` run it) instead of in every clean build, where they were a tenth of the
/// processor time of 2,000 short journals. A build reads a slice from here under the name its
/// cache would give it (the face's file, its fingerprint, the characters, the quality), so a font
/// file other than the one they were cut from, or other characters, find nothing and are cut as
/// before. The folder's stamp names the subsetter's and Brotli's versions: after either changes,
/// the folder is not read.
public enum ShippedSlices {
    /// The folder's name for its stamp file.
    static let stampFile = "stamp"
    static let stamp = "gazette font slices; harfbuzz \(FontSubsetter.libraryVersion), brotli \(WOFF2.brotliVersion)\n"

    /// Where an installed Gazette keeps them: `GAZETTE_FONT_SLICES` when set; otherwise
    /// `share/gazette/font-slices` beside the folder of the running executable (`/usr/bin/gazette`
    /// reads `/usr/share/gazette/font-slices`; a build in `.build/release/`,
    /// `.build/<triple>/share/gazette/font-slices`, where `make build` cuts them) when it exists,
    /// else `font-slices` beside the executable (the release archive unpacked as it is).
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let named = environment["GAZETTE_FONT_SLICES"], !named.isEmpty { return URL(fileURLWithPath: named) }
        let installed = installFolder
        if FileManager.default.fileExists(atPath: installed.path) { return installed }
        return executableFolder.appendingPathComponent("font-slices", isDirectory: true)
    }

    /// `share/gazette/font-slices` beside the running executable's folder: where
    /// `gazette prepare-fonts` writes unless told otherwise.
    public static var installFolder: URL {
        executableFolder.deletingLastPathComponent().appendingPathComponent("share/gazette/font-slices", isDirectory: true)
    }

    private static var executableFolder: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Makes this process's builds read the slices in `defaultFolder()`, found and its stamp
    /// checked once, when the first slice is wanted: a command that cuts no font (`--version`,
    /// `check`, the language server) never looks for it, and a folder without the stamp of the
    /// libraries linked is not read.
    public static func useDefaultFolder() {
        state.withLock { $0 = .unresolved }
    }

    private enum State {
        /// No folder is read (tests, `gazette-bench`, `prepare` itself).
        case off
        case unresolved
        case checked(URL?)
    }

    private static let state = Locked<State>(.off)

    /// The folder to read, once its stamp is checked.
    static var folder: URL? {
        state.withLock { state in
            switch state {
            case .off:
                return nil
            case .checked(let folder):
                return folder
            case .unresolved:
                let usable = stamped(defaultFolder())
                state = .checked(usable)
                return usable
            }
        }
    }

    /// `folder` when its stamp is that of the libraries linked.
    private static func stamped(_ folder: URL) -> URL? {
        let written = try? String(contentsOf: folder.appendingPathComponent(stampFile), encoding: .utf8)
        return written == stamp ? folder : nil
    }

    /// How many slices builds in this process have read from the folder.
    public static var filesRead: Int { read.withLock { $0 } }
    private static let read = Locked(0)

    /// The bytes of the slice named `name` (a cache name), when the folder has them and they
    /// are `usable`.
    static func bytes(named name: String, usable: (Data) -> Bool) -> Data? {
        guard let folder, let data = try? Data(contentsOf: folder.appendingPathComponent("\(name).woff2")), usable(data) else { return nil }
        read.withLock { $0 += 1 }
        return data
    }

    /// Whether `name` is the name of a slice as `WebFonts.encoded` keeps it: a fingerprint
    /// (32 hexadecimal digits) and `.woff2`.
    static func isSliceName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[1] == "woff2" && parts[0].count == 32 && parts[0].allSatisfy(\.isHexDigit)
    }

    /// Cuts every fixed slice of every text face into `folder` (made if missing; files already
    /// there and readable are kept, slices of other keys removed) and stamps it: what `gazette
    /// prepare-fonts` does. Returns the files and bytes the folder holds.
    public static func prepare(into folder: URL) throws(WebFontError) -> (files: Int, bytes: Int) {
        // Cut from the fonts, never copied from another installation's folder.
        state.withLock { $0 = .off }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WebFontError(.unusableFont, .error("cannot make \(folder.path): \(error.localizedDescription)"))
        }
        var files = 0
        var bytes = 0
        var names: Set<String> = []
        for face in WebFonts.textFaces {
            let original = try WebFonts.source(face)
            let covered = Set(WebFonts.coverage(face, original))
            let cuts = FontSlices.fixed(face.cut).map { (name: $0.name, scalars: $0.scalars.filter(covered.contains).sorted()) }.filter { !$0.scalars.isEmpty }
            for slice in try WebFonts.slices(face, original, cuts, cache: folder) {
                files += 1
                bytes += slice.data.count
            }
            for cut in cuts {
                names.insert("\(WebFonts.cacheKey(face, original, cut.scalars, quality: WebFonts.quality(of: cut.name, face))).woff2")
            }
        }
        // Slices of an earlier Gazette (other keys) go: the folder holds what this one reads.
        // Only files named as slices are, so a folder given by mistake loses nothing else.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for entry in entries where !names.contains(entry) && isSliceName(entry) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(entry))
        }
        // The slices travel with their licence (`FontLicence`); the stamp goes last.
        for (file, text) in [(FontLicence.file, FontLicence.text(for: WebFonts.textFaces)), (stampFile, stamp)] {
            do {
                try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent(file))
            } catch {
                throw WebFontError(.unusableFont, .error("cannot write \(folder.path)/\(file): \(error.localizedDescription)"))
            }
        }
        return (files, bytes)
    }
}

import Foundation
import GazetteModel
import Typesetting

/// The font files a packet is set in: pinned files from Debian's fonts-nanum, never looked up by
/// name on the system, so a packet looks the same on every machine that builds it.
struct PacketFonts {
    static let folder = "/usr/share/fonts/truetype/nanum"

    /// Families `packet.font` and `packet.code_font` may name → (regular, bold) file names.
    static let families: [(name: String, regular: String, bold: String)] = [
        ("NanumGothic", "NanumGothic.ttf", "NanumGothicBold.ttf"),
        ("NanumMyeongjo", "NanumMyeongjo.ttf", "NanumMyeongjoBold.ttf"),
        ("NanumBarunGothic", "NanumBarunGothic.ttf", "NanumBarunGothicBold.ttf"),
        ("NanumSquare", "NanumSquareR.ttf", "NanumSquareB.ttf"),
        ("NanumSquareRound", "NanumSquareRoundR.ttf", "NanumSquareRoundB.ttf"),
        ("NanumGothicCoding", "NanumGothicCoding.ttf", "NanumGothicCodingBold.ttf"),
    ]

    /// Symbols the Nanum fonts lack (✓, ☐, arrows beyond the basic set) fall back to DejaVu Sans
    /// when fonts-dejavu-core is installed.
    static let fallback = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Emoji (🚀, 📈, 👍), in outline as print sets them, from Symbola when fonts-symbola is
    /// installed: pages draw them in colour from Noto Color Emoji, whose bitmaps a packet's text
    /// (`PDFText`, outlines only) cannot hold.
    static let emoji = "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"

    let files: [String]
    let textFamily: String
    let codeFamily: String

    init(text: String, code: String) throws {
        func pair(_ family: String, key: String) throws -> [String] {
            guard let entry = PacketFonts.families.first(where: { $0.name.lowercased() == family.lowercased() }) else {
                throw PacketError(
                    .unknownFont,
                    .error(
                        "packet.\(key) '\(family)' is not a font Gazette knows",
                        hint: "use one of \(PacketFonts.families.map(\.name).joined(separator: ", ")) in gazette.yml"))
            }
            return [entry.regular, entry.bold].map { PacketFonts.folder + "/" + $0 }
        }
        let textFiles = try pair(text, key: "font")
        let codeFiles = try pair(code, key: "code_font")
        for file in textFiles + codeFiles where !FileManager.default.fileExists(atPath: file) {
            throw PacketError(
                .missingFontFile, .error("the font file \(file) is missing", hint: "install it: apt-get install fonts-nanum fonts-nanum-coding"))
        }
        var files = textFiles
        for file in codeFiles where !files.contains(file) { files.append(file) }
        for fallback in [PacketFonts.fallback, PacketFonts.emoji] where FileManager.default.fileExists(atPath: fallback) { files.append(fallback) }
        self.files = files
        textFamily = PacketFonts.families.first { $0.name.lowercased() == text.lowercased() }?.name ?? text
        codeFamily = PacketFonts.families.first { $0.name.lowercased() == code.lowercased() }?.name ?? code
    }

    /// A Pango/fontconfig set of these files (one per thread of work).
    func load() throws -> PrintFonts { try PrintFonts(fontFiles: files) }
}

/// A packet could not be made: the module's one error type, a kind and the diagnostic the
/// command line prints (what is wrong, and what to do in its hint). What Typesetting refuses
/// while a packet is drawn arrives as a `.typesetting` PacketError carrying Typesetting's own
/// diagnostic, so callers catch one type.
public typealias PacketError = GazetteError<PacketErrorKind>

/// What kind of trouble a `PacketError` is.
public enum PacketErrorKind: Sendable, Equatable {
    /// `packet.font` or `packet.code_font` names a family Gazette does not know.
    case unknownFont
    /// A pinned font file is not installed.
    case missingFontFile
    /// The selection holds no journal with a body.
    case nothingSelected
    /// Pango, cairo or fontconfig refused (Typesetting's diagnostic).
    case typesetting
}

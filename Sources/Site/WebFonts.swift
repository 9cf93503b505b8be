import Foundation
import GazetteModel
import TextLayout

/// The fonts the web pages use, shipped as the exact files the build measures boards with: each
/// pinned system font is cut to the characters the site uses with harfbuzz-subset (hinting and
/// Visual TrueType source tables dropped, which Chromium's font sanitizer would reject), given a
/// fingerprinted name under `assets/fonts/`, and referenced from `@font-face` rules with
/// `font-display: block`, so text never shows in a fallback font that was not measured.
public struct WebFonts: Sendable {
    /// One face of a family.
    public struct Face: Sendable, Hashable {
        public var family: String
        public var weight: Int
        /// The pinned system file it is cut from.
        public var source: String
        /// What the board's layout engine calls it (the family and weight).
        public var key: String { "\(family) \(weight)" }
    }

    public static let fontFolder = "/usr/share/fonts/truetype"
    public static let sans = Face(family: "Gazette Sans", weight: 400, source: "\(fontFolder)/nanum/NanumGothic.ttf")
    public static let sansBold = Face(family: "Gazette Sans", weight: 700, source: "\(fontFolder)/nanum/NanumGothicBold.ttf")
    public static let mono = Face(family: "Gazette Mono", weight: 400, source: "\(fontFolder)/nanum/NanumGothicCoding.ttf")
    public static let emoji = Face(family: "Gazette Emoji", weight: 400, source: "\(fontFolder)/noto/NotoColorEmoji.ttf")
    public static let faces = [sans, sansBold, mono, emoji]

    /// A subset face ready to ship.
    public struct Subset: Sendable {
        public var face: Face
        public var data: Data
        /// `assets/fonts/gazette-sans-400.1a2b3c4d.ttf`
        public var path: String
    }

    public let subsets: [Subset]
    /// Faces loaded from the subset bytes, keyed by `Face.key`: what boards are measured with.
    public let engine: TextLayoutEngine

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Every face cleaned but keeping all its characters: what `gazette serve` ships, so that
    /// typing a new character does not change the fonts, the stylesheet and with them every page.
    /// Made once per process.
    public static func complete() throws(Failure) -> WebFonts {
        completeLock.lock()
        defer { completeLock.unlock() }
        if let made = completeFonts { return made }
        let made = try WebFonts(characters: nil)
        completeFonts = made
        return made
    }
    nonisolated(unsafe) private static var completeFonts: WebFonts?
    private static let completeLock = NSLock()

    /// Cuts every face down to `characters` (plus printable ASCII, so UI text and numbers are
    /// always there; nil keeps every character of each face) and loads the results for measuring.
    public init(characters: Set<Unicode.Scalar>?) throws(Failure) {
        var keep = characters ?? []
        for value in 0x20...0x7E { if let scalar = Unicode.Scalar(value) { keep.insert(scalar) } }
        keep.insert("…")
        var subsets: [Subset] = []
        var faces: [String: FontFace] = [:]
        for face in Self.faces {
            guard let original = FileManager.default.contents(atPath: face.source) else {
                throw Failure(
                    description:
                        "cannot read font file \(face.source) — install fonts-nanum, fonts-nanum-coding and fonts-noto-color-emoji (make deps does)")
            }
            let covered = FontSubsetter.coverage(original)
            let data: Data
            do {
                if characters == nil && face != Self.sans && face != Self.sansBold {
                    // Complete fonts (serve): Chromium's sanitizer accepts NanumGothicCoding and
                    // Noto Color Emoji as they are; re-encoding the 10 MB emoji font on every
                    // serve start would only cost time.
                    data = original
                } else {
                    data = try FontSubsetter.subset(original, keeping: characters == nil ? covered : keep.intersection(covered))
                }
            } catch {
                throw Failure(description: "subsetting \(face.source): \(error)")
            }
            let slug = face.family.lowercased().replacingOccurrences(of: " ", with: "-")
            // Complete fonts (serve) are 18 MB together: a 64-bit FNV-1a over 8-byte words names
            // them at a fraction of SHA-256's cost in a debug build; subsets are small.
            let fingerprint = characters == nil ? Self.quickFingerprint(data) : String(SHA256.hex(Array(data)).prefix(10))
            let path = "assets/fonts/\(slug)-\(face.weight).\(fingerprint).ttf"
            subsets.append(Subset(face: face, data: data, path: path))
            do {
                faces[face.key] = try FontFace(data: data, name: path)
            } catch {
                throw Failure(description: "\(path): \(error.description)")
            }
        }
        self.subsets = subsets
        engine = TextLayoutEngine(faces: faces)
    }

    /// FNV-1a (64-bit) over the bytes taken 8 at a time, as 16 hex digits.
    static func quickFingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { raw in
            let words = raw.count / 8
            for index in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
            }
            for index in words * 8..<raw.count { hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3 }
        }
        return String(hash, radix: 16).leftPadding(to: 16)
    }

    /// Total bytes of the shipped font files.
    public var totalBytes: Int { subsets.reduce(0) { $0 + $1.data.count } }

    /// Names the exact font bytes (their fingerprinted paths): measurements keyed by it are
    /// valid exactly as long as the fonts are the same.
    public var fingerprint: String { subsets.map(\.path).joined(separator: " ") }

    /// The files every page preloads: the sans faces, which every page's text and every card
    /// use. Requested before the stylesheet is parsed, they usually arrive before the first
    /// layout, so text is never laid out in a fallback first and then moved (layout shift).
    public var preloads: [String] {
        subsets.filter { $0.face.family == Self.sans.family }.map(\.path)
    }

    /// `@font-face` rules, with URLs relative to the stylesheet in `assets/`.
    /// The emoji face also names the installed Noto Color Emoji as a second source: Firefox
    /// rejects colour-bitmap (CBDT) web fonts and then takes the next source, the same font. Its
    /// `unicode-range` leaves out ASCII, which the emoji font also draws (keycap digits, `#`):
    /// with the sans faces blocked, text must fall back to a text font, not to emoji digits.
    public var fontFaceCSS: String {
        subsets.map { subset in
            let url = String(subset.path.dropFirst("assets/".count))
            var extra = ""
            if subset.face == Self.emoji {
                extra = ", local(\"Noto Color Emoji\"), local(\"NotoColorEmoji\"); unicode-range: \(Self.emojiRange)"
            }
            return "@font-face { font-family: \"\(subset.face.family)\"; font-style: normal; font-weight: \(subset.face.weight); "
                + "font-display: block; src: url(\"\(url)\") format(\"truetype\")\(extra); }"
        }.joined(separator: "\n")
    }

    /// Where emoji live: the emoji blocks, the older symbols that have emoji forms, and the
    /// joiners and selectors of emoji sequences. (Keycaps such as 1️⃣ start with an ASCII digit,
    /// which stays with the text font.)
    static let emojiRange = "U+A9, U+AE, U+200D, U+203C, U+2049, U+20E3, U+2122, U+2139, U+2194-21AA, U+231A-23FF, U+24C2, "
        + "U+25AA-27BF, U+2934-2935, U+2B05-2B55, U+3030, U+303D, U+3297, U+3299, U+FE0F, U+1F000-1FAFF, U+E0020-E007F"
}

extension String {
    fileprivate func leftPadding(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

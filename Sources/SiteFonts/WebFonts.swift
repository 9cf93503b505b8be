import Foundation
import GazetteModel
import TextLayout

/// The fonts the web pages use, shipped as the exact files the build measures boards with: each
/// pinned system font is cut into `unicode-range` slices (`FontSlices`) with harfbuzz-subset
/// (hinting and Visual TrueType source tables dropped, which Chromium's font sanitizer would
/// reject), each slice encoded as WOFF2 and given a fingerprinted name under `assets/fonts/`, and
/// referenced from `@font-face` rules with `font-display: block`, so text never shows in a
/// fallback font that was not measured. Only slices holding a character the site uses are
/// shipped; a browser downloads only those holding a character of the page it shows.
///
/// The engine measures with each slice decoded from its WOFF2 bytes, as a browser decodes them,
/// and shapes text slice by slice, as a browser does with `unicode-range` faces.
public struct WebFonts: Sendable {
    /// One face of a family.
    public struct Face: Sendable, Hashable {
        public var family: String
        public var weight: Int
        /// The pinned system file it is cut from.
        public var source: String
        /// What the board's layout engine calls it (the family and weight).
        public var key: String { "\(family) \(weight)" }
        /// How its slices are cut: the bold face sets titles and headings.
        var cut: FontSlices.Cut { family == "Gazette Mono" ? .code : weight >= 700 ? .headings : .text }
        /// `gazette-sans-400`
        var slug: String { "\(family.lowercased().replacingOccurrences(of: " ", with: "-"))-\(weight)" }
    }

    public static let fontFolder = "/usr/share/fonts/truetype"
    public static let sans = Face(family: "Gazette Sans", weight: 400, source: "\(fontFolder)/nanum/NanumGothic.ttf")
    public static let sansBold = Face(family: "Gazette Sans", weight: 700, source: "\(fontFolder)/nanum/NanumGothicBold.ttf")
    public static let mono = Face(family: "Gazette Mono", weight: 400, source: "\(fontFolder)/nanum/NanumGothicCoding.ttf")
    public static let emoji = Face(family: "Gazette Emoji", weight: 400, source: "\(fontFolder)/noto/NotoColorEmoji.ttf")
    public static let faces = [sans, sansBold, mono, emoji]
    /// The faces cut into slices; the emoji face ships as one file of the emoji the site uses.
    static let textFaces = [sans, sansBold, mono]

    /// One file to ship: a slice of a face (or, for `serve`, a whole face).
    public struct Slice: Sendable {
        public let face: Face
        /// `latin`, `h01`, `u4e00`…, `emoji`, or `all` (a whole face).
        public let name: String
        /// The characters the file maps, ascending: its `unicode-range`.
        public let scalars: [UInt32]
        public let data: Data
        /// `assets/fonts/gazette-sans-400-h01.1a2b3c4d5e.woff2`
        public let path: String
        /// `woff2`, or `truetype` for the whole faces `serve` ships.
        public let format: String
        /// The fingerprint of `data`, made with the slice: `serve`'s whole faces (13 MB) were
        /// fingerprinted again on every save to key their output files.
        public let key: Fingerprint

        init(face: Face, name: String, scalars: [UInt32], data: Data, path: String, format: String) {
            self.face = face
            self.name = name
            self.scalars = scalars
            self.data = data
            self.path = path
            self.format = format
            key = Fingerprint.of(bytes: data)
        }
    }

    public let slices: [Slice]
    /// Which slice holds each character, for preloads.
    let preloadTable: PreloadTable
    /// Faces loaded from the shipped bytes, keyed by `Face.key`: what boards are measured with.
    public let engine: TextLayoutEngine
    /// Where encoded fonts are kept between builds (`.gazette/cache/fonts/`), pages' own included.
    let cache: URL?
    /// Pages' own fonts, from the last builds and made by this one (in `cache`); nil without a
    /// cache or when no page slice is shipped.
    let pageFontMemory: PageFontMemory?
    /// The rules of the page slices, for a page whose script shows text the build never read
    /// (search results), as `assets/page-slices.1a2b3c4d.css` (URLs relative to `assets/`); nil
    /// when no page slice is shipped.
    public let pageSliceStylesheet: (path: String, data: Data)?

    public typealias Failure = WebFontError

    /// Every face cleaned but keeping all its characters: what `gazette serve` ships, so that
    /// typing a new character does not change the fonts, the stylesheet and with them every page.
    /// Made once per process.
    public static func complete() throws(Failure) -> WebFonts {
        try completeFonts.withLock { (made: inout WebFonts?) throws(Failure) -> WebFonts in
            if let made { return made }
            let fonts = try WebFonts(characters: nil)
            made = fonts
            return fonts
        }
    }
    private static let completeFonts = Locked<WebFonts?>(nil)

    /// Cuts every face into the slices holding `characters` (plus printable ASCII, so UI text and
    /// numbers are always there) and loads the results for measuring. With nil, each face ships
    /// whole as TrueType (serve).
    ///
    /// Encoded slices are kept in `cache` (`.gazette/cache/fonts/`), named by the font file and
    /// the characters: Brotli (`sliceQuality`) is the slow part of a build, and a fixed slice is
    /// the same in every build.
    /// `bold` is what can be set in bold (titles, headings, strong text) and `code` what code spans
    /// and blocks can show, the only text the bold and mono faces set (nil: all of `characters`).
    public init(
        characters: Set<Unicode.Scalar>?, bold: Set<Unicode.Scalar>? = nil, code: Set<Unicode.Scalar>? = nil, cache: URL? = nil
    ) throws(Failure) {
        func kept(_ characters: Set<Unicode.Scalar>) -> Set<UInt32> {
            var keep = Set(characters.map(\.value)).filter { !(0...0x1F).contains($0) && !(0x7F...0x9F).contains($0) }  // controls draw nothing
            for value in UInt32(0x20)...0x7E { keep.insert(value) }
            keep.insert(0x2026)  // …
            return keep
        }
        let keep = kept(characters ?? [])
        let keepCode = code.map(kept) ?? keep
        let keepBold = bold.map(kept) ?? keep
        var slices: [Slice] = []
        var faces: [String: [FontFace]] = [:]
        // One face after another, each on every core. Side by side (eccf93e), a small site's
        // first step was 20 ms shorter and a large one's build 2-4 % slower in processor time,
        // its Markdown being parsed beside them.
        for face in Self.faces {
            let original = try Self.source(face)
            let made: [Slice]
            if characters == nil {
                made = [try Self.whole(face, original)]
            } else if face == Self.emoji {
                made = try Self.emojiSlice(face, original, keep: keep, cache: cache)
            } else {
                made = try Self.cut(face, original, keep: face == Self.mono ? keepCode : face == Self.sansBold ? keepBold : keep, cache: cache)
                // The face's pages have fonts of their own: their pool, from the file read here.
                if Self.pageFontFaces.contains(face), made.contains(where: { FontSlices.isPageSlice($0.name, cut: face.cut) }) {
                    try Self.pagePool(face, from: original)
                }
            }
            // Each slice decoded as a browser decodes it, and loaded, on every core.
            faces[face.key] = try Self.onEveryCore(made) { slice throws(Failure) in
                do {
                    return try FontFace(data: slice.format == "woff2" ? try Self.decoded(slice.data) : slice.data, name: slice.path)
                } catch {
                    throw Failure(.unusableFont, .error("\(slice.path): \(error)"))
                }
            }
            slices += made
        }
        // Brotli's encoders keep their pages between slices (quality 9 touches 32 MB each);
        // they are not needed again until pages' own fonts, which touch a few.
        WOFF2.releaseScratch()
        self.slices = slices
        self.cache = cache
        preloadTable = PreloadTable(slices)
        let pageSlices = slices.filter { FontSlices.isPageSlice($0.name, cut: $0.face.cut) }
        pageFontMemory = pageSlices.isEmpty ? nil : cache.map { PageFontMemory(folder: $0) }
        if pageSlices.isEmpty {
            pageSliceStylesheet = nil
        } else {
            let css = Data(Self.rules(pageSlices).utf8)
            pageSliceStylesheet = ("assets/page-slices.\(SHA256.hex(Array(css)).prefix(8)).css", css)
        }
        engine = TextLayoutEngine(slicedFaces: faces)
    }

    /// A font's bytes with their fingerprint (`quickFingerprint`), taken once when the bytes
    /// are read or made: coverage and every slice's cache key name the font by it.
    struct FontBytes: Sendable {
        let data: Data
        let fingerprint: String

        init(_ data: Data) {
            self.data = data
            fingerprint = WebFonts.quickFingerprint(data)
        }
    }

    /// The face's file, mapped rather than read: read, a build's four files (22 MB) were first
    /// zeroed and then copied into fresh memory, 40 ms of processor time on every build, the
    /// largest share of a small site's first step. Mapped, only the pages the fingerprint and
    /// the cuts touch are looked up in the page cache. (A package upgrade replaces a font file,
    /// which leaves a mapping of the old one whole.)
    static func source(_ face: Face) throws(Failure) -> FontBytes {
        guard let original = try? Data(contentsOf: URL(fileURLWithPath: face.source, isDirectory: false), options: .alwaysMapped) else {
            throw Failure(
                .missingFont,
                .error(
                    "cannot read font file \(face.source)",
                    hint: "install fonts-nanum, fonts-nanum-coding and fonts-noto-color-emoji (make deps does)"))
        }
        return FontBytes(original)
    }

    /// A whole face for `serve`: the sans faces cleaned by the subsetter (Chromium's sanitizer
    /// rejects the stock NanumGothic), the others as they are — re-encoding the 10 MB emoji font
    /// on every serve start would only cost time.
    private static func whole(_ face: Face, _ original: FontBytes) throws(Failure) -> Slice {
        let covered = coverage(face, original)
        let data: Data
        if face != Self.sans && face != Self.sansBold {
            data = original.data
        } else {
            do {
                data = try FontSubsetter.subset(original.data, keeping: Set(covered.compactMap(Unicode.Scalar.init)))
            } catch {
                throw Failure(.unusableFont, .error("subsetting \(face.source): \(error)"))
            }
        }
        // Complete fonts are 18 MB together: a 64-bit FNV-1a over 8-byte words names them at a
        // fraction of SHA-256's cost in a debug build.
        let path = "assets/fonts/\(face.slug).\(Self.quickFingerprint(data)).ttf"
        return Slice(face: face, name: "all", scalars: face == Self.emoji ? [] : covered, data: data, path: path, format: "truetype")
    }

    /// The slices of a text face that hold a character of `keep`: fixed slices whole, block
    /// slices cut to the characters kept.
    private static func cut(_ face: Face, _ original: FontBytes, keep: Set<UInt32>, cache: URL?) throws(Failure) -> [Slice] {
        let covered = coverage(face, original)
        let coveredSet = Set(covered)
        var blocks: [String: [UInt32]] = [:]
        for scalar in keep where coveredSet.contains(scalar) {
            blocks[FontSlices.name(of: scalar, cut: face.cut), default: []].append(scalar)
        }
        let cuts = blocks.keys.sorted(by: { FontSlices.order($0) < FontSlices.order($1) }).map { name in
            (name: name, scalars: (FontSlices.fixedScalars(name, cut: face.cut)?.filter(coveredSet.contains) ?? blocks[name] ?? []).sorted())
        }
        return try slices(face, original, cuts, cache: cache)
    }

    /// The named cuts of a face as slices. Subsetting and Brotli, a slice at a time on every core:
    /// on a clean build (nothing in the cache, no slices shipped) this is the longest part of the
    /// step it shares with parsing Markdown.
    static func slices(_ face: Face, _ original: FontBytes, _ cuts: [(name: String, scalars: [UInt32])], cache: URL?) throws(Failure) -> [Slice] {
        try onEveryCore(cuts) { cut throws(Failure) in
            let data = try encoded(face, original, cut.scalars, cache: cache, quality: quality(of: cut.name, face))
            let path = "assets/fonts/\(face.slug)-\(cut.name).\(SHA256.hex(Array(data)).prefix(10)).woff2"
            return Slice(face: face, name: cut.name, scalars: cut.scalars, data: data, path: path, format: "woff2")
        }
    }

    /// `concurrentMap` for work that fails only with this module's error.
    private static func onEveryCore<Element: Sendable, T>(_ items: [Element], _ work: (Element) throws(Failure) -> T) throws(Failure) -> [T] {
        do {
            return try items.concurrentMap { item in try work(item) }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(.unusableFont, .error("\(error)"))
        }
    }

    /// The emoji the site uses, one file. Its `unicode-range` (`emojiRange`) keeps the browser
    /// from fetching it for pages without emoji.
    private static func emojiSlice(_ face: Face, _ original: FontBytes, keep: Set<UInt32>, cache: URL?) throws(Failure) -> [Slice] {
        let scalars = keep.intersection(coverage(face, original)).sorted()
        let data = try encoded(face, original, scalars, cache: cache)
        let path = "assets/fonts/\(face.slug).\(SHA256.hex(Array(data)).prefix(10)).woff2"
        return [Slice(face: face, name: "emoji", scalars: scalars, data: data, path: path, format: "woff2")]
    }

    // MARK: - Made once per process

    /// Subset and encoded slices, by face file and characters: the fixed slices are the same in
    /// every build, and encoding WOFF2 (Brotli) is the slow part.
    private static let encodedSlices = Locked<[String: Data]>([:])
    private static let decodedSlices = Locked<[Data: Data]>([:])
    private static let coverages = Locked<[String: [UInt32]]>([:])

    static func coverage(_ face: Face, _ original: FontBytes) -> [UInt32] {
        let key = "\(face.source) \(original.data.count) \(original.fingerprint)"
        if let known = coverages.withLock({ $0[key] }) { return known }
        let covered = FontSubsetter.coverage(original.data).map(\.value).sorted()
        coverages.withLock { $0[key] = covered }
        return covered
    }

    /// `scalars` of `original` as WOFF2, made once per process and kept in `cache`, named by
    /// the font's fingerprint and the characters. `purpose` tells apart files made of the same
    /// characters from other sources. `transformed`: `glyf` and `loca` in WOFF2's transformed
    /// form (smaller, and made by libwoff2 one font at a time); otherwise as they are
    /// (`WOFF2.encodeUntransformed`, on every core). `cutOften`: `original` is cut many times
    /// in a build (`subsetSource`).
    static func encoded(
        _ face: Face, _ original: FontBytes, _ scalars: [UInt32], cache: URL?, quality: Int32 = sliceQuality, transformed: Bool = true,
        purpose: String = "", cutOften: Bool = false, memory: PageFontMemory? = nil
    ) throws(Failure) -> Data {
        let key = cacheKey(face, original, scalars, quality: quality, transformed: transformed, purpose: purpose)
        func make() throws(Failure) -> Data {
            do {
                let keep = Set(scalars.compactMap(Unicode.Scalar.init))
                let ttf = cutOften ? try FontSubsetter.subset(subsetSource(original), keeping: keep) : try FontSubsetter.subset(original.data, keeping: keep)
                return transformed ? try WOFF2.encode(ttf, quality: quality) : try WOFF2.encodeUntransformed(ttf, quality: quality)
            } catch {
                throw Failure(.unusableFont, .error("cutting \(face.source) into web-font slices: \(error)"))
            }
        }
        // Pages' own fonts are held by the memory of the build (and its file), not the process.
        if let memory { return try memory.font(key, make: make) }
        let name = key.description
        if let known = encodedSlices.withLock({ $0[name] }) { return known }
        let file = cache?.appendingPathComponent("\(name).woff2")
        // A cached file counts only if it decodes (a torn or foreign file is made again).
        if let file, let stored = try? Data(contentsOf: file), (try? decoded(stored)) != nil {
            encodedSlices.withLock { $0[name] = stored }
            return stored
        }
        // A fixed slice as Gazette's installation ships it (`ShippedSlices`), on the same terms.
        if let stored = ShippedSlices.bytes(named: name, usable: { (try? decoded($0)) != nil }) {
            encodedSlices.withLock { $0[name] = stored }
            return stored
        }
        let data = try make()
        encodedSlices.withLock { $0[name] = data }
        if let file {
            // A failure costs the next build the encoding, nothing else.
            try? AtomicFile.write(data, to: file, durable: false)
        }
        return data
    }

    /// What `encoded` keeps the WOFF2 of `scalars` under (its cache file: `<key>.woff2`): the
    /// font file and its fingerprint, the characters, and how they are cut and encoded.
    static func cacheKey(
        _ face: Face, _ original: FontBytes, _ scalars: [UInt32], quality: Int32 = sliceQuality, transformed: Bool = true, purpose: String = ""
    ) -> Fingerprint {
        var key = FingerprintHasher()
        key.add("woff2 quality \(quality), no hinting, copyright name only" + (transformed ? "" : ", untransformed") + purpose)
        key.add(face.source)
        key.add(original.fingerprint)
        key.add(scalars.map { String($0, radix: 16) }.joined(separator: ","))
        return key.digest
    }

    /// The quality a named cut is encoded at.
    static func quality(of cut: String, _ face: Face) -> Int32 { FontSlices.isPageSlice(cut, cut: face.cut) ? pageSliceQuality : sliceQuality }

    /// `original` opened and prepared for cutting (`FontFace(data:name:cutOften:)`), once per process,
    /// for a font cut very often: a clean build of 2,000 short journals cuts the pool of pages'
    /// own fonts 1,950 times, and preprocessing it took cutting from 480 to 330 samples. The
    /// whole faces are cut a few dozen times each: preprocessing one (itself a cut of every
    /// glyph) cost more than it saved, and a copy of each kept for the process 20 MB.
    private static func subsetSource(_ original: FontBytes) throws -> FontFace {
        if let known = subsetSources.withLock({ $0[original.fingerprint] }) { return known }
        let made = try FontFace(data: original.data, name: "a font cut often", cutOften: true)
        return subsetSources.withLock { sources in
            if let known = sources[original.fingerprint] { return known }
            sources[original.fingerprint] = made
            return made
        }
    }

    private static let subsetSources = Locked<[String: FontFace]>([:])

    private static func decoded(_ woff2: Data) throws -> Data {
        if let known = decodedSlices.withLock({ $0[woff2] }) { return known }
        let ttf = try WOFF2.decode(woff2)
        decodedSlices.withLock { $0[woff2] = ttf }
        return ttf
    }

    /// Brotli's quality for the slices. A clean build of 2,000 journals with nothing cached (as
    /// on a fresh clone; release build) cut its fonts in 0.80 s at 11 and 0.44 s at 10, for files
    /// 1.3 % larger (the regular face's frequent slice 59.9 KB, not 59.1). From 10 to 9, the four
    /// large slices (the regular face's first, the bold face's first three) took 0.08 s of
    /// processor time instead of 0.36 s — 10 spent 0.17 s on the regular face's first alone, on
    /// one core — for 2.8 % more bytes: 61.3 KB, not 59.7; the year site's index on a first visit
    /// 195.9 KB, not 191.8 (issue 16's limit is 200).
    static let sliceQuality: Int32 = 9

    /// Brotli's quality for the page slices (ten rare syllables each, 270 files for the two sans
    /// faces), which only search results fetch: pages carry their rare syllables in fonts of
    /// their own. At 10 they were most of cutting the fonts on a clean build.
    static let pageSliceQuality: Int32 = 5

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
    public var totalBytes: Int { slices.reduce(0) { $0 + $1.data.count } }

    /// Names the exact font bytes (their fingerprinted paths): measurements keyed by it are
    /// valid exactly as long as the fonts are the same.
    public var fingerprint: String { slices.map(\.path).joined(separator: " ") }

    /// `@font-face` rules, with URLs relative to the stylesheet in `assets/`: one per slice, with
    /// its `unicode-range`, so a browser fetches a slice only for a page that shows one of its
    /// characters (the first Hangul slice claims every syllable: see `FontSlices.firstHangulRange`).
    /// Where ranges overlap, browsers take the face that has the glyph, as the engine does.
    /// The emoji face also names the installed Noto Color Emoji as a second source, and its file
    /// as colour bitmaps (`tech(color-CBDT)`): Firefox draws no CBDT web font, so it skips the
    /// file (it fetched it and rejected it before) and takes the installed font, the same one. Its
    /// `unicode-range` leaves out ASCII, which the emoji font also draws (keycap digits, `#`):
    /// with the sans faces blocked, text must fall back to a text font, not to emoji digits.
    /// Page slices are left out: pages carry their rare syllables in fonts of their own
    /// (`pageFonts`), and only `pageSliceStylesheet` names those files.
    public var fontFaceCSS: String {
        Self.rules(slices.filter { !FontSlices.isPageSlice($0.name, cut: $0.face.cut) })
    }

    /// The `@font-face` rules of `slices`, as `fontFaceCSS` writes them.
    static func rules(_ slices: [Slice]) -> String {
        slices.map { slice in
            let url = String(slice.path.dropFirst("assets/".count))
            // `serve`'s whole faces are TrueType, named so on the file's own source.
            let file = "url(\(url))" + (slice.format == "truetype" ? "format(\"truetype\")" : "")
            var source = file
            var range = ""
            if slice.face == Self.emoji {
                // Twice: the second, marked `tech(color-CBDT)`, is what a browser that reads
                // `tech()` keeps (the last `src` it can parse), so Firefox, which draws no CBDT,
                // takes the installed font without fetching the file; one that does not read it
                // drops that descriptor and keeps the first.
                let installed = ",local(\"Noto Color Emoji\"),local(\"NotoColorEmoji\")"
                source += installed + ";src:\(file) tech(color-CBDT)" + installed
                range = ";unicode-range:\(Self.emojiRange)"
            } else if slice.name == "h01" {
                range = ";unicode-range:\(FontSlices.firstHangulRange)"
            } else if slice.name != "all" {
                range = ";unicode-range:\(FontSlices.unicodeRange(slice.scalars))"
            }
            return "@font-face{font-family:\"\(slice.face.family)\";font-weight:\(slice.face.weight);"
                + "font-display:block;src:\(source)\(range)}"
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

import Foundation
import GazetteModel
import TextLayout

/// A page's own fonts: the rare syllables it shows (those of the page slices, ranked past 1,000:
/// `FontSlices.isPageSlice`), cut from the pinned font into one small WOFF2 per face and carried
/// in the page as a `data:` URL. On a site whose journals use all 2,350 common syllables, an index
/// page shows about ten rare ones, each from a different slice of ten; fetching those slices cost
/// it ten files of about 2.5 KB, and the stylesheet 29 KB to list them all, on every page.
///
/// The glyphs and advances are those of the slices the build measures with (the fonts have no
/// kerning or substitution between syllables: `WebFontSliceTests`), so the board stays exact.
extension WebFonts {
    /// The `@font-face` rules of a page's own fonts, for the regular and the bold face: each rule's
    /// source is a WOFF2 of exactly `rare[face]`, inline, and its `unicode-range` lists them.
    /// Empty when the page shows no rare syllable. The same characters give the same bytes, made
    /// once and kept for later builds in one file (`PageFontMemory`; a file per font cost a clean
    /// build with real Korean text, 1,883 page fonts on 2,357 pages, more in file creation than
    /// the encoding itself).
    func pageFonts(_ rare: [[UInt32]]) throws(Failure) -> String {
        var rules = ""
        for (index, face) in Self.pageFontFaces.enumerated() where index < rare.count && !rare[index].isEmpty {
            let data = try Self.encoded(
                face, try Self.pagePool(face), rare[index], cache: nil, quality: Self.pageFontQuality, transformed: false, purpose: ", a page's own",
                cutOften: true, memory: pageFontMemory)
            rules += "@font-face{font-family:\"\(face.family)\";font-weight:\(face.weight);font-display:block;"
                + "src:url(data:font/woff2;base64,\(data.base64EncodedString()));unicode-range:\(FontSlices.unicodeRange(rare[index]))}"
        }
        return rules
    }

    /// The faces pages have fonts of their own in: the rare syllables of the text and of the
    /// text that can be bold.
    static let pageFontFaces = [sans, sansBold]

    /// What pages' own fonts are cut from: the face's page-slice syllables alone, a font a tenth
    /// the size of the whole that depends on the pinned font only (so a page's font depends on
    /// its characters and the font, not on the rest of the site). Made once per process, with
    /// its fingerprint, so a page does not hash the pool again.
    static func pagePool(_ face: Face) throws(Failure) -> FontBytes {
        if let made = pagePools.withLock({ $0[face.source] }) { return made }
        return try pagePool(face, from: try source(face))
    }

    /// `pagePool` cut from `original`, the face's file as read: a build makes the pools with its
    /// slices (`WebFonts.init`), from the file read for them, rather than reading it again when
    /// its first pages' fonts were wanted — where two pages at once each made the pool.
    @discardableResult
    static func pagePool(_ face: Face, from original: FontBytes) throws(Failure) -> FontBytes {
        if let made = pagePools.withLock({ $0[face.source] }) { return made }
        let covered = Set(coverage(face, original))
        let rare = FontSlices.fixed(face.cut).filter { FontSlices.isPageSlice($0.name, cut: face.cut) }.flatMap(\.scalars)
        let pool: Data
        do {
            pool = try FontSubsetter.subset(original.data, keeping: Set(rare.filter(covered.contains).compactMap(Unicode.Scalar.init)))
        } catch {
            throw Failure(.unusableFont, .error("cutting \(face.source) for pages' own fonts: \(error)"))
        }
        let made = FontBytes(pool)
        pagePools.withLock { $0[face.source] = made }
        return made
    }

    /// The end of a build that wrote `files` files: pages' own fonts are kept for the next
    /// (`PageFontMemory.endBuild`).
    public func endBuild(files: Int) { pageFontMemory?.endBuild(files: files) }

    /// Brotli's quality for pages' own fonts. On the 486 pages of a year's journals (all 2,350
    /// common syllables, 570 page fonts), 11 made rendering take 2.6 s longer than 5 (debug
    /// build, nothing cached) for 0.6 % smaller pages: about 100 bytes a page.
    static let pageFontQuality: Int32 = 5

    private static let pagePools = Locked<[String: FontBytes]>([:])
}

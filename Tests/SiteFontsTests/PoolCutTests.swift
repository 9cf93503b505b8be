import Foundation
import TestSupport
import Testing
@testable import SiteFonts
@testable import TextLayout

/// Pages' own fonts are cut from their pool by `SyllablePoolCut`, not harfbuzz: the cuts must be
/// harfbuzz's bytes, or every page of a site would change with the way its fonts were cut.
@Suite struct PoolCutTests {
    /// Both faces' real pools, cut into a page's handful of syllables, a board's dozens and an
    /// index's hundreds, each set both ways: by the pool opened to be cut often (which takes
    /// `SyllablePoolCut`) and by harfbuzz reading the pool afresh.
    @Test(arguments: [WebFonts.sans, WebFonts.sansBold])
    func cutsHarfBuzzsBytes(face: WebFonts.Face) throws {
        let pool = try WebFonts.pagePool(face)
        let source = try FontFace(data: pool.data, name: "pool", cutOften: true)
        let cutter = try #require(source.syllablePool, "the pool of pages' own fonts is cut without harfbuzz")
        let syllables = source.mappedScalars()
        #expect(syllables.count > 1_000)
        var random = SeededGenerator(seed: 52)
        var sizes = Array(1...12) + [20, 40, 60, 100, 200, 300]
        sizes += (0..<300).map { _ in 1 + Int(random.next() % 15) }
        for (index, size) in sizes.enumerated() {
            var keep: Set<Unicode.Scalar> = []
            // Some sets are runs of neighbouring syllables (one cmap segment), most are scattered.
            let start = Int(random.next() % UInt64(syllables.count))
            while keep.count < size {
                let at = index % 5 == 0 ? (start + keep.count) % syllables.count : Int(random.next() % UInt64(syllables.count))
                keep.insert(Unicode.Scalar(syllables[at])!)
            }
            let byHarfBuzz = try FontSubsetter.subset(pool.data, keeping: keep)
            // Up to 64 KB of outlines (200 syllables) without harfbuzz; past that, by harfbuzz.
            #expect((cutter.cut(keep.map(\.value).sorted()) != nil) == (size <= 200), "\(size) syllables")
            let cut = try FontSubsetter.subset(source, keeping: keep)
            #expect(cut == byHarfBuzz, "\(size) syllables: \(cut.count) bytes, harfbuzz \(byHarfBuzz.count)")
        }
    }

    /// What the pool cannot cut goes to harfbuzz, with the same result as ever: a syllable the
    /// pool lacks (가 is among the 1,000 frequent ones), Latin, and any font of another shape.
    @Test func leavesOtherCutsToHarfBuzz() throws {
        let pool = try WebFonts.pagePool(WebFonts.sans)
        let source = try FontFace(data: pool.data, name: "pool", cutOften: true)
        let cutter = try #require(source.syllablePool)
        let rare = try #require(source.mappedScalars().first.flatMap(Unicode.Scalar.init))
        for keep: Set<Unicode.Scalar> in [[rare, "가"], [rare, "A"]] {
            #expect(cutter.cut(keep.map(\.value).sorted()) == nil)
            #expect(try FontSubsetter.subset(source, keeping: keep) == FontSubsetter.subset(pool.data, keeping: keep))
        }
        #expect(cutter.cut([]) == nil)
        // The whole face has composite glyphs and instructions: no pool.
        let whole = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"))
        #expect(try FontFace(data: whole, name: "whole", cutOften: true).syllablePool == nil)
        #expect(SyllablePoolCut(Data("not a font".utf8)) == nil)
        #expect(SyllablePoolCut(pool.data.prefix(300)) == nil)
    }

    /// A damaged pool is refused or cut, never read past its end: bytes changed at random all
    /// over the table directory and the small tables, where every length and offset is read.
    @Test func aDamagedPoolIsReadSafely() throws {
        let pool = [UInt8](try WebFonts.pagePool(WebFonts.sans).data)
        let syllables = Array(try FontFace(data: Data(pool), name: "pool").mappedScalars().prefix(8))
        var random = SeededGenerator(seed: 7)
        var refused = 0
        for _ in 0..<400 {
            var damaged = pool
            for _ in 0..<1 + Int(random.next() % 4) {
                let at = Int(random.next() % UInt64(min(damaged.count, 4_096)))
                damaged[at] = UInt8(truncatingIfNeeded: random.next())
            }
            guard let cutter = SyllablePoolCut(Data(damaged)) else {
                refused += 1
                continue
            }
            _ = cutter.cut(syllables)
        }
        #expect(refused > 0)
        // Each table the cut reads, a byte long.
        let count = Int(pool[4]) << 8 | Int(pool[5])
        for entry in (0..<count).map({ 12 + 16 * $0 }) {
            var damaged = pool
            damaged[entry + 12..<entry + 16] = [0, 0, 0, 1]
            let tag = String(decoding: pool[entry..<entry + 4], as: UTF8.self)
            #expect(SyllablePoolCut(Data(damaged)) == nil || tag == "gasp" || tag == "name", "\(tag)")
        }
    }
}

import Foundation
import Synchronization
import Testing
@testable import TextLayout

/// HarfBuzz's objects are freed whether a font opens or not: the bytes' release hook runs only
/// once the face made from them is destroyed too.
@Suite struct FontFaceTests {
    final class Released: Sendable {
        let flag = Atomic<Bool>(false)
        var value: Bool { flag.load(ordering: .sequentiallyConsistent) }
        func hook() -> @Sendable () -> Void { { self.flag.store(true, ordering: .sequentiallyConsistent) } }
    }

    @Test func refusedBytesLeakNeitherBlobNorFace() {
        let released = Released()
        #expect(throws: FontFace.Failure.self) {
            _ = try FontFace(data: Data("not a font, but long enough to be read as one".utf8), name: "junk", onRelease: released.hook())
        }
        #expect(released.value)
    }

    @Test func openedFontReleasesItsBytesWithTheFace() throws {
        let released = Released()
        let data = try Data(contentsOf: URL(fileURLWithPath: nanumGothic))
        var face: FontFace? = try FontFace(data: data, name: nanumGothic, onRelease: released.hook())
        #expect(face?.hasGlyph("가") == true)
        #expect(!released.value)
        face = nil
        #expect(released.value)
    }
}

/// The shortcut in front of the Unicode property lookup (nothing below U+00AD or among Hangul
/// syllables is default-ignorable) agrees with the property on every scalar.
@Test func defaultIgnorableShortcutAgreesWithUnicode() {
    var disagreeing: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let expected = scalar.properties.isDefaultIgnorableCodePoint || value == 0xFE0F || value == 0xFE0E
        if TextLayoutEngine.isDefaultIgnorable(scalar) != expected { disagreeing.append(value) }
    }
    #expect(disagreeing.isEmpty, "\(disagreeing.prefix(10).map { String($0, radix: 16) })")
}

/// Measuring without shaping (`addContextFreeAdvances`) gives what HarfBuzz gives, for every
/// Hangul syllable and printable ASCII character the shipped font maps, in stretches of one to
/// four beside other text; and it is refused where shaping could depend on neighbours.
@Suite struct ContextFreeAdvanceTests {
    static let nanumGothic = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"

    /// What `shape` gives for `scalars[range]`, summed per scalar.
    static func shaped(_ face: FontFace, _ scalars: [UInt32], _ range: Range<Int>, size: Double) -> [Int64] {
        var advances = [Int64](repeating: 0, count: scalars.count)
        for glyph in face.shape(scalars, range: range, language: "ko", size: size) { advances[glyph.cluster] += glyph.advance }
        return Array(advances[range])
    }

    @Test func agreesWithHarfBuzzOnTheShippedFont() throws {
        let stock = try Data(contentsOf: URL(fileURLWithPath: Self.nanumGothic))
        let face = try FontFace(data: try FontSubsetter.subset(stock, keeping: FontSubsetter.coverage(stock)), name: "shipped")
        let candidates = (UInt32(0x20)...0x7E).map { $0 } + (UInt32(0xAC00)...0xD7A3).map { $0 }
        let mapped = candidates.filter { Unicode.Scalar($0).map(face.hasGlyph) ?? false }
        #expect(mapped.count > 2_400)  // the KS X 1001 syllables and ASCII: the test is not vacuous
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for (index, scalar) in mapped.enumerated() {
            let length = 1 + index % 4
            let stretch = [scalar] + (1..<length).map { _ in mapped.randomElement(using: &generator) ?? scalar }
            // Context on both sides: Hangul, Latin, a space.
            let before: [UInt32] = [0xD55C, 0x41, 0x20], after: [UInt32] = [0x56, 0xAE00, 0x2E]
            let scalars = before + stretch + after
            let range = before.count..<(before.count + stretch.count)
            for size in [13.0, 15.0, 17.6] {
                var fast = [Int64](repeating: 0, count: scalars.count)
                #expect(face.addContextFreeAdvances(scalars, range: range, size: size, to: &fast))
                let expected = Self.shaped(face, scalars, range, size: size)
                if Array(fast[range]) != expected {
                    Issue.record("\(stretch.map { String($0, radix: 16) }) at \(size) px: \(fast[range]) ≠ \(expected)")
                    return
                }
                checked += 1
            }
        }
        #expect(checked == mapped.count * 3)
    }

    @Test func refusedWhereNeighboursCanMatter() throws {
        // The stock file keeps its `kern` table: kerned pairs are shaped, the rest are not.
        let stock = try FontFace(file: Self.nanumGothic)
        var advances = [Int64](repeating: 0, count: 2)
        #expect(!stock.addContextFreeAdvances([0x41, 0x56], range: 0..<2, size: 15, to: &advances))  // "AV" kerns
        #expect(advances == [0, 0])
        #expect(stock.addContextFreeAdvances([0xAC00, 0xB098], range: 0..<2, size: 15, to: &advances))
        #expect(Array(advances) == Self.shaped(stock, [0xAC00, 0xB098], 0..<2, size: 15))
        // A font with GSUB and GPOS is always shaped; so is anything but Hangul syllables and ASCII.
        let myeongjo = try FontFace(file: "/usr/share/fonts/truetype/nanum/NanumMyeongjo.ttf")
        var untouched = [Int64](repeating: 0, count: 1)
        #expect(!myeongjo.addContextFreeAdvances([0xAC00], range: 0..<1, size: 15, to: &untouched))
        #expect(!stock.addContextFreeAdvances([0x3131], range: 0..<1, size: 15, to: &untouched))  // a jamo
        #expect(untouched == [0])
    }
}

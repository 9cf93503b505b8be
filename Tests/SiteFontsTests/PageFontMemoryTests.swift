import Foundation
import GazetteModel
@testable import Memory
@testable import SiteFonts
import Testing
import TestSupport

/// Pages' own fonts kept between builds in one file (`PageFontMemory`): a font made once is
/// read back, not made again; a damaged file or one made by another Gazette or other libraries
/// is no file; fonts no build asks for are let go.
@Suite struct PageFontMemoryTests {
    final class Counter: @unchecked Sendable {
        var made = 0
    }

    func key(_ number: UInt64) -> Fingerprint { Fingerprint(high: number, low: ~number) }

    func font(_ number: UInt64, _ counter: Counter) -> () throws(WebFonts.Failure) -> Data {
        { counter.made += 1; return Data("font \(number)".utf8) }
    }

    @Test func aFontMadeByOneBuildIsReadByTheNextNotMadeAgain() throws {
        let temporary = try TemporaryFolder("gazette-page-fonts")
        let folder = temporary.url
        let counter = Counter()
        let first = PageFontMemory(folder: folder, stamp: "s")
        #expect(try first.font(key(1), make: font(1, counter)) == Data("font 1".utf8))
        #expect(try first.font(key(1), make: font(1, counter)) == Data("font 1".utf8))
        #expect(try first.font(key(2), make: font(2, counter)) == Data("font 2".utf8))
        #expect(counter.made == 2)
        first.endBuild(files: 10)
        let written = try Data(contentsOf: first.file)

        let second = PageFontMemory(folder: folder, stamp: "s")
        #expect(try second.font(key(2), make: font(99, counter)) == Data("font 2".utf8))
        #expect(try second.font(key(1), make: font(99, counter)) == Data("font 1".utf8))
        #expect(counter.made == 2)
        // Nothing made, nothing let go: the file is left as it is.
        second.endBuild(files: 10)
        #expect(try Data(contentsOf: first.file) == written)

        // Another stamp (another Gazette, harfbuzz or Brotli) reads no font.
        let other = PageFontMemory(folder: folder, stamp: "t")
        #expect(try other.font(key(1), make: font(1, counter)) == Data("font 1".utf8))
        #expect(counter.made == 3)
    }

    @Test func aDamagedFileIsNoFileAndIsWrittenAgain() throws {
        let temporary = try TemporaryFolder("gazette-page-fonts")
        let folder = temporary.url
        let counter = Counter()
        let first = PageFontMemory(folder: folder, stamp: "s")
        _ = try first.font(key(1), make: font(1, counter))
        first.endBuild(files: 10)
        var bytes = try Data(contentsOf: first.file)
        bytes[bytes.count - 8] ^= 0xFF
        try bytes.write(to: first.file)

        let second = PageFontMemory(folder: folder, stamp: "s")
        #expect(try second.font(key(1), make: font(1, counter)) == Data("font 1".utf8))
        #expect(counter.made == 2)
        second.endBuild(files: 10)
        let third = PageFontMemory(folder: folder, stamp: "s")
        _ = try third.font(key(1), make: font(1, counter))
        #expect(counter.made == 2)
    }

    /// A font no build asks for goes after `maximumAge` writes; past `limit(files:)`, the
    /// longest unasked go first.
    @Test func fontsNoBuildAsksForAreLetGo() throws {
        let temporary = try TemporaryFolder("gazette-page-fonts")
        let folder = temporary.url
        let counter = Counter()
        let start = PageFontMemory(folder: folder, stamp: "s")
        _ = try start.font(key(0), make: font(0, counter))
        start.endBuild(files: 10)
        // Each build asks for a new font only: font 0 ages by one a write.
        for build in 1...(PageFontMemory.maximumAge + 1) {
            let memory = PageFontMemory(folder: folder, stamp: "s")
            _ = try memory.font(key(UInt64(build)), make: font(UInt64(build), counter))
            memory.endBuild(files: 10)
        }
        let later = PageFontMemory(folder: folder, stamp: "s")
        let before = counter.made
        _ = try later.font(key(2), make: font(2, counter))
        #expect(counter.made == before, "a font asked for within the age is kept")
        _ = try later.font(key(0), make: font(0, counter))
        #expect(counter.made == before + 1, "a font unasked for more writes than the age is let go")

        // Past the limit, the longest unasked go first.
        let smallTemporary = try TemporaryFolder("gazette-page-fonts")
        let small = smallTemporary.url
        let limit = PageFontMemory.limit(files: 0)
        let full = PageFontMemory(folder: small, stamp: "s")
        for number in 0..<UInt64(limit) { _ = try full.font(key(number), make: font(number, counter)) }
        full.endBuild(files: 0)
        let next = PageFontMemory(folder: small, stamp: "s")
        for number in UInt64(limit)..<UInt64(limit + 3) { _ = try next.font(key(number), make: font(number, counter)) }
        next.endBuild(files: 0)
        let count = MemoryFile.read(next.file, PageFontMemory.kind, stamp: "s") { reader -> Int? in
            let count = reader.count()
            reader.offset = reader.bytes.count
            return count
        }
        #expect(count == limit)
        let last = PageFontMemory(folder: small, stamp: "s")
        let made = counter.made
        for number in UInt64(limit)..<UInt64(limit + 3) { _ = try last.font(key(number), make: font(number, counter)) }
        #expect(counter.made == made, "the fonts just made are kept")
    }
}

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

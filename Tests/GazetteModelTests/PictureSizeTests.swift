import Foundation
import GazetteModel
import Testing

/// The size a page gives a picture is the size it is shown at: a JPEG's Exif orientation (a
/// phone's portrait photo, stored turned) swaps its width and height for 5 to 8.
@Suite struct PictureSizeTests {
    /// A JPEG's header: SOI, an Exif APP1 saying `orientation` (in either byte order), a frame
    /// header for `width` × `height`.
    static func jpeg(width: Int, height: Int, orientation: Int?, littleEndian: Bool = false) -> Data {
        func u16(_ value: Int) -> [UInt8] { littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { littleEndian ? u16(value & 0xFFFF) + u16(value >> 16) : u16(value >> 16) + u16(value & 0xFFFF) }
        var bytes: [UInt8] = [0xFF, 0xD8]
        if let orientation {
            // Two entries: ImageWidth (ignored), then Orientation.
            let tiff = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(2)
                + u16(0x0100) + u16(4) + u32(1) + u32(width)
                + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
            let exif = Array("Exif".utf8) + [0, 0] + tiff
            bytes += [0xFF, 0xE1, UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
        }
        bytes += [0xFF, 0xC0, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
        bytes += [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9]
        return Data(bytes)
    }

    @Test(arguments: [
        (nil, false, [4032, 3024]), (1, false, [4032, 3024]), (3, true, [4032, 3024]), (6, false, [3024, 4032]),
        (6, true, [3024, 4032]), (8, false, [3024, 4032]), (5, true, [3024, 4032]), (2, false, [4032, 3024]),
    ] as [(Int?, Bool, [Int])])
    func aJPEGIsTheSizeItIsShownAt(_ orientation: Int?, _ littleEndian: Bool, _ shown: [Int]) {
        let size = PictureSize.read(Self.jpeg(width: 4032, height: 3024, orientation: orientation, littleEndian: littleEndian))
        #expect(size.map { [$0.width, $0.height] } == shown)
    }

    /// An Exif block cut short or with an orientation out of range leaves the size as stored.
    @Test func aBrokenExifBlockLeavesTheStoredSize() {
        var torn = [UInt8](Self.jpeg(width: 1200, height: 900, orientation: 6))
        torn[6 + 2 + 6 + 4] = 0x7F  // the first IFD's offset, far past the block
        #expect(PictureSize.read(Data(torn)).map { [$0.width, $0.height] } == [1200, 900])
        #expect(PictureSize.read(Self.jpeg(width: 1200, height: 900, orientation: 9)).map { [$0.width, $0.height] } == [1200, 900])
    }

    /// Headers from members' folders are untrusted: every byte of an Exif JPEG's header changed,
    /// one at a time to every value, and the file cut at every length, reads without a crash.
    @Test func anyDamageToTheHeaderIsSurvived() {
        let jpeg = [UInt8](Self.jpeg(width: 1200, height: 900, orientation: 6, littleEndian: true))
        for index in jpeg.indices {
            for value in 0...255 {
                var damaged = jpeg
                damaged[index] = UInt8(value)
                _ = PictureSize.read(Data(damaged))
            }
            _ = PictureSize.read(Data(jpeg[..<index]))
        }
    }
}

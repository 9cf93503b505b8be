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

    /// A HEIF file (a phone's HEIC) of boxes as libheif writes them: the primary item among
    /// others (a grid's tiles have sizes of their own), its size in `ispe`, its turn in `irot`.
    static func heif(width: Int, height: Int, rotation: Int?, wideItems: Bool = false, brands: String = "heicmif1heic") -> Data {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] { u32(content.count + 8) + Array(type.utf8) + content }
        let ftyp = box("ftyp", Array(brands.utf8.prefix(4)) + u32(0) + Array(brands.utf8.dropFirst(4)))
        var ipco = box("ispe", u32(0) + u32(512) + u32(512)) + box("ispe", u32(0) + u32(width) + u32(height))
        if let rotation { ipco += box("irot", [UInt8(rotation)]) }
        // Item 1 is a tile (property 1), item 2 the primary picture (2, and the turn 3).
        let item = { (id: Int) in wideItems ? u32(id) : u16(id) }
        let ipma = box("ipma", [wideItems ? 1 : 0, 0, 0, 0] + u32(2) + item(1) + [1, 0x81] + item(2) + (rotation == nil ? [1, 0x82] : [2, 0x82, 0x03]))
        let meta = box("meta", u32(0) + box("hdlr", u32(0) + u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13)) + box("pitm", u32(0) + u16(2))
            + box("iprp", box("ipco", ipco) + ipma))
        return Data(ftyp + meta + box("mdat", [1, 2, 3]))
    }

    @Test(arguments: [(nil, false, [4032, 3024]), (0, false, [4032, 3024]), (1, false, [3024, 4032]), (3, true, [3024, 4032]), (2, true, [4032, 3024])] as [(Int?, Bool, [Int])])
    func aHEIFIsTheSizeItIsShownAt(_ rotation: Int?, _ wide: Bool, _ shown: [Int]) {
        #expect(PictureSize.read(Self.heif(width: 4032, height: 3024, rotation: rotation, wideItems: wide)).map { [$0.width, $0.height] } == shown)
    }

    /// An AVIF whose major brand is a profile's (`MA1B`) names `avif` among its compatible
    /// brands only: its size is read all the same.
    @Test func anAVIFOfAProfileBrandIsItsSize() {
        #expect(PictureSize.read(Self.heif(width: 1600, height: 900, rotation: nil, brands: "MA1Bavifmif1miaf")).map { [$0.width, $0.height] } == [1600, 900])
    }

    @Test func anyDamageToAHEIFHeaderIsSurvived() {
        let heif = [UInt8](Self.heif(width: 4032, height: 3024, rotation: 1))
        for index in heif.indices {
            for value in stride(from: 0, through: 255, by: 5) {
                var damaged = heif
                damaged[index] = UInt8(value)
                _ = PictureSize.read(Data(damaged))
            }
            _ = PictureSize.read(Data(heif[..<index]))
        }
    }
}


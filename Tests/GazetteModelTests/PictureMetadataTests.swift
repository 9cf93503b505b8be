import Foundation
import GazetteModel
import Testing

/// Published pictures keep their pixels and colours and lose what the camera wrote: where it
/// was taken, the phone, the time, the uncropped thumbnail.
@Suite struct PictureMetadataTests {
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    static let jfif = segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
    static let icc = segment(0xE2, Array("ICC_PROFILE".utf8) + [0, 1, 1] + Array("colour".utf8))
    static let frame = segment(0xDB, [0] + [UInt8](repeating: 1, count: 64)) + segment(0xC0, [8, 0, 2, 0, 3, 1, 1, 0x11, 0])
        + segment(0xC4, [0, 0, 1] + [UInt8](repeating: 0, count: 14) + [0xFF])
    /// A scan whose coded data holds a stuffed 0xFF and a restart marker.
    static let scan = segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]

    /// Exif (big-endian): orientation, then a GPS IFD pointer, and the GPS block itself.
    static func exif(orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 2, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38, 0, 0, 0, 0]
        return segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff + Array("GPS 37.5665N 126.9780E".utf8))
    }

    static func photo(orientation: Int) -> [UInt8] {
        [0xFF, 0xD8] + jfif + exif(orientation: orientation) + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array("<x:xmpmeta>GPS</x:xmpmeta>".utf8))
            + icc + segment(0xE2, Array("MPF".utf8) + [0, 1, 2]) + segment(0xED, Array("Photoshop 3.0".utf8)) + segment(0xFE, Array("iPhone serial".utf8))
            + frame + scan + [0xFF, 0xD9] + Array("second picture, depth map".utf8)
    }

    @Test func aPhoneJPEGLosesItsMetadataAndKeepsItsOrientation() {
        let stripped = [UInt8](PictureMetadata.stripped(Data(Self.photo(orientation: 6))))
        let orientation = Self.segment(
            0xE1, Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0])
        #expect(stripped == [0xFF, 0xD8] + Self.jfif + orientation + Self.icc + Self.frame + Self.scan + [0xFF, 0xD9])
        #expect(PictureSize.read(Data(stripped)).map { [$0.width, $0.height] } == [2, 3])
        // Upright photos get no Exif at all; stripping twice changes nothing.
        let upright = [UInt8](PictureMetadata.stripped(Data(Self.photo(orientation: 1))))
        #expect(upright == [0xFF, 0xD8] + Self.jfif + Self.icc + Self.frame + Self.scan + [0xFF, 0xD9])
        #expect(PictureMetadata.stripped(Data(stripped)) == Data(stripped))
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        // The CRC is not checked here: chunks are kept or dropped whole.
        [0, 0, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + Array(type.utf8) + data + [1, 2, 3, 4]
    }

    @Test func aPNGLosesItsTextAndExifChunks() {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr = Self.chunk("IHDR", [0, 0, 0, 2, 0, 0, 0, 3, 8, 2, 0, 0, 0]), idat = Self.chunk("IDAT", [1, 2, 3]), iend = Self.chunk("IEND", [])
        let png = signature + ihdr + Self.chunk("tEXt", Array("Author\0me".utf8)) + Self.chunk("eXIf", [0x4D, 0x4D]) + Self.chunk("iCCP", [9])
            + idat + Self.chunk("iTXt", Array("XML:com.adobe.xmp".utf8)) + Self.chunk("tIME", [7]) + iend + [0xAA]
        #expect([UInt8](PictureMetadata.stripped(Data(png))) == signature + ihdr + Self.chunk("iCCP", [9]) + idat + iend)
    }

    @Test func aWebPLosesItsExifAndXMPChunks() {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            Array(type.utf8) + [UInt8(data.count), 0, 0, 0] + data + (data.count % 2 == 1 ? [0] : [])
        }
        func riff(_ chunks: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + [UInt8((chunks.count + 4) & 0xFF), UInt8((chunks.count + 4) >> 8), 0, 0] + Array("WEBP".utf8) + chunks
        }
        let image = chunk("VP8 ", [1, 2, 3, 4, 5])
        let webp = riff(chunk("VP8X", [0x0C, 0, 0, 0, 1, 0, 0, 2, 0, 0]) + image + chunk("EXIF", [9, 9, 9]) + chunk("XMP ", [8]))
        #expect([UInt8](PictureMetadata.stripped(Data(webp))) == riff(chunk("VP8X", [0, 0, 0, 0, 1, 0, 0, 2, 0, 0]) + image))
    }

    /// Untrusted bytes: every byte of a phone JPEG changed to every value, and every cut, reads
    /// without a crash, and what comes out is left as it is by a second pass.
    @Test func anyDamageIsSurvived() {
        let photo = Self.photo(orientation: 6)
        for index in photo.indices {
            for value in stride(from: 0, through: 255, by: 3) {
                var damaged = photo
                damaged[index] = UInt8(value)
                let stripped = PictureMetadata.stripped(Data(damaged))
                #expect(PictureMetadata.stripped(stripped) == stripped)
            }
            let stripped = PictureMetadata.stripped(Data(photo[..<index]))
            #expect(PictureMetadata.stripped(stripped) == stripped)
        }
    }
}

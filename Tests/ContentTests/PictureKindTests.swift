import Foundation
import GazetteModel
import TestSupport
import Testing

/// A picture file is shown by what its bytes are, not by its name: the kinds, and which names
/// break a page.
@Suite struct PictureKindTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// An ISO media header: `ftyp` with its major brand, minor version and compatible brands.
    static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
        let body = bytes(major) + [0, 0, 0, 0] + compatible.flatMap(bytes)
        let size = 8 + body.count
        return [0, 0, 0, UInt8(size)] + bytes("ftyp") + body + [0, 0, 0, 8] + bytes("meta")
    }

    @Test func eachPictureKindIsToldByItsFirstBytes() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        #expect(PictureKind.of(png) == .png)
        #expect(PictureKind.of([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]) == .jpeg)
        #expect(PictureKind.of(Self.bytes("GIF89a\u{1}\0")) == .gif)
        #expect(PictureKind.of(Self.bytes("RIFF\0\0\0\0WEBPVP8 ")) == .webp)
        #expect(PictureKind.of(Self.ftyp("avif", ["mif1", "miaf"])) == .avif)
        // An AVIF whose major brand is the generic one names avif among the compatible brands.
        #expect(PictureKind.of(Self.ftyp("mif1", ["avif", "miaf"])) == .avif)
        let phone = try #require(FileManager.default.contents(atPath: Repository.root.appendingPathComponent("Tests/Fixtures/images/phone.heic").path))
        #expect(PictureKind.of([UInt8](phone)) == .heif)
        #expect(PictureKind.of(Self.ftyp("isom", ["iso2", "mp41"])) == .other("a video"))
        #expect(PictureKind.of(Self.ftyp("qt  ", ["qt  "])) == .other("a video"))
        #expect(PictureKind.of([]) == .empty)
        // An AVIF of a profile brand (MA1B) names avif among its compatible brands only, and
        // its size is read all the same.
        #expect(PictureKind.of(Self.ftyp("MA1B", ["avif", "mif1"])) == .avif)
        // A BMP by its header; text that begins "BM" is text.
        let bmp: [UInt8] = Self.bytes("BM") + [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 24, 0]
        #expect(PictureKind.of(bmp) == .bmp)
        #expect(PictureKind.of(Self.bytes("BMW 판매량이 12월에 늘었다는 기사 메모입니다.")) == .other("text"))
    }

    @Test func textIsAnSVGDrawingAWebPageOrText() {
        #expect(PictureKind.of(Self.bytes("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")) == .svg)
        #expect(PictureKind.of(Self.bytes("\u{FEFF}\n  <?xml version=\"1.0\"?>\n<!-- Inkscape -->\n<svg width=\"10\">")) == .svg)
        #expect(PictureKind.of(Self.bytes("<!DOCTYPE html>\n<html lang=\"ko\"><head><title>사진</title>")) == .other("a web page (HTML)"))
        // A page that draws an SVG icon inline is still a page.
        #expect(PictureKind.of(Self.bytes("<html><body><svg viewBox=\"0 0 1 1\"/></body></html>")) == .other("a web page (HTML)"))
        #expect(PictureKind.of(Self.bytes("404: Not Found")) == .other("text"))
        #expect(PictureKind.of(Self.bytes("%PDF-1.7\n")) == .other("a PDF document"))
        #expect(PictureKind.of([0x13, 0x00, 0x37, 0x42]) == .other("bytes of no picture kind a browser shows"))
    }

    /// Browsers tell the raster kinds apart by their bytes, so a PNG named `.jpg` shows; they
    /// read an SVG only under its own name, and show HEIC only in Safari (a build converts a
    /// `.heic`, whatever it holds).
    @Test func onlyNamesABrowserReadsAnotherWayAreMismatched() {
        #expect(PictureKind.png.mismatch(named: "jpg") == nil)
        #expect(PictureKind.webp.mismatch(named: "png") == nil)
        #expect(PictureKind.avif.mismatch(named: "jpeg") == nil)
        #expect(PictureKind.heif.mismatch(named: "heic") == nil)
        #expect(PictureKind.jpeg.mismatch(named: "heic") == nil)
        #expect(PictureKind.svg.mismatch(named: "svg") == nil)
        #expect(PictureKind.heif.mismatch(named: "jpg") == .misnamed(.heif))
        #expect(PictureKind.svg.mismatch(named: "png") == .misnamed(.svg))
        #expect(PictureKind.png.mismatch(named: "svg") == .misnamed(.png))
        #expect(PictureKind.other("text").mismatch(named: "svg") == .notAPicture(.other("text")))
        #expect(PictureKind.empty.mismatch(named: "png") == .notAPicture(.empty))
    }

    /// Whatever a file holds, reading its kind never traps (a picture file is anyone's bytes).
    @Test func randomBytesAreReadSafely() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<2_000 {
            let prefix: [[UInt8]] = [[], Self.bytes("RIFF"), [0, 0, 0, 0xFF] + Self.bytes("ftyp"), [0, 0, 0, 4] + Self.bytes("ftyp"), Self.bytes("PK"), [0xEF, 0xBB, 0xBF]]
            let bytes = prefix[length % prefix.count] + (0..<(length % 64)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = PictureKind.of(bytes).mismatch(named: "png")
        }
    }
}

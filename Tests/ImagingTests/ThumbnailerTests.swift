import Foundation
import Imaging
import Testing
import TestSupport

/// libvips behind Imaging's few calls, on real JPEG, PNG and WebP files: thumbnails of the asked
/// sizes as WebP under a byte limit, the site's pictures scaled, and every refused image with
/// its kind.
@Suite struct ThumbnailerTests {
    @Test func realJPEGPNGAndWebPBecomeWebPThumbnailsOfTheAskedSizes() throws {
        let images = try TestImages()
        for name in ["photo.jpg", "photo.png", "photo.webp"] {
            let bytes = try images.data(name)
            let original = try Thumbnailer.dimensions(of: bytes)
            #expect(original.width >= 640 && original.height >= 360, "\(name)")
            let made = try Thumbnailer.thumbnails(of: bytes, sizes: [(480, 270), (160, 90)], maxBytes: 40 << 10)
            #expect(made.map { [$0.width, $0.height] } == [[480, 270], [160, 90]], "\(name)")
            for thumbnail in made {
                #expect(ImageFormat.sniff(thumbnail.data) == .webp, "\(name)")
                #expect(thumbnail.data.count <= 40 << 10, "\(name): \(thumbnail.data.count) bytes")
                let read = try Thumbnailer.dimensions(of: thumbnail.data)
                #expect(read.width == thumbnail.width && read.height == thumbnail.height, "\(name)")
            }
        }
    }

    /// A picture beside a journal, at a narrower width: its aspect kept, never enlarged.
    @Test func picturesScaleToAWidthKeepingTheirAspect() throws {
        let images = try TestImages()
        let bytes = try images.data("photo.png")
        let original = try Thumbnailer.dimensions(of: bytes)
        let scaled = try Thumbnailer.scaledWebP(bytes, width: 320)
        #expect(ImageFormat.sniff(scaled) == .webp)
        let size = try Thumbnailer.dimensions(of: scaled)
        #expect(size.width == 320)
        #expect(abs(Double(size.height) - Double(original.height) * 320 / Double(original.width)) <= 1)
    }

    @Test func theSniffTrustsBytesNotNames() {
        #expect(ImageFormat.sniff(Data([0xFF, 0xD8, 0xFF, 0xE0])) == .jpeg)
        #expect(ImageFormat.sniff(Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff(Data("<html><body>".utf8)) == nil)
        #expect(ImageFormat.describeOther(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == "an SVG drawing")
        #expect(ImageFormat.describeOther(Data("GIF89a".utf8)) == "a GIF picture")
        #expect(ImageFormat.describeOther(Data()) == "an empty file")
    }

    /// Imaging's one error type says which kind of trouble an image is, beside its words.
    @Test func eachRefusedImageSaysItsKind() throws {
        let images = try TestImages(bomb: true)
        func kind(_ data: Data, maxBytes: Int = 40 << 10, limits: ImageLimits = ImageLimits()) -> ImagingError.Kind? {
            do {
                _ = try Thumbnailer.thumbnails(of: data, sizes: [(160, 90)], maxBytes: maxBytes, limits: limits)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind(Data("<html><body>".utf8)) == .notAnImage)
        #expect(kind(try Data(contentsOf: URL(fileURLWithPath: images.path("broken.png")))) == .broken)
        #expect(kind(try Data(contentsOf: URL(fileURLWithPath: images.path("bomb.png")))) == .tooLarge)
        let photo = try Data(contentsOf: URL(fileURLWithPath: images.path("photo.png")))
        #expect(kind(photo) == nil)
        #expect(kind(photo, maxBytes: 10) == .tooHeavy)
        var strict = ImageLimits()
        strict.minSide = 10_000
        #expect(kind(photo, limits: strict) == .tooSmall)
    }}

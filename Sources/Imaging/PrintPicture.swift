internal import CVips
import Foundation

/// A picture decoded for a printed page: 8-bit RGBA pixels, straight (not premultiplied)
/// alpha, rows top to bottom.
public struct PrintPicture: Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]
}

extension Thumbnailer {
    /// SVG is read for the site's own pictures: the loader libvips counts as untrusted is let
    /// run once a process prints pictures. Such a process (`build`, `pdf`, `serve`) decodes no
    /// image from the web; those (`fetch`, `add`, `new`) never print one, and keep it blocked.
    private static let svgAllowed: Bool = {
        guard started else { return false }
        gazette_vips_allow_svg()
        return true
    }()

    /// Reads `bytes`' header with whatever loader libvips picks, and refuses a picture over `limits`.
    private static func checkHeader(_ bytes: Data, limits: ImageLimits) throws(ImagingError) {
        var header: (width: Int, height: Int)?
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let image = gazette_vips_header(base, raw.count) else { return }
            header = (Int(gazette_vips_width(image)), Int(gazette_vips_height(image)))
            g_object_unref(UnsafeMutableRawPointer(image))
        }
        guard let header else {
            gazette_vips_error_clear()
            throw ImagingError(.notAnImage, "not a picture libvips can read")
        }
        if header.width > limits.maxSide || header.height > limits.maxSide || header.width * header.height > limits.maxPixels {
            throw ImagingError(.tooLarge, "the picture claims \(header.width)×\(header.height) pixels, over the limit of \(limits.maxPixels / 1_000_000) megapixels")
        }
    }

    /// Decodes a picture of the site's own (PNG, JPEG, GIF, WebP, AVIF or SVG, whatever libvips
    /// reads) at most `maxWidth` pixels wide, never enlarged: what a packet draws. Refused over
    /// `limits`, as thumbnails are.
    public static func printPicture(_ bytes: Data, maxWidth: Int, limits: ImageLimits = ImageLimits()) throws(ImagingError) -> PrintPicture {
        guard started, svgAllowed else { throw unavailable }
        try checkHeader(bytes, limits: limits)
        let result: Result<PrintPicture, ImagingError> = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return .failure(ImagingError(.notAnImage, "the picture is empty")) }
            var image: UnsafeMutablePointer<VipsImage>?
            guard gazette_vips_print(UnsafeMutableRawPointer(mutating: base), raw.count, Int32(max(1, maxWidth)), &image) == 0, let image else {
                gazette_vips_error_clear()
                return .failure(ImagingError(.broken, "the picture is broken or truncated"))
            }
            defer { g_object_unref(UnsafeMutableRawPointer(image)) }
            var size = 0
            guard let memory = gazette_vips_write_to_memory(image, &size) else {
                gazette_vips_error_clear()
                return .failure(ImagingError(.broken, "the picture could not be decoded"))
            }
            defer { g_free(memory) }
            let width = Int(gazette_vips_width(image)), height = Int(gazette_vips_height(image))
            guard size == width * height * 4 else { return .failure(ImagingError(.broken, "the picture has an unexpected layout")) }
            let pixels = [UInt8](UnsafeRawBufferPointer(start: memory, count: size))
            return .success(PrintPicture(width: width, height: height, rgba: pixels))
        }
        return try result.get()
    }
}

extension Thumbnailer {
    /// A picture of the site's own at `width` pixels wide (its aspect kept, never enlarged), as
    /// WebP: the smaller sizes a page's `srcset` offers.
    public static func scaledWebP(_ bytes: Data, width: Int, quality: Int = 80) throws(ImagingError) -> Data {
        guard started else { throw unavailable }
        let result: Result<Data, ImagingError> = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return .failure(ImagingError(.notAnImage, "the picture is empty")) }
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            guard gazette_vips_scaled_webp(UnsafeMutableRawPointer(mutating: base), raw.count, Int32(width), Int32(quality), &buffer, &length) == 0,
                let buffer
            else {
                gazette_vips_error_clear()
                return .failure(ImagingError(.broken, "the picture is broken or truncated"))
            }
            defer { g_free(buffer) }
            return .success(Data(bytes: buffer, count: length))
        }
        return try result.get()
    }

    /// A picture of the site's own that browsers cannot all show (a phone's HEIC) as a JPEG at
    /// its own size, upright, without metadata: what a page shows in its place. Refused over
    /// `limits`, as thumbnails are.
    public static func uprightJPEG(_ bytes: Data, quality: Int = 88, limits: ImageLimits = ImageLimits()) throws(ImagingError) -> Data {
        guard started else { throw unavailable }
        try checkHeader(bytes, limits: limits)
        let result: Result<Data, ImagingError> = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return .failure(ImagingError(.notAnImage, "the picture is empty")) }
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            guard gazette_vips_upright_jpeg(UnsafeMutableRawPointer(mutating: base), raw.count, Int32(quality), &buffer, &length) == 0, let buffer else {
                gazette_vips_error_clear()
                return .failure(ImagingError(.broken, "the picture is broken or truncated"))
            }
            defer { g_free(buffer) }
            return .success(Data(bytes: buffer, count: length))
        }
        return try result.get()
    }
}


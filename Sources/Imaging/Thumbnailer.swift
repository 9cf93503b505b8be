internal import CVips
import Foundation
import GazetteModel

/// The image formats Gazette makes thumbnails from, told by their first bytes: what a server
/// says in `Content-Type` is never believed.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp

    /// The format the bytes start with (`PictureKind`), or nil when they are none of these.
    public static func sniff(_ bytes: Data) -> ImageFormat? {
        switch PictureKind.of([UInt8](bytes.prefix(16))) {
        case .jpeg: .jpeg
        case .png: .png
        case .webp: .webp
        default: nil
        }
    }

    /// What bytes that are not one of these are, in a few words for a warning: "a web page
    /// (HTML)", "an SVG drawing", "a GIF picture", "text", "an empty file".
    public static func describeOther(_ bytes: Data) -> String {
        PictureKind.of([UInt8](bytes.prefix(4096))).described
    }
}

/// How large an image Gazette agrees to decode. The header is read first and an image over
/// these limits is refused before any pixel is decoded, so a decompression bomb (a small file
/// that claims 30,000 × 30,000 pixels) costs next to nothing.
public struct ImageLimits: Sendable {
    /// Pixels (width × height) at most: 40 million is a 7,300 × 5,500 photo.
    public var maxPixels = 40_000_000
    /// Width or height at most.
    public var maxSide = 20_000
    /// Width and height at least: smaller images are tracking pixels and icons, not photos.
    public var minSide = 16

    public init() {}
}

/// Why no thumbnail could be made: the module's one error type, a kind to act on and words for
/// a warning. The image has no place in a site file (it came from an address), so the caller
/// names the address when it reports the message.
public struct ImagingError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The bytes are not a JPEG, PNG or WebP image.
        case notAnImage
        /// A JPEG, PNG or WebP that no decoder accepts, or that ends too soon.
        case broken
        /// Over `ImageLimits`' pixels or side.
        case tooLarge
        /// Under `ImageLimits.minSide`: a tracking pixel or an icon.
        case tooSmall
        /// No thumbnail of a size fits the byte limit, even at the lowest quality.
        case tooHeavy
        /// libvips itself could not be started.
        case unavailable
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// A thumbnail made: its size and its bytes.
public struct Thumbnail: Sendable, Equatable {
    /// What thumbnails are written as: WebP (what Gazette stores), or JPEG.
    public enum Format: Sendable { case webp, jpeg }

    public var width: Int
    public var height: Int
    public var data: Data
}

/// libvips behind the one thing Gazette asks of it: small WebP thumbnails of an untrusted
/// image. Only JPEG, PNG and WebP are decoded (sniffed from the bytes, and vips' own choice of
/// loader must agree); the header is checked against `ImageLimits` before decoding; decoding
/// uses vips' thumbnail-from-buffer, which shrinks JPEG and WebP while loading and streams
/// PNG, so memory stays small; a truncated or broken file fails instead of giving a grey
/// picture. The only file that calls libvips.
public enum Thumbnailer {
    /// libvips opened and started once per process, on first use (one thread per operation, no
    /// cache, untrusted loaders blocked): 0, or -2 when the library is not installed.
    private static let start: Int32 = gazette_vips_start()
    static var started: Bool { start == 0 }

    /// Why pictures cannot be read, when `started` is false.
    static var unavailable: ImagingError {
        ImagingError(
            .unavailable,
            start == -2 ? "libvips is not installed (on Debian: apt-get install libvips42)" : "libvips could not be started")
    }

    /// Width and height from the header, after the format checks; decodes no pixel.
    public static func dimensions(of bytes: Data, limits: ImageLimits = ImageLimits()) throws(ImagingError) -> (width: Int, height: Int) {
        let format = try check(bytes)
        let result: Result<(Int, Int), ImagingError> = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return .failure(ImagingError(.notAnImage, "the image is empty")) }
            guard let image = gazette_vips_header(base, raw.count) else {
                gazette_vips_error_clear()
                return .failure(ImagingError(.broken, "the \(format.rawValue.uppercased()) file is broken (its header cannot be read)"))
            }
            defer { g_object_unref(UnsafeMutableRawPointer(image)) }
            return .success((Int(gazette_vips_width(image)), Int(gazette_vips_height(image))))
        }
        let (width, height) = try result.get()
        try checkSize(width: width, height: height, limits: limits)
        return (width, height)
    }

    /// One thumbnail per size, each exactly that size (cropped to the centre), each at most
    /// `maxBytes` (quality is lowered until it fits). Throws when the bytes are not a JPEG,
    /// PNG or WebP, the image is too large or too small, or it is broken.
    public static func thumbnails(
        of bytes: Data, sizes: [(width: Int, height: Int)], maxBytes: Int, as output: Thumbnail.Format = .webp,
        limits: ImageLimits = ImageLimits()
    ) throws(ImagingError) -> [Thumbnail] {
        let format = try check(bytes)
        _ = try dimensions(of: bytes, limits: limits)
        var made: [Thumbnail] = []
        for size in sizes {
            let result: Result<Data, ImagingError> = bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return .failure(ImagingError(.notAnImage, "the image is empty")) }
                var image: UnsafeMutablePointer<VipsImage>?
                // vips reads the buffer without writing it; its signature only lacks `const`.
                guard gazette_vips_thumbnail(UnsafeMutableRawPointer(mutating: base), raw.count, Int32(size.width), Int32(size.height), &image) == 0,
                    let image
                else {
                    gazette_vips_error_clear()
                    return .failure(ImagingError(.broken, "the \(format.rawValue.uppercased()) file is broken or truncated"))
                }
                defer { g_object_unref(UnsafeMutableRawPointer(image)) }
                for quality in [80, 65, 50, 35] {
                    var buffer: UnsafeMutableRawPointer?
                    var length = 0
                    let status =
                        switch output {
                        case .webp: gazette_vips_webp(image, Int32(quality), &buffer, &length)
                        case .jpeg: gazette_vips_jpeg(image, Int32(quality), &buffer, &length)
                        }
                    guard status == 0, let buffer else {
                        gazette_vips_error_clear()
                        return .failure(ImagingError(.broken, "the \(format.rawValue.uppercased()) file is broken or truncated"))
                    }
                    defer { g_free(buffer) }
                    if length <= maxBytes { return .success(Data(bytes: buffer, count: length)) }
                }
                return .failure(ImagingError(.tooHeavy, "no \(size.width)×\(size.height) thumbnail fits in \(maxBytes >> 10) KB"))
            }
            made.append(Thumbnail(width: size.width, height: size.height, data: try result.get()))
        }
        return made
    }

    /// The format of `bytes`, checked by their first bytes and by the loader vips would use.
    private static func check(_ bytes: Data) throws(ImagingError) -> ImageFormat {
        guard let format = ImageFormat.sniff(bytes) else {
            throw ImagingError(.notAnImage, "not a JPEG, PNG or WebP image but \(ImageFormat.describeOther(bytes))")
        }
        guard started else { throw unavailable }
        let loader: String? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, let name = gazette_vips_find_loader(base, raw.count) else { return nil }
            return String(cString: name)
        }
        // vips names the loader's class: VipsForeignLoadJpegBuffer, VipsForeignLoadPngBuffer…
        guard let loader, loader.lowercased() == "vipsforeignload\(format.rawValue)buffer" else {
            gazette_vips_error_clear()
            throw ImagingError(.broken, "the \(format.rawValue.uppercased()) file is broken (no decoder accepts it)")
        }
        return format
    }

    private static func checkSize(width: Int, height: Int, limits: ImageLimits) throws(ImagingError) {
        if width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels {
            throw ImagingError(.tooLarge, "the image claims \(width)×\(height) pixels, over the limit of \(limits.maxPixels / 1_000_000) megapixels and \(limits.maxSide) px a side")
        }
        if width < limits.minSide || height < limits.minSide {
            throw ImagingError(.tooSmall, "the image is \(width)×\(height) pixels, too small to show")
        }
    }
}

/// What a picture file's first bytes say it is, whatever its name. Browsers decide how to show a
/// picture by its bytes (among the raster kinds) or by the type its name gives (SVG), so a
/// `photo.jpg` that holds a web page saved in its place, an iPhone's HEIC renamed `.jpg`, or a
/// PNG named `.svg` is a broken image on every page, though the file is there.
public enum PictureKind: Equatable, Sendable {
    case png, jpeg, gif, webp, avif, bmp, icon
    /// HEIF from a phone (HEIC): only Safari shows it; a build converts a `.heic` to JPEG.
    case heif
    case svg
    /// Not a picture: what the file holds, as a member would say it ("a web page (HTML)").
    case other(String)
    case empty

    /// The kind `header` (a file's first bytes, `PictureSize.headerBytes` or fewer) begins as.
    public static func of(_ header: [UInt8]) -> PictureKind {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            header.count >= offset + prefix.count && Array(header[offset..<(offset + prefix.count)]) == prefix
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        if header.isEmpty { return .empty }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { return .gif }
        if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { return .webp }
        // A BMP names the size of the header after its own 14 bytes (12, 40, 56, 108 or 124 in
        // practice): text that begins "BM" does not.
        if starts(ascii("BM")), header.count >= 26, [12, 16, 40, 52, 56, 64, 108, 124].contains(Int(header[14]) | Int(header[15]) << 8), header[16] == 0,
            header[17] == 0
        {
            return .bmp
        }
        if starts([0, 0, 1, 0]) || starts([0, 0, 2, 0]) { return .icon }
        if starts(ascii("ftyp"), at: 4) { return isoBrands(header) }
        if starts(ascii("%PDF-")) { return .other("a PDF document") }
        if starts(ascii("PK")) && header.count >= 4 && header[2] < 9 && header[3] < 9 { return .other("a zip archive") }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .other("a TIFF picture, which browsers do not show") }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return .other("a JPEG XL picture, which most browsers do not show") }
        return markup(header)
    }

    /// An ISO media file's kind by its brands (the `ftyp` box: a major brand, then compatible
    /// ones): AVIF, HEIF, or a video (a phone's Live Photo or clip).
    static func isoBrands(_ header: [UInt8]) -> PictureKind {
        let size = header.count >= 4 ? Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3]) : 0
        let end = min(header.count, max(size, 16))
        var brands: [String] = []
        for at in stride(from: 8, to: end - 3, by: 4) where at != 12 {  // 12–15: the minor version
            brands.append(String(decoding: header[at..<(at + 4)], as: UTF8.self))
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        if brands.contains(where: { ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains($0) }) { return .heif }
        return .other("a video")
    }

    /// Text: an SVG drawing, a web page saved in the picture's place, or other text.
    static func markup(_ header: [UInt8]) -> PictureKind {
        var start = header.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < header.count, [0x20, 0x09, 0x0A, 0x0D].contains(header[start]) { start += 1 }
        let text = header[start..<min(header.count, start + 4096)]
        guard !text.contains(0) else { return .other("bytes of no picture kind a browser shows") }
        let lower = String(decoding: text, as: UTF8.self).lowercased()
        if lower.hasPrefix("<") && lower.contains("<svg") && !lower.contains("<html") { return .svg }
        if lower.hasPrefix("<") && ["<!doctype html", "<html", "<head", "<body", "<meta", "<script"].contains(where: lower.contains) {
            return .other("a web page (HTML)")
        }
        return .other("text")
    }

    /// How the kind is named to a member, with its article: "a PNG picture", "an SVG drawing".
    public var described: String {
        switch self {
        case .svg: "an SVG drawing"
        case .avif: "an AVIF picture"
        case .icon: "an icon"
        case .other(let what): what
        case .empty: "an empty file"
        default: "a \(name) picture"
        }
    }

    /// How the kind is named to a member: "PNG", "HEIC".
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .avif: "AVIF"
        case .bmp: "BMP"
        case .icon: "icon"
        case .heif: "HEIC"
        case .svg: "SVG"
        case .other(let what): what
        case .empty: "nothing"
        }
    }

    /// The file name extension the kind is saved with.
    public var fileExtension: String? {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        case .webp: "webp"
        case .avif: "avif"
        case .bmp: "bmp"
        case .icon: "ico"
        case .heif: "heic"
        case .svg: "svg"
        case .other, .empty: nil
        }
    }

    /// What is wrong with a file of this kind named with `fileExtension` (lower case), as a page
    /// would show it; nil when every browser shows it, or a build converts it (a `.heic`).
    public func mismatch(named fileExtension: String) -> PictureMismatch? {
        switch (self, fileExtension) {
        case (.empty, _): return .notAPicture(self)
        case (.other, _): return .notAPicture(self)
        case (.svg, "svg"): return nil
        case (.svg, _), (_, "svg"): return .misnamed(self)
        case (_, "heic"), (_, "heif"): return nil
        case (.heif, _): return .misnamed(self)
        // Browsers tell the raster kinds apart by their bytes, whatever the name says.
        default: return nil
        }
    }
}

/// Why a picture file a page names would show as a broken image.
public enum PictureMismatch: Equatable, Sendable {
    /// It holds something else (a web page, text, nothing).
    case notAPicture(PictureKind)
    /// It is a picture, under a name browsers read another way (HEIC as `.jpg`, SVG as `.png`).
    case misnamed(PictureKind)
}

import Foundation

/// The pixel size a picture file declares in its header, read without decoding it: PNG, JPEG,
/// GIF, WebP (lossy, lossless and extended) and HEIF (a phone's HEIC, AVIF); a JPEG's and a
/// HEIF's as it is shown, turned upright as its Exif
/// orientation says (a phone's portrait photo). Pages set it as the `<img>`'s width and height so
/// nothing moves when the picture arrives. Nil for anything else (SVG has no pixels) or a header
/// too short or malformed to say.
public enum PictureSize {
    /// How much of a file `read` looks at: a JPEG's frame header comes after its metadata.
    public static let headerBytes = 64 * 1024

    public static func read(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(headerBytes))
        func u16be(_ i: Int) -> Int { i + 1 < bytes.count ? Int(bytes[i]) << 8 | Int(bytes[i + 1]) : 0 }
        func u16le(_ i: Int) -> Int { i + 1 < bytes.count ? Int(bytes[i + 1]) << 8 | Int(bytes[i]) : 0 }
        func u24le(_ i: Int) -> Int { i + 2 < bytes.count ? Int(bytes[i + 2]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i]) : 0 }
        func u32be(_ i: Int) -> Int { u16be(i) << 16 | u16be(i + 2) }
        func valid(_ width: Int, _ height: Int) -> (width: Int, height: Int)? { width > 0 && height > 0 ? (width, height) : nil }
        // The whole `ftyp` box: an AVIF may name `avif` among its compatible brands only.
        switch PictureKind.of(Array(bytes.prefix(64))) {
        case .png: return bytes.count >= 24 ? valid(u32be(16), u32be(20)) : nil
        case .gif: return bytes.count >= 10 ? valid(u16le(6), u16le(8)) : nil
        case .webp:
            guard bytes.count >= 30 else { return nil }
            switch String(decoding: bytes[12..<16], as: UTF8.self) {
            case "VP8 ": return valid(u16le(26) & 0x3FFF, u16le(28) & 0x3FFF)
            case "VP8L":
                let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
                return valid((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
            case "VP8X": return valid(u24le(24) + 1, u24le(27) + 1)
            default: return nil
            }
        case .avif, .heif: return heif(bytes)
        case .jpeg:
            var index = 2
            var turned = false
            while index + 9 < bytes.count {
                guard bytes[index] == 0xFF else { return nil }
                let marker = bytes[index + 1]
                if marker == 0xFF { index += 1; continue }
                // Start of frame (baseline, progressive, …), not DHT (C4), JPG (C8) or DAC (CC).
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    let (width, height) = (u16be(index + 7), u16be(index + 5))
                    return turned ? valid(height, width) : valid(width, height)
                }
                let length = u16be(index + 2)
                if marker == 0xE1, let orientation = exifOrientation(bytes, from: index + 4, to: min(bytes.count, index + 2 + length)) {
                    turned = orientation >= 5 && orientation <= 8
                }
                index += 2 + length
            }
            return nil
        default: return nil
        }
    }

    /// A HEIF file's (HEIC from a phone, AVIF): the primary item's `ispe` (its size as stored),
    /// turned by its `irot` (a quarter or three quarters: width and height swap), which is how
    /// decoders show it. Nil unless the boxes say so within `bytes`.
    static func heif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        func u16(_ i: Int) -> Int? { i >= 0 && i + 1 < bytes.count ? Int(bytes[i]) << 8 | Int(bytes[i + 1]) : nil }
        func u32(_ i: Int) -> Int? {
            guard let high = u16(i), let low = u16(i + 2) else { return nil }
            return high << 16 | low
        }
        /// The boxes in `range`: type, where the content starts, where the box ends.
        func boxes(_ range: Range<Int>) -> [(type: String, content: Int, end: Int)] {
            var found: [(String, Int, Int)] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound, let size = u32(at) {
                var header = 8, length = size
                if size == 1 {
                    guard let high = u32(at + 8), let low = u32(at + 12), high == 0 else { break }
                    (header, length) = (16, low)
                } else if size == 0 {
                    length = range.upperBound - at
                }
                guard length >= header, at + length <= range.upperBound else { break }
                found.append((String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), at + header, at + length))
                at += length
            }
            return found
        }
        // `meta` and the boxes in it are full boxes: a version and flags before their content.
        guard let meta = boxes(0..<bytes.count).first(where: { $0.type == "meta" }) else { return nil }
        let inMeta = boxes(min(meta.content + 4, meta.end)..<meta.end)
        guard let pitm = inMeta.first(where: { $0.type == "pitm" }), let version = bytes.indices.contains(pitm.content) ? bytes[pitm.content] : nil,
            let primary = version == 0 ? u16(pitm.content + 4) : u32(pitm.content + 4),
            let iprp = inMeta.first(where: { $0.type == "iprp" })
        else { return nil }
        let inProperties = boxes(iprp.content..<iprp.end)
        guard let ipco = inProperties.first(where: { $0.type == "ipco" }) else { return nil }
        let properties = boxes(ipco.content..<ipco.end)
        // The primary item's properties, by their 1-based place in `ipco`.
        var associated: [Int] = []
        for ipma in inProperties where ipma.type == "ipma" {
            guard ipma.content + 8 <= ipma.end else { continue }
            let wide = bytes[ipma.content] >= 1, large = bytes[ipma.content + 3] & 1 == 1
            guard let count = u32(ipma.content + 4) else { continue }
            var at = ipma.content + 8
            for _ in 0..<min(count, 65_536) {
                guard let item = wide ? u32(at) : u16(at) else { break }
                at += wide ? 4 : 2
                guard at < ipma.end else { break }
                let links = Int(bytes[at])
                at += 1
                for _ in 0..<links {
                    guard at + (large ? 1 : 0) < ipma.end else { break }
                    let index = large ? (u16(at) ?? 0) & 0x7FFF : Int(bytes[at]) & 0x7F
                    at += large ? 2 : 1
                    if item == primary { associated.append(index) }
                }
            }
        }
        var size: (width: Int, height: Int)?
        var turned = false
        for index in associated where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            if property.type == "ispe", let width = u32(property.content + 4), let height = u32(property.content + 8), property.content + 12 <= property.end {
                size = (width, height)
            } else if property.type == "irot", property.content < property.end {
                turned = bytes[property.content] & 1 == 1
            }
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return turned ? (size.height, size.width) : size
    }

    /// The orientation (1–8) an Exif block (`Exif\0\0`, then a TIFF header and its first IFD)
    /// in `bytes[start..<end]` gives its picture: a phone held upright stores its picture turned and
    /// says 6 or 8, which browsers apply, and so does every copy Gazette makes of it (libvips turns
    /// it upright). 5 to 8 swap the width and height a page shows. Nil without one.
    static func exifOrientation(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        guard end - start >= 14, Array(bytes[start..<(start + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] else { return nil }
        let tiff = start + 6
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= tiff, i + 1 < end else { return nil }
            return little ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : Int(bytes[i]) << 8 | Int(bytes[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let first = u16(i), let second = u16(i + 2) else { return nil }
            return little ? first | second << 16 : first << 16 | second
        }
        guard let offset = u32(tiff + 4), offset >= 8, let count = u16(tiff + offset) else { return nil }
        for entry in 0..<min(count, 512) {
            let at = tiff + offset + 2 + 12 * entry
            guard let tag = u16(at) else { return nil }
            // Orientation: type SHORT, one value, held in the entry itself.
            if tag == 0x0112 {
                guard u16(at + 2) == 3, let value = u16(at + 8), (1...8).contains(value) else { return nil }
                return value
            }
        }
        return nil
    }
}

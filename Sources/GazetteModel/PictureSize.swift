import Foundation

/// The pixel size a picture file declares in its header, read without decoding it: PNG, JPEG,
/// GIF and WebP (lossy, lossless and extended). Pages set it as the `<img>`'s width and height so
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
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24 {
            return valid(u32be(16), u32be(20))
        }
        if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 { return valid(u16le(6), u16le(8)) }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 30, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            switch String(decoding: bytes[12..<16], as: UTF8.self) {
            case "VP8 ": return valid(u16le(26) & 0x3FFF, u16le(28) & 0x3FFF)
            case "VP8L":
                let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
                return valid((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
            case "VP8X": return valid(u24le(24) + 1, u24le(27) + 1)
            default: return nil
            }
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            var index = 2
            while index + 9 < bytes.count {
                guard bytes[index] == 0xFF else { return nil }
                let marker = bytes[index + 1]
                if marker == 0xFF { index += 1; continue }
                // Start of frame (baseline, progressive, …), not DHT (C4), JPG (C8) or DAC (CC).
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return valid(u16be(index + 7), u16be(index + 5))
                }
                index += 2 + u16be(index + 2)
            }
        }
        return nil
    }
}

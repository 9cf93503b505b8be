import Foundation

/// A picture as a site publishes it: its pixels and colours as they are, without what a camera or
/// an editor wrote about it. A phone's photo carries where it was taken (Exif GPS, to a few
/// metres), the phone's make and serial, the time, and a thumbnail of the picture before it was
/// cropped; a group's site is public. Nothing is decoded or encoded again: segments and chunks
/// are dropped as they are, so the same file gives the same bytes.
///
/// - JPEG: every APP1 (Exif, XMP), APP13 (IPTC), other application segments but APP0 (JFIF),
///   APP2 (ICC colour profiles; a multi-picture index is dropped) and APP14 (Adobe's colour
///   transform), comments, and anything after the picture's end (a phone's depth map or
///   second picture). An Exif orientation other than 1 (a portrait photo stored turned) is
///   written again, alone, so browsers still show the photo upright.
/// - PNG: `eXIf` and the text chunks (`tEXt`, `zTXt`, `iTXt`: XMP among them) and `tIME`.
/// - WebP: the `EXIF` and `XMP ` chunks, their flags cleared.
///
/// Anything else, or a file it cannot follow to its end, is returned as it is.
public enum PictureMetadata {
    public static func stripped(_ data: Data) -> Data {
        // Only WebP's extended format holds metadata, and says so in its flags: most WebP files
        // (a simple VP8 or VP8L, or one stripped before, as every thumbnail) are returned uncopied.
        let head = [UInt8](data.prefix(21))
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8),
            head.count < 21 || Array(head[12..<16]) != Array("VP8X".utf8) || head[20] & 0x0C == 0
        {
            return data
        }
        let bytes = [UInt8](data)
        let result: [UInt8]? =
            switch PictureKind.of(Array(bytes.prefix(16))) {
            case .jpeg: jpeg(bytes)
            case .png: png(bytes)
            case .webp: webp(bytes)
            default: nil
            }
        return result.map { Data($0) } ?? data
    }

    // MARK: - JPEG

    static func jpeg(_ bytes: [UInt8]) -> [UInt8]? {
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        var kept: [UInt8] = [0xFF, 0xD8]
        kept.reserveCapacity(bytes.count)
        var orientation: Int?
        var afterJFIF: Int?
        var index = 2
        while true {
            guard index + 1 < bytes.count, bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0xD9 {
                kept += [0xFF, 0xD9]
                break
            }
            // Markers without a length: a restart outside a scan, or one the file should not hold.
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                kept += [0xFF, marker]
                index += 2
                continue
            }
            guard index + 3 < bytes.count else { return nil }
            let length = u16(index + 2)
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            let segment = index..<(index + 2 + length)
            let payload = (index + 4)..<(index + 2 + length)
            switch marker {
            case 0xE1:
                if let value = PictureSize.exifOrientation(bytes, from: payload.lowerBound, to: payload.upperBound) { orientation = value }
            case 0xE2 where bytes[payload].starts(with: Array("ICC_PROFILE".utf8) + [0]):
                kept += bytes[segment]
            case 0xE0 where bytes[payload].starts(with: Array("JFIF".utf8) + [0]):
                kept += bytes[segment]
                afterJFIF = kept.count
            case 0xEE:
                kept += bytes[segment]
            case 0xE0...0xEF, 0xFE:
                break
            default:
                kept += bytes[segment]
            }
            index = segment.upperBound
            guard marker == 0xDA else { continue }
            // A scan's coded data runs to the next marker that is neither a stuffed byte nor a restart.
            var end = index
            while end + 1 < bytes.count {
                if bytes[end] == 0xFF, bytes[end + 1] != 0x00, !(0xD0...0xD7).contains(bytes[end + 1]) { break }
                end += 1
            }
            guard end + 1 < bytes.count else { return nil }
            kept += bytes[index..<end]
            index = end
        }
        if let orientation, orientation != 1 {
            // Exif, big-endian, one entry: the orientation, right after SOI (and JFIF).
            let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0]
            let exif = Array("Exif".utf8) + [0, 0] + tiff
            kept.insert(contentsOf: [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif, at: afterJFIF ?? 2)
        }
        return kept
    }

    // MARK: - PNG

    static let pngDropped: Set<String> = ["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]

    static func png(_ bytes: [UInt8]) -> [UInt8]? {
        var kept = Array(bytes[0..<8])
        kept.reserveCapacity(bytes.count)
        var index = 8
        while index + 12 <= bytes.count {
            let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 0, index + 12 + length <= bytes.count else { return nil }
            let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            let chunk = index..<(index + 12 + length)
            if !pngDropped.contains(type) { kept += bytes[chunk] }
            index = chunk.upperBound
            if type == "IEND" { return kept }
        }
        return nil
    }

    // MARK: - WebP

    static func webp(_ bytes: [UInt8]) -> [UInt8]? {
        var chunks: [UInt8] = []
        chunks.reserveCapacity(bytes.count)
        var index = 12
        var flagsAt: Int?
        while index + 8 <= bytes.count {
            let type = String(decoding: bytes[index..<(index + 4)], as: UTF8.self)
            let size = Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]) << 16 | Int(bytes[index + 7]) << 24
            let padded = size + (size & 1)
            guard index + 8 + size <= bytes.count else { return nil }
            let end = min(bytes.count, index + 8 + padded)
            if type != "EXIF", type != "XMP " {
                if type == "VP8X" { flagsAt = chunks.count + 8 }
                chunks += bytes[index..<end]
            }
            index = end
        }
        guard index == bytes.count else { return nil }
        if let flagsAt, flagsAt < chunks.count { chunks[flagsAt] &= ~UInt8(0x08 | 0x04) }
        let riffSize = 4 + chunks.count
        return Array("RIFF".utf8) + [UInt8(riffSize & 0xFF), UInt8(riffSize >> 8 & 0xFF), UInt8(riffSize >> 16 & 0xFF), UInt8(riffSize >> 24 & 0xFF)]
            + Array("WEBP".utf8) + chunks
    }
}

/// A 128-bit digest of build inputs, the same in every process and on every run (unlike
/// `Hasher`, which is seeded per process), used as a key: a page whose inputs have the
/// fingerprint of the page already written is not rendered again. Made by `FingerprintHasher`
/// (or `Fingerprint.of`); a fingerprint takes no more input.
///
/// Not cryptographic. Its inputs are the site's own files, and what it guards is only whether
/// work is repeated: a collision would keep a stale page, never run anything.
public struct Fingerprint: Hashable, Sendable, Codable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) { (self.high, self.low) = (high, low) }

    /// The value of a hasher given nothing, unfinalised: a placeholder key (no options yet).
    public init() { (high, low) = (FingerprintHasher.seed.high, FingerprintHasher.seed.low) }

    /// Thirty-two hex digits.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for value in [high, low] {
            for shift in stride(from: 60, through: 0, by: -4) { bytes.append(digits[Int((value >> UInt64(shift)) & 0xF)]) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func of(_ text: String) -> Fingerprint {
        var hasher = FingerprintHasher()
        hasher.add(text)
        return hasher.digest
    }

    public static func of<Bytes: Collection<UInt8>>(bytes: Bytes) -> Fingerprint {
        var hasher = FingerprintHasher()
        hasher.add(bytes: bytes)
        return hasher.digest
    }
}

/// What makes a `Fingerprint`: two independent 64-bit lanes of multiply–rotate mixing over 8-byte
/// words, each field length-prefixed so that ("ab", "c") and ("a", "bc") differ (SHA-256 of every
/// page's inputs cost more than rendering). Add inputs, then take `digest`.
public struct FingerprintHasher: Sendable {
    static let seed = (high: UInt64(0x9E37_79B9_7F4A_7C15), low: UInt64(0xC2B2_AE3D_27D4_EB4F))

    private var high: UInt64
    private var low: UInt64

    public init() { (high, low) = (Self.seed.high, Self.seed.low) }

    private mutating func mix(_ word: UInt64) {
        high = ((high ^ word) &* 0xFF51_AFD7_ED55_8CCD)
        high = (high << 31) | (high >> 33)
        low = ((low ^ (word &+ 0x632B_E59B_D9B4_E019)) &* 0xC4CE_B9FE_1A85_EC53)
        low = (low << 27) | (low >> 37)
        low &+= high
    }

    public mutating func add<Bytes: Collection<UInt8>>(bytes: Bytes) {
        mix(UInt64(bytes.count))
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var offset = 0
            while offset + 8 <= raw.count {
                mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var word: UInt64 = 0
            for (index, byte) in raw[offset...].enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
            if offset < raw.count { mix(word) }
        }
        if done != nil { return }
        var word: UInt64 = 0
        var filled = 0
        for byte in bytes {
            word |= UInt64(byte) << (8 * UInt64(filled))
            filled += 1
            if filled == 8 {
                mix(word)
                word = 0
                filled = 0
            }
        }
        if filled > 0 { mix(word) }
    }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: $0) }
    }

    public mutating func add(_ number: Int) { mix(UInt64(bitPattern: Int64(number))) }
    /// A 64-bit word as it is (a floating-point number's bit pattern, say).
    public mutating func add(bits: UInt64) { mix(bits) }
    public mutating func add(_ flag: Bool) { mix(flag ? 0xB001_0001 : 0xB001_0000) }
    public mutating func add(_ other: Fingerprint) {
        mix(other.high)
        mix(other.low)
    }
    /// A marker for structure (the start of a list, a nil), so different shapes never collide.
    public mutating func add(tag: UInt8) { mix(0x7A90_0000_0000_0000 | UInt64(tag)) }

    /// The digest so far, finalised (the hasher can still take more input).
    public var digest: Fingerprint {
        func finish(_ value: UInt64) -> UInt64 {
            var z = value
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return Fingerprint(high: finish(high ^ low), low: finish(low &+ 0x9E37_79B9_7F4A_7C15))
    }
}

import Foundation

extension FingerprintHasher {
    /// Adds every stored property of `value`, recursively, in declaration order: strings,
    /// integers, flags, dates, optionals, arrays and nested structs. For model values (journals,
    /// articles) that feed a page or packet, so a property added later is covered without
    /// anyone remembering to list it here.
    public mutating func add(reflecting value: Any) {
        switch value {
        case let text as String: add(text)
        case let number as Int: add(number)
        case let flag as Bool: add(flag)
        case let date as Date: mix(date.timeIntervalSinceReferenceDate.bitPattern)
        case let number as Double: mix(number.bitPattern)
        default:
            let mirror = Mirror(reflecting: value)
            add(tag: 10)
            add(mirror.children.count)
            if mirror.displayStyle == .optional && mirror.children.isEmpty { add(tag: 11) }
            for child in mirror.children {
                add(child.label ?? "")
                add(reflecting: child.value)
            }
        }
    }
}

extension FingerprintHasher {
    /// Every property of a journal, from its fields' encoding (none listed here).
    public mutating func add(_ journal: Journal) {
        add(tag: 20)
        journal.addKey(to: &self)
    }

    /// Every property of an article, from its fields' encoding.
    public mutating func add(_ article: Article) {
        add(tag: 21)
        article.addKey(to: &self)
    }
}

/// A set of Unicode scalars as one bit each: inserting every character of every journal into a
/// `Set<Unicode.Scalar>` hashed each one, a tenth of a clean build's processor time (perf).
struct ScalarBits {
    private var words = [UInt64](repeating: 0, count: 0x110000 / 64)

    mutating func insert(_ value: UInt32) {
        words[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }

    mutating func insert(_ text: String) {
        var text = text
        text.withUTF8 { insert($0, 0, $0.count) }
    }

    /// Every scalar of `bytes[start..<end]`, well-formed UTF-8 that starts and ends on scalar
    /// boundaries (a Swift string's bytes cut at ASCII marks).
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        var index = start
        while index < end {
            let lead = UInt32(bytes[index])
            if lead < 0x80 {
                insert(lead)
                index += 1
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= end else { return }
            var value = length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            insert(value)
            index += length
        }
    }

    /// The scalars `rule` picks from the UTF-8 bytes of `text`.
    static func read(_ text: String, with rule: (UnsafeBufferPointer<UInt8>, inout ScalarBits) -> Void) -> Set<Unicode.Scalar> {
        var bits = ScalarBits()
        var text = text
        text.withUTF8 { rule($0, &bits) }
        return bits.scalars
    }

    var scalars: Set<Unicode.Scalar> {
        var result = Set<Unicode.Scalar>()
        for (index, word) in words.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                let bit = rest.trailingZeroBitCount
                if let scalar = Unicode.Scalar(UInt32(index * 64 + bit)) { result.insert(scalar) }
                rest &= rest - 1
            }
        }
        return result
    }
}

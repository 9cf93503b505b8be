import Foundation

extension FingerprintHasher {
    /// Adds `value` as its `Encodable` conformance writes it: every stored property, nested
    /// values and lists included, each under its name. A key made this way covers a property
    /// added later without anyone listing it (the conformance is synthesized); a property that
    /// must stay out of keys says so where it is declared (`NotInKey`).
    public mutating func add(encoding value: some Encodable) {
        let sink = FingerprintEncoder.Sink(self)
        // The encoder never throws; a conformance written by hand might, and what it wrote so
        // far still counts, with a mark that it stopped.
        do { try FingerprintEncoder.add(value, to: sink) } catch { sink.fingerprint.add(tag: 39) }
        self = sink.fingerprint
    }
}

extension Fingerprint {
    /// The digest of `value`'s encoding (`FingerprintHasher.add(encoding:)`).
    public static func of(encoding value: some Encodable) -> Fingerprint {
        var hasher = FingerprintHasher()
        hasher.add(encoding: value)
        return hasher.digest
    }
}

/// A value whose fields are boxed (`FieldsBox`): a key made by encoding it takes the box's
/// digest, made once per box, where encoding the fields again each time cost every key that holds
/// the value (a card's text is keyed on every board that shows it, on every `serve` save).
public protocol KeyedByBox: Encodable {
    /// The digest of the value's encoded fields (`FieldsBox.key`).
    var boxKey: Fingerprint { get }
}

/// A stored property that is not part of what its value is keyed by: a cache of something
/// keyed already (a journal's body text, whose digest is a field of its own), which may be
/// present or dropped without the value being another one.
@propertyWrapper
public struct NotInKey<Value: Hashable & Sendable>: Hashable, Sendable, Encodable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public func encode(to encoder: Encoder) throws {}
}

/// An `Encoder` that feeds a `FingerprintHasher` instead of writing a format: names and values go
/// straight into the hash, each container and list element marked so different shapes never
/// give the same stream. Strings are length-prefixed by `FingerprintHasher.add`.
struct FingerprintEncoder: Encoder {
    final class Sink {
        var fingerprint: FingerprintHasher
        init(_ fingerprint: FingerprintHasher) { self.fingerprint = fingerprint }
    }

    private enum Mark: UInt8 {
        case keyed = 30, unkeyed, single, element, none, superclass, integer, unordered, box
    }

    let sink: Sink
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.fingerprint.add(tag: Mark.keyed.rawValue)
        return KeyedEncodingContainer(Keyed<Key>(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.fingerprint.add(tag: Mark.unkeyed.rawValue)
        return Unkeyed(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: sink) }

    /// Adds one value: the scalars directly, anything else through its own conformance.
    static func add(_ value: some Encodable, to sink: Sink) throws {
        switch value {
        case let text as String: sink.fingerprint.add(text)
        case let number as Int: sink.fingerprint.add(number)
        case let flag as Bool: sink.fingerprint.add(flag)
        case let number as Double: sink.fingerprint.add(bits: number.bitPattern)
        case let date as Date: sink.fingerprint.add(bits: date.timeIntervalSinceReferenceDate.bitPattern)
        case let fingerprint as Fingerprint: sink.fingerprint.add(fingerprint)
        case let boxed as any KeyedByBox:
            sink.fingerprint.add(tag: Mark.box.rawValue)
            sink.fingerprint.add(boxed.boxKey)
        case let unordered as any UnorderedEncodable: try unordered.addInOrder(to: sink)
        case let number as Float: sink.fingerprint.add(bits: UInt64(number.bitPattern))
        case let number as any BinaryInteger:
            sink.fingerprint.add(tag: Mark.integer.rawValue)
            sink.fingerprint.add(bits: UInt64(truncatingIfNeeded: number))
        default: try value.encode(to: FingerprintEncoder(sink: sink))
        }
    }

    fileprivate static func addUnordered(_ entries: [(key: Fingerprint, value: (any Encodable)?)], to sink: Sink) throws {
        sink.fingerprint.add(tag: Mark.unordered.rawValue)
        sink.fingerprint.add(entries.count)
        for entry in entries.sorted(by: { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }) {
            sink.fingerprint.add(entry.key)
            if let value = entry.value { try add(value, to: sink) }
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        private func name(_ key: Key) { sink.fingerprint.add(key.stringValue) }

        mutating func encodeNil(forKey key: Key) throws {
            name(key)
            sink.fingerprint.add(tag: Mark.none.rawValue)
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            name(key)
            try FingerprintEncoder.add(value, to: sink)
        }
        // A nil optional is said, not left out, so that moving a value between two optional
        // properties changes the key.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            name(key)
            return FingerprintEncoder(sink: sink).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            name(key)
            return FingerprintEncoder(sink: sink).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            sink.fingerprint.add(tag: Mark.superclass.rawValue)
            return FingerprintEncoder(sink: sink)
        }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            name(key)
            return FingerprintEncoder(sink: sink)
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let sink: Sink
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(sink: Sink) { self.sink = sink }

        private mutating func element() {
            count += 1
            sink.fingerprint.add(tag: Mark.element.rawValue)
        }
        mutating func encodeNil() throws {
            element()
            sink.fingerprint.add(tag: Mark.none.rawValue)
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            element()
            try FingerprintEncoder.add(value, to: sink)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            element()
            return FingerprintEncoder(sink: sink).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            element()
            return FingerprintEncoder(sink: sink).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            element()
            return FingerprintEncoder(sink: sink)
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { sink.fingerprint.add(tag: Mark.none.rawValue) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            sink.fingerprint.add(tag: Mark.single.rawValue)
            try FingerprintEncoder.add(value, to: sink)
        }
    }
}

/// Dictionaries and sets encode in their iteration order, which differs between processes
/// and between two equal values built apart: their entries go into a key in the order of
/// their keys' own fingerprints instead.
private protocol UnorderedEncodable {
    func addInOrder(to sink: FingerprintEncoder.Sink) throws
}

extension Dictionary: UnorderedEncodable where Key: Encodable, Value: Encodable {
    fileprivate func addInOrder(to sink: FingerprintEncoder.Sink) throws {
        try FingerprintEncoder.addUnordered(map { (Fingerprint.of(encoding: $0.key), $0.value) }, to: sink)
    }
}

extension Set: UnorderedEncodable where Element: Encodable {
    fileprivate func addInOrder(to sink: FingerprintEncoder.Sink) throws {
        try FingerprintEncoder.addUnordered(map { (Fingerprint.of(encoding: $0), nil) }, to: sink)
    }
}

import Synchronization

/// The one copy-on-write box of a value of many fields (`Journal`, `Article`, a card's text): its
/// fields, never written once boxed (a setter boxes the changed fields anew), and the digest of
/// their encoding, made the first time a key asks for it. A copy of the value is one retain, not
/// one per field. A `serve` save keys every journal and article of a week's
/// packet and of every page again; on a busy fortnight, encoding them each time was a sixth of a
/// save's processor time.
public final class FieldsBox<Fields: Encodable & Sendable>: Sendable {
    public let fields: Fields
    private let digest = Mutex<Fingerprint?>(nil)

    public init(_ fields: Fields) { self.fields = fields }

    /// A new box of the fields with `change` made.
    @inlinable public func changed(_ change: (inout Fields) -> Void) -> FieldsBox {
        var fields = fields
        change(&fields)
        return FieldsBox(fields)
    }

    /// The digest of the fields' encoding (`FingerprintHasher.add(encoding:)`).
    public var key: Fingerprint {
        if let known = digest.withLock({ $0 }) { return known }
        var hasher = FingerprintHasher()
        hasher.add(encoding: fields)
        let made = hasher.digest
        digest.withLock { $0 = made }
        return made
    }
}

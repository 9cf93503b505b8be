import Foundation

/// A value shared by several threads behind a lock. Every access goes through `withLock`, so a
/// check and the act that depends on it happen under one acquisition.
///
/// `@unchecked Sendable` is sound here: the value is private and only ever touched while the lock
/// is held.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) { self.value = value }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

import Synchronization

/// A value shared by several threads behind a lock. Every access goes through `withLock`, so a
/// check and the act that depends on it happen under one acquisition.
///
/// The value lives inside the standard library's `Mutex`, so the compiler checks that sharing is
/// safe: nothing here needs `@unchecked Sendable`. A class, so that it can be shared by
/// reference (`Mutex` cannot be copied).
public final class Locked<Value: Sendable>: Sendable {
    @usableFromInline let mutex: Mutex<Value>

    public init(_ value: Value) { mutex = Mutex(value) }

    @inlinable
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in try body(&value) }
    }
}

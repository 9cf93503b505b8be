import Dispatch
import Foundation

extension RandomAccessCollection where Index == Int, Self: Sendable {
    /// `map` on every core: `transform` runs for each element on Dispatch's worker threads, in
    /// contiguous chunks, and the results come back in order. If calls throw, the error of the
    /// earliest element that failed is thrown (the same one every run), once all have finished.
    ///
    /// `transform` must be safe to call from several threads at once.
    ///
    /// Inlinable, so that each caller's module specializes it: called generically across modules,
    /// every result was copied through value witnesses twice over (a third of the cost of a
    /// `serve` save's page loop, whose transform is a lookup).
    @inlinable
    public func concurrentMap<T>(_ transform: (Element) throws -> T) throws -> [T] {
        try results(transform).map { try $0.get() }
    }

    /// `concurrentMap` of a transform that cannot fail.
    @inlinable
    public func concurrentMap<T>(_ transform: (Element) -> T) -> [T] {
        results(transform).map { result in
            switch result {
            case .success(let value): value
            case .failure(let error): preconditionFailure("concurrentMap: a transform that cannot throw threw \(error)")
            }
        }
    }

    @inlinable
    func results<T>(_ transform: (Element) throws -> T) -> [Result<T, any Error>] {
        let count = self.count
        guard count > 1 else { return map { element in Result { try transform(element) } } }
        // Many small chunks, handed out as threads free up: items differ in cost (a board page
        // renders slower than a journal page, and they come in runs), and with four chunks a
        // core, rendering a 2,000-journal site kept 1.4 of 2 cores busy; with 32, 1.9.
        let chunks = Swift.min(count, Cores.count * 32)
        let first = startIndex
        var results = [Result<T, any Error>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            withoutActuallyEscaping(transform) { transform in
                let work = Work(buffer: buffer, transform: transform)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    for offset in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                        work.run(offset, on: self[first + offset])
                    }
                }
            }
        }
        return results.map { result in
            guard let result else { preconditionFailure("concurrentMap: a chunk was skipped") }
            return result
        }
    }
}

extension RandomAccessCollection where Index == Int {
    /// Calls `body` with each run of at most `size` consecutive elements, in order (the slices
    /// keep the collection's indices): for work done a batch at a time, so that what each batch
    /// makes can be let go before the next is made.
    public func forEachBatch(of size: Int, _ body: (SubSequence) throws -> Void) rethrows {
        var start = startIndex
        while start < endIndex {
            let end = start + Swift.min(Swift.max(1, size), endIndex - start)
            try body(self[start..<end])
            start = end
        }
    }
}

/// Runs `first` and `second` at once and returns both results: `second` on a thread of its own
/// (`startThread`), `first` on the calling one. For two steps of a build that need nothing from
/// each other, where one of them (or a part of it) runs on one core only. If both throw,
/// `first`'s error is thrown.
///
/// Not `concurrentPerform` over the two: libdispatch gives a `concurrentPerform` nested in
/// another only the outer one's share of the cores, so a `concurrentMap` inside either side ran
/// on one core (on 2 cores, parsing 2,000 journals' Markdown took 0.45 s of wall time for 0.45 s
/// of processor time).
///
/// Both must be safe to run alongside each other.
public func concurrently<A, B>(_ first: () throws -> A, _ second: () throws -> B) throws -> (A, B) {
    let done = DispatchGroup()
    var side: Result<B, any Error>? = nil
    let a: Result<A, any Error> = withUnsafeMutablePointer(to: &side) { slot in
        withoutActuallyEscaping(second) { second in
            let work = Work(buffer: UnsafeMutableBufferPointer(start: slot, count: 1)) { (_: Void) in try second() }
            done.enter()
            startThread {
                work.run(0, on: ())
                work.letGo()
                done.leave()
            }
            let a = Result { try first() }
            done.wait()
            return a
        }
    }
    return (try a.get(), try (side ?? .failure(CancellationError())).get())
}

/// `concurrently` of two sides that cannot fail.
public func concurrently<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    do {
        // Typed as throwing, so this calls the function above and not itself.
        return try concurrently({ () throws -> A in first() }, { () throws -> B in second() })
    } catch {
        preconditionFailure("concurrently: a side that cannot throw threw \(error)")
    }
}

/// Result slots and the transform that fills them, shared by the threads of one `concurrentMap`
/// (a slot per element) or one `concurrently` (a slot for its second side).
///
/// `@unchecked Sendable` is sound here, and cannot be proved by the compiler: every slot of
/// `buffer` is written by exactly one thread and read only after the threads have been waited for
/// (`concurrentPerform` has returned, or the group has been waited on; a lock per slot would cost
/// more than many transforms). `transform` is safe to call from several threads at once, the
/// documented contract of both functions (requiring `@Sendable` would refuse closures that capture
/// read-only non-Sendable values, as the callers' do); `letGo` is called by `concurrently`'s one
/// worker thread, after its only `run`.
@usableFromInline
final class Work<Element, T>: @unchecked Sendable {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<Result<T, any Error>?>
    @usableFromInline var transform: ((Element) throws -> T)?

    @inlinable
    init(buffer: UnsafeMutableBufferPointer<Result<T, any Error>?>, transform: @escaping (Element) throws -> T) {
        self.buffer = buffer
        self.transform = transform
    }

    /// Fills slot `index` with `transform(element)`, or the error it threw.
    @inlinable
    func run(_ index: Int, on element: Element) {
        guard let transform else { return }
        buffer[index] = Result { try transform(element) }
    }

    /// Drops the transform. A closure made escaping by `withoutActuallyEscaping` and handed to a
    /// Dispatch block must be let go before the block's group is left, or the check at the end of
    /// `withoutActuallyEscaping` could see it still held by a block not yet freed.
    func letGo() { transform = nil }
}

/// A value made on a thread of its own (`startThread`) while the caller goes on with other
/// steps; `value()` waits for it. For a step whose result only the last steps need (the search
/// index, which only the search page and its own files read): its one-core stretches are filled
/// by the steps in between, which use every core.
///
/// `result` is written once, by the thread, before it leaves the group, and read only after the
/// group has been waited on; the lock costs nothing there and lets the compiler check it.
public final class Background<T: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let result = Locked<Result<T, any Error>>(.failure(CancellationError()))

    public init(_ make: @escaping @Sendable () throws -> T) {
        done.enter()
        startThread {
            let made = Result { try make() }
            self.result.withLock { $0 = made }
            self.done.leave()
        }
    }

    /// The value, once made (or the error making it threw).
    public func value() throws -> T {
        done.wait()
        return try result.withLock { $0 }.get()
    }
}

/// Runs `body` on a new thread, not one of Dispatch's. Dispatch on Linux keeps as many worker
/// threads as cores and cannot tell when one of them waits: the search index, made on a worker
/// while cards were measured, held it while it waited for its own `concurrently`, whose second
/// side then found no worker free — cards ran on one core and the index stood still (real-Korean
/// clean build, 2,000 journals: 3.21 s, 2.87 s with threads of their own; a `concurrentMap`
/// inside still runs on Dispatch's workers). A thread costs tens of microseconds; these run for
/// a step or a batch of one.
private func startThread(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.stackSize = 8 << 20
    thread.start()
}

/// The cores this process may run on, read once: Foundation's `activeProcessorCount` reads the
/// cgroup's files on every call (six system calls), and every `concurrentMap` asked it.
public enum Cores {
    public static let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
}

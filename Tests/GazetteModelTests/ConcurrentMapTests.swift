import Dispatch
import Foundation
import Testing

@testable import GazetteModel

/// The build's two ways of using both cores: `concurrentMap` and `concurrently`.
@Suite struct ConcurrentMapTests {
    struct Failure: Error, Equatable { let side: String }

    @Test func concurrentMapKeepsOrderAndThrowsTheEarliestError() throws {
        let numbers = Array(0..<1_000)
        #expect(numbers.concurrentMap { $0 * 2 } == numbers.map { $0 * 2 })
        #expect(throws: Failure(side: "3")) {
            try numbers.concurrentMap { number -> Int in
                if number == 3 || number == 700 { throw Failure(side: "\(number)") }
                return number
            }
        }
    }

    /// Batches cover every element once, in order, at most `size` each, with the collection's
    /// own indices (a slice's too); a size below 1 counts as 1.
    @Test func batchesCoverEveryElementInOrder() {
        var seen: [[Int]] = []
        Array(10..<17).forEachBatch(of: 3) { seen.append(Array($0.indices)) }
        #expect(seen == [[0, 1, 2], [3, 4, 5], [6]])
        seen = []
        Array(0..<10)[4..<9].forEachBatch(of: 2) { seen.append(Array($0)) }
        #expect(seen == [[4, 5], [6, 7], [8]])
        seen = []
        [7, 8].forEachBatch(of: 0) { seen.append(Array($0)) }
        #expect(seen == [[7], [8]])
        [Int]().forEachBatch(of: 4) { _ in Issue.record("a batch of nothing") }
    }

    @Test func concurrentlyReturnsBothResultsAndPrefersTheFirstError() throws {
        let (a, b) = try concurrently({ () throws -> String in "first" }, { () throws -> Int in 2 })
        #expect(a == "first" && b == 2)
        // Sides that cannot fail: no `try`.
        let (c, d) = concurrently({ "first" }, { 2 })
        #expect(c == "first" && d == 2)
        #expect(throws: Failure(side: "first")) {
            try concurrently({ () throws -> Int in throw Failure(side: "first") }, { () throws -> Int in throw Failure(side: "second") })
        }
        #expect(throws: Failure(side: "second")) {
            try concurrently({ 1 }, { () throws -> Int in throw Failure(side: "second") })
        }
    }

    /// A `concurrentMap` inside either side of `concurrently` still gets every core. Built on
    /// `concurrentPerform` over the two sides, it ran on one thread: libdispatch gives a nested
    /// `concurrentPerform` only the outer one's share of the cores. The first element waits (up
    /// to 60 s, only ever reached when the map is serial) until another thread has taken one.
    @Test func aMapInsideEitherSideUsesMoreThanOneThread() throws {
        guard ProcessInfo.processInfo.activeProcessorCount > 1 else { return }
        func threadsUsed() -> Int {
            let threads = Locked<Set<UInt64>>([])
            let otherThreadStarted = DispatchSemaphore(value: 0)
            _ = Array(0..<64).concurrentMap { index -> Int in
                let seen = threads.withLock { threads -> Int in
                    threads.insert(UInt64(pthread_self()))
                    return threads.count
                }
                if index == 0, seen == 1 {
                    _ = otherThreadStarted.wait(timeout: .now() + 60)
                } else if index != 0, seen > 1 {
                    otherThreadStarted.signal()
                }
                return index
            }
            return threads.withLock { $0.count }
        }
        let (inFirst, inSecond) = concurrently({ threadsUsed() }, { threadsUsed() })
        #expect(inFirst > 1)
        #expect(inSecond > 1)
    }
}

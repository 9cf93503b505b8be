import Testing

@testable import Memory

/// A sort memo gives `list.sorted()` every time, patching the last sorted copy when the list
/// differs from the last one at a few places.
@Suite struct SortMemoTests {
    /// Paths as a save writes them: in the site's order, a page's own font renamed now and then.
    static func paths(_ count: Int, renamed: [Int: String] = [:]) -> [String] {
        (0..<count).map { renamed[$0] ?? ($0 % 3 == 0 ? "assets/fonts/page-\($0 * 7919 % 1000).woff2" : "journals/bench-\($0 * 104_729 % 5000)/index.html") }
    }

    @Test func aFewRenamedPathsArePatchedIntoTheLastSortedCopy() throws {
        let memo = SortMemo<String>()
        let first = Self.paths(2_400)
        #expect(memo.sorted(first) == first.sorted())
        let last = try #require(memo.last.withLock { $0 })
        let second = Self.paths(2_400, renamed: [3: "assets/fonts/page-zz.woff2", 1_200: "a.html", 2_399: "journals/bench-0/index.html"])
        let patched = try #require(memo.patched(second, last), "three places changed: patched, not sorted whole")
        #expect(patched == second.sorted())
        #expect(memo.sorted(second) == second.sorted())
    }

    @Test func anythingElseIsSortedWhole() throws {
        let memo = SortMemo<String>(patchLimit: 2)
        let first = Self.paths(100)
        _ = memo.sorted(first)
        let last = try #require(memo.last.withLock { $0 })
        #expect(memo.patched(first + ["x"], last) == nil, "another length")
        #expect(memo.patched(Self.paths(100, renamed: [1: "a", 2: "b", 3: "c"]), last) == nil, "more places than the limit")
        #expect(memo.patched(first, nil) == nil, "nothing remembered")
    }

    @Test func theResultIsAlwaysTheSortedListWithDuplicatesAndEqualItems() {
        let memo = SortMemo<Int>(patchLimit: 4)
        var generator = SystemRandomNumberGenerator()
        var list = (0..<200).map { _ in Int.random(in: 0..<50, using: &generator) }
        for _ in 0..<300 {
            // Zero to six places changed (sometimes to a value already there), or the length.
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: list.append(Int.random(in: 0..<50, using: &generator))
            case 1 where list.count > 1: list.removeLast()
            default:
                for _ in 0..<Int.random(in: 0...6, using: &generator) {
                    list[Int.random(in: 0..<list.count, using: &generator)] = Int.random(in: 0..<50, using: &generator)
                }
            }
            #expect(memo.sorted(list) == list.sorted())
        }
    }
}

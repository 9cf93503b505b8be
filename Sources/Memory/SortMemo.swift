import GazetteModel

/// A list sorted, the last list and its sorted copy remembered: a list that differs from the
/// last one at a few places (the same length) is sorted by taking the last sorted copy and
/// moving just those items, each found by binary search, instead of sorting it all again.
/// `gazette serve` sorts the 2,400 paths a save wrote, and a save renames one or two of them
/// (a page's own font is named by its syllables): a full sort of paths that share long
/// prefixes was a quarter of the step that updates the output folder.
///
/// The result is always `list.sorted()`, whatever the memo holds. The one rule holds by
/// construction: only the last list is kept.
public final class SortMemo<Element: Comparable & Sendable>: Sendable {
    @usableFromInline
    struct Last: Sendable {
        @usableFromInline var list: [Element]
        @usableFromInline var sorted: [Element]

        @inlinable
        init(list: [Element], sorted: [Element]) { (self.list, self.sorted) = (list, sorted) }
    }

    @usableFromInline let last = Locked<Last?>(nil)
    /// More places changed than this, and the list is sorted whole.
    @usableFromInline let patchLimit: Int

    @inlinable
    public init(patchLimit: Int = 64) { self.patchLimit = patchLimit }

    /// `list.sorted()`.
    @inlinable
    public func sorted(_ list: [Element]) -> [Element] {
        let result = patched(list, last.withLock { $0 }) ?? list.sorted()
        last.withLock { $0 = Last(list: list, sorted: result) }
        return result
    }

    /// The last sorted copy with the items at the places where `list` differs from the last
    /// list taken out and `list`'s put in; nil when the lengths differ or too many places do.
    @inlinable
    func patched(_ list: [Element], _ previous: Last?) -> [Element]? {
        guard let previous, previous.list.count == list.count else { return nil }
        var places: [Int] = []
        for place in list.indices where list[place] != previous.list[place] {
            places.append(place)
            if places.count > patchLimit { return nil }
        }
        var sorted = previous.sorted
        for place in places {
            // The old item is in the sorted copy (it was built from that list): its first
            // occurrence, found by binary search, goes.
            let old = previous.list[place]
            let at = Self.firstIndex(notBelow: old, in: sorted)
            guard at < sorted.count, sorted[at] == old else { return nil }
            sorted.remove(at: at)
        }
        for place in places {
            let new = list[place]
            sorted.insert(new, at: Self.firstIndex(notBelow: new, in: sorted))
        }
        return sorted
    }

    /// Two sorted lists as one sorted list (a linear merge, where sorting both again is n log n).
    @inlinable
    public static func merged(_ first: [Element], _ second: [Element]) -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            if second[j] < first[i] {
                merged.append(second[j])
                j += 1
            } else {
                merged.append(first[i])
                i += 1
            }
        }
        merged += first[i...]
        merged += second[j...]
        return merged
    }

    /// The first index of `sorted` whose element is not below `element` (`sorted.count` if none).
    @inlinable
    static func firstIndex(notBelow element: Element, in sorted: [Element]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

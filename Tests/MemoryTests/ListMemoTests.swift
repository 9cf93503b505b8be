import Memory
import Testing

/// A list memo takes each item's value from the item at the same place in the last list, when
/// equal there, and makes the rest; joined, it hands back the last join only while every item is
/// as it was.
@Suite struct ListMemoTests {
    @Test func valuesAreTakenByPlaceAndMadeForWhatChanged() {
        let memo = ListMemo<Int, String>()
        var made: [Int] = []
        func map(_ items: [Int]) -> [String] {
            memo.map(items) { item in
                made.append(item)
                return "v\(item)"
            }
        }
        #expect(map([1, 2, 3]) == ["v1", "v2", "v3"])
        #expect(map([1, 5, 3]) == ["v1", "v5", "v3"], "one item changed: its value only is made")
        #expect(made == [1, 2, 3, 5])
        // An item added at the front shifts every place: each is made again, none is mixed up.
        #expect(map([0, 1, 5, 3]) == ["v0", "v1", "v5", "v3"])
        #expect(made == [1, 2, 3, 5, 0, 1, 5, 3])
        #expect(map([0, 1]) == ["v0", "v1"], "a shorter list takes the places it still has")
        #expect(made.count == 8)
        memo.removeAll()
        #expect(map([0, 1]) == ["v0", "v1"])
        #expect(made.suffix(2) == [0, 1], "forgotten: made again")
    }

    @Test func aJoinIsHandedBackOnlyWhileEveryItemIsAsItWas() {
        let memo = ListMemo<Int, [String]>()
        var made = 0
        func joined(_ items: [Int]) -> [String] {
            memo.joined(items) { item in
                made += 1
                return item.isMultiple(of: 2) ? [] : ["odd \(item)", "again \(item)"]
            }
        }
        #expect(joined([1, 2, 3]) == ["odd 1", "again 1", "odd 3", "again 3"])
        #expect(joined([1, 2, 3]) == ["odd 1", "again 1", "odd 3", "again 3"])
        #expect(made == 3, "the same list: nothing made, the join handed back")
        #expect(joined([1, 2, 5]) == ["odd 1", "again 1", "odd 5", "again 5"], "a changed item is in the join")
        #expect(made == 4)
        #expect(joined([1, 2]) == ["odd 1", "again 1"], "a shorter list is joined again, not handed the longer join")
        #expect(made == 4)
        // Asked by `map` in between, the join of the list then is made, not an older one.
        _ = memo.map([7]) { _ in ["x"] }
        #expect(joined([7]) == ["x"])
    }

    /// An item equal to the last one at its place but in another box (a journal parsed again)
    /// takes the place: the next list compares it by identity, not field by field.
    @Test func theLastListsItemsAreTheNewOnes() {
        final class Box: Sendable {
            let text: String
            init(_ text: String) { self.text = text }
        }
        final class Compares: @unchecked Sendable { var fieldByField = 0 }
        struct Item: Equatable, Sendable {
            let box: Box
            let compares: Compares
            static func == (a: Item, b: Item) -> Bool {
                if a.box === b.box { return true }
                a.compares.fieldByField += 1
                return a.box.text == b.box.text
            }
        }
        let compares = Compares()
        let memo = ListMemo<Item, [String]>()
        var made = 0
        func joined(_ items: [Item]) -> [String] {
            memo.joined(items) { item in
                made += 1
                return [item.box.text]
            }
        }
        #expect(joined([Item(box: Box("a"), compares: compares)]) == ["a"])
        let again = Item(box: Box("a"), compares: compares)
        #expect(joined([again]) == ["a"])
        #expect(made == 1 && compares.fieldByField == 1, "equal in another box: taken, once compared field by field")
        #expect(joined([again]) == ["a"])
        #expect(compares.fieldByField == 1, "the new box was kept: compared by identity")
        #expect(made == 1)
    }
}

import GazetteModel
import Memory
import Testing

/// A memo hands back what it made only for equal inputs, and forgets by one rule: what a
/// build did not ask for goes at its end — not before, and not what it asked for.
@Suite struct MemoTests {
    /// `memo.value` recording whether `make` ran.
    final class Counter {
        var made: [String] = []

        func value(_ memo: Memo<String, Int, String>, _ name: String, _ inputs: Int) -> String {
            memo.value(name, inputs) {
                made.append("\(name)\(inputs)")
                return "\(name)=\(inputs)"
            }
        }
    }

    @Test func aValueIsMadeAgainOnlyWhenItsInputsDiffer() {
        let memo = Memo<String, Int, String>()
        let counter = Counter()
        #expect(counter.value(memo, "a", 1) == "a=1")
        #expect(counter.value(memo, "a", 1) == "a=1")
        #expect(counter.value(memo, "a", 2) == "a=2", "other inputs, another value: never the remembered one")
        #expect(counter.value(memo, "b", 2) == "b=2")
        memo.endBuild()
        #expect(counter.value(memo, "a", 2) == "a=2")
        #expect(counter.value(memo, "a", 1) == "a=1")
        #expect(counter.made == ["a1", "a2", "b2", "a1"])
    }

    @Test func aBuildForgetsWhatItDidNotAskForAtItsEnd() {
        let memo = Memo<String, Int, String>()
        let counter = Counter()
        for name in ["a", "b", "c"] { _ = counter.value(memo, name, 0) }
        #expect(memo.endBuild(), "three values made")
        // The next build asks for a and c (b's journal was deleted): b is still there until the
        // build ends, then gone.
        _ = counter.value(memo, "a", 0)
        _ = counter.value(memo, "c", 0)
        #expect(memo.count == 3)
        #expect(memo.endBuild(), "b let go: what the memo holds changed")
        #expect(memo.entries.keys.sorted() == ["a", "c"])
        // A build that asks for the same values again changes nothing.
        _ = counter.value(memo, "a", 0)
        _ = counter.value(memo, "c", 0)
        #expect(!memo.endBuild())
        #expect(counter.made == ["a0", "b0", "c0"])
    }

    @Test func aBuildThatFailsBeforeItsEndForgetsNothing() {
        let memo = Memo<String, Int, String>()
        let counter = Counter()
        for name in ["a", "b"] { _ = counter.value(memo, name, 0) }
        memo.endBuild()
        _ = counter.value(memo, "a", 0)
        // (the build throws here: no endBuild)
        for name in ["a", "b"] { _ = counter.value(memo, name, 0) }
        memo.endBuild()
        #expect(memo.entries.keys.sorted() == ["a", "b"])
        #expect(counter.made == ["a0", "b0"])
    }

    @Test func manyNamesAreLookedUpInASnapshotAndRecordedAtOnce() {
        let memo = Memo<String, Int, String>()
        memo.record(found: [], made: [("a", .init(inputs: 1, value: "A")), ("b", .init(inputs: 1, value: "B"))])
        memo.endBuild()
        let known = memo.known()
        #expect(known.value("a", 1) == "A" && known.value("a", 2) == nil && known["b"]?.value == "B" && known.count == 2)
        memo.record(found: ["a"], made: [])
        memo.endBuild()
        #expect(memo.entries.keys.sorted() == ["a"])
    }

    @Test func changesAreTakenForSavingOnce() {
        let memo = Memo<String, NoInputs, Int>(restoring: ["a": .init(inputs: NoInputs(), value: 1)])
        #expect(memo.takeChanged() == nil, "as read from disk: nothing to write")
        #expect(memo.found("a", NoInputs()) == 1)
        memo.endBuild()
        #expect(memo.takeChanged() == nil, "asked for and found: still as on disk")
        memo.keep("b", NoInputs(), 2)
        memo.endBuild()
        #expect(memo.takeChanged()?.mapValues(\.value) == ["b": 2], "a not asked for: let go; b made")
        #expect(memo.takeChanged() == nil)
        memo.removeAll()
        #expect(memo.takeChanged()?.isEmpty == true)
    }

    @Test func pastItsLimitAValueIsMadeButNotKept() {
        let memo = Memo<String, Int, String>(keepingAtMost: 2)
        let counter = Counter()
        for name in ["a", "b", "c", "a", "b", "c"] { _ = counter.value(memo, name, 0) }
        #expect(counter.made == ["a0", "b0", "c0", "c0"])
        #expect(memo.count == 2)
    }

    @Test func aBuildThatUsedEverythingSaysSoAtOnceAndCountsAreKept() {
        let memo = Memo<String, Int, String>()
        let counter = Counter()
        for name in ["a", "b", "c"] { _ = counter.value(memo, name, 0) }
        memo.endBuild()
        #expect(memo.lastBuild == .init(found: 0, made: 3))
        _ = counter.value(memo, "a", 0)
        _ = counter.value(memo, "b", 1)
        memo.endBuild()
        #expect(memo.lastBuild == .init(found: 1, made: 1), "a found, b made again, c let go")
        #expect(memo.entries.keys.sorted() == ["a", "b"])
        memo.recordAllFound()
        #expect(!memo.endBuild(), "every entry asked for at once: nothing let go")
        #expect(memo.entries.keys.sorted() == ["a", "b"])
        // The build after asks for a only: b goes, as if the bulk build had stamped each name.
        _ = counter.value(memo, "a", 0)
        #expect(memo.endBuild())
        #expect(memo.entries.keys.sorted() == ["a"])
        #expect(counter.made == ["a0", "b0", "c0", "b1"])
    }

    /// A test double of a journal gains a field: a memo whose inputs hold it makes its value
    /// again when only that field changes, with nothing listing the field (inputs compare by
    /// their synthesized `==`, as `Journal`'s fields do).
    @Test func aFieldAddedToAJournalIsInEveryMemoThatHoldsIt() {
        struct Journal: Equatable, Sendable {
            var title: String
            var tags: [String]
            var mood: String?  // the field added
        }
        struct CardInputs: Equatable, Sendable {
            var config: Int
            var journal: Journal
        }
        let texts = Memo<String, CardInputs, String>()
        let pages = Memo<String, [Journal], Int>()
        var made = 0
        func ask(_ journal: Journal) {
            _ = texts.value("slug", CardInputs(config: 1, journal: journal)) {
                made += 1
                return journal.title
            }
            _ = pages.value("weeks/2026-W48/", [journal]) {
                made += 1
                return 0
            }
        }
        let journal = Journal(title: "t", tags: ["economy"], mood: nil)
        ask(journal)
        ask(journal)
        #expect(made == 2)
        var moody = journal
        moody.mood = "맑음"
        ask(moody)
        #expect(made == 4, "the new field alone made both values again")
    }
}

import Bodies
import Foundation
import GazetteModel
import Testing
import TextLayout

@testable import Site

/// A card's two keys — of its text, which its measure is kept by (`CardText.fingerprint`), and of
/// its values, kept for every board that shows it (`CardMemo.key`) — change with every property,
/// found by the values' own encoding: a property added to `CardText` or `Card` and left out of a
/// key fails here without this test naming it.
@Suite struct CardKeyTests {
    static let text = CardText(
        title: "금리 인상", updated: "2026. 11. 30.", author: "민지", tags: ["경제", "금리"],
        excerptRuns: [ExcerptRun("한국은행이 ", .plain), ExcerptRun("기준금리", .strong)], isBookmark: false, articleTitle: "기사",
        publisher: "연합뉴스")

    static let card = Card(
        slug: "rate-hike", title: "금리 인상", href: "journals/rate-hike/", updated: "2026. 11. 30.", updatedISO: "2026-11-30",
        tags: ["경제"], tagLinks: ["tags/economy/"], excerptRuns: [ExcerptRun("본문", .em)], isBookmark: false, articleTitle: nil,
        publisher: "연합뉴스", author: "민지")

    @Test func everyPropertyOfACardsTextChangesItsMeasureKey() throws {
        let base = Self.text.fingerprint(fonts: "f")
        let variants = try Variants.of(Self.text)
        #expect(variants.count >= 10, "every property and list element varied")
        for (path, variant) in variants {
            #expect(variant.fingerprint(fonts: "f") != base, "\(path) is not in CardText.fingerprint")
        }
        #expect(Self.text.fingerprint(fonts: "g") != base, "the fonts are in the key")
    }

    @Test func everyPropertyOfACardOrItsMeasureChangesItsValuesKey() throws {
        var measure = CardMeasure()
        measure.heights = [272: 180, 352: 160]
        measure.breaks = [.excerpt: [TextPosition(run: 0, offset: 3): [272]]]
        let base = CardMemo.key(Self.card, measure)
        let variants = try Variants.of(Self.card)
        #expect(variants.count >= 12)
        for (path, variant) in variants {
            #expect(CardMemo.key(variant, measure) != base, "\(path) is not in CardMemo.key")
        }
        // The measure is added by hand (`CardMeasure.add(to:)`): each leaf of it varied, and
        // its stored properties exactly those it adds — a property added fails here.
        let measureVariants = try Variants.of(measure)
        #expect(measureVariants.count >= 4, "\(measureVariants.map(\.0))")
        for (path, variant) in measureVariants where variant != measure {
            #expect(CardMemo.key(Self.card, variant) != base, "measure \(path) is not in CardMemo.key")
        }
        #expect(Mirror(reflecting: measure).children.map(\.label) == ["heights", "breaks"], "add the new property to CardMeasure.add(to:)")
        var taller = measure
        taller.heights[272] = 181
        var broken = measure
        broken.breaks[.title] = [TextPosition(run: 0, offset: 1): [352]]
        #expect(CardMemo.key(Self.card, taller) != base && CardMemo.key(Self.card, broken) != base)
        // Same values built apart: dictionaries in another order give the same key.
        var same = CardMeasure()
        same.heights = [352: 160, 272: 180]
        same.breaks = measure.breaks
        #expect(CardMemo.key(Self.card, same) == base)
    }
}

/// Values that differ from one in exactly one place: each leaf of its JSON encoding changed (a
/// text lengthened or swapped for another word it decodes with, a number moved, a flag flipped, a
/// nil given a text), each list lengthened by repeating its first element.
enum Variants {
    static func of<Value: Codable>(_ value: Value) throws -> [(String, Value)] {
        let tree = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: [.fragmentsAllowed])
        var found: [(String, Value)] = []
        for (path, changed) in changes(of: tree, at: "") {
            for candidate in changed {
                guard let data = try? JSONSerialization.data(withJSONObject: candidate, options: [.fragmentsAllowed]),
                    let variant = try? JSONDecoder().decode(Value.self, from: data)
                else { continue }
                found.append((path, variant))
                break
            }
        }
        return found
    }

    /// For each place in `tree`, the whole trees with that place changed, in the order to try.
    private static func changes(of tree: Any, at path: String) -> [(String, [Any])] {
        switch tree {
        case let object as [String: Any]:
            return object.keys.sorted().flatMap { key in
                changes(of: object[key] ?? NSNull(), at: path + "." + key).map { inner, trees in
                    (inner, trees.map { changed -> Any in
                        var copy = object
                        copy[key] = changed
                        return copy
                    })
                }
            }
        case let array as [Any]:
            let longer: [(String, [Any])] = array.first.map { [(path + "[+]", [array + [$0]])] } ?? [(path + "[+]", [["x"], [1]])]
            return longer
                + array.indices.flatMap { index in
                    changes(of: array[index], at: path + "[\(index)]").map { inner, trees in
                        (inner, trees.map { changed -> Any in
                            var copy = array
                            copy[index] = changed
                            return copy
                        })
                    }
                }
        case let text as String:
            return [(path, [text + "x", "plain", "em", "strong", "code", "title", "meta"].filter { $0 != text })]
        case let number as NSNumber:
            // A flag or a number: JSON tells them apart, NSNumber may not; the decoder takes the
            // one of the right type.
            return [(path, [!number.boolValue, number.intValue + 1])]
        default:
            return [(path, ["x", 1, ["x"]])]
        }
    }
}

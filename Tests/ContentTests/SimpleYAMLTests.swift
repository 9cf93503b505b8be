import Foundation
import Testing
import Yams

@testable import Content

/// `SimpleYAML` against libyaml (`Yams.compose` with the resolver the loader uses): on every text
/// it takes, the same tree — strings, tags, styles and marks — and on the texts it declines,
/// libyaml's answer stands (the loader asks it).
@Suite struct SimpleYAMLTests {
    /// A node as the loader can see it: kind, string, tag, style and mark, depth first.
    func dump(_ node: Node?) -> String {
        guard let node else { return "none" }
        let mark = node.mark.map { "\($0.line):\($0.column)" } ?? "-"
        switch node {
        case .scalar(let scalar):
            return "scalar(\(scalar.string.debugDescription) \(scalar.tag.description) \(scalar.style) \(mark))"
        case .sequence(let sequence):
            let items: [String] = sequence.map { dump($0) }
            return "sequence(\(sequence.tag.description) \(sequence.style) \(mark) [\(items.joined(separator: ", "))])"
        case .mapping(let mapping):
            let pairs: [String] = mapping.map { pair -> String in dump(pair.key) + ": " + dump(pair.value) }
            return "mapping(\(mapping.tag.description) \(mapping.style) \(mark) {\(pairs.joined(separator: ", "))})"
        case .alias:
            return "alias"
        }
    }

    func libyaml(_ text: String) -> String? {
        do {
            return dump(try Yams.compose(yaml: text, .basic, .default, .utf8))
        } catch {
            return nil
        }
    }

    /// What members' front matter looks like: `gazette new`'s, with Korean titles and tags.
    @Test func theFrontMatterGazetteNewWritesIsSimpleAndTheSameTree() throws {
        let text = "title: \"오늘의 금리 뉴스\"\narticle: https://example.org/news/991\ntags: [economy, 금리, technology]\nauthor: jiwoo\ncreated: 2026-07-04 12:30\nupdated: 2026-07-04 12:30\ndraft: false\n"
        let simple = try #require(SimpleYAML.compose(text))
        #expect(dump(simple) == libyaml(text))
        #expect(dump(simple).contains("scalar(\"금리\"  plain 3:17)"))  // a flow item, its column in characters
    }

    /// Thousands of lines built from the pieces YAML treats specially: every text SimpleYAML
    /// takes must compose to libyaml's tree; it must take the plain ones.
    @Test func everyTextItTakesComposesAsLibyamlDoes() {
        let keys = ["title", "tags", "a", "Key_2", "code-font", "제목", " title", "title "]
        let values = [
            "word", "두 단어", "오늘의 금리 뉴스", "https://example.org/a?b=c&d=e#f", "2026-07-04 12:30", "3.25%", "true", "~", "null", "0x1F",
            "\"quoted\"", "\"금리 인상\"", "'single'", "\"with \\\"escape\\\"\"", "\"tab\tinside\"", "'it''s'", "\"unclosed", "'", "\"\"", "''",
            "[a, b]", "[금리, 경제]", "[]", "[a,b]", "[ a ]", "[a, [b]]", "[a, ]", "[\"q\", b]", "[a: b]", "[a #b]",
            "a: b", "a:b", "a #comment", "a#b", "- item", "-5", "? q", "&anchor x", "*alias", "!tag x", "|", ">", "%x", "@x", "`x`",
            "trailing ", "two  spaces", "ends:", "{a: b}", "a\u{00A0}b", "a\u{2028}b", "a\u{FEFF}b", "😀 emoji", "é", ".", "...", "---",
        ]
        var texts: [String] = []
        var seed: UInt64 = 0x5EED_2026
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for key in keys { for value in values { texts.append("\(key): \(value)\n") } }
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<(1 + next(6)) {
                switch next(12) {
                case 0: text += "\n"
                case 1: text += "\(keys[next(keys.count)]):\n"
                case 2: text += "\(keys[next(keys.count)]):  \(values[next(values.count)])\n"
                case 3: text += "  \(keys[next(keys.count)]): \(values[next(values.count)])\n"
                default: text += "\(keys[next(keys.count)]): \(values[next(values.count)])\n"
                }
            }
            if next(4) == 0 { text.removeLast() }
            texts.append(text)
        }
        // Front matters of simple lines, now and then one that is not.
        let plainKeys = ["title", "tags", "a", "Key_2", "author", "article", "created", "updated", "draft", "summary"]
        for _ in 0..<2_000 {
            var text = ""
            let first = next(plainKeys.count)
            for line in 0..<(1 + next(7)) {
                text += next(10) == 0 ? "\n" : "\(plainKeys[(first + line) % plainKeys.count]): \(values[next(next(8) == 0 ? values.count : 30)])\n"
            }
            texts.append(text)
        }
        texts += ["", "\n", "title: a\n\ntags: [b]\n", "title: a\ntitle: b\n", "title: a\r\n", "\u{FEFF}title: a\n"]
        var taken = 0
        for text in texts {
            guard case .some(let simple) = SimpleYAML.compose(text) else { continue }
            taken += 1
            #expect(dump(simple) == libyaml(text), "\(text.debugDescription)")
        }
        // The plain shapes are taken, not left to libyaml.
        #expect(taken > 500, "\(taken) of \(texts.count) taken")
        for plain in ["title: word\n", "tags: [a, 금리]\n", "title: \"오늘의 뉴스\"\n", "title: 'a'\ntags: []\n", ""] {
            #expect(SimpleYAML.compose(plain) != nil, "\(plain.debugDescription)")
        }
        // A key twice is libyaml's to refuse, with its words.
        #expect(SimpleYAML.compose("title: a\ntitle: b\n") == nil)
    }
}

import Foundation
import GazetteModel
import Yams

/// A YAML text inside a file (all of `gazette.yml`, or a journal's front matter), with what is
/// needed to turn Yams marks into file positions and typed reads into diagnostics.
struct YAMLSource {
    /// Site-relative path of the file, as diagnostics print it.
    let path: String
    /// Every line of the whole file, for the caret display.
    let fileLines: [Substring]
    /// File line of the YAML text's first line minus one (1 for front matter after `---`).
    let lineOffset: Int

    func location(_ mark: Mark?) -> SourceLocation {
        SourceLocation(path: path, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
    }

    func line(_ number: Int) -> String? {
        number >= 1 && number <= fileLines.count ? String(fileLines[number - 1]) : nil
    }

    func error(_ message: String, at node: Node?, hint: String? = nil) -> Diagnostic {
        let location = location(node?.mark)
        return .error(message, at: location, hint: hint, sourceLine: line(location.line))
    }

    func warning(_ message: String, at node: Node?, hint: String? = nil) -> Diagnostic {
        let location = location(node?.mark)
        return .warning(message, at: location, hint: hint, sourceLine: line(location.line))
    }

    /// Parses `text` into a node tree, or a diagnostic at the position Yams reports.
    func compose(_ text: String) -> Result<Node?, Diagnostic> {
        do {
            // The encoding named: Yams's default reads the whole process environment for an
            // override on every call (1.4 % of a clean 2,000-journal build). Swift strings are UTF-8.
            // No implicit tags (`Resolver.basic`): Gazette reads every value from its text (`bool`,
            // `number` and `isNull` below), never from the tag Yams's default resolver gives a plain
            // scalar by matching it against seven regular expressions — about 1 % of a clean
            // real-Korean 2,000-journal build's `perf` samples, for tags nothing read.
            return .success(try Yams.compose(yaml: text, .basic, .default, .utf8))
        } catch let error as YamlError {
            let (problem, mark): (String, Mark?) =
                switch error {
                case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
                    .composer(_, let problem, let mark, _):
                    (problem, mark)
                case .duplicatedKeysInMapping(let duplicates, let context):
                    ("duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))", context.mark)
                default:
                    ("\(error)", nil)
                }
            let location = location(mark)
            return .failure(
                .error(
                    "invalid YAML: \(problem)", at: location,
                    hint: "check the indentation, and quote values that contain ': ' or start with '[', '{', '*' or '&'",
                    sourceLine: line(location.line)))
        } catch {
            return .failure(.error("invalid YAML: \(error)", at: location(nil), sourceLine: line(1 + lineOffset)))
        }
    }
}

extension Node {
    /// True for an explicit or implicit YAML null (`key:`, `~`, `null`).
    var isNull: Bool {
        guard let scalar else { return false }
        return (scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string))
    }

    /// A short name of the node's kind for messages: "a list", "a mapping", "text".
    var kindDescription: String {
        switch self {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: "a single value"
        case .alias: "an alias"
        }
    }
}

/// Typed reads from a YAML mapping that report, rather than throw, what is wrong: into the
/// collector the mapping was made with, which its sub-mappings share.
struct YAMLMapping {
    let source: YAMLSource
    let diagnostics: DiagnosticCollector
    let node: Node
    let pairs: [(key: String, keyNode: Node, value: Node)]
    /// What this mapping is, for messages ("gazette.yml", "front matter", "sources.naver").
    let name: String

    init?(_ node: Node, source: YAMLSource, name: String, diagnostics: DiagnosticCollector) {
        guard let mapping = node.mapping else {
            diagnostics.report(source.error("\(name) must be a mapping of keys to values, not \(node.kindDescription)", at: node))
            return nil
        }
        self.source = source
        self.diagnostics = diagnostics
        self.node = node
        self.name = name
        self.pairs = mapping.map { (key: $0.key.scalar?.string ?? "", keyNode: $0.key, value: $0.value) }
    }

    func value(_ key: String) -> Node? {
        pairs.first { $0.key == key }.flatMap { $0.value.isNull ? nil : $0.value }
    }

    func keyNode(_ key: String) -> Node? { pairs.first { $0.key == key }?.keyNode }

    /// Warns about every key not in `known`, suggesting the closest known key.
    func warnUnknownKeys(_ known: [String]) {
        for pair in pairs where !known.contains(pair.key) {
            let suggestion = Suggest.closest(to: pair.key, in: known)
            diagnostics.report(
                source.warning(
                    "unknown key '\(pair.key)' in \(name)", at: pair.keyNode,
                    hint: suggestion.map { "did you mean '\($0)'?" } ?? "known keys: \(known.joined(separator: ", "))"))
        }
    }

    func string(_ key: String) -> String? {
        guard let node = value(key) else { return nil }
        guard let scalar = node.scalar else {
            diagnostics.report(source.error("'\(key)' must be text, not \(node.kindDescription)", at: node, hint: "write \(key): some text"))
            return nil
        }
        return scalar.string
    }

    func bool(_ key: String) -> Bool? {
        guard let node = value(key) else { return nil }
        switch node.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            diagnostics.report(source.error("'\(key)' must be true or false", at: node, hint: "write \(key): true"))
            return nil
        }
    }

    func number(_ key: String) -> Double? {
        guard let node = value(key) else { return nil }
        guard let text = node.scalar?.string, let value = Double(text), value.isFinite else {
            diagnostics.report(source.error("'\(key)' must be a number", at: node, hint: "write \(key): 10"))
            return nil
        }
        return value
    }

    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let node = value(key) else { return nil }
        guard let text = node.scalar?.string, let value = Int(text), range.contains(value) else {
            diagnostics.report(
                source.error("'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)", at: node))
            return nil
        }
        return value
    }

    /// A list of strings; a single value is accepted as a list of one (`tags: economy`).
    func stringList(_ key: String) -> [String]? {
        guard let node = value(key) else { return nil }
        switch node {
        case .scalar(let scalar):
            return [scalar.string]
        case .sequence(let sequence):
            var items: [String] = []
            for item in sequence {
                if let scalar = item.scalar, !item.isNull {
                    items.append(scalar.string)
                } else {
                    diagnostics.report(
                        source.error("'\(key)' must be a list of strings, but an item is \(item.kindDescription)", at: item,
                            hint: "write \(key): [first, second]"))
                }
            }
            return items
        default:
            diagnostics.report(
                source.error("'\(key)' must be a list of strings, not \(node.kindDescription)", at: node,
                    hint: "write \(key): [first, second]"))
            return nil
        }
    }

    func mapping(_ key: String) -> YAMLMapping? {
        guard let node = value(key) else { return nil }
        return YAMLMapping(node, source: source, name: "'\(key)'", diagnostics: diagnostics)
    }
}

/// Close-match suggestions for misspelt keys, tags and ids (Levenshtein distance).
public enum Suggest {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

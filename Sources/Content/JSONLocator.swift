import Foundation
import GazetteModel

/// Where things are in a JSON file, for diagnostics that point at a line and column with a
/// caret the way journal diagnostics do. `JSONDecoder` reports only a coding path; this small
/// parser finds that path's position, or the position of the first syntax error.
///
/// It is only run when something must be reported, so it favours plainness over speed.
final class JSONLocator {
    /// A value and the byte offset where it starts; objects keep each key's offset too.
    indirect enum Value {
        case object(offset: Int, members: [(key: String, keyOffset: Int, value: Value)])
        case array(offset: Int, elements: [Value])
        case scalar(offset: Int, isNull: Bool)

        var offset: Int {
            switch self {
            case .object(let offset, _), .array(let offset, _), .scalar(let offset, _): offset
            }
        }
    }

    struct SyntaxError: Error {
        var message: String
        var offset: Int
    }

    let bytes: [UInt8]
    let path: String
    /// Parsed on first use, once.
    private lazy var tree: Result<Value, SyntaxError> = parse()

    init(_ data: Data, path: String) {
        var bytes = [UInt8](data)
        // A byte-order mark is skipped by the decoder; count positions after it the same way.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
        self.path = path
    }

    /// The parsed tree, or the first syntax error.
    func parse() -> Result<Value, SyntaxError> {
        var parser = Parser(bytes: bytes)
        do {
            parser.skipSpace()
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            if parser.index < bytes.count { throw SyntaxError(message: "unexpected text after the end of the JSON value", offset: parser.index) }
            return .success(value)
        } catch let error as SyntaxError {
            return .failure(error)
        } catch {
            return .failure(SyntaxError(message: "\(error)", offset: parser.index))
        }
    }

    /// The location of the value at `codingPath` (array indices and object keys), or of the
    /// deepest part of the path that exists. With `key`, a member of that object is located by
    /// its key instead of its value.
    func location(of codingPath: [any CodingKey], preferKey: Bool = false) -> (SourceLocation, String?) {
        guard case .success(let root) = tree else { return location(at: 0) }
        var node = root
        var offset = root.offset
        for key in codingPath {
            switch node {
            case .array(_, let elements):
                guard let index = key.intValue, index < elements.count else { return location(at: offset) }
                node = elements[index]
                offset = node.offset
            case .object(_, let members):
                guard let member = members.last(where: { $0.key == key.stringValue }) else { return location(at: offset) }
                node = member.value
                offset = preferKey ? member.keyOffset : node.offset
            case .scalar:
                return location(at: offset)
            }
        }
        return location(at: offset)
    }

    /// Line, column (in Unicode scalars) and the text of the line at a byte offset.
    func location(at offset: Int) -> (SourceLocation, String?) {
        let offset = min(max(0, offset), bytes.count)
        let before = bytes[..<offset]
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineEnd = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        var text = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return (SourceLocation(path: path, line: line, column: column), text)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func fail(_ message: String) -> SyntaxError {
            if index >= bytes.count { return SyntaxError(message: "the file ends in the middle of a JSON value", offset: bytes.count) }
            let character = String(decoding: [bytes[index]], as: UTF8.self)
            return SyntaxError(message: "\(message), found '\(character)'", offset: index)
        }

        mutating func value(depth: Int) throws -> Value {
            guard depth < 512 else { throw SyntaxError(message: "JSON nested too deeply", offset: index) }
            guard index < bytes.count else { throw fail("expected a value") }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, Int, Value)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(offset: start, members: [])
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
                    let keyOffset = index
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
                    index += 1
                    skipSpace()
                    members.append((key, keyOffset, try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw fail("expected ',' or '}'") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
                    index += 1
                    return .object(offset: start, members: members.map { (key: $0.0, keyOffset: $0.1, value: $0.2) })
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [Value] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(offset: start, elements: [])
                }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw fail("expected ',' or ']'") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
                    index += 1
                    return .array(offset: start, elements: elements)
                }
            case UInt8(ascii: "\""):
                _ = try string()
                return .scalar(offset: start, isNull: false)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return .scalar(offset: start, isNull: word == "null")
                }
                throw fail("expected a value")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index += 1
                while index < bytes.count,
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-")].contains(bytes[index])
                {
                    index += 1
                }
                return .scalar(offset: start, isNull: false)
            default:
                throw fail("expected a value")
            }
        }

        /// A quoted string starting at `index`; escapes are kept undecoded except `\"`, which is
        /// enough to compare keys, which are plain ASCII in the store.
        mutating func string() throws -> String {
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if byte < 0x20 { throw fail("control character inside a string (escape it)") }
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { break }
                    out.append(bytes[index])
                    index += 1
                    continue
                }
                out.append(byte)
                index += 1
            }
            throw SyntaxError(message: "a string is not closed", offset: bytes.count)
        }
    }
}

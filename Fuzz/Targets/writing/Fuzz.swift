// What a member types, as `gazette lsp` checks and mends it: the input is a journal's whole text,
// opened in the editor of a small site (a vocabulary, a member, a stored article, a picture).
// The server's writing checks (front matter, dates, tags, the body's Markdown slips, hashtags,
// invisible characters, pictures, links) run on every keystroke, so whatever the text holds they
// must not crash, and what they say must fit the text: every diagnostic's range and every quick
// fix's edit lies within the document, in the position encoding agreed (UTF-8, UTF-16 or UTF-32,
// picked by the input's length), and one fix's edits never overlap. The text each fix makes is
// opened and checked again.
import Foundation
import FuzzSupport
import LanguageServer

/// The site, made once in a temporary folder.
let site: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-fuzz-writing-\(getpid())")
    let journals = folder.appendingPathComponent("content/journals")
    let articles = folder.appendingPathComponent("content/articles")
    try? FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
    try? FileManager.default.createDirectory(at: articles, withIntermediateDirectories: true)
    let files: [(URL, String)] = [
        (folder.appendingPathComponent("gazette.yml"), "title: 퍼즈\ntimezone: Asia/Seoul\nauthors:\n  me: { name: 나 }\ntags:\n  economy: 경제\n  world: 글로벌\n"),
        (
            journals.appendingPathComponent("2026-11-20-other.md"),
            "---\ntitle: 다른 글\ntags: [economy]\nauthor: me\ncreated: 2026-11-20 09:00\n---\n## 요약\n본문\n"
        ),
        (
            articles.appendingPathComponent("2026-W47.jsonl"),
            #"{"author":null,"description":"설명","id":"f8b2eb64300e","image":null,"language":"ko","published":"2026-11-20T09:00:00+09:00","publisher":"Example News","queries":[],"source":"manual","title":"금리 동결","url":"https://www.example.com/news/2026/first-article"}"#
                + "\n"
        ),
    ]
    for (url, text) in files { try? Data(text.utf8).write(to: url) }
    // A picture beside the journals (a PNG's signature is enough for the checks that read it).
    try? Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: journals.appendingPathComponent("chart.png"))
    return folder
}()

let uri = site.appendingPathComponent("content/journals/2026-12-07-fuzz.md").absoluteString
let encodings = ["utf-8", "utf-16", "utf-32"]

func frame(_ object: [String: Any]) -> [UInt8] {
    guard let body = try? JSONSerialization.data(withJSONObject: object) else { fatalError("unencodable request \(object)") }
    return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + Array(body)
}

/// Runs a server on `requests` after `initialize` (with `encoding`) and an open of `text`; gives
/// back every message it wrote.
func session(_ text: String, encoding: String, then requests: [[String: Any]]) -> [[String: Any]] {
    var input = frame([
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": ["rootUri": site.absoluteString, "capabilities": ["general": ["positionEncodings": [encoding]]]],
    ])
    input += frame(["jsonrpc": "2.0", "method": "initialized", "params": [:] as [String: Any]])
    input += frame([
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": ["textDocument": ["uri": uri, "languageId": "markdown", "version": 1, "text": text]],
    ])
    for request in requests { input += frame(request) }
    var written: [UInt8] = []
    let server = LanguageServer(reader: FrameReader(bytes: input), writer: FrameWriter { written += $0 }, now: { Date(timeIntervalSince1970: 1_796_600_000) })
    let status = server.run()
    if status != 0 && status != 1 { fatalError("exit status \(status)") }
    var reader = FrameReader(bytes: written)
    var messages: [[String: Any]] = []
    while let next = reader.next() {
        guard case .message(let body) = next, let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            fatalError("the server wrote something that is not a frame of a JSON object: \(next)")
        }
        messages.append(object)
    }
    return messages
}

/// The document's lines as the protocol counts them (LF, CRLF or CR end a line): each line's
/// characters and the break that ends it ("" for the last).
func editorLines(_ text: String) -> [(scalars: [Unicode.Scalar], ending: String)] {
    var lines: [(scalars: [Unicode.Scalar], ending: String)] = [([], "")]
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
        guard scalar == "\n" || scalar == "\r" else {
            lines[lines.count - 1].scalars.append(scalar)
            continue
        }
        let crlf = scalar == "\r" && scalars.first == "\n"
        if crlf { scalars.removeFirst() }
        lines[lines.count - 1].ending = crlf ? "\r\n" : String(scalar)
        lines.append(([], ""))
    }
    return lines
}

/// How many of `encoding`'s units a character takes.
func units(_ scalar: Unicode.Scalar, _ encoding: String) -> Int {
    switch encoding {
    case "utf-8": String(scalar).utf8.count
    case "utf-16": scalar.value > 0xFFFF ? 2 : 1
    default: 1
    }
}

/// Each line's length in `encoding`'s units.
func lineLengths(_ text: String, encoding: String) -> [Int] {
    editorLines(text).map { $0.scalars.reduce(0) { $0 + units($1, encoding) } }
}

struct Point: Comparable {
    let line: Int, character: Int
    static func < (a: Point, b: Point) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

func point(_ value: Any?) -> Point? {
    guard let object = value as? [String: Any], let line = object["line"] as? Int, let character = object["character"] as? Int else { return nil }
    return Point(line: line, character: character)
}

/// The range's two ends, checked to lie within the document. A character past its line's end
/// is that end, by the protocol, which a diagnostic may rely on (an empty file's warning covers
/// its first character) and an edit may not (`strict`): an editor clamping it would change other
/// text than the fix meant.
func range(_ value: Any?, in lengths: [Int], what: String, text: String, strict: Bool = true) -> (Point, Point) {
    guard let object = value as? [String: Any], let start = point(object["start"]), let end = point(object["end"]) else {
        fatalError("\(what) without a range: \(String(describing: value))\ntext: \(text.debugDescription)")
    }
    for end in [start, end] {
        // A range may end at the start of the line after the last (a whole last line deleted).
        let inside = end.line >= 0 && end.character >= 0
            && (end.line < lengths.count ? !strict || end.character <= lengths[end.line] : end.line == lengths.count && end.character == 0)
        if !inside { fatalError("\(what) at \(end) outside the document (line lengths \(lengths))\ntext: \(text.debugDescription)") }
    }
    if end < start { fatalError("\(what) ends before it starts: \(start)–\(end)\ntext: \(text.debugDescription)") }
    return (start, end)
}

/// `text` with `edits` (ranges within it, not overlapping) made.
func applying(_ edits: [((Point, Point), String)], to text: String, encoding: String) -> String {
    let lines = editorLines(text)
    /// Elements of `flat` before `point`: a line's characters and its break, one element each.
    func offset(_ point: Point) -> Int {
        let before = lines.prefix(point.line).reduce(0) { $0 + $1.scalars.count + ($1.ending.isEmpty ? 0 : 1) }
        guard point.line < lines.count else { return before }
        var used = 0
        return before + lines[point.line].scalars.prefix { scalar in
            defer { used += units(scalar, encoding) }
            return used < point.character
        }.count
    }
    var flat = lines.flatMap { line in line.scalars.map { String($0) } + (line.ending.isEmpty ? [] : [line.ending]) }
    for ((start, end), newText) in edits.sorted(by: { $0.0.0 > $1.0.0 }) {
        let from = min(offset(start), flat.count), to = min(offset(end), flat.count)
        flat.replaceSubrange(from..<max(from, to), with: newText.isEmpty ? [] : [newText])
    }
    return flat.joined()
}

/// Every diagnostic published for the journal, checked; then every quick fix for them, checked,
/// and the text each makes. Gives back those texts.
func check(_ text: String, encoding: String) -> [String] {
    let lengths = lineLengths(text, encoding: encoding)
    let published = session(text, encoding: encoding, then: []).filter {
        ($0["method"] as? String) == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
    }
    guard let last = published.last, let diagnostics = (last["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] else { return [] }
    for diagnostic in diagnostics { _ = range(diagnostic["range"], in: lengths, what: "diagnostic \(diagnostic["message"] ?? "")", text: text, strict: false) }
    guard !diagnostics.isEmpty else { return [] }
    let whole: [String: Any] = ["start": ["line": 0, "character": 0], "end": ["line": lengths.count, "character": 0]]
    let answers = session(
        text, encoding: encoding,
        then: [[
            "jsonrpc": "2.0", "id": 1, "method": "textDocument/codeAction",
            "params": ["textDocument": ["uri": uri], "range": whole, "context": ["diagnostics": diagnostics]],
        ]])
    guard let answer = answers.first(where: { ($0["id"] as? Int) == 1 }) else { fatalError("no answer to codeAction\ntext: \(text.debugDescription)") }
    if answer["error"] != nil { fatalError("codeAction failed: \(answer)\ntext: \(text.debugDescription)") }
    var fixed: [String] = []
    for action in answer["result"] as? [[String: Any]] ?? [] {
        let title = action["title"] as? String ?? ""
        guard let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: Any] else { continue }
        for (target, value) in changes {
            // Another file (gazette.yml, when a fix adds a tag to the vocabulary) as the disk holds it.
            let other = target == uri ? nil : URL(string: target).flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
            let edits = (value as? [[String: Any]] ?? []).map { edit in
                (range(edit["range"], in: other.map { lineLengths($0, encoding: encoding) } ?? lengths, what: "fix '\(title)' of \(target)", text: other ?? text),
                 edit["newText"] as? String ?? "")
            }
            guard target == uri else { continue }
            let sorted = edits.map(\.0).sorted { $0.0 < $1.0 }
            for (a, b) in zip(sorted, sorted.dropFirst()) where b.0 < a.1 {
                fatalError("fix '\(title)' has overlapping edits \(a) and \(b)\ntext: \(text.debugDescription)")
            }
            fixed.append(applying(edits, to: text, encoding: encoding))
        }
    }
    return fixed
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let encoding = encodings[size % 3]
    // The texts the fixes make are checked too, once (not their own fixes' texts).
    for made in check(text, encoding: encoding).prefix(4) { _ = check(made, encoding: encoding) }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

// gazette lsp: JSON-RPC framing and request decoding. Arbitrary bytes follow an `initialize`
// naming a small site; whatever they hold, the server answers in whole frames of valid JSON and
// stops only at the end of the input or at `exit`.
import Content
import Foundation
import FuzzSupport
import LanguageServer

/// A site of one journal in a temporary folder, made once.
let site: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-fuzz-lsp-\(getpid())")
    try? FileManager.default.createDirectory(at: folder.appendingPathComponent("content/journals"), withIntermediateDirectories: true)
    try? Data("title: 퍼즈\nauthors:\n  me: { name: 나 }\ntags:\n  economy: 경제\n".utf8).write(to: folder.appendingPathComponent("gazette.yml"))
    try? Data("---\ntitle: 하나\ntags: [economy]\ncreated: 2026-11-20\n---\n본문\n".utf8)
        .write(to: folder.appendingPathComponent("content/journals/one.md"))
    return folder
}()

func frame(_ json: String) -> [UInt8] {
    Array("Content-Length: \(json.utf8.count)\r\n\r\n".utf8) + Array(json.utf8)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let initialize = frame("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"rootUri\":\"\(site.absoluteString)\",\"capabilities\":{}}}")
    var written: [UInt8] = []
    let server = LanguageServer(
        reader: FrameReader(bytes: initialize + Array(UnsafeBufferPointer(start: data, count: size))),
        writer: FrameWriter { written += $0 }, now: { Date(timeIntervalSince1970: 1_795_000_000) })
    let status = server.run()
    if status != 0 && status != 1 { fatalError("exit status \(status)") }
    // Every byte written is a frame of valid JSON.
    var reader = FrameReader(bytes: written)
    while let next = reader.next() {
        guard case .message(let body) = next, (try? JSONSerialization.jsonObject(with: Data(body))) != nil else {
            fatalError("the server wrote something that is not a frame of JSON: \(next)")
        }
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

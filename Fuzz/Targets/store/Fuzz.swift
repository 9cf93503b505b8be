// The article store's week files: lines of JSON records as git's union merge leaves them (both
// sides' lines, merge markers, one article on several lines), and the earlier layout's arrays.
// Whatever decodes re-encodes to bytes that decode to the same records, and uniting an
// article's records never depends on the order of the lines.
import Content
import Foundation
import FuzzSupport
import GazetteModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    for path in ["content/articles/2026-W47.jsonl", "content/articles/2026-W47.json"] {
        let file = ArticleStore.decode(bytes, path: path)
        for diagnostic in file.diagnostics where diagnostic.location?.path != path {
            fatalError("a diagnostic names another file: \(diagnostic)")
        }
        let united = ArticleStore.united(file.records)
        if Set(united.map(\.id)).count != united.count { fatalError("an id is left twice after uniting: \(united.map(\.id))") }
        let reversed = ArticleStore.united(file.records.reversed())
        if ArticleStore.sorted(united) != ArticleStore.sorted(reversed) { fatalError("uniting depends on the order of lines") }
        let again = ArticleStore.decode(ArticleStore.encode(united), path: "content/articles/2026-W47.jsonl")
        if !again.diagnostics.filter({ $0.severity == .error }).isEmpty || again.records != ArticleStore.sorted(united) {
            fatalError("the store cannot read back what it wrote: \(again.diagnostics)")
        }
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

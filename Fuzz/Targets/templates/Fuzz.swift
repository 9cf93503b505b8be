// Mustache templates (a site's own theme): parsing any text either fails with a located error
// or gives a template that renders, whatever its partials and nesting, without crashing; and a
// value is never inserted unescaped unless the template asked for it.
import FuzzSupport
import Templating

/// Values with markup in every text, nested the ways pages nest them.
let values: TemplateValue = {
    let evil = TemplateValue.text("<x-evil a='1'>&\"")
    let item = TemplateValue.object(["name": evil, "flag": .flag(true), "count": .number(3)])
    return .object([
        "title": evil, "name": evil, "yes": .flag(true), "no": .flag(false), "count": .number(0),
        "items": .list([item, item, .object(["name": .text("plain")])]), "page": item, "empty": .list([]),
    ])
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // "\u{0}" splits the input into the template and a partial it may include as `p`.
    let parts = text.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    var library = TemplateLibrary()
    for (name, source) in zip(["t", "p"], parts) {
        do {
            library.add(try Template(source), named: name)
        } catch {
            if error.line < 1 || error.column < 1 || error.hint.isEmpty { fatalError("an error without a place or a hint: \(error)") }
            return 0
        }
    }
    guard let rendered = try? library.render("t", values) else { return 0 }
    // Escaping: the markup of a value reaches the output only through a tag that asks for it
    // (or after the delimiters or content type change, which this does not follow).
    let asksForRaw = ["{{{", "{{&", "{{=", "{{%"].contains { text.contains($0) }
    if !asksForRaw, !text.contains("<x-evil"), String(decoding: rendered, as: UTF8.self).contains("<x-evil") {
        fatalError("a value inserted unescaped by \(text.debugDescription)")
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

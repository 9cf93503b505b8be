/// Which font slices a page preloads: those its first lines of text are set in, found by reading
/// the rendered page's body in document order. Bold (headings, `strong`, the theme's bold classes)
/// and code are told apart, so each slice preloaded is one the page draws with; slices needed only
/// further down are left to the stylesheet's `@font-face` rules and fetched when text needs them.
extension WebFonts {
    /// Characters of visible text read for preloads: about the first screen of a phone and of a
    /// desktop board (the board's first cards).
    static let preloadBudget = 900
    /// At most this many preloads a page.
    static let preloadLimit = 8

    /// Elements and theme classes whose text is bold (`font-weight` 600 and more use the bold face).
    static let boldElements: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "th", "dt"]
    static let boldClasses = [
        "site-title", "eyebrow", "badge", "button", "marker", "article-title", "article-card-title", "card-title", "chart-heading",
    ]
    /// What marks a tag's text bold besides its name, as bytes to look for in the tag.
    static let boldMarks: [[UInt8]] = [Array("aria-current".utf8)]
        + boldClasses.flatMap { ["class=\"\($0)", " \($0)\"", " \($0) "].map { Array($0.utf8) } }
    static let monoElements: Set<String> = ["code", "pre", "kbd", "samp"]
    static let voidElements: Set<String> = ["br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "embed"]

    /// The slices to preload for a rendered page, as site-relative paths, first needed first.
    public func preloads(forPage html: String) -> [String] {
        var bySlice: [String: String] = [:]  // face key + slice name → path
        for slice in slices where slice.face != Self.emoji { bySlice[slice.face.key + "\u{0}" + slice.name] = slice.path }
        var seen = Set<String>()
        var result: [String] = []
        let whole = slices.contains { $0.name == "all" }
        func add(_ scalar: Unicode.Scalar, bold: Bool, mono: Bool) {
            let face = mono ? Self.mono : (bold ? Self.sansBold : Self.sans)
            let name = whole ? "all" : FontSlices.name(of: scalar.value, cut: face.cut)
            guard let path = bySlice[face.key + "\u{0}" + name], seen.insert(path).inserted else { return }
            result.append(path)
        }
        guard let body = UTF8Search.firstIndex(of: "<body", in: html) else { return [] }
        var stack: [(name: String, bold: Bool, mono: Bool)] = []
        var budget = Self.preloadBudget
        var scalars = html.unicodeScalars[body...].makeIterator()
        var skipUntil: String?
        while budget > 0, result.count < Self.preloadLimit, let scalar = scalars.next() {
            if scalar == "<" {
                var tag = ""
                while let next = scalars.next(), next != ">" { tag.unicodeScalars.append(next) }
                let closing = tag.hasPrefix("/")
                let name = String(tag.drop { $0 == "/" }.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
                if let skip = skipUntil {
                    if closing && name == skip { skipUntil = nil }
                    continue
                }
                if name == "script" || name == "style" || name == "template" {
                    if !closing && !tag.hasSuffix("/") { skipUntil = name }
                    continue
                }
                if closing {
                    if let index = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(index...) }
                    continue
                }
                if name.hasPrefix("!") || Self.voidElements.contains(name) || tag.hasSuffix("/") { continue }
                let parent = stack.last
                let tagBytes = Array(tag.utf8)
                let bold = (parent?.bold ?? false) || Self.boldElements.contains(name)
                    || Self.boldMarks.contains { UTF8Search.contains(bytes: tagBytes, $0) }
                let mono = (parent?.mono ?? false) || Self.monoElements.contains(name)
                stack.append((name, bold, mono))
                continue
            }
            if skipUntil != nil { continue }
            if scalar == "&" {
                // An entity: the characters it stands for are ASCII marks, in the latin slice.
                while let next = scalars.next(), next != ";", next != " " {}
                continue
            }
            if scalar.properties.isWhitespace { continue }
            budget -= 1
            add(scalar, bold: stack.last?.bold ?? false, mono: stack.last?.mono ?? false)
        }
        return result
    }

    /// `html` with a `<link rel="preload">` for each slice it needs first, before its stylesheet
    /// link (so they are requested before the stylesheet is parsed). `root` leads from the page
    /// to the site root.
    public func addingPreloads(to html: String, root: String) -> String {
        let paths = preloads(forPage: html)
        guard !paths.isEmpty, let stylesheet = UTF8Search.firstIndex(of: "<link rel=\"stylesheet\"", in: html) else { return html }
        let links = paths.map { path in
            let type = path.hasSuffix(".woff2") ? "font/woff2" : "font/ttf"
            return "<link rel=\"preload\" href=\"\(root)\(path)\" as=\"font\" type=\"\(type)\" crossorigin>\n"
        }.joined()
        var result = html
        result.insert(contentsOf: links, at: stylesheet)
        return result
    }
}

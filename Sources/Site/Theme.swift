import Foundation
import GazetteModel
import Mustache

/// The templates and assets pages are rendered with: the default theme compiled into Gazette,
/// overridden file by file by the site's own `templates/` folder.
public struct Theme: Sendable {
    /// Every theme file by relative path (`week.mustache`, `assets/style.css`).
    public let files: [String: Data]
    /// Which files came from the site's `templates/` rather than the default theme.
    public let overridden: Set<String>
    let library: MustacheLibrary
    /// The fingerprint of every file of the theme, part of every page's key.
    public let fingerprint: Fingerprint

    public static let folder = "templates"

    /// The default theme merged with `siteRoot/templates/`. Template syntax errors are reported
    /// with the template's path, line and column.
    public static func load(siteRoot: URL) throws -> Theme {
        var files: [String: Data] = [:]
        for (path, base64) in embeddedThemeFiles {
            files[path] = Data(base64Encoded: base64)
        }
        var overridden = Set<String>()
        let root = siteRoot.appendingPathComponent(folder)
        for relative in FileTree.files(under: root.path) {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) else { continue }
            files[relative] = data
            overridden.insert(relative)
        }
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = []
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let shownPath = overridden.contains(path) ? "\(folder)/\(path)" : "(default theme) \(path)"
            do {
                let source = HTMLEscaping.pragma + String(decoding: data, as: UTF8.self)
                library.register(try MustacheTemplate(string: source), named: name)
            } catch let error as MustacheTemplate.ParserError {
                // The pragma is a line of its own before the author's first: lines are counted
                // without it.
                diagnostics.append(
                    .error(
                        "template syntax: \(error.error)",
                        at: SourceLocation(path: shownPath, line: max(1, error.context.lineNumber - 1), column: error.context.columnNumber + 1),
                        hint: "check that every {{#section}} has a matching {{/section}}", sourceLine: error.context.line))
            } catch {
                diagnostics.append(.error("template \(shownPath): \(error)"))
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        var fingerprint = Fingerprint()
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(path)
            fingerprint.add(bytes: data)
        }
        return Theme(files: files, overridden: overridden, library: library, fingerprint: fingerprint.digest)
    }

    /// Renders the template `name` (without `.mustache`) with `context`.
    func render(_ name: String, _ context: [String: Any]) throws -> String {
        guard let html = library.render(Theme.prune(context) ?? [:], withTemplate: name) else {
            throw DiagnosticsError([
                .error("the theme has no template '\(name).mustache'", hint: "add templates/\(name).mustache or remove the override that hides it")
            ])
        }
        return html
    }

    /// The fingerprint of what `render(name, context)` makes: the theme, the template's name and
    /// every value of the context, keys in sorted order. Values of a kind it does not know make
    /// a key that matches nothing, so such a page is always rendered.
    func key(_ name: String, _ context: [String: Any]) -> Fingerprint {
        var fingerprint = Fingerprint()
        fingerprint.add(self.fingerprint)
        fingerprint.add(name)
        fingerprint.add(Self.fingerprint(of: context))
        return fingerprint.digest
    }

    /// The fingerprint of template values; values of a kind it does not know make one that
    /// matches nothing.
    static func fingerprint(of values: [String: Any]) -> Fingerprint {
        var fingerprint = Fingerprint()
        guard add(values, to: &fingerprint) else { return Fingerprint(high: 0, low: UInt64.random(in: 1...UInt64.max)) }
        return fingerprint.digest
    }

    private static func add(_ value: Any, to fingerprint: inout Fingerprint) -> Bool {
        switch value {
        case let text as String:
            fingerprint.add(tag: 1)
            fingerprint.add(text)
        case let dictionary as [String: Any]:
            fingerprint.add(tag: 2)
            fingerprint.add(dictionary.count)
            for key in dictionary.keys.sorted() {
                fingerprint.add(key)
                guard let item = dictionary[key], add(item, to: &fingerprint) else { return false }
            }
        case let list as [Any]:
            fingerprint.add(tag: 3)
            fingerprint.add(list.count)
            for item in list where !add(item, to: &fingerprint) { return false }
        case let flag as Bool:
            fingerprint.add(tag: 4)
            fingerprint.add(flag)
        case let number as Int:
            fingerprint.add(tag: 5)
            fingerprint.add(number)
        case let prebuilt as PrebuiltContext:
            fingerprint.add(tag: 7)
            fingerprint.add(prebuilt.fingerprint)
        default:
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else { return false }
            guard let wrapped = mirror.children.first?.value else {
                fingerprint.add(tag: 6)
                return true
            }
            return add(wrapped, to: &fingerprint)
        }
        return true
    }

    /// Drops empty strings and nils from a context, recursively. Mustache treats an empty string
    /// as a true section, so `{{#author}}…{{/author}}` needs a missing key, not "".
    static func prune(_ value: Any) -> Any? {
        switch value {
        case let text as String:
            return text.isEmpty ? nil : text
        case let dictionary as [String: Any]:
            return dictionary.compactMapValues(prune)
        case let list as [Any]:
            return list.compactMap(prune)
        // The common leaves, before the costly reflection below (a page has hundreds of them).
        case let flag as Bool:
            return flag
        case let prebuilt as PrebuiltContext:
            return prebuilt
        case let number as Int:
            return number
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                return mirror.children.first.flatMap { prune($0.value) }
            }
            return value
        }
    }

    /// Asset files (`assets/…`), relative path → bytes.
    var assets: [(path: String, data: Data)] {
        files.filter { $0.key.hasPrefix("assets/") }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// HTML escaping for `{{name}}`, the same five characters swift-mustache's own escaping replaces
/// (`< > & " '`), done on UTF-8 bytes, and returning the text itself when nothing needs escaping,
/// as nearly every value does. swift-mustache's escaping counts the string and looks each
/// `Character` up in a dictionary: 8 % of a 2,000-journal build (perf). Each template is given
/// the `CONTENT_TYPE` pragma naming it, on a line of its own (a standalone tag, so it leaves
/// nothing in the output), since partials start from the library's default.
struct HTMLEscaping: MustacheContentType {
    static let name = "GAZETTE_HTML"
    static let pragma: String = {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
        return "{{% CONTENT_TYPE: \(name) }}\n"
    }()

    func escapeText(_ text: String) -> String { Self.escape(text) }

    static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { needsEscape($0) }) else { return nil }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 16)
            escaped.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
                default: escaped.append(byte)
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        } ?? text
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}

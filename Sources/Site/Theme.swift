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
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            let prefix = root.standardizedFileURL.path + "/"
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                    let data = FileManager.default.contents(atPath: url.path)
                else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(prefix.count))
                files[relative] = data
                overridden.insert(relative)
            }
        }
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = []
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let shownPath = overridden.contains(path) ? "\(folder)/\(path)" : "(default theme) \(path)"
            do {
                library.register(try MustacheTemplate(string: String(decoding: data, as: UTF8.self)), named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(
                    .error(
                        "template syntax: \(error.error)",
                        at: SourceLocation(path: shownPath, line: error.context.lineNumber, column: error.context.columnNumber + 1),
                        hint: "check that every {{#section}} has a matching {{/section}}", sourceLine: error.context.line))
            } catch {
                diagnostics.append(.error("template \(shownPath): \(error)"))
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        return Theme(files: files, overridden: overridden, library: library)
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

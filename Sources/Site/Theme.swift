import Foundation
import GazetteModel
import Templating

/// The templates and assets pages are rendered with: the default theme compiled into Gazette,
/// overridden file by file by the site's own `templates/` folder.
public struct Theme: Sendable {
    /// Every theme file by relative path (`week.mustache`, `assets/style.css`).
    public let files: [String: Data]
    /// Which files came from the site's `templates/` rather than the default theme.
    public let overridden: Set<String>
    let library: TemplateLibrary
    /// The fingerprint of every file of the theme, part of every page's key.
    public let fingerprint: Fingerprint
    /// A warning for each file of `templates/` that is a link out of the site (not read).
    public let refusedLinks: [Diagnostic]

    public static let folder = SiteLayout.templates

    /// The default theme merged with `siteRoot/templates/`. Template syntax errors are reported
    /// with the template's path, line and column.
    /// With `last` (the theme of the last build, which `gazette serve` keeps), the same files
    /// give its templates, not parsed again: a save parsed every template.
    public static func load(siteRoot: URL, last: Theme? = nil) throws -> Theme {
        var files = defaultFiles
        var overridden = Set<String>()
        let root = siteRoot.appendingPathComponent(folder)
        let (entries, refused) = SiteBoundary(siteRoot: siteRoot).files(under: folder)
        for relative in entries.map(\.path) {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path) else { continue }
            files[relative] = data
            overridden.insert(relative)
        }
        if let last, last.files == files, last.overridden == overridden {
            return Theme(files: files, overridden: overridden, library: last.library, fingerprint: last.fingerprint, refusedLinks: refused)
        }
        var library = TemplateLibrary()
        var diagnostics: [Diagnostic] = []
        for (path, data) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            let shownPath = overridden.contains(path) ? "\(folder)/\(path)" : "(default theme) \(path)"
            do {
                library.add(try Template(String(decoding: data, as: UTF8.self)), named: name)
            } catch {
                diagnostics.append(
                    .error(
                        "template syntax: \(error.message)", at: SourceLocation(path: shownPath, line: error.line, column: error.column),
                        hint: error.hint, sourceLine: error.sourceLine))
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        var fingerprint = FingerprintHasher()
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            fingerprint.add(path)
            fingerprint.add(bytes: data)
        }
        return Theme(files: files, overridden: overridden, library: library, fingerprint: fingerprint.digest, refusedLinks: refused)
    }

    /// The default theme's files, decoded once.
    private static let defaultFiles: [String: Data] = {
        var files: [String: Data] = [:]
        for (path, base64) in embeddedThemeFiles { files[path] = Data(base64Encoded: base64) }
        return files
    }()

    /// Renders the template `name` (without `.mustache`) with `values` (see `Theme.values`).
    func render(_ name: String, _ values: TemplateValue) throws -> [UInt8] {
        guard library.contains(name) else {
            throw DiagnosticsError([
                .error("the theme has no template '\(name).mustache'", hint: "add templates/\(name).mustache or remove the override that hides it")
            ])
        }
        do {
            return try library.render(name, values)
        } catch {
            throw DiagnosticsError([.error("template \(name).mustache: \(error.message)", hint: error.hint)])
        }
    }

    /// The fingerprint of what `render(name, values)` makes: the theme, the template's name and
    /// every value, keys in sorted order.
    func key(_ name: String, _ values: TemplateValue) -> Fingerprint {
        var fingerprint = FingerprintHasher()
        fingerprint.add(self.fingerprint)
        fingerprint.add(name)
        fingerprint.add(Self.fingerprint(of: values))
        return fingerprint.digest
    }

    /// The fingerprint of template values. An object made with a stamp (a `PrebuiltContext`)
    /// counts by its stamp, its fingerprint, without a walk through its values.
    static func fingerprint(of values: TemplateValue) -> Fingerprint {
        var fingerprint = FingerprintHasher()
        add(values, to: &fingerprint)
        return fingerprint.digest
    }

    private static func add(_ value: TemplateValue, to fingerprint: inout FingerprintHasher) {
        switch value {
        case .text(let text):
            fingerprint.add(tag: 1)
            fingerprint.add(text)
        case .object(let object):
            if let stamp = object.stamp {
                fingerprint.add(tag: 7)
                fingerprint.add(Fingerprint(high: stamp.high, low: stamp.low))
                return
            }
            fingerprint.add(tag: 2)
            fingerprint.add(object.fields.count)
            // The pairs sorted by key, not the keys sorted and each looked up again.
            for (key, item) in object.fields.sorted(by: { $0.key < $1.key }) {
                fingerprint.add(key)
                add(item, to: &fingerprint)
            }
        case .list(let list):
            fingerprint.add(tag: 3)
            fingerprint.add(list.count)
            for item in list { add(item, to: &fingerprint) }
        case .flag(let flag):
            fingerprint.add(tag: 4)
            fingerprint.add(flag)
        case .number(let number):
            fingerprint.add(tag: 5)
            fingerprint.add(number)
        }
    }

    /// The template values of a context (see `TemplateConvertible`).
    static func values(_ context: TemplateFields) -> TemplateValue {
        .object(TemplateObject(context.fields))
    }

    /// Asset files (`assets/…`), relative path → bytes.
    var assets: [(path: String, data: Data)] {
        files.filter { $0.key.hasPrefix("assets/") }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

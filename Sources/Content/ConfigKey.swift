import Foundation
import GazetteModel
import Yams

/// One key of a mapping in `gazette.yml`, as a row of `ConfigLoader`'s tables: its name, its type,
/// how its value is checked and what a wrong one is told to write. Its default is the value the
/// settings start with (`SiteConfig`'s); a key that is absent or wrong leaves it.
struct ConfigKey<Settings> {
    let name: String
    /// Reads the key from `map` into `settings`, reporting what is wrong to the map's collector.
    let read: (YAMLMapping, inout Settings) -> Void
    /// A section's keys, dotted below it (`naver.queries`); none for a plain key.
    var children: [String] = []
    /// The shape of its value, for `gazette schema`.
    var schema = ConfigSchema.any

    /// This key with the shape of its value said (for the rows that read it by hand).
    func shaped(_ schema: ConfigSchema) -> ConfigKey {
        var key = self
        key.schema = schema
        return key
    }

    /// This key's dotted path and its children's, below it (`sources`, `sources.naver`, …).
    var paths: [String] { [name] + children.map { "\(name).\($0)" } }

    /// Text, as written.
    static func text(_ name: String, _ path: WritableKeyPath<Settings, String>) -> ConfigKey {
        ConfigKey(name: name) { map, settings in
            if let text = map.string(name) { settings[keyPath: path] = text }
        }.shaped(.string)
    }

    static func text(_ name: String, _ path: WritableKeyPath<Settings, String?>) -> ConfigKey {
        ConfigKey(name: name) { map, settings in
            if let text = map.string(name) { settings[keyPath: path] = text }
        }.shaped(.string)
    }

    /// A list of strings (one value is a list of one).
    static func list(_ name: String, _ path: WritableKeyPath<Settings, [String]>) -> ConfigKey {
        ConfigKey(name: name) { map, settings in
            if let list = map.stringList(name) { settings[keyPath: path] = list }
        }.shaped(.stringList)
    }

    static func flag(_ name: String, _ path: WritableKeyPath<Settings, Bool>) -> ConfigKey {
        ConfigKey(name: name) { map, settings in
            if let flag = map.bool(name) { settings[keyPath: path] = flag }
        }.shaped(.boolean)
    }

    /// A whole number in `range`.
    static func integer(_ name: String, _ path: WritableKeyPath<Settings, Int>, in range: ClosedRange<Int>) -> ConfigKey {
        ConfigKey(name: name) { map, settings in
            if let value = map.integer(name, in: range) { settings[keyPath: path] = value }
        }.shaped(.integer(range))
    }

    /// A number in `range`; outside it, `message` (and `hint`).
    static func number(
        _ name: String, _ path: WritableKeyPath<Settings, Double>, in range: ClosedRange<Double>, message: String,
        hint: String? = nil
    ) -> ConfigKey {
        ConfigKey(name: name) { map, settings in
            guard let node = map.value(name), let value = map.number(name) else { return }
            if range.contains(value) {
                settings[keyPath: path] = value
            } else {
                map.diagnostics.report(map.source.error(message, at: node, hint: hint))
            }
        }.shaped(.number(range))
    }

    /// Text that `parse` turns into the value; when it cannot, `message(text)` (and `hint`, or
    /// what `meant(text)` says the member meant: `did you mean '…'?`).
    static func parsed<Value>(
        _ name: String, _ path: WritableKeyPath<Settings, Value>, message: @escaping (String) -> String, hint: String? = nil,
        meant: ((String) -> String?)? = nil, _ parse: @escaping (String) -> Value?
    ) -> ConfigKey {
        ConfigKey(name: name) { map, settings in
            guard let node = map.value(name), let text = map.string(name) else { return }
            if let value = parse(text) {
                settings[keyPath: path] = value
            } else {
                let guess = meant?(text).map { "did you mean '\($0)'?" + (hint.map { " \($0)" } ?? "") }
                map.diagnostics.report(map.source.error(message(text), at: node, hint: guess ?? hint))
            }
        }.shaped(.string)
    }

    /// One of `choices`, as written.
    static func choice(_ name: String, _ path: WritableKeyPath<Settings, String>, _ choices: [String], message: String) -> ConfigKey {
        parsed(name, path, message: { _ in message }) { choices.contains($0) ? $0 : nil }.shaped(.choice(choices))
    }

    /// A mapping of its own, read by `keys`; other keys in it are warned about.
    static func section<Section>(
        _ name: String, _ path: WritableKeyPath<Settings, Section>, _ keys: [ConfigKey<Section>]
    ) -> ConfigKey {
        ConfigKey(
            name: name,
            read: { map, settings in
                guard let section = map.mapping(name) else { return }
                section.read(keys, into: &settings[keyPath: path])
            }, children: keys.flatMap(\.paths), schema: .object(keys.map { ($0.name, $0.schema) }, required: []))
    }

    /// An optional mapping: present, it is read by `keys` into a fresh `Section()`.
    static func section<Section>(
        _ name: String, _ path: WritableKeyPath<Settings, Section?>, _ make: () -> Section, _ keys: [ConfigKey<Section>]
    ) -> ConfigKey {
        section(name, set: { settings, value in settings[keyPath: path] = value }, make, keys)
    }

    /// An optional mapping: present, it is read by `keys` into a fresh `Section()`, given to `set`.
    static func section<Section>(
        _ name: String, set: @escaping (inout Settings, Section) -> Void, _ make: () -> Section, _ keys: [ConfigKey<Section>]
    ) -> ConfigKey {
        let start = make()
        return ConfigKey(
            name: name,
            read: { map, settings in
                guard let section = map.mapping(name) else { return }
                var value = start
                section.read(keys, into: &value)
                set(&settings, value)
            }, children: keys.flatMap(\.paths), schema: .object(keys.map { ($0.name, $0.schema) }, required: []))
    }
}

extension YAMLMapping {
    /// Warns about keys not in `keys`, then reads each, in the table's order.
    func read<Settings>(_ keys: [ConfigKey<Settings>], into settings: inout Settings) {
        warnUnknownKeys(keys.map(\.name))
        for key in keys { key.read(self, &settings) }
    }
}

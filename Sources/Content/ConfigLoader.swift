import Foundation
import GazetteModel
import Yams

/// Reads `gazette.yml` into a `SiteConfig`: every problem becomes a diagnostic with its position;
/// unknown keys are warnings so a typo never goes unnoticed but never blocks a build.
public enum ConfigLoader {
    public static let fileName = SiteLayout.config

    /// Every key of `gazette.yml`, in the order they are read and suggested.
    static var topLevelKeys: [String] { keys.map(\.name) }

    /// Every key the loader reads, dotted (`sources.naver.display`), sections too: what the
    /// reference (`docs/reference/gazette-yml.md`) must document, and all it may.
    public static var keyPaths: [String] { keys.flatMap(\.paths) }

    /// Loads `gazette.yml` from `siteRoot` (through `source`, the disk unless given). Returns nil
    /// config when it has errors.
    /// `cache` (kept by `gazette serve`) hands back the config parsed from the same bytes.
    public static func load(siteRoot: URL, source: (any SiteSource)? = nil, cache: ContentMemo? = nil) -> (config: SiteConfig?, diagnostics: [Diagnostic]) {
        let url = siteRoot.appendingPathComponent(fileName)
        if let target = SiteBoundary(siteRoot: siteRoot).escape(of: url.path) {
            var refusal = SiteBoundary.refusal(fileName, target: target)
            refusal.severity = .error
            return (nil, [refusal])
        }
        guard let data = (source ?? DiskSource(root: siteRoot)).contents(fileName) else {
            return (
                nil,
                [
                    .error(
                        "no \(fileName) in \(siteRoot.path)", at: nil,
                        hint: "run gazette in a site folder or any folder inside it, pass --site DIR, or create one with 'gazette init'")
                ]
            )
        }
        return cache?.config(data) { parse($0, path: fileName) } ?? parse(data, path: fileName)
    }

    /// Parses the bytes of a config file; `path` is what diagnostics print.
    public static func parse(_ data: Data, path: String) -> (config: SiteConfig?, diagnostics: [Diagnostic]) {
        let leftovers = MergeLeftovers.diagnostics(in: data, path: path)
        if !leftovers.isEmpty { return (nil, leftovers) }
        let text: String
        switch SourceText.decode(data, path: path) {
        case .success(let decoded): text = decoded
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        let source = YAMLSource(path: path, fileLines: text.lfLines(), lineOffset: 0)
        let root: Node
        switch source.compose(text) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(nil):
            return (nil, [.error("\(path) is empty", at: SourceLocation(path: path, line: 1, column: 1), hint: "add at least 'title: My study group'")])
        case .success(let node?): root = node
        }
        let diagnostics = DiagnosticCollector()
        guard let map = YAMLMapping(root, source: source, name: path, diagnostics: diagnostics) else {
            return (nil, diagnostics.all)
        }
        var config = SiteConfig(title: "")
        map.read(keys, into: &config)
        return (diagnostics.hasErrors ? nil : config, diagnostics.all)
    }

    // MARK: The keys

    /// The table: each key's type, validation and hint; its default is `SiteConfig`'s.
    static var keys: [ConfigKey<SiteConfig>] { siteKeys + sectionKeys }

    /// The keys of the site itself: its title, address, language, time zone, members and tags.
    static var siteKeys: [ConfigKey<SiteConfig>] {
        [
            ConfigKey(name: "title") { map, config in
                let title = map.string("title")?.trimmingCharacters(in: .whitespaces)
                if title == nil || title?.isEmpty == true {
                    map.diagnostics.report(
                        map.source.error("'title' is required", at: map.keyNode("title") ?? map.node, hint: "add title: My study group"))
                }
                config.title = title ?? ""
            }.shaped(.string),
            .text("description", \.description),
            .parsed(
                "base_url", \.baseURL, message: { _ in "'base_url' must be an absolute http(s) URL" },
                hint: "write base_url: https://example.org/study/"
            ) { text in
                guard let url = URL(string: text.hasSuffix("/") ? text : text + "/"), let scheme = url.scheme,
                    ["http", "https"].contains(scheme.lowercased()), url.host != nil
                else { return nil }
                return url
            },
            .parsed("language", \.language, message: { "'language' must be ko or en, not '\($0)'" }, hint: "write language: ko") {
                SiteLanguage(rawValue: $0.lowercased())
            },
            .parsed(
                "timezone", \.timeZone, message: { "unknown time zone '\($0)'" },
                hint: "use an IANA name such as Asia/Seoul or Europe/London", meant: timeZoneMeant, TimeZone.init(identifier:)),
            ConfigKey(name: "authors") { map, config in
                if let authors = map.mapping("authors") { config.authors = loadAuthors(authors) }
            }.shaped(.map(.anyOf([.string, .object([("name", .string)], required: ["name"])]))),
            // After `language`: without a `tags` mapping, the language's default tags.
            ConfigKey(name: "tags") { map, config in
                if let tags = map.mapping("tags") {
                    config.tags = loadTags(tags)
                } else {
                    config.tags = SiteConfig.defaultTags(config.language)
                }
            }.shaped(.map(.string)),
        ]
    }

    /// The sections: a mapping each, of its own keys.
    static var sectionKeys: [ConfigKey<SiteConfig>] {
        [
            .section(
                "sources", \.sources,
                NewsAPIs.configKeys + [
                    ConfigKey(name: "feeds") { map, sources in sources.feeds += loadFeeds(map) }
                        .shaped(.list(.object([("name", .string), ("url", .string)], required: ["name", "url"]))),
                ]),
            .section(
                "packet", \.packet,
                [
                    .parsed("paper", \.paper, message: { _ in "'paper' must be a4 or letter" }) { Paper(rawValue: $0.lowercased()) },
                    .text("font", \.font),
                    .text("code_font", \.codeFont),
                    .number("size", \.size, in: 6...24, message: "'size' must be between 6 and 24 (points)"),
                    .number(
                        "line_height", \.lineHeight, in: 1...3, message: "'line_height' must be between 1 and 3 (times the size)",
                        hint: "write line_height: 1.6"),
                    ConfigKey(name: "margin") { map, packet in loadMargins(map, into: &packet.margins) }
                        .shaped(.anyOf([.number(18...144), .object(["top", "right", "bottom", "left"].map { ($0, .number(18...144)) }, required: [])])),
                    ConfigKey(name: "order") { map, packet in loadOrder(map, into: &packet) }
                        .shaped(.choice(["updated", "-updated", "created", "-created", "title", "-title"])),
                ]),
            .section("markdown", \.markdown, [.flag("unsafe_html", \.unsafeHTML), .flag("line_breaks", \.lineBreaks)]),
            .section(
                "board", \.board,
                [
                    .integer("per_page", \.perPage, in: 1...1000), .integer("list_per_page", \.listPerPage, in: 1...1000),
                    .integer("articles_per_page", \.articlesPerPage, in: 1...100_000),
                ]),
            .section(
                "publish", \.publish,
                [
                    .parsed(
                        "cname", \.cname, message: { _ in "'cname' must be a host name such as news.example.org" },
                        hint: "write the domain alone, without https:// or a path"
                    ) { cname in
                        let host = cname.trimmingCharacters(in: .whitespaces).lowercased()
                        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
                        guard host.contains("."), host.allSatisfy(allowed.contains), !host.hasPrefix("."), !host.hasSuffix("."),
                            !host.contains("..")
                        else { return nil }
                        return host
                    }
                ]),
            .section(
                "mail", \.mail,
                [
                    address("from", \.from),
                    ConfigKey(name: "to") { map, mail in
                        guard let node = map.value("to"), let addresses = map.stringList("to") else { return }
                        for text in addresses {
                            if let address = MailAddress(text) {
                                mail.to.append(address)
                            } else {
                                map.diagnostics.report(map.source.error("'\(text)' in 'to' is not an email address", at: node, hint: mailHint))
                            }
                        }
                    }.shaped(.stringList),
                    address("reply_to", \.replyTo),
                ]),
            .section(
                "network", \.network,
                [
                    ConfigKey(name: "allow_private") { map, network in
                        guard let node = map.value("allow_private"), let ranges = map.stringList("allow_private") else { return }
                        for text in ranges {
                            if let range = IPAddressRange(text) {
                                network.allowPrivate.append(range)
                            } else {
                                map.diagnostics.report(
                                    map.source.error(
                                        "'\(text)' in 'allow_private' is not an address or a CIDR block", at: node,
                                        hint: "write addresses such as 10.20.0.0/16, 127.0.0.1 or fd00::/8"))
                            }
                        }
                    }.shaped(.stringList)
                ]),
        ]
    }

    /// `gazette.yml`'s shape as JSON Schema (draft 2020-12), made from the table above: what
    /// `gazette schema` prints and `gazette init` points editors at.
    public static var jsonSchema: String {
        let root = ConfigSchema.object(keys.map { ($0.name, $0.schema) }, required: ["title"])
        var text = root.json()
        text.insert(
            contentsOf: "\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"title\": \"gazette.yml\",", at: text.index(after: text.startIndex))
        return text + "\n"
    }

    static let resultLimits = 1...1000
    static let mailHint = "write an address such as study@example.org or 스터디 <study@example.org>"

    /// An email address (`MailAddress`), or an error at its line.
    static func address<Settings>(_ name: String, _ path: WritableKeyPath<Settings, MailAddress?>) -> ConfigKey<Settings> {
        .parsed(name, path, message: { "'\($0)' is not an email address" }, hint: mailHint) { text -> MailAddress?? in
            guard let address = MailAddress(text) else { return nil }
            return address
        }
    }

    static func endpoint<Settings>() -> ConfigKey<Settings> where Settings: APISettings {
        .parsed(
            "endpoint", \.endpoint, message: { _ in "'endpoint' must be an http(s) URL" }, hint: "write endpoint: http://127.0.0.1:9000"
        ) { CanonicalURL.canonicalize($0) != nil ? $0 : nil }
    }

    /// `margin: 56`, or `margin: { top: 48, right: 56, bottom: 48, left: 56 }` (points).
    static func loadMargins(_ packet: YAMLMapping, into margins: inout SiteConfig.PacketSettings.Margins) {
        guard let node = packet.value("margin") else { return }
        let hint = "write margin: 56, or margin: { top: 48, right: 56, bottom: 48, left: 56 } (points)"
        func check(_ value: Double?, _ place: Node) -> Double? {
            guard let value else { return nil }
            guard (18...144).contains(value) else {
                packet.diagnostics.report(packet.source.error("a margin must be between 18 and 144 points", at: place, hint: hint))
                return nil
            }
            return value
        }
        if node.scalar != nil {
            if let all = check(packet.number("margin"), node) {
                margins = .init(top: all, right: all, bottom: all, left: all)
            }
        } else if let sides = packet.mapping("margin") {
            let names: [(String, WritableKeyPath<SiteConfig.PacketSettings.Margins, Double>)] = [
                ("top", \.top), ("right", \.right), ("bottom", \.bottom), ("left", \.left),
            ]
            sides.warnUnknownKeys(names.map(\.0))
            for (side, path) in names {
                guard let sideNode = sides.value(side), let value = check(sides.number(side), sideNode) else { continue }
                margins[keyPath: path] = value
            }
        }
    }

    /// `order: updated`, `created` or `title`, with a leading `-` for newest first.
    static func loadOrder(_ packet: YAMLMapping, into settings: inout SiteConfig.PacketSettings) {
        guard let node = packet.value("order"), let text = packet.string("order") else { return }
        let descending = text.hasPrefix("-")
        if let order = SiteConfig.PacketSettings.Order(rawValue: String(text.dropFirst(descending ? 1 : 0))) {
            settings.order = order
            settings.descending = descending
        } else {
            packet.diagnostics.report(
                packet.source.error(
                    "'order' must be updated, created or title (a leading - for newest first), not '\(text)'", at: node,
                    hint: "write order: updated"))
        }
    }

    static func loadAuthors(_ map: YAMLMapping) -> [Author] {
        var authors: [Author] = []
        for pair in map.pairs {
            if let name = pair.value.scalar?.string, !pair.value.isNull {
                authors.append(Author(key: pair.key, name: name))
            } else if let entry = YAMLMapping(pair.value, source: map.source, name: "authors.\(pair.key)", diagnostics: map.diagnostics) {
                entry.warnUnknownKeys(["name"])
                authors.append(Author(key: pair.key, name: entry.string("name") ?? pair.key))
            }
        }
        return authors.sorted { $0.key.utf8Precedes($1.key) }
    }

    /// The IANA name a time zone typed otherwise stands for: in another case (`asia/seoul`),
    /// misspelt (`Asia/Soeul`), or an abbreviation (`KST`).
    static func timeZoneMeant(_ text: String) -> String? {
        let typed = text.trimmingCharacters(in: .whitespaces)
        let known = TimeZone.knownTimeZoneIdentifiers
        if let same = known.first(where: { $0.lowercased() == typed.lowercased() }) { return same }
        if typed.contains("/") { return Suggest.closest(to: typed, in: known) }
        guard typed.count <= 5, let zone = TimeZone(abbreviation: typed.uppercased()), zone.identifier != typed else { return nil }
        return zone.identifier
    }

    static func loadTags(_ map: YAMLMapping) -> [GazetteModel.Tag] {
        var tags: [GazetteModel.Tag] = []
        for pair in map.pairs {
            if !Vocabulary.isTagKey(pair.key) {
                map.diagnostics.report(map.source.error("tag key '\(pair.key)' must be one word without '/' or spaces", at: pair.keyNode))
                continue
            }
            guard let name = pair.value.scalar?.string, !pair.value.isNull else {
                if ["naver", "newsapi", "mediastack", "feeds"].contains(pair.key), pair.value.mapping != nil || pair.value.sequence != nil {
                    // A source's line uncommented under a `# sources:` left commented.
                    map.diagnostics.report(
                        map.source.error(
                            "'\(pair.key)' is read as a tag: the line 'sources:' above it is commented out", at: pair.keyNode,
                            hint: "remove the '#' before 'sources:' too, so that \(pair.key) is one of the sources gazette fetch reads"))
                    continue
                }
                map.diagnostics.report(
                    map.source.error("tag '\(pair.key)' needs a display name", at: pair.value, hint: "write \(pair.key): 경제"))
                continue
            }
            tags.append(GazetteModel.Tag(key: pair.key, name: name))
        }
        return tags
    }

    /// `feeds:`, a list of `{ name, url }`.
    static func loadFeeds(_ map: YAMLMapping) -> [SiteConfig.Sources.Feed] {
        guard let node = map.value("feeds") else { return [] }
        guard let list = node.sequence else {
            map.diagnostics.report(map.source.error("'feeds' must be a list of { name, url }", at: node))
            return []
        }
        var feeds: [SiteConfig.Sources.Feed] = []
        for item in list {
            guard let feed = YAMLMapping(item, source: map.source, name: "a feed", diagnostics: map.diagnostics) else { continue }
            feed.warnUnknownKeys(["name", "url"])
            if let valid = SiteConfig.Sources.Feed(name: feed.string("name"), url: feed.string("url")) {
                feeds.append(valid)
            } else {
                map.diagnostics.report(
                    map.source.error("a feed needs a name and an http(s) url", at: item, hint: "write - { name: hankyung, url: https://… }"))
            }
        }
        return feeds
    }
}

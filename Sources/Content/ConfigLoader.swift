import Foundation
import GazetteModel
import Yams

/// Reads `gazette.yml` into a `SiteConfig`: every problem becomes a diagnostic with its position;
/// unknown keys are warnings so a typo never goes unnoticed but never blocks a build.
public enum ConfigLoader {
    public static let fileName = "gazette.yml"

    static let topLevelKeys = [
        "title", "description", "base_url", "language", "timezone", "authors", "tags", "sources", "packet",
        "markdown", "board", "publish", "network",
    ]

    /// Loads `gazette.yml` from `siteRoot`. Returns nil config when it has errors.
    public static func load(siteRoot: URL) -> (config: SiteConfig?, diagnostics: [Diagnostic]) {
        let url = siteRoot.appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else {
            return (
                nil,
                [
                    .error(
                        "no \(fileName) in \(siteRoot.path)", at: nil,
                        hint: "run gazette in a site folder, pass --site DIR, or create one with 'gazette init'")
                ]
            )
        }
        return parse(data, path: fileName)
    }

    /// Parses the bytes of a config file; `path` is what diagnostics print.
    public static func parse(_ data: Data, path: String) -> (config: SiteConfig?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
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
        guard let map = YAMLMapping(root, source: source, name: path, diagnostics: &diagnostics) else {
            return (nil, diagnostics)
        }
        map.warnUnknownKeys(topLevelKeys, diagnostics: &diagnostics)

        let title = map.string("title", diagnostics: &diagnostics)?.trimmingCharacters(in: .whitespaces)
        if title == nil || title?.isEmpty == true {
            diagnostics.append(
                source.error("'title' is required", at: map.keyNode("title") ?? root, hint: "add title: My study group"))
        }
        var config = SiteConfig(title: title ?? "")
        config.description = map.string("description", diagnostics: &diagnostics)

        if let node = map.value("base_url"), let text = map.string("base_url", diagnostics: &diagnostics) {
            if let url = URL(string: text.hasSuffix("/") ? text : text + "/"), let scheme = url.scheme,
                ["http", "https"].contains(scheme.lowercased()), url.host != nil
            {
                config.baseURL = url
            } else {
                diagnostics.append(
                    source.error("'base_url' must be an absolute http(s) URL", at: node, hint: "write base_url: https://example.org/study/"))
            }
        }
        if let node = map.value("language"), let text = map.string("language", diagnostics: &diagnostics) {
            if let language = SiteLanguage(rawValue: text.lowercased()) {
                config.language = language
            } else {
                diagnostics.append(source.error("'language' must be ko or en, not '\(text)'", at: node, hint: "write language: ko"))
            }
        }
        if let node = map.value("timezone"), let text = map.string("timezone", diagnostics: &diagnostics) {
            if let zone = TimeZone(identifier: text) {
                config.timeZone = zone
            } else {
                diagnostics.append(
                    source.error("unknown time zone '\(text)'", at: node, hint: "use an IANA name such as Asia/Seoul or Europe/London"))
            }
        }
        if let authors = map.mapping("authors", diagnostics: &diagnostics) {
            config.authors = loadAuthors(authors, diagnostics: &diagnostics)
        }
        if let tags = map.mapping("tags", diagnostics: &diagnostics) {
            config.tags = loadTags(tags, diagnostics: &diagnostics)
        } else {
            config.tags = SiteConfig.defaultTags(config.language)
        }
        if let sources = map.mapping("sources", diagnostics: &diagnostics) {
            config.sources = loadSources(sources, diagnostics: &diagnostics)
        }
        if let packet = map.mapping("packet", diagnostics: &diagnostics) {
            packet.warnUnknownKeys(
                ["paper", "font", "code_font", "size", "line_height", "margin", "order"], diagnostics: &diagnostics)
            if let node = packet.value("paper"), let text = packet.string("paper", diagnostics: &diagnostics) {
                if let paper = Paper(rawValue: text.lowercased()) {
                    config.packet.paper = paper
                } else {
                    diagnostics.append(source.error("'paper' must be a4 or letter", at: node))
                }
            }
            if let font = packet.string("font", diagnostics: &diagnostics) { config.packet.font = font }
            if let node = packet.value("size"), let size = packet.number("size", diagnostics: &diagnostics) {
                if (6...24).contains(size) {
                    config.packet.size = size
                } else {
                    diagnostics.append(source.error("'size' must be between 6 and 24 (points)", at: node))
                }
            }
            loadPacketLayout(packet, into: &config.packet, diagnostics: &diagnostics)
        }
        if let markdown = map.mapping("markdown", diagnostics: &diagnostics) {
            markdown.warnUnknownKeys(["unsafe_html"], diagnostics: &diagnostics)
            if let unsafe = markdown.bool("unsafe_html", diagnostics: &diagnostics) { config.markdown.unsafeHTML = unsafe }
        }
        if let board = map.mapping("board", diagnostics: &diagnostics) {
            board.warnUnknownKeys(["per_page", "list_per_page"], diagnostics: &diagnostics)
            if let perPage = board.integer("per_page", in: 1...1000, diagnostics: &diagnostics) { config.board.perPage = perPage }
            if let perPage = board.integer("list_per_page", in: 1...1000, diagnostics: &diagnostics) { config.board.listPerPage = perPage }
        }
        if let publish = map.mapping("publish", diagnostics: &diagnostics) {
            publish.warnUnknownKeys(["cname"], diagnostics: &diagnostics)
            if let node = publish.value("cname"), let cname = publish.string("cname", diagnostics: &diagnostics) {
                let host = cname.trimmingCharacters(in: .whitespaces).lowercased()
                let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
                if host.contains("."), host.allSatisfy(allowed.contains), !host.hasPrefix("."), !host.hasSuffix("."), !host.contains("..") {
                    config.publish.cname = host
                } else {
                    diagnostics.append(
                        source.error(
                            "'cname' must be a host name such as news.example.org", at: node,
                            hint: "write the domain alone, without https:// or a path"))
                }
            }
        }
        if let network = map.mapping("network", diagnostics: &diagnostics) {
            network.warnUnknownKeys(["allow_private"], diagnostics: &diagnostics)
            if let node = network.value("allow_private"), let ranges = network.stringList("allow_private", diagnostics: &diagnostics) {
                for text in ranges {
                    if let range = IPAddressRange(text) {
                        config.network.allowPrivate.append(range)
                    } else {
                        diagnostics.append(
                            source.error(
                                "'\(text)' in 'allow_private' is not an address or a CIDR block", at: node,
                                hint: "write addresses such as 10.20.0.0/16, 127.0.0.1 or fd00::/8"))
                    }
                }
            }
        }
        let failed = diagnostics.contains { $0.severity == .error }
        return (failed ? nil : config, diagnostics)
    }

    /// The packet keys beyond paper, font and size: code font, line height, margins, order.
    static func loadPacketLayout(_ packet: YAMLMapping, into settings: inout SiteConfig.PacketSettings, diagnostics: inout [Diagnostic]) {
        let source = packet.source
        if let font = packet.string("code_font", diagnostics: &diagnostics) { settings.codeFont = font }
        if let node = packet.value("line_height"), let value = packet.number("line_height", diagnostics: &diagnostics) {
            if (1...3).contains(value) {
                settings.lineHeight = value
            } else {
                diagnostics.append(source.error("'line_height' must be between 1 and 3 (times the size)", at: node, hint: "write line_height: 1.6"))
            }
        }
        if let node = packet.value("margin") {
            let hint = "write margin: 56, or margin: { top: 48, right: 56, bottom: 48, left: 56 } (points)"
            func check(_ value: Double?, _ place: Node) -> Double? {
                guard let value else { return nil }
                guard (18...144).contains(value) else {
                    diagnostics.append(source.error("a margin must be between 18 and 144 points", at: place, hint: hint))
                    return nil
                }
                return value
            }
            if node.scalar != nil {
                if let all = check(packet.number("margin", diagnostics: &diagnostics), node) {
                    settings.margins = .init(top: all, right: all, bottom: all, left: all)
                }
            } else if let sides = packet.mapping("margin", diagnostics: &diagnostics) {
                sides.warnUnknownKeys(["top", "right", "bottom", "left"], diagnostics: &diagnostics)
                for side in ["top", "right", "bottom", "left"] {
                    guard let sideNode = sides.value(side), let value = check(sides.number(side, diagnostics: &diagnostics), sideNode) else { continue }
                    switch side {
                    case "top": settings.margins.top = value
                    case "right": settings.margins.right = value
                    case "bottom": settings.margins.bottom = value
                    default: settings.margins.left = value
                    }
                }
            }
        }
        if let node = packet.value("order"), let text = packet.string("order", diagnostics: &diagnostics) {
            let descending = text.hasPrefix("-")
            if let order = SiteConfig.PacketSettings.Order(rawValue: String(text.dropFirst(descending ? 1 : 0))) {
                settings.order = order
                settings.descending = descending
            } else {
                diagnostics.append(
                    source.error(
                        "'order' must be updated, created or title (a leading - for newest first), not '\(text)'", at: node,
                        hint: "write order: updated"))
            }
        }
    }

    static func loadAuthors(_ map: YAMLMapping, diagnostics: inout [Diagnostic]) -> [Author] {
        var authors: [Author] = []
        for pair in map.pairs {
            if let name = pair.value.scalar?.string, !pair.value.isNull {
                authors.append(Author(key: pair.key, name: name))
            } else if let entry = YAMLMapping(pair.value, source: map.source, name: "authors.\(pair.key)", diagnostics: &diagnostics) {
                entry.warnUnknownKeys(["name"], diagnostics: &diagnostics)
                authors.append(Author(key: pair.key, name: entry.string("name", diagnostics: &diagnostics) ?? pair.key))
            }
        }
        return authors.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    static func loadTags(_ map: YAMLMapping, diagnostics: inout [Diagnostic]) -> [GazetteModel.Tag] {
        var tags: [GazetteModel.Tag] = []
        for pair in map.pairs {
            if pair.key.isEmpty || pair.key.contains(where: { $0 == "/" || $0.isWhitespace }) {
                diagnostics.append(map.source.error("tag key '\(pair.key)' must be one word without '/' or spaces", at: pair.keyNode))
                continue
            }
            guard let name = pair.value.scalar?.string, !pair.value.isNull else {
                diagnostics.append(
                    map.source.error("tag '\(pair.key)' needs a display name", at: pair.value, hint: "write \(pair.key): 경제"))
                continue
            }
            tags.append(GazetteModel.Tag(key: pair.key, name: name))
        }
        return tags
    }

    static func loadSources(_ map: YAMLMapping, diagnostics: inout [Diagnostic]) -> SiteConfig.Sources {
        map.warnUnknownKeys(["naver", "newsapi", "mediastack", "feeds"], diagnostics: &diagnostics)
        var sources = SiteConfig.Sources()
        let limits = 1...1000
        if let naver = map.mapping("naver", diagnostics: &diagnostics) {
            naver.warnUnknownKeys(["queries", "display", "sort", "max_results", "endpoint"], diagnostics: &diagnostics)
            var settings = SiteConfig.Sources.Naver()
            settings.queries = naver.stringList("queries", diagnostics: &diagnostics) ?? []
            settings.display = naver.integer("display", in: 1...100, diagnostics: &diagnostics) ?? settings.display
            if let node = naver.value("sort"), let sort = naver.string("sort", diagnostics: &diagnostics) {
                if ["sim", "date"].contains(sort) { settings.sort = sort } else {
                    diagnostics.append(map.source.error("Naver 'sort' must be sim or date", at: node))
                }
            }
            settings.maxResults = naver.integer("max_results", in: limits, diagnostics: &diagnostics) ?? settings.maxResults
            settings.endpoint = endpoint(naver, diagnostics: &diagnostics)
            sources.naver = settings
        }
        if let newsAPI = map.mapping("newsapi", diagnostics: &diagnostics) {
            newsAPI.warnUnknownKeys(["queries", "language", "sort_by", "max_results", "endpoint"], diagnostics: &diagnostics)
            var settings = SiteConfig.Sources.NewsAPI()
            settings.queries = newsAPI.stringList("queries", diagnostics: &diagnostics) ?? []
            settings.language = newsAPI.string("language", diagnostics: &diagnostics)
            if let node = newsAPI.value("sort_by"), let sort = newsAPI.string("sort_by", diagnostics: &diagnostics) {
                if ["relevancy", "popularity", "publishedAt"].contains(sort) { settings.sortBy = sort } else {
                    diagnostics.append(map.source.error("NewsAPI 'sort_by' must be relevancy, popularity or publishedAt", at: node))
                }
            }
            settings.maxResults = newsAPI.integer("max_results", in: limits, diagnostics: &diagnostics) ?? settings.maxResults
            settings.endpoint = endpoint(newsAPI, diagnostics: &diagnostics)
            sources.newsAPI = settings
        }
        if let mediaStack = map.mapping("mediastack", diagnostics: &diagnostics) {
            mediaStack.warnUnknownKeys(
                ["keywords", "languages", "countries", "sort", "max_results", "endpoint"], diagnostics: &diagnostics)
            var settings = SiteConfig.Sources.MediaStack()
            settings.keywords = mediaStack.stringList("keywords", diagnostics: &diagnostics) ?? []
            settings.languages = mediaStack.stringList("languages", diagnostics: &diagnostics) ?? []
            settings.countries = mediaStack.stringList("countries", diagnostics: &diagnostics) ?? []
            settings.sort = mediaStack.string("sort", diagnostics: &diagnostics)
            settings.maxResults = mediaStack.integer("max_results", in: limits, diagnostics: &diagnostics) ?? settings.maxResults
            settings.endpoint = endpoint(mediaStack, diagnostics: &diagnostics)
            sources.mediaStack = settings
        }
        if let node = map.value("feeds") {
            if let list = node.sequence {
                for item in list {
                    guard let feed = YAMLMapping(item, source: map.source, name: "a feed", diagnostics: &diagnostics) else { continue }
                    feed.warnUnknownKeys(["name", "url"], diagnostics: &diagnostics)
                    let name = feed.string("name", diagnostics: &diagnostics)
                    let url = feed.string("url", diagnostics: &diagnostics)
                    if let name, let url, !name.isEmpty, CanonicalURL.canonicalize(url) != nil {
                        sources.feeds.append(.init(name: name, url: url))
                    } else {
                        diagnostics.append(
                            map.source.error("a feed needs a name and an http(s) url", at: item, hint: "write - { name: hankyung, url: https://… }"))
                    }
                }
            } else {
                diagnostics.append(map.source.error("'feeds' must be a list of { name, url }", at: node))
            }
        }
        return sources
    }

    static func endpoint(_ map: YAMLMapping, diagnostics: inout [Diagnostic]) -> String? {
        guard let node = map.value("endpoint"), let text = map.string("endpoint", diagnostics: &diagnostics) else { return nil }
        guard CanonicalURL.canonicalize(text) != nil else {
            diagnostics.append(map.source.error("'endpoint' must be an http(s) URL", at: node, hint: "write endpoint: http://127.0.0.1:9000"))
            return nil
        }
        return text
    }
}

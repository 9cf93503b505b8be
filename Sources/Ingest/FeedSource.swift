import Foundation
import GazetteModel
import Markup

/// An RSS 2.0 or Atom 1.0 feed (RSS 1.0 too), parsed with libxml2 and fetched with
/// conditional requests: the `ETag` / `Last-Modified` of the last answer go back as
/// `If-None-Match` / `If-Modified-Since`, and a 304 means nothing new.
struct FeedSource: Sendable {
    let feed: SiteConfig.Sources.Feed

    var id: String { "feed:\(feed.name)" }
    var label: String { "feed \(feed.name)" }

    static let accept = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5"

    func fetch(web: WebClient, validators: HTTPValidators?, now: Date) async throws(IngestError) -> (Found, HTTPValidators?) {
        var headers = [("Accept", Self.accept)]
        if let etag = validators?.etag { headers.append(("If-None-Match", etag)) }
        if let modified = validators?.lastModified { headers.append(("If-Modified-Since", modified)) }
        let response: WebResponse
        do {
            response = try await web.get(feed.url, headers: headers, source: .configuration)
        } catch {
            throw error.attributed(to: label)
        }
        if response.status == 304 {
            var found = Found()
            found.notModified = true
            return (found, validators)
        }
        guard response.status == 200 else {
            throw IngestError.answer(
                label, response, code: nil, detail: nil,
                hint: response.status >= 500 ? "the site failed; try again later" : "check the feed's url in gazette.yml")
        }
        let found = try FeedParser.parse(response.body, url: response.url, source: id, label: label, now: now)
        let fresh = HTTPValidators(etag: response.header("ETag"), lastModified: response.header("Last-Modified"))
        return (found, fresh.isEmpty ? nil : fresh)
    }
}

/// Reads RSS and Atom documents into store records.
enum FeedParser {
    static let atom = "http://www.w3.org/2005/Atom"

    static func parse(_ data: Data, url feedURL: String, source: String, label: String, now: Date) throws(IngestError) -> Found {
        let document: MarkupDocument
        do throws(MarkupError) {
            document = try MarkupDocument.xml(bytes: Array(data), encoding: nil)
        } catch {
            throw IngestError(.unreadable, "\(label): not a well-formed feed (line \(error.line), column \(error.column): \(error.message))")
        }
        guard let root = document.root else { throw IngestError(.unreadable, "\(label): the feed is empty") }
        var normalizer = Normalizer(source: source, query: nil, now: now)
        var found = Found()
        let drafts: [Draft]
        switch root.name {
        case "rss": drafts = rss(root, feedURL: feedURL)
        case "RDF": drafts = root.children("item").map { rssItem($0, channel: root.child("channel"), feedURL: feedURL) }
        case "feed": drafts = atomFeed(root, feedURL: feedURL)
        default:
            throw IngestError(.unreadable, "\(label): <\(root.name)> is neither RSS nor Atom — check the feed's url")
        }
        found.articles = drafts.compactMap { normalizer.article($0) }
        found.total = drafts.count
        found.warnings = normalizer.warnings
        return found
    }

    // MARK: RSS

    static func rss(_ root: MarkupDocument.Node, feedURL: String) -> [Draft] {
        guard let channel = root.child("channel") else { return [] }
        return channel.children("item").map { rssItem($0, channel: channel, feedURL: feedURL) }
    }

    static func rssItem(_ item: MarkupDocument.Node, channel: MarkupDocument.Node?, feedURL: String) -> Draft {
        var link = item.child("link")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if link?.isEmpty ?? true, let guid = item.child("guid"), guid["isPermaLink"] != "false" {
            link = guid.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var description = PlainText.from(html: item.child("description")?.text)
        if description.isEmpty, let content = item.child("encoded") {
            description = PlainText.truncate(PlainText.from(html: content.text), to: 500)
        }
        let url = link.flatMap { resolve($0, against: feedURL) }
        let image =
            item.children("enclosure").first { ($0["type"] ?? "").hasPrefix("image/") }?["url"]
            ?? item.children("content").first { $0["medium"] == "image" || ($0["type"] ?? "").hasPrefix("image/") }?["url"]
            ?? item.child("thumbnail")?["url"]
        let channelTitle = channel?.child("title").map { PlainText.from(html: $0.text) }
        return Draft(
            url: url, title: PlainText.from(html: item.child("title")?.text), description: description,
            publisher: url.flatMap(Publishers.name(forURL:)) ?? channelTitle,
            author: (item.child("creator") ?? item.child("author"))?.text,
            published: (item.child("pubDate") ?? item.child("date"))?.text,
            image: image.flatMap { resolve($0, against: feedURL) },
            language: (item.child("language") ?? channel?.child("language"))?.text, textIsPlain: true)
    }

    // MARK: Atom

    static func atomFeed(_ root: MarkupDocument.Node, feedURL: String) -> [Draft] {
        let feedTitle = root.child("title").map(atomText)
        let feedLanguage = root["lang"]
        return root.children("entry").map { entry in
            let links = entry.children("link")
            let alternate = links.first { ($0["rel"] ?? "alternate") == "alternate" } ?? links.first
            let url = alternate?["href"].flatMap { resolve($0, against: feedURL) }
            var description = entry.child("summary").map(atomText) ?? ""
            if description.isEmpty, let content = entry.child("content") {
                description = PlainText.truncate(atomText(content), to: 500)
            }
            let image = links.first { $0["rel"] == "enclosure" && ($0["type"] ?? "").hasPrefix("image/") }?["href"]
                ?? entry.child("thumbnail")?["url"]
            return Draft(
                url: url, title: entry.child("title").map(atomText), description: description,
                publisher: url.flatMap(Publishers.name(forURL:)) ?? feedTitle,
                author: entry.child("author")?.child("name")?.text,
                published: (entry.child("published") ?? entry.child("updated"))?.text,
                image: image.flatMap { resolve($0, against: feedURL) }, language: entry["lang"] ?? feedLanguage, textIsPlain: true)
        }
    }

    /// An Atom text construct as plain text: `type="html"` holds escaped HTML, `xhtml` a
    /// `<div>` of markup whose text is the content, `text` (the default) is already text.
    static func atomText(_ node: MarkupDocument.Node) -> String {
        switch node["type"] {
        case "html": PlainText.from(html: node.text)
        default: PlainText.collapse(node.text)
        }
    }

    /// `href` made absolute against the feed's address; nil when the URL policy refuses the
    /// result (not http(s), or no host: `https://` alone).
    static func resolve(_ href: String, against base: String) -> String? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let url = URL(string: trimmed, relativeTo: URL(string: base)) else { return nil }
        return SafeURL.allowed(url.absoluteString, in: .absolute)
    }
}

import Foundation
import GazetteModel
import Markup

/// What a web page says about itself: OpenGraph, Twitter card, `<title>` and
/// `<meta name="description">`, read with libxml2's HTML parser.
public struct PageMetadata: Sendable, Equatable, Codable {
    public var title: String?
    public var description: String?
    public var image: String?
    public var siteName: String?
    public var author: String?
    public var published: String?
    public var language: String?
    /// The address of the article this page is a news portal's copy of: on a Naver News page
    /// (`n.news.naver.com/mnews/article/001/…`, as the Naver app shares an article), its
    /// 기사원문 link (`a.media_end_head_origin_link`) to the publisher's own page, which is the
    /// address `gazette fetch` stores the article under. Resolved against the page; http(s) only.
    public var original: String?

    public init(
        title: String? = nil, description: String? = nil, image: String? = nil, siteName: String? = nil,
        author: String? = nil, published: String? = nil, language: String? = nil, original: String? = nil
    ) {
        self.title = title
        self.description = description
        self.image = image
        self.siteName = siteName
        self.author = author
        self.published = published
        self.language = language
        self.original = original
    }

    /// Reads the metadata of an HTML page at `url` (relative image addresses are resolved
    /// against it). `charset` is the one the `Content-Type` header names, if any.
    public static func read(_ bytes: [UInt8], url: String, charset: String?) -> PageMetadata {
        // Without a charset in the header or the page, libxml2 would guess Latin-1; the web
        // of today is UTF-8.
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self).lowercased()
        let encoding = charset ?? (head.contains("charset") ? nil : "UTF-8")
        guard let document = MarkupDocument.html(bytes: bytes, encoding: encoding) else { return PageMetadata() }
        var meta: [String: String] = [:]
        for element in document.elements(named: "meta") {
            guard let key = (element["property"] ?? element["name"] ?? element["itemprop"])?.lowercased(),
                let content = element["content"]?.trimmingCharacters(in: .whitespacesAndNewlines), !content.isEmpty,
                meta[key] == nil
            else { continue }
            meta[key] = content
        }
        func first(_ keys: String...) -> String? {
            keys.lazy.compactMap { meta[$0] }.first.map { PlainText.from(html: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let titleElement = document.texts(of: "title").first.map(PlainText.collapse).flatMap { $0.isEmpty ? nil : $0 }
        let image = ["og:image", "og:image:secure_url", "og:image:url", "twitter:image", "twitter:image:src"].lazy
            .compactMap { meta[$0] }.first
            .flatMap { FeedParser.resolve($0, against: url) }
        let author = first("author", "article:author", "byl").flatMap { $0.hasPrefix("http") ? nil : $0 }
        let language = document.elements(named: "html").first?["lang"] ?? meta["og:locale"]
        let original = document.elements(named: "a").lazy
            .first { $0["class"]?.split(separator: " ").contains("media_end_head_origin_link") == true }
            .flatMap { $0["href"] }.flatMap { FeedParser.resolve($0, against: url) }
            .flatMap { CanonicalURL.canonicalize($0) == nil || $0 == url ? nil : $0 }
        return PageMetadata(
            title: first("og:title", "twitter:title") ?? titleElement,
            description: first("og:description", "twitter:description", "description"),
            image: image, siteName: first("og:site_name", "application-name"), author: author,
            published: ["article:published_time", "datepublished", "pubdate", "date", "dc.date", "og:updated_time"].lazy
                .compactMap { meta[$0] }.compactMap { PublishedDate.normalize($0) }.first,
            language: language.flatMap(Normalizer.language), original: original)
    }

    /// Fetches `url` (http/https only; the client's size, time and redirect limits) and reads
    /// its metadata. Returns the metadata and the address that answered. `source` says who chose
    /// `url`: an article's address from the store is data, `gazette add`'s is the user's.
    public static func fetch(_ url: String, web: WebClient, source: AddressSource = .data) async throws(IngestError) -> (PageMetadata, String) {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), ["http", "https"].contains(scheme),
            parts.host?.isEmpty == false
        else { throw IngestError(.invalidURL, "\(url): only http and https addresses can be read") }
        let response: WebResponse
        do {
            response = try await web.get(url, headers: [("Accept", "text/html, application/xhtml+xml;q=0.9, */*;q=0.1")], source: source)
        } catch {
            throw error.attributed(to: url)
        }
        guard (200...299).contains(response.status) else {
            throw IngestError.answer(
                url, response, code: nil, detail: nil,
                hint: response.status >= 500 ? "the site failed; try again later" : "check the address")
        }
        let type = (response.header("Content-Type") ?? "text/html").lowercased()
        guard type.contains("html") else {
            throw IngestError(.unreadable, "\(url): not a web page (\(type.split(separator: ";").first.map(String.init) ?? type))")
        }
        let charset = type.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("charset=") }.map { String($0.dropFirst(8)).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        return (read(Array(response.body), url: response.url, charset: charset), response.url)
    }
}

import Content
import Foundation
import GazetteModel
import Memory

/// The Atom feed of journals and the sitemap, written as XML directly (no template can make
/// them invalid).
public enum Feeds {
    /// Newest journals with a body, at most `limit`, as an Atom 1.0 document. Ids and links are
    /// absolute when the site has a base URL; otherwise links are relative to the feed and ids
    /// are `urn:` names, which Atom allows. With `entries` (`gazette serve`), an entry whose
    /// journal is as in the last build is taken from it: escaping fifty bodies' HTML again was
    /// 2 ms of every save at 2,000 journals, on one core.
    public static func atom(_ renderer: SiteRenderer, limit: Int = 50, entries: FeedMemo? = nil) -> String {
        let content = renderer.content
        let base = renderer.baseURL
        var journals: [Journal] = []
        for journal in content.journals where !journal.isBookmark {
            guard journals.count < limit else { break }
            journals.append(journal)
        }
        let updated = journals.map(\.updated).max() ?? content.journals.map(\.updated).max() ?? Date(timeIntervalSince1970: 0)
        let title = "\(content.config.title) · \(renderer.strings["feedTitleSuffix"] ?? "")"
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(content.config.language.rawValue)">
              <title>\(escape(title))</title>
              <id>\(escape(base?.absoluteString ?? "urn:gazette:site:" + SHA256.hex(Array(content.config.title.utf8)).prefix(16)))</id>
              <updated>\(utc(updated))</updated>
              <link rel="self" type="application/atom+xml" href="\(escape(link(SitePaths.feed, base: base)))"/>
              <link rel="alternate" type="text/html" href="\(escape(base?.absoluteString ?? "./"))"/>
              <generator>Gazette</generator>

            """
        let made = entries?.xml(of: journals, shared: renderer.sharedInputs) { entry($0, renderer) } ?? journals.map { entry($0, renderer) }
        for entry in made { xml += entry }
        return xml + "</feed>\n"
    }

    private static func link(_ path: String, base: URL?) -> String { SitePaths.absolute(path, base: base) ?? SitePaths.encode(path) }

    /// One journal's `<entry>`: everything in it follows from the journal and what
    /// `SiteRenderer.sharedInputs` covers (the config, for names; the base URL).
    static func entry(_ journal: Journal, _ renderer: SiteRenderer) -> String {
        let content = renderer.content
        let path = SitePaths.journal(journal.slug)
        let id = SitePaths.absolute(path, base: renderer.baseURL) ?? "urn:gazette:journal:\(SitePaths.encode(journal.slug))"
        var xml = "  <entry>\n"
        xml += "    <title>\(escape(journal.title))</title>\n"
        xml += "    <id>\(escape(id))</id>\n"
        xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(escape(link(path, base: renderer.baseURL)))\"/>\n"
        xml += "    <published>\(utc(journal.created))</published>\n"
        xml += "    <updated>\(utc(journal.updated))</updated>\n"
        xml += "    <author><name>\(escape(renderer.authorName(journal.author) ?? content.config.title))</name></author>\n"
        for key in journal.tags {
            xml += "    <category term=\"\(escape(key))\" label=\"\(escape(content.config.tagName(key)))\"/>\n"
        }
        // The body's own addresses (a picture beside the journal, `../../images/…`) are relative
        // to the journal's page: its address is the content's base.
        xml += "    <content type=\"html\" xml:base=\"\(escape(link(path, base: renderer.baseURL)))\">\(escape(renderer.bodyHTML(journal)))</content>\n"
        xml += "  </entry>\n"
        return xml
    }

    /// Every HTML page (not the 404 page) as a sitemap.
    public static func sitemap(paths: [String], base: URL?) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for path in paths {
            xml += "  <url><loc>\(escape(SitePaths.absolute(path, base: base) ?? SitePaths.encode(path)))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    static func utc(_ date: Date) -> String { ISO8601.format(date, in: TimeZone(identifier: "UTC") ?? .current) }

    /// Text for XML and HTML content and attributes (`MarkupText.escape`).
    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}

/// The feed's entries from the last build (`gazette serve`), by slug with the journal each was
/// made from and the values every entry shares: a `Memo`.
public final class FeedMemo: Sendable {
    struct Made: Equatable, Sendable {
        var shared: Fingerprint
        var journal: Journal
    }

    private let memo = Memo<String, Made, String>()

    public init() {}

    /// Each of `journals`' entry: the last build's when the journal and `shared` are as they
    /// were (comparing journals is cheap: unchanged ones come back from the content cache as
    /// they were), else made by `make`.
    func xml(of journals: [Journal], shared: Fingerprint, make: (Journal) -> String) -> [String] {
        let known = memo.known()
        var found: [String] = []
        var made: [(String, Memo<String, Made, String>.Entry)] = []
        let entries = journals.map { journal -> String in
            let inputs = Made(shared: shared, journal: journal)
            if let xml = known.value(journal.slug, inputs) {
                found.append(journal.slug)
                return xml
            }
            let xml = make(journal)
            made.append((journal.slug, .init(inputs: inputs, value: xml)))
            return xml
        }
        memo.record(found: found, made: made)
        return entries
    }

    func endBuild() { memo.endBuild() }
}

import Content
import Foundation
import GazetteModel

/// What `gazette fetch` makes of the bytes one source answers, one call per kind of answer, with
/// no HTTP around it: the same decoding, draft and normalisation steps `fetch` runs on one page,
/// in the same order. These are the parsers of untrusted input the fuzz targets (`Fuzz/`) drive.
public enum AnswerParsing {
    /// An RSS or Atom document fetched from `url`, as a configured feed's records.
    public static func feed(_ data: Data, url: String, now: Date) throws(IngestError) -> Found {
        try FeedParser.parse(data, url: url, source: "feed:feed", label: "feed feed", now: now)
    }

    /// One page of Naver's news search JSON; nil when it is not Naver's answer.
    public static func naver(_ body: Data, query: String, now: Date) -> Found? {
        guard let page = try? JSONDecoder().decode(NaverSource.Page.self, from: body), let items = page.items else { return nil }
        return normalised(items.map(NaverSource.draft), source: "naver", query: query, total: page.total, now: now)
    }

    /// One page of NewsAPI's `/v2/everything` JSON; nil when it is not a successful answer.
    public static func newsAPI(_ body: Data, query: String, language: String?, now: Date) -> Found? {
        guard let page = try? JSONDecoder().decode(NewsAPISource.Page.self, from: body), page.status != "error",
            let items = page.articles
        else { return nil }
        return normalised(
            items.map { NewsAPISource.draft($0, language: language) }, source: "newsapi", query: query, total: page.totalResults,
            now: now)
    }

    /// One page of MediaStack's `/v1/news` JSON; nil when it is an error or not MediaStack's answer.
    public static func mediaStack(_ body: Data, query: String, now: Date) -> Found? {
        guard let page = try? JSONDecoder().decode(MediaStackSource.Page.self, from: body), page.error == nil,
            let items = page.data
        else { return nil }
        return normalised(items.map(MediaStackSource.draft), source: "mediastack", query: query, total: page.pagination?.total, now: now)
    }

    private static func normalised(_ drafts: [Draft], source: String, query: String, total: Int?, now: Date) -> Found {
        var normalizer = Normalizer(source: source, query: query, now: now)
        var found = Found()
        found.articles = drafts.compactMap { normalizer.article($0) }
        found.total = total
        found.warnings = normalizer.warnings
        return found
    }
}

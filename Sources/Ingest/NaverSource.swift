import Content
import Foundation
import GazetteModel

/// Naver Search API, news (`/v1/search/news.json`): `X-Naver-Client-Id`/`-Secret` headers,
/// pages of `display` ≤ 100 results at `start = 1 + (page−1)·display`, `start` ≤ 1000.
extension NaverSource: SearchSource {
    static let url = "https://openapi.naver.com/v1/search/news.json"
    static let keyVariables = ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET"]

    var clientID: String { keys.first ?? "" }
    var clientSecret: String { keys.dropFirst().first ?? "" }

    struct Page: Decodable {
        var total, start, display: Int?
        var items: [Item]?
    }

    struct Item: Decodable {
        var title, originallink, link, description, pubDate: String?
    }

    struct ErrorBody: Decodable {
        var errorMessage, errorCode: String?
    }

    func search(_ query: String, limit: Int, web: WebClient, now: Date, progress: @Sendable (Int) -> Void)
        async throws(IngestError) -> Found
    {
        let display = max(1, min(settings.display, 100, limit))
        return try await collect(query, limit: limit, pageSize: display, now: now, progress: progress) { page, _ throws(IngestError) in
            let start = 1 + (page - 1) * display
            guard start <= 1000 else { return .end(warning: "Naver serves only the first 1000 results of a query (start ≤ 1000)") }
            let url = address([("query", query), ("display", "\(display)"), ("start", "\(start)"), ("sort", settings.sort)])
            let response = try await get(url, headers: [("X-Naver-Client-Id", clientID), ("X-Naver-Client-Secret", clientSecret)], web: web)
            guard response.status == 200 else { throw failure(response) }
            let body = try decodeJSON(Page.self, response, label: label, expecting: "Naver's news JSON")
            guard let items = body.items else { throw IngestError.unexpected(label, response, expecting: "Naver's news JSON") }
            return .results(items.map(Self.draft), total: body.total)
        }
    }

    /// What a result says, before normalisation: the publisher's own address when Naver has
    /// one, else Naver's.
    static func draft(_ item: Item) -> Draft {
        let originalLink = item.originallink?.trimmingCharacters(in: .whitespaces)
        return Draft(
            url: originalLink?.isEmpty == false ? originalLink : item.link, title: item.title,
            description: item.description, published: item.pubDate, language: "ko")
    }

    private func failure(_ response: WebResponse) -> IngestError {
        guard let body = try? JSONDecoder().decode(ErrorBody.self, from: response.body), body.errorCode != nil || body.errorMessage != nil else {
            return IngestError.unexpected(label, response, expecting: "Naver's JSON")
        }
        let hint: String? =
            switch response.status {
            case 401: "check NAVER_CLIENT_ID and NAVER_CLIENT_SECRET, and that the app has the Search API enabled"
            case 403: "Naver answers 403 to http (use https) and to apps without the Search API enabled"
            case 404: "check the endpoint in sources.naver"
            case 429: "the daily quota of 25,000 calls is used up; try again tomorrow"
            case 400: "check the query and display (1–100), start (≤ 1000) and sort (sim or date)"
            case 500...: "Naver's servers failed; try again later"
            default: nil
            }
        return IngestError.answer(label, response, code: body.errorCode, detail: body.errorMessage, hint: hint)
    }
}

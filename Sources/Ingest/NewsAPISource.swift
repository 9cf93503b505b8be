import Content
import Foundation
import GazetteModel

/// NewsAPI `/v2/everything`: `X-Api-Key` header, pages of `pageSize` ≤ 100. The free plan's
/// HTTP 426 `maximumResultsReached` ends paging with a warning: what came before is kept.
extension NewsAPISource: SearchSource {
    static let url = "https://newsapi.org/v2/everything"
    static let keyVariables = ["NEWSAPI_KEY"]

    var key: String { keys.first ?? "" }

    struct Page: Decodable {
        var status, code, message: String?
        var totalResults: Int?
        var articles: [Item]?
    }

    struct Item: Decodable {
        struct Source: Decodable {
            var id, name: String?
        }
        var source: Source?
        var author, title, description, url, urlToImage, publishedAt, content: String?
    }

    func search(_ query: String, limit: Int, web: WebClient, now: Date, progress: @Sendable (Int) -> Void)
        async throws(IngestError) -> Found
    {
        let pageSize = max(1, min(100, limit))
        return try await collect(query, limit: limit, pageSize: pageSize, now: now, progress: progress) { page, received throws(IngestError) in
            var parameters = [("q", query), ("pageSize", "\(pageSize)"), ("page", "\(page)"), ("sortBy", settings.sortBy)]
            if let language = settings.language { parameters.append(("language", language)) }
            let url = address(parameters)
            let response = try await get(url, headers: [("X-Api-Key", key)], web: web)
            let body = try? JSONDecoder().decode(Page.self, from: response.body)
            if response.status == 426 || body?.code == "maximumResultsReached" {
                guard page > 1 else { throw failure(response, body) }
                return .end(warning: "NewsAPI's plan allows only the first \(received) results (maximumResultsReached); paging stopped there")
            }
            guard response.status == 200, body?.status != "error" else { throw failure(response, body) }
            guard let body, let items = body.articles else {
                throw IngestError.unexpected(label, response, expecting: "NewsAPI's JSON")
            }
            return .results(items.map { Self.draft($0, language: settings.language) }, total: body.totalResults)
        }
    }

    /// What a result says, before normalisation; NewsAPI gives no language per article, so the
    /// one asked for (if any) is it.
    static func draft(_ item: Item, language: String?) -> Draft {
        Draft(
            url: item.url, title: item.title, description: item.description, publisher: item.source?.name,
            author: item.author, published: item.publishedAt, image: item.urlToImage, language: language)
    }

    private func failure(_ response: WebResponse, _ body: Page?) -> IngestError {
        guard let body, let code = body.code else { return IngestError.unexpected(label, response, expecting: "NewsAPI's JSON") }
        let hint: String? =
            switch code {
            case "apiKeyInvalid", "apiKeyMissing", "apiKeyDisabled": "check NEWSAPI_KEY"
            case "apiKeyExhausted": "the key has no requests left; try again tomorrow or upgrade the plan"
            case "rateLimited": "rate limited; try again later"
            case "parameterInvalid", "parametersMissing": "check sources.newsapi in gazette.yml (the free plan searches only about a month back)"
            case "maximumResultsReached": "the plan allows only the first 100 results; lower max_results"
            case "sourcesTooMany", "sourceDoesNotExist": "check the sources setting"
            case "unexpectedError": "NewsAPI failed; try again later"
            default: response.status == 401 ? "check NEWSAPI_KEY" : nil
            }
        return IngestError.answer(label, response, code: code, detail: body.message, hint: hint)
    }
}

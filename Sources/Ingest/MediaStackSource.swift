import Content
import Foundation
import GazetteModel

/// MediaStack `/v1/news`: the key in `access_key` (plain http on the free plan), pages of
/// `limit` ≤ 100 at `offset` stepping by the limit, stopping past `pagination.total`.
extension MediaStackSource: SearchSource {
    // The free plan is plain http only.
    static let url = "http://api.mediastack.com/v1/news"
    static let keyVariables = ["MEDIASTACK_KEY"]

    var key: String { keys.first ?? "" }

    struct Page: Decodable {
        struct Pagination: Decodable {
            var limit, offset, count, total: Int?
        }
        var pagination: Pagination?
        var data: [Item]?
        var error: ErrorBody?
    }

    struct Item: Decodable {
        var author, title, description, url, source, image, category, language, country, published_at: String?
    }

    struct ErrorBody: Decodable {
        var code, message: String?
    }

    func search(_ query: String, limit: Int, web: WebClient, now: Date, progress: @Sendable (Int) -> Void)
        async throws(IngestError) -> Found
    {
        let pageSize = max(1, min(100, limit))
        return try await collect(query, limit: limit, pageSize: pageSize, now: now, progress: progress) { page, _ throws(IngestError) in
            let offset = (page - 1) * pageSize
            var parameters = [("access_key", key), ("keywords", query), ("limit", "\(pageSize)"), ("offset", "\(offset)")]
            if !settings.languages.isEmpty { parameters.append(("languages", settings.languages.joined(separator: ","))) }
            if !settings.countries.isEmpty { parameters.append(("countries", settings.countries.joined(separator: ","))) }
            if let sort = settings.sort { parameters.append(("sort", sort)) }
            let response = try await get(address(parameters), web: web)
            let body = try? JSONDecoder().decode(Page.self, from: response.body)
            // apilayer reports some errors with status 200, so the body decides.
            if let error = body?.error { throw failure(response, error) }
            guard response.status == 200 else { throw IngestError.unexpected(label, response, expecting: "MediaStack's JSON") }
            guard let body, let items = body.data else {
                throw IngestError.unexpected(label, response, expecting: "MediaStack's JSON")
            }
            return .results(items.map(Self.draft), total: body.pagination?.total)
        }
    }

    /// What a result says, before normalisation.
    static func draft(_ item: Item) -> Draft {
        Draft(
            url: item.url, title: item.title, description: item.description, publisher: item.source, author: item.author,
            published: item.published_at, image: item.image, language: item.language)
    }

    private func failure(_ response: WebResponse, _ error: ErrorBody) -> IngestError {
        let hint: String? =
            switch error.code {
            case "invalid_access_key", "missing_access_key", "inactive_user": "check MEDIASTACK_KEY"
            case "https_access_restricted": "the free plan allows only http: use an http:// endpoint"
            case "function_access_restricted": "the plan does not allow this request; remove paid-only settings"
            case "usage_limit_reached": "the monthly quota is used up"
            case "rate_limit_reached": "rate limited; try again later"
            case "validation_error": "check sources.mediastack in gazette.yml"
            case "internal_error": "MediaStack failed; try again later"
            default: nil
            }
        return IngestError.answer(label, response, code: error.code, detail: error.message, hint: hint)
    }
}

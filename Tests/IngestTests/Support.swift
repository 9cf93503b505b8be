import Content
import Foundation
import GazetteModel
import TestSupport

@testable import Ingest

/// Quick network settings for tests: short backoff, short time limits.
func testNetwork(timeout: Double = 5, retries: Int = 2, concurrency: Int = 4) -> NetworkSettings {
    var settings = NetworkSettings()
    settings.requestTimeout = timeout
    settings.connectTimeout = min(timeout, 2)
    settings.retries = retries
    settings.backoff = 0.02
    settings.maxRetryAfter = 2
    settings.concurrency = concurrency
    return settings
}

/// A route of the fixture server's script.
func route(_ path: String, match: [String: String] = [:], _ responses: [String: Any]...) -> [String: Any] {
    ["path": path, "match": match, "responses": responses]
}

/// A fixture file as the body of an answer.
func file(_ name: String, status: Int = 200, headers: [String: String] = [:]) -> [String: Any] {
    ["status": status, "body_file": name, "headers": headers]
}

/// A JSON body built in the test.
func json(_ value: Any, status: Int = 200, headers: [String: String] = [:]) -> [String: Any] {
    ["status": status, "json": value, "headers": headers]
}

/// `count` Naver items with distinct addresses (`https://news.example.com/<prefix>/<n>`).
func naverItems(_ count: Int, prefix: String) -> [[String: Any]] {
    (0..<count).map { n in
        [
            "title": "<b>기사</b> \(prefix) \(n)", "originallink": "https://news.example.com/\(prefix)/\(n)", "link": "",
            "description": "설명 \(n)", "pubDate": "Tue, 14 Nov 2023 09:\(String(format: "%02d", n % 60)):00 +0900",
        ]
    }
}

/// `count` NewsAPI articles with distinct addresses.
func newsAPIItems(_ count: Int, prefix: String) -> [[String: Any]] {
    (0..<count).map { n in
        [
            "source": ["id": NSNull(), "name": "Example"], "author": NSNull(), "title": "Story \(prefix) \(n)",
            "description": NSNull(), "url": "https://world.example.com/\(prefix)/\(n)", "urlToImage": NSNull(),
            "publishedAt": "2023-11-14T10:00:00Z", "content": NSNull(),
        ]
    }
}

/// `count` MediaStack items with distinct addresses.
func mediaStackItems(_ count: Int, prefix: String) -> [[String: Any]] {
    (0..<count).map { n in
        [
            "author": NSNull(), "title": "Item \(prefix) \(n)", "description": "d", "url": "https://ms.example.com/\(prefix)/\(n)",
            "source": "Example", "image": NSNull(), "category": "general", "language": "en", "country": "us",
            "published_at": "2023-11-14T09:00:00+00:00",
        ]
    }
}

let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

/// Runs one search of `source` against the server with a fresh client.
func search(_ source: any SearchSource, _ query: String, limit: Int? = nil, network: NetworkSettings = testNetwork()) async throws -> Found {
    try await WebClient.with(network) { web in
        try await source.search(query, limit: limit ?? source.maxResults, web: web, now: fixedNow) { _ in }
    }
}

/// The failure message of one search, or nil when it succeeded.
func failure(_ source: any SearchSource, _ query: String = "q", network: NetworkSettings = testNetwork()) async -> String? {
    do {
        _ = try await search(source, query, network: network)
        return nil
    } catch let error as IngestError {
        return error.message
    } catch {
        return "unexpected \(error)"
    }
}

func naver(_ base: String, display: Int = 100, max: Int = 100) -> NaverSource {
    var settings = NaverSource.Settings()
    settings.endpoint = base
    settings.display = display
    settings.maxResults = max
    return NaverSource(settings: settings, keys: ["naver-id", "naver-secret"])
}

func newsAPI(_ base: String, max: Int = 100, language: String? = "en") -> NewsAPISource {
    var settings = NewsAPISource.Settings()
    settings.endpoint = base
    settings.maxResults = max
    settings.language = language
    return NewsAPISource(settings: settings, keys: ["newsapi-key"])
}

func mediaStack(_ base: String, max: Int = 100) -> MediaStackSource {
    var settings = MediaStackSource.Settings()
    settings.endpoint = base
    settings.maxResults = max
    settings.languages = ["en", "de"]
    settings.countries = ["us", "gb"]
    settings.sort = "published_desc"
    return MediaStackSource(settings: settings, keys: ["mediastack-key"])
}

import Content
import Foundation
import GazetteModel
import Testing

@testable import Ingest

/// Each news API is one type in one list, and everything about it follows from the type: a
/// source is configured by its own section only, reads its own keys only, and is skipped with
/// its own variables named. (A `default:` once checked a fourth API against MediaStack's
/// section.)
@Suite struct NewsSourcesTests {
    /// A config with only `api`'s section, with one query.
    static func only(_ api: any NewsAPI.Type) -> SiteConfig.Sources {
        // Each API names its search terms its own way (MediaStack's `keywords`).
        let section: any APISettings
        func defaults<API: NewsAPI>(_ api: API.Type) -> any APISettings { API.Settings() }
        switch defaults(api) {
        case var naver as NaverSource.Settings:
            naver.queries = ["금리"]
            section = naver
        case var newsAPI as NewsAPISource.Settings:
            newsAPI.queries = ["rates"]
            section = newsAPI
        case var mediaStack as MediaStackSource.Settings:
            mediaStack.keywords = ["rates"]
            section = mediaStack
        case let other:
            Issue.record("a query for \(api.id)'s settings")
            section = other
        }
        return SiteConfig.Sources(apis: [api.id: section])
    }

    @Test func everyDeclaredAPIIsSearchedInTheListsOrder() {
        #expect(NewsSources.all.map { $0.id } == NewsAPIs.all.map { $0.id }, "an API declared in Content with no SearchSource in Ingest")
    }

    @Test func namesAndKeysAreEachSourcesOwn() {
        let names = NewsSources.names
        #expect(names == ["naver", "newsapi", "mediastack"])
        #expect(Set(NewsSources.keyVariables).count == NewsSources.keyVariables.count, "no two sources read one variable")
        #expect(Secrets.variables == ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET", "NEWSAPI_KEY", "MEDIASTACK_KEY"])
    }

    @Test func aSourceIsConfiguredByItsOwnSectionOnly() throws {
        for api in NewsSources.all {
            let config = Self.only(api)
            #expect(NewsSources.all.filter { $0.isConfigured(in: config) }.map { $0.id } == [api.id])
            #expect(api.queries(in: config).count == 1, "\(api.id)")
            // With every key set, the plan for this config has this source and no other.
            let environment = Dictionary(uniqueKeysWithValues: Secrets.variables.map { ($0, "key-of-\($0)") })
            let plan = try SourcePlan.make(config: config, secrets: Secrets(environment: environment), names: [], query: nil)
            #expect(Set(plan.jobs.map(\.id.source)) == [api.id], "\(api.id)")
        }
    }

    @Test func aSourceWithoutItsKeysIsSkippedNamingThem() throws {
        for api in NewsSources.all {
            // Every other source's keys set, this one's not.
            let others = Secrets.variables.filter { !api.keyVariables.contains($0) }
            let secrets = Secrets(environment: Dictionary(uniqueKeysWithValues: others.map { ($0, "key-of-\($0)") }))
            let plan = try SourcePlan.make(config: Self.only(api), secrets: secrets, names: [], query: nil)
            #expect(plan.jobs.isEmpty)
            let message = try #require(plan.skipped.first?.message, "\(api.id)")
            for variable in api.keyVariables { #expect(message.contains(variable), "\(message)") }
        }
    }
}

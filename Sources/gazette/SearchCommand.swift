import ArgumentParser
import Foundation
import GazetteModel
import Ingest

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the news APIs now and print the results; without a query, list past queries.",
        discussion: """
            Uses every API whose key is set (or --source). Results are printed, not stored, unless --save. \
            Queries are remembered in .gazette/searches.json with a count and the time of last use.
            """ + "\n\n" + Docs.see("guides/fetching-news.md"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "What to search for.")
    var query: String?

    @Option(name: .long, help: "Only this API: naver, newsapi or mediastack. Repeatable.")
    var source: [String] = []

    @Option(name: .long, help: "Results per source (1–100).")
    var limit: Int = 10

    @Flag(name: .long, help: "Store the results in content/articles/ (with the query in 'queries').")
    var save = false

    func run() async throws {
        let console = Console(quiet: global.quiet)
        let config = try loadConfig(global.siteRoot, console: console)
        guard let query else {
            listHistory(config: config)
            return
        }
        let now = Date()
        let results: [NewsSearch.Result]
        do {
            results = try await NewsSearch.run(
                query, sources: source, limit: limit, config: config, environment: ProcessInfo.processInfo.environment,
                network: network.settings, now: now)
        } catch {
            console.report(error.diagnostics)
            throw ExitCode(1)
        }
        // Only a search some source answered is remembered: a typo'd key or a dead network
        // would otherwise fill the history with queries that never ran.
        if results.contains(where: { !$0.skipped && $0.failure == nil }) {
            do {
                try SearchHistory.record(query, siteRoot: global.siteRoot, now: now, timeZone: config.timeZone)
            } catch {
                // Not worth failing the search for: said as a warning.
                console.report(error.diagnostics.map { Diagnostic(.warning, "could not remember the query: \($0.message)", hint: $0.hint) })
            }
        }
        var failed = false
        for result in results {
            if result.skipped {
                console.report([.warning(result.failure ?? "\(result.source) skipped")])
                continue
            }
            if let failure = result.failure {
                console.report([.error(failure)])
                failed = true
                continue
            }
            console.report(result.warnings.map { .warning("\(result.source): \($0)") })
            let total = result.total.map { " of \(Self.grouped($0))" } ?? ""
            print("\(result.source) — \(result.articles.count)\(total)")
            for article in result.articles {
                print("  \(article.title)")
                let date = article.publishedDate.map { Self.display($0, in: config.timeZone) } ?? article.published
                print("    \([article.publisher, date, article.url].compactMap { $0 }.joined(separator: " · "))")
            }
        }
        if save {
            do {
                let saved = try NewsSearch.save(results, config: config, siteRoot: global.siteRoot)
                console.summary(
                    "Saved \(count(saved.new, "new article")), \(saved.updated) updated\(saved.written.isEmpty ? "" : " in " + saved.written.joined(separator: ", ")).")
            } catch {
                console.report(error.diagnostics)
                throw ExitCode(1)
            }
        }
        if failed { throw ExitCode(3) }
    }

    private func listHistory(config: SiteConfig) {
        let entries = SearchHistory.entries(siteRoot: global.siteRoot)
        guard !entries.isEmpty else {
            print("No searches yet — try: gazette search \(config.language == .ko ? "금리" : "inflation")")
            return
        }
        let width = entries.map(\.query.displayWidth).max() ?? 0
        let now = Date()
        for entry in entries {
            let used = ISO8601.parse(entry.lastUsed)
            let when = used.map { "\(Self.display($0, in: config.timeZone))  \(Self.ago($0, now: now, in: config.timeZone, language: config.language))" } ?? entry.lastUsed
            let pad = String(repeating: " ", count: width - entry.query.displayWidth)
            print("\(String(repeating: " ", count: max(0, 4 - "\(entry.count)".count)))\(entry.count)  \(entry.query)\(pad)  \(when)")
        }
    }

    /// `48,213`, the same on every machine (no locale).
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }

    /// `2023-11-14 09:50` in the site's time zone.
    static func display(_ date: Date, in zone: TimeZone) -> String { ISO8601.minute(date, in: zone) }

    /// The original app's "last searched" label: days, weeks, months, years ago.
    static func ago(_ date: Date, now: Date, in zone: TimeZone, language: SiteLanguage) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        let (n, ko, en): (Int, String, String) =
            days < 7 ? (days, "일 전", "day") : days < 32 ? (days / 7, "주 전", "week") : days < 366 ? (days / 30, "개월 전", "month") : (days / 365, "년 전", "year")
        if language == .ko { return days == 0 ? "오늘" : "\(n)\(ko)" }
        return days == 0 ? "today" : "\(n) \(en)\(n == 1 ? "" : "s") ago"
    }
}

struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Store an article record for any web page, from its OpenGraph/<title> metadata.",
        discussion: Docs.see("reference/article-store.md"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var network: NetworkOptions

    @Argument(help: "The page's http or https address.")
    var url: String

    @Flag(name: .long, help: "Download no article image: make no thumbnail.")
    var noThumbnails = false

    func run() async throws {
        let console = Console(quiet: global.quiet)
        let config = try loadConfig(global.siteRoot, console: console)
        var settings = network.settings
        settings.maxBodyBytes = 5 << 20
        do {
            let outcome = try await ManualAdd.add(
                url, config: config, siteRoot: global.siteRoot, network: settings, thumbnails: !noThumbnails)
            console.report(outcome.warnings.map { .warning($0) })
            let verb =
                switch outcome.change {
                case .new: "Added"
                case .updated: "Updated"
                case .unchanged: "Already stored:"
                }
            let pictures = outcome.thumbnails.isEmpty ? "" : " (\(outcome.thumbnails.count) thumbnails in \(ArticleThumbnails.folder)/)"
            if outcome.copy != nil {
                console.say("The page is a news portal's copy of \(outcome.article.url): the article is stored under the publisher's address, as gazette fetch stores it")
            }
            console.summary("\(verb) \(outcome.article.id) in \(outcome.path): \(outcome.article.title)\(pictures)")
        } catch {
            console.report(error.diagnostics)
            throw ExitCode(1)
        }
    }
}

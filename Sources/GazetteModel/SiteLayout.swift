import Foundation

/// The site folder: where each kind of source is, and what Gazette keeps beside it. The one
/// place these names are written; the output folder's own layout is `SitePaths`.
///
/// ```
/// gazette.yml            config
/// content/journals/      journals (Markdown)          content/articles/   the article store
/// content/thumbnails/    articles' thumbnails         templates/          theme overrides
/// static/                copied into the site as is
/// .gazette/              git-ignored state: caches, `gazette serve`'s output, locks, fetch state
/// ```
public struct SiteLayout: Sendable {
    public let root: URL

    public init(siteRoot: URL) { root = siteRoot }

    public static let config = "gazette.yml"
    public static let journals = "content/journals"
    public static let articles = "content/articles"
    public static let thumbnails = ArticleThumbnails.folder
    public static let templates = "templates"
    public static let statics = "static"
    /// The folders a build reads every file of (besides the config): what a watcher watches and
    /// what the inputs' stamp walks.
    public static let sourceFolders = ["content", templates, statics]
    /// Gazette's own state in the site, never published and never committed.
    public static let state = ".gazette"
    /// Where `gazette build` writes the site unless told otherwise.
    public static let output = "public"

    /// The lock file of output folder `output`, beside it (`.public.lock`).
    public static func lock(of output: URL) -> URL { sibling(of: output, ".\(output.lastPathComponent).lock") }
    /// The previous site, kept beside the output folder `output` after a build swaps a new one
    /// in (`.public.previous`).
    public static func previous(of output: URL) -> URL { sibling(of: output, ".\(output.lastPathComponent).previous") }

    private static func sibling(of output: URL, _ name: String) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// What a site kept in git leaves out of it: the built site, its lock and previous copy,
    /// what builds keep, and a Swift build folder.
    public static var ignoredByGit: String {
        let output = URL(fileURLWithPath: Self.output)
        return [Self.output + "/", lock(of: output).lastPathComponent, previous(of: output).lastPathComponent + "/", state + "/", ".build/"]
            .joined(separator: "\n") + "\n"
    }

    public var config: URL { root.appendingPathComponent(Self.config) }
    public var state: URL { root.appendingPathComponent(Self.state) }
    /// What builds keep between runs to do less: none of it is needed to build.
    public var cache: URL { state.appendingPathComponent("cache") }
    /// Card measures (`CardMeasureMemo`).
    public var cardsCache: URL { cache.appendingPathComponent("cards.bin") }
    /// Parsed bodies (`BodyMemo`).
    public var bodiesCache: URL { cache.appendingPathComponent("bodies.bin") }
    /// The journals' commit times (`GitDates`), with the `HEAD` they were read at.
    public var gitDatesCache: URL { cache.appendingPathComponent("git-dates.bin") }
    /// Encoded web-font slices and pages' own fonts.
    public var fontsCache: URL { cache.appendingPathComponent("fonts") }
    /// The weeks whose digest `gazette mail --send` has sent, one file each.
    public var mailRecords: URL { state.appendingPathComponent("mail") }
    /// Where `gazette serve` builds by default, so `public/` stays what `gazette build` wrote.
    public var serveOutput: URL { state.appendingPathComponent("serve") }

    /// The ledger of what the output folder `output` holds, one per output folder.
    public func ledger(of output: URL) -> URL {
        cache.appendingPathComponent("output-\(Fingerprint.of(output.standardizedFileURL.path).description.prefix(16)).ledger")
    }
}

import Bodies
import Content
import Foundation
import GazetteModel
import Site

/// What `gazette build` (and `gazette serve`, each save) is asked to do.
public struct BuildOptions: Sendable {
    public var siteRoot: URL
    public var output: URL
    /// Replaces `base_url` from the config.
    public var baseURL: URL?
    public var drafts: Drafts
    /// Journals dated after the build's now: left out (`gazette build`), published (`--future`)
    /// or shown with a label (`gazette serve`).
    public var scheduled: SiteContent.Scheduled
    public var packets: Packets
    /// How files reach the output folder, and what the build takes from earlier ones.
    public var sink: OutputSink
    /// Which characters the web fonts keep: the site's (`gazette build`), or all of them, so an
    /// edit never changes a font (`gazette serve`).
    public var fonts: WebFontCut
    /// Seconds to wait for another build writing the same output folder before giving up with
    /// a "busy" error (a running `gazette serve` is never waited for).
    public var lockWait: Double = 120
    /// Pages rendered and written together when a build with nothing to reuse streams them:
    /// enough to keep both cores busy between writes, few enough to hold (at most 30 MB of HTML
    /// at 10,000 journals, by heaptrack: a board page is many times a journal page).
    public var pageBatch = 512
    /// Bytes of parsed bodies' HTML and plain text a build keeps (`JournalBodies`); past them a
    /// body is parsed again when its page is rendered. The output is the same either way.
    public var keptBodyBytes = JournalBodies.defaultKeptBytes
    /// When the journal files hold more than this many bytes, their Markdown is left in them
    /// and read again when needed (`SiteContent.load`); `gazette serve` keeps every body.
    public var keptMarkdownBytes = BuildOptions.defaultKeptMarkdownBytes
    /// 256 MiB of journal files: about 33,000 journals of 8 KB.
    public static let defaultKeptMarkdownBytes = 256 << 20
    /// The process ends once the build returns (`gazette build`): what the build made is left
    /// to the exit rather than freed object by object. Freeing a 2,000-journal site's pages,
    /// memos and bodies took the last 35 ms of a 1.5-s clean build on one core, the other idle.
    /// Off for anything that builds again in the same process (`serve`, tests).
    public var endsProcess = false

    /// The build's now: what `scheduled` compares journals' dates with.
    public var now: Date {
        switch scheduled {
        case .heldBack(let now), .labelled(let now): now
        case .published: Date()
        }
    }

    public init(
        siteRoot: URL, output: URL? = nil, baseURL: URL? = nil, drafts: Drafts = .leftOut, packets: Packets = .perWeek,
        sink: OutputSink = .ledger, fonts: WebFontCut? = nil, scheduled: SiteContent.Scheduled? = nil
    ) {
        self.scheduled = scheduled ?? .heldBack(now: Date())
        self.siteRoot = siteRoot
        self.output = output ?? siteRoot.appendingPathComponent(SiteLayout.output)
        self.baseURL = baseURL
        self.drafts = drafts
        self.packets = packets
        self.sink = sink
        self.fonts = fonts ?? sink.fonts
    }
}

/// Which journals a build shows.
public enum Drafts: Sendable {
    /// Journals marked `draft: true` are not published (`gazette build`).
    case leftOut
    /// They are shown, marked as drafts (`--drafts`).
    case shown
}

/// Whether a build writes the study packets.
public enum Packets: Sendable {
    /// A packet per week, linked from its week pages. Updating in place, packets are linked and
    /// typeset when asked for (`BuildReport.deferredFiles`).
    case perWeek
    /// None, and no links to them (`--no-pdf`).
    case skipped
}

/// How a build's files reach its output folder, and so what it can take from earlier builds.
public enum OutputSink: Sendable {
    /// Every file made again and written into a new folder that replaces the output; no cache
    /// read or written (`gazette build --clean`).
    case freshFolder
    /// A new folder replaces the output; a file the ledger of earlier builds finds in place
    /// under the same key is linked, not made again; card measures and parsed bodies are kept
    /// under `.gazette/cache/` (`gazette build`).
    case ledger
    /// The output is updated file by file — rewriting only files whose bytes changed, deleting
    /// those no longer made — so a server never sees a missing folder and a browser reloads only
    /// what changed. What earlier builds made is in `memory`; the search index and the packets
    /// are left to the caller (`BuildReport.deferredSearch`, `.deferredFiles`) (`gazette serve`).
    case inPlace(BuildMemory)

    /// The fonts a build through this sink cuts unless asked otherwise: every character when
    /// updating in place, so that an edit never changes a font.
    var fonts: WebFontCut {
        if case .inPlace = self { return .complete }
        return .siteCharacters
    }
}

/// The characters a build keeps in the site's web fonts.
public enum WebFontCut: Sendable {
    /// Only those the site shows (smaller fonts, new ones when the text changes).
    case siteCharacters
    /// Every character the font has.
    case complete
}

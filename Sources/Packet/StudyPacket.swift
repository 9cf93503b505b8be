import Content
import Foundation
import GazetteModel
import Markdown
import Typesetting

/// A study packet: the selected journals of a site typeset as a paginated PDF — a cover, a table
/// of contents with page numbers, then each journal from a new page with its article header and
/// its Markdown body. `gazette build` makes one per week, `gazette pdf` one for any selection;
/// both come through here, so the same selection gives the same bytes.
public struct StudyPacket: Sendable {
    public let content: SiteContent
    public let selection: PacketSelection
    /// The journals, in packet order.
    public let journals: [Journal]
    public var paper: Paper
    /// CREATE_DATE and MOD_DATE of the document.
    public var timestamp: Date
    /// Makes relative links in bodies absolute; defaults to the config's `base_url`.
    public var baseURL: URL?

    /// Selects the journals. Throws a `PacketError` naming the weeks that do have journals when
    /// nothing matches. `SOURCE_DATE_EPOCH` in `environment` fixes the document dates; without it
    /// they are the newest `updated` among the journals, never the clock.
    public init(
        content: SiteContent, selection: PacketSelection, paper: Paper? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let journals = selection.journals(in: content)
        guard !journals.isEmpty else { throw PacketError(.nothingSelected, StudyPacket.emptyMessage(content: content, selection: selection)) }
        self.content = content
        self.selection = selection
        self.journals = journals
        self.paper = paper ?? content.config.packet.paper
        self.timestamp = StudyPacket.timestamp(journals: journals, environment: environment)
        self.baseURL = content.config.baseURL
    }

    /// The weeks `gazette build` writes a packet for: those with at least one journal with a body.
    public static func weeks(in content: SiteContent) -> [ISOWeek] {
        content.weeks.filter(\.hasPacket).map(\.week)
    }

    /// `SOURCE_DATE_EPOCH` when set to whole seconds, else the newest `updated` of `journals`.
    public static func timestamp(journals: [Journal], environment: [String: String]) -> Date {
        if let text = environment["SOURCE_DATE_EPOCH"]?.trimmingCharacters(in: .whitespaces), let seconds = Int(text), seconds >= 0 {
            return Date(timeIntervalSince1970: Double(seconds))
        }
        return journals.map(\.updated).max() ?? Date(timeIntervalSince1970: 0)
    }

    static func emptyMessage(content: SiteContent, selection: PacketSelection) -> Diagnostic {
        var parts: [String] = []
        if let week = selection.week { parts.append("week \(week)") }
        if !selection.tags.isEmpty { parts.append("tag \(selection.tags.joined(separator: " or "))") }
        if !selection.authors.isEmpty { parts.append("author \(selection.authors.joined(separator: " or "))") }
        if selection.since != nil || selection.until != nil { parts.append("the dates given") }
        if !selection.files.isEmpty { parts.append("the files given") }
        let what = parts.isEmpty ? "" : " for \(parts.joined(separator: ", "))"
        let weeks = weeks(in: content).map(\.description)
        var hint = weeks.isEmpty
            ? "write a journal with a body first (bookmarks, journals without a body, are left out)"
            : "weeks with journals: \(weeks.joined(separator: ", ")); bookmarks (journals without a body) are left out"
        // A tag or member typed wrong (`--tag economi`): said first, with the one meant.
        let unknown = selection.tags.compactMap { Vocabulary.unknown(.tag, $0, in: content.config) }
            + selection.authors.compactMap { Vocabulary.unknown(.author, $0, in: content.config) }
        if !unknown.isEmpty { hint = unknown.map { "\($0.message): \($0.hint)" }.joined(separator: "; ") + "; " + hint }
        // What was left out before the selection, said so a member's only draft is not a mystery.
        let drafts = content.leftOut.drafts.count, future = content.leftOut.future.count
        if drafts > 0 { hint += "; \(drafts) draft\(drafts == 1 ? " is" : "s are") left out (--drafts includes \(drafts == 1 ? "it" : "them"))" }
        if future > 0 {
            hint += "; \(future) journal\(future == 1 ? " is" : "s are") dated ahead and left out (--future includes \(future == 1 ? "it" : "them"))"
        }
        return .error("no journals to put in a packet\(what)", hint: hint)
    }

    // MARK: - Rendering

    /// What rendering produced.
    public struct Rendered: Sendable {
        public var data: Data
        public var pageCount: Int
        /// The page (1-based) each journal starts on, in packet order.
        public var journalPages: [Int]
        /// What each page holds, top to bottom: the kind of each box, the units of it placed
        /// there, and its unit count — for tests of widows, orphans and keep-with-next.
        var layout: [[(kind: FlowBox.Kind, units: Range<Int>, of: Int)]] = []
        /// How many runs of pages were drawn at once and joined (`PacketComposer.runs`).
        var runs = 1
        /// Seconds each step took, in order, for `--verbose` (`StepClock`).
        public var steps: [StepClock.Step] = []
    }

    /// Typesets and draws the packet. Throws a `PacketError`, also for what Typesetting refuses,
    /// or `CancellationError` once `isCancelled` says so (it is asked between journals and pages).
    public func render(isCancelled: @escaping @Sendable () -> Bool = { false }) throws -> Rendered {
        do {
            return try PacketComposer(packet: self, isCancelled: isCancelled).compose()
        } catch let error as LayoutError {
            throw PacketError(.typesetting, error.diagnostic)
        }
    }

    /// Renders and writes the packet to `url` atomically and durably (`AtomicFile`).
    @discardableResult
    public func write(to url: URL) throws -> Rendered {
        let rendered = try render()
        try AtomicFile.write(rendered.data, to: url)
        return rendered
    }

    /// The destination name of a journal's first page: `journal-<slug>` for ASCII slugs.
    static func destination(for journal: Journal) -> String {
        let safe = journal.slug.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" }
        return journalDestinationPrefix + (safe ? journal.slug : String(SHA256.hex(Array(journal.slug.utf8)).prefix(12)))
    }

    /// The destination name of the heading `id` of the journal `slug` (`section-` and a digest:
    /// ids are Korean as often as not).
    static func destination(slug: String, section id: String) -> String {
        "section-" + String(SHA256.hex(Array("\(slug)#\(id)".utf8)).prefix(12))
    }

    /// What every journal's destination name (`destination(for:)`) begins with.
    static let journalDestinationPrefix = "journal-"
}

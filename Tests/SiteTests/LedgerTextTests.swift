import Foundation
import GazetteModel
import Testing

@testable import Pipeline

/// The output ledger as tab-separated lines: every field survives a round trip, whatever its
/// text holds, and anything that is not a whole ledger reads as none (the build then makes
/// every file, never trusts a damaged record).
@Suite struct LedgerTextTests {
    static func sample() -> OutputLedger {
        var ledger = OutputLedger(engine: "123-456")
        ledger.inputs = Fingerprint(high: 1, low: UInt64.max)
        ledger.live["index.html"] = .init(key: Fingerprint(high: 7, low: 8), size: 2048, inode: 99, modified: 1_795_457_484_083_178_609)
        ledger.live["tags/경제/a\tb\\c\nd.html"] = .init(key: Fingerprint(high: 0, low: 0), size: 0, inode: UInt64.max, modified: -1)
        ledger.previous["feed.xml"] = .init(key: Fingerprint(high: 3, low: 4), size: 5, inode: 6, modified: 7)
        ledger.summary = OutputLedger.Summary(
            journals: 2, articles: 3, weeks: 1, fontBytes: 167_000,
            diagnostics: [
                .warning("article 'x' is not\tin the store", at: SourceLocation(path: "content/journals/a.md", line: 3, column: 10),
                    hint: "add it \\0 or not", sourceLine: "article: x\\n"),
                .error("no location, no hint"),
                Diagnostic(.warning, "", at: SourceLocation(path: "\\0", line: 0, column: 0), hint: "", sourceLine: nil),
            ])
        return ledger
    }

    @Test func everyFieldSurvivesARoundTrip() throws {
        let ledger = Self.sample()
        let decoded = try #require(LedgerText.decode(LedgerText.encode(ledger)))
        #expect(decoded.format == ledger.format && decoded.engine == ledger.engine && decoded.inputs == ledger.inputs)
        #expect(decoded.live == ledger.live && decoded.previous == ledger.previous)
        #expect(decoded.summary?.journals == 2 && decoded.summary?.articles == 3 && decoded.summary?.weeks == 1)
        #expect(decoded.summary?.fontBytes == 167_000)
        #expect(decoded.summary?.diagnostics == ledger.summary?.diagnostics)
        // Same ledger, same bytes: entries are written sorted.
        #expect(LedgerText.encode(decoded) == LedgerText.encode(ledger))
    }

    @Test func aDamagedOrForeignLedgerIsNone() {
        let text = LedgerText.encode(Self.sample())
        #expect(LedgerText.decode(text.dropLast()) == nil)  // cut short: the last line has no end
        #expect(LedgerText.decode(Data("{\"format\":1}".utf8)) == nil)  // the JSON ledger of earlier versions
        #expect(LedgerText.decode(Data("live\t1\t2\n".utf8)) == nil)
        #expect(LedgerText.decode(Data("gazette-ledger\t2\te\nlive\t1\t2\t3\t4\tx\tpath\n".utf8)) == nil)  // not a number
        #expect(LedgerText.decode(Data("gazette-ledger\t2\te\\q\n".utf8)) == nil)  // an escape it never writes
    }
}

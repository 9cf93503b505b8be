import Foundation
import GazetteModel
import Testing

@testable import Pipeline

/// The output ledger on disk: every field survives a round trip, whatever its text holds, and
/// anything that is not a whole ledger of this executable reads as none (the build then makes
/// every file, never trusts a damaged record).
@Suite struct LedgerFileTests {
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
                    hint: "add it \\0 or not", sourceLine: "article: x\\n", code: "article-missing"
                ).spanning(1),
                .error("no location, no hint"),
                Diagnostic(.warning, "", at: SourceLocation(path: "\\0", line: 0, column: 0), hint: "", sourceLine: nil),
            ])
        return ledger
    }

    @Test func everyFieldSurvivesARoundTrip() throws {
        let ledger = Self.sample()
        let decoded = try #require(LedgerFile.decode(LedgerFile.encode(ledger), engine: "123-456"))
        #expect(decoded.engine == ledger.engine && decoded.inputs == ledger.inputs)
        #expect(decoded.live == ledger.live && decoded.previous == ledger.previous)
        #expect(decoded.summary?.journals == 2 && decoded.summary?.articles == 3 && decoded.summary?.weeks == 1)
        #expect(decoded.summary?.fontBytes == 167_000)
        #expect(decoded.summary?.diagnostics == ledger.summary?.diagnostics)
        // Same ledger, same bytes: entries are written sorted.
        #expect(LedgerFile.encode(decoded) == LedgerFile.encode(ledger))
        // A ledger with no summary and no inputs.
        let bare = OutputLedger(engine: "e")
        let read = try #require(LedgerFile.decode(LedgerFile.encode(bare), engine: "e"))
        #expect(read.summary == nil && read.inputs == nil && read.live.isEmpty)
    }

    /// A ledger of megabytes (a large site's files and warnings) is written to its file a
    /// megabyte at a time, as the build writes it: the file holds the bytes `encode` makes.
    @Test func aLargeLedgerIsWrittenInPiecesAsItIsEncoded() throws {
        var ledger = Self.sample()
        for number in 0..<30_000 {
            ledger.live["journals/bench-\(number)/index.html"] = .init(
                key: Fingerprint(high: UInt64(number), low: 1), size: Int64(number), inode: UInt64(number), modified: Int64(number))
        }
        ledger.summary?.diagnostics += (0..<3_000).map { number in
            .warning("article 'https://example.org/news/\(number)' is not in the article store", at: SourceLocation(path: "content/journals/bench-\(number).md", line: 3, column: 10))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("output.ledger")
        try LedgerFile.write(ledger, to: file)
        let written = try Data(contentsOf: file)
        #expect(written.count > 1 << 20)  // more than one piece
        #expect(written == LedgerFile.encode(ledger))
        let read = try #require(LedgerFile.decode(written, engine: ledger.engine))
        #expect(read.live == ledger.live && read.summary?.diagnostics == ledger.summary?.diagnostics)
    }

    @Test func aDamagedOrForeignLedgerIsNone() {
        let data = LedgerFile.encode(Self.sample())
        #expect(LedgerFile.decode(data, engine: "123-457") == nil)  // another executable recorded it
        for length in stride(from: 0, to: data.count, by: 5) {
            #expect(LedgerFile.decode(data.prefix(length), engine: "123-456") == nil, "read \(length) of \(data.count) bytes")
        }
        var flipped = data
        flipped[flipped.count - 20] ^= 0x40
        #expect(LedgerFile.decode(flipped, engine: "123-456") == nil)
        #expect(LedgerFile.decode(Data("{\"format\":1}".utf8), engine: "123-456") == nil)  // the JSON ledger of earlier versions
        #expect(LedgerFile.decode(Data("gazette-ledger\t3\t123-456\nlive\t1\t2\t3\t4\t5\tpath\n".utf8), engine: "123-456") == nil)  // the text one
    }
}

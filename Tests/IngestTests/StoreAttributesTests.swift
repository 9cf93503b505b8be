import Content
import Foundation
import GazetteModel
import Ingest
import Testing
import TestSupport

@Suite struct StoreAttributesTests {
    /// A store checked out on Windows holds its `.gitattributes` with `\r\n`. A write keeps the
    /// file as it is; before, its line was not found (`\r\n` is one `Character`) and every
    /// fetch appended `*.jsonl merge=union` again.
    @Test func attributesWrittenWithWindowsLineEndingsAreKept() throws {
        let site = try TemporaryFolder("gazette-attributes-crlf")
        let attributes = "# the store merges by union\r\n*.jsonl merge=union\r\n"
        try site.write("content/articles/.gitattributes", attributes)
        for id in ["aaaaaaaaaaaa", "bbbbbbbbbbbb"] {
            var update = try StoreUpdate.open(siteRoot: site.url, timeZone: try #require(TimeZone(identifier: "Asia/Seoul")))
            update.merge(
                Article(
                    id: id, url: "https://example.org/\(id)", title: "t", description: "d", source: "manual", publisher: nil, author: nil,
                    published: "2026-11-18T09:00:00+09:00", image: nil, queries: [], language: "ko"))
            _ = try update.write()
        }
        #expect(try site.read("content/articles/.gitattributes") == attributes)
        #expect(try site.read("content/articles/2026-W47.jsonl").split(separator: "\n").count == 2)
    }
}

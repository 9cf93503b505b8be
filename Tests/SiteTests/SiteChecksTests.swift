import Content
import Foundation
import GazetteModel
import Site
import Testing
import TestSupport

@Suite struct SiteChecksTests {
    @Test func reportsWhatABuildToleratesButAReaderWouldMeet() throws {
        let site = try TemporaryFolder("gazette-checks")
        try site.write("gazette.yml", "title: T\n")
        try site.write("static/files/report.pdf", "%PDF")
        try site.write("static/files/chart.png", "PNG")
        try site.write(
            "content/journals/first.md",
            """
            ---
            title: First
            article: https://example.org/story
            created: 2026-11-18 09:00
            updated: 2026-11-18 10:00
            ---
            See [the second](../second/), [economy](../../tags/economy/), [all weeks](../../archive/),
            [the report](/files/report.pdf), [an anchor](#top) and [elsewhere](https://example.org/).

            ![](/files/chart.png) and ![a chart](/files/chart.png) and ![missing](diagram.png)

            Broken: [old](../no-such-journal/) and [week](../../weeks/2025-W01/).

            """)
        try site.write(
            "content/journals/second.md",
            """
            ---
            title: Second
            article: https://EXAMPLE.org/story?utm_source=feed
            created: 2026-11-19 09:00
            updated: 2030-01-01 00:00
            ---
            Same story again.

            """)
        let content = try SiteContent.load(siteRoot: site.url, throwsOnErrors: false)
        // A picture with no file is an error of loading, where it is written (issue 48).
        #expect(
            content.diagnostics.filter { $0.severity == .error }.map(\.summary) == [
                "content/journals/first.md:10:60: error: picture 'diagram.png' has no file: content/journals/diagram.png is missing — save the picture as content/journals/diagram.png, beside the journal"
            ])
        let now = ISO8601.parse("2026-11-22T12:00:00+09:00")!
        #expect(
            SiteChecks.run(content, now: now).sorted().map(\.summary) == [
                "content/journals/first.md:10:1: warning: image without alt text — describe the image: ![what it shows](/files/chart.png)",
                "content/journals/first.md:12:9: warning: link to '../no-such-journal/' leads to no page of this site — journal pages are journals/<slug>/: from a journal, write ../<slug>/",
                "content/journals/first.md:12:40: warning: link to '../../weeks/2025-W01/' leads to no page of this site — journal pages are journals/<slug>/: from a journal, write ../<slug>/",
                "content/journals/second.md:3:1: warning: content/journals/first.md is already about this article — merge the two journals, or keep both if that is intended",
                "content/journals/second.md:5:1: warning: 'updated' is in the future (2030-01-01T00:00:00+09:00) — check the year and the time zone of the date",
            ])
    }

    @Test func theExampleSiteHasNoCheckWarnings() throws {
        let content = try SiteContent.load(siteRoot: Repository.root, includeDrafts: true)
        #expect(SiteChecks.run(content, now: ISO8601.parse("2026-11-23T00:00:00+09:00")!).map(\.summary) == [])
    }
}

import Content
import Foundation
import GazetteModel
import Testing
import TestSupport

@testable import Mail

/// The HTML part in Chromium at a mail pane's 600 px and a phone's 375 px: nothing scrolls
/// sideways (long titles, Korean and addresses wrap; images shrink to the column).
@Suite struct MailBrowserTests {
    @Test func theHTMLPartFitsAMailPaneAndAPhone() throws {
        let folder = try DigestMessageTests.site()
        // A journal with a title and an address far wider than a phone.
        try folder.write(
            "content/journals/2026-11-20-wide.md",
            "---\ntitle: \(String(repeating: "아주긴제목", count: 20)) https://example.org/\(String(repeating: "segment/", count: 20))\n"
                + "created: 2026-11-20 10:00\n---\n\(String(repeating: "띄어쓰기없는긴문장", count: 30))\n")
        let content = try SiteContent.load(siteRoot: folder.url)
        let message = try DigestMessageTests.message(content)
        #expect(message.html.contains("아주긴제목아주긴제목"))
        let page = try folder.write("digest.html", message.html)
        let python = Repository.root.appendingPathComponent(".build/tools/venv/bin/python")
        let script = Repository.root.appendingPathComponent("Tests/Tools/mail_width_check.py")
        let result = try Program.run(python, [script.path, page.path, "600", "375"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("375 scrollWidth=375 clientWidth=375"), "\(result.stdout)")
    }
}

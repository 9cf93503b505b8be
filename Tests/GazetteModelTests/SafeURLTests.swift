import GazetteModel
import Testing

/// The URL policy against addresses written the way attackers write them.
@Suite struct SafeURLTests {
    /// Spellings a browser runs as script or loads as a document, none of which may pass anywhere.
    static let hostile: [String] = [
        "javascript:alert(1)", "JaVaScRiPt:alert(2)", " javascript:alert(3)", "\tjavascript:alert(4)",
        "\u{0}javascript:alert(5)", "\u{1F}\u{0B}javascript:alert(6)", "java\tscript:alert(7)", "java\nscript:alert(8)",
        "java\r\nscript:alert(9)", "javascript\t:alert(10)", "  JAVASCRIPT:alert(11)  ", "&#106;avascript:alert(12)",
        "&#x6A;avascript:alert(13)", "&#106avascript:alert(14)", "javascript&colon;alert(15)", "java&Tab;script:alert(16)",
        "data:text/html,<script>alert(17)</script>", "DATA:text/html;base64,PHNjcmlwdD4=", "data:image/svg+xml,<svg onload=alert(19)>",
        "vbscript:msgbox(20)", "VBScript:msgbox(21)", "file:///etc/passwd", "FILE://host/share", "//evil.example/x",
        "\\\\evil.example/x", "/\\evil.example/x", " //evil.example", "jar:http://x!/", "blob:https://x/uuid",
        "about:blank", "intent://x#Intent;end", "ws://x/", "ftp://example.org/file", "http:", "https://", "https:?x",
        "\u{7F}javascript:alert(22)", "javascript:\u{0}alert(23)",
    ]

    @Test(arguments: hostile) func hostileAddressesPassNowhere(_ text: String) {
        #expect(SafeURL.allowed(text, in: .absolute) == nil, "absolute: \(text.debugDescription)")
        #expect(SafeURL.allowed(text, in: .body) == nil, "body: \(text.debugDescription)")
    }

    @Test func webAddressesPassCleanedAsABrowserReadsThem() {
        #expect(SafeURL.allowed("https://example.org/a?b=c#d", in: .absolute) == "https://example.org/a?b=c#d")
        #expect(SafeURL.allowed("HTTP://Example.org/", in: .absolute) == "HTTP://Example.org/")
        #expect(SafeURL.allowed("  https://example.org/\n", in: .absolute) == "https://example.org/")
        #expect(SafeURL.allowed("ht\ttps://example.org/x", in: .absolute) == "https://example.org/x")
        #expect(SafeURL.allowed("https://news.example/기사/1", in: .absolute) == "https://news.example/기사/1")
    }

    /// Found profiling fuzz-markdown: trimming took time quadratic in the leading run of
    /// spaces and controls (a million took minutes); it is linear now, milliseconds here.
    @Test(.timeLimit(.minutes(1))) func longRunsOfSpacesAreCleanedInLinearTime() {
        let padding = String(repeating: " \u{1}", count: 500_000)
        #expect(SafeURL.allowed(padding + "https://example.org/" + padding, in: .absolute) == "https://example.org/")
        #expect(SafeURL.clean(padding) == "")
    }

    /// `clean` gives an address with nothing to remove back as it is; anything to trim or remove
    /// still is, wherever it stands.
    @Test func cleanKeepsCleanAddressesAndStillStripsTheRest() {
        for text in ["https://example.org/", "a", "기사", "https://x/👍🏽", "a b", "a\u{1}b"] {
            #expect(SafeURL.clean(text) == text, "\(text.debugDescription)")
        }
        #expect(SafeURL.clean("https://x/\ta") == "https://x/a")
        #expect(SafeURL.clean("a\nb\rc") == "abc")
        #expect(SafeURL.clean(" a") == "a")
        #expect(SafeURL.clean("a\u{1}") == "a")
        #expect(SafeURL.clean("\u{20}") == "")
        #expect(SafeURL.clean("") == "")
    }

    @Test func mailtoAndRelativeLinksPassOnlyInBodies() {
        for text in ["mailto:a@example.org", "MAILTO:a@example.org", "../other/", "#notes", "?page=2", "/study/", "img/a.png", "a:b/../x".replacingOccurrences(of: "a:b", with: "ab")] {
            #expect(SafeURL.allowed(text, in: .body) != nil, "\(text)")
            #expect(SafeURL.allowed(text, in: .absolute) == nil, "\(text)")
        }
    }

    @Test func refusalsSayWhy() throws {
        guard case .failure(let refusal) = SafeURL.check("JaVaScRiPt:alert(1)", in: .absolute) else {
            Issue.record("javascript: passed")
            return
        }
        #expect(refusal.reason == "'javascript:' addresses are not allowed (only http, https)")
    }

    @Test func anArticleShowsWithoutWhatThePolicyRefuses() {
        let article = Article(
            id: "aaaaaaaaaaaa", url: " JaVaScRiPt:alert(1)", title: "t", description: "", source: "manual", publisher: nil,
            author: nil, published: "2026-11-18T09:00:00+09:00", image: "data:image/png;base64,AAAA", queries: [], language: nil)
        #expect(article.withSafeURLs.url == "")
        #expect(article.withSafeURLs.image == nil)
        var fine = article
        fine.url = " https://example.org/a"
        fine.image = "https://example.org/a.png"
        #expect(fine.withSafeURLs.url == "https://example.org/a")
        #expect(fine.withSafeURLs.image == "https://example.org/a.png")
    }
}

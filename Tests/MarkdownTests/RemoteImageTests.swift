@testable import Markdown
import Testing

/// Web pages load no image from another host (issue 16): with `remoteImagesAsLinks`, an image
/// on another host renders as a link to it.
@Suite struct RemoteImageTests {
    let body = """
        ![차트](https://img.example.com/c.png "제목") and ![](https://img.example.com/d.png)

        ![local](/static/e.png) [![logo](https://img.example.com/l.png)](https://example.com/)
        """

    @Test func remoteImagesBecomeLinksWhenAsked() {
        let html = MarkdownDocument(body, options: MarkdownOptions(remoteImagesAsLinks: true)).html()
        #expect(html.contains(#"<a href="https://img.example.com/c.png" title="제목">차트</a>"#), "\(html)")
        #expect(html.contains(#"<a href="https://img.example.com/d.png">https://img.example.com/d.png</a>"#), "\(html)")
        #expect(html.contains(#"<img src="/static/e.png" alt="local" />"#), "\(html)")
        // No link inside a link: the image in a link leaves its alt text.
        #expect(html.contains(#"<a href="https://example.com/">logo</a>"#), "\(html)")
        #expect(!html.contains("<img src=\"https:"))
    }

    @Test func offByDefault() {
        #expect(MarkdownDocument(body).html().contains(#"<img src="https://img.example.com/c.png" alt="차트" title="제목" />"#))
    }
}

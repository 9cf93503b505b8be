import Testing

@testable import GazetteModel

/// The naming rule `fetch` writes thumbnails by and `build` finds them by.
@Suite struct ArticleThumbnailsTests {
    func article(id: String = "a1b2c3d4e5f6", image: String?) -> Article {
        Article(
            id: id, url: "https://news.example.com/a", title: "t", description: "", source: "manual", publisher: nil, author: nil,
            published: "2026-11-18T09:50:00+09:00", image: image, queries: [], language: nil)
    }

    @Test func namesFollowTheArticleAndItsImageAddress() {
        let names = ArticleThumbnails.names(for: article(image: "https://img.example.com/a.jpg"))
        #expect(names.count == 2)
        #expect(names[0].hasPrefix("a1b2c3d4e5f6-") && names[0].hasSuffix("-160x90.webp"))
        #expect(names[1].hasPrefix("a1b2c3d4e5f6-") && names[1].hasSuffix("-320x180.webp"))
        // The same address as the URL policy cleans it gives the same names; another gives others.
        #expect(ArticleThumbnails.names(for: article(image: " https://img.example.com/a.jpg\n")) == names)
        #expect(Set(ArticleThumbnails.names(for: article(image: "https://img.example.com/b.jpg"))).isDisjoint(with: names))
    }

    @Test func noNamesWithoutAnAllowedImageOrWithAnIDThatCouldBeAPath() {
        #expect(ArticleThumbnails.names(for: article(image: nil)).isEmpty)
        #expect(ArticleThumbnails.names(for: article(image: "javascript:alert(1)")).isEmpty)
        #expect(ArticleThumbnails.names(for: article(image: "file:///etc/passwd")).isEmpty)
        #expect(ArticleThumbnails.names(for: article(id: "../../x", image: "https://img.example.com/a.jpg")).isEmpty)
        #expect(ArticleThumbnails.names(for: article(id: "a/b", image: "https://img.example.com/a.jpg")).isEmpty)
    }
}

import Content
import Foundation
import GazetteModel
import Markup
import Pipeline
import Site
import Testing
import TestSupport

/// Pages show an article's image only as the site's own thumbnail (issue 16, part 2): with
/// `width`, `height` and `srcset`, copied into `assets/thumbnails/`; never a remote address.
@Suite struct ArticleThumbnailPageTests {
    /// Every `<img>` address on every page of `output`, with the page it is on.
    static func imageAddresses(in output: URL) throws -> [(page: String, address: String)] {
        var found: [(String, String)] = []
        for (path, data) in Repository.snapshot(output) where path.hasSuffix(".html") {
            let document = try #require(MarkupDocument.html(String(decoding: data, as: UTF8.self)))
            for image in document.elements(named: "img") {
                var addresses = [image["src"] ?? ""]
                addresses += (image["srcset"] ?? "").split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
                found += addresses.map { (path, $0) }
            }
        }
        return found
    }

    static func isRemote(_ address: String) -> Bool {
        let lowered = address.trimmingCharacters(in: .whitespaces).lowercased()
        return lowered.hasPrefix("http:") || lowered.hasPrefix("https:") || lowered.hasPrefix("//") || lowered.hasPrefix("\\\\")
            || SafeURL.scheme(lowered) != nil
    }

    @Test func aJournalPageShowsTheLocalThumbnailAndNoPageHotLinksAnImage() throws {
        let site = try TemporaryFolder("gazette-thumb-site")
        try Repository.copyExampleSite(to: site.url)
        let before = try SiteContent.load(siteRoot: site.url)
        // A journal whose article names an image: give that article its thumbnails.
        let journal = try #require(before.journals.first { before.article(for: $0)?.image != nil })
        let article = try #require(before.article(for: journal))
        let names = ArticleThumbnails.names(for: article)
        #expect(names.count == 2)
        for (index, name) in names.enumerated() {
            try site.write("\(ArticleThumbnails.folder)/\(name)", Data("RIFF....WEBPVP8 thumbnail \(index)".utf8))
        }
        // One stored by libvips 8.14, which kept the source's Exif (a location among it) in WebP.
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { Array(type.utf8) + [UInt8(data.count), 0, 0, 0] + data + (data.count % 2 == 1 ? [0] : []) }
        let stored = chunk("VP8X", [0x08, 0, 0, 0, 159, 0, 0, 89, 0, 0]) + chunk("VP8 ", [1, 2, 3, 4])
        let exif = chunk("EXIF", Array("MM GPS 37.5665N".utf8))
        func riff(_ chunks: [UInt8]) -> Data { Data(Array("RIFF".utf8) + [UInt8(chunks.count + 4), 0, 0, 0] + Array("WEBP".utf8) + chunks) }
        try riff(stored + exif).write(to: site.url.appendingPathComponent("\(ArticleThumbnails.folder)/\(names[1])"))
        let output = site.url.appendingPathComponent("public")
        let report = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output))

        // Copied under assets/thumbnails/, without metadata.
        for name in names { #expect(report.files.contains("assets/thumbnails/\(name)")) }
        #expect(try site.read("public/assets/thumbnails/\(names[0])") == "RIFF....WEBPVP8 thumbnail 0")
        var stripped = stored
        stripped[8] = 0  // the flags: no Exif
        #expect(try Data(contentsOf: output.appendingPathComponent("assets/thumbnails/\(names[1])")) == riff(stripped))
        let page = try site.read("public/journals/\(journal.slug)/index.html")
        let image = try #require(MarkupDocument.html(page)?.elements(named: "img").first { $0["class"] == "article-image" })
        #expect(image["src"] == "../../assets/thumbnails/\(names[0])")
        #expect(image["srcset"] == "../../assets/thumbnails/\(names[0]) 1x, ../../assets/thumbnails/\(names[1]) 2x")
        #expect(image["width"] == "160" && image["height"] == "90")

        // Other articles of the example name remote images and have no thumbnail: no <img> at all.
        let others = before.journals.filter { $0.slug != journal.slug && before.article(for: $0)?.image != nil }
        #expect(!others.isEmpty)
        for other in others {
            #expect(!(try site.read("public/journals/\(other.slug)/index.html")).contains("article-image"), "\(other.slug)")
        }
        let addresses = try Self.imageAddresses(in: output)
        #expect(addresses.contains { $0.address.hasSuffix(names[0]) })
        for (page, address) in addresses where Self.isRemote(address) {
            Issue.record("\(page): <img> loads \(address) from another host")
        }
    }

    @Test func thumbnailsOfAnEditedImageAddressAreNotShown() throws {
        let site = try TemporaryFolder("gazette-thumb-stale")
        try Repository.copyExampleSite(to: site.url)
        let content = try SiteContent.load(siteRoot: site.url)
        let journal = try #require(content.journals.first { content.article(for: $0)?.image != nil })
        var article = try #require(content.article(for: journal))
        let old = ArticleThumbnails.names(for: article)
        article.image = (article.image ?? "") + "?v=2"
        // Names follow the image address: another address, other files.
        #expect(Set(old).isDisjoint(with: ArticleThumbnails.names(for: article)))
        for name in old { try site.write("\(ArticleThumbnails.folder)/\(name)", Data("old".utf8)) }
        let changed = SiteContent(
            root: content.root, config: content.config, journals: content.journals,
            articles: content.articles.map { $0.id == article.id ? article : $0 }, diagnostics: [],
            thumbnailFiles: Set(old))
        #expect(changed.thumbnails(of: article) == nil)
        #expect(SiteAssets.thumbnails(of: changed).isEmpty)
    }
}

extension ArticleThumbnailPageTests {
    @Test func anImageOnAnotherHostInAJournalBodyBecomesALink() throws {
        let site = try TemporaryFolder("gazette-body-image")
        try Repository.copyExampleSite(to: site.url)
        try site.write(
            "content/journals/remote-image.md",
            """
            ---
            title: 원격 그림
            created: 2026-11-18 21:40
            ---
            차트는 여기: ![금리 차트](https://img.example.com/chart.png)
            """)
        let output = site.url.appendingPathComponent("public")
        _ = try SiteBuilder.build(BuildOptions(siteRoot: site.url, output: output))
        let page = try site.read("public/journals/remote-image/index.html")
        #expect(page.contains(#"<a href="https://img.example.com/chart.png">금리 차트</a>"#))
        for (page, address) in try Self.imageAddresses(in: output) where Self.isRemote(address) {
            Issue.record("\(page): <img> loads \(address) from another host")
        }
    }
}

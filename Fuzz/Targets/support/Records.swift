import Content
import Foundation
import GazetteModel
import Ingest

/// What every source's records must be, whatever the source sent: what `gazette fetch` writes,
/// the store reads back as the same records without a warning. So each record's `url` is
/// canonical and its `id` is that URL's, both `url` and `image` pass the URL policy, `published`
/// is a readable date, and encoding then decoding the store file gives the records back.
public func checkRecords(_ found: Found, input: UnsafePointer<UInt8>, size: Int) {
    let articles = found.articles
    func fail(_ message: String) -> Never {
        let text = String(decoding: UnsafeBufferPointer(start: input, count: size), as: UTF8.self)
        fatalError("\(message)\ninput: \(text.debugDescription)")
    }
    for article in articles {
        if CanonicalURL.canonicalize(article.url) != article.url { fail("url not canonical: \(article.url.debugDescription)") }
        if CanonicalURL.articleID(for: article.url) != article.id { fail("id \(article.id) is not the id of \(article.url.debugDescription)") }
        if SafeURL.allowed(article.url, in: .absolute) == nil { fail("url refused by the URL policy: \(article.url.debugDescription)") }
        if let image = article.image, SafeURL.allowed(image, in: .absolute) == nil {
            fail("image refused by the URL policy: \(image.debugDescription)")
        }
        if article.publishedDate == nil { fail("published unreadable: \(article.published.debugDescription)") }
    }
    let decoded = ArticleStore.decode(ArticleStore.encode(articles), path: "content/articles/2026-W47.jsonl")
    if let damage = decoded.damage.first { fail("the store cannot read what fetch wrote: \(damage)") }
    if decoded.records != ArticleStore.sorted(articles) { fail("the store reads back other records:\n\(decoded.records)\nwritten:\n\(articles)") }
}

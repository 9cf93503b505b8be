import GazetteModel

/// The digest as HTML for mail clients, not browsers: one column at most 600 px wide, laid out
/// with tables (what Outlook lays out), every style inline (Gmail drops style sheets), no script,
/// no web font, no external style sheet. Light colours written inline, dark ones in one
/// `prefers-color-scheme` rule for the clients that read it (Apple Mail, Outlook on the web);
/// the others invert the light ones themselves. Long words and addresses wrap, so nothing
/// scrolls sideways at 375 px.
enum DigestHTML {
    static let font = "-apple-system,BlinkMacSystemFont,'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR',NanumGothic,sans-serif"
    static let ink = "#1d1d1b", muted = "#66665f", link = "#1a56a8", rule = "#e4e2da", paper = "#ffffff", desk = "#f2f1ec"
    /// Set once on the sheet and inherited: long words and addresses wrap, Korean words stay whole.
    static let wrap = "overflow-wrap:anywhere;word-break:keep-all;"

    static func render(_ digest: WeeklyDigest) -> String {
        let strings = digest.strings
        var rows: [String] = []
        let counts = [digest.range, strings.journalCount(digest.entries.count)] + (digest.articleCount > 0 ? [strings.articleCount(digest.articleCount)] : [])
        rows.append(
            row(
                padding: "24px 24px 8px",
                paragraph(escape(digest.siteTitle), style: "margin:0;font-size:13px;color:\(muted);", muted: true)
                    + "<h1 style=\"margin:4px 0 0;font-size:24px;line-height:1.3;\">\(escape(digest.weekLabel))</h1>"
                    + paragraph(escape(counts.joined(separator: " · ")), style: "margin:4px 0 0;font-size:13px;color:\(muted);", muted: true)))
        rows.append(row(padding: "16px 24px 4px", heading(2, strings.journals)))
        if digest.entries.isEmpty {
            rows.append(row(padding: "4px 24px 12px", paragraph(escape(strings.noJournals), style: "margin:0;font-size:15px;")))
        }
        for entry in digest.entries { rows.append(row(padding: "12px 24px", entryHTML(entry, strings: strings), rule: true)) }
        if !digest.groups.isEmpty {
            rows.append(row(padding: "20px 24px 4px", heading(2, strings.articles), rule: true))
            for group in digest.groups {
                let items = group.articles.map { article in
                    let about = [article.publisher, article.date].compactMap { $0 }.joined(separator: " · ")
                    return "<li style=\"margin:6px 0;font-size:14px;line-height:1.5;\">\(anchor(article.url, escape(article.title)))"
                        + (about.isEmpty ? "" : " <span class=\"g-muted\" style=\"color:\(muted);font-size:12px;\">\(escape(about))</span>") + "</li>\n"
                }
                rows.append(
                    row(
                        padding: "8px 24px 8px",
                        heading(3, group.label) + "<ul style=\"margin:4px 0 0;padding:0 0 0 18px;\">\n" + items.joined() + "</ul>"))
            }
        }
        var closing = [anchor(digest.weekURL, escape(strings.weekPage))]
        if let packet = digest.packetURL { closing.insert(anchor(packet, escape(strings.packet)), at: 0) }
        rows.append(row(padding: "20px 24px", paragraph(closing.joined(separator: " · "), style: "margin:0;font-size:15px;"), rule: true))
        rows.append(
            row(
                padding: "8px 24px 24px",
                paragraph(anchor(digest.siteURL, escape(digest.siteTitle)), style: "margin:0;font-size:12px;color:\(muted);", muted: true)))
        let title = escape("\(digest.siteTitle) · \(digest.weekLabel)")
        let lang = digest.language.rawValue
        return """
            <!DOCTYPE html>
            <html lang="\(lang)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="supported-color-schemes" content="light dark">
            <title>\(title)</title>
            <style>
            @media (prefers-color-scheme: dark) {
              .g-desk { background: #141618 !important; }
              .g-paper { background: #1e2125 !important; color: #e8e8e4 !important; }
              .g-muted { color: #a8aeb5 !important; }
              .g-rule { border-color: #3a3f45 !important; }
              .g-link { color: #8ab4f8 !important; }
            }
            </style>
            </head>
            <body class="g-desk" style="margin:0;padding:0;background:\(desk);">
            <div role="article" aria-roledescription="email" aria-label="\(title)" lang="\(lang)">
            <table role="presentation" class="g-desk" style="width:100%;border-collapse:collapse;background:\(desk);">
            <tr><td style="padding:16px 8px;">
            <table role="presentation" class="g-paper" style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse;background:\(paper);color:\(ink);font-family:\(font);\(wrap)">
            \(rows.joined(separator: "\n"))
            </table>
            </td></tr>
            </table>
            </div>
            </body>
            </html>

            """
    }

    static func entryHTML(_ entry: WeeklyDigest.Entry, strings: MailStrings) -> String {
        var html = ""
        if let thumbnail = entry.thumbnail {
            html += "<a href=\"\(escape(entry.url))\"><img src=\"\(escape(thumbnail.url))\" width=\"\(thumbnail.width)\" height=\"\(thumbnail.height)\" "
                + "alt=\"\(escape(thumbnail.alt))\" style=\"display:block;max-width:100%;height:auto;border:0;border-radius:4px;margin:0 0 8px;\"></a>\n"
        }
        html += "<h3 style=\"margin:0;font-size:17px;line-height:1.4;\">\(anchor(entry.url, escape(entry.title), underline: false))</h3>\n"
        // A tag is kept on one line: `#` and its name do not part.
        let tags = entry.tags.map { "<span style=\"white-space:nowrap;\">#\(escape($0))</span>" }.joined(separator: " ")
        let about = ([entry.author, entry.date].compactMap { $0.map(escape) } + (tags.isEmpty ? [] : [tags])).joined(separator: " · ")
        html += paragraph(about, style: "margin:4px 0 0;font-size:13px;color:\(muted);", muted: true)
        if !entry.excerpt.isEmpty { html += paragraph(escape(entry.excerpt), style: "margin:8px 0 0;font-size:15px;line-height:1.6;") }
        if let article = entry.article {
            html += paragraph("\(escape(strings.about)): " + anchor(article.url, escape(article.title)), style: "margin:8px 0 0;font-size:13px;")
        }
        html += paragraph(anchor(entry.url, escape(strings.readOnSite) + " →"), style: "margin:8px 0 0;font-size:14px;")
        return html
    }

    static func row(padding: String, _ content: String, rule: Bool = false) -> String {
        let border = rule ? "border-top:1px solid \(Self.rule);" : ""
        return "<tr><td\(rule ? " class=\"g-rule\"" : "") style=\"padding:\(padding);\(border)\">\(content)</td></tr>"
    }

    static func heading(_ level: Int, _ text: String) -> String {
        let size = level == 2 ? 19 : 15
        return "<h\(level) style=\"margin:0;font-size:\(size)px;line-height:1.4;\">\(escape(text))</h\(level)>\n"
    }

    static func paragraph(_ html: String, style: String, muted: Bool = false) -> String {
        "<p\(muted ? " class=\"g-muted\"" : "") style=\"\(style)\">\(html)</p>\n"
    }

    static func anchor(_ url: String, _ html: String, underline: Bool = true) -> String {
        "<a class=\"g-link\" href=\"\(escape(url))\" style=\"color:\(link);\(underline ? "" : "text-decoration:none;")\">\(html)</a>"
    }

    /// Text for HTML content and attribute values (`MarkupText`, as the site's pages).
    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}

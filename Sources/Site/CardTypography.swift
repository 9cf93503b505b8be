import SiteFonts
import TextLayout

/// The type of one text block of a board card: the single source for both the CSS the theme
/// emits for it and the style the build measures it with, so the two cannot drift apart.
public struct CardTypography: Sendable {
    /// CSS class of the block.
    public var className: String
    /// px.
    public var size: Double
    /// px; a whole number, so line boxes never carry fractions.
    public var lineHeight: Double
    public var weight: Int
    /// Lines shown at most (CSS `line-clamp`), nil for no clamp.
    public var maxLines: Int?

    public var paragraph: ParagraphStyle { ParagraphStyle(lineHeight: lineHeight, wordBreak: .keepAll) }

    public func runStyle(weight: Int? = nil) -> RunStyle {
        let used = weight ?? self.weight
        return RunStyle(fonts: [used >= 700 ? WebFonts.sansBold.key : WebFonts.sans.key, WebFonts.emoji.key], size: size, weight: used)
    }

    /// Inline code inside the block: the mono face at 0.9 em. Its `line-height: 0` keeps the
    /// line box exactly the block's line height whatever the mono font's ascent.
    public var codeStyle: RunStyle { RunStyle(fonts: [WebFonts.mono.key, WebFonts.emoji.key], size: size * 0.9) }

    public static let title = CardTypography(className: "card-title", size: 17, lineHeight: 24, weight: 700, maxLines: 3)
    public static let meta = CardTypography(className: "card-meta", size: 13, lineHeight: 20, weight: 400, maxLines: nil)
    public static let tags = CardTypography(className: "card-tags", size: 13, lineHeight: 20, weight: 400, maxLines: nil)
    public static let badge = CardTypography(className: "card-badge", size: 12, lineHeight: 16, weight: 700, maxLines: 1)
    public static let excerpt = CardTypography(className: "card-excerpt", size: 15, lineHeight: 24, weight: 400, maxLines: 6)
    /// A bookmark's article title and publisher.
    public static let article = CardTypography(className: "card-article", size: 15, lineHeight: 24, weight: 400, maxLines: 4)
    public static let all = [title, meta, tags, badge, excerpt, article]

    /// The style of a corpus or excerpt run by its kind (`plain`, `em`, `strong`, `code`).
    public static func runStyle(kind: String) -> RunStyle {
        switch kind {
        case "strong": excerpt.runStyle(weight: 700)
        case "code": excerpt.codeStyle
        default: excerpt.runStyle()
        }
    }

    /// CSS px as rem of 16 px: `1.0625rem` for 17.
    static func rem(_ px: Double) -> String {
        var text = String(px / 16)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + "rem"
    }

    public static let codeCSS = "font-family: \"\(WebFonts.mono.family)\", \"\(WebFonts.emoji.family)\", monospace; font-size: 0.9em; line-height: 0;"

    /// The stylesheet rules for every card block: type, clamp, and the inline code inside.
    public static var stylesheet: String {
        var rules = all.map { type in
            var declarations = type.css
            if let lines = type.maxLines {
                declarations += " display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: \(lines); line-clamp: \(lines); overflow: hidden;"
            }
            return ".card .\(type.className) { margin: 0; padding: 0; \(declarations) }"
        }
        rules.append(".card .card-excerpt code { \(codeCSS) }")
        rules.append(".card .card-tags li { display: inline; }")
        return rules.joined(separator: "\n")
    }

    /// The declarations that set this block's text.
    /// Sizes are in `rem` (of the browser's 16 px default, all exact binary fractions), so a
    /// reader's larger default text reaches the cards too; the heal script then re-packs.
    public var css: String {
        "font-family: \"\(WebFonts.sans.family)\", \"\(WebFonts.emoji.family)\", sans-serif; font-size: \(Self.rem(size)); line-height: \(Self.rem(lineHeight)); "
            + "font-weight: \(weight); letter-spacing: 0; word-break: keep-all; overflow-wrap: anywhere; white-space: normal;"
    }
}

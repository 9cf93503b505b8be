import Typesetting

/// Text blocks a typesetter has already set, by text and setting, so a short text that recurs —
/// a list marker, a section heading every journal has, a table's header cells and the figures
/// in its columns — is shaped and broken into lines once per typesetter, not once per use.
///
/// A block is immutable once set and drawing only reads it, so one block may be drawn wherever
/// its text recurs: the PDF is byte for byte what fresh blocks would give. Only short texts are
/// kept (`maximumBytes`): long ones are paragraphs that do not recur, and would only hold memory.
/// A cache belongs to one typesetter and so to one thread, like the Pango context its blocks
/// were set with.
final class TextBlockCache {
    /// Texts longer than this (UTF-8 bytes) are set afresh every time.
    static let maximumBytes = 96

    private struct Setting: Hashable {
        let text: RichText
        let width: Double?
        let lineHeight: Double
        let alignment: TextBlock.Alignment
        let wrap: TextBlock.Wrap
        let paragraph: Bool
    }

    private let fonts: PrintFonts
    private var blocks: [Setting: [TextBlock]] = [:]

    init(fonts: PrintFonts) { self.fonts = fonts }

    /// `TextBlock(text, fonts:width:lineHeight:alignment:wrap:)`, set once per distinct short text.
    func block(
        _ text: RichText, width: Double?, lineHeight: Double, alignment: TextBlock.Alignment = .left, wrap: TextBlock.Wrap = .wordChar
    ) throws -> TextBlock {
        guard text.string.utf8.count <= Self.maximumBytes else {
            return try TextBlock(text, fonts: fonts, width: width, lineHeight: lineHeight, alignment: alignment, wrap: wrap)
        }
        let setting = Setting(text: text, width: width, lineHeight: lineHeight, alignment: alignment, wrap: wrap, paragraph: false)
        if let cached = blocks[setting]?.first { return cached }
        let block = try TextBlock(text, fonts: fonts, width: width, lineHeight: lineHeight, alignment: alignment, wrap: wrap)
        blocks[setting] = [block]
        return block
    }

    /// `TextBlock.paragraph(text, fonts:width:lineHeight:alignment:)`, set once per distinct short text.
    func paragraph(_ text: RichText, width: Double, lineHeight: Double, alignment: TextBlock.Alignment = .left) throws -> [TextBlock] {
        guard text.string.utf8.count <= Self.maximumBytes else {
            return try TextBlock.paragraph(text, fonts: fonts, width: width, lineHeight: lineHeight, alignment: alignment)
        }
        let setting = Setting(text: text, width: width, lineHeight: lineHeight, alignment: alignment, wrap: .wordChar, paragraph: true)
        if let cached = blocks[setting] { return cached }
        let made = try TextBlock.paragraph(text, fonts: fonts, width: width, lineHeight: lineHeight, alignment: alignment)
        blocks[setting] = made
        return made
    }
}

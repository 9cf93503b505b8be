import Foundation

extension Unicode.Scalar {
    /// A character that shows as nothing and that text copied from a web page or a chat app
    /// carries into what a member types: zero width spaces and non-joiners, the word joiner, a
    /// byte order mark inside the text, the soft hyphen, and direction marks. (The zero width
    /// joiner is left out: emoji are made with it.)
    public var isInvisible: Bool {
        switch value {
        case 0x00AD, 0x200B, 0x200C, 0x200E, 0x200F, 0x2060, 0xFEFF, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

extension StringProtocol {
    /// The text without its invisible characters (`Unicode.Scalar.isInvisible`).
    public var withoutInvisibles: String { String(String.UnicodeScalarView(unicodeScalars.filter { !$0.isInvisible })) }

    /// The text with each invisible character written as `<U+200B>`, so a message shows that
    /// `title<U+200B>` is not `title`; the text itself where it holds none.
    public var revealingInvisibles: String {
        guard unicodeScalars.contains(where: \.isInvisible) else { return String(self) }
        var shown = ""
        for scalar in unicodeScalars {
            if scalar.isInvisible { shown += "<U+\(String(format: "%04X", scalar.value))>" } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }

    /// What a hint says of the invisible characters in the text, nil where it holds none.
    public var invisiblesNote: String? {
        guard unicodeScalars.contains(where: \.isInvisible) else { return nil }
        return "it holds a character that shows as nothing (written here as <U+…>), which copied text brings along: delete it"
    }
}

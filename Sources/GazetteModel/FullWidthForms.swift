extension Unicode.Scalar {
    /// A full-width form of an ASCII mark, letter or digit (U+FF01–FF5E: `！`, `［`, `＊`, `－`,
    /// `２`), what an input method types in its full-width mode; NFKC reads it as the ASCII one.
    public var isFullWidthForm: Bool { (0xFF01...0xFF5E).contains(value) }
}

extension StringProtocol {
    /// The full-width forms in the text (`isFullWidthForm`), each once, quoted, in the order
    /// they first appear: what a message names (`'［', '］'`).
    public var fullWidthMarks: [String] {
        var marks: [String] = []
        for scalar in unicodeScalars where scalar.isFullWidthForm && !marks.contains("'\(scalar)'") { marks.append("'\(scalar)'") }
        return marks
    }
}

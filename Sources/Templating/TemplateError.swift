/// What went wrong with a template: a syntax error found when it is read (with the line and
/// column of the tag at fault, and that line's text), or a failure while rendering.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// 1-based; 0 when the error has no place in a template's text.
    public let line: Int
    /// 1-based, in Unicode scalars from the start of the line.
    public let column: Int
    /// The text of the line at fault, without its newline.
    public let sourceLine: String
    /// What to do about it.
    public let hint: String

    init(_ message: String, line: Int = 0, column: Int = 0, sourceLine: String = "", hint: String) {
        self.message = message
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
        self.hint = hint
    }

    public var description: String { line > 0 ? "\(line):\(column): \(message)" : message }
}

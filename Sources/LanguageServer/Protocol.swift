import Foundation

// The Language Server Protocol 3.17 types Gazette's server uses, as Codable values. Positions
// are zero-based; `character` counts the position encoding's units (UTF-16 unless the client
// offers UTF-8 or UTF-32).

public struct Position: Codable, Equatable, Sendable {
    public var line, character: Int
}

public struct LSPRange: Codable, Equatable, Sendable {
    public var start, end: Position
}

public struct Location: Codable, Equatable, Sendable {
    public var uri: String
    public var range: LSPRange
}

public struct LSPDiagnostic: Codable, Equatable, Sendable {
    public var range: LSPRange
    /// 1 error, 2 warning.
    public var severity: Int
    public var code: String
    public var source = "gazette"
    public var message: String
    /// The fix the diagnostic names, for a quick fix: the text to put in `range`.
    public var data: JSONValue?
}

public struct TextEdit: Codable, Equatable, Sendable {
    public var range: LSPRange
    public var newText: String
}

public struct WorkspaceEdit: Codable, Equatable, Sendable {
    public var changes: [String: [TextEdit]]
}

public struct CompletionItem: Codable, Equatable, Sendable {
    public var label: String
    /// 1 text, 6 variable, 10 property, 12 value, 14 keyword, 15 snippet, 17 file, 18 reference, 20 enum member.
    public var kind: Int
    public var detail: String?
    public var documentation: String?
    public var sortText: String?
    public var filterText: String?
    public var textEdit: TextEdit?
}

public struct CompletionList: Codable, Equatable, Sendable {
    public var isIncomplete: Bool
    public var items: [CompletionItem]
}

public struct MarkupContent: Codable, Equatable, Sendable {
    public var kind = "markdown"
    public var value: String
}

public struct Hover: Codable, Equatable, Sendable {
    public var contents: MarkupContent
    public var range: LSPRange?
}

public struct DocumentSymbol: Codable, Equatable, Sendable {
    public var name: String
    public var detail: String?
    /// 15: string (a heading).
    public var kind: Int
    public var range: LSPRange
    public var selectionRange: LSPRange
}

/// A journal as `workspace/symbol` lists it.
public struct SymbolInformation: Codable, Equatable, Sendable {
    public var name: String
    /// 1: file (a journal).
    public var kind: Int
    public var location: Location
    public var containerName: String?
}

public struct Command: Codable, Equatable, Sendable {
    public var title: String
    public var command: String
    public var arguments: [String]
}

public struct CodeAction: Codable, Equatable, Sendable {
    public var title: String
    public var kind = "quickfix"
    public var diagnostics: [LSPDiagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit?
    /// Run by the server when chosen (`workspace/executeCommand`): storing an article.
    public var command: Command?
}

/// How `character` counts: the client and the server agree on one at `initialize`.
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8", utf16 = "utf-16", utf32 = "utf-32"

    /// The units a character takes.
    func units(_ scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: UTF8.width(scalar)
        case .utf16: UTF16.width(scalar)
        case .utf32: 1
        }
    }

    /// The units of `text`.
    func length(_ text: some StringProtocol) -> Int { text.unicodeScalars.reduce(0) { $0 + units($1) } }

    /// The count of whole scalars of `line` that `character` units cover (a position inside a
    /// character, or past the line's end, is taken to the nearest whole one before it).
    func scalars(in line: some StringProtocol, upTo character: Int) -> Int {
        var used = 0, count = 0
        for scalar in line.unicodeScalars {
            let width = units(scalar)
            if used + width > character { break }
            used += width
            count += 1
        }
        return count
    }
}

// MARK: - Line endings

extension TextEdit {
    /// The edit with the lines it writes ending as `lineEnding` (a document written on Windows
    /// keeps its `\r\n`). A `\r\n` already written is one `Character`, so it is left as it is.
    func ending(_ lineEnding: String) -> TextEdit {
        lineEnding == "\n" ? self : TextEdit(range: range, newText: newText.replacingOccurrences(of: "\n", with: lineEnding))
    }
}

extension CodeAction {
    /// The action with its edits of `uri` ending their lines as `lineEnding`.
    func ending(_ lineEnding: String, in uri: String) -> CodeAction {
        guard lineEnding != "\n", let edits = edit?.changes[uri] else { return self }
        var action = self
        action.edit?.changes[uri] = edits.map { $0.ending(lineEnding) }
        return action
    }
}

extension CompletionList {
    /// The list with its items' edits ending their lines as `lineEnding`.
    func ending(_ lineEnding: String) -> CompletionList {
        guard lineEnding != "\n" else { return self }
        var list = self
        for index in list.items.indices { list.items[index].textEdit = list.items[index].textEdit?.ending(lineEnding) }
        return list
    }
}

import Foundation

/// Runs the PDF tools the packet tests check with (qpdf, poppler-utils' pdfinfo, pdffonts,
/// pdftotext) and reads what they print.
public enum PDFTools {
    public typealias Output = Program.Result

    /// Runs `tool` (found on PATH) with `arguments`.
    public static func run(_ tool: String, _ arguments: [String]) throws -> Output {
        try Program.run(command: tool, arguments)
    }

    /// `pdfinfo`'s `Key: value` lines as a dictionary.
    public static func info(_ pdf: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for line in try run("pdfinfo", ["-isodates", pdf.path]).stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    /// The text of each page, in reading order (`pdftotext`, pages split at form feeds).
    public static func pageTexts(_ pdf: URL) throws -> [String] {
        var pages = try run("pdftotext", ["-enc", "UTF-8", pdf.path, "-"]).stdout.components(separatedBy: "\u{0C}")
        if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
        return pages
    }

    /// One page's text with its physical layout kept (`pdftotext -layout`): a line of the page
    /// is a line of text, columns stay apart by spaces.
    public static func layoutText(_ pdf: URL, page: Int) throws -> String {
        try run("pdftotext", ["-layout", "-enc", "UTF-8", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"]).stdout
    }

    /// A word `pdftotext -bbox` found, with its box in points from the top-left corner.
    public struct Word: Sendable {
        public var text: String
        public var page: Int
        public var xMin: Double, yMin: Double, xMax: Double, yMax: Double
    }

    /// Every word on every page (1-based page numbers) with its bounding box.
    public static func words(_ pdf: URL) throws -> [Word] {
        let html = try run("pdftotext", ["-bbox", "-enc", "UTF-8", pdf.path, "-"]).stdout
        var words: [Word] = []
        var page = 0
        for line in html.split(separator: "\n") {
            if line.contains("<page ") { page += 1 }
            guard line.contains("<word ") else { continue }
            func number(_ key: String) -> Double {
                guard let range = line.range(of: "\(key)=\"") else { return .nan }
                let rest = line[range.upperBound...]
                return Double(rest.prefix { $0 != "\"" }) ?? .nan
            }
            let text = line.split(separator: ">", maxSplits: 1).last.map { String($0.prefix { $0 != "<" }) } ?? ""
            words.append(Word(text: text, page: page, xMin: number("xMin"), yMin: number("yMin"), xMax: number("xMax"), yMax: number("yMax")))
        }
        return words
    }

    /// `qpdf --json`, parsed.
    public static func json(_ pdf: URL) throws -> [String: Any] {
        let output = try run("qpdf", ["--json", pdf.path])
        return (try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    /// The document's objects (`qpdf --json`'s `obj:N 0 R` values).
    public static func objects(_ json: [String: Any]) -> [String: Any] {
        guard let qpdf = json["qpdf"] as? [Any], qpdf.count > 1, let objects = qpdf[1] as? [String: Any] else { return [:] }
        var values: [String: Any] = [:]
        for (key, value) in objects { values[key] = (value as? [String: Any])?["value"] }
        return values
    }
}

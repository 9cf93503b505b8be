import CPangoCairo
import Foundation

/// Measures text with Pango and HarfBuzz on pinned font files: a private fontconfig
/// configuration holds only the files handed to it, so no system font can stand in for a
/// missing glyph unnoticed. This type is the only place Gazette calls Pango for measurement.
///
/// Not `Sendable`-safe across threads by itself (Pango contexts are single-threaded); the
/// measurer serialises calls with a lock.
public final class PangoTextMeasurer: TextMeasurer, @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    private let fonts: PinnedFonts
    private let lock = NSLock()

    /// Loads `fontFiles` into a private font configuration.
    public init(fontFiles: [String]) throws {
        do {
            fonts = try PinnedFonts(fontFiles: fontFiles)
        } catch {
            throw Failure(description: error.description)
        }
    }

    public func measure(_ text: String, style: TextStyle, width: Double) throws -> TextMeasurement {
        guard let family = fonts.families[style.fontFile] else {
            throw Failure(description: "font file \(style.fontFile) was not loaded into this measurer")
        }
        lock.lock()
        defer { lock.unlock() }
        guard let layout = pango_layout_new(fonts.context) else { throw Failure(description: "pango: cannot create a layout") }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, family)
        pango_font_description_set_absolute_size(description, style.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, -1)
        var lines: [String] = []
        let bytes = Array(text.utf8)
        var iterator = pango_layout_get_lines_readonly(layout)
        while let node = iterator {
            if let line = node.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                let start = Int(line.pointee.start_index), length = Int(line.pointee.length)
                if start >= 0, start + length <= bytes.count {
                    lines.append(String(decoding: bytes[start..<start + length], as: UTF8.self))
                }
            }
            iterator = node.pointee.next
        }
        return TextMeasurement(lines: lines, height: Double(lines.count) * style.size * style.lineHeight)
    }
}

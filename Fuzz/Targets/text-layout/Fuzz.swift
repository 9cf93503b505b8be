// Line breaking (LineBreaker: Chromium's ASCII table, UAX #14 through GLib, keep-all) and
// paragraph layout (TextLayoutEngine: font choice per grapheme, HarfBuzz shaping on the real
// Nanum and Noto Color Emoji files, white-space collapsing, widths in 1/64 px, overflow-wrap,
// line-clamp, close-call margins) for any Unicode text at any width.
//
// Input: 4 bytes of settings, then the text as UTF-8; a 0x1F byte starts a new styled run
// (regular, bold, monospace in turn). Every non-white scalar of the text must come out on the
// lines, in order, once, when nothing is clamped.
import Foundation
import FuzzSupport
import TextLayout

let folder = "/usr/share/fonts/truetype"
let regular = "\(folder)/nanum/NanumGothic.ttf"
let bold = "\(folder)/nanum/NanumGothicBold.ttf"
let mono = "\(folder)/nanum/NanumGothicCoding.ttf"
let emoji = "\(folder)/noto/NotoColorEmoji.ttf"

// The fonts are loaded once, as a build loads them once.
let engine: TextLayoutEngine = {
    do {
        return try TextLayoutEngine(fontFiles: [regular, bold, mono, emoji])
    } catch {
        fatalError("cannot load the fonts (make deps installs them): \(error)")
    }
}()

func isWhite(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 4 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Widths from 0 to 4095.9375 px in 1/16 px steps; sizes 8 to 39 px.
    let width = Double(Int(bytes[0]) << 4 | Int(bytes[1] >> 4)) + Double(bytes[1] & 0x0F) / 16
    let flags = bytes[2]
    let fontSize = 8 + Double(bytes[3] & 0x1F)
    let mode: LineBreaker.Mode = flags & 1 == 0 ? .keepAll : .normal
    let breakLongWords = flags & 2 == 0
    let maxLines: Int? = flags & 0x1C == 0 ? nil : Int((flags >> 2) & 7)
    let margin = flags & 0x20 == 0 ? 0 : 0.75
    let letterSpacing = flags & 0x40 == 0 ? 0 : Double(bytes[3] >> 5) / 4 - 0.5

    let pieces = bytes[4...].split(separator: 0x1F, omittingEmptySubsequences: false)
    let faces = [[regular, emoji], [bold, emoji], [mono, emoji]]
    let runs = pieces.enumerated().map { index, piece in
        StyledText.Run(
            String(decoding: piece, as: UTF8.self),
            RunStyle(fonts: faces[index % 3], size: fontSize, weight: index % 3 == 1 ? 700 : 400, letterSpacing: letterSpacing))
    }
    let text = StyledText(runs)
    let scalars = text.plainText.unicodeScalars.map(\.value)
    let opportunities = LineBreaker.opportunities(scalars, mode: mode)
    if opportunities.count != scalars.count || opportunities.first == true { fatalError("break opportunities out of shape") }

    let prepared: PreparedParagraph
    do {
        prepared = try engine.prepare(text, style: ParagraphStyle(lineHeight: fontSize * 1.5, wordBreak: mode, breakLongWords: breakLongWords))
    } catch {
        fatalError("prepare failed: \(error)")
    }
    let layout = engine.layout(prepared, width: width, maxLines: maxLines, margin: margin)
    if layout.lines.count != layout.lineWidths.count || layout.lines.count > layout.naturalLineCount
        || maxLines.map({ layout.lines.count > $0 }) == true
    {
        fatalError("layout out of shape: \(layout)")
    }
    if !layout.isClamped {
        var expected: [Unicode.Scalar] = []
        for run in runs {
            for character in run.text where !character.unicodeScalars.allSatisfy(isWhite) {
                expected += character.unicodeScalars.filter { !isWhite($0) }
            }
        }
        let shown = layout.lines.flatMap { $0.unicodeScalars.filter { !isWhite($0) } }
        if shown != expected { fatalError("lines \(layout.lines) lose or repeat text of \(runs.map(\.text))") }
    }
    return 0
}

@main enum Main {
    static func main() { runFuzzer(fuzz) }
}

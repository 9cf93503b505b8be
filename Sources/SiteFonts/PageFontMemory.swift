import Foundation
import GazetteModel
import Memory
import TextLayout

/// Pages' own fonts kept between builds, in one file beside the slices
/// (`.gazette/cache/fonts/page-fonts.bin`): like a slice, a page's font is a function of the
/// pinned font and its characters alone, and its Brotli is most of what it costs — 17 % of the
/// processor time of a clean build of 2,000 short journals, whose pages carry 1,945 fonts of
/// their own. One file, not a file per font: creating them cost more than encoding did.
///
/// The file is read on the first page font asked for, and written at the end of a build that
/// made a font it did not hold (or let one go). A font no build asks for is let go after
/// `maximumAge` writes, or sooner when the file holds more than `limit(files:)` of them (the
/// longest unasked first), so it stays the size of the site. The stamp names the libraries
/// and the Gazette that made the fonts: another version of any starts from nothing.
final class PageFontMemory: Sendable {
    static let kind = MemoryFile.Kind("page-fonts", version: 1)
    static let fileName = "page-fonts.bin"
    /// Writes a font may go unasked before it is let go.
    static let maximumAge = 20

    private struct Entry {
        var data: Data
        /// Writes since a build last asked for it.
        var age: Int
    }

    private struct State {
        var loaded = false
        var entries: [Fingerprint: Entry] = [:]
        var asked: Set<Fingerprint> = []
        var made = 0
    }

    let file: URL
    let stamp: String
    private let state = Locked(State())

    init(folder: URL, stamp: String = PageFontMemory.stamp) {
        file = folder.appendingPathComponent(Self.fileName)
        self.stamp = stamp
    }

    /// What made the fonts: harfbuzz (the cut), Brotli (the encoding) and this Gazette.
    static let stamp = "harfbuzz \(FontSubsetter.libraryVersion), brotli \(WOFF2.brotliVersion), gazette \(GazetteRelease.executableStamp)"

    /// The font named `key`: the one the file holds, or `make`'s, kept for the next build.
    func font(_ key: Fingerprint, make: () throws(WebFonts.Failure) -> Data) throws(WebFonts.Failure) -> Data {
        let held = state.withLock { state -> Data? in
            if !state.loaded {
                state.entries = Self.read(file, stamp: stamp)
                state.loaded = true
            }
            state.asked.insert(key)
            return state.entries[key]?.data
        }
        if let held { return held }
        let made = try make()
        state.withLock { state in
            if state.entries[key] == nil { state.made += 1 }
            state.entries[key] = Entry(data: made, age: 0)
        }
        return made
    }

    /// At most this many fonts are kept for a site of `files` output files: a page has at most
    /// two of its own (regular and bold), with room for the fonts of pages as they were before.
    static func limit(files: Int) -> Int { 2 * files + 1000 }

    /// The end of a build of `files` output files: the file is written when the build made a
    /// font it did not hold, or lets one go; otherwise left as it is. A failure costs the next
    /// build time only.
    func endBuild(files: Int) {
        state.withLock { state in
            guard state.loaded else { return }
            var kept: [(key: Fingerprint, entry: Entry)] = state.entries.map { key, entry in
                (key, Entry(data: entry.data, age: state.asked.contains(key) ? 0 : entry.age + 1))
            }
            kept.removeAll { $0.entry.age > Self.maximumAge }
            let limit = Self.limit(files: files)
            if kept.count > limit {
                kept.sort { ($0.entry.age, $0.key.high, $0.key.low) < ($1.entry.age, $1.key.high, $1.key.low) }
                kept.removeLast(kept.count - limit)
            }
            guard state.made > 0 || kept.count < state.entries.count else { return }
            kept.sort { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }
            try? MemoryFile.write(Self.kind, stamp: stamp, to: file) { writer in
                writer.unsigned(UInt64(kept.count))
                for (key, entry) in kept {
                    writer.fingerprint(key)
                    writer.unsigned(UInt64(entry.age))
                    writer.data(entry.data)
                    try writer.flushIfLarge()
                }
            }
            state.entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.entry) })
            state.asked = []
            state.made = 0
        }
    }

    /// The fonts in `file`: none when it is missing, damaged, or made by other libraries or
    /// another Gazette (`stamp`).
    private static func read(_ file: URL, stamp: String) -> [Fingerprint: Entry] {
        MemoryFile.read(file, kind, stamp: stamp) { reader -> [Fingerprint: Entry]? in
            guard let count = reader.count() else { return nil }
            var entries: [Fingerprint: Entry] = [:]
            entries.reserveCapacity(count)
            for _ in 0..<count {
                guard let key = reader.fingerprint(), let age = reader.unsigned().flatMap(Int.init(exactly:)), let data = reader.data() else {
                    return nil
                }
                entries[key] = Entry(data: data, age: age)
            }
            return entries
        } ?? [:]
    }
}

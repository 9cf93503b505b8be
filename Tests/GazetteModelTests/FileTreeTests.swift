import Foundation
import Testing

@testable import GazetteModel

#if canImport(Glibc)
    import Glibc
#endif

struct FileTreeTests {
    /// Journals fall back to their file's modification time, and `gazette serve` compares it with
    /// the time a journal was parsed with: `FileTree.modificationDate` must be the very `Date`
    /// Foundation gives, nanoseconds and all, or a journal's dates would shift by a rounding.
    @Test func modificationDatesAreFoundationsToTheBit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-filetree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let nanoseconds = [0, 1, 999_999_999, 123_456_789, 500_000_000, 987_654_321, 10_001, 333_333_333]
        for (index, nanosecond) in nanoseconds.enumerated() {
            let path = folder.appendingPathComponent("j\(index).md").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
            var times = [timespec(tv_sec: 1_790_000_000 + index * 86_400, tv_nsec: nanosecond), timespec(tv_sec: 1_790_000_000 + index * 86_400, tv_nsec: nanosecond)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
            let foundation = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
            #expect(foundation != nil)
            #expect(FileTree.modificationDate(atPath: path) == foundation, "nanoseconds \(nanosecond)")
        }
        #expect(FileTree.modificationDate(atPath: folder.appendingPathComponent("missing.md").path) == nil)
    }

    /// Journals and the article store are read with `FileTree.contents`: the bytes Foundation's
    /// `FileManager.contents(atPath:)` gives, for an empty file, Hangul, a file larger than a
    /// read's usual chunk, a link to a file, a FIFO with a writer, and nil for a missing file.
    @Test func contentsAreFoundations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-filetree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: [(String, Data)] = [
            ("empty.md", Data()), ("한글.md", Data("---\ntitle: 금리\n---\n본문\n".utf8)),
            ("large.jsonl", Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })),
        ]
        for (name, data) in files {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: data))
            #expect(FileTree.contents(atPath: path) == data, "\(name)")
            #expect(FileTree.contents(atPath: path) == FileManager.default.contents(atPath: path), "\(name)")
        }
        let link = folder.appendingPathComponent("link.md").path
        #expect(symlink(folder.appendingPathComponent("한글.md").path, link) == 0)
        #expect(FileTree.contents(atPath: link) == files[1].1)
        #expect(FileTree.contents(atPath: folder.appendingPathComponent("missing.md").path) == nil)
        #expect(FileTree.contents(atPath: folder.appendingPathComponent("missing/a.md").path) == nil)
        // A FIFO is not a regular file: Foundation reads it (here, what a writer wrote and closed).
        let fifo = folder.appendingPathComponent("pipe.md").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = "흐름".withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }
        writer.start()
        #expect(FileTree.contents(atPath: fifo) == Data("흐름".utf8))
    }
}

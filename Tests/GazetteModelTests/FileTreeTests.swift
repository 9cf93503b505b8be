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
}

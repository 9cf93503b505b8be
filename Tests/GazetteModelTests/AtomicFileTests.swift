import Foundation
import GazetteModel
import Testing

/// The writes behind the store and the state files: all or nothing as far as a failure goes,
/// temporary files named so that a later run can tell a killed writer's from a live one's.
@Suite struct AtomicFileTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aFailureBeforeTheRenamesChangesNoTarget() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("a.json")
        try Data("old".utf8).write(to: first)
        // The second target's folder is a file: its temporary file cannot be made (ENOTDIR).
        try Data().write(to: root.appendingPathComponent("blocked"))
        let second = root.appendingPathComponent("blocked/b.json")
        #expect(throws: FileWriteError.self) {
            try AtomicFile.write([AtomicFile.Item(first, Data("new".utf8)), AtomicFile.Item(second, Data("new".utf8), shownAs: "blocked/b.json")])
        }
        #expect(try String(contentsOf: first, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["a.json", "blocked"])
        try AtomicFile.write([AtomicFile.Item(first, Data("new".utf8)), AtomicFile.Item(root.appendingPathComponent("c/d.json"), Data("d".utf8))])
        #expect(try String(contentsOf: first, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["a.json", "blocked", "c"])
    }

    /// A cache's write (not flushed) replaces the file as a durable one does: the new bytes under
    /// the name, the folder made when missing, no temporary file left; the kind of write is
    /// the only difference.
    @Test func cacheWritesReplaceWholeFilesToo() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("cache/fonts/slice.woff2")
        try AtomicFile.write(Data("first".utf8), to: target, durable: false)
        try AtomicFile.write(Data("second, longer".utf8), to: target, durable: false)
        #expect(try Data(contentsOf: target) == Data("second, longer".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path) == ["slice.woff2"])
    }

    @Test func errorsSayWhatHappenedInPlainWords() {
        let full = FileWriteError(path: "content/articles/2026-W47.json", code: ENOSPC, folder: "content/articles/")
        #expect(full.description == "cannot write content/articles/2026-W47.json: the disk is full (no space left on the device)")
        #expect(full.hint == "free some space on the disk that holds content/articles/ and run again")
        #expect(FileWriteError(path: "x", code: EFBIG, folder: "f").reason.contains("ulimit -f"))
        #expect(FileWriteError(path: "x", code: EACCES, folder: "f/").reason == "permission denied: f/ is not writable")
        #expect(FileWriteError(path: "x", code: EROFS, folder: "f/").reason == "the file system holding f/ is read-only")
    }

    /// Only this pattern, and only of processes that are gone: a live writer's file, anyone
    /// else's dot file and the targets themselves stay.
    @Test func staleTemporaryFilesOfDeadProcessesAreRemoved() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A pid that is not running: a child that has exited and been reaped.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let dead = child.processIdentifier
        let fresh = TemporaryFile.url(for: root.appendingPathComponent("2026-W47.json")).lastPathComponent
        #expect(TemporaryFile.owner(fresh) == getpid())
        let removed = [".2026-W47.json.\(dead)-0a1b2c3d.tmp", ".searches.json.\(dead)-deadbeef.tmp"]
        let kept = [
            "2026-W47.json", ".2026-W47.json.1-0a1b2c3d.tmp", fresh, ".x.\(dead)-0a1b2c3.tmp", ".x.\(dead)-0a1b2c3d.tmp.bak",
            "x.\(dead)-0a1b2c3d.tmp", ".\(dead)-0a1b2c3d.tmp", ".notes.tmp",
        ]
        for name in removed + kept { try Data().write(to: root.appendingPathComponent(name)) }
        #expect(TemporaryFile.removeStale(in: root).sorted() == removed.sorted())
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == kept.sorted())
    }
}

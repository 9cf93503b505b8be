import Foundation
import GazetteModel
import Output
import Testing
import TestSupport

@Suite struct OutputFolderTests {
    @Test func refusesFoldersHoldingTheUsersWork() throws {
        let site = try TemporaryFolder("gazette-site")
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let refused = [
            site.url, site.url.appendingPathComponent("content"), site.url.appendingPathComponent("content/journals/out"),
            site.url.appendingPathComponent("templates"), site.url.deletingLastPathComponent(), URL(fileURLWithPath: "/"),
            URL(fileURLWithPath: home),
        ]
        for output in refused {
            #expect(throws: DiagnosticsError.self, "\(output.path) was accepted") {
                try OutputFolder(output, siteRoot: site.url)
            }
        }
        #expect(throws: Never.self) { try OutputFolder(site.url.appendingPathComponent("public"), siteRoot: site.url) }
        #expect(throws: Never.self) { try OutputFolder(site.url.appendingPathComponent("../elsewhere-out"), siteRoot: site.url) }
    }

    /// Many files written at once (on every core): each with its bytes, in its folders, listed in
    /// the order given; an updating writer leaves a file with the same bytes alone (its inode
    /// stays, it is not `changed`); a failure is thrown after every other file was written, and
    /// a path leaving the folder is refused before any is written.
    @Test func manyFilesAtOnceAreWrittenAsOneByOne() throws {
        let parent = try TemporaryFolder("gazette-many")
        let root = parent.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let files = (0..<300).map { (path: "d\($0 % 7)/sub/f\($0).html", data: Data("page \($0)".utf8)) }
        var fresh = FileWriter(root: root)
        try fresh.write(all: files)
        #expect(fresh.written == files.map(\.path) && fresh.changed == files.map(\.path))
        for file in files { #expect(try parent.read("out/" + file.path) == String(decoding: file.data, as: UTF8.self)) }

        var before = stat()
        stat(root.appendingPathComponent(files[0].path).path, &before)
        var update = FileWriter(root: root, updating: true)
        var next = files
        next[1].data = Data("changed".utf8)
        try update.write(all: next)
        var after = stat()
        stat(root.appendingPathComponent(files[0].path).path, &after)
        #expect(before.st_ino == after.st_ino, "a file with the same bytes was replaced")
        #expect(update.changed == [files[1].path] && update.written == files.map(\.path))
        #expect(try parent.read("out/" + files[1].path) == "changed")

        // d0 is a folder, so a file cannot take its name: that one fails, the others are written.
        var failing = FileWriter(root: root)
        #expect(throws: (any Error).self) { try failing.write(all: [("d0", Data("x".utf8)), ("z/one.html", Data("1".utf8))]) }
        #expect(try parent.read("out/z/one.html") == "1")
        #expect(failing.written == ["z/one.html"])

        // A file where a page's own folder must go (made beside the page, on another core): that
        // page fails, naming the folder; the pages around it are written, and the next page of
        // that folder fails the same way.
        try Data("a file".utf8).write(to: root.appendingPathComponent("stone"))
        var blocked = FileWriter(root: root)
        for round in 0..<2 {
            do {
                try blocked.write(all: [("w\(round)/one.html", Data("1".utf8)), ("stone/two.html", Data("2".utf8)), ("w\(round)/three.html", Data("3".utf8))])
                Issue.record("a file where a folder must go was written through")
            } catch let error as DiagnosticsError {
                #expect("\(error)".contains("out/stone") && "\(error)".contains("a file stands where a folder is needed"), "\(error)")
            }
        }
        #expect(blocked.written == ["w0/one.html", "w0/three.html", "w1/one.html", "w1/three.html"])
        #expect(try parent.read("out/w1/three.html") == "3")

        var refusing = FileWriter(root: root)
        #expect(throws: DiagnosticsError.self) { try refusing.write(all: [("y/two.html", Data()), ("../escape.html", Data())]) }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("y/two.html").path))
        #expect(!FileManager.default.fileExists(atPath: parent.url.appendingPathComponent("escape.html").path))
    }

    /// Folders are made as files need them, with the folders they are in; one already there,
    /// or a link to one, is used; a file where a folder must go is an error naming that path.
    @Test func foldersAreMadeOnTheWayAndAFileInTheWayIsNamed() throws {
        let parent = try TemporaryFolder("gazette-folders")
        let root = parent.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("kept/deep"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: parent.url.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("linked"), withDestinationURL: parent.url.appendingPathComponent("elsewhere"))
        try Data("a file".utf8).write(to: root.appendingPathComponent("blocker"))
        var writer = FileWriter(root: root)
        try writer.write("a/b/c/d/page.html", "deep")
        try writer.write("kept/deep/page.html", "kept")
        try writer.write("linked/page.html", "through the link")
        #expect(try parent.read("out/a/b/c/d/page.html") == "deep")
        #expect(try parent.read("out/kept/deep/page.html") == "kept")
        #expect(try parent.read("elsewhere/page.html") == "through the link")
        do {
            try writer.write("blocker/inside/page.html", "x")
            Issue.record("a file where a folder must go was written through")
        } catch let error as DiagnosticsError {
            #expect("\(error)".contains("out/blocker") && "\(error)".contains("a file stands where a folder is needed"), "\(error)")
        }
    }

    @Test func failedWriteLeavesThePreviousOutputAndNoDebris() throws {
        let parent = try TemporaryFolder("gazette-out")
        let site = parent.url.appendingPathComponent("site")
        let output = try OutputFolder(parent.url.appendingPathComponent("public"), siteRoot: site)
        _ = try output.replace { try $0.write("index.html", "old") }
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            _ = try output.replace { writer in
                try writer.write("index.html", "new")
                throw Boom()
            }
        }
        #expect(try parent.read("public/index.html") == "old")
        // The half-written staging folder is kept as the previous site, to be compared and reused.
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".public.previous", "public"])
        _ = try output.replace { try $0.write("index.html", "new") }
        #expect(try parent.read("public/index.html") == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".public.previous", "public"])
    }

    /// The site before last is the next build's starting point: a file whose bytes are the same
    /// is not written again (its inode stays), a changed one is replaced, one no longer produced
    /// is deleted with its empty folder. `fresh` starts from nothing.
    @Test func theSiteBeforeLastIsUpdatedNotRewritten() throws {
        let parent = try TemporaryFolder("gazette-reuse")
        let output = try OutputFolder(parent.url.appendingPathComponent("public"), siteRoot: parent.url.appendingPathComponent("site"))
        func inode(_ path: String) throws -> UInt64 {
            try #require(FileManager.default.attributesOfItem(atPath: parent.url.appendingPathComponent(path).path)[.systemFileNumber] as? UInt64)
        }
        func site(_ same: String, _ changing: String, stale: Bool) -> (inout FileWriter) throws -> Void {
            { writer in
                try writer.write("same/index.html", same)
                try writer.write("changing.html", changing)
                if stale { try writer.write("gone/deep/index.html", "x") }
            }
        }
        _ = try output.replace(with: site("s", "1", stale: true))
        let first = try inode("public/same/index.html")
        _ = try output.replace(with: site("s", "2", stale: true))
        #expect(try inode(".public.previous/same/index.html") == first)
        let third = try output.replace(with: site("s", "3", stale: false))
        #expect(try inode("public/same/index.html") == first, "an unchanged file was written again")
        #expect(try parent.read("public/changing.html") == "3")
        #expect(!FileManager.default.fileExists(atPath: parent.url.appendingPathComponent("public/gone").path))
        #expect(third.written == ["same/index.html", "changing.html"])
        _ = try output.replace(fresh: true, with: site("s", "4", stale: false))
        #expect(try inode("public/same/index.html") != first)
        #expect(try parent.read("public/changing.html") == "4")
        // The site before the one replaced was deleted beside the build, and is gone when it ends.
        #expect(try parent.read(".public.previous/changing.html") == "3")
        let beside = try FileManager.default.contentsOfDirectory(atPath: parent.url.path)
        #expect(!beside.contains { $0.contains(".old-") || $0.contains(".staging-") }, "\(beside)")
    }

    /// Debris of killed builds (this output's own staging and retired folders, of processes no
    /// longer running) goes; anything else beside the output stays.
    /// `serve` updates its folder knowing what the last update wrote: files of that list the new
    /// build does not write are removed with the folders they leave empty, and a file outside
    /// the list is not looked for.
    @Test func anUpdateKnowingTheFolderRemovesOnlyWhatItKnew() throws {
        let parent = try TemporaryFolder("gazette-known")
        let output = try OutputFolder(parent.url.appendingPathComponent("serve"), siteRoot: parent.url.appendingPathComponent("site"))
        let first = try output.update { writer in
            for path in ["index.html", "tags/a/index.html", "tags/a/page/2/index.html", "tags/b/index.html"] { try writer.write(path, path) }
        }
        let second = try output.update(known: Set(first.written)) { writer in
            try writer.write("index.html", "index.html")
            try writer.write("tags/b/index.html", "changed")
        }
        #expect(second.changed.sorted() == ["tags/a/index.html", "tags/a/page/2/index.html", "tags/b/index.html"])
        let fileManager = FileManager.default
        #expect(!fileManager.fileExists(atPath: parent.url.appendingPathComponent("serve/tags/a").path), "an emptied folder stays")
        #expect(try parent.read("serve/tags/b/index.html") == "changed")
        #expect(try parent.read("serve/index.html") == "index.html")
    }

    /// Under the lock, every staging folder of this output is a killed build's, whatever its pid:
    /// pids are reused, and one named by a running process (pid 1 here, as a reused pid would
    /// be) was once left behind for good.
    @Test func theNextBuildRemovesOnlyItsOwnDebris() throws {
        let parent = try TemporaryFolder("gazette-debris")
        let output = try OutputFolder(parent.url.appendingPathComponent("public"), siteRoot: parent.url.appendingPathComponent("site"))
        let dead = try deadPID()
        let removed = [".public.staging-\(dead)-deadbeef", ".public.old-\(dead)-0123abcd", ".public.staging-1-deadbeef"]
        let kept = [
            ".other.staging-\(dead)-deadbeef", "public.staging-\(dead)-deadbeef", ".public.staging-notapid-deadbeef",
            ".public.staging-\(dead)-deadbeef-x", "notes.txt",
        ]
        for name in removed + kept {
            _ = try parent.write("\(name)/index.html", "debris")
        }
        let lock = try output.lock(purpose: "build", wait: 0)
        _ = try output.replace { try $0.write("index.html", "new") }
        lock.release()
        #expect(try parent.read("public/index.html") == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == (kept + ["public"]).sorted())
    }

    /// Two writers of one output take turns: the second waits for the first's lock, and the lock
    /// file goes with the last of them.
    @Test func twoWritersOfOneOutputTakeTurns() throws {
        let parent = try TemporaryFolder("gazette-lock")
        let output = try OutputFolder(parent.url.appendingPathComponent("public"), siteRoot: parent.url.appendingPathComponent("site"))
        let spans = Spans()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            do {
                let lock = try output.lock(purpose: "build", wait: 30)
                defer { lock.release() }
                _ = try output.replace { writer in
                    let start = Date()
                    Thread.sleep(forTimeInterval: 0.3)
                    try writer.write("index.html", "\(index)")
                    spans.add(start, Date())
                }
            } catch {
                spans.fail("\(error)")
            }
        }
        let intervals = spans.intervals.sorted { $0.0 < $1.0 }
        #expect(spans.failures.isEmpty)
        #expect(intervals.count == 2)
        if intervals.count == 2 { #expect(intervals[0].1 <= intervals[1].0, "the two writes overlapped") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".public.previous", "public"])
    }
}

/// Time spans recorded from several threads.
final class Spans: @unchecked Sendable {
    private let lock = NSLock()
    private var spans: [(Date, Date)] = []
    private var errors: [String] = []
    func add(_ start: Date, _ end: Date) { lock.withLock { spans.append((start, end)) } }
    func fail(_ message: String) { lock.withLock { errors.append(message) } }
    var intervals: [(Date, Date)] { lock.withLock { spans } }
    var failures: [String] { lock.withLock { errors } }
}

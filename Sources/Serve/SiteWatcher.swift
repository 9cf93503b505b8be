internal import CInotify
import Foundation
import GazetteModel

#if canImport(Glibc)
import Glibc
#endif

/// Watches what a build reads — `gazette.yml` and everything under `content/`, `templates/`
/// and `static/` — with Linux inotify, and reports each burst of changes once.
///
/// Folders created later (a new `content/journals/2026-12/`) are watched as they appear. Editor
/// droppings (`.#x`, `x~`, `.x.swp`, vim's `4913`) are ignored, and a burst of events from one
/// save (write, rename, attribute change) waits for a short quiet spell so it causes one
/// rebuild, not three.
public final class SiteWatcher: Sendable {
    public enum WatchError: Error, CustomStringConvertible {
        case unavailable(String)
        public var description: String {
            switch self {
            case .unavailable(let reason): "cannot watch the site for changes: \(reason)"
            }
        }
    }

    /// The folders below the site root whose contents a build reads.
    public static let folders = SiteLayout.sourceFolders
    public static let files = ["gazette.yml"]

    private let root: URL
    /// The inotify instance (internal for a test that takes it away).
    let descriptor: Int32
    /// Watch descriptor → site-relative folder ("" for the site root): `init` fills it, then the
    /// watching thread. `stopped` is set by `stop()` from any thread.
    private let watches = Locked<[Int32: String]>([:])
    private let stopped = Locked(false)
    /// Why watching stopped by itself (the descriptor failed), set before the stream finishes.
    private let broken = Locked<String?>(nil)

    // inotify's event bits, from <sys/inotify.h> through the CInotify shim.
    private static let modify = gazette_in_modify
    private static let attrib = gazette_in_attrib
    private static let closeWrite = gazette_in_close_write
    private static let movedFrom = gazette_in_moved_from
    private static let movedTo = gazette_in_moved_to
    private static let create = gazette_in_create
    private static let delete = gazette_in_delete
    private static let deleteSelf = gazette_in_delete_self
    private static let moveSelf = gazette_in_move_self
    private static let overflow = gazette_in_q_overflow
    private static let isDirectory = gazette_in_isdir
    private static let mask = modify | attrib | closeWrite | movedFrom | movedTo | create | delete | deleteSelf | moveSelf

    public init(siteRoot: URL) throws {
        root = siteRoot.standardizedFileURL
        descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard descriptor >= 0 else { throw WatchError.unavailable(String(cString: strerror(errno))) }
        try add("")
        for folder in Self.folders { try addTree(folder) }
    }

    deinit { close(descriptor) }

    /// Bursts of changed site-relative paths, until `stop()`, or until the descriptor fails
    /// (`failure` then says why). Reads on a thread of its own, so blocking on the kernel never
    /// holds up Swift concurrency's threads.
    ///
    /// A burst ends `quiet` seconds after its last event, or only `settle` seconds after it once
    /// a file a build reads (`isSource`) was finished — closed after writing, or moved into
    /// place — and no file is still being written (created or modified, not closed since): a
    /// save need not wait out the whole quiet spell once the editor has closed the file. A
    /// deletion, a rename away or a temporary file's close finishes nothing (a save by rename
    /// moves the new file in next), so they wait for `quiet`; `settle` still gathers the files
    /// of one operation written back to back (2 ms: git writes a checkout's files well under a
    /// millisecond apart, and 5 ms had been a tenth of a save's wait for its page). A burst
    /// lasts at most `limit` seconds from its first event, so a file held open for writing does
    /// not hold the rebuild back for good.
    public func changes(quiet: TimeInterval = 0.05, settle: TimeInterval = 0.002, limit: TimeInterval = 1) -> AsyncStream<[String]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [String].self)
        let thread = Thread { [self] in
            while let burst = nextBurst(quiet: quiet, settle: settle, limit: limit) {
                if !burst.isEmpty { continuation.yield(burst) }
            }
            continuation.finish()
        }
        thread.name = "gazette-watch"
        thread.start()
        continuation.onTermination = { [weak self] _ in self?.stop() }
        return stream
    }

    public func stop() { stopped.withLock { $0 = true } }

    /// Why the stream of changes ended by itself, not by `stop()`: nil while it runs or when it
    /// was stopped.
    public var failure: String? { broken.withLock { $0 } }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// Waits for a relevant change, then until `quiet` seconds pass without another (`settle`
    /// seconds once a file is finished and none is being written; at most `limit` in all), and
    /// returns the paths seen. nil once stopped.
    private func nextBurst(quiet: TimeInterval, settle: TimeInterval, limit: TimeInterval) -> [String]? {
        var changed: Set<String> = []
        var writing: Set<String> = []
        var finished = false
        var deadline = Date.distantFuture
        while !isStopped {
            // Never past the burst's limit: with a long `quiet` and a file held open, waiting
            // for `quiet` would hold the burst (and `stop()`) until the next event.
            let wait = changed.isEmpty ? 0.2 : min(finished && writing.isEmpty ? settle : quiet, deadline.timeIntervalSinceNow)
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, (wait * 1000).rounded())))
            if ready < 0, errno != EINTR {
                return fail("poll: \(String(cString: strerror(errno)))")
            }
            if ready > 0, poller.revents & Int16(POLLNVAL | POLLERR) != 0 {
                return fail("the inotify descriptor is no longer valid")
            }
            if ready > 0 {
                let found: [(path: String, step: Step)]
                switch readEvents() {
                case .success(let events): found = events
                case .failure(let problem): return fail(problem.reason)
                }
                if changed.isEmpty, !found.isEmpty { deadline = Date().addingTimeInterval(limit) }
                for (path, step) in found {
                    changed.insert(path)
                    switch step {
                    case .writing: writing.insert(path)
                    case .finished:
                        writing.remove(path)
                        finished = true
                    case .idle: writing.remove(path)
                    case .other: break
                    }
                }
            }
            if !changed.isEmpty, ready == 0 || Date() >= deadline { return changed.sorted() }
        }
        return nil
    }

    /// Records why watching ends by itself; nil, to end the stream. Without this a descriptor
    /// closed under the watcher made it spin, and serve then missed every save in silence.
    private func fail(_ reason: String) -> [String]? {
        broken.withLock { $0 = reason }
        return nil
    }

    /// What an event says of its file's change (see `changes`).
    enum Step {
        /// Created or modified: more is to come until it is closed.
        case writing
        /// A file a build reads (`isSource`) closed after writing, or moved into place.
        case finished
        /// Deleted or moved away, or another file (an editor's or `Data.write`'s temporary one,
        /// renamed into place next) closed: no longer being written, but no save is finished.
        case idle
        /// Attributes changed, a folder, or events lost.
        case other
    }

    /// Why the descriptor can no longer be read.
    struct ReadFailure: Error {
        let reason: String
    }

    /// Drains the descriptor (which `poll` found ready), adding watches for new folders, and
    /// returns relevant paths, each with what its event says.
    private func readEvents() -> Result<[(path: String, step: Step)], ReadFailure> {
        var found: [(path: String, step: Step)] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var first = true
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EAGAIN || code == EINTR { break }
                return .failure(ReadFailure(reason: "read: \(String(cString: strerror(code)))"))
            }
            // inotify never ends: a ready descriptor that reads nothing is no longer inotify's.
            if count == 0 {
                if first { return .failure(ReadFailure(reason: "the inotify descriptor reads as ended")) }
                break
            }
            first = false
            var offset = 0
            let header = gazette_inotify_event_size
            while offset + header <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset + gazette_inotify_event_wd, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + gazette_inotify_event_mask, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + gazette_inotify_event_len, as: UInt32.self))
                    )
                }
                // The kernel hands out whole events only; anything else is not an event.
                guard offset + header + length <= count else { break }
                let nameBytes = buffer[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += header + length
                if wd == -1, mask & Self.overflow != 0 {
                    found.append(("", .other))  // events were lost: rebuild everything
                    continue
                }
                guard let folder = watches.withLock({ $0[wd] }) else { continue }
                if mask & (Self.deleteSelf | Self.moveSelf) != 0 {
                    watches.withLock { $0[wd] = nil }
                    if !folder.isEmpty { found.append((folder, .other)) }
                    continue
                }
                guard !name.isEmpty else { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                if folder.isEmpty {
                    guard Self.folders.contains(name) || Self.files.contains(name) else { continue }
                } else if Self.isEditorScratch(name) {
                    continue
                }
                if mask & Self.isDirectory != 0, mask & (Self.create | Self.movedTo) != 0 {
                    try? addTree(path)
                }
                let step: Step =
                    if mask & Self.isDirectory != 0 { .other }
                    else if mask & (Self.closeWrite | Self.movedTo) != 0 { Self.isSource(name) ? .finished : .idle }
                    else if mask & (Self.modify | Self.create) != 0 { .writing }
                    else if mask & (Self.delete | Self.movedFrom) != 0 { .idle }
                    else { .other }
                found.append((path, step))
            }
        }
        return .success(found)
    }

    /// The names of the files a save ends with: journals, week files, the config, templates,
    /// styles and scripts, not hidden. A temporary file (`.dat.nosync1a2b`, `a.md.tmp`,
    /// `a.md___jb_tmp___`) does not end a save: it is renamed into place next.
    static func isSource(_ name: String) -> Bool {
        guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        return ["md", "json", "jsonl", "yml", "yaml", "mustache", "html", "css", "js", "svg", "txt"].contains(name[name.index(after: dot)...].lowercased())
    }

    /// Swap files, backups and lock files that editors write beside the real one.
    static func isEditorScratch(_ name: String) -> Bool {
        name.hasPrefix(".#") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || (name.hasPrefix(".") && name.hasSuffix(".tmp")) || name == "4913"
    }

    private func add(_ relative: String) throws {
        let path = relative.isEmpty ? root.path : root.appendingPathComponent(relative).path
        let wd = inotify_add_watch(descriptor, path, Self.mask)
        guard wd >= 0 else {
            let reason = String(cString: strerror(errno))
            if errno == ENOSPC {
                throw WatchError.unavailable(
                    "\(reason) — raise fs.inotify.max_user_watches (sysctl) or watch fewer folders")
            }
            throw WatchError.unavailable("\(path): \(reason)")
        }
        watches.withLock { $0[wd] = relative }
    }

    /// Watches `relative` and every folder below it, if it exists.
    private func addTree(_ relative: String) throws {
        let url = root.appendingPathComponent(relative)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { return }
        try add(relative)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            try addTree(relative + "/" + name)
        }
    }
}

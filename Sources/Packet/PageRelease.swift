import Dispatch
import GazetteModel

/// Lets go of a packet's drawn pages on another thread, after the drawing and without being
/// waited for. A packet's boxes hold thousands of Pango layouts, and freeing them is about 7 %
/// of the drawing's processor time (`perf`, 200 journals): handed over page by page while
/// drawing, it took that time from the two threads drawing; freed after, by a thread no one
/// waits for, it overlaps what the caller does next (joining the runs, writing the file, the
/// next week's packet), and `gazette pdf` ends without spending it. The pages were all in
/// memory when drawing began, so keeping them until it ends raises the peak little (900
/// journals: 631 MB before, 632–635 MB after).
///
/// Freeing a layout only releases its own memory and references (counted atomically) to the
/// fonts and the Pango context it was set with; nothing reads a page's layouts once it is drawn.
enum PageRelease {
    private static let queue = DispatchQueue(label: "gazette.packet.page-release")

    /// Takes the caller's last references to the runs drawn.
    static func release(_ runs: consuming [PageRun]) {
        // The caller's last references, behind a lock so the compiler can check the hand-over.
        let parcel = Locked<[PageRun]?>(runs)
        queue.async { parcel.withLock { $0 = nil } }
    }
}

import Dispatch

/// Lets go of drawn pages on a thread of their own. A packet's boxes hold thousands of Pango
/// layouts, and freeing them took the drawing thread about a twentieth of its time once the
/// last page was drawn; handed over page by page as drawing goes on, they are freed on the other
/// core meanwhile. `wait()` returns once everything handed over is gone.
///
/// Freeing a layout only releases its own memory and references (counted atomically) to the
/// fonts and the Pango context it was set with; drawing never reads a layout of a page already
/// drawn, and the fonts stay alive for as long as any undrawn layout uses them.
final class PageRelease {
    private let queue = DispatchQueue(label: "gazette.packet.page-release")
    private let group = DispatchGroup()

    /// Takes the caller's last references to a drawn page's placements.
    func release(_ placements: consuming [Placement]) {
        let parcel = Parcel(placements)
        queue.async(group: group) { parcel.drop() }
    }

    /// Waits until every page handed over has been freed.
    func wait() { group.wait() }
}

/// A drawn page on its way to the releasing thread.
///
/// `@unchecked Sendable` is sound here, and cannot be proved by the compiler: the drawing thread
/// hands over its last references and never touches the placements again, and the releasing
/// thread only drops them.
private final class Parcel: @unchecked Sendable {
    private var placements: [Placement]?

    init(_ placements: consuming [Placement]) { self.placements = placements }

    func drop() { placements = nil }
}

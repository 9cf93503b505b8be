import CLibXML2
import Glibc
import Markup
import Synchronization
import Testing

/// Strings libxml2 hands to Markup must go back through `xmlFree`, never `free()`.
///
/// In Debian's libxml2 `xmlFree` *is* `free`, so a wrapper calling `free()` would work and no
/// direct test could tell. This one installs counting allocators with `xmlMemSetup` (what a
/// program embedding libxml2 may do) and reads a document whose every attribute value and text
/// begins with a marker: libxml2 copies those out for Markup, and each copy released through
/// `xmlFree` reaches the counting hook, still beginning with the marker. A copy released with
/// `free()` bypasses the hook, and the count comes up short. The hook recognises only blocks
/// starting with the marker, so other tests parsing at the same time do not disturb the count.
@Suite(.serialized) struct LibXMLFreeTests {
    @Test func everyStringMarkupReadsIsReleasedThroughXMLFree() throws {
        let html = #"<p title="gz-free-probe title"><a href="gz-free-probe href">gz-free-probe link</a></p>"#
        let document = try #require(MarkupDocument.html(html))
        var freed = try countingMarkerFrees {
            // Elements: <html>, <body>, <p>, <a>; each text holds the marker (the document has no
            // other text), and two attributes. 4 texts + 2 attributes.
            _ = document.allElements
        }
        #expect(freed == 6)
        freed = try countingMarkerFrees {
            // The tree: 4 elements' texts and 2 attributes again.
            _ = document.root
        }
        #expect(freed == 6)
        freed = try countingMarkerFrees {
            // Without text: only the 2 attribute values are copied out.
            _ = document.allElementsWithoutText
        }
        #expect(freed == 2)
        // The sanitiser reads the refused href twice (to check it, then to report it) and the
        // dropped onclick once. Parsing and freeing the same page release marker strings of
        // their own, so those are counted alone first and taken away.
        let dirty = #"<p><a href="gz-free-probe:x" onclick="gz-free-probe()">x</a></p>"#
        let page = #"<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>"# + dirty + "</body></html>"
        let parsing = try countingMarkerFrees { _ = MarkupDocument.html(page) }
        let sanitizing = try countingMarkerFrees {
            #expect(HTMLSanitizer.removals(dirty, allowURL: { _ in nil }).count == 2)
        }
        #expect(sanitizing - parsing == 3)
    }

    /// Runs `body` with libxml2's allocators replaced by counting ones, and returns how many
    /// blocks beginning with the marker went through libxml2's deallocator meanwhile.
    private func countingMarkerFrees(_ body: () -> Void) throws -> Int {
        var oldFree: xmlFreeFunc?
        var oldMalloc: xmlMallocFunc?
        var oldRealloc: xmlReallocFunc?
        var oldStrdup: xmlStrdupFunc?
        try #require(xmlMemGet(&oldFree, &oldMalloc, &oldRealloc, &oldStrdup) == 0)
        markerFrees.store(0, ordering: .sequentiallyConsistent)
        // The hooks only count, then hand every call on to the C library, so memory allocated
        // before or after them is still released correctly.
        try #require(
            xmlMemSetup(
                { pointer in
                    if let pointer, usableSize(pointer) >= marker.count,
                        memcmp(pointer, marker, marker.count) == 0
                    {
                        markerFrees.add(1, ordering: .sequentiallyConsistent)
                    }
                    free(pointer)
                },
                { size in malloc(size) }, { pointer, size in realloc(pointer, size) }, { text in text.flatMap { strdup($0) } }) == 0)
        body()
        try #require(xmlMemSetup(oldFree, oldMalloc, oldRealloc, oldStrdup) == 0)
        return markerFrees.load(ordering: .sequentiallyConsistent)
    }
}

/// glibc's size of a heap block (`<malloc.h>`, which the Glibc module leaves out): the hook reads
/// a block's first bytes only when it has that many.
@_silgen_name("malloc_usable_size") private func usableSize(_ pointer: UnsafeMutableRawPointer?) -> Int

private let marker: [UInt8] = Array("gz-free-probe".utf8)
private let markerFrees = Atomic<Int>(0)

#if os(Linux)
    import CMalloc
#endif

/// Hands the pages malloc holds free back to the system (`malloc_trim`), after a step that let
/// go of much more than it keeps. glibc returns only the top of its heap by itself; what a
/// step frees between allocations that live on stays counted as resident, and so in the
/// build's peak. A no-op where there is no glibc.
public enum FreeMemory {
    public static func release() {
        #if os(Linux)
            _ = malloc_trim(0)
        #endif
    }
}

#if os(Linux)
    import CMalloc
#endif

/// Hands the pages malloc holds free back to the system (`malloc_trim`), after a step that let
/// go of much more than it keeps. glibc returns only the top of its heap by itself; what a
/// step frees between allocations that live on stays counted as resident, and so in the
/// build's peak. A no-op where there is no glibc.
public enum FreeMemory {
    /// Trims only a process holding more than `threshold` bytes: the walk over every free
    /// chunk cost `gazette serve` 40 ms a save at 2,000 journals (two calls), for nothing a
    /// small build needs. At 100,000 journals one call after the index gave back 110 MB.
    public static func release(above threshold: Int = 768 << 20) {
        #if os(Linux)
            guard StepClock.memory().resident > threshold else { return }
            _ = malloc_trim(0)
        #endif
    }
}

/// Collects the diagnostics of one load, in the order they are found. Made once by whoever
/// starts reading a file and handed to what reads its parts, which report into it, instead of an
/// `inout [Diagnostic]` threaded through every call.
///
/// Not `Sendable`: a collector belongs to one file's reading, on one thread; files read in
/// parallel each have their own.
public final class DiagnosticCollector {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public func report(_ diagnostic: Diagnostic) { all.append(diagnostic) }

    public func report(contentsOf diagnostics: [Diagnostic]) { all += diagnostics }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
}

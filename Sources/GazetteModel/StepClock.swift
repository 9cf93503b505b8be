import Foundation

/// Times the named steps of a run, for `-v` (`gazette build`, `gazette pdf`): each step's name,
/// the seconds its work took, and the processor time the process spent meanwhile (all threads),
/// in the order they ran. A step whose processor time is below twice its seconds left a core
/// idle on a two-core machine.
public struct StepClock: Sendable {
    public struct Step: Sendable {
        public var name: String
        /// Wall-clock seconds.
        public var seconds: Double
        /// Processor seconds (user and system, every thread of the process).
        public var cpu: Double

        /// `   1.942 s  cpu  3.100 s  load, validate, link and group`, as `-v` prints it.
        public var line: String {
            "  \(String(format: "%6.3f", seconds)) s  cpu \(String(format: "%6.3f", cpu)) s  \(name)"
        }
    }

    public private(set) var steps: [Step] = []

    public init() {}

    /// Runs `work` as the step `name` and records how long it took.
    public mutating func step<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        let started = Date()
        let cpu = Self.processorSeconds()
        let result = try work()
        steps.append(Step(name: name, seconds: Date().timeIntervalSince(started), cpu: Self.processorSeconds() - cpu))
        return result
    }

    #if os(Linux)
        private static let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
        private static let RUSAGE_SELF_WHO = RUSAGE_SELF
    #endif

    /// User and system time of the whole process so far.
    static func processorSeconds() -> Double {
        var usage = rusage()
        guard getrusage(Self.RUSAGE_SELF_WHO, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

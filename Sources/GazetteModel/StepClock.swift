import Foundation

/// Times the named steps of a run, for `-v` (`gazette build`, `gazette pdf`): each step's name,
/// the seconds its work took, the processor time the process spent meanwhile (all threads),
/// and the memory it held, in the order they ran. A step whose processor time is below twice its seconds left a core
/// idle on a two-core machine.
public struct StepClock: Sendable {
    public struct Step: Sendable {
        public var name: String
        /// Wall-clock seconds.
        public var seconds: Double
        /// Processor seconds (user and system, every thread of the process).
        public var cpu: Double
        /// Bytes of memory resident when the step ended, and the most resident at any time so far.
        public var resident = 0
        public var peak = 0

        /// `   1.942 s  cpu  3.100 s   212 MB (peak  340 MB)  load, validate, link and group`,
        /// as `-v` prints it.
        public var line: String {
            let megabytes = { (bytes: Int) in String(format: "%5d", bytes / 1_000_000) }
            return "  \(String(format: "%6.3f", seconds)) s  cpu \(String(format: "%6.3f", cpu)) s  \(megabytes(resident)) MB (peak \(megabytes(peak)) MB)  \(name)"
        }
    }

    public private(set) var steps: [Step] = []

    public init() {}

    /// Runs `work` as the step `name` and records how long it took.
    public mutating func step<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        let started = Date()
        let cpu = Self.processorSeconds()
        let result = try work()
        let memory = Self.memory()
        steps.append(
            Step(name: name, seconds: Date().timeIntervalSince(started), cpu: Self.processorSeconds() - cpu, resident: memory.resident, peak: memory.peak))
        return result
    }

    #if os(Linux)
        private static let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
        private static let RUSAGE_SELF_WHO = RUSAGE_SELF
    #endif

    /// The process's resident memory now (`/proc/self/statm`, where there is one) and the most
    /// it has held (`ru_maxrss`), in bytes.
    static func memory() -> (resident: Int, peak: Int) {
        var usage = rusage()
        let peak = getrusage(Self.RUSAGE_SELF_WHO, &usage) == 0 ? Int(usage.ru_maxrss) * 1024 : 0
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return (0, peak) }
        return (pages * Int(sysconf(Int32(_SC_PAGESIZE))), peak)
    }

    /// User and system time of the whole process so far.
    static func processorSeconds() -> Double {
        var usage = rusage()
        guard getrusage(Self.RUSAGE_SELF_WHO, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

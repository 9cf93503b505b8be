import Foundation

/// Times the named steps of a run, for `-v` (`gazette build`, `gazette pdf`): each step's name
/// and the seconds its work took, in the order they ran.
public struct StepClock: Sendable {
    public private(set) var steps: [(name: String, seconds: Double)] = []

    public init() {}

    /// Runs `work` as the step `name` and records how long it took.
    public mutating func step<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        let started = Date()
        let result = try work()
        steps.append((name, Date().timeIntervalSince(started)))
        return result
    }
}

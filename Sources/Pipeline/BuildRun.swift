import Foundation
import GazetteModel
import Output

/// What a build carries from step to step besides the steps' own values: what it was asked,
/// where its files go and how (its writer, which knows what is in place and what the build
/// remembers), and its clock.
struct BuildRun {
    let options: BuildOptions
    let output: OutputFolder
    let writer: any OutputWriter
    var clock: StepClock

    /// What the build takes from earlier builds.
    var memory: BuildMemory { writer.memory }
    /// What is already in place under the same key need not be made again: the ledger of
    /// earlier builds (`gazette build`) or the keys last written (`gazette serve`).
    var placement: FilesInPlace { writer.placement }
}

/// Values a build leaves to the process's exit instead of freeing them (`BuildOptions.endsProcess`).
enum ProcessLifetime {
    /// Keeps `values` (and all they hold) until the process ends: a reference retained once and
    /// never released.
    static func keep(_ values: Any...) { _ = Unmanaged.passRetained(Holder(values)) }

    private final class Holder {
        let values: [Any]
        init(_ values: [Any]) { self.values = values }
    }
}

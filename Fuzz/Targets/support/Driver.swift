import CFuzzDriver
import Foundation

/// Runs libFuzzer on `test` (a target's LLVMFuzzerTestOneInput) with the process's arguments,
/// and exits with libFuzzer's status.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension FileHandle {
    /// Every byte until the end of the file or pipe, read with `read(2)` and read again when a
    /// signal interrupts it. Foundation's `readDataToEndOfFile()` stops the process on EINTR
    /// (a `try!` inside it): the LSP fuzz target found it, with libFuzzer's timer signal, when
    /// reading git's output for journal dates.
    public func readToEndRetrying() -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}

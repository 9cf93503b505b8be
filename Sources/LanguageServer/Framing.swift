import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// JSON-RPC over a byte stream as the Language Server Protocol frames it: a header
/// (`Content-Length: N`, other fields ignored) and a blank line, then N bytes of JSON. Kept apart
/// from the language features: the framing neither knows nor decodes what it carries.
public struct FrameReader {
    private let read: (inout [UInt8]) -> Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Frames larger than this are refused (the stream cannot be trusted past one).
    public static let maxFrame = 64 << 20

    /// Reads from file descriptor `fd`.
    public init(fd: Int32) {
        read = { chunk in
            chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        }
    }

    /// Reads from bytes held in memory (tests and the fuzz target).
    public init(bytes: [UInt8]) {
        var remaining = bytes[...]
        read = { chunk in
            let count = min(chunk.count, remaining.count)
            chunk.replaceSubrange(0..<count, with: remaining.prefix(count))
            remaining = remaining.dropFirst(count)
            return count
        }
    }

    public enum Frame: Equatable {
        /// A frame's body.
        case message([UInt8])
        /// A header without a usable Content-Length: skipped, the stream read on.
        case malformed(String)
    }

    /// The next frame, or nil at the end of the stream.
    public mutating func next() -> Frame? {
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 4
                var length: Int?
                for line in header.split(separator: "\r\n") {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                        length = Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }
                }
                guard let length, length >= 0, length <= Self.maxFrame else {
                    return .malformed("a frame's header has no valid Content-Length: \(header.prefix(80))")
                }
                while buffer.count - start < length {
                    guard fill() else { return nil }
                }
                let body = Array(buffer[start..<start + length])
                start += length
                compact()
                return .message(body)
            }
            if buffer.count - start > Self.maxFrame {
                buffer = []
                start = 0
                return .malformed("a frame's header never ends")
            }
            guard fill() else { return nil }
        }
    }

    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var count = read(&chunk)
        while count < 0 && errno == EINTR { count = read(&chunk) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private mutating func compact() {
        if start > 1 << 20 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

/// Writes frames: the header and the JSON body in one write each, so frames never interleave.
public struct FrameWriter {
    private let write: ([UInt8]) -> Void

    public init(fd: Int32) {
        write = { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if written < 0 { if errno == EINTR { continue } else { return } }
                offset += written
            }
        }
    }

    public init(collect: @escaping ([UInt8]) -> Void) { write = collect }

    public func send(_ body: [UInt8]) {
        write(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }
}

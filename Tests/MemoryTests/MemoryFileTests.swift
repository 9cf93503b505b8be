import Foundation
import GazetteModel
import Memory
import Testing

/// The one format of what builds keep between runs: values come back as written, a file made
/// as it goes is the same bytes as one made whole, and anything but a whole, undamaged file of
/// the kind, version and stamp asked for reads as nothing.
@Suite struct MemoryFileTests {
    static let kind = MemoryFile.Kind("test", version: 2)
    static let numbers = [0, 1, -1, 63, 64, -64, -65, 127, 128, 300, Int(Int32.max), Int.max, Int.min]
    static let texts = ["", "a", "경제 🎉", String(repeating: "긴 글 ", count: 5_000), "\u{0}\t\n\\"]

    static func write(_ writer: MemoryFile.Writer) {
        for number in numbers { writer.integer(number) }
        for number: UInt64 in [0, 127, 128, 16_383, 16_384, .max] { writer.unsigned(number) }
        for text in texts { writer.string(text) }
        writer.optionalString(nil)
        writer.optionalString("있음")
        writer.flag(true)
        writer.flag(false)
        writer.fingerprint(Fingerprint(high: .max, low: 1))
    }

    static func read(_ reader: inout MemoryFile.Reader) -> Bool? {
        for number in numbers { guard reader.integer() == number else { return nil } }
        for number: UInt64 in [0, 127, 128, 16_383, 16_384, .max] { guard reader.unsigned() == number else { return nil } }
        for text in texts { guard reader.string() == text else { return nil } }
        guard reader.optionalString() == .some(nil), reader.optionalString() == .some("있음") else { return nil }
        guard reader.flag() == true, reader.flag() == false, reader.fingerprint() == Fingerprint(high: .max, low: 1) else { return nil }
        return true
    }

    @Test func valuesComeBackAsWritten() throws {
        let data = MemoryFile.encode(Self.kind, stamp: "exe-1", Self.write)
        #expect(MemoryFile.decode(data, Self.kind, stamp: "exe-1", Self.read) == true)
        #expect(MemoryFile.header(of: data).map { [$0.kind.name, "\($0.kind.version)", $0.stamp] } == ["test", "2", "exe-1"])
        // Same values, same bytes.
        #expect(MemoryFile.encode(Self.kind, stamp: "exe-1", Self.write) == data)
    }

    @Test func aFileWrittenAsItGoesIsTheSameBytesAndLeavesNothingBeside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazette-memory-\(UUID().uuidString)/cache")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let file = folder.appendingPathComponent("test.bin")
        // Enough to pass the writer's megabyte several times.
        let body: (MemoryFile.Writer) throws -> Void = { writer in
            for _ in 0..<60 {
                Self.write(writer)
                try writer.flushIfLarge()
            }
        }
        try MemoryFile.write(Self.kind, stamp: "s", to: file, body)
        #expect(try Data(contentsOf: file) == (try MemoryFile.encode(Self.kind, stamp: "s", body)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["test.bin"])
        let read = MemoryFile.read(file, Self.kind, stamp: "s") { reader -> Int? in
            for round in 0..<60 { guard Self.read(&reader) == true else { return round } }
            return 60
        }
        #expect(read == 60)
    }

    @Test func anythingButAWholeFileOfTheKindReadsAsNothing() throws {
        let data = MemoryFile.encode(Self.kind, stamp: "exe-1", Self.write)
        #expect(MemoryFile.decode(data, Self.kind, stamp: "exe-2", Self.read) == nil)
        #expect(MemoryFile.decode(data, MemoryFile.Kind("test", version: 3), stamp: "exe-1", Self.read) == nil)
        #expect(MemoryFile.decode(data, MemoryFile.Kind("other", version: 2), stamp: "exe-1", Self.read) == nil)
        for length in stride(from: 0, to: data.count, by: max(1, data.count / 97)) {
            #expect(MemoryFile.decode(data.prefix(length), Self.kind, stamp: "exe-1", Self.read) == nil, "\(length) bytes")
        }
        #expect(MemoryFile.decode(data + Data([0]), Self.kind, stamp: "exe-1", Self.read) == nil)
        // One bit flipped anywhere: the checksum refuses it, whatever the reader would make of it.
        for offset in stride(from: 0, to: data.count, by: max(1, data.count / 53)) {
            var flipped = data
            flipped[offset] ^= 0x10
            #expect(MemoryFile.decode(flipped, Self.kind, stamp: "exe-1") { _ in true } == nil, "bit flipped at \(offset)")
        }
        // A reader that stops short of the end is a file of another layout.
        #expect(MemoryFile.decode(data, Self.kind, stamp: "exe-1") { reader in reader.integer() } == nil)
        #expect(MemoryFile.read(URL(fileURLWithPath: "/nonexistent/memory.bin"), Self.kind) { _ in true } == nil)
    }
}

import Foundation
import Pipeline

/// A build into a folder updated in place, as `gazette serve` runs one (`OutputSink.inPlace`),
/// followed at once by what serve makes only later: the search index and page, and (with
/// `packets`) every week's packet, each written and recorded in `memory` as serve records them.
/// The folder then holds what a build of its own writes.
public func buildAsServe(_ options: BuildOptions, memory: BuildMemory, packets: Bool = true) throws -> BuildReport {
    var report = try SiteBuilder.build(options)
    report.changed += try report.deferredSearch?.write() ?? []
    for packet in packets ? report.deferredFiles : [] where !packet.isPreview && memory.written.key(of: packet.path) != packet.key {
        let file = options.output.appendingPathComponent(packet.path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try packet.make().write(to: file, options: .atomic)
        memory.written.record(packet.path, key: packet.key)
        report.changed.append(packet.path)
    }
    report.changed = Set(report.changed).sorted()
    let made = report.changed.filter { FileManager.default.fileExists(atPath: options.output.appendingPathComponent($0).path) }
    report.files = Set(report.files).union(made).sorted()
    return report
}

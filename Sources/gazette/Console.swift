import ArgumentParser
import Foundation
import GazetteModel
import Pipeline

/// Terminal presentation: diagnostics to standard error with colour only on a terminal and
/// never when NO_COLOR is set; results to standard output.
struct Console {
    let quiet: Bool
    let colour: Bool

    init(quiet: Bool) {
        self.quiet = quiet
        colour = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }

    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where !(quiet && diagnostic.severity == .warning) {
            var text = diagnostic.rendered
            if colour {
                let code = diagnostic.severity == .error ? "31" : "33"
                text = text.replacingOccurrences(
                    of: "\(diagnostic.severity.rawValue):", with: "\u{1B}[1;\(code)m\(diagnostic.severity.rawValue):\u{1B}[0m",
                    options: [], range: text.range(of: "\(diagnostic.severity.rawValue):"))
            }
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    func say(_ line: String) {
        guard !quiet else { return }
        summary(line)
    }

    /// Prints and flushes, so a pipe or log file sees each line as it happens (`serve` runs for hours).
    func summary(_ line: String) {
        print(line)
        fflush(nil)
    }
}

extension Console {
    /// Runs a command's work. Diagnostics it throws (`DiagnosticsError`, or a module's own error
    /// type, which is one diagnostic) are reported, then the line `failure` makes of them if
    /// given, and the command exits with status 1; other errors pass through.
    func exitOnDiagnostics<T>(failure: (([Diagnostic]) -> String)? = nil, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as DiagnosticsError {
            throw exit(reporting: error.diagnostics, failure: failure)
        } catch let error as any DiagnosticConvertible {
            throw exit(reporting: [error.diagnostic], failure: failure)
        }
    }

    /// `exitOnDiagnostics` for async work (`serve`).
    func exitOnDiagnostics<T>(failure: (([Diagnostic]) -> String)? = nil, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as DiagnosticsError {
            throw exit(reporting: error.diagnostics, failure: failure)
        } catch let error as any DiagnosticConvertible {
            throw exit(reporting: [error.diagnostic], failure: failure)
        }
    }

    private func exit(reporting diagnostics: [Diagnostic], failure: (([Diagnostic]) -> String)?) -> ExitCode {
        report(diagnostics)
        if let failure { summary(failure(diagnostics)) }
        return ExitCode(1)
    }
}

/// A path given on the command line, read against the folder the command was started in.
func commandLineURL(_ path: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
}

/// The line a build prints about the journals it did not publish, or nil when there are none:
/// "Left out: 2 drafts (--drafts includes them), 1 journal dated ahead, the first due 2027-03-01
/// (--future includes it)."
enum LeftOutLine {
    static func text(_ leftOut: LeftOutCounts, timeZone: TimeZone?) -> String? {
        var parts: [String] = []
        if leftOut.drafts > 0 { parts.append("\(count(leftOut.drafts, "draft")) (--drafts includes \(leftOut.drafts == 1 ? "it" : "them"))") }
        if leftOut.future > 0 {
            let due = leftOut.nextDate.map { ", the first due \(ISO8601.format($0, in: timeZone ?? .current).prefix(10))" } ?? ""
            parts.append("\(count(leftOut.future, "journal")) dated ahead\(due) (--future includes \(leftOut.future == 1 ? "it" : "them"))")
        }
        return parts.isEmpty ? nil : "Left out: \(parts.joined(separator: ", "))."
    }
}

/// `1 journal`, `3 journals`.
func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

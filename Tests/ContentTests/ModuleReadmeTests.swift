import Foundation
import Testing
import TestSupport

/// Each module's README says what it may import, and that line cannot drift from the code: every
/// module a source file imports is named there, every dependency Package.swift gives the target
/// is named there, and every Gazette module it names (in its first sentence, in backticks) is one
/// Package.swift gives it.
@Suite struct ModuleReadmeTests {
    static let root = Repository.root

    /// The system modules a source may import without a README naming them: the standard
    /// library's own.
    static let standard: Set<String> = ["Swift", "_Concurrency"]

    /// Each target's dependencies as Package.swift writes them: target names and product names.
    static func packageDependencies() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var result: [String: Set<String>] = [:]
        let declaration = try Regex(#"\.(?:target|executableTarget|testTarget|systemLibrary|plugin)\(\s*name:\s*"([^"]+)""#)
        let quoted = try Regex(#""([^"]+)""#)
        let product = try Regex(#"\.product\(name:\s*"([^"]+)""#)
        for match in text.matches(of: declaration) {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            // The declaration runs to the next one; its dependencies are the `[…]` after `dependencies:`.
            let rest = text[match.range.upperBound...]
            let end = rest.firstMatch(of: declaration)?.range.lowerBound ?? rest.endIndex
            let body = rest[..<end]
            var names: Set<String> = []
            if let start = body.range(of: "dependencies:") {
                var depth = 0
                var close = body.endIndex
                for index in body[start.upperBound...].indices {
                    if body[index] == "[" { depth += 1 }
                    if body[index] == "]" {
                        depth -= 1
                        if depth == 0 {
                            close = index
                            break
                        }
                    }
                }
                let list = String(body[start.upperBound..<close])
                for found in list.matches(of: product) { if let value = found.output[1].substring { names.insert(String(value)) } }
                let withoutProducts = list.replacing(try Regex(#"\.product\([^)]*\)"#), with: "")
                for found in withoutProducts.matches(of: quoted) { if let value = found.output[1].substring { names.insert(String(value)) } }
            }
            result[name] = names
        }
        return result
    }

    /// The README's "May import" paragraph, and its first sentence.
    static func mayImport(_ readme: String) -> (paragraph: String, firstSentence: String)? {
        guard let start = readme.range(of: "**May import:**") else { return nil }
        let paragraph = String(readme[start.upperBound...]).components(separatedBy: "\n\n")[0]
        let firstSentence = paragraph.replacingOccurrences(of: ".\n", with: ". ").components(separatedBy: ". ")[0]
        return (paragraph, firstSentence)
    }

    @Test func mayImportLinesMatchTheImportsAndPackageSwift() throws {
        let dependencies = try Self.packageDependencies()
        let sources = Self.root.appendingPathComponent("Sources")
        let importLine = try Regex(#"(?m)^\s*(?:@preconcurrency\s+|@_implementationOnly\s+|internal\s+|public\s+)*import\s+(\w+)"#)
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        var checked = 0
        for folder in targets {
            let readmeURL = sources.appendingPathComponent(folder).appendingPathComponent("README.md")
            guard let readme = try? String(contentsOf: readmeURL, encoding: .utf8) else { continue }
            let name = folder == "GazetteBench" ? "gazette-bench" : folder
            let declared = try #require(dependencies[name], "Sources/\(folder) has a README but no target in Package.swift")
            let may = try #require(Self.mayImport(readme), "Sources/\(folder)/README.md has no **May import:** line")
            let words = Set(may.paragraph.matches(of: try Regex(#"[A-Za-z_][A-Za-z0-9_]*"#)).map { String(may.paragraph[$0.range]) })
            for dependency in declared {
                #expect(words.contains(dependency), "Sources/\(folder)/README.md: Package.swift gives \(folder) \(dependency), its May import line does not name it")
            }
            let named = Set(may.firstSentence.matches(of: try Regex("`([A-Za-z]+)`")).compactMap { $0.output[1].substring.map(String.init) })
            for module in named where dependencies[module] != nil && module != name {
                #expect(declared.contains(module), "Sources/\(folder)/README.md may import \(module), which Package.swift does not give \(folder)")
            }
            let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(folder).path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: sources.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: importLine) {
                    guard let module = match.output[1].substring.map(String.init), !Self.standard.contains(module) else { continue }
                    #expect(words.contains(module), "Sources/\(folder)/\(file) imports \(module), which its README's May import line does not name")
                }
            }
            checked += 1
        }
        #expect(checked >= 20, "\(checked) modules checked")
    }
}

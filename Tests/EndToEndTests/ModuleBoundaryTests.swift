import Foundation
import Testing
import TestSupport

/// Each module's README says what it may import; Package.swift says what it depends on; its
/// sources say what they import. The three must name the same Gazette modules (and the README
/// every package product and system module the other two name), so a README
/// cannot drift from the code it describes (as two did: `GazetteModel` imported `CMalloc`
/// unsaid, and `Site`'s README left out `CZlib`).
@Suite struct ModuleBoundaryTests {
    /// Every target of Package.swift with the Gazette targets it depends on.
    static func packageTargets() throws -> [String: Set<String>] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Set<String>] = [:]
        // `.target(` / `.executableTarget(` / `.systemLibrary(` … up to the next target.
        let starts = text.ranges(of: /\.(target|executableTarget|systemLibrary|testTarget|plugin)\(/)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].lowerBound : text.endIndex
            let block = text[start.lowerBound..<end]
            // Tests and their support, and plugins, have no README of their own.
            guard !block.hasPrefix(".testTarget"), !block.hasPrefix(".plugin"), !block.contains("path: \"Tests/"),
                  let name = block.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
            var dependencies: Set<String> = []
            if let list = block.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                // Plain strings are targets (or products named alone); `.product(name:…)` are packages'.
                for match in list.matches(of: /\.product\(name: "([^"]+)"/) { dependencies.insert(String(match.1)) }
                let withoutProducts = list.replacing(/\.product\([^)]*\)/, with: "")
                for match in withoutProducts.matches(of: /"([^"]+)"/) { dependencies.insert(String(match.1)) }
            }
            targets[String(name)] = dependencies
        }
        return targets
    }

    /// The module's source folder (`gazette-bench` lives in `GazetteBench`).
    static func folder(of target: String) -> URL {
        Repository.root.appendingPathComponent("Sources/\(target == "gazette-bench" ? "GazetteBench" : target)")
    }

    @Test func readmesPackageAndImportsNameTheSameModules() throws {
        let targets = try Self.packageTargets()
        let names = Set(targets.keys)
        #expect(names.isSuperset(of: ["GazetteModel", "Site", "Output", "Pipeline", "Serve", "Publish"]), "\(names.sorted())")
        for (target, all) in targets.sorted(by: { $0.key < $1.key }) {
            // Packages' products named by a plain string (Yams) are not Gazette modules.
            let dependencies = all.intersection(names)
            let folder = Self.folder(of: target)
            let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
            // The "May import" paragraph: up to the first blank line.
            let paragraph = try #require(readme.firstMatch(of: /\*\*May import:\*\*((?:.|\n(?!\n))*)/)?.1, "\(target): no May import line")
            let said = Set(paragraph.matches(of: /`([A-Za-z0-9-]+)`/).map { String($0.1) }).intersection(names)
            #expect(said == dependencies, "\(target): README says \(said.sorted()), Package.swift has \(dependencies.sorted())")
            // The sources import exactly the Gazette modules the package lets them.
            var imported: Set<String> = []
            for case let file as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
            where ["swift", "c", "cpp", "h"].contains(file.pathExtension) {
                let source = try String(contentsOf: file, encoding: .utf8)
                for match in source.matches(of: /(?m)^\s*(?:@\w+(?:\(\w+\))?\s+)?(?:internal |public |private )?import (\w+)/) {
                    imported.insert(String(match.1))
                }
            }
            let importedModules = imported.intersection(names)
            #expect(importedModules == dependencies, "\(target): sources import \(importedModules.sorted()), Package.swift has \(dependencies.sorted())")
            // Packages' products and system modules are named too, backticks or not.
            let words = Set(paragraph.matches(of: /[A-Za-z_][A-Za-z0-9_]*/).map { String($0.0) })
            for product in all.subtracting(names) {
                #expect(words.contains(product), "\(target): Package.swift gives it \(product), its README's May import line does not name it")
            }
            for module in imported.subtracting(names).subtracting(["Swift", "_Concurrency"]) {
                #expect(words.contains(module), "\(target): its sources import \(module), its README's May import line does not name it")
            }
        }
    }

    /// Sharing across threads is checked by the compiler everywhere but in a few places, each of
    /// which says on the lines above why it is sound (a lock, `Locked`, or a value `Sendable` by
    /// construction is preferred). A ratchet: the bound only goes down (issue 51 asked for 3).
    @Test func fewUncheckedSendablesAndEachSaysWhy() throws {
        var found: [String] = []
        let sources = Repository.root.appendingPathComponent("Sources")
        for case let file as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) ?? .init()
        where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.contains(": @unchecked Sendable") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                found.append("\(file.lastPathComponent):\(index + 1)")
                let above = lines[max(0, index - 8)..<index].joined(separator: "\n")
                #expect(above.contains("sound") || above.contains("one thread at a time"), "\(file.lastPathComponent):\(index + 1) does not say why it is safe")
            }
        }
        #expect(found.count <= 3, "\(found)")
        #expect(!found.isEmpty, "the search found nothing: check the pattern")
    }
}

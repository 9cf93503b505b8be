// swift-tools-version:6.1
// Gazette's fuzz targets: one libFuzzer executable per parser, built with AddressSanitizer and
// coverage instrumentation by `make fuzz` (see the Makefile for the flags). A package of its
// own, so the root package's `swift build` and `swift test` never see them; it uses the root
// package's GazetteCore product by path.
import Foundation
import PackageDescription

// A path dependency is named after its folder (the checkout's name), not after the manifest.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
let rootIdentity = root.lastPathComponent

/// Fuzz target name → folder under Targets/.
let targets = [
    "journal", "config", "markdown", "packet", "feed", "naver", "newsapi", "mediastack", "page-metadata",
    "canonical-url", "safe-url", "text-layout", "templates", "store", "lsp", "writing",
]

let package = Package(
    name: "GazetteFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: root.path)],
    targets: [
        // libFuzzer's driver entry, declared for Swift (see its header for why).
        .target(name: "CFuzzDriver", path: "Targets/driver"),
        // The driver call every target's @main makes, and the checks of the sources' records.
        .target(
            name: "FuzzSupport", dependencies: ["CFuzzDriver", .product(name: "GazetteCore", package: rootIdentity)],
            path: "Targets/support"),
    ]
        + targets.map { name in
            .executableTarget(
                name: "fuzz-\(name)",
                dependencies: ["FuzzSupport", .product(name: "GazetteCore", package: rootIdentity)],
                path: "Targets/\(name)",
                // @main starts libFuzzer's driver (FuzzSupport.runFuzzer) on LLVMFuzzerTestOneInput.
                swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        }
)

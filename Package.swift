// swift-tools-version:6.1
// Gazette: a news study digest, built as a static site and PDF packets.
// Modules follow the pipeline (see README "Architecture"): Model ← Content ← Site ← gazette.
import PackageDescription

let package = Package(
    name: "Gazette",
    // Linux only, so no `platforms:` line: the watcher behind `serve` is inotify, and the C
    // libraries (cmark-gfm, libxml2, Pango/cairo, HarfBuzz, libvips) are found with pkg-config from
    // Debian's -dev packages. macOS was never built or tested.
    products: [
        .executable(name: "gazette", targets: ["gazette"]),
        // The parsing and typesetting modules, for the fuzz targets of Fuzz/ (a package of its
        // own that depends on this one by path; a package can use only another's products).
        .library(
            name: "GazetteCore",
            targets: [
                "GazetteModel", "Markup", "Markdown", "TextLayout", "Typesetting", "Templating", "Content", "Ingest", "Packet",
                "LanguageServer",
            ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Test-only: the reference Templating is checked against (TemplatingTests).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // Only for `gazette serve`; no traits, so swift-configuration is not built.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
    ],
    targets: [
        // C libraries, each behind a module map only; each is wrapped once by one Swift target.
        .systemLibrary(
            name: "CCMarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // Pango and cairo are opened on first use (dlopen), not linked: pkg-config's `pangocairo`
        // would link them, so the module takes GLib's and HarfBuzz's flags (linked anyway) and
        // every Swift module names Pango's and cairo's header folders (`pangoCairoHeaders`).
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "gobject-2.0 harfbuzz",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CHarfBuzzSubset", pkgConfig: "harfbuzz-subset",
            providers: [.apt(["libharfbuzz-dev"])]),
        // Google's WOFF2 encoder and decoder (Debian libwoff-dev, a C++ library, with Brotli)
        // behind a tiny C shim, so Swift needs no C++ interop; TextLayout's `WOFF2` wraps it.
        .target(
            name: "CWOFF2",
            linkerSettings: [.linkedLibrary("woff2enc"), .linkedLibrary("woff2dec"), .linkedLibrary("brotlienc"), .linkedLibrary("brotlidec"), .linkedLibrary("stdc++")]),
        .systemLibrary(
            name: "CVips", pkgConfig: "gobject-2.0",
            providers: [.apt(["libvips-dev"])]),
        // Whole-buffer gzip and zlib streams: for buffers held whole, as all of Gazette's are,
        // libdeflate compresses in half of zlib's time, to smaller files (issue 32's note).
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // libcurl's headers; the library is opened on first use (dlopen), not linked.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // inotify's constants and event layout from <sys/inotify.h>, for Serve's watcher.
        .target(name: "CInotify"),
        // cmark-gfm's table of special characters made constant, so Markdown parses on every
        // core: the executable exports its definition, which the library then calls instead of
        // its own (Markdown.CMarkThreads checks that it does, else parses take turns).
        .target(
            name: "CCMarkGFMShared",
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=cmark_manage_extensions_special_characters"])]),
        // glibc's malloc_trim (<malloc.h>), for GazetteModel.FreeMemory.
        .systemLibrary(name: "CMalloc"),

        // Pure domain types: articles, journals, weeks, tags, configuration, diagnostics.
        .target(name: "GazetteModel", dependencies: ["CMalloc", "CDeflate"]),
        // What builds remember, in one place: memos of values by the inputs they were made
        // from, with one rule for forgetting, and the one file format they are kept on disk in.
        .target(name: "Memory", dependencies: ["GazetteModel"]),
        // cmark-gfm behind a Swift face: parse GFM, render HTML, walk the tree.
        .target(name: "Markdown", dependencies: ["CCMarkGFM", "CCMarkGFMShared", "GazetteModel", "Markup"]),
        // libxml2 behind a Swift face: HTML to plain text, XML well-formedness.
        .target(name: "Markup", dependencies: ["CLibXML2"]),
        // Text for the web: HarfBuzz shaping and measurement, Chromium's line breaking (Unicode
        // tables of its own, no GLib), web-font subsetting and WOFF2. No Pango, no cairo.
        .target(name: "TextLayout", dependencies: ["GazetteModel", "CHarfBuzzSubset", "CWOFF2"]),
        // Mustache templates parsed once and rendered against typed values (no C, no Foundation).
        .target(name: "Templating"),
        // Text for print: Pango text blocks on pinned fonts, drawn on a cairo PDF canvas (Packet's).
        .target(name: "Typesetting", dependencies: ["GazetteModel", "CPangoCairo"]),
        // libvips behind a Swift face: thumbnails of untrusted images, with size limits.
        .target(name: "Imaging", dependencies: ["CVips", "GazetteModel"]),
        // Loading a site folder: config, journals, articles, dates from git, diagnostics.
        .target(
            name: "Content",
            dependencies: ["GazetteModel", "Memory", "Markdown", "Markup", "Yams"]),
        // Fetching news: API and feed sources, HTTP, normalisation, merging into the article store.
        .target(
            name: "Ingest",
            dependencies: [
                "GazetteModel", "Content", "Markup", "Imaging",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // Writing into a site: `init` scaffolds, `new` journals.
        .target(name: "Authoring", dependencies: ["GazetteModel", "Content"]),
        // Study packets: journals typeset into paginated PDFs with Pango and cairo.
        .target(name: "Packet", dependencies: ["GazetteModel", "Content", "Markdown", "Typesetting", "Imaging"]),
        // `gazette lsp`: the language server, over the same loaders and checks as `check`.
        .target(name: "LanguageServer", dependencies: ["GazetteModel", "Content", "Markdown", "Bodies", "Site", "Ingest", "Authoring"]),
        // Journal bodies as HTML, plain text and card excerpts, each parsed once (kept on disk
        // between builds, `bodies.bin`).
        .target(name: "Bodies", dependencies: ["GazetteModel", "Memory", "Content", "Markdown"]),
        // The search index: Korean-aware keys, postings sharded and compressed.
        .target(name: "Search", dependencies: ["GazetteModel", "Memory", "Content", "Bodies"]),
        // The web fonts: slices by Hangul frequency, pages' own fonts, preloads.
        .target(name: "SiteFonts", dependencies: ["GazetteModel", "Memory", "Markdown", "TextLayout"]),
        // Rendering HTML: pages, boards, feeds, sitemap, assets. No packets: those are Packet's,
        // and Pipeline asks for both.
        .target(
            name: "Site",
            dependencies: [
                "GazetteModel", "Memory", "Content", "Markdown", "TextLayout", "Templating", "Bodies", "SiteFonts",
            ],
            plugins: ["EmbedTheme"]),
        // The output folder: written into a staging folder and swapped in, or updated in place,
        // under a lock. What Publish and Serve need of a build's output, without the renderer.
        .target(name: "Output", dependencies: ["GazetteModel"]),
        // The build as named steps, top to bottom: load, parse, measure, pack and render (Site),
        // typeset packets (Packet), write; the week's mail previewed in serve (Mail). The only
        // module that knows both Site and Packet.
        .target(name: "Pipeline", dependencies: ["GazetteModel", "Memory", "Content", "Bodies", "Search", "SiteFonts", "Site", "Packet", "Output", "Imaging", "Mail"]),
        // `gazette serve`: build, watch, rebuild in place, serve on loopback with live reload.
        .target(
            name: "Serve",
            dependencies: [
                "GazetteModel", "Content", "Output", "Pipeline", "CInotify",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // libcurl behind a Swift face: one message delivered over SMTP with TLS and AUTH.
        .target(name: "SMTP", dependencies: ["GazetteModel", "CCurl"]),
        // The weekly digest by mail: the week as an email (plain text and HTML for mail clients), sent once.
        .target(name: "Mail", dependencies: ["GazetteModel", "Content", "Markdown", "SMTP"]),
        // `gazette publish`: the last build pushed to a branch of a git remote, with git's plumbing.
        .target(name: "Publish", dependencies: ["GazetteModel", "Content", "Output"]),
        // The command line: argument parsing and presentation only.
        .executableTarget(
            name: "gazette",
            dependencies: [
                "GazetteModel", "Content", "Site", "SiteFonts", "Pipeline", "Authoring", "Serve", "Packet", "Ingest", "Publish", "Mail", "SMTP",
                "LanguageServer", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["SourceVersion"]),

        // Benchmarks and the text-accuracy measurer behind `make bench` (not shipped).
        .executableTarget(
            name: "gazette-bench", dependencies: ["Site", "Bodies", "Search", "SiteFonts", "Content", "TextLayout", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/GazetteBench"),

        // Build-time tool and plugin that compile the default theme (templates/) into the binary.
        .executableTarget(name: "ThemeEmbedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        // Writes the source commit into the `gazette` module before every build (`--version`).
        .plugin(name: "SourceVersion", capability: .buildTool()),

        .target(name: "TestSupport", dependencies: ["Markup", "Pipeline", "Imaging"], path: "Tests/TestSupport"),
        .testTarget(name: "GazetteModelTests", dependencies: ["GazetteModel"]),
        .testTarget(name: "MemoryTests", dependencies: ["Memory", "GazetteModel"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "GazetteModel", "TestSupport"]),
        .testTarget(name: "MarkupTests", dependencies: ["Markup", "CLibXML2"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "TestSupport"]),
        // swift-mustache only here: Templating must render what it rendered (differential tests).
        .testTarget(name: "TemplatingTests", dependencies: ["Templating", "TestSupport", .product(name: "Mustache", package: "swift-mustache")]),
        .testTarget(name: "AuthoringTests", dependencies: ["Authoring", "Content", "GazetteModel", "Site", "TestSupport"]),
        .testTarget(name: "ContentTests", dependencies: ["Content", "GazetteModel", "TestSupport", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "MailTests", dependencies: ["Mail", "SMTP", "Content", "GazetteModel", "TestSupport"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Memory", "Bodies", "SiteFonts", "Content", "GazetteModel", "TextLayout", "TestSupport"]),
        .testTarget(name: "BodiesTests", dependencies: ["Bodies", "Markdown", "Content", "GazetteModel"]),
        .testTarget(name: "SiteFontsTests", dependencies: ["SiteFonts", "Site", "TextLayout", "GazetteModel", "Memory", "TestSupport"]),
        .testTarget(name: "SearchTests", dependencies: ["Search", "Site", "Bodies", "Content", "GazetteModel", "TestSupport"]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "GazetteModel", "TestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "TestSupport"]),
        .testTarget(name: "SMTPTests", dependencies: ["SMTP"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Memory", "Output", "Site", "Bodies", "GazetteModel", "TestSupport"]),
        .testTarget(name: "ServeTests", dependencies: ["Serve", "Site", "Pipeline", "Content", "GazetteModel", "TestSupport"]),
        .testTarget(name: "PacketTests", dependencies: ["Packet", "Content", "Markdown", "GazetteModel", "TestSupport"]),
        .testTarget(name: "IngestTests", dependencies: ["Ingest", "Imaging", "Content", "GazetteModel", "TestSupport"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Content", "Site", "Bodies", "Search", "SiteFonts", "Output", "Pipeline", "Markup", "GazetteModel", "Imaging", "Mail", "TestSupport"]),
        // make install, the scaffolded workflow's steps, `gazette publish` and a group's clones, against local bare repositories.
        .testTarget(
            name: "PublishTests",
            dependencies: ["Content", "GazetteModel", "TestSupport", .product(name: "Yams", package: "Yams")]),
    ]
)

// Every module folder under Sources/ holds a README.md (its one job, what it may import, its main
// types), which is not a source of the target.
for target in package.targets where (target.type == .regular || target.type == .executable) && !(target.path ?? "").hasPrefix("Tests/") {
    target.exclude.append("README.md")
}

/// Where Pango's and cairo's headers are (pkg-config's `pangocairo` would give them, and link the
/// libraries with them), for every Swift module: `Typesetting` imports `CPangoCairo`, and a debug
/// build (testing enabled) makes every module that imports `Typesetting`, even indirectly, load its
/// internal imports too; one without the folders failed to build the C module once the cached one
/// was out of date.
let pangoCairoHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/pango-1.0", "-Xcc", "-I/usr/include/cairo"])]
let cTargets: Set<String> = ["CWOFF2", "CInotify", "CCMarkGFMShared"]
for target in package.targets where [.regular, .executable, .test].contains(target.type) && !cTargets.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + pangoCairoHeaders
}

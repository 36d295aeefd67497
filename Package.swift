// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "loadrun",
    products: [
        .executable(name: "loadrun", targets: ["loadrun"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // C libraries, each behind one thin Swift wrapper.
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "gio-unix-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev", "webp-pixbuf-loader"])]
        ),
        .systemLibrary(
            name: "CChafa",
            pkgConfig: "chafa",
            providers: [.apt(["libchafa-dev"])]
        ),
        // libxml2 opened with dlopen when the first HTML page needs it (include/CLibXML2.h says
        // why); the C file alone sees libxml2's headers, where Debian's libxml2-dev puts them
        // (`pkg-config --cflags libxml-2.0`).
        .target(name: "CLibXML2", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])]),
        // libjq (jq 1.6) opened with dlopen when the first jq program needs it (include/CJQ.h
        // says why); its headers are Debian's libjq-dev's.
        .target(name: "CJQ"),
        // Raw signal handlers for the way out when the loop cannot run: C, since a handler may
        // call only async-signal-safe functions.
        .target(name: "CLastResort"),
        // A brotli GConverter (C: a GObject implementing GIO's interface) over libbrotli's
        // decoder, for Content-Encoding: br; GIO's headers come with CGLib.
        .target(name: "CBrotli", dependencies: ["CGLib"], linkerSettings: [.linkedLibrary("brotlidec")]),
        // The copy store: the last good copy of each request, kept between runs.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev", "glib-networking"])]
        ),

        // The core as values, with no C library: the loading states and the load machine,
        // load errors, responses' heads, the decoding protocol and `AnyContent`. What the
        // screen and the plan need of a load, without GLib or libsoup.
        .target(name: "LoadCore"),
        // The UI-free core's engine: main loop, HTTP client, the source machine and loader.
        .target(name: "Loader", dependencies: ["LoadCore", "CGLib", "CSoup", "CLastResort", "CBrotli"]),
        // What is kept on disk between runs, in SQLite: the copy store (which the HTTP client
        // uses through `StoredCopies`), the history, and the file handling both share. The one
        // target that uses CSQLite.
        .target(name: "Store", dependencies: ["Loader", "CSQLite", "CGLib", "CBrotli"]),
        // Text headed for a terminal: untrusted text made safe, display width, wrapping,
        // UTF-8 scanning. Values only, with no imports: the plugins and the screen share it.
        .target(name: "TerminalText"),
        // Content plugins, one folder each, and the table that holds them (`Registry/`).
        .target(name: "Plugins", dependencies: ["Loader", "TerminalText", "CPixbuf", "CChafa", "CLibXML2", "CJQ"]),
        // The embedded sample server that `loadrun serve` runs and the tests reuse.
        .target(name: "SampleSource", dependencies: ["CGLib", "CSoup"]),
        // The plan, as values: options after parsing, the sources file, templates, naming,
        // shards and settings.
        .target(name: "Plan", dependencies: ["Loader", "Plugins", "TerminalText"]),
        // The full-screen view as values: the screen model, panes, cursor, search, status
        // lines, keys and history. No C library, and no I/O.
        .target(name: "Screen", dependencies: ["LoadCore", "TerminalText"]),
        // The command line's machinery: the session and its machine (`Session/`), the
        // presenters (`Presenters/`), the terminal and outputs (`Terminal/`), and the
        // subcommands' bodies (`Commands/`: listings, the history, `serve`, OPML in and out).
        .target(name: "LoadrunCLI", dependencies: ["Plan", "Screen", "TerminalText", "Loader", "Store", "Plugins", "SampleSource"]),
        // The thin `@main` command: options and subcommands, and all that knows
        // swift-argument-parser (the command line rewritten for it, its refusals reworded).
        .executableTarget(
            name: "loadrun",
            dependencies: [
                "LoadrunCLI", "Plan", "Loader", "Plugins", "SampleSource",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Test helpers: threaded in-process servers, a runner for the built binary, and the
        // reference text passes that TerminalText's and the plugins' tests both hold code to.
        .target(name: "TestSupport", dependencies: ["Loader", "SampleSource", "TerminalText"], path: "Tests/TestSupport"),
        // One test target per library, each depending on what its files import; the end-to-end
        // tests run the built binary, with TestSupport's servers and peers.
        .testTarget(name: "LoaderTests", dependencies: ["Loader", "TestSupport", "SampleSource"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Loader", "TestSupport"]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText", "TestSupport"]),
        .testTarget(name: "PluginsTests", dependencies: ["Plugins", "TerminalText", "Loader", "TestSupport", "SampleSource", "CPixbuf", "CJQ"]),
        .testTarget(name: "SampleSourceTests", dependencies: ["SampleSource", "Loader", "TestSupport"]),
        .testTarget(name: "PlanTests", dependencies: ["Plan", "Plugins", "Loader"]),
        // The screen's parts and its model as values, with a renderer of their own; the model
        // with the plugins' renderers (`PluginScreenRenderer`) is tested in LoadrunCLITests.
        .testTarget(name: "ScreenTests", dependencies: ["Screen", "LoadCore", "TerminalText"]),
        .testTarget(name: "LoadrunCLITests", dependencies: ["LoadrunCLI", "Plan", "Loader", "Store", "Screen", "Plugins", "TerminalText", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["loadrun", "Plan", "TestSupport"]),
        // The command's own parts, as values: the command line as the parser gets it, and the
        // parser's refusals in loadrun's words.
        .testTarget(name: "CommandTests", dependencies: ["loadrun", "Plan", "Plugins"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("ExistentialAny"),
        // Warnings are bugs here.
        .treatAllWarnings(as: .error),
    ]
}

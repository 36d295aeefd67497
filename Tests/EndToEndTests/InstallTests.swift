import Foundation
import TestSupport
import XCTest

/// `make install DESTDIR=… PREFIX=/usr` into a temporary tree, as a package build does, and
/// `make uninstall` out of it; then the installed files are used as a user would.
final class InstallTests: XCTestCase {
    func testInstallPutsEachFileInItsPlaceAndUninstallTakesThemAway() throws {
        let tree = try InstalledTree()
        for file in InstalledTree.files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: tree.prefix + file), file)
        }
        XCTAssertTrue(try tree.read("/share/zsh/site-functions/_loadrun").hasPrefix("#compdef loadrun\n"))
        for script in ["/share/zsh/site-functions/_loadrun", "/share/fish/vendor_completions.d/loadrun.fish"] {
            let text = try tree.read(script)
            XCTAssertTrue(text.contains("---completion -- --source"), "\(script) asks loadrun for source names")
            XCTAssertTrue(text.contains("---completion -- --plugin"), "\(script) asks loadrun for plugin names")
        }

        let version = try tree.shell(#""$1/bin/loadrun" --version"#, tree.prefix)
        XCTAssertEqual(version.ending, .exited(0), version.error)
        XCTAssertNotNil(version.output.wholeMatch(of: /\d+\.\d+\.\d+\n/), version.output)
        let posts = try tree.shell(#""$1/bin/loadrun" --source posts --output json"#, tree.prefix)
        XCTAssertEqual(posts.ending, .exited(0), posts.error)
        let items = try JSONSerialization.jsonObject(with: Data(posts.output.utf8)) as? [[String: Any]]
        XCTAssertEqual(items?.count, 12, posts.output)
        XCTAssertEqual(items?.first?["title"] as? String, "Loading states are a contract")

        let uninstall = try tree.make("uninstall")
        XCTAssertEqual(uninstall.ending, .exited(0), uninstall.error)
        let left = try FileManager.default.subpathsOfDirectory(atPath: tree.destination).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: tree.destination + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        XCTAssertEqual(left, [], "make uninstall leaves no file behind")
    }

    func testTheManPageRendersEverySectionWithoutWarnings() throws {
        let tree = try InstalledTree()
        let man = try tree.shell(#"MANWIDTH=80 man --warnings -P cat -l "$1/share/man/man1/loadrun.1""#, tree.prefix)
        XCTAssertEqual(man.ending, .exited(0), man.error)
        XCTAssertEqual(man.error, "", "groff has nothing to warn of")
        let lines = man.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        // Section headings are the lines in capitals at the margin.
        var sections: [(heading: String, body: String)] = []
        for line in lines {
            if line.first?.isUppercase == true && line.uppercased() == line {
                sections.append((line, ""))
            } else if !sections.isEmpty {
                sections[sections.count - 1].body += line + "\n"
            }
        }
        XCTAssertEqual(sections.map(\.heading), ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXAMPLES",
                                                 "SOURCES FILE", "KEYS", "SIGNALS", "EXIT STATUS"])
        XCTAssertTrue(sections.first?.body.contains("Load web content and render it in the terminal.") == true, man.output)
        for (heading, body) in sections.suffix(4) {
            XCTAssertFalse(body.contains("`") || body.contains("**"), "the README's markdown is laid out in \(heading)")
        }
        for text in ["--source name", "--image-format format", "     sources", "     serve",
                     "loadrun --source posts --watch 30s", "[source status]", "SIGUSR2",
                     "64               usage error", "Ctrl-D, Ctrl-U", "half a screen down, up", "Ctrl-Z", "mark every item of the list read", "130 / 143 / 129  ended by SIGINT / SIGTERM / SIGHUP"] {
            XCTAssertTrue(man.output.contains(text), "the page shows \(text)")
        }
        let version = try tree.shell(#""$1/bin/loadrun" --version"#, tree.prefix).output.dropLast()
        XCTAssertTrue(lines.last { !$0.isEmpty }?.hasPrefix("loadrun \(version) ") == true, "the footer names loadrun \(version): \(lines.suffix(2))")
        for line in lines {
            XCTAssertFalse(line.hasPrefix("."), "no roff request shows through: \(line)")
            XCTAssertFalse(line.contains(#"\f"#) || line.contains(#"\e"#), "no escape shows through: \(line)")
        }
    }

    func testBashCompletesSourcesPluginsAndFormatsButNoFileNames() throws {
        let tree = try InstalledTree()
        let config = tree.work + "/config"
        try FileManager.default.createDirectory(atPath: config + "/loadrun", withIntermediateDirectories: true)
        try "[source status]\nurl=https://status.example.com/posts\n".write(toFile: config + "/loadrun/sources.conf", atomically: true, encoding: .utf8)
        try "[source weather]\nurl=https://weather.example.com/today\n".write(toFile: config + "/other.conf", atomically: true, encoding: .utf8)
        try "[source nameless]\n".write(toFile: config + "/broken.conf", atomically: true, encoding: .utf8)
        // A file that Tab would offer, were file names completed.
        try "".write(toFile: config + "/posts.txt", atomically: true, encoding: .utf8)

        let lines = ["loadrun --source ", "loadrun --source a", "loadrun --config \(config)/other.conf --source ",
                     "loadrun --config \(config)/broken.conf --source ", "loadrun --plugin ",
                     "loadrun --output ", "loadrun --image-format "]
        let completion = try tree.bash(completing: lines, in: config, environment: ["XDG_CONFIG_HOME": config])
        XCTAssertEqual(completion.ending, .exited(0), completion.error)
        XCTAssertEqual(completion.error, "", "nothing on the terminal but the completions")
        let results = completion.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(results.first, "complete -o filenames -F _loadrun loadrun",
                       "bash-completion loads the script from share/bash-completion/completions")

        let sources = try tree.listedNames("sources", environment: ["XDG_CONFIG_HOME": config])
        let plugins = try tree.listedNames("plugins")
        XCTAssertEqual(sources, ["posts", "articles", "images", "status"])
        XCTAssertEqual(Array(results.dropFirst()), [
            sources.joined(separator: " "),
            "articles",
            "posts articles images weather",
            "posts articles images",
            plugins.joined(separator: " "),
            "text json ndjson",
            "symbols sixel kitty iterm",
        ])
    }
}

/// A `make install DESTDIR=<temporary> PREFIX=/usr`, removed with the value.
///
/// It installs the debug binary these tests already have (`BINARY=`) and runs a generate-manual
/// built beside the package (`GENERATE_MANUAL=`): inside `swift test` SwiftPM holds .build's
/// lock, so neither the release build nor the plugin that `make install` runs by default could
/// run here. The rest, from the man page's finishing to the copies, is `make install`'s own.
private final class InstalledTree {
    static let files = ["/bin/loadrun", "/share/man/man1/loadrun.1", "/share/bash-completion/completions/loadrun",
                        "/share/zsh/site-functions/_loadrun", "/share/fish/vendor_completions.d/loadrun.fish"]
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A directory of the test's own, which holds DESTDIR and make's staging directory.
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-install-\(UUID().uuidString)").path
    var destination: String { work + "/root" }
    var prefix: String { destination + "/usr" }

    init() throws {
        // `make install` runs scripts/install-deps (apt-get, as root or through sudo): never
        // without the run's say-so. scripts/test, the README's test command, gives it.
        guard ProcessInfo.processInfo.environment["LOADRUN_INSTALL_TESTS"] == "1" else {
            throw XCTSkip("make install runs scripts/install-deps; set LOADRUN_INSTALL_TESTS=1 to run it, as scripts/test does")
        }
        try Self.installDependencies()
        let tool = try shell(#"""
            cd "$1" && source scripts/swift-env && swift build --package-path .build/checkouts/swift-argument-parser \
              --scratch-path .build/generate-manual-tool --product generate-manual >&2 \
              && echo "$1/.build/generate-manual-tool/debug/generate-manual"
            """#, Self.repository, limit: .seconds(600))
        guard tool.ending == .exited(0) else { throw Failure("building generate-manual: \(tool.error)") }
        let install = try make("install", ["GENERATE_MANUAL=\(tool.output.dropLast())"])
        guard install.ending == .exited(0) else { throw Failure("make install: \(install.error)") }
    }

    deinit { try? FileManager.default.removeItem(atPath: work) }

    /// `make target` into this tree, with the debug binary and a staging directory of its own.
    func make(_ target: String, _ settings: [String] = []) throws -> Outcome {
        try run(#"cd "$1" && shift && make "$@""#, [Self.repository, target, "DESTDIR=\(destination)", "PREFIX=/usr",
                "BINARY=\(LoadrunProcess.binaryPath)", "STAGE=\(work)/stage"] + settings)
    }

    func read(_ file: String) throws -> String { try String(contentsOfFile: prefix + file, encoding: .utf8) }

    /// The first column of `loadrun sources` or `loadrun plugins`, under its header.
    func listedNames(_ command: String, environment: [String: String] = [:]) throws -> [String] {
        let listing = try shell(#""$1/bin/loadrun" "$2""#, prefix, command, environment: environment)
        // On a pipe, the listing's cells are separated by tabs.
        return listing.output.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "\t" }) }
    }

    /// For each line (what is typed up to the cursor), the words bash's Tab offers, one line
    /// each, after `complete -p loadrun`. The completion is loaded as bash-completion loads it,
    /// from the tree's share/bash-completion/completions, and loadrun found on PATH.
    func bash(completing lines: [String], in directory: String, environment: [String: String]) throws -> Outcome {
        let script = #"""
            source /usr/share/bash-completion/bash_completion
            export XDG_DATA_DIRS="$1/share" PATH="$1/bin:$PATH"
            cd "$2" && shift 2
            __load_completion loadrun && complete -p loadrun
            for COMP_LINE in "$@"; do
              COMP_POINT=${#COMP_LINE}
              read -ra COMP_WORDS <<<"$COMP_LINE"
              [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
              COMPREPLY=()
              _loadrun loadrun "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
              echo "${COMPREPLY[*]}"
            done
            """#
        return try run(script, [prefix, directory] + lines, environment: environment)
    }

    struct Outcome {
        let ending: LoadrunProcess.Ending
        let output: String
        let error: String
    }

    /// `bash -c script arguments…`, its arguments as `$1`….
    func shell(_ script: String, _ arguments: String..., environment: [String: String] = [:], limit: Duration = .seconds(60)) throws -> Outcome {
        try run(script, arguments, environment: environment, limit: limit)
    }

    private func run(_ script: String, _ arguments: [String], environment: [String: String] = [:], limit: Duration = .seconds(60)) throws -> Outcome {
        let process = try LoadrunProcess(shell: script, environment: environment, arguments: ["bash"] + arguments)
        let ending = process.waitForExit(limit: limit)
        return Outcome(ending: ending, output: process.standardOutput, error: process.standardError)
    }

    /// What `make install` and these tests use: python3, man-db, bash-completion. The suite's
    /// scripts install them; a test run on its own may find them missing, so this installs
    /// them too, and skips only when they cannot be had.
    private static func installDependencies() throws {
        let tools = ["/usr/bin/python3", "/usr/bin/man", "/usr/share/bash-completion/bash_completion"]
        guard tools.contains(where: { !FileManager.default.fileExists(atPath: $0) }) else { return }
        let install = try LoadrunProcess(shell: #"cd "$1" && scripts/install-deps"#, arguments: ["bash", repository])
        let ending = install.waitForExit(limit: .seconds(600))
        let missing = tools.filter { !FileManager.default.fileExists(atPath: $0) }
        if !missing.isEmpty {
            throw XCTSkip("\(missing.joined(separator: ", ")) missing and scripts/install-deps could not install it (\(ending)): \(install.standardError)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

import Foundation
import Loader
import SampleSource
import TestSupport
import XCTest

/// Issue 26: `--output json` on a terminal is coloured as jq colours it; a pipe and NO_COLOR
/// get none; `--color=auto|always|never` (or `--colour`) decides every colour loadrun draws.
final class ColorOptionTests: XCTestCase {
    private let user = #"{"id":1,"name":"Ada","admin":true,"boss":null}"#
    /// The key and a value as jq 1.6 colours them.
    private let colouredKey = "\u{1B}[34;1m\"name\"\u{1B}[0m\u{1B}[1;39m: \u{1B}[0m\u{1B}[0;32m\"Ada\"\u{1B}[0m"
    /// The start of any SGR escape that colours or styles.
    private let styles = ["\u{1B}[0;3", "\u{1B}[1;3", "\u{1B}[34;1m", "\u{1B}[1m", "\u{1B}[3"]

    private func server() -> TestServer {
        TestServer { [user] server, _ in
            server.route("/user", TestRoutes.fixed(user))
            server.route("/posts", TestRoutes.fixed(Fixtures.posts(2)))
        }
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> LoadrunProcess {
        let run = try LoadrunProcess(arguments, environment: environment)
        XCTAssertEqual(run.waitForExit(), .exited(0), "\(arguments): \(run.standardError)")
        return run
    }

    func testAPipeGetsNoColourUnlessColorAlwaysWhichBeatsNoColor() throws {
        let server = server()
        let plain = try run(["--url", server.url("/user"), "--output", "json"], environment: ["NO_COLOR": ""])
        XCTAssertEqual(plain.standardOutput, "{\n  \"id\": 1,\n  \"name\": \"Ada\",\n  \"admin\": true,\n  \"boss\": null\n}\n")
        for option in [["--color=always"], ["--colour", "always"]] {
            // swift test exports NO_COLOR=1: an explicit --color=always wins over it, as no-color.org asks.
            let always = try run(["--url", server.url("/user"), "--output", "json"] + option)
            XCTAssertTrue(always.standardOutput.contains(colouredKey), "\(option): \(always.standardOutput.debugDescription)")
            XCTAssertTrue(always.standardOutput.contains("\u{1B}[1;30mnull\u{1B}[0m"), always.standardOutput.debugDescription)
            XCTAssertEqual(always.standardOutput.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression),
                           plain.standardOutput, "the same JSON, coloured")
        }
        let text = try run(["--url", server.url("/posts"), "--color=always"])
        XCTAssertTrue(text.standardOutput.contains("\u{1B}[1mPost number 1\u{1B}[22m"), "--color governs the text views too: \(text.standardOutput.debugDescription)")
        let never = try run(["--url", server.url("/user"), "--output", "json", "--color=never"], environment: ["NO_COLOR": ""])
        XCTAssertEqual(never.standardOutput, plain.standardOutput)

        let wrong = try LoadrunProcess(["--url", server.url("/user"), "--color=sometimes"])
        XCTAssertEqual(wrong.waitForExit(), .exited(64), wrong.standardError)
        XCTAssertEqual(wrong.standardError, "loadrun: --color sometimes: not one of auto, always or never (see loadrun --help)\n")
    }

    func testOnATerminalJSONIsColouredAsJqColoursItUnlessNoColorOrColorNever() throws {
        try TmuxSession.requireTmux()
        let server = server()
        let binary = "'\(LoadrunProcess.binaryPath)' --url \(server.url("/user")) --output json"
        let coloured = try terminalOutput("env -u NO_COLOR \(binary)")
        XCTAssertTrue(coloured.contains(colouredKey), coloured.debugDescription)
        XCTAssertTrue(coloured.contains("\u{1B}[0;39mtrue\u{1B}[0m"), coloured.debugDescription)
        for command in ["env NO_COLOR=1 \(binary)", "env -u NO_COLOR \(binary) --color=never"] {
            let written = try terminalOutput(command)
            XCTAssertTrue(written.contains("\"name\": \"Ada\""), "\(command): \(written.debugDescription)")
            XCTAssertFalse(styles.contains { written.contains($0) }, "\(command): \(written.debugDescription)")
        }
        let posts = try terminalOutput("env -u NO_COLOR '\(LoadrunProcess.binaryPath)' --url \(server.url("/posts")) --colour=never")
        XCTAssertTrue(posts.contains("Post number 1") && !posts.contains("\u{1B}[1m"), "no bold titles: \(posts.debugDescription)")
    }

    /// What `command` wrote to a real terminal, escapes and all. The shell waits for a line
    /// before it runs the command, so the recording starts before the first byte.
    private func terminalOutput(_ command: String) throws -> String {
        let recording = FileManager.default.temporaryDirectory.appendingPathComponent("pane-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: recording) }
        let tmux = try TmuxSession("read -r go; \(command); echo EXIT=$?")
        try tmux.recordOutput(to: recording)
        try tmux.send("go", "Enter")
        XCTAssertTrue(tmux.waitForRecording(recording, containing: "EXIT=0"), tmux.screen())
        return (try? String(contentsOfFile: recording, encoding: .utf8)) ?? ""
    }
}

import Foundation
import Synchronization
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A real terminal: a detached tmux session on a private server socket, running one command.
public final class TmuxSession {
    private static let sessions = Mutex(0)
    private let socket: String

    /// Starts `command` (run by the shell) in a `width`×`height` pane. The pane stays open for a
    /// minute after the command ends, so its last screen can be read.
    ///
    /// With `acceptingClipboardWrites`, tmux turns an application's OSC 52 into a paste buffer
    /// (`set-clipboard on`), as a terminal that honours OSC 52 would set its clipboard: for
    /// tests that no such write gets through.
    public init(_ command: String, width: Int = 100, height: Int = 30, acceptingClipboardWrites: Bool = false) throws {
        let index = Self.sessions.withLock { count in
            count += 1
            return count
        }
        socket = "loadrun-test-\(ProcessInfo.processInfo.processIdentifier)-\(index)"
        // As for `LoadrunProcess`: no sources file of the developer's, and a cache and a
        // history of its own.
        try tmux(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
                  "-e", "XDG_CONFIG_HOME=/nonexistent/loadrun-tests", "-e", "XDG_CACHE_HOME=\(cacheDirectory)",
                  "-e", "XDG_STATE_HOME=\(cacheDirectory)/state",
                  "\(command); sleep 60"]
                 // In the same command list, so the option is set before the pane's output is read.
                 + (acceptingClipboardWrites ? [";", "set-option", "-g", "set-clipboard", "on"] : []),
                 readsOutput: false)
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: cacheDirectory)
    }

    private var cacheDirectory: String { FileManager.default.temporaryDirectory.appendingPathComponent(socket).path }

    /// The visible screen as text.
    public func screen() -> String { (try? tmux(["capture-pane", "-p", "-t", "main"])) ?? "" }

    /// The visible screen with its SGR escapes.
    public func screenWithEscapes() -> String { (try? tmux(["capture-pane", "-p", "-e", "-t", "main"])) ?? "" }

    /// Types keys as tmux names them: `C-c`, `Enter`, `q`.
    public func send(_ keys: String...) throws { try tmux(["send-keys", "-t", "main"] + keys) }

    /// Whether the terminal's cursor is visible (the application may hide it).
    public var cursorVisible: Bool { (try? tmux(["display-message", "-p", "-t", "main", "#{cursor_flag}"]))?.hasPrefix("1") ?? false }

    /// A tmux format (`#{mouse_sgr_flag}`) as the pane has it now.
    public func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pane's title, which OSC 0 and OSC 2 set.
    public var paneTitle: String { (try? tmux(["display-message", "-p", "-t", "main", "#{pane_title}"])) ?? "" }

    /// The paste buffers, one line each (`buffer0: 5 bytes: "PWNED"`); OSC 52 adds one.
    public var pasteBuffers: String { (try? tmux(["list-buffers"])) ?? "" }

    /// Whether the application has switched to the alternate screen.
    public var alternateScreen: Bool { (try? tmux(["display-message", "-p", "-t", "main", "#{alternate_on}"]))?.hasPrefix("1") ?? false }

    /// Appends every byte the program writes to the pane from now on to the file at `path`.
    public func recordOutput(to path: String) throws {
        try tmux(["pipe-pane", "-o", "-t", "main", "cat >> '\(path)'"])
    }

    /// Waits until what was recorded at `path` (`recordOutput`) contains `text`: the recording
    /// goes through `cat`, behind the screen, so a screen that shows the end says nothing of the
    /// file yet.
    @discardableResult
    public func waitForRecording(_ path: String, containing text: String, limit: Duration = .seconds(10)) -> Bool {
        waitUntil(limit: limit) { ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").contains(text) }
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    public func waitForScreen(containing text: String, limit: Duration = .seconds(10)) -> Bool {
        waitUntil(limit: limit) { screen().contains(text) }
    }

    /// Runs a tmux client command and returns its stdout.
    ///
    /// It uses posix_spawn and waitpid, not Foundation's `Process`: `new-session` forks the
    /// tmux server, which inherits the descriptor `Process` watches for the child's exit, so
    /// `waitUntilExit()` would wait for the server's whole life.
    @discardableResult
    private func tmux(_ arguments: [String], readsOutput: Bool = true) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, readsOutput ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw TmuxFailed(status: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard readsOutput else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

struct TmuxFailed: Error {
    var status: Int32
}

extension TmuxSession {
    /// Skips the calling test when tmux is missing, except on CI, which installs it through
    /// scripts/install-deps: there its absence is a failure.
    public static func requireTmux() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") else {
            if ProcessInfo.processInfo.environment["CI"] != nil { throw TmuxMissing() }
            throw XCTSkip("tmux is not installed; scripts/install-deps installs it")
        }
    }
}

struct TmuxMissing: Error, CustomStringConvertible {
    var description: String { "tmux is not installed; run scripts/install-deps" }
}

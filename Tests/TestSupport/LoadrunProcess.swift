import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `loadrun` binary, run as a child process with stdout and stderr in files.
public final class LoadrunProcess {
    private let process = Process()
    private let directory: URL
    private let outputPath: String
    private let errorPath: String

    /// The binary `swift build` put beside the test bundle, or `$LOADRUN_BINARY`.
    public static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["LOADRUN_BINARY"] { return path }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("loadrun").path
    }

    /// Starts `loadrun arguments…`.
    public convenience init(_ arguments: [String], environment: [String: String] = [:]) throws {
        try self.init(command: nil, arguments: arguments, environment: environment)
    }

    /// Runs `bash -c shell arguments…` with `$LOADRUN` naming the binary, for pipelines.
    public convenience init(shell: String, environment: [String: String] = [:], arguments: [String] = []) throws {
        try self.init(command: shell, arguments: arguments, environment: environment)
    }

    private init(command shell: String?, arguments: [String], environment: [String: String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        outputPath = directory.appendingPathComponent("stdout").path
        errorPath = directory.appendingPathComponent("stderr").path
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)

        var env = ProcessInfo.processInfo.environment
        env["LOADRUN"] = Self.binaryPath
        env.removeValue(forKey: "COLUMNS")
        // The developer's own plugin files, sources file and stored copies must not change what
        // the tests see; each run gets an empty cache of its own unless a test shares one.
        env["XDG_DATA_HOME"] = "/nonexistent/loadrun-tests"
        env["XDG_CONFIG_HOME"] = "/nonexistent/loadrun-tests"
        env["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        env["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        env.merge(environment) { $1 }
        process.environment = env
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shell] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: Self.binaryPath)
            process.arguments = arguments
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    public var pid: Int32 { process.processIdentifier }

    public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// How the process ended.
    public enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case killedBySignal(Int32)
        /// Still running after the limit; it has been killed.
        case hung

        public var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .killedBySignal(let signal): "killed by signal \(signal)"
            case .hung: "still running at the limit"
            }
        }
    }

    /// Waits for the process to end. The limit guards against hangs; past it, the process is killed.
    public func waitForExit(limit: Duration = .seconds(20)) -> Ending {
        guard waitUntil(limit: limit, { !process.isRunning }) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .hung
        }
        process.waitUntilExit()
        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .killedBySignal(process.terminationStatus)
        @unknown default: return .exited(process.terminationStatus)
        }
    }

    /// Waits until stderr contains `text`; returns whether it did before `limit`.
    @discardableResult
    public func waitForStandardError(containing text: String, limit: Duration = .seconds(10)) -> Bool {
        waitUntil(limit: limit) { standardError.contains(text) }
    }

    public var standardOutput: String { Self.read(outputPath) }

    /// stdout and stderr exactly as written, for checks byte by byte.
    public var standardOutputBytes: [UInt8] { Self.bytes(outputPath) }
    public var standardErrorBytes: [UInt8] { Self.bytes(errorPath) }
    public var standardError: String { Self.read(errorPath) }

    /// stderr's lines, without the trailing empty one.
    public var standardErrorLines: [String] {
        standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private static func bytes(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    private static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}

/// Polls `condition` every 10 ms until it holds or `limit` passes.
public func waitUntil(limit: Duration, _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while !condition() {
        if clock.now >= deadline { return false }
        usleep(10_000)
    }
    return true
}

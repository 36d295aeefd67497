import Foundation
import XCTest

/// Runs the built binary under valgrind's leak check and reads what its LEAK SUMMARY says
/// was definitely lost.
///
/// valgrind 3.19 (Debian 12) gives up on the DWARF 5 debug information Swift writes ("I can't
/// recover"), so the binary runs from a copy without it; the code is the same, and the stacks
/// in the report still carry the symbols' names.
public final class LeakCheck {
    private let directory: URL
    private let binary: String
    private let suppressions: String
    private var runs = 0

    /// A definite leak that GLib makes, not loadrun, and only on a machine whose
    /// giomodule.cache is older than one of the modules beside it (as when a package was
    /// added without running gio-querymodules): GLib then loads such a module on the spot
    /// instead of lazily, and drops the only pointer to its GIOModule. The first use of GIO's
    /// VFS scans the modules (the first g_file_new_for_path gets there).
    ///
    /// And one that libsoup 3.2.3 makes on every connection a `SoupServer` accepts (the
    /// embedded sample source's, in the default command): soup-listener.c's listen_watch takes
    /// the GSocket from g_socket_accept, hands it to soup_server_connection_new (which keeps
    /// its own reference, g_value_dup_object) and never drops its own, so the socket outlives
    /// the connection that closes it. Matched on that call alone.
    private static let glibSuppressions = """
        {
           libsoup-3.2-listen-watch-keeps-the-accepted-socket
           Memcheck:Leak
           match-leak-kinds: definite
           ...
           fun:g_socket_accept
           obj:*/libsoup-3.0.so*
        }
        {
           glib-gio-module-loaded-on-the-spot-under-a-stale-giomodule-cache
           Memcheck:Leak
           match-leak-kinds: definite
           ...
           fun:g_io_module_new
           fun:g_io_modules_scan_all_in_directory_with_scope
        }

        """

    /// Skips the calling test when valgrind, or a tool to copy the binary without its debug
    /// information, is missing.
    public init() throws {
        guard Self.onPath("valgrind") != nil else {
            throw XCTSkip("valgrind is not installed; scripts/install-deps installs it")
        }
        guard let objcopy = Self.onPath("objcopy") ?? Self.onPath("llvm-objcopy") else {
            throw XCTSkip("neither objcopy nor llvm-objcopy is on PATH: valgrind needs a copy of loadrun without its DWARF 5")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("loadrun-valgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        binary = directory.appendingPathComponent("loadrun").path
        suppressions = directory.appendingPathComponent("glib.supp").path
        try Self.glibSuppressions.write(toFile: suppressions, atomically: true, encoding: .utf8)

        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: objcopy)
        copy.arguments = ["--strip-debug", LoadrunProcess.binaryPath, binary]
        try copy.run()
        copy.waitUntilExit()
        guard copy.terminationStatus == 0 else {
            throw Failure("\(objcopy) --strip-debug \(LoadrunProcess.binaryPath) exited \(copy.terminationStatus)")
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A run of `loadrun arguments…` under valgrind, and the file its report goes to.
    public struct Run {
        public let process: LoadrunProcess
        let report: String
    }

    /// Starts `loadrun arguments…` under valgrind. valgrind runs in the same process as the
    /// program (bash execs it), so a signal sent to `process` reaches loadrun.
    public func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        runs += 1
        let report = directory.appendingPathComponent("valgrind-\(runs).log").path
        let valgrind = [
            "--leak-check=full", "--show-leak-kinds=definite", "--errors-for-leak-kinds=definite",
            "--num-callers=30", "--suppressions=\(suppressions)", "--log-file=\(report)",
        ]
        let process = try LoadrunProcess(shell: #"exec valgrind "$@""#, environment: environment,
                                          arguments: ["bash"] + valgrind + [binary] + arguments)
        return Run(process: process, report: report)
    }

    /// What the report of a finished run says: the bytes definitely lost, and the report itself
    /// for a failure message.
    public func definitelyLost(in run: Run) throws -> (bytes: Int, report: String) {
        let report = try String(contentsOfFile: run.report, encoding: .utf8)
        if report.contains("All heap blocks were freed -- no leaks are possible") { return (0, report) }
        // "==123==    definitely lost: 1,234 bytes in 5 blocks"
        guard let line = report.split(separator: "\n").first(where: { $0.contains("definitely lost:") }),
              let figure = line.split(separator: ":").last?.split(separator: " ").first,
              let bytes = Int(figure.filter { $0 != "," }) else {
            throw Failure("no LEAK SUMMARY in valgrind's report:\n\(report)")
        }
        return (bytes, report)
    }

    /// The invalid accesses valgrind reported in a finished run (reads or writes of memory
    /// that is not the program's, frees of what was not allocated), with the report. Uses of
    /// uninitialised values are left out: the Swift runtime's metadata makes some, in every run.
    public func invalidAccesses(in run: Run) throws -> (count: Int, report: String) {
        let report = try String(contentsOfFile: run.report, encoding: .utf8)
        guard report.contains("ERROR SUMMARY:") else { throw Failure("no ERROR SUMMARY in valgrind's report:\n\(report)") }
        let kinds = ["Invalid read", "Invalid write", "Invalid free", "Mismatched free", "Source and destination overlap"]
        let count = report.split(separator: "\n").filter { line in kinds.contains { line.contains($0) } }.count
        return (count, report)
    }

    private static func onPath(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

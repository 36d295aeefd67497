#if canImport(Glibc)
import Glibc
#endif
internal import CGLib

/// A shell command run as a child process (`GSubprocess`), watched from the loop and never
/// blocking it: its input written and its output (stderr merged) read through non-blocking
/// pipes, its exit waited for asynchronously. It reports its exit once the command has exited,
/// after the output that was there to read: what it started in the background may write on
/// (`hasOutputLeft`) until `terminate()`.
public final class ChildProcess {
    /// How the command ended.
    public enum Exit: Equatable, Sendable {
        case exited(status: Int32)
        case signalled(Int32)
    }

    /// Why the command could not start: GLib's words.
    public struct LaunchFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The `GSubprocess`, owned: unreffed once, in `deinit`.
    private let process: OpaquePointer
    private let loop: EventLoop
    /// Cancels the wait for the exit when loadrun ends first.
    private let cancellable = Cancellable()
    private var input: [UInt8]
    private var written = 0
    private var inputWatch: LoopSource?
    private var outputWatch: LoopSource?
    private let onOutput: ([UInt8]) -> Void
    private var onExit: ((Exit) -> Void)?
    private var exit: Exit?
    private var outputEnded = false
    private var outputFD: Int32 = -1
    /// Whether GLib still holds the retain the exit's wait took: the loop must turn until it
    /// hands it back, which it does soon after `terminate()`.
    public private(set) var isWaiting = false

    /// Runs `/bin/sh -c command` with `environment` added to loadrun's, `input` on its standard
    /// input; `output` gets what it writes on stdout and stderr, as it comes, and `exit` how it
    /// ended, once.
    public static func start(shellCommand command: String, environment: [(name: String, value: String)], input: [UInt8], loop: EventLoop,
                             output: @escaping ([UInt8]) -> Void, exit: @escaping (Exit) -> Void) -> Result<ChildProcess, LaunchFailure> {
        loop.assertOnLoop()
        let flags = G_SUBPROCESS_FLAGS_STDIN_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDERR_MERGE.rawValue
        guard let launcher = g_subprocess_launcher_new(GSubprocessFlags(rawValue: flags)) else {
            return .failure(LaunchFailure(description: "GLib could not make a launcher"))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        for (name, value) in environment { g_subprocess_launcher_setenv(launcher, name, value, 1) }
        // loadrun ignores SIGPIPE to see EPIPE; the command gets the default back, so that a
        // pipeline in it ends as it would in a shell. A process group of its own: `terminate`
        // ends what the shell started too, not the shell alone.
        g_subprocess_launcher_set_child_setup(launcher, { _ in
            signal(SIGPIPE, SIG_DFL)
            setpgid(0, 0)
        }, nil, nil)
        let arguments = ["/bin/sh", "-c", command].map { $0.withCString { strdup($0) } }
        defer { arguments.forEach { free($0) } }
        let argv: [UnsafePointer<CChar>?] = arguments.map { $0.map { UnsafePointer($0) } } + [nil]
        var error: UnsafeMutablePointer<GError>?
        let spawned = argv.withUnsafeBufferPointer { g_subprocess_launcher_spawnv(launcher, $0.baseAddress, &error) }
        guard let spawned else {
            return .failure(LaunchFailure(description: error.map { GLibError(consuming: $0).message } ?? "it did not start"))
        }
        let child = ChildProcess(process: spawned, loop: loop, input: input, output: output, exit: exit)
        _ = child.group
        child.watch()
        return .success(child)
    }

    private init(process: OpaquePointer, loop: EventLoop, input: [UInt8], output: @escaping ([UInt8]) -> Void, exit: @escaping (Exit) -> Void) {
        self.process = process
        self.loop = loop
        self.input = input
        onOutput = output
        onExit = exit
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(process)) }

    /// Whether something the command started still holds its output open after its exit.
    public var hasOutputLeft: Bool { !outputEnded && outputWatch != nil }

    /// The command's process group: its shell's pid, taken at the start, before GLib can reap it.
    private lazy var group: pid_t? = g_subprocess_get_identifier(process).flatMap { pid_t(String(cString: $0)) }

    /// Ends the command, and whatever it started, with SIGTERM to its process group; stops watching it: no output or exit is reported
    /// from now on. The wait's retain comes back on a later turn of the loop (`isWaiting`).
    public func terminate() {
        // Once the output has ended and the exit been told, nothing is left to end.
        guard onExit != nil || hasOutputLeft else { return }
        onExit = nil
        // Not g_subprocess_send_signal: it sends from GLib's worker thread, later, and a
        // loadrun that exits first leaves the command running (seen here). The group outlives
        // the shell while anything it started runs: those get it too.
        if let group { kill(-group, SIGTERM) }
        stopInput()
        outputWatch?.cancel()
        outputWatch = nil
        if isWaiting { cancellable.cancel() }
    }

    private func watch() {
        let inputFD = g_unix_output_stream_get_fd(UnsafeMutableRawPointer(g_subprocess_get_stdin_pipe(process)).assumingMemoryBound(to: GUnixOutputStream.self))
        let outputFD = g_unix_input_stream_get_fd(UnsafeMutableRawPointer(g_subprocess_get_stdout_pipe(process)).assumingMemoryBound(to: GUnixInputStream.self))
        for fd in [inputFD, outputFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        self.outputFD = outputFD
        // Each watch holds the process until it ends: a command's output may end after its exit.
        inputWatch = loop.onWritable(inputFD) { [self] in writeInput(to: inputFD) }
        outputWatch = loop.onReadable(outputFD) { [self] in readOutput(from: outputFD) }
        isWaiting = true
        // One retain for C, released exactly once in the callback, which comes whether the
        // wait ends by the exit or by the cancel.
        g_subprocess_wait_async(process, cancellable.pointer, { _, result, data in
            Unmanaged<ChildProcess>.fromOpaque(data!).takeRetainedValue().waited(result)
        }, Unmanaged.passRetained(self).toOpaque())
    }

    /// Writes what it can of the input; at its end, or when the command stops reading (EPIPE),
    /// closes the command's standard input.
    private func writeInput(to fd: Int32) -> Bool {
        while written < input.count {
            let count = input.withUnsafeBytes { write(fd, $0.baseAddress! + written, min(1 << 16, $0.count - written)) }
            if count > 0 {
                written += count
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return true }
            break
        }
        stopInput()
        return false
    }

    private func stopInput() {
        inputWatch?.cancel()
        inputWatch = nil
        input = []
        if let stream = g_subprocess_get_stdin_pipe(process), g_output_stream_is_closed(stream) == 0 {
            g_output_stream_close(stream, nil, nil)
        }
    }

    /// Hands on one read of the output; at its end, reports the exit if it has come.
    private func readOutput(from fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(fd, &buffer, buffer.count)
        if count > 0 {
            onOutput(Array(buffer[..<count]))
            return true
        }
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        outputWatch = nil
        outputEnded = true
        reportExit()
        return false
    }

    private func waited(_ result: OpaquePointer?) {
        isWaiting = false
        var error: UnsafeMutablePointer<GError>?
        guard g_subprocess_wait_finish(process, result, &error) != 0 else {
            // Cancelled by `terminate()`: nothing more to say.
            if let error { g_error_free(error) }
            return
        }
        exit = g_subprocess_get_if_signaled(process) != 0 ? .signalled(g_subprocess_get_term_sig(process))
            : .exited(status: g_subprocess_get_exit_status(process))
        // What is there to read comes before the exit; a background process that keeps the
        // output open writes on after it, and does not hold the exit back.
        if outputWatch != nil {
            while !outputEnded, readOutputNow(from: outputFD) {}
        }
        reportExit()
    }

    /// Reads what is there now; false once nothing is.
    private func readOutputNow(from fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else {
            if count == 0 || (errno != EINTR && errno != EAGAIN) {
                outputWatch?.cancel()
                outputWatch = nil
                outputEnded = true
            }
            return false
        }
        onOutput(Array(buffer[..<count]))
        return true
    }

    private func reportExit() {
        guard let exit, let onExit else { return }
        self.onExit = nil
        stopInput()
        onExit(exit)
    }
}

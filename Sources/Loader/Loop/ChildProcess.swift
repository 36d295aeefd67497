#if canImport(Glibc)
import Glibc
#endif
internal import CGLib

/// A shell command run as a child process, watched from the loop and never blocking it: its
/// input written and its output (stderr merged) read through non-blocking pipes, its exit
/// watched by a child watch. It reports its exit once the command has exited, after the
/// output that was there to read: what it started in the background may write on
/// (`hasOutputLeft`) until `terminate()`.
///
/// Spawned with `g_spawn_async_with_pipes_and_fds`, not `GSubprocess`: a GSubprocess forgets
/// its pid once GLib's worker thread has reaped the shell, which under load came before
/// loadrun asked for it, and what the shell started was then never ended (seen here). Here
/// the pid is loadrun's from the spawn on, and the child is reaped on the loop.
public final class ChildProcess {
    /// How the command ended.
    public enum Exit: Equatable, Sendable {
        case exited(status: Int32)
        case signalled(Int32)

        /// A wait status as `waitpid` gives it (the W* macros, which Swift cannot import).
        init(waitStatus status: Int32) {
            let signal = status & 0x7f
            self = signal == 0 ? .exited(status: (status >> 8) & 0xff) : .signalled(signal)
        }
    }

    /// Why the command could not start: GLib's words.
    public struct LaunchFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The shell's pid, which is also its process group's: it leads a group of its own.
    private let pid: pid_t
    private let loop: EventLoop
    private var input: [UInt8]
    private var written = 0
    private var inputFD: Int32
    private let outputFD: Int32
    private var inputWatch: LoopSource?
    private var outputWatch: LoopSource?
    private var exitWatch: LoopSource?
    private let onOutput: ([UInt8]) -> Void
    private var onExit: ((Exit) -> Void)?
    private var exit: Exit?
    private var outputEnded = false

    /// Runs `/bin/sh -c command` with `environment` added to loadrun's, `input` on its standard
    /// input; `output` gets what it writes on stdout and stderr, as it comes, and `exit` how it
    /// ended, once.
    public static func start(shellCommand command: String, environment: [(name: String, value: String)], input: [UInt8], loop: EventLoop,
                             output: @escaping ([UInt8]) -> Void, exit: @escaping (Exit) -> Void) -> Result<ChildProcess, LaunchFailure> {
        loop.assertOnLoop()
        var environ = g_get_environ()
        for (name, value) in environment { environ = g_environ_setenv(environ, name, value, 1) }
        defer { g_strfreev(environ) }
        let arguments = ["/bin/sh", "-c", command].map { $0.withCString { strdup($0) } }
        defer { arguments.forEach { free($0) } }
        let argv: [UnsafePointer<CChar>?] = arguments.map { $0.map { UnsafePointer($0) } } + [nil]
        var (pid, stdinPipe, stdoutPipe): (GPid, Int32, Int32) = (0, -1, -1)
        var error: UnsafeMutablePointer<GError>?
        let flags = GSpawnFlags(rawValue: G_SPAWN_DO_NOT_REAP_CHILD.rawValue | G_SPAWN_CLOEXEC_PIPES.rawValue)
        // GLib's `gchar **` as the `const gchar * const *` the spawn takes.
        let envp = UnsafeRawPointer(environ)?.assumingMemoryBound(to: UnsafePointer<CChar>?.self)
        let spawned = argv.withUnsafeBufferPointer { argv in
            // loadrun ignores SIGPIPE to see EPIPE; the command gets the default back, so that a
            // pipeline in it ends as it would in a shell. stderr goes where stdout goes. A
            // process group of its own: `terminate` ends what the shell started too, not the
            // shell alone. (Runs in the child, after GLib set up fds 0–2.)
            g_spawn_async_with_pipes_and_fds(nil, argv.baseAddress, envp, flags, { _ in
                signal(SIGPIPE, SIG_DFL)
                dup2(STDOUT_FILENO, STDERR_FILENO)
                setpgid(0, 0)
            }, nil, -1, -1, -1, nil, nil, 0, &pid, &stdinPipe, &stdoutPipe, nil, &error)
        }
        guard spawned != 0 else {
            return .failure(LaunchFailure(description: error.map { GLibError(consuming: $0).message } ?? "it did not start"))
        }
        // The parent too, as shells do: a `terminate` before the child has run its setup
        // still finds the group.
        setpgid(pid, pid)
        let child = ChildProcess(pid: pid, loop: loop, input: input, inputFD: stdinPipe, outputFD: stdoutPipe, output: output, exit: exit)
        child.watch()
        return .success(child)
    }

    private init(pid: pid_t, loop: EventLoop, input: [UInt8], inputFD: Int32, outputFD: Int32,
                 output: @escaping ([UInt8]) -> Void, exit: @escaping (Exit) -> Void) {
        self.pid = pid
        self.loop = loop
        self.input = input
        self.inputFD = inputFD
        self.outputFD = outputFD
        onOutput = output
        onExit = exit
    }

    deinit {
        stopInput()
        close(outputFD)
    }

    /// Whether something the command started still holds its output open after its exit.
    public var hasOutputLeft: Bool { !outputEnded && outputWatch != nil }

    /// Ends the command, and whatever it started, with SIGTERM to its process group; stops
    /// watching it: no output or exit is reported from now on.
    public func terminate() {
        // Once the output has ended and the exit been told, nothing is left to end.
        guard onExit != nil || hasOutputLeft else { return }
        onExit = nil
        // The group outlives the shell while anything it started runs: those get it too. It
        // is sent now, on this thread: a loadrun that exits next leaves nothing running.
        kill(-pid, SIGTERM)
        stopInput()
        outputWatch?.cancel()
        outputWatch = nil
        exitWatch?.cancel()
        exitWatch = nil
    }

    private func watch() {
        for fd in [inputFD, outputFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        // Each watch holds the process until it ends: a command's output may end after its exit.
        inputWatch = loop.onWritable(inputFD) { [self] in writeInput(to: inputFD) }
        // In the background: a command that floods its output must not stall the watch.
        outputWatch = loop.onReadable(outputFD, background: true) { [self] in readOutput(from: outputFD) }
        exitWatch = loop.onChildExit(pid) { [self] status in exited(status) }
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
        if inputFD >= 0 { close(inputFD) }
        inputFD = -1
    }

    /// How much of the output one turn of the loop takes: a command that floods it is then
    /// read a little at a time, between the loads and timers the loop serves first.
    static let readSize = 1 << 12

    /// Hands on one read of the output; at its end, reports the exit if it has come.
    private func readOutput(from fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
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

    private func exited(_ status: Int32) {
        exitWatch = nil
        exit = Exit(waitStatus: status)
        // What is there to read comes before the exit (a pipe holds 64 KiB); a background
        // process that keeps the output open writes on after it, and does not hold the exit
        // back, however fast it writes.
        var reads = 0
        while outputWatch != nil, !outputEnded, reads < (1 << 16) / Self.readSize, readOutputNow(from: outputFD) { reads += 1 }
        reportExit()
    }

    /// Reads what is there now; false once nothing is.
    private func readOutputNow(from fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
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

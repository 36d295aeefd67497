#if canImport(Glibc)
import Glibc
#endif
import Loader
import Plan
import TerminalText

/// `--trace FILE`: `-v`'s trace (request and response heads, notes) written to a file, each
/// line after the time it was said, as `curl --trace-ascii --trace-time` keeps one. It is the
/// way to keep the trace of a full-screen run, whose view shows it only in its log.
///
/// Credentials are masked as `-v` masks them unless `-vv`. The file is the user's alone
/// (0600), and only a regular file (or /dev/null) is taken: a FIFO would hold the run until
/// something read it.
final class TraceFile {
    let path: String
    private var descriptor: Int32
    /// Says, once, that writing failed: the trace then stops, and the run goes on.
    private let report: (String) -> Void

    private init(path: String, descriptor: Int32, report: @escaping (String) -> Void) {
        self.path = path
        self.descriptor = descriptor
        self.report = report
    }

    /// The trace file at `path`, made or emptied; a usage failure that says why it cannot be.
    static func open(_ path: String, report: @escaping (String) -> Void) -> Result<TraceFile, UsageFailure> {
        var info = stat()
        if stat(path, &info) == 0, let kind = notRegular(info) {
            return .failure(UsageFailure(message: "--trace \(path): it is \(kind), not a regular file; name a file to write the trace to"))
        }
        // O_NONBLOCK: something made a FIFO there since is refused below, not waited on.
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            return .failure(UsageFailure(message: "--trace \(path): cannot write it: \(LocalFile.reason(for: errno))"))
        }
        if fstat(descriptor, &info) != 0 || notRegular(info) != nil {
            close(descriptor)
            return .failure(UsageFailure(message: "--trace \(path): not a regular file; name a file to write the trace to"))
        }
        return .success(TraceFile(path: path, descriptor: descriptor, report: report))
    }

    /// What `info` is when it is not a file to write the trace to: a regular file, or /dev/null.
    private static func notRegular(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFCHR:
            var null = stat()
            return stat("/dev/null", &null) == 0 && null.st_rdev == info.st_rdev ? nil : "a character device"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Writes `line` after the time, `12:03:04.123`, URLs' passwords hidden unless `unmasked`.
    func write(_ line: String, unmasked: Bool) {
        guard descriptor >= 0 else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let millis = String(now.tv_nsec / 1_000_000)
        let text = ClockTime.timeOfDay(now.tv_sec) + "." + String(repeating: "0", count: 3 - millis.count) + millis + " "
            + UntrustedText.forTerminalLine(unmasked ? line : URLCredentials.masked(line)) + "\n"
        let failure = Array(text.utf8).withUnsafeBytes { OutputStream.write(descriptor, $0, whenFull: { true }).failure }
        if let failure {
            close(descriptor)
            descriptor = -1
            report("loadrun: warning: cannot write the trace to \(path): \(LocalFile.reason(for: failure)); it stops here")
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
internal import CGLib

/// Small, synchronous reads of local configuration: plugin files, the sources file, secrets.
/// Content from the network never goes through here; it is read on the loop (`LocalFetch`).
public enum LocalFile {
    /// Why a file could not be read, in the operating system's words.
    public enum ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        /// There is no such file (ENOENT): for an optional file, nothing to report.
        case missing
        /// The system's reason, such as `permission denied` or `is a directory`.
        case failed(reason: String)
        /// Longer than the limit the caller set.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .missing: LocalFile.reason(for: ENOENT)
            case .failed(let reason): reason
            case .tooLarge(let limit): "it is larger than \(ByteCount.formatLimit(limit))"
            }
        }
    }

    /// The file's bytes, or why they cannot be had.
    public static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadError> {
        let descriptor: Int32
        switch openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): return .failure(error)
        }
        defer { close(descriptor) }
        return read(descriptor: descriptor, limit: limit)
    }

    /// What an open descriptor gives to its end (standard input, say), or why not; it stays open.
    public static func read(descriptor: Int32, limit: Int) -> Result<[UInt8], ReadError> {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno))
            }
            if count == 0 { return .success(bytes) }
            bytes += buffer[0..<count]
            if bytes.count > limit { return .failure(.tooLarge(limit: limit)) }
        }
    }

    /// Whether the file holds `marker`, read a piece at a time and only as far as the first
    /// one: a CA bundle of 200 KB starts with what is looked for. It stops at `limit` bytes
    /// with `tooLarge`, so a path such as /dev/zero cannot keep it reading.
    public static func contains(_ marker: String, in path: String, limit: Int = 64 << 20) -> Result<Bool, ReadError> {
        let descriptor: Int32
        switch openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): return .failure(error)
        }
        defer { close(descriptor) }
        let needle = Array(marker.utf8)
        let pieceSize = 16 * 1024
        // The last needle.count - 1 bytes stay at the front, for a marker cut between pieces.
        var window = [UInt8](repeating: 0, count: needle.count - 1 + pieceSize)
        var kept = 0
        var total = 0
        while true {
            let count = window.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + kept, pieceSize) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(failure(errno))
            }
            if count == 0 { return .success(false) }
            total += count
            let filled = kept + count
            if Self.find(needle, in: window[..<filled]) { return .success(true) }
            if total >= limit { return .failure(.tooLarge(limit: limit)) }
            kept = min(needle.count - 1, filled)
            window.replaceSubrange(0..<kept, with: window[(filled - kept)..<filled])
        }
    }

    /// A descriptor open for reading `path`, which the caller closes; or why not. Only a
    /// regular file is read: a FIFO would hang the run at start (open waits for a writer, read
    /// for data), and a device can give bytes without end. O_NONBLOCK keeps the open itself
    /// from waiting; `fstat` on what was opened (not `stat` on the path, which may change
    /// between the two) says what it is.
    static func openForReading(_ path: String) -> Result<Int32, ReadError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(failure(errno)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = failure(errno)
            close(descriptor)
            return .failure(error)
        }
        if let kind = notRegular(info) {
            close(descriptor)
            return .failure(kind == "a directory" ? failure(EISDIR) : .failed(reason: "it is \(kind), not a regular file"))
        }
        return .success(descriptor)
    }

    /// What a file is, in words, when it is not a regular file: `a FIFO`. `/dev/null` counts as
    /// an empty file, since that is what `--config /dev/null` means.
    static func notRegular(_ info: stat) -> String? {
        if info.st_mode & S_IFMT == S_IFCHR {
            var null = stat()
            if stat("/dev/null", &null) == 0, null.st_rdev == info.st_rdev { return nil }
        }
        return switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// What the open `descriptor` is when it is no regular file (`a FIFO`); nil otherwise,
    /// and when it cannot be looked at.
    package static func nonRegularKind(of descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return notRegular(info)
    }

    /// What `path` is when it exists and is no regular file (`a FIFO`, `a directory`), looked
    /// at without opening it; nil otherwise.
    public static func nonRegularKind(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return notRegular(info)
    }

    /// Why `path` is not to be read as a file, when it exists and is not a regular one: `it is
    /// a FIFO, not a regular file`. Looked at without opening it for reading, which for a
    /// FIFO would wait for a writer.
    public static func notRegularFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, let kind = notRegular(info), kind != "a directory" else { return nil }
        return "it is \(kind), not a regular file"
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var start = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while start <= last {
            if haystack[start] == first && haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// The file's permission bits, such as 0o600; nil when it does not exist.
    public static func permissions(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    /// Why `path` may not say what loadrun reads and sends (env: and file: values), as ssh
    /// judges its config: owned by someone other than the user (or root), or writable by group
    /// or others; nil when it is the user's own. Someone else's file could send the user's
    /// environment and files to its own server.
    public static func trustProblem(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_uid != getuid() && info.st_uid != 0 { return "it is owned by another user (uid \(info.st_uid))" }
        let mode = UInt32(info.st_mode) & 0o7777
        if mode & 0o022 != 0 { return "group or others can write it (mode \(String(mode, radix: 8)))" }
        return nil
    }

    /// Whether `path` exists and is a regular file.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Makes `path` and the directories above it that are missing, each with `mode` (under
    /// the umask); returns whether it exists as a directory now.
    @discardableResult
    public static func makeDirectories(_ path: String, mode: Int32) -> Bool {
        g_mkdir_with_parents(path, mode) == 0
    }

    /// Whether `path` exists and is something to read rather than a directory: a regular
    /// file, a FIFO, a device.
    public static func existsAsFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
    }

    private static func failure(_ code: Int32) -> ReadError {
        code == ENOENT ? .missing : .failed(reason: reason(for: code))
    }

    /// GLib's text for `code` (thread-safe, unlike strerror), lowercased to sit mid-sentence:
    /// `permission denied`.
    package static func reason(for code: Int32) -> String {
        let text = String(cString: g_strerror(code))
        guard let first = text.first, text.dropFirst().first?.isLowercase ?? false else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

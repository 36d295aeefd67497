#if canImport(Glibc)
import Glibc
#endif

/// Reading a file that holds passwords (a `.netrc`), as curl and ssh read theirs: only the
/// user's own, and only when no one else may read or write it.
extension LocalFile {
    /// Why a private file was not read.
    public enum PrivateReadError: Error, Equatable, Sendable, CustomStringConvertible {
        /// It could not be read: missing, not a regular file, too large.
        case unreadable(ReadError)
        /// It is someone else's, or group or others may read or write it: the words say which.
        case exposed(String)

        public var description: String {
            switch self {
            case .unreadable(let error): error.description
            case .exposed(let why): why
            }
        }
    }

    /// The bytes of `path`, at most `limit`, when it is a regular file owned by the effective
    /// user with no permission for group or others (`mode & 0o077 == 0`). Judged on what was
    /// opened (`fstat`), not on the path, which may change in between; a FIFO or a device is
    /// not waited on or read.
    public static func readPrivate(_ path: String, limit: Int) -> Result<[UInt8], PrivateReadError> {
        let descriptor: Int32
        switch openForReading(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): return .failure(.unreadable(error))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(.failed(reason: reason(for: errno)))) }
        if info.st_uid != geteuid() { return .failure(.exposed("it is owned by another user (uid \(info.st_uid))")) }
        let mode = UInt32(info.st_mode) & 0o7777
        if mode & 0o077 != 0 { return .failure(.exposed("group or others may read or write it (mode \(String(mode, radix: 8)))")) }
        return read(descriptor: descriptor, limit: limit).mapError { .unreadable($0) }
    }
}

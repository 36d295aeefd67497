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
        /// Group or others may read or write it: the words say so, with its mode; `target` is
        /// the file to chmod (what a link leads to).
        case exposed(String, target: String)
        /// It is another user's (`uid`): no chmod of the user's makes it theirs.
        case notOwned(uid: UInt32)

        public var description: String {
            switch self {
            case .unreadable(let error): error.description
            case .exposed(let why, _): why
            case .notOwned(let uid): "it is owned by another user (uid \(uid))"
            }
        }
    }

    /// `path` with every link followed, as realpath(3) gives it; `path` when it cannot be.
    public static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Where the symbolic link at `path` leads, resolved; nil when `path` is no link.
    public static func linkTarget(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        return resolved(path)
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
        // What is no file (/dev/null, a FIFO) is said as that, before whose it is: no chmod
        // would make it a netrc.
        if let kind = notRegular(info) { return .failure(.unreadable(.failed(reason: "it is \(kind)"))) }
        // /dev/null: no passwords, as curl takes `--netrc-file /dev/null`.
        if info.st_mode & S_IFMT == S_IFCHR { return .success([]) }
        if info.st_uid != geteuid() { return .failure(.notOwned(uid: UInt32(info.st_uid))) }
        let mode = UInt32(info.st_mode) & 0o7777
        if mode & 0o077 != 0 {
            return .failure(.exposed("group or others may read or write it (mode \(String(mode, radix: 8)))", target: resolved(path)))
        }
        return read(descriptor: descriptor, limit: limit).mapError { .unreadable($0) }
    }
}

#if canImport(Glibc)
import Glibc
#endif

extension LocalFile {
    /// Writes the file at `path` anew with `bytes`: a new file beside it (made with `mode`, or
    /// the old file's mode when `keepsMode` and there is one), synced and renamed into place,
    /// so that a full disk or a crash leaves the old file whole, never one cut short. A
    /// symbolic link is written through (the file it names is replaced). The reason when it
    /// cannot; nil when it was written.
    public static func replace(_ path: String, with bytes: [UInt8], mode: UInt32 = 0o600, keepsMode: Bool = true) -> String? {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var mode = mode_t(mode)
        var info = stat()
        if stat(target, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
            if keepsMode { mode = info.st_mode & 0o777 }
        }
        let temporary = target + ".new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return reason(for: errno) }
        var failure: String?
        var left = bytes[...]
        while !left.isEmpty {
            let written = left.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = reason(for: errno)
                break
            }
            left = left.dropFirst(written)
        }
        // The mode asked for, whatever the umask took off it.
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = reason(for: errno) }
        if failure == nil, fsync(descriptor) != 0 { failure = reason(for: errno) }
        close(descriptor)
        if failure == nil, rename(temporary, target) != 0 { failure = reason(for: errno) }
        if failure != nil { unlink(temporary) }
        return failure
    }
}

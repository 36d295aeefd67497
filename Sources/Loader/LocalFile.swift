#if canImport(Glibc)
import Glibc
#endif

/// Small, synchronous reads of local configuration: plugin files, the sources file, secrets.
/// Content from the network never goes through here; it is read on the loop (`LocalFetch`).
public enum LocalFile {
    /// The file's bytes; nil when it cannot be read or is over `limit`.
    public static func contents(of path: String, limit: Int) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > limit { return nil }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// The file's permission bits, such as 0o600; nil when it does not exist.
    public static func permissions(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    /// Whether `path` exists and is a regular file.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

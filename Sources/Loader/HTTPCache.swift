#if canImport(Glibc)
import Glibc
#endif
internal import CGLib
internal import CSoup

/// libsoup's persistent HTTP cache (`SoupCache`) in a directory, held by one process at a time.
///
/// A stored response that is still fresh is answered from disk; a stale one with validators
/// is revalidated with a conditional request, and a 304 serves the stored body. SoupCache is
/// not safe for two processes at once, so the directory is locked (`flock`) while the cache is
/// open; a second loadrun meanwhile runs without one rather than corrupt its index.
final class HTTPCache {
    let pointer: UnsafeMutablePointer<SoupCache>
    private let lockDescriptor: Int32
    private let directory: String

    /// Opens the cache in `directory`, creating it (mode 0700); nil when the directory cannot
    /// be made or another process holds it.
    init?(directory: String) {
        guard g_mkdir_with_parents(directory, 0o700) == 0 else { return nil }
        // An existing directory keeps the mode it was made with: the index holds Set-Cookie
        // values, so it is the user's alone whatever made it.
        chmod(directory, 0o700)
        let descriptor = open(directory + "/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        lockDescriptor = descriptor
        self.directory = directory
        pointer = soup_cache_new(directory, SOUP_CACHE_SINGLE_USER)
        soup_cache_load(pointer)
    }

    /// Writes what is still being stored, then the index, so the next run finds it.
    func save() {
        soup_cache_flush(pointer)
        // libsoup writes its files with the process's umask (0644 as a rule); the index and
        // the bodies are the user's alone.
        let mask = umask(0o077)
        soup_cache_dump(pointer)
        umask(mask)
        restrictFiles()
    }

    /// Every file in the directory to 0600: bodies written before this run, by a libsoup
    /// that used the umask, included.
    private func restrictFiles() {
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let path = directory + "/" + name
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, UInt32(info.st_mode) & 0o077 != 0 { chmod(path, 0o600) }
        }
    }

    deinit {
        g_object_unref(pointer)
        // Closing the descriptor releases the lock.
        close(lockDescriptor)
    }
}

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

    /// Opens the cache in `directory`, creating it (mode 0700); nil when the directory cannot
    /// be made or another process holds it.
    init?(directory: String) {
        guard g_mkdir_with_parents(directory, 0o700) == 0 else { return nil }
        let descriptor = open(directory + "/lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        lockDescriptor = descriptor
        pointer = soup_cache_new(directory, SOUP_CACHE_SINGLE_USER)
        soup_cache_load(pointer)
    }

    /// Writes what is still being stored, then the index, so the next run finds it.
    func save() {
        soup_cache_flush(pointer)
        soup_cache_dump(pointer)
    }

    deinit {
        g_object_unref(pointer)
        // Closing the descriptor releases the lock.
        close(lockDescriptor)
    }
}

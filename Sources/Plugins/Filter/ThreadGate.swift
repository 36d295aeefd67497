#if canImport(Glibc)
import Glibc
#endif

/// A pthread mutex with a condition on it, for libjq's thread and the loop's where one waits
/// for the other (a chunk of the body, room for results): `Synchronization.Mutex` has no
/// condition to wait on.
final class ThreadGate: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// `body`, with the mutex held.
    @inline(__always)
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Within `locked`: waits for `signal` or `broadcast`, the mutex let go meanwhile.
    @inline(__always)
    func wait() { pthread_cond_wait(changed, mutex) }

    /// Within `locked`: wakes one waiter.
    @inline(__always)
    func signal() { pthread_cond_signal(changed) }

    /// Within `locked`: wakes every waiter.
    @inline(__always)
    func broadcast() { pthread_cond_broadcast(changed) }
}

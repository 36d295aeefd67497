internal import CGLib

/// One attached GSource: a timer, an idle callback or a signal watch.
///
/// Dropping the handle does not stop the source; `cancel()` does. Cancelling twice, or after
/// a one-shot source has fired, is harmless because the handle keeps its own reference.
public final class LoopSource {
    private let source: UnsafeMutablePointer<GSource>

    init(adopting source: UnsafeMutablePointer<GSource>) { self.source = source }

    deinit { g_source_unref(source) }

    /// Stops the source; its callback will not run again.
    public func cancel() { g_source_destroy(source) }

    /// Makes the source fire next `delay` from now rather than when it was due: a repeating
    /// timer then goes on at its interval from there. Harmless on a source that has ended.
    public func postpone(by delay: Duration) {
        g_source_set_ready_time(source, g_get_monotonic_time() + Int(delay.wholeMilliseconds) * 1000)
    }

    /// Makes a ready-time source (`EventLoop.readyTimeSource`) fire at `instant`, or at no
    /// time for nil. Rounded up to GLib's microseconds: never before `instant`.
    func setReadyTime(_ instant: ContinuousClock.Instant?) {
        guard let instant else { return g_source_set_ready_time(source, -1) }
        let (seconds, attoseconds) = max(instant - .now, .zero).components
        let microseconds = Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000) + 1
        g_source_set_ready_time(source, g_get_monotonic_time() + microseconds)
    }

    /// Whether the source has ended, by firing once or by `cancel()`.
    public var isCancelled: Bool { g_source_is_destroyed(source) != 0 }
}

internal import CGLib

/// Lets a long render notice a signal that must end or interrupt the run.
///
/// While a render holds the loop, the loop cannot dispatch the signal's handler. GLib marks
/// every source that watches a signal when it arrives, so the probe watches the same signals
/// on a private `GMainContext` of its own, which a render polls between items without
/// dispatching anything else. The render then stops and returns to the loop, where the run's
/// own handler acts on the signal as it always does.
///
/// Loop-confined: it is created, polled and closed on the thread that runs the loop.
public final class InterruptProbe: @unchecked Sendable {
    // @unchecked: RenderContext is Sendable and carries the probe, but renders only ever run
    // on the loop's thread, the one that polls the probe.
    private let context: OpaquePointer
    private var sources: [UnsafeMutablePointer<GSource>] = []
    private let flag = Flag()
    private var lastPoll = ContinuousClock.now

    /// Watches `signals` (of those GLib supports: SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2,
    /// SIGWINCH).
    public init(signals: [Int32]) {
        context = g_main_context_new()
        for signal in signals {
            guard let source = g_unix_signal_source_new(signal) else { preconditionFailure("GLib returned no source") }
            // One retain for C, released exactly once by the destroy notify.
            let box = Unmanaged.passRetained(flag).toOpaque()
            g_source_set_callback(source, { data in
                Unmanaged<Flag>.fromOpaque(data!).takeUnretainedValue().raised = true
                return 1
            }, box, { data in
                Unmanaged<Flag>.fromOpaque(data!).release()
            })
            g_source_attach(source, context)
            sources.append(source)
        }
    }

    deinit {
        close()
        g_main_context_unref(context)
    }

    /// Whether a watched signal has arrived since the last `lower()`. Cheap enough to ask for
    /// every item: it looks at its context at most once a millisecond.
    public func check() -> Bool {
        if flag.raised { return true }
        let now = ContinuousClock.now
        guard now - lastPoll >= .milliseconds(1) else { return false }
        lastPoll = now
        drain()
        return flag.raised
    }

    /// Whether a signal was seen by the last `check()`, without looking again.
    public var isRaised: Bool { flag.raised }

    /// The run's handler has taken the signal: forget it, and any that the probe has not yet
    /// looked at, which are the same deliveries.
    public func lower() {
        drain()
        flag.raised = false
    }

    /// Stops watching. GLib restores a signal's default disposition when its last watch goes,
    /// so a run that hands signals back closes its probe along with its other watches.
    public func close() {
        for source in sources {
            g_source_destroy(source)
            g_source_unref(source)
        }
        sources = []
        flag.raised = false
    }

    private func drain() {
        while g_main_context_iteration(context, 0) != 0 {}
    }

    private final class Flag {
        var raised = false
    }
}

extension InterruptProbe: Equatable {
    public static func == (lhs: InterruptProbe, rhs: InterruptProbe) -> Bool { lhs === rhs }
}

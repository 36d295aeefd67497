internal import CGLib

/// Stops an `EventLoop` from any thread; `g_main_loop_quit` is thread-safe.
///
/// A stop that arrives before `run()` has started is lost, as with GLib itself: signal
/// readiness from inside the running loop (`schedule { … }`) before handing the stopper out.
public struct LoopStopper: @unchecked Sendable {
    // @unchecked: only the thread-safe g_main_loop_quit is ever called through it, and the
    // reference taken here keeps the GMainLoop alive as long as any copy of the handle.
    private let handle: Handle

    init(loop: OpaquePointer) { handle = Handle(g_main_loop_ref(loop)) }

    /// Asks the loop to return from `run()`.
    public func stop() { g_main_loop_quit(handle.loop) }

    private final class Handle {
        let loop: OpaquePointer
        init(_ loop: OpaquePointer) { self.loop = loop }
        deinit { g_main_loop_unref(loop) }
    }
}

/// Wakes an `EventLoop` blocked in an iteration, from any thread: `g_main_context_wakeup` is
/// thread-safe, and the reference taken here keeps the context alive.
public struct LoopWaker: @unchecked Sendable {
    private let handle: Handle

    init(context: OpaquePointer) { handle = Handle(g_main_context_ref(context)) }

    public func wake() { g_main_context_wakeup(handle.context) }

    private final class Handle {
        let context: OpaquePointer
        init(_ context: OpaquePointer) { self.context = context }
        deinit { g_main_context_unref(context) }
    }
}

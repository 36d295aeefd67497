internal import CGLib

/// A GLib main loop on one `GMainContext`, owned by the thread that created it.
///
/// Every GLib and libsoup call in loadrun happens on this thread. The loop acquires its
/// context for its whole lifetime, so `assertOnLoop()` holds from creation on, not only
/// while `run()` is blocking.
public final class EventLoop {
    let context: OpaquePointer
    private let loop: OpaquePointer
    private let pushedThreadDefault: Bool

    /// The loop on the process's default main context.
    public convenience init() {
        self.init(context: g_main_context_ref(g_main_context_default()), pushThreadDefault: false)
    }

    /// A loop on a fresh context that becomes this thread's default, for work on its own
    /// thread (a test server, say). libsoup attaches its sources to the thread-default context.
    public static func makeThreadDefault() -> EventLoop {
        EventLoop(context: g_main_context_new(), pushThreadDefault: true)
    }

    private init(context: OpaquePointer, pushThreadDefault: Bool) {
        self.context = context
        self.pushedThreadDefault = pushThreadDefault
        if pushThreadDefault { g_main_context_push_thread_default(context) }
        precondition(g_main_context_acquire(context) != 0, "another thread owns this GMainContext")
        self.loop = g_main_loop_new(context, 0)
        // The process's loop is this thread's; a test server's loop on a thread of its own too.
        // Unretained: a loop is confined to the thread that made it (`assertOnLoop`), so its
        // deinit runs there and clears this slot before the object goes; `current` is read
        // only on that thread, while its owner (the session, a test server's thread) holds it.
        if pthread_getspecific(Self.currentKey) == nil { pthread_setspecific(Self.currentKey, Unmanaged.passUnretained(self).toOpaque()) }
    }

    deinit {
        // Its source goes while the context is still there.
        madeDeadlines = nil
        if pthread_getspecific(Self.currentKey) == Unmanaged.passUnretained(self).toOpaque() { pthread_setspecific(Self.currentKey, nil) }
        g_main_loop_unref(loop)
        g_main_context_release(context)
        if pushedThreadDefault { g_main_context_pop_thread_default(context) }
        g_main_context_unref(context)
    }

    /// Runs until `quit()`.
    public func run() {
        assertOnLoop()
        g_main_loop_run(loop)
    }

    /// Makes `run()` return once the current dispatch finishes.
    public func quit() {
        g_main_loop_quit(loop)
    }

    /// Runs one iteration without blocking; returns whether anything was dispatched.
    @discardableResult
    public func iterate(blocking: Bool = false) -> Bool {
        assertOnLoop()
        return g_main_context_iteration(context, blocking ? 1 : 0) != 0
    }

    /// A handle that other threads may use to stop this loop.
    public func makeStopper() -> LoopStopper {
        LoopStopper(loop: loop)
    }

    /// A handle that other threads may use to wake this loop from a blocking iteration.
    public func makeWaker() -> LoopWaker {
        LoopWaker(context: context)
    }

    /// What ends the waits of `OffLoop.run` now, innermost last.
    var offLoopCancellations: [OffLoop.Cancellation] = []

    /// Whether `run()` is running and has not been asked to stop.
    public var isRunning: Bool { g_main_loop_is_running(loop) != 0 }

    /// The loop this thread owns, if any: work deep in a plugin (`OffLoop`) turns it while it
    /// waits. Unretained: the loop clears it when it goes.
    public static var current: EventLoop? {
        pthread_getspecific(currentKey).map { Unmanaged<EventLoop>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The thread-specific slot of `current`.
    private static let currentKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Traps in debug builds when called off the thread that owns this loop.
    public func assertOnLoop(file: StaticString = #fileID, line: UInt = #line) {
        assert(g_main_context_is_owner(context) != 0, "called off the loop's thread", file: file, line: line)
    }

    // MARK: Sources

    /// Calls `body` once after `delay`. Intervals use GLib's monotonic clock at millisecond
    /// resolution (`g_timeout_source_new`, never the batching `_seconds` variant).
    @discardableResult
    public func schedule(after delay: Duration, _ body: @escaping () -> Void) -> LoopSource {
        attach(g_timeout_source_new(Self.milliseconds(delay))) { body(); return false }
    }

    /// Deadlines of any number, behind one source: see `LoopDeadlines`.
    public var deadlines: LoopDeadlines {
        if let made = madeDeadlines { return made }
        let made = LoopDeadlines(loop: self)
        madeDeadlines = made
        return made
    }

    private var madeDeadlines: LoopDeadlines?

    /// A source that calls `body` when the time given to its `setReadyTime` comes, and then
    /// not again until given another.
    func readyTimeSource(_ body: @escaping () -> Void) -> LoopSource {
        attach(lr_ready_time_source_new()) { body(); return true }
    }

    /// Calls `body` every `interval` until it returns `false` or the source is cancelled.
    @discardableResult
    public func repeating(every interval: Duration, _ body: @escaping () -> Bool) -> LoopSource {
        attach(g_timeout_source_new(Self.milliseconds(interval)), body)
    }

    /// Calls `body` once, on a later iteration of the loop: when nothing more urgent is ready,
    /// or, `urgently`, before any I/O that is ready (a flood of frames on a socket, say, which
    /// would hold off an idle callback for ever).
    @discardableResult
    public func schedule(urgently: Bool = false, _ body: @escaping () -> Void) -> LoopSource {
        let source = g_idle_source_new()
        if urgently { g_source_set_priority(source, G_PRIORITY_HIGH) }
        return attach(source) { body(); return false }
    }

    /// Calls `body` on the loop each time `signal` arrives (`g_unix_signal_source_new`): never
    /// in a raw signal handler. GLib supports SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2, SIGWINCH.
    /// A signal goes before any other work that is ready: a loop saturated by sockets and timers
    /// still hears it on its next iteration.
    @discardableResult
    public func onSignal(_ signal: Int32, _ body: @escaping () -> Void) -> LoopSource {
        let source = g_unix_signal_source_new(signal)
        g_source_set_priority(source, G_PRIORITY_HIGH)
        return attach(source) { body(); return true }
    }

    /// Calls `body` on the loop whenever `fd` has input (or hit end of file or an error), until
    /// it returns `false` or the source is cancelled: a `g_unix_fd_source_new` watch.
    /// `background`: only when nothing else is ready (`G_PRIORITY_LOW`), for input that may
    /// never stop coming (a child's output) and must not hold off loads and timers.
    @discardableResult
    public func onReadable(_ fd: Int32, background: Bool = false, _ body: @escaping () -> Bool) -> LoopSource {
        let source = g_unix_fd_source_new(fd, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue))
        if background { g_source_set_priority(source, G_PRIORITY_LOW) }
        return attach(source, callbackType: .fileDescriptor, body)
    }

    /// Calls `body` on the loop once `fd` reports an error or a hang-up: for the write end of a
    /// pipe, that its reader has gone, even when nothing is being written.
    @discardableResult
    public func onHangUp(_ fd: Int32, _ body: @escaping () -> Void) -> LoopSource {
        attach(g_unix_fd_source_new(fd, GIOCondition(G_IO_HUP.rawValue | G_IO_ERR.rawValue)), callbackType: .fileDescriptor) {
            body()
            return false
        }
    }

    /// Calls `body` on the loop whenever `fd` can take a write (or reports an error or a
    /// hang-up, which the write then meets), until it returns `false` or the source is cancelled.
    @discardableResult
    public func onWritable(_ fd: Int32, _ body: @escaping () -> Bool) -> LoopSource {
        attach(g_unix_fd_source_new(fd, GIOCondition(G_IO_OUT.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)),
               callbackType: .fileDescriptor, body)
    }

    /// Calls `body` once with the wait status of child `pid` when it exits, and reaps it
    /// (`g_child_watch_source_new`; spawned with `G_SPAWN_DO_NOT_REAP_CHILD`). Cancelled
    /// first, the child is left unreaped: a zombie until loadrun itself exits.
    @discardableResult
    public func onChildExit(_ pid: Int32, _ body: @escaping (Int32) -> Void) -> LoopSource {
        let box = StatusBox()
        return attach(g_child_watch_source_new(pid), callbackType: .childWatch(box)) {
            body(box.status)
            return false
        }
    }

    private enum CallbackType {
        case plain, fileDescriptor
        /// A child watch hands its callback the wait status, which goes to `box` first.
        case childWatch(StatusBox)
    }

    private func attach(_ source: UnsafeMutablePointer<GSource>?, callbackType: CallbackType = .plain,
                        _ body: @escaping () -> Bool) -> LoopSource {
        assertOnLoop()
        guard let source else { preconditionFailure("GLib returned no source") }
        // One retain for C, released exactly once by the destroy notify when the source ends.
        let callback = SourceCallback(body)
        if case .childWatch(let box) = callbackType { callback.status = box }
        let box = Unmanaged.passRetained(callback).toOpaque()
        let plain: GSourceFunc = { data in
            let callback = Unmanaged<SourceCallback>.fromOpaque(data!).takeUnretainedValue()
            return callback.body() ? 1 : 0
        }
        let fileDescriptor: GUnixFDSourceFunc = { _, _, data in
            let callback = Unmanaged<SourceCallback>.fromOpaque(data!).takeUnretainedValue()
            return callback.body() ? 1 : 0
        }
        let childWatch: GChildWatchFunc = { _, status, data in
            let callback = Unmanaged<SourceCallback>.fromOpaque(data!).takeUnretainedValue()
            callback.status?.status = status
            _ = callback.body()
        }
        // An fd source calls a GUnixFDSourceFunc through the GSourceFunc slot, as GLib's own
        // g_unix_fd_add_full does with a cast, and a child watch its GChildWatchFunc; Swift
        // needs the casts spelled out.
        let function: GSourceFunc = switch callbackType {
        case .plain: plain
        case .fileDescriptor: unsafeBitCast(fileDescriptor, to: GSourceFunc.self)
        case .childWatch: unsafeBitCast(childWatch, to: GSourceFunc.self)
        }
        g_source_set_callback(source, function, box, { data in
            Unmanaged<SourceCallback>.fromOpaque(data!).release()
        })
        g_source_attach(source, context)
        return LoopSource(adopting: source)
    }

    private static func milliseconds(_ duration: Duration) -> guint {
        guint(clamping: max(0, duration.wholeMilliseconds))
    }
}

/// The Swift closure behind one GSource.
private final class SourceCallback {
    let body: () -> Bool
    /// Where a child watch puts the wait status before `body` runs.
    var status: StatusBox?
    init(_ body: @escaping () -> Bool) { self.body = body }
}

/// A child's wait status, on its way from GLib's callback to the Swift closure.
private final class StatusBox {
    var status: Int32 = 0
}

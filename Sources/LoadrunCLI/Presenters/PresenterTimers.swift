import Loader

/// A presenter's own timers (a spinner's frames, a frame drawn soon, the skeleton's delay),
/// on the run's loop: all a presenter may do with it. Each returns the timer, to cancel.
struct PresenterTimers {
    private let loop: EventLoop

    init(loop: EventLoop) { self.loop = loop }

    /// `body` once, after what is ready now has been handled.
    @discardableResult
    func soon(_ body: @escaping () -> Void) -> LoopSource { loop.schedule(body) }

    /// `body` once, after `delay`.
    @discardableResult
    func after(_ delay: Duration, _ body: @escaping () -> Void) -> LoopSource { loop.schedule(after: delay, body) }

    /// `body` every `interval`, until it returns false or the timer is cancelled.
    @discardableResult
    func every(_ interval: Duration, _ body: @escaping () -> Bool) -> LoopSource { loop.repeating(every: interval, body) }
}

/// A live body's deadline (see `BodyTap.isLive`): not the whole response's, but the longest
/// wait for the next chunk, which a keep-alive resets; and not counted while the reading waits
/// for a slow reader of what the stream printed, whose time is its own.
extension HTTPFetch {
    /// The deadline, anew: the longest wait for the next chunk.
    func restartIdleDeadline() {
        let deadlines = client.loop.deadlines
        if let deadlineTimer { deadlines.cancel(deadlineTimer) }
        deadlineTimer = deadlines.schedule(after: options.deadline) { [weak self] in
            guard let self else { return }
            stop(.idle(options.deadline))
        }
    }

    /// What the body's reader tells as it waits for its tap (true) and goes on (false): the
    /// deadline stops, and starts anew.
    func idleDeadlineWaits() -> (Bool) -> Void {
        { [weak self] waiting in
            guard let self else { return }
            if !waiting { return restartIdleDeadline() }
            if let deadlineTimer { client.loop.deadlines.cancel(deadlineTimer) }
            deadlineTimer = nil
        }
    }
}

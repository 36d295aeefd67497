import Screen

/// Where a full screen gets the status lines of each frame it draws: the session builds the
/// board from its sources, their schedule and the pause, as of the frame's time. It is all a
/// presenter may ask of the session; it is told of every change by calls that carry values.
protocol StatusBoards: AnyObject {
    /// The status lines the next frame shows, as of `now`, for the sources at `indices` (a run
    /// may have 10,000), or for the open detail's sources.
    func statusBoard(now: ContinuousClock.Instant, showing indices: Range<Int>) -> StatusBoard
}

extension LoadSession: StatusBoards {}

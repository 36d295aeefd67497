/// What a key asks the session to do.
enum Intent {
    case quit
    /// Reload now, or retry now when a retry is waiting; the interval starts again.
    case reload(SessionSource)
    /// One more page now, and on every reload from now on.
    case loadMore(SessionSource)
    /// Open the detail of the item of the source's list that has these fields, as a source
    /// of its own.
    case open(SessionSource, fields: [String: String])
    /// Leave the detail on top, cancelling what of it still loads.
    case back
    /// Open `url`, a link of a page, as a detail of the source.
    case openLink(SessionSource, url: String)
    /// The selection rests on the item with these fields: load its detail at low priority, in case.
    case prefetch(SessionSource, fields: [String: String])
    /// The selection moved on: a prefetch not yet finished is cancelled.
    case cancelPrefetch
    /// Pause a watch's reloads, or resume them.
    case togglePause
    /// Call the presenter's `woke()` after this long (a selection resting before its
    /// prefetch), replacing a wake-up already asked for.
    case wake(after: Duration)
    /// The wake-up asked for is not wanted any more.
    case cancelWake
}
